package train

import (
	"bytes"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"kibitz/engine/board"
	"kibitz/engine/netinput"
	"kibitz/engine/search"
	"kibitz/nnue"
	"kibitz/train/corpus"
)

// randomPositions walks random games and returns the positions met.
func randomPositions(n int, seed uint64) []*board.Position {
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []*board.Position
	for len(out) < n {
		p := board.NewPosition()
		for i := 0; i < 80 && len(out) < n; i++ {
			var l board.MoveList
			p.GenerateMoves(&l, board.GenAll)
			if l.N == 0 {
				break
			}
			p.MakeMove(l.Moves[rng.IntN(l.N)])
			out = append(out, p.Clone())
		}
	}
	return out
}

func TestRecordRoundTrip(t *testing.T) {
	for i, p := range randomPositions(500, 1) {
		r := Encode(p, -123, 1, uint32(i))
		var s Sample
		if err := r.Decode(&s); err != nil {
			t.Fatal(err)
		}
		if s.Score != -123 || s.Result != 1 || s.STM != p.SideToMove() || s.Game != uint32(i) || int(s.N) != p.Occupied().Count() {
			t.Fatalf("decoded %+v", s)
		}
		q, err := r.Position()
		if err != nil {
			t.Fatal(err)
		}
		// The rebuilt position has the same pieces and side (castling and
		// en passant are not stored).
		if strings.Fields(q.FEN())[0] != strings.Fields(p.FEN())[0] || q.SideToMove() != p.SideToMove() {
			t.Fatalf("%s rebuilt as %s", p.FEN(), q.FEN())
		}
		// Features are the engine's own.
		for _, c := range []board.Color{board.White, board.Black} {
			var want []uint16
			for occ := p.Occupied(); occ != 0; {
				sq := occ.PopFirst()
				want = append(want, uint16(netinput.Feature(c, p.PieceAt(sq), sq)))
			}
			if !slices.Equal(want, s.Features[c][:s.N]) {
				t.Fatal("features differ from nnue.FeatureIndex")
			}
		}
	}
	var bad Record
	bad[26] = 7
	if err := bad.Decode(&Sample{}); err == nil {
		t.Error("a corrupt record decoded")
	}
	if _, err := ReadAll(bytes.NewReader(make([]byte, 33))); err == nil {
		t.Error("a truncated file was accepted")
	}
}

// TestTrainingLearnsMaterial: labels from material alone; a few epochs
// must bring the validation loss well below the untrained model's, and the
// quantised net must agree with the float model.
func TestTrainingLearnsMaterial(t *testing.T) {
	files := []string{materialCorpus(t, 150, 2)}
	all := Filter{KeepInCheck: true, KeepNoisy: true}
	samples, err := LoadCorpus(files, corpus.Selection{}, all, 0)
	if err != nil || len(samples) < 5000 {
		t.Fatalf("%d samples: %v", len(samples), err)
	}
	cfg := DefaultConfig()
	cfg.Hidden, cfg.Epochs, cfg.BatchSize, cfg.Lambda, cfg.LR, cfg.ValidPercent = 64, 12, 256, 0, 0.003, 10
	cfg.Checkpoint = filepath.Join(t.TempDir(), "ck.gob")
	tr, va := Split(samples, cfg.ValidPercent)
	before := Loss(NewModel(cfg.Hidden, cfg.Buckets, cfg.Seed), va, cfg, 2)
	m, curve, err := Train(tr, va, cfg)
	if err != nil {
		t.Fatal(err)
	}
	after := curve[len(curve)-1].ValidLoss
	if !(after < before/2) {
		t.Errorf("validation loss %.5f → %.5f: not learning", before, after)
	}
	report, err := CheckQuantisation(m, m.Quantise(), files, corpus.Selection{}, all, cfg.ValidPercent, 1)
	if err != nil || report.Positions < 100 || report.Mean > 10 || report.Max < report.P99 || report.P99 < report.Mean/4 {
		t.Fatalf("%v: %v", report, err)
	}
	// A net whose output is shifted by 50 cp is refused.
	shifted := m.Quantise()
	shifted.OutBias[0] += int32(50 * nnue.QA * int64(shifted.QB) / nnue.Scale)
	if _, err := CheckQuantisation(m, shifted, files, corpus.Selection{}, all, cfg.ValidPercent, 1); err == nil {
		t.Error("a net 50 cp off the model was accepted")
	}
	// Resuming a finished run from its checkpoint trains no further epoch
	// and returns the same model.
	m2, curve2, err := Train(tr, va, cfg)
	if err != nil || len(curve2) != len(curve) || !slices.Equal(m2.FTW, m.FTW) {
		t.Errorf("resume: %v, %d epochs", err, len(curve2))
	}
	if _, err := os.Stat(cfg.Checkpoint); err != nil {
		t.Error(err)
	}
	var csv, svg bytes.Buffer
	if WriteCSV(&csv, curve) != nil || WriteSVG(&svg, curve, "t") != nil || !strings.Contains(svg.String(), "<polyline") ||
		strings.Count(csv.String(), "\n") != len(curve)+1 || math.IsNaN(after) {
		t.Error("curve output")
	}
}

