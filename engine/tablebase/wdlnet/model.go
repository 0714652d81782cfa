package wdlnet

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"
	"strings"

	"kibitz/engine/tablebase"
	"kibitz/internal/splitmix"
)

// Classes are the outputs, in this order.
var Classes = [3]int{-1, 0, 1}

// Model is the network: features → H1 → H2 → 3, ReLU between layers.
// Weights are float32, laid out row by row (W1[f·H1 + j] is feature f's
// weight into hidden unit j).
type Model struct {
	Inputs // the feature groups beyond the placement (features.go)
	H1, H2 int
	// Tables are the endings the model learned: the positions it may be
	// asked about in play (Term). Files of version 1 do not list them.
	Tables []tablebase.Signature
	W1, B1 []float32
	W2, B2 []float32 // W2[j·H2 + k]
	W3, B3 []float32 // W3[k·3 + c]
}

// New returns a model with small random weights (He initialisation from
// a seeded generator, so training is reproducible).
func New(h1, h2 int, in Inputs, seed uint64) *Model {
	m := alloc(h1, h2, in)
	r := splitmix.Rand(seed)
	fill := func(w []float32, fanIn int) {
		s := math.Sqrt(2 / float64(fanIn))
		for i := range w {
			w[i] = float32(r.Normal() * s)
		}
	}
	fill(m.W1, maxActive)
	fill(m.W2, h1)
	fill(m.W3, h2)
	return m
}

func alloc(h1, h2 int, in Inputs) *Model {
	return &Model{Inputs: in, H1: h1, H2: h2,
		W1: make([]float32, in.count()*h1), B1: make([]float32, h1),
		W2: make([]float32, h1*h2), B2: make([]float32, h2),
		W3: make([]float32, h2*3), B3: make([]float32, 3)}
}

// Features is the number of the model's input features.
func (m *Model) Features() int { return m.Inputs.count() }

// Activations holds one forward pass: the prediction, and what a trainer
// needs to take its gradient.
type Activations struct {
	active  [maxActive]int
	nActive int
	H1, H2  []float32 // the hidden layers after ReLU
	Logits  [3]float32
}

// Active returns the input features the pass read.
func (a *Activations) Active() []int { return a.active[:a.nActive] }

// NewActivations returns room for one forward pass of m.
func (m *Model) NewActivations() *Activations {
	return &Activations{H1: make([]float32, m.H1), H2: make([]float32, m.H2)}
}

// Forward evaluates the canonical entry e (see tablebase.Canonical) into a.
func (m *Model) Forward(e *tablebase.Entry, a *Activations) {
	a.nActive = features(e, m.Inputs, &a.active)
	copy(a.H1, m.B1)
	h1, h2 := a.H1[:m.H1], a.H2[:m.H2] // lengths the compiler can see: no bounds checks below
	for _, f := range a.active[:a.nActive] {
		col := m.W1[f*m.H1 : (f+1)*m.H1]
		col = col[:len(h1)]
		for j := range h1 {
			h1[j] += col[j]
		}
	}
	for j, v := range h1 {
		h1[j] = max(v, 0)
	}
	copy(h2, m.B2)
	for j, v := range h1 {
		if v == 0 {
			continue
		}
		row := m.W2[j*m.H2 : (j+1)*m.H2]
		row = row[:len(h2)]
		for k := range h2 {
			h2[k] += v * row[k]
		}
	}
	a.Logits = [3]float32{m.B3[0], m.B3[1], m.B3[2]}
	for k, v := range a.H2 {
		v = max(v, 0)
		a.H2[k] = v
		if v == 0 {
			continue
		}
		a.Logits[0] += v * m.W3[k*3]
		a.Logits[1] += v * m.W3[k*3+1]
		a.Logits[2] += v * m.W3[k*3+2]
	}
}

// Predictor evaluates a model without allocating; one per goroutine.
type Predictor struct {
	m *Model
	a *Activations
}

