package nnue

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
)

// Quantisation and architecture constants. The output layer's scale QB is
// recorded per net: the first nets used 64, which rounds the small output
// weights of a net trained on millions of positions too coarsely (a median
// weight of 6 steps); nets are now written with DefaultQB.
//
// Format version 1 has one output and the clipped ReLU; version 2 has
// Outputs output buckets, one chosen by the number of pieces on the board
// (OutputBucket), each with its own weights and bias, and either
// activation; version 3 adds king buckets: Inputs = 768 × k for one of
// KingBucketLayouts, the inputs of each bucket in turn. Each net is
// written in the oldest version that can hold it.
const (
	Inputs      = 768
	QA          = 255  // feature transformer scale (clipped ReLU ceiling)
	DefaultQB   = 1024 // output layer scale of the nets the trainer writes
	minQB       = 16   // coarser output weights make every score absurd
	maxQB       = 8192
	Scale       = 400 // centipawns per unit of network output
	FormatMagic = "KBZN"
	Version     = 3 // the newest version this build reads and writes
	MaxBuckets  = 8
	ActCReLU    = 1 // clamp(x, 0, QA)
	ActSCReLU   = 2 // squared: clamp(x, 0, QA)², exact (the output weights carry 256/QA)

	// Bounds that keep every intermediate in range: 32 active features
	// plus the bias stay within int16, and the output sum within int32.
	maxFTWeight  = 992
	maxOutWeight = 2048
	maxHidden    = 1024
	// The output bias is worth at most maxBiasCP centipawns, and stays
	// below 2³⁰ so that it adds to the largest output sum within int32.
	maxBiasCP  = 4000
	maxOutBias = 1 << 30
)

// Net is a network: feature weights column by feature (Inputs × Hidden),
// feature biases, output weights per bucket ([side to move | other side],
// 2·Hidden each, Buckets × 2·Hidden in all) at scale QB, and one output
// bias per bucket at scale QA·QB.
type Net struct {
	Hidden      int
	KingBuckets int // 1, or a king-bucket layout (KingBucketLayouts): 768 inputs per bucket
	Buckets     int
	Activation  int // ActCReLU or ActSCReLU
	// Version is the format version the net was read from; Bytes writes
	// it again (0, or one too old for the net: the oldest that holds it).
	Version    int
	QB         int
	FTWeights  []int16
	FTBias     []int16
	OutWeights []int16
	OutBias    []int32
}

// Architecture describes the net in words: "256 hidden", then what it
// has beyond the first format's (king buckets, output buckets, the
// squared activation).
func (n *Net) Architecture() string {
	s := fmt.Sprintf("%d hidden", n.Hidden)
	if n.KingBuckets > 1 {
		s += fmt.Sprintf(", %d king buckets", n.KingBuckets)
	}
	if n.Buckets > 1 {
		s += fmt.Sprintf(", %d output buckets", n.Buckets)
	}
	if n.Activation == ActSCReLU {
		s += ", squared clipped ReLU"
	}
	return s
}

// OutputBucket is the output bucket of a position with pieces men on the
// board (kings included, 2…32) in a net with buckets buckets: equal shares
// of the range, the fewest pieces first. Engine and trainer both use it.
func OutputBucket(pieces, buckets int) int {
	return min(max(pieces-2, 0)*buckets/31, buckets-1)
}

// header is the fixed part of the file, little-endian.
type header struct {
	Magic      [4]byte
	Version    uint32
	Inputs     uint32
	Hidden     uint32
	Outputs    uint32
	Activation uint32
	QA, QB     uint32
	Scale      uint32
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// ErrBadNet is wrapped by every error Load returns.
var ErrBadNet = errors.New("bad network file")

// Load reads and validates a network file, plain or in its wire form
// (WireBytes): magic, version, architecture, sizes, weight ranges and the
// CRC-32C checksum of everything before it.
func Load(r io.Reader) (*Net, error) {
	data, err := io.ReadAll(io.LimitReader(r, 64<<20))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadNet, err)
	}
	return LoadBytes(data)
}