// materialCorpus writes a corpus of random games whose every position is
// scored by material alone (White's view) and returns its path.
func materialCorpus(t *testing.T, games int, seed uint64) string {
	t.Helper()
	values := [6]int{100, 300, 300, 500, 900, 0}
	rng := rand.New(rand.NewPCG(seed, 3))
	all := make([]corpus.Game, games)
	for i := range all {
		g := &all[i]
		*g = corpus.Game{Index: uint64(i), Result: 0.5}
		p := board.NewPosition()
		for ply := 0; ply < 80; ply++ {
			var l board.MoveList
			p.GenerateMoves(&l, board.GenAll)
			if l.N == 0 {
				break
			}
			score := 0
			for sq := board.Square(0); sq < 64; sq++ {
				if pc := p.PieceAt(sq); pc != board.NoPiece {
					v := values[pc.Type()]
					if pc.Color() == board.Black {
						v = -v
					}
					score += v
				}
			}
			m := l.Moves[rng.IntN(l.N)]
			g.Plies = append(g.Plies, corpus.Ply{Move: m, Score: score})
			p.MakeMove(m)
		}
	}
	return writeCorpus(t, "material", "test=material", all)
}

func TestMirroredSampleIsTheMirroredPosition(t *testing.T) {
	a, _ := board.ParseFEN("4k3/1p4q1/8/3N4/8/8/P4B2/1K6 b - - 0 30")
	b, _ := board.ParseFEN("3k4/1q4p1/8/4N3/8/8/2B4P/6K1 b - - 0 30") // files a↔h
	sa, sb := FromPosition(a, 120, 1, 7), FromPosition(b, 120, 1, 7)
	if !sa.Mirrorable || !sb.Mirrorable {
		t.Fatal("positions without castling rights are mirrorable")
	}
	m := sa.mirrored()
	for p := range 2 {
		got := slices.Sorted(slices.Values(m.Features[p][:m.N]))
		want := slices.Sorted(slices.Values(sb.Features[p][:sb.N]))
		if !slices.Equal(got, want) {
			t.Errorf("perspective %d: mirrored features %v, want %v", p, got, want)
		}
	}
	if m.Score != sa.Score || m.Result != sa.Result || m.STM != sa.STM {
		t.Error("mirroring changed the labels")
	}
	if s := FromPosition(board.NewPosition(), 0, 0.5, 1); s.Mirrorable {
		t.Error("a position with castling rights is mirrorable")
	}
}

// The schedule is set per optimiser step: a linear warm-up, then the
// decay down to LREnd at the very last step, whatever the number of
// epochs (a one-epoch run decays too).
func TestLearningRateSchedules(t *testing.T) {
	cos := Config{Schedule: "cosine", Warmup: 0.1, LREnd: 0.01}
	for _, c := range []struct {
		cfg         Config
		step, total int
		want        float64
	}{
		{cos, 0, 100, 0.1}, {cos, 4, 100, 0.5}, {cos, 9, 100, 1}, {cos, 10, 100, 1},
		{cos, 99, 100, 0.01}, {cos, 10 + 89/2, 100, 0.01 + 0.99*0.5*(1+math.Cos(math.Pi*float64(89/2)/89))},
		{Config{Schedule: "linear", LREnd: 0.02}, 0, 11, 1}, {Config{Schedule: "linear", LREnd: 0.02}, 5, 11, 0.51}, {Config{Schedule: "linear", LREnd: 0.02}, 10, 11, 0.02},
		{Config{Schedule: "step"}, 0, 101, 1}, {Config{Schedule: "step"}, 60, 101, 1}, {Config{Schedule: "step"}, 61, 101, 0.3}, {Config{Schedule: "step"}, 86, 101, 0.09},
		{Config{Schedule: "cosine", LREnd: 0.01}, 0, 1, 1},
	} {
		if got := LRFactor(c.cfg, c.step, c.total); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%+v step %d of %d: %g, want %g", c.cfg, c.step, c.total, got, c.want)
		}
	}
	// Over a whole run the rate rises through the warm-up, then never rises again.
	prev := 0.0
	for step := range 1000 {
		f := LRFactor(cos, step, 1000)
		if step < 100 && f <= prev || step > 100 && f > prev+1e-12 {
			t.Fatalf("step %d: %g after %g", step, f, prev)
		}
		prev = f
	}
}