// Predictor returns an evaluator of m.
func (m *Model) Predictor() *Predictor { return &Predictor{m: m, a: m.NewActivations()} }

// Predict returns the most likely result of a canonical entry (see
// tablebase.Canonical) for its side to move, and the three probabilities
// (loss, draw, win).
func (p *Predictor) Predict(e *tablebase.Entry) (wdl int, probs [3]float32) {
	p.m.Forward(e, p.a)
	probs = Softmax(p.a.Logits)
	best := 0
	for c := 1; c < 3; c++ {
		if probs[c] > probs[best] {
			best = c
		}
	}
	return Classes[best], probs
}

// Softmax turns logits into probabilities.
func Softmax(l [3]float32) (p [3]float32) {
	hi := max(l[0], l[1], l[2])
	var sum float64
	for c := range l {
		e := math.Exp(float64(l[c] - hi))
		p[c] = float32(e)
		sum += e
	}
	for c := range p {
		p[c] = float32(float64(p[c]) / sum)
	}
	return p
}

// The file: "KWDL", version, flags (bit 0: threats, bit 1: shape), H1, H2 (uint32
// each); from version 2 the length of the table list and the list itself
// ("KRBvKR,KRPvKR"); the weights in the order of Model's fields, then a
// CRC-32C of everything before it. Version 3 stores W1 and W2 — nearly
// all of the bytes — as int16 in units of 2⁻¹⁰ (the steps the play-time
// Term computes in anyway), the rest as float32: half the size, or twice
// the first layer in the same bytes. Versions 1 (no list) and 2 (every
// weight float32) are still read, and written when a weight is too large
// for int16.
const (
	magic   = "KWDL"
	version = 3
)

// compactStep is the unit of the int16 weights of version 3.
const compactStep = 1.0 / (1 << fixShift)

// compact reports whether W1 and W2 are on the int16 grid of version 3,
// so that the file holds them exactly.
func (m *Model) compact() bool {
	for _, p := range [][]float32{m.W1, m.W2} {
		for _, v := range p {
			q := float64(v) / compactStep
			if q != math.Round(q) || math.Abs(q) > math.MaxInt16 {
				return false
			}
		}
	}
	return true
}

// RoundWeights puts W1 and W2 on the int16 grid of the compact file
// (unless a weight is too large for it: then the model is left as it is
// and written as float32), so that the model evaluated is the model
// stored. Train does it at the end.
func (m *Model) RoundWeights() {
	for _, p := range [][]float32{m.W1, m.W2} {
		for _, v := range p {
			if math.Abs(float64(v)/compactStep) > math.MaxInt16 {
				return
			}
		}
	}
	for _, p := range [][]float32{m.W1, m.W2} {
		for i, v := range p {
			p[i] = float32(math.Round(float64(v)/compactStep) * compactStep)
		}
	}
}