// LoadBytes is Load of a file already in memory (the browser's worker is
// handed the net's bytes): it reads data without copying it first.
func LoadBytes(data []byte) (*Net, error) {
	if bytes.HasPrefix(data, []byte(WireMagic)) {
		n, err := netFromWire(data)
		if err != nil {
			return nil, fmt.Errorf("%w: wire form: %v", ErrBadNet, err)
		}
		return n, nil
	}
	n, err := parse(data)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadNet, err)
	}
	return n, nil
}

func parse(data []byte) (*Net, error) {
	var h header
	hs := binary.Size(h)
	if len(data) < hs+4 {
		return nil, fmt.Errorf("%d bytes is shorter than a header", len(data))
	}
	binary.Read(bytes.NewReader(data), binary.LittleEndian, &h)
	if err := h.check(); err != nil {
		return nil, err
	}
	hid, nb, in := int(h.Hidden), int(h.Outputs), int(h.Inputs)
	want := hs + 2*(in*hid+hid+nb*2*hid) + 4*nb + 4
	if len(data) != want {
		return nil, fmt.Errorf("%d bytes; a %d-hidden net with %d output bucket(s) has %d", len(data), hid, nb, want)
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	if got := crc32.Checksum(body, castagnoli); got != sum {
		return nil, fmt.Errorf("checksum %08x does not match the contents (%08x)", sum, got)
	}
	n := newNet(h)
	rest := data[hs:]
	for _, v := range n.int16s() {
		rest = decodeInt16s(v, rest)
	}
	for i := range n.OutBias {
		n.OutBias[i] = int32(binary.LittleEndian.Uint32(rest[4*i:]))
	}
	return n, n.validate()
}

// newNet returns a net of the checked header h's shape, its weights zero.
func newNet(h header) *Net {
	hid, nb, in := int(h.Hidden), int(h.Outputs), int(h.Inputs)
	return &Net{Hidden: hid, KingBuckets: in / Inputs, Buckets: nb, Activation: int(h.Activation), QB: int(h.QB), Version: int(h.Version),
		FTWeights: alignedInt16(in * hid), FTBias: alignedInt16(hid), OutWeights: alignedInt16(nb * 2 * hid), OutBias: make([]int32, nb)}
}

// int16s is the net's int16 arrays in file order.
func (n *Net) int16s() [][]int16 { return [][]int16{n.FTWeights, n.FTBias, n.OutWeights} }

// decodeInt16s fills dst from the little-endian values at the start of src
// and returns the rest of src. (binary.Read does the same through a copy
// of the bytes and an interface; the net is loaded as the browser's engine
// starts, where that copy is a tenth of the start-up.)
func decodeInt16s(dst []int16, src []byte) []byte {
	body := src[:2*len(dst)]
	for i := range dst {
		dst[i] = int16(binary.LittleEndian.Uint16(body[2*i:]))
	}
	return src[len(body):]
}

func (n *Net) validate() error {
	if n.QB < minQB || n.QB > maxQB {
		return fmt.Errorf("output scale QB=%d is not in %d..%d", n.QB, minQB, maxQB)
	}
	if !ValidKingBuckets(n.KingBuckets) || len(n.FTWeights) != n.KingBuckets*Inputs*n.Hidden {
		return fmt.Errorf("%d king buckets with %d feature weights", n.KingBuckets, len(n.FTWeights))
	}
	if n.Activation != ActCReLU && n.Activation != ActSCReLU {
		return fmt.Errorf("activation %d is neither %d (clipped ReLU) nor %d (squared clipped ReLU)", n.Activation, ActCReLU, ActSCReLU)
	}
	if n.Buckets < 1 || n.Buckets > MaxBuckets || len(n.OutBias) != n.Buckets || len(n.OutWeights) != n.Buckets*2*n.Hidden {
		return fmt.Errorf("%d output buckets with %d biases and %d weights", n.Buckets, len(n.OutBias), len(n.OutWeights))
	}
	limit := min(int64(maxBiasCP)*QA*int64(n.QB)/Scale, maxOutBias)
	for _, b := range n.OutBias {
		if b := int64(b); b > limit || b < -limit {
			return fmt.Errorf("output bias %d is beyond ±%d (%d centipawns)", b, limit, maxBiasCP)
		}
	}
	for i, w := range n.FTWeights {
		if w > maxFTWeight || w < -maxFTWeight {
			return fmt.Errorf("feature weight %d is %d, beyond ±%d", i, w, maxFTWeight)
		}
	}
	for i, w := range n.FTBias {
		if w > maxFTWeight || w < -maxFTWeight {
			return fmt.Errorf("feature bias %d is %d, beyond ±%d", i, w, maxFTWeight)
		}
	}
	for i, w := range n.OutWeights {
		if w > maxOutWeight || w < -maxOutWeight {
			return fmt.Errorf("output weight %d is %d, beyond ±%d", i, w, maxOutWeight)
		}
	}
	return nil
}

// Bytes encodes the net in the file format.
func (n *Net) Bytes() []byte {
	var b bytes.Buffer
	version := uint32(1) // the same bytes as before buckets existed
	switch {
	case n.KingBuckets > 1:
		version = 3
	case n.Buckets > 1 || n.Activation != ActCReLU:
		version = 2
	}
	version = max(version, uint32(n.Version))
	h := header{Version: version, Inputs: uint32(n.KingBuckets * Inputs), Hidden: uint32(n.Hidden), Outputs: uint32(n.Buckets), Activation: uint32(n.Activation), QA: QA, QB: uint32(n.QB), Scale: Scale}
	copy(h.Magic[:], FormatMagic)
	binary.Write(&b, binary.LittleEndian, h)
	for _, v := range []any{n.FTWeights, n.FTBias, n.OutWeights, n.OutBias} {
		binary.Write(&b, binary.LittleEndian, v)
	}
	binary.Write(&b, binary.LittleEndian, crc32.Checksum(b.Bytes(), castagnoli))
	return b.Bytes()
}

// check says what is wrong with a header, if anything.
func (h *header) check() error {
	if string(h.Magic[:]) != FormatMagic {
		return fmt.Errorf("magic %q is not %q", h.Magic[:], FormatMagic)
	}
	if h.Version < 1 || h.Version > Version {
		return fmt.Errorf("version %d; this build reads versions 1 to %d", h.Version, Version)
	}
	maxOutputs, maxAct, maxKing := uint32(MaxBuckets), uint32(ActSCReLU), 8
	switch h.Version {
	case 1:
		maxOutputs, maxAct, maxKing = 1, ActCReLU, 1
	case 2:
		maxKing = 1
	}
	king := int(h.Inputs / Inputs)
	if h.Inputs%Inputs != 0 || !ValidKingBuckets(king) || king > maxKing || h.Outputs < 1 || h.Outputs > maxOutputs || h.Activation < ActCReLU || h.Activation > maxAct {
		return fmt.Errorf("architecture %d→%d→%d (activation %d) is not 768·k→H→1…%d with k in 1…%d and activation %d…%d (version %d)",
			h.Inputs, h.Hidden, h.Outputs, h.Activation, maxOutputs, maxKing, ActCReLU, maxAct, h.Version)
	}
	if h.Hidden == 0 || h.Hidden%64 != 0 || h.Hidden > maxHidden {
		return fmt.Errorf("hidden size %d is not a multiple of 64 in 64..%d", h.Hidden, maxHidden)
	}
	if h.QA != QA || h.Scale != Scale {
		return fmt.Errorf("quantisation QA=%d scale=%d; want %d, %d", h.QA, h.Scale, QA, Scale)
	}
	if h.QB < minQB || h.QB > maxQB {
		return fmt.Errorf("output scale QB=%d is not in %d..%d", h.QB, minQB, maxQB)
	}
	return nil
}
