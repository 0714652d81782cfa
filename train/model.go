package train

import (
	"bytes"
	"fmt"
	"kibitz/engine/board"
	"math"
	"math/rand/v2"
	"slices"

	"kibitz/nnue"
)

// Model is the float32 network the trainer fits; Quantise turns it into an
// nnue.Net. Activations are clipped to [0, 1], which QA maps to [0, 255],
// and squared when Squared is set (nnue.ActSCReLU).
type Model struct {
	H       int
	B       int       // output buckets (nnue.OutputBucket picks one per position)
	Squared bool      // the squared clipped ReLU instead of the clipped ReLU
	FTW     []float32 // feature-major: FTW[f*H+j]
	FTB     []float32
	OW      []float32 // per bucket: [side to move | other side], 2·H each
	OB      []float32 // per bucket
	// K is the number of king buckets (nnue.ViewOf); with more than one,
	// FTW holds K × 768 feature columns and FTF 768 more that every bucket
	// shares (a factoriser: what a piece on a square is worth wherever the
	// king stands), added in at quantisation. A bucket whose king squares
	// are rare still starts from, and learns with, what the others know.
	K   int
	FTF []float32
}

// maxFTW is the largest feature weight that quantises inside nnue's
// loader limit (output weights: Model.maxOutWeight).
const maxFTW = 992.0 / nnue.QA

// NewModel returns a seeded random model with h hidden neurons and
// buckets output buckets.
func NewModel(h, buckets int, seed uint64) *Model {
	rng := rand.New(rand.NewPCG(seed, 0x7472)) // "tr"
	m := &Model{H: h, B: buckets, K: 1, FTW: make([]float32, nnue.Inputs*h), FTB: make([]float32, h), OW: make([]float32, buckets*2*h), OB: make([]float32, buckets)}
	ftScale := float32(1 / math.Sqrt(32))
	for i := range m.FTW {
		m.FTW[i] = (rng.Float32()*2 - 1) * ftScale * 0.5
	}
	for i := range m.FTB {
		m.FTB[i] = rng.Float32() * 0.1
	}
	outScale := float32(1 / math.Sqrt(float64(2*h)))
	for i := range m.OW {
		m.OW[i] = (rng.Float32()*2 - 1) * outScale
	}
	return m
}

// FromNet returns the float model of a net, to train further (Config.Init):
// every weight dequantised from its scale, so that quantising the model
// again gives the net back. A net with king buckets keeps them in FTW,
// with a shared factor of zero.
func FromNet(n *nnue.Net) *Model {
	m := &Model{H: n.Hidden, B: n.Buckets, K: 1, Squared: n.Activation == nnue.ActSCReLU,
		FTW: make([]float32, len(n.FTWeights)), FTB: make([]float32, len(n.FTBias)), OW: make([]float32, len(n.OutWeights)), OB: make([]float32, len(n.OutBias))}
	for i, q := range n.FTWeights {
		m.FTW[i] = float32(float64(q) / nnue.QA)
	}
	for i, q := range n.FTBias {
		m.FTB[i] = float32(float64(q) / nnue.QA)
	}
	outScale := float64(n.QB)
	if m.Squared {
		outScale = float64(n.QB) * 256 / nnue.QA
	}
	for i, q := range n.OutWeights {
		m.OW[i] = float32(float64(q) / outScale)
	}
	for i, b := range n.OutBias {
		m.OB[i] = float32(float64(b) / (nnue.QA * float64(n.QB)))
	}
	if n.KingBuckets > 1 {
		m.K, m.FTF = n.KingBuckets, make([]float32, nnue.Inputs*m.H)
	}
	return m
}

// clone returns a copy that shares no weights with m.
func (m *Model) clone() *Model {
	c := *m
	for _, p := range []*[]float32{&c.FTW, &c.FTB, &c.OW, &c.OB, &c.FTF} {
		if *p != nil {
			*p = append([]float32(nil), *p...)
		}
	}
	return &c
}

// UseKingBuckets gives a new model k king buckets: the seeded random
// feature weights become the shared factor, and every bucket starts at
// zero, so that at first each bucket is the model without buckets.
func (m *Model) UseKingBuckets(k int) {
	if k <= 1 {
		return
	}
	m.K, m.FTF, m.FTW = k, m.FTW, make([]float32, k*nnue.Inputs*m.H)
}

