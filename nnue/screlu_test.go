package nnue

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"
)

// squared returns n with the squared clipped ReLU.
func squared(n *Net) *Net {
	m := *n
	m.Activation = ActSCReLU
	return &m
}

// referenceScore evaluates p from scratch with the one-lane kernels: the
// accumulators column by column (through each perspective's king view),
// the output layer by the reference for the net's activation.
func referenceScore(n *Net, p *playBoard) int {
	var acc [2][]int16
	for c := White; c <= Black; c++ {
		a := make([]int16, n.Hidden)
		copy(a, n.FTBias)
		view := ViewOf(n.KingBuckets, relative(p.Pieces.king(c), c))
		for occ := p.occupied(); occ != 0; {
			sq := popFirst(&occ)
			pc, _ := p.at(sq)
			f := view.Input(FeatureIndex(c, pc, sq))
			for j := range a {
				a[j] += n.FTWeights[f*n.Hidden+j]
			}
		}
		acc[c] = a
	}
	us := p.SideToMove()
	k, w := OutputBucket(p.Pieces.men(), n.Buckets), 2*n.Hidden
	weights := n.OutWeights[k*w : (k+1)*w]
	if n.Activation == ActSCReLU {
		sum := outputSquaredReference(acc[us], acc[us.Other()], weights)
		return int((sum + 256*int64(n.OutBias[k])) * Scale / (256 * QA * int64(n.QB)))
	}
	sum := outputReference(acc[us], acc[us.Other()], weights)
	return int((int64(sum) + int64(n.OutBias[k])) * Scale / (QA * int64(n.QB)))
}

// TestSquaredActivation: a net with the squared clipped ReLU scores every
// position as the one-lane reference does, incrementally along games and
// from scratch, with one output bucket and with eight; its scores differ
// from the same weights under the clipped ReLU.
func TestSquaredActivation(t *testing.T) {
	for _, b := range []int{1, 8} {
		n := squared(bucketed(RandomNet(128, 3), b, 2))
		plain := *n
		plain.Activation = ActCReLU
		inc := NewEvaluator(n)
		differ := 0
		walk(t, 5, 60, func(p *playBoard) {
			if p.Ply() == 0 {
				inc.Reset(p)
			} else {
				inc.Push(p)
			}
			got, fresh, want := inc.Evaluate(p), n.EvaluateFresh(p), referenceScore(n, p)
			if got != want || fresh != want {
				t.Fatalf("%d buckets, %s: incremental %d, fresh %d, reference %d", b, p.String(), got, fresh, want)
			}
			if want != plain.EvaluateFresh(p) {
				differ++
			}
		})
		if differ == 0 {
			t.Errorf("%d buckets: the squared activation never changed a score", b)
		}
	}
}

// TestSquaredNetFormat: the activation survives the file; a squared net is
// written as version 2 (version 1 has no other activation than the clipped
// ReLU), and an unknown activation is refused.
func TestSquaredNetFormat(t *testing.T) {
	n := squared(RandomNet(64, 9))
	data := n.Bytes()
	if data[4] != 2 {
		t.Errorf("a squared net is written as version %d, want 2", data[4])
	}
	m, err := Load(bytes.NewReader(data))
	if err != nil || m.Activation != ActSCReLU {
		t.Fatalf("round trip: %v, activation %d", err, m.Activation)
	}
	for _, c := range []struct {
		version, act uint32
		ok           bool
	}{{1, ActCReLU, true}, {1, ActSCReLU, false}, {2, ActCReLU, true}, {2, ActSCReLU, true}, {2, 0, false}, {2, 3, false}} {
		h := header{Version: c.version, Inputs: Inputs, Hidden: 64, Outputs: 1, Activation: c.act, QA: QA, QB: 64, Scale: Scale}
		copy(h.Magic[:], FormatMagic)
		if err := h.check(); (err == nil) != c.ok {
			t.Errorf("version %d with activation %d: %v", c.version, c.act, err)
		}
	}
	odd := *n
	odd.Activation = 7
	if odd.validate() == nil {
		t.Error("activation 7 accepted")
	}
}

// TestSquaredActivationIsExact: within the format's bounds (output weights
// up to ±maxOutWeight) the kernels in use give Σ c²·w exactly, small c
// included — the rounding (c² + 128) >> 8 used before dropped every c ≤ 11
// — and a squared net's score is the float computation of its weights to
// within the final division's truncation.
func TestSquaredActivationIsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 500 {
		h := 64 * (1 + rng.IntN(16))
		us, them, w := alignedInt16(h), alignedInt16(h), alignedInt16(2*h)
		randomLanes(rng, us)
		randomLanes(rng, them)
		small := rng.IntN(2) == 0 // every activation in 0..11
		var want int64
		for i := range 2 * h {
			w[i] = int16(rng.IntN(2*maxOutWeight+1) - maxOutWeight)
			x := &us[i%h]
			if i >= h {
				x = &them[i-h]
			}
			if small {
				*x = int16(rng.IntN(12))
			}
			c := int64(min(max(*x, 0), QA))
			want += c * c * int64(w[i])
		}
		if got := outputSquared(us, them, w); got != want {
			t.Fatalf("h=%d small=%v: %s kernel %d, exact %d", h, small, Backend(), got, want)
		}
	}

	n := squared(bucketed(RandomNet(128, 5), 4, 2))
	walk(t, 3, 40, func(p *playBoard) {
		got, want := n.EvaluateFresh(p), floatSquaredScore(n, p)
		if math.Abs(float64(got)-want) >= 1 {
			t.Fatalf("%s: the net scores %d, its weights in float %.3f", p.String(), got, want)
		}
	})
}

// floatSquaredScore is the score of p by n's weights read as the trainer's
// floats: x = c/QA squared, output weights at QB·256/QA, the bias at QA·QB.
func floatSquaredScore(n *Net, p *playBoard) float64 {
	us := p.SideToMove()
	k, w := OutputBucket(p.Pieces.men(), n.Buckets), 2*n.Hidden
	sum := float64(n.OutBias[k]) / (QA * float64(n.QB))
	for side, c := range []Color{us, us.Other()} {
		acc := make([]int64, n.Hidden)
		for j := range acc {
			acc[j] = int64(n.FTBias[j])
		}
		view := ViewOf(n.KingBuckets, relative(p.Pieces.king(c), c))
		for occ := p.occupied(); occ != 0; {
			sq := popFirst(&occ)
			pc, _ := p.at(sq)
			f := view.Input(FeatureIndex(c, pc, sq))
			for j := range acc {
				acc[j] += int64(n.FTWeights[f*n.Hidden+j])
			}
		}
		for j, a := range acc {
			x := float64(min(max(a, 0), QA)) / QA
			sum += x * x * float64(n.OutWeights[k*w+side*n.Hidden+j]) * QA / (256 * float64(n.QB))
		}
	}
	return sum * Scale
}