// trainVariant trains a 64-hidden model on a material-labelled corpus with
// the variant's settings, checks that it learns (the validation loss ends
// below learnedBelow × the untrained model's) and that the engine's integer
// evaluation of the quantised net agrees with it, and returns both.
func trainVariant(t *testing.T, seed uint64, learnedBelow float64, variant func(*Config)) (*Model, *nnue.Net, []string, Config) {
	t.Helper()
	files := []string{materialCorpus(t, 150, seed)}
	all := Filter{KeepInCheck: true, KeepNoisy: true}
	samples, err := LoadCorpus(files, corpus.Selection{}, all, 0)
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.Hidden, cfg.Epochs, cfg.BatchSize, cfg.Lambda, cfg.LR, cfg.ValidPercent = 64, 12, 256, 0, 0.003, 10
	variant(&cfg)
	tr, va := Split(samples, cfg.ValidPercent)
	start := NewModel(cfg.Hidden, cfg.Buckets, cfg.Seed)
	start.Squared = cfg.Squared
	start.UseKingBuckets(cfg.KingBuckets)
	before := Loss(start, va, cfg, 2)
	m, curve, err := Train(tr, va, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if after := curve[len(curve)-1].ValidLoss; !(after < before*learnedBelow) {
		t.Errorf("validation loss %.5f → %.5f: not learning", before, after)
	}
	net := m.Quantise()
	report, err := CheckQuantisation(m, net, files, corpus.Selection{}, all, cfg.ValidPercent, 1)
	if err != nil || report.Mean > 10 {
		t.Fatalf("%v: %v", report, err)
	}
	t.Logf("quantisation: %v", report)
	return m, net, files, cfg
}

// TestBucketedTrainingMatchesTheEngine: a net with eight output buckets
// learns, quantises to what the engine computes, and nine are refused.
func TestBucketedTrainingMatchesTheEngine(t *testing.T) {
	// Each bucket's output layer sees only its share of the positions:
	// slower progress than one output's, but progress.
	_, net, _, cfg := trainVariant(t, 5, 0.75, func(c *Config) { c.Buckets = 8 })
	if net.Buckets != 8 {
		t.Fatalf("quantised net has %d buckets", net.Buckets)
	}
	cfg.Buckets = 9
	if _, _, err := Train(make([]Sample, cfg.BatchSize), nil, cfg); err == nil {
		t.Error("nine buckets accepted")
	}
}

// TestGradientMatchesFiniteDifferences: the backward pass is the derivative
// of the loss, for either activation — checked on one weight of every
// parameter kind against central differences (steps of 0.01).
func TestGradientMatchesFiniteDifferences(t *testing.T) {
	files := []string{materialCorpus(t, 4, 9)}
	all := Filter{KeepInCheck: true, KeepNoisy: true}
	samples, err := LoadCorpus(files, corpus.Selection{}, all, 0)
	if err != nil || len(samples) < 10 {
		t.Fatalf("%d samples: %v", len(samples), err)
	}
	cfg := DefaultConfig()
	cfg.Lambda = 0
	for _, c := range []struct {
		squared bool
		king    int
	}{{false, 1}, {true, 1}, {false, 4}} {
		squared := c.squared
		m := NewModel(64, 2, 3)
		m.Squared = squared
		m.UseKingBuckets(c.king)
		if c.king > 1 { // the buckets start at zero: give them weights of their own
			rng := rand.New(rand.NewPCG(5, 6))
			for i := range m.FTW {
				m.FTW[i] = (rng.Float32()*2 - 1) * 0.05
			}
		}
		s := &samples[7]
		lossOf := func() float64 {
			w := newGradWorker(m)
			w.backward(m, s, cfg)
			return w.loss
		}
		w := newGradWorker(m)
		w.backward(m, s, cfg)
		b, view := m.bucket(s), m.view(s, 0)
		feature := view.Input(int(s.Features[0][0]))
		// Every hidden unit's weight from one active feature (and its
		// shared column with king buckets), every feature bias, every
		// output weight of the bucket, its bias.
		type param struct{ kind, index int }
		var ps []param
		for j := range m.H {
			ps = append(ps, param{0, feature*m.H + j}, param{1, j}, param{2, b*2*m.H + j}, param{2, b*2*m.H + m.H + j})
			if c.king > 1 {
				ps = append(ps, param{4, (feature-view.Offset)*m.H + j})
			}
		}
		ps = append(ps, param{3, b})
		live := 0
		for _, q := range ps {
			p := m.params()[q.kind]
			old := p[q.index]
			const step = 1e-3
			p[q.index] = old + step
			up := lossOf()
			p[q.index] = old - step
			down := lossOf()
			p[q.index] = old
			numeric, analytic := (up-down)/(2*step), float64(w.g[q.kind][q.index])
			if math.Abs(numeric-analytic) > 1e-5+0.02*math.Abs(numeric) {
				t.Errorf("%+v, parameter kind %d index %d: gradient %.6g, finite differences %.6g", c, q.kind, q.index, analytic, numeric)
			}
			if math.Abs(numeric) > 1e-4 {
				live++
			}
		}
		if live < len(ps)/4 {
			t.Errorf("%+v: only %d of %d gradients are not negligible", c, live, len(ps))
		}
	}
}

// TestSquaredTrainingMatchesTheEngine: a model with the squared clipped
// ReLU learns, and the engine's integer evaluation of the quantised net
// (nnue.ActSCReLU) agrees with the float model; the same weights read with
// the clipped ReLU do not.
func TestSquaredTrainingMatchesTheEngine(t *testing.T) {
	m, net, files, cfg := trainVariant(t, 6, 0.5, func(c *Config) { c.Squared = true })
	if net.Activation != nnue.ActSCReLU {
		t.Fatalf("quantised net has activation %d", net.Activation)
	}
	plain := *net
	plain.Activation = nnue.ActCReLU
	all := Filter{KeepInCheck: true, KeepNoisy: true}
	if _, err := CheckQuantisation(m, &plain, files, corpus.Selection{}, all, cfg.ValidPercent, 1); err == nil {
		t.Error("the net under the clipped ReLU passed the squared model's check")
	}
}

// TestKingBucketedTrainingMatchesTheEngine: a model with king buckets
// learns, and the engine's incremental evaluation of the quantised net
// agrees with the float model — the trainer reads each position through
// the same king views as the engine. Three buckets are refused.
func TestKingBucketedTrainingMatchesTheEngine(t *testing.T) {
	_, net, _, cfg := trainVariant(t, 7, 0.5, func(c *Config) { c.KingBuckets = 4 })
	if net.KingBuckets != 4 {
		t.Fatalf("quantised net has %d king buckets", net.KingBuckets)
	}
	cfg.KingBuckets = 3
	if _, _, err := Train(make([]Sample, cfg.BatchSize), nil, cfg); err == nil {
		t.Error("three king buckets accepted")
	}
}

// TestLambdaSchedule: λ moves from Lambda to LambdaEnd in equal steps, and
// each epoch trains and validates against its own blend of result and score.
func TestLambdaSchedule(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Epochs, cfg.Lambda, cfg.LambdaEnd = 5, 1, 0
	for epoch, want := range map[int]float64{1: 1, 2: 0.75, 3: 0.5, 5: 0} {
		if got := lambdaAt(cfg, epoch); math.Abs(got-want) > 1e-12 {
			t.Errorf("epoch %d: λ %g, want %g", epoch, got, want)
		}
	}
	cfg.LambdaEnd = -1
	if got := lambdaAt(cfg, 5); got != 1 {
		t.Errorf("without a schedule λ is %g in the last epoch, want 1", got)
	}

	samples, err := LoadCorpus([]string{materialCorpus(t, 150, 7)}, corpus.Selection{}, Filter{KeepInCheck: true, KeepNoisy: true}, 0)
	if err != nil {
		t.Fatal(err)
	}
	cfg = DefaultConfig()
	cfg.Hidden, cfg.Epochs, cfg.BatchSize, cfg.LR, cfg.ValidPercent = 64, 4, 256, 0.003, 10
	cfg.Lambda, cfg.LambdaEnd = 1, 0
	tr, va := Split(samples, cfg.ValidPercent)
	var seen []float64
	cfg.Progress = func(s EpochStats) { seen = append(seen, s.ValidLoss) }
	m, curve, err := Train(tr, va, cfg)
	if err != nil {
		t.Fatal(err)
	}
	// Every game of the corpus is drawn: at λ 1 the target is 0.5 for
	// every position, at λ 0 the material score's win probability. The last
	// epoch must have validated against the λ 0 target.
	last := curve[len(curve)-1].ValidLoss
	atEnd, atStart := cfg, cfg
	atEnd.Lambda, atStart.Lambda = 0, 1
	if got := Loss(m, va, atEnd, 2); math.Abs(got-last) > 1e-9 {
		t.Errorf("last epoch's validation loss %g, the model's loss at λ 0 is %g", last, got)
	}
	if got := Loss(m, va, atStart, 2); math.Abs(got-last) < 1e-6 {
		t.Errorf("the λ 1 loss %g equals the last epoch's %g: the schedule did not reach validation", got, last)
	}
	if len(seen) != cfg.Epochs {
		t.Errorf("%d epochs reported, want %d", len(seen), cfg.Epochs)
	}
}

// TestFilterRules: each rule of the filter keeps or drops the positions it
// names, and nothing else.
func TestFilterRules(t *testing.T) {
	// Positions reached by moves from the start, as the corpus reader
	// replays them: Ply counts the moves played.
	at := func(moves ...string) *board.Position {
		p := board.NewPosition()
		for _, u := range moves {
			m, err := p.ParseMove(u)
			if err != nil {
				t.Fatal(err)
			}
			p.MakeMove(m)
		}
		return p
	}
	quiet := at("e2e4", "e7e5", "g1f3", "b8c6") // ply 4, White to move
	check := at("e2e4", "f7f6", "d1h5")         // Black in check
	move := func(p *board.Position, uci string) board.Move {
		m, err := p.ParseMove(uci)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	quietPly := corpus.Ply{Move: move(quiet, "f1c4"), Score: 30}
	capture := corpus.Ply{Move: move(quiet, "f3e5"), Score: 30}
	checkPly := corpus.Ply{Move: move(check, "g7g6"), Score: -40}
	big := corpus.Ply{Move: move(quiet, "f1c4"), Score: 600}
	mate := corpus.Ply{Move: move(quiet, "f1c4"), Score: search.Mate - 5}
	if !check.InCheck() || quiet.InCheck() || quiet.Ply() != 4 {
		t.Fatal("the test positions are not what they should be")
	}
	for _, c := range []struct {
		name string
		f    Filter
		pos  *board.Position
		ply  corpus.Ply
		want bool
	}{
		{"quiet, default", DefaultFilter, quiet, quietPly, true},
		{"capture, default", DefaultFilter, quiet, capture, false},
		{"capture, keep noisy", Filter{KeepNoisy: true}, quiet, capture, true},
		{"in check, default", DefaultFilter, check, checkPly, false},
		{"in check, keep check", Filter{KeepInCheck: true}, check, checkPly, true},
		{"mate score", Filter{KeepInCheck: true, KeepNoisy: true}, quiet, mate, false},
		{"ply 4, min ply 4", Filter{MinPly: 4}, quiet, quietPly, true},
		{"ply 4, min ply 5", Filter{MinPly: 5}, quiet, quietPly, false},
		{"ply 4, max ply 4", Filter{MaxPly: 4}, quiet, quietPly, false},
		{"ply 4, max ply 5", Filter{MaxPly: 5}, quiet, quietPly, true},
		{"600 cp, max score 500", Filter{MaxAbsScore: 500}, quiet, big, false},
		{"600 cp, max score 600", Filter{MaxAbsScore: 600}, quiet, big, true},
	} {
		if got := c.f.keep(c.pos, c.ply); got != c.want {
			t.Errorf("%s: keep %v, want %v", c.name, got, c.want)
		}
	}
}