// tableList is the file's form of Tables.
func (m *Model) tableList() string {
	names := make([]string, len(m.Tables))
	for i, s := range m.Tables {
		names[i] = s.String()
	}
	return strings.Join(names, ",")
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

func (m *Model) params() [][]float32 { return [][]float32{m.W1, m.B1, m.W2, m.B2, m.W3, m.B3} }

// Bytes is the size of the model's file.
func (m *Model) Bytes() int {
	n := 20 + 4 + len(m.tableList()) + 4
	for i, p := range m.params() {
		n += weightBytes(m.compact(), i) * len(p)
	}
	return n
}

// weightBytes is the size of one weight of params()[i]: W1 and W2 (0 and
// 2) take two bytes in a compact file.
func weightBytes(compact bool, i int) int {
	if compact && (i == 0 || i == 2) {
		return 2
	}
	return 4
}

// WriteTo writes the model's file.
func (m *Model) WriteTo(w io.Writer) (int64, error) {
	var b bytes.Buffer
	b.WriteString(magic)
	list := m.tableList()
	compact := m.compact()
	v := uint32(version)
	if !compact {
		v = 2
	}
	for _, v := range []uint32{v, uint32(b2i(m.Threats) | b2i(m.Shape)<<1), uint32(m.H1), uint32(m.H2), uint32(len(list))} {
		binary.Write(&b, binary.LittleEndian, v)
	}
	b.WriteString(list)
	for i, p := range m.params() {
		if weightBytes(compact, i) == 4 {
			binary.Write(&b, binary.LittleEndian, p)
			continue
		}
		q := make([]int16, len(p))
		for j, v := range p {
			q[j] = int16(math.Round(float64(v) / compactStep))
		}
		binary.Write(&b, binary.LittleEndian, q)
	}
	binary.Write(&b, binary.LittleEndian, crc32.Checksum(b.Bytes(), castagnoli))
	n, err := w.Write(b.Bytes())
	return int64(n), err
}

// Load reads the model file at path (Read); its errors name the file.
func Load(path string) (*Model, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

// Read reads a model's file, refusing a damaged or foreign one with the
// reason.
func Read(r io.Reader) (*Model, error) {
	data, err := io.ReadAll(io.LimitReader(r, 64<<20))
	if err != nil {
		return nil, err
	}
	if len(data) < 24 || string(data[:4]) != magic {
		return nil, errors.New("wdlnet: not a model file (no KWDL header)")
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	if crc32.Checksum(body, castagnoli) != sum {
		return nil, errors.New("wdlnet: checksum mismatch: the file is damaged")
	}
	v := binary.LittleEndian.Uint32(data[4:])
	if v < 1 || v > version {
		return nil, fmt.Errorf("wdlnet: version %d, this build reads 1 to %d", v, version)
	}
	flags := binary.LittleEndian.Uint32(data[8:])
	h1, h2 := int(binary.LittleEndian.Uint32(data[12:])), int(binary.LittleEndian.Uint32(data[16:]))
	if flags > 3 {
		return nil, fmt.Errorf("wdlnet: unknown flags %#x", flags)
	}
	if h1 < 1 || h1 > 4096 || h2 < 1 || h2 > 4096 {
		return nil, fmt.Errorf("wdlnet: layer sizes %d and %d out of range", h1, h2)
	}
	m := alloc(h1, h2, Inputs{Threats: flags&1 != 0, Shape: flags&2 != 0})
	weights := body[20:]
	if v >= 2 {
		if len(body) < 24 {
			return nil, errors.New("wdlnet: the file ends before its table list")
		}
		n := binary.LittleEndian.Uint32(body[20:])
		if uint64(n) > uint64(len(body)-24) {
			return nil, fmt.Errorf("wdlnet: a table list of %d bytes in a file of %d", n, len(data))
		}
		if n > 0 {
			sigs, err := tablebase.ParseSignatures(string(body[24 : 24+n]))
			if err != nil {
				return nil, fmt.Errorf("wdlnet: the table list: %w", err)
			}
			m.Tables = sigs
		}
		weights = body[24+n:]
	}
	compact := v >= 3
	want := 0
	for i, p := range m.params() {
		want += weightBytes(compact, i) * len(p)
	}
	if len(weights) != want {
		return nil, fmt.Errorf("wdlnet: %d bytes of weights, want %d for layers %d and %d", len(weights), want, h1, h2)
	}
	rd := bytes.NewReader(weights)
	for i, p := range m.params() {
		if weightBytes(compact, i) == 4 {
			if err := binary.Read(rd, binary.LittleEndian, p); err != nil {
				return nil, err
			}
			continue
		}
		q := make([]int16, len(p))
		if err := binary.Read(rd, binary.LittleEndian, q); err != nil {
			return nil, err
		}
		for j, v := range q {
			p[j] = float32(float64(v) * compactStep)
		}
	}
	for _, p := range m.params() {
		for _, v := range p {
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
				return nil, errors.New("wdlnet: a weight is not a finite number")
			}
		}
	}
	return m, nil
}
