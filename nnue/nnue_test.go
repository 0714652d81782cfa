package nnue

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unsafe"
)

func TestFormatRoundTrip(t *testing.T) {
	n := RandomNet(128, 7)
	m, err := Load(bytes.NewReader(n.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if m.Hidden != 128 || m.QB != n.QB || !slices.Equal(m.FTWeights, n.FTWeights) || !slices.Equal(m.FTBias, n.FTBias) ||
		!slices.Equal(m.OutWeights, n.OutWeights) || !slices.Equal(m.OutBias, n.OutBias) {
		t.Error("round trip changed the net")
	}
	if d, err := Default(); err != nil || d.Hidden != 256 {
		t.Errorf("embedded net: %v", err)
	}
	// A net's own output scale is what its scores are computed with.
	n.QB = 2048
	m, err = Load(bytes.NewReader(n.Bytes()))
	if err != nil || m.QB != 2048 {
		t.Fatalf("QB 2048: %v, %d", err, m.QB)
	}
	p := mustBoard(t, startFEN)
	wide, narrow := m.EvaluateFresh(p), RandomNet(128, 7).EvaluateFresh(p)
	if narrow == 0 || abs(wide*32-narrow) >= 32 {
		t.Errorf("QB 64: %d cp; the same weights at QB 2048 should give %d/32, got %d", narrow, narrow, wide)
	}
}

// resum fixes the checksum after a deliberate edit of the contents.
func resum(b []byte) []byte {
	binary.LittleEndian.PutUint32(b[len(b)-4:], crc32.Checksum(b[:len(b)-4], castagnoli))
	return b
}

func TestLoaderRejectsBadFiles(t *testing.T) {
	good := RandomNet(64, 1).Bytes()
	edit := func(f func(b []byte) []byte) []byte { return f(slices.Clone(good)) }
	big := RandomNet(64, 1)
	big.OutWeights[3] = 30000
	biased := RandomNet(64, 1)
	biased.OutBias[0] = 1<<31 - 1
	coarse := RandomNet(64, 1)
	coarse.QB = 1
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "shorter than a header"},
		{"magic", edit(func(b []byte) []byte { b[0] = 'X'; return b }), "magic"},
		{"version", edit(func(b []byte) []byte { b[4] = 9; return resum(b) }), "version 9"},
		{"inputs", edit(func(b []byte) []byte { b[8] = 1; return resum(b) }), "architecture"},
		{"hidden", edit(func(b []byte) []byte { b[12] = 65; return resum(b) }), "multiple of 64"},
		{"quantisation", edit(func(b []byte) []byte { b[24] = 1; return resum(b) }), "quantisation"},
		{"no output scale", edit(func(b []byte) []byte { clear(b[28:32]); return resum(b) }), "QB=0"},
		{"huge output scale", edit(func(b []byte) []byte { b[30] = 1; return resum(b) }), "QB=65600"},
		{"truncated", good[:len(good)-100], "bytes; a 64-hidden net with 1 output bucket(s) has"},
		{"checksum", edit(func(b []byte) []byte { b[100] ^= 1; return b }), "checksum"},
		{"range", big.Bytes(), "output weight 3 is 30000"},
		{"bias", biased.Bytes(), "output bias 2147483647"},
		{"coarse output scale", coarse.Bytes(), "QB=1 "},
		{"outputs", edit(func(b []byte) []byte { b[16] = 2; return resum(b) }), "architecture"},
		{"activation", edit(func(b []byte) []byte { b[20] = 7; return resum(b) }), "activation 7"},
		{"no hidden", edit(func(b []byte) []byte { clear(b[12:16]); return resum(b) }), "hidden size 0"},
		{"scale", edit(func(b []byte) []byte { b[32] = 1; return resum(b) }), "quantisation"},
	}
	for _, c := range cases {
		_, err := Load(bytes.NewReader(c.data))
		if err == nil || !errors.Is(err, ErrBadNet) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an ErrBadNet mentioning %q", c.name, err, c.want)
		}
	}
	// The header's bounds, each accepted at its edge and refused past it.
	for _, c := range []struct {
		name string
		h    func(*header)
		ok   bool
	}{
		{"QB at its floor", func(h *header) { h.QB = minQB }, true},
		{"QB below its floor", func(h *header) { h.QB = minQB - 1 }, false},
		{"QB at its ceiling", func(h *header) { h.QB = maxQB }, true},
		{"QB above its ceiling", func(h *header) { h.QB = maxQB + 1 }, false},
		{"hidden at its ceiling", func(h *header) { h.Hidden = maxHidden }, true},
		{"hidden above its ceiling", func(h *header) { h.Hidden = maxHidden + 64 }, false},
		{"hidden 64", func(h *header) { h.Hidden = 64 }, true},
	} {
		h := header{Version: Version, Inputs: Inputs, Hidden: 256, Outputs: 1, Activation: ActCReLU, QA: QA, QB: 64, Scale: Scale}
		copy(h.Magic[:], FormatMagic)
		c.h(&h)
		if err := h.check(); (err == nil) != c.ok {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

func FuzzLoad(f *testing.F) {
	f.Add(RandomNet(64, 2).Bytes())
	f.Add([]byte("KBZN"))
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := Load(bytes.NewReader(data))
		if err != nil {
			return
		}
		if !bytes.Equal(n.Bytes(), data) {
			t.Fatal("an accepted file does not re-encode to itself")
		}
	})
}

