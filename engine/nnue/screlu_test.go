package nnue

import (
	"bytes"
	"testing"

	"kibitz/engine/board"
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
func referenceScore(n *Net, p *board.Position) int {
	var acc [2][]int16
	for c := board.White; c <= board.Black; c++ {
		a := make([]int16, n.Hidden)
		copy(a, n.FTBias)
		view := ViewOf(n.KingBuckets, RelativeKing(p, c))
		for occ := p.Occupied(); occ != 0; {
			sq := occ.PopFirst()
			f := view.Input(FeatureIndex(c, p.PieceAt(sq), sq))
			for j := range a {
				a[j] += n.FTWeights[f*n.Hidden+j]
			}
		}
		acc[c] = a
	}
	us := p.SideToMove()
	k, w := OutputBucket(p.Occupied().Count(), n.Buckets), 2*n.Hidden
	out := outputReference
	if n.Activation == ActSCReLU {
		out = outputSquaredReference
	}
	sum := out(acc[us], acc[us.Other()], n.OutWeights[k*w:(k+1)*w])
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
		walk(t, 5, 60, func(p *board.Position) {
			if p.Ply() == 0 {
				inc.Reset(p)
			} else {
				inc.Push(p)
			}
			got, fresh, want := inc.Evaluate(p), n.EvaluateFresh(p), referenceScore(n, p)
			if got != want || fresh != want {
				t.Fatalf("%d buckets, %s: incremental %d, fresh %d, reference %d", b, p.FEN(), got, fresh, want)
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
