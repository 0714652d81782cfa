package train

import (
	"bytes"
	"testing"

	"kibitz/nnue"
	"kibitz/train/corpus"
)

// A net read back as a float model quantises to the same net, byte for
// byte: training that starts from it starts exactly where it stands.
func TestFromNetRoundTrips(t *testing.T) {
	def, err := nnue.Default()
	if err != nil {
		t.Fatal(err)
	}
	if got := FromNet(def).Quantise(); !bytes.Equal(got.Bytes(), def.Bytes()) {
		t.Error("the default net, dequantised and quantised again, differs")
	}
	// A model with king buckets and the squared activation, through a net.
	m := NewModel(64, 1, 3)
	m.Squared = true
	m.UseKingBuckets(4)
	for i := range m.FTW {
		m.FTW[i] = float32(i%17-8) / 100
	}
	n := m.Quantise()
	if back := FromNet(n).Quantise(); !bytes.Equal(back.Bytes(), n.Bytes()) {
		t.Error("a king-bucketed, squared net does not round-trip")
	}
}

// Training from a net starts at that net's loss, and a net of another
// shape is refused.
func TestTrainingStartsFromANet(t *testing.T) {
	files := []string{materialCorpus(t, 60, 5)}
	samples, err := LoadCorpus(files, corpus.Selection{}, Filter{KeepInCheck: true, KeepNoisy: true}, 0)
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.Hidden, cfg.Epochs, cfg.BatchSize, cfg.Lambda, cfg.LR, cfg.ValidPercent = 64, 6, 256, 0, 0.003, 10
	tr, va := Split(samples, cfg.ValidPercent)
	trained, _, err := Train(tr, va, cfg)
	if err != nil {
		t.Fatal(err)
	}
	start := FromNet(trained.Quantise())
	cfg.Epochs, cfg.LR, cfg.Init = 1, 1e-9, start
	_, curve, err := Train(tr, va, cfg)
	if err != nil {
		t.Fatal(err)
	}
	netLoss := Loss(start, va, cfg, 2)
	if curve[0].ValidLoss < netLoss*0.999 || curve[0].ValidLoss > netLoss*1.001 {
		t.Errorf("one epoch at a tiny step from the net: validation %.6f, the net's %.6f", curve[0].ValidLoss, netLoss)
	}
	// With king buckets the net's weights become the shared factor (the
	// buckets read mirrored boards, so this is where a mirrored training
	// of the net helps), trained in a copy.
	cfg.KingBuckets = 2
	again, _, err := Train(tr, va, cfg)
	if err != nil || again.K != 2 || start.K != 1 || &again.FTF[0] == &start.FTW[0] {
		t.Errorf("king buckets: %v, %d (start %d), or the start's weights trained in place", err, again.K, start.K)
	}
	// A wider model starts where the net stands too (Widen), and a
	// narrower one is refused.
	cfg.Hidden, cfg.KingBuckets = 128, 1
	wide, curve, err := Train(tr, va, cfg)
	if err != nil || wide.H != 128 {
		t.Fatalf("a 64-hidden net starting a 128-hidden model: %v", err)
	}
	if curve[0].ValidLoss < netLoss*0.999 || curve[0].ValidLoss > netLoss*1.001 {
		t.Errorf("one epoch of the widened model at a tiny step: validation %.6f, the net's %.6f", curve[0].ValidLoss, netLoss)
	}
	cfg.Init, cfg.Hidden = wide, 64
	if _, _, err := Train(tr, va, cfg); err == nil {
		t.Error("a 128-hidden net started a 64-hidden model")
	}
}