// SplitKingBuckets gives a king-bucketed model k finer buckets (k > m.K,
// a layout that refines m.K's: every new bucket's king squares lie in one
// old bucket). Each new bucket starts as a copy of the bucket it came
// from and the shared factor stays as it was, so the model evaluates every
// position exactly as before and training sets the finer buckets apart:
// a grown generation keeps what its parent learnt of each king position.
func (m *Model) SplitKingBuckets(k int) error {
	if m.K <= 1 || k <= m.K || !nnue.ValidKingBuckets(k) {
		return fmt.Errorf("king buckets split only from 2 or 4 into a finer layout (%v), not %d into %d", nnue.KingBucketLayouts, m.K, k)
	}
	from := make([]int, k) // from[new bucket] = the old bucket it refines
	for i := range from {
		from[i] = -1
	}
	for sq := range nnue.Square(64) {
		if sq.File() >= 4 {
			continue // mirrored: the king views use files a–d only
		}
		nb, ob := nnue.ViewOf(k, sq).Offset/nnue.Inputs, nnue.ViewOf(m.K, sq).Offset/nnue.Inputs
		if from[nb] >= 0 && from[nb] != ob {
			return fmt.Errorf("the %d-bucket layout does not refine the %d-bucket one", k, m.K)
		}
		from[nb] = ob
	}
	if slices.Contains(from, -1) {
		return fmt.Errorf("the %d-bucket layout leaves a bucket without king squares", k)
	}
	cols := nnue.Inputs * m.H
	ftw := make([]float32, k*cols)
	for nb, ob := range from {
		copy(ftw[nb*cols:(nb+1)*cols], m.FTW[ob*cols:(ob+1)*cols])
	}
	m.K, m.FTW = k, ftw
	return nil
}

// SplitOutputBuckets gives a one-output model b output buckets (chosen by
// the number of men, nnue.OutputBucket), each a copy of the one output, so
// the model evaluates every position exactly as before and training sets
// the phases apart: an opening and a rook ending need not share a last
// layer once the data is large enough to tell them apart.
func (m *Model) SplitOutputBuckets(b int) error {
	if b == m.B {
		return nil
	}
	if m.B != 1 || b < 1 || b > nnue.MaxBuckets {
		return fmt.Errorf("output buckets split only from 1 into 2 to %d, not %d into %d", nnue.MaxBuckets, m.B, b)
	}
	ow, ob := make([]float32, 0, b*len(m.OW)), make([]float32, 0, b)
	for range b {
		ow, ob = append(ow, m.OW...), append(ob, m.OB...)
	}
	m.B, m.OW, m.OB = b, ow, ob
	return nil
}

// Widen gives the model h hidden neurons (h > m.H) and keeps what it
// computes: the new neurons start with NewModel's seeded random feature
// weights and biases and output weights of zero, so the wider model
// evaluates every position exactly as before, and training grows the new
// neurons from there. A net's hidden layer should grow with its data; this
// lets a wider generation still start from its parent. With king buckets the
// new neurons' random weights are the shared factor, as in UseKingBuckets.
func (m *Model) Widen(h int, seed uint64) {
	old, add := m.H, h-m.H
	if add <= 0 {
		return
	}
	fresh := NewModel(add, m.B, seed)
	zeros := make([]float32, add)
	// rows interleaves each row of old columns with one of the new.
	rows := func(w []float32, newRow func(r int) []float32) []float32 {
		out := make([]float32, 0, len(w)/old*h)
		for r := 0; r < len(w)/old; r++ {
			out = append(append(out, w[r*old:(r+1)*old]...), newRow(r)...)
		}
		return out
	}
	randomRow := func(r int) []float32 { return fresh.FTW[r*add : (r+1)*add] }
	zeroRow := func(int) []float32 { return zeros }
	if m.K > 1 {
		m.FTW, m.FTF = rows(m.FTW, zeroRow), rows(m.FTF, randomRow)
	} else {
		m.FTW = rows(m.FTW, randomRow)
	}
	m.FTB = append(m.FTB, fresh.FTB...)
	m.OW = rows(m.OW, zeroRow) // per bucket: the side to move's neurons, then the other side's
	m.H = h
}

// params lists the parameter slices in a fixed order (for Adam and
// checkpoints).
func (m *Model) params() [][]float32 {
	if m.K > 1 {
		return [][]float32{m.FTW, m.FTB, m.OW, m.OB, m.FTF}
	}
	return [][]float32{m.FTW, m.FTB, m.OW, m.OB}
}