// FuzzLoadEdits patches a valid small net at a chosen offset (and fixes the
// checksum or not): the loader must accept only nets that re-encode to
// themselves and evaluate without panicking. Its inputs are a few bytes, so
// it runs thousands of times a second where FuzzLoad, whose inputs are whole
// nets, runs a few.
func FuzzLoadEdits(f *testing.F) {
	good := RandomNet(64, 3).Bytes()
	f.Add(uint32(0), []byte("XBZN"), true)
	f.Add(uint32(28), []byte{1, 0, 0, 0}, true)                      // QB
	f.Add(uint32(len(good)-8), []byte{0xff, 0xff, 0xff, 0x7f}, true) // output bias
	f.Add(uint32(40), []byte{0xe0, 0x03}, true)                      // a feature weight at its bound
	f.Add(uint32(12), []byte{128}, false)
	f.Add(uint32(4), []byte{2}, true)  // version 2 holding a version-1 net
	f.Add(uint32(4), []byte{3}, true)  // version 3
	f.Add(uint32(20), []byte{2}, true) // the squared activation
	pos, _ := parseBoard("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	f.Fuzz(func(t *testing.T, off uint32, patch []byte, fix bool) {
		data := slices.Clone(good)
		o := int(off % uint32(len(data)))
		copy(data[o:], patch)
		if fix {
			resum(data)
		}
		n, err := Load(bytes.NewReader(data))
		if err != nil {
			return
		}
		if !bytes.Equal(n.Bytes(), data) {
			t.Fatal("an accepted file does not re-encode to itself")
		}
		if v := n.EvaluateFresh(pos); v > 1<<20 || v < -1<<20 {
			t.Fatalf("an accepted net evaluates to %d cp", v)
		}
	})
}

func TestIncrementalEqualsRefresh(t *testing.T) {
	net := RandomNet(128, 3)
	inc, fresh := NewEvaluator(net), NewEvaluator(net)
	rng := rand.New(rand.NewPCG(3, 4))
	walk(t, 3, 80, func(p *playBoard) {
		if p.Ply() == 0 {
			inc.Reset(p)
		} else {
			inc.Push(p)
		}
		// Updates are lazy: evaluating only at some plies makes the
		// evaluator catch up over several moves at once.
		if rng.IntN(3) == 0 {
			return
		}
		fresh.Reset(p)
		if inc.Evaluate(p) != fresh.Evaluate(p) {
			t.Fatalf("%s: evaluations differ", p.String())
		}
		for c := White; c <= Black; c++ {
			if !slices.Equal(inc.acc(inc.top, c), fresh.acc(0, c)) {
				t.Fatalf("%s: incremental accumulator differs from a refresh", p.String())
			}
		}
	})
	// Pops return to earlier accumulators: a null move and back.
	p := mustBoard(t, startFEN)
	inc.Reset(p)
	before := inc.Evaluate(p)
	p.nullMove()
	inc.Push(p)
	p.unmake()
	inc.Pop()
	if inc.Evaluate(p) != before {
		t.Error("push/pop of a null move changed the evaluation")
	}
}

