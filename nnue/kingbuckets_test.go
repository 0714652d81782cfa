package nnue

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// kingBucketed returns n with k king buckets, each bucket's feature
// weights random.
func kingBucketed(n *Net, k int, seed uint64) *Net {
	rng := rand.New(rand.NewPCG(seed, 11))
	m := *n
	m.KingBuckets = k
	m.FTWeights = alignedInt16(k * Inputs * n.Hidden)
	for i := range m.FTWeights {
		m.FTWeights[i] = int16(rng.IntN(2*maxFTWeight/8+1) - maxFTWeight/8)
	}
	return &m
}

// square names a square ("e4").
func square(name string) Square { return Square(int(name[1]-'1')*8 + int(name[0]-'a')) }

func TestKingViews(t *testing.T) {
	for _, k := range KingBucketLayouts {
		seen := map[int]bool{}
		for sq := Square(0); sq < 64; sq++ {
			v, m := ViewOf(k, sq), ViewOf(k, sq^7)
			// The mirror image of a king square is the same bucket, read
			// mirrored: a position and its mirror image have equal inputs.
			if v.Offset != m.Offset || (k > 1 && v.Mirror+m.Mirror != 7) {
				t.Fatalf("%d buckets: %v on %v, %v on its mirror image", k, v, sq, m)
			}
			if k > 1 && (v.Mirror == 7) != (sq.File() >= 4) {
				t.Errorf("%d buckets: king on %v, mirror %d", k, sq, v.Mirror)
			}
			if v.Offset%Inputs != 0 || v.Offset >= k*Inputs {
				t.Fatalf("%d buckets: offset %d", k, v.Offset)
			}
			seen[v.Offset/Inputs] = true
		}
		if len(seen) != k {
			t.Errorf("%d buckets: %d in use", k, len(seen))
		}
	}
	// Four buckets: a–b and c–d of the first rank, the second rank, the rest.
	for sq, want := range map[Square]int{square("a1"): 0, square("g1"): 0, square("c1"): 1, square("e1"): 1, square("b2"): 2, square("h2"): 2, square("e4"): 3, square("a8"): 3} {
		if got := ViewOf(4, sq).Offset / Inputs; got != want {
			t.Errorf("4 buckets: king on %v in bucket %d, want %d", sq, got, want)
		}
	}
	if ViewOf(1, square("h8")) != (KingView{}) {
		t.Error("one bucket: a view other than the plain inputs")
	}
}

// TestKingBucketedEvaluation: with king buckets, incremental evaluation
// along random games (king moves across buckets and across the d/e line
// included) equals a fresh evaluation and the one-lane reference, for
// each layout and both activations.
func TestKingBucketedEvaluation(t *testing.T) {
	for _, k := range []int{2, 4, 8} {
		for _, act := range []int{ActCReLU, ActSCReLU} {
			n := kingBucketed(RandomNet(64, 4), k, uint64(k))
			n.Activation = act
			inc := NewEvaluator(n)
			refreshes := 0
			walk(t, 6, 90, func(p *playBoard) {
				if p.Ply() == 0 {
					inc.Reset(p)
				} else {
					inc.Push(p)
					if inc.plies[inc.top].views != inc.plies[inc.top-1].views {
						refreshes++
					}
				}
				got, fresh, want := inc.Evaluate(p), n.EvaluateFresh(p), referenceScore(n, p)
				if got != want || fresh != want {
					t.Fatalf("%d king buckets, activation %d, %s: incremental %d, fresh %d, reference %d", k, act, p.String(), got, fresh, want)
				}
			})
			if refreshes < 10 {
				t.Errorf("%d king buckets: only %d moves changed a king's view", k, refreshes)
			}
		}
	}
}

// TestKingBucketedNetFormat: king buckets need version 3 and a known
// layout; the net round-trips.
func TestKingBucketedNetFormat(t *testing.T) {
	n := kingBucketed(RandomNet(64, 2), 4, 1)
	data := n.Bytes()
	if data[4] != 3 {
		t.Errorf("a king-bucketed net is written as version %d, want 3", data[4])
	}
	m, err := Load(bytes.NewReader(data))
	if err != nil || m.KingBuckets != 4 || len(m.FTWeights) != 4*Inputs*64 {
		t.Fatalf("round trip: %v", err)
	}
	m.Buckets, m.Activation = 8, ActSCReLU
	if got := m.Architecture(); got != "64 hidden, 4 king buckets, 8 output buckets, squared clipped ReLU" {
		t.Errorf("architecture %q", got)
	}
	for _, c := range []struct {
		version, inputs uint32
		ok              bool
	}{{1, Inputs, true}, {2, Inputs, true}, {3, Inputs, true}, {2, 4 * Inputs, false}, {3, 4 * Inputs, true},
		{3, 8 * Inputs, true}, {3, 3 * Inputs, false}, {3, 16 * Inputs, false}, {3, Inputs + 1, false}} {
		h := header{Version: c.version, Inputs: c.inputs, Hidden: 64, Outputs: 1, Activation: ActCReLU, QA: QA, QB: 64, Scale: Scale}
		copy(h.Magic[:], FormatMagic)
		if err := h.check(); (err == nil) != c.ok {
			t.Errorf("version %d with %d inputs: %v", c.version, c.inputs, err)
		}
	}
	short := *n
	short.FTWeights = n.FTWeights[:Inputs*64]
	if short.validate() == nil {
		t.Error("4 king buckets with one bucket's weights accepted")
	}
}
