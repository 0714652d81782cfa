package wdlnet

import (
	"errors"
	"fmt"
	"math"

	"kibitz/engine/board"
	"kibitz/engine/tablebase"
)

// Term makes a model an evaluation term for play. In a position of one of
// the endings the model learned (Model.Tables), the evaluation moves
// towards the predicted result: it shrinks towards 0 as far as the model
// believes in a draw, and moves by Weight times the chance of a win less
// the chance of a loss. The search keeps the evaluation's sense of
// progress (which winning move gets closer) and gains the model's sense
// of the result, where exact tables are missing — 5 men in the browser.
//
// A Term computes with integers only: the weights are rounded to fixed
// point once, and the probabilities come from a table of exponentials
// rounded to integers. Native and wasm builds so evaluate alike, which the
// search's node-for-node equality needs (float arithmetic would risk it:
// math.Exp has an assembly version on amd64 only).
type Term struct {
	weight int64
	canon  *tablebase.Canonicalizer
	covers [tablebase.Materials * tablebase.Materials]bool // by white and black material keys
	inputs Inputs
	h1, h2 int
	w1, b1 []int64
	w2, b2 []int64
	w3, b3 []int64
}

const (
	fixShift = 10      // weights and activations in units of 2⁻¹⁰
	probOne  = 1 << 16 // probabilities in units of 2⁻¹⁶
	expShift = 7       // logits enter the exponential table in units of 2⁻⁷
	expSize  = 16 << expShift
)

// DefaultTermWeight is the term's swing in centipawns between a certain
// loss and a certain win (before the evaluation's own share).
const DefaultTermWeight = 400

// expTable[d] is probOne·e^(−d/128), rounded: e^(logit − largest logit)
// for the softmax. No entry lies near a rounding boundary (a test checks),
// so a last-bit difference in math.Exp between platforms cannot change it.
var expTable = func() (t [expSize]int64) {
	for d := range t {
		t[d] = int64(math.Round(probOne * math.Exp(-float64(d)/(1<<expShift))))
	}
	return t
}()

// NewTerm prepares the model for play with the given weight (centipawns;
// DefaultTermWeight is a good start). A model without a list of the
// tables it learned (a version-1 file) is refused: the term would not
// know where it applies.
func NewTerm(m *Model, weight int) (*Term, error) {
	if len(m.Tables) == 0 {
		return nil, errors.New("wdlnet: the model does not list the endings it learned (a version-1 file): train it again to use it in play")
	}
	if weight < 0 || weight > 10_000 {
		return nil, fmt.Errorf("wdlnet: term weight %d out of range 0..10000", weight)
	}
	t := &Term{weight: int64(weight), canon: tablebase.NewCanonicalizer(), inputs: m.Inputs, h1: m.H1, h2: m.H2}
	for _, s := range m.Tables {
		w, b := s.MaterialKeys()
		t.covers[w*tablebase.Materials+b] = true
		t.covers[b*tablebase.Materials+w] = true
	}
	var err error
	for _, p := range []struct {
		dst *[]int64
		src []float32
	}{{&t.w1, m.W1}, {&t.b1, m.B1}, {&t.w2, m.W2}, {&t.b2, m.B2}, {&t.w3, m.W3}, {&t.b3, m.B3}} {
		if *p.dst, err = fixed(p.src); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// fixed rounds weights to units of 2⁻¹⁰.
func fixed(w []float32) ([]int64, error) {
	out := make([]int64, len(w))
	for i, v := range w {
		f := math.Round(float64(v) * (1 << fixShift))
		if math.Abs(f) > 1<<30 {
			return nil, fmt.Errorf("wdlnet: weight %g too large for fixed point", v)
		}
		out[i] = int64(f)
	}
	return out, nil
}

// TermProbe evaluates a Term without allocating for the network; one per
// goroutine.
type TermProbe struct {
	t      *Term
	h1, h2 []int64
	active [maxActive]int
}

// Probe returns a work space for the term.
func (t *Term) Probe() *TermProbe {
	return &TermProbe{t: t, h1: make([]int64, t.h1), h2: make([]int64, t.h2)}
}

// Term is the term the probe evaluates.
func (p *TermProbe) Term() *Term { return p.t }

// Covers reports whether a position is one of the model's endings.
func (p *TermProbe) Covers(b *board.Position) bool {
	if b.Occupied().Count() > tablebase.MaxMen || b.Castling() != 0 {
		return false
	}
	w, k, ok := tablebase.MaterialKeys(b)
	return ok && p.t.covers[w*tablebase.Materials+k]
}

// Adjust returns eval (centipawns for the side to move) corrected by the
// model, or eval itself outside the model's endings.
func (p *TermProbe) Adjust(b *board.Position, eval int) int {
	if !p.Covers(b) {
		return eval
	}
	e, ok := p.t.canon.Entry(b)
	if !ok {
		return eval
	}
	pr := p.Probabilities(&e)
	return int((int64(eval)*(probOne-pr[1]) + (pr[2]-pr[0])*p.t.weight) / probOne)
}

// Probabilities returns the chances of a loss, a draw and a win for the
// side to move of a canonical entry, in units of 2⁻¹⁶ (summing to about
// 2¹⁶): the fixed-point twin of Predictor.Predict.
func (p *TermProbe) Probabilities(e *tablebase.Entry) [3]int64 {
	t := p.t
	n := features(e, t.inputs, &p.active)
	h1, h2 := p.h1[:t.h1], p.h2[:t.h2] // lengths the compiler can see: no bounds checks below
	copy(h1, t.b1)
	for _, f := range p.active[:n] {
		col := t.w1[f*t.h1 : (f+1)*t.h1]
		col = col[:len(h1)]
		for j := range h1 {
			h1[j] += col[j]
		}
	}
	// Products are summed at 2⁻²⁰ and rounded down once per unit.
	for k, b := range t.b2 {
		h2[k] = b << fixShift
	}
	for j, v := range h1 {
		if v <= 0 {
			continue
		}
		row := t.w2[j*t.h2 : (j+1)*t.h2]
		row = row[:len(h2)]
		for k := range h2 {
			h2[k] += v * row[k]
		}
	}
	logits := [3]int64{t.b3[0] << fixShift, t.b3[1] << fixShift, t.b3[2] << fixShift}
	for k, v := range p.h2 {
		v >>= fixShift
		if v <= 0 {
			continue
		}
		for c := range logits {
			logits[c] += v * t.w3[k*3+c]
		}
	}
	for c := range logits {
		logits[c] >>= fixShift
	}
	hi := max(logits[0], logits[1], logits[2])
	var e3 [3]int64
	var sum int64
	for c, l := range logits {
		d := (hi - l) >> (fixShift - expShift)
		e3[c] = expTable[min(d, expSize-1)]
		sum += e3[c]
	}
	for c := range e3 {
		e3[c] = e3[c] * probOne / sum
	}
	return e3
}