// A widened model evaluates every position as the model it grew from, with
// and without king buckets, and its new neurons learn: one step of training
// moves their output weights away from zero.
func TestWidenKeepsTheEvaluation(t *testing.T) {
	samples, err := LoadCorpus([]string{materialCorpus(t, 20, 9)}, corpus.Selection{}, Filter{KeepInCheck: true, KeepNoisy: true}, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []int{1, 2} {
		m := NewModel(64, 2, 5)
		m.UseKingBuckets(k)
		for i := range m.FTW {
			m.FTW[i] = float32(i%13-6) / 200
		}
		wide := m.clone()
		wide.Widen(192, 6)
		if wide.H != 192 || len(wide.FTB) != 192 || len(wide.OW) != 2*2*192 || len(wide.FTW) != max(k, 1)*nnue.Inputs*192 {
			t.Fatalf("k=%d: widened to H %d with %d biases, %d output and %d feature weights", k, wide.H, len(wide.FTB), len(wide.OW), len(wide.FTW))
		}
		for i := range samples {
			if a, b := m.Eval(&samples[i]), wide.Eval(&samples[i]); a != b {
				t.Fatalf("k=%d, sample %d: %v before widening, %v after", k, i, a, b)
			}
		}
		cfg := DefaultConfig()
		cfg.Hidden, cfg.Buckets, cfg.KingBuckets, cfg.Epochs, cfg.BatchSize, cfg.Init = 192, 2, max(k, 1), 1, 64, m
		trained, _, err := Train(samples, samples[:64], cfg)
		if err != nil {
			t.Fatal(err)
		}
		moved := 0
		for j := 64; j < 192; j++ {
			if trained.OW[j] != 0 {
				moved++
			}
		}
		if moved == 0 {
			t.Errorf("k=%d: no new neuron's output weight moved in training", k)
		}
	}
}

// A king-bucketed model split into a finer layout evaluates every position
// as before, whichever of the old buckets each king square fell in; a
// coarser layout is refused, and training grows a 2-bucket net into 4.
func TestSplitKingBucketsKeepsTheEvaluation(t *testing.T) {
	samples, err := LoadCorpus([]string{materialCorpus(t, 40, 11)}, corpus.Selection{}, Filter{KeepInCheck: true, KeepNoisy: true}, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, split := range [][2]int{{2, 4}, {2, 8}, {4, 8}} {
		m := NewModel(64, 2, 5)
		m.UseKingBuckets(split[0])
		for i := range m.FTW { // every bucket its own weights, so a wrong copy shows
			m.FTW[i] = float32(i%29-14) / 150
		}
		fine := m.clone()
		if err := fine.SplitKingBuckets(split[1]); err != nil {
			t.Fatal(err)
		}
		if fine.K != split[1] || len(fine.FTW) != split[1]*nnue.Inputs*64 {
			t.Fatalf("%v: split into %d buckets with %d feature weights", split, fine.K, len(fine.FTW))
		}
		views := map[int]bool{}
		for i := range samples {
			views[fine.view(&samples[i], 0).Offset] = true
			if a, b := m.Eval(&samples[i]), fine.Eval(&samples[i]); a != b {
				t.Fatalf("%v, sample %d: %v before the split, %v after", split, i, a, b)
			}
		}
		if len(views) < 3 {
			t.Fatalf("%v: the samples' kings stand in only %d of the fine buckets", split, len(views))
		}
		if err := fine.SplitKingBuckets(split[0]); err == nil {
			t.Errorf("%v: a split back into %d buckets accepted", split, split[0])
		}
	}
	cfg := DefaultConfig()
	cfg.Hidden, cfg.Buckets, cfg.KingBuckets, cfg.Epochs, cfg.BatchSize, cfg.LR = 64, 2, 2, 1, 64, 1e-9
	tr, va := Split(samples, 10)
	grown := growFromTrainedParent(t, tr, va, cfg, func(c *Config) { c.KingBuckets = 4 })
	if grown.K != 4 {
		t.Fatalf("a 2-bucket net grown into %d king buckets, not 4", grown.K)
	}
	cfg.KingBuckets, cfg.Init = 2, FromNet(grown.Quantise())
	if _, _, err := Train(tr, va, cfg); err == nil {
		t.Error("a 4-bucket net started a 2-bucket model")
	}
}

// TestSplitOutputBucketsKeepsTheEvaluation: a one-output model split into
// output buckets evaluates every position as before, whatever its material,
// and a one-output net starts a bucketed training run from where it stands.
func TestSplitOutputBucketsKeepsTheEvaluation(t *testing.T) {
	samples, err := LoadCorpus([]string{materialCorpus(t, 40, 12)}, corpus.Selection{}, Filter{KeepInCheck: true, KeepNoisy: true}, 0)
	if err != nil {
		t.Fatal(err)
	}
	m := NewModel(64, 1, 7)
	m.UseKingBuckets(4)
	for i := range m.OW { // weights of both signs and sizes, so a wrong copy shows
		m.OW[i] = float32(i%17-8) / 40
	}
	m.OB[0] = 0.3
	split := m.clone()
	if err := split.SplitOutputBuckets(8); err != nil {
		t.Fatal(err)
	}
	if split.B != 8 || len(split.OW) != 8*2*64 || len(split.OB) != 8 {
		t.Fatalf("split into %d buckets with %d output weights and %d biases", split.B, len(split.OW), len(split.OB))
	}
	buckets := map[int]bool{}
	for i := range samples {
		buckets[split.bucket(&samples[i])] = true
		if a, b := m.Eval(&samples[i]), split.Eval(&samples[i]); a != b {
			t.Fatalf("sample %d: %v before the split, %v after", i, a, b)
		}
	}
	if len(buckets) < 3 {
		t.Fatalf("the samples fall in only %d of the 8 output buckets", len(buckets))
	}
	if err := split.SplitOutputBuckets(4); err == nil {
		t.Error("an 8-bucket model split into 4 accepted")
	}
	cfg := DefaultConfig()
	cfg.Hidden, cfg.KingBuckets, cfg.Epochs, cfg.BatchSize, cfg.LR = 64, 4, 1, 64, 1e-9
	tr, va := Split(samples, 10)
	if grown := growFromTrainedParent(t, tr, va, cfg, func(c *Config) { c.Buckets = 8 }); grown.B != 8 {
		t.Fatalf("a one-output net grown into %d output buckets, not 8", grown.B)
	}
}

// growFromTrainedParent trains a parent with cfg, then one epoch of the
// shape grow asks for from it at cfg's (tiny) step, and checks that the
// grown model starts where its parent stands: the first epoch's held-out
// loss is the parent net's.
func growFromTrainedParent(t *testing.T, tr, va []Sample, cfg Config, grow func(*Config)) *Model {
	t.Helper()
	parent, _, err := Train(tr, va, cfg)
	if err != nil {
		t.Fatal(err)
	}
	grow(&cfg)
	cfg.Init = FromNet(parent.Quantise())
	grown, curve, err := Train(tr, va, cfg)
	if err != nil {
		t.Fatalf("growing a trained net: %v", err)
	}
	if want := Loss(cfg.Init, va, cfg, 2); curve[0].ValidLoss < want*0.999 || curve[0].ValidLoss > want*1.001 {
		t.Errorf("one epoch of the grown model at a tiny step: validation %.6f, the parent's %.6f", curve[0].ValidLoss, want)
	}
	return grown
}