// view is how perspective p of the sample reads its features: the engine's
// king view, from the perspective's own king among them.
func (m *Model) view(s *Sample, p int) nnue.KingView {
	if m.K <= 1 {
		return nnue.KingView{}
	}
	for _, f := range s.Features[p][:s.N] {
		if int(f)>>6 == int(board.King) { // own pieces: (0 + type)·64 + square
			return nnue.ViewOf(m.K, nnue.Square(f&63))
		}
	}
	return nnue.KingView{}
}

// forward computes the network output (in units of 400 cp) for one sample,
// leaving the accumulators in accs for the backward pass.
func (m *Model) forward(s *Sample, accs *[2][]float32) float32 {
	h := m.H
	for p := 0; p < 2; p++ {
		acc := accs[p][:h]
		copy(acc, m.FTB)
		v := m.view(s, p)
		for _, f := range s.Features[p][:s.N] {
			in := v.Input(int(f))
			col := m.FTW[in*h : in*h+h]
			for j := range acc {
				acc[j] += col[j]
			}
			if m.K > 1 {
				shared := (in - v.Offset) * h
				for j, w := range m.FTF[shared : shared+h] {
					acc[j] += w
				}
			}
		}
	}
	us, them := accs[s.STM], accs[s.STM^1]
	b := m.bucket(s)
	out := m.OB[b]
	ow := m.OW[b*2*h : (b+1)*2*h]
	for j := 0; j < h; j++ {
		out += m.act(us[j])*ow[j] + m.act(them[j])*ow[h+j]
	}
	return out
}

// bucket is the sample's output bucket: its feature count is the number of
// men on the board.
func (m *Model) bucket(s *Sample) int { return nnue.OutputBucket(int(s.N), m.B) }

func clamp01(x float32) float32 { return min(max(x, 0), 1) }

// act is the hidden layer's activation.
func (m *Model) act(x float32) float32 {
	c := clamp01(x)
	if m.Squared {
		return c * c
	}
	return c
}

// actGrad is act's derivative (0 where the clamp holds).
func (m *Model) actGrad(x float32) float32 {
	switch {
	case x <= 0 || x >= 1:
		return 0
	case m.Squared:
		return 2 * x
	}
	return 1
}

// outScale is the output weights' quantisation scale. The engine's squared
// activation sums c²·w for c = QA·x and divides by 256 (nnue's
// squaredScore), so c²/256 = x²·QA²/256 stands where the clipped ReLU has
// x·QA, and the weights carry the factor 256/QA that makes the sum come out
// at the same scale QA·QB.
func (m *Model) outScale() float64 {
	if m.Squared {
		return nnue.DefaultQB * 256.0 / nnue.QA
	}
	return nnue.DefaultQB
}

// maxOutWeight is the largest output weight that quantises inside the
// format's bound.
func (m *Model) maxOutWeight() float32 { return float32(2048 / m.outScale()) }

// Eval returns the model's evaluation of a sample in centipawns from the
// side to move's view.
func (m *Model) Eval(s *Sample) float32 {
	accs := [2][]float32{make([]float32, m.H), make([]float32, m.H)}
	return m.forward(s, &accs) * nnue.Scale
}

// Quantise converts the model to the engine's integer format.
func (m *Model) Quantise() *nnue.Net {
	q := func(x float32, scale, bound float64) int16 {
		v := math.Round(float64(x) * scale)
		return int16(max(-bound, min(bound, v)))
	}
	// Through the file format, so the engine gets aligned buffers.
	act := nnue.ActCReLU
	if m.Squared {
		act = nnue.ActSCReLU
	}
	n := &nnue.Net{Hidden: m.H, KingBuckets: max(m.K, 1), Buckets: m.B, Activation: act, QB: nnue.DefaultQB, FTWeights: make([]int16, len(m.FTW)), FTBias: make([]int16, m.H), OutWeights: make([]int16, len(m.OW)), OutBias: make([]int32, m.B)}
	for i, w := range m.FTW {
		if m.K > 1 {
			w += m.FTF[i%(nnue.Inputs*m.H)] // the same feature and neuron in the shared columns
		}
		n.FTWeights[i] = q(w, nnue.QA, 992)
	}
	for i, w := range m.FTB {
		n.FTBias[i] = q(w, nnue.QA, 992)
	}
	for i, w := range m.OW {
		n.OutWeights[i] = q(w, m.outScale(), 2048)
	}
	for i, b := range m.OB {
		n.OutBias[i] = int32(math.Round(float64(b) * nnue.QA * nnue.DefaultQB))
	}
	loaded, err := nnue.Load(bytes.NewReader(n.Bytes()))
	if err != nil {
		panic(err) // the bounds above keep every weight loadable
	}
	return loaded
}
