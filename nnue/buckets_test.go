package nnue

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"
)

// bucketed returns n with b output buckets, the extra ones random (and
// each bias different, so that a wrong bucket shows in the score).
func bucketed(n *Net, b int, seed uint64) *Net {
	rng := rand.New(rand.NewPCG(seed, 7))
	w := 2 * n.Hidden
	out := alignedInt16(b * w)
	copy(out, n.OutWeights)
	for i := w; i < len(out); i++ {
		out[i] = int16(rng.IntN(129) - 64)
	}
	bias := make([]int32, b)
	for i := range bias {
		bias[i] = n.OutBias[0] + int32(i)*40*QA*int32(n.QB)/Scale // 40 cp apart
	}
	m := *n
	m.Buckets, m.OutWeights, m.OutBias = b, out, bias
	return &m
}

// only returns the one-output net that bucket k of n is.
func only(n *Net, k int) *Net {
	w := 2 * n.Hidden
	m := *n
	m.Buckets = 1
	m.OutWeights = alignedInt16(w)
	copy(m.OutWeights, n.OutWeights[k*w:(k+1)*w])
	m.OutBias = []int32{n.OutBias[k]}
	return &m
}

func TestOutputBucket(t *testing.T) {
	for b := 1; b <= MaxBuckets; b++ {
		seen := make([]int, b)
		prev := 0
		for men := 2; men <= 32; men++ {
			k := OutputBucket(men, b)
			if k < prev || k >= b {
				t.Fatalf("%d buckets: %d men in bucket %d (after %d)", b, men, k, prev)
			}
			prev = k
			seen[k]++
		}
		if OutputBucket(2, b) != 0 || OutputBucket(32, b) != b-1 || slices.Contains(seen, 0) {
			t.Errorf("%d buckets: men per bucket %v", b, seen)
		}
	}
	// Eight buckets take four piece counts each (2–5, 6–9, …, 30–32).
	for men := 2; men <= 32; men++ {
		if k := OutputBucket(men, 8); k != (men-2)/4 {
			t.Errorf("8 buckets: %d men → bucket %d, want %d", men, k, (men-2)/4)
		}
	}
}

func TestBucketedNetFormat(t *testing.T) {
	n := bucketed(RandomNet(64, 5), 8, 1)
	data := n.Bytes()
	if v := data[4]; v != 2 {
		t.Errorf("a net with 8 buckets is written as version %d, want 2", v)
	}
	m, err := Load(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if m.Buckets != 8 || !slices.Equal(m.OutWeights, n.OutWeights) || !slices.Equal(m.OutBias, n.OutBias) {
		t.Error("round trip changed the buckets")
	}
	// A one-bucket net keeps version 1, and every net its exact bytes: the
	// embedded net (and every net file named by its hash) stays the same.
	one := RandomNet(64, 5)
	if v := one.Bytes()[4]; v != 1 {
		t.Errorf("a one-bucket net is written as version %d, want 1", v)
	}
	d, err := Default()
	if err != nil || !bytes.Equal(d.Bytes(), defaultNet) {
		t.Errorf("the embedded net does not round-trip to its own bytes (%v)", err)
	}
	// Version 1 cannot carry buckets; version 2 at most MaxBuckets.
	for _, c := range []struct {
		version, outputs uint32
		ok               bool
	}{{1, 1, true}, {1, 2, false}, {2, 1, true}, {2, MaxBuckets, true}, {2, MaxBuckets + 1, false}, {2, 0, false}} {
		h := header{Version: c.version, Inputs: Inputs, Hidden: 64, Outputs: c.outputs, Activation: ActCReLU, QA: QA, QB: 64, Scale: Scale}
		copy(h.Magic[:], FormatMagic)
		if err := h.check(); (err == nil) != c.ok {
			t.Errorf("version %d with %d outputs: %v", c.version, c.outputs, err)
		}
	}
	// Sizes and biases are checked bucket by bucket.
	short := *n
	short.OutBias = n.OutBias[:7]
	if short.validate() == nil {
		t.Error("8 buckets with 7 biases accepted")
	}
	far := bucketed(RandomNet(64, 5), 8, 1)
	far.OutBias[6] = 1 << 30
	if _, err := Load(bytes.NewReader(far.Bytes())); err == nil {
		t.Error("a bucket's absurd bias accepted")
	}
}

// TestEvaluationUsesTheBucketOfItsMaterial: each position is scored by
// the bucket of its number of men, in a fresh evaluation and along a game
// where captures move it from bucket to bucket.
func TestEvaluationUsesTheBucketOfItsMaterial(t *testing.T) {
	n := bucketed(RandomNet(128, 3), 8, 2)
	for _, fen := range []string{
		startFEN,
		"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
		"2rq1rk1/pp3ppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/2RQ1RK1 b - - 0 1",
	} {
		p, err := parseBoard(fen)
		if err != nil {
			t.Fatal(err)
		}
		k := OutputBucket(p.Pieces.men(), 8)
		if got, want := n.EvaluateFresh(p), only(n, k).EvaluateFresh(p); got != want {
			t.Errorf("%s: %d cp, bucket %d alone gives %d", fen, got, k, want)
		}
	}
	var alone [8]*Net
	for k := range alone {
		alone[k] = only(n, k)
	}
	inc, fresh := NewEvaluator(n), NewEvaluator(n)
	seen := map[int]bool{}
	walk(t, 11, 120, func(p *playBoard) {
		if p.Ply() == 0 {
			inc.Reset(p)
		} else {
			inc.Push(p)
		}
		fresh.Reset(p)
		k := OutputBucket(p.Pieces.men(), 8)
		seen[k] = true
		if got := inc.Evaluate(p); got != fresh.Evaluate(p) || got != alone[k].EvaluateFresh(p) {
			t.Fatalf("%s: incremental %d, fresh %d, bucket %d alone %d", p.String(), got, fresh.Evaluate(p), k, alone[k].EvaluateFresh(p))
		}
	})
	if len(seen) < 5 {
		t.Errorf("the games reached only buckets %v", seen)
	}
}