func TestEvaluationIsColourSymmetric(t *testing.T) {
	// A perspective net sees the same inputs for a position and its colour
	// mirror: the scores must be equal.
	net := RandomNet(64, 5)
	p, _ := parseBoard("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	q, _ := parseBoard("r3k2r/pppbbppp/2n2q1P/1P2p3/3pn3/BN2PNP1/P1PPQPB1/R3K2R b KQkq - 0 1")
	if a, b := net.EvaluateFresh(p), net.EvaluateFresh(q); a != b {
		t.Errorf("%d vs mirrored %d", a, b)
	}
}

func BenchmarkEvalIncremental(b *testing.B) {
	benchmarkIncremental(b)
}

// BenchmarkEvalArchitectures is BenchmarkEvalIncremental for each
// architecture the format holds, 256 hidden: the cost of the squared
// activation and of king buckets per node (kiwipete's 48 moves, two of
// which take White's king across the d/e line and refresh it).
func BenchmarkEvalArchitectures(b *testing.B) {
	plain := RandomNet(256, 1)
	for _, c := range []struct {
		name string
		net  *Net
	}{
		{"plain", plain},
		{"squared", squared(plain)},
		{"king4", kingBucketed(plain, 4, 1)},
		{"king4-squared", squared(kingBucketed(plain, 4, 1))},
	} {
		b.Run(c.name, func(b *testing.B) { benchmarkNet(b, c.net) })
	}
}

// benchmarkIncremental measures what the search does per node: push a
// move, evaluate, pop.
func benchmarkIncremental(b *testing.B) {
	benchmarkNet(b, RandomNet(256, 1))
}

func benchmarkNet(b *testing.B, net *Net) {
	e := NewEvaluator(net)
	p, _ := parseBoard("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	e.Reset(p)
	// 64 random moves from p, played one at a time.
	rng := rand.New(rand.NewPCG(1, 1))
	var moves []played
	for range 64 {
		p.randomMove(rng)
		moves = append(moves, p.hist[0])
		p.unmake()
	}
	i := 0
	for b.Loop() {
		m := &moves[i%len(moves)]
		p.play(m.ch[:m.n]...)
		e.Push(p)
		e.Evaluate(p)
		e.Pop()
		p.unmake()
		i++
	}
}

func TestBuffersAreAligned(t *testing.T) {
	n, _ := Load(bytes.NewReader(RandomNet(64, 1).Bytes()))
	e := NewEvaluator(n)
	for name, s := range map[string][]int16{"weights": n.FTWeights, "bias": n.FTBias, "out": n.OutWeights,
		"accumulator": e.acc(3, Black), "column": e.column(500), "view cache": e.finny[1][1].acc, "zero": e.zero} {
		if addr := uintptr(unsafe.Pointer(&s[0])); addr%32 != 0 {
			t.Errorf("%s at %#x is not 32-byte aligned", name, addr)
		}
	}
}

// TestLazyUpdatesFollowASearch walks a small random tree the way a search
// does — moves and null moves made and unmade, evaluations at some nodes
// only — and checks every evaluation against a refresh.
func TestLazyUpdatesFollowASearch(t *testing.T) {
	for _, k := range []int{1, 4, 8} {
		lazyUpdatesFollowASearch(t, kingBucketed(RandomNet(64, 5), k, 3))
	}
}

func lazyUpdatesFollowASearch(t *testing.T, net *Net) {
	inc, fresh := NewEvaluator(net), NewEvaluator(net)
	rng := rand.New(rand.NewPCG(21, 22))
	checked := 0
	var visit func(p *playBoard, depth int)
	visit = func(p *playBoard, depth int) {
		if rng.IntN(5) < 2 {
			fresh.Reset(p)
			if got, want := inc.Evaluate(p), fresh.Evaluate(p); got != want {
				t.Fatalf("%d king buckets, %s: lazy evaluation %d, refresh %d", net.KingBuckets, p.String(), got, want)
			}
			checked++
		}
		if depth == 0 {
			return
		}
		for range 3 {
			if rng.IntN(8) == 0 {
				p.nullMove()
			} else {
				p.randomMove(rng)
			}
			inc.Push(p)
			visit(p, depth-1)
			p.unmake()
			inc.Pop()
		}
	}
	for _, fen := range []string{startFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"} {
		p, err := parseBoard(fen)
		if err != nil {
			t.Fatal(err)
		}
		inc.Reset(p)
		visit(p, 5)
	}
	if checked < 100 {
		t.Fatalf("only %d evaluations checked", checked)
	}
}

func abs(x int) int { return max(x, -x) }

// TestTheSearchPathAllocatesNothing: what the search does per node (push,
// evaluate, pop) and at each root (Reset) allocates nothing — a pointer
// handed to the Position interface escapes, and once cost one Bitboards
// per refresh, most of a UCI game's garbage.
func TestTheSearchPathAllocatesNothing(t *testing.T) {
	e := NewEvaluator(RandomNet(64, 1))
	p, _ := parseBoard("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	rng := rand.New(rand.NewPCG(1, 1))
	if n := testing.AllocsPerRun(20, func() { e.Reset(p) }); n != 0 {
		t.Errorf("Reset: %.1f allocations", n)
	}
	e.Reset(p)
	var moves []played // made once: the test board's own bookkeeping is not the evaluator's
	for range 64 {
		p.randomMove(rng)
		moves = append(moves, p.hist[0])
		p.unmake()
	}
	i := 0
	if n := testing.AllocsPerRun(50, func() {
		m := &moves[i%len(moves)]
		i++
		p.play(m.ch[:m.n]...)
		e.Push(p)
		e.Evaluate(p)
		e.Pop()
		p.unmake()
	}); n != 0 {
		t.Errorf("push, evaluate, pop: %.1f allocations", n)
	}
}
