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
// activation. A net version 1 can hold is written as version 1.
const (
	Inputs      = 768
	QA          = 255  // feature transformer scale (clipped ReLU ceiling)
	DefaultQB   = 1024 // output layer scale of the nets the trainer writes
	minQB       = 16   // coarser output weights make every score absurd
	maxQB       = 8192
	Scale       = 400 // centipawns per unit of network output
	FormatMagic = "KBZN"
	Version     = 2 // the newest version this build reads and writes
	MaxBuckets  = 8
	ActCReLU    = 1 // clamp(x, 0, QA)
	ActSCReLU   = 2 // squared: (clamp(x, 0, QA)² + 128) >> 8, in 0..254

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
	Hidden     int
	Buckets    int
	Activation int // ActCReLU or ActSCReLU
	QB         int
	FTWeights  []int16
	FTBias     []int16
	OutWeights []int16
	OutBias    []int32
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

// Load reads and validates a network file: magic, version, architecture,
// sizes, weight ranges and the CRC-32C checksum of everything before it.
func Load(r io.Reader) (*Net, error) {
	data, err := io.ReadAll(io.LimitReader(r, 64<<20))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadNet, err)
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
	hid, nb := int(h.Hidden), int(h.Outputs)
	want := hs + 2*(Inputs*hid+hid+nb*2*hid) + 4*nb + 4
	if len(data) != want {
		return nil, fmt.Errorf("%d bytes; a %d-hidden net with %d output bucket(s) has %d", len(data), hid, nb, want)
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	if got := crc32.Checksum(body, castagnoli); got != sum {
		return nil, fmt.Errorf("checksum %08x does not match the contents (%08x)", sum, got)
	}
	n := &Net{Hidden: hid, Buckets: nb, Activation: int(h.Activation), QB: int(h.QB)}
	rd := bytes.NewReader(data[hs:])
	n.FTWeights = alignedInt16(Inputs * hid)
	n.FTBias = alignedInt16(hid)
	n.OutWeights = alignedInt16(nb * 2 * hid)
	n.OutBias = make([]int32, nb)
	for _, v := range []any{n.FTWeights, n.FTBias, n.OutWeights, n.OutBias} {
		binary.Read(rd, binary.LittleEndian, v)
	}
	return n, n.validate()
}

func (n *Net) validate() error {
	if n.QB < minQB || n.QB > maxQB {
		return fmt.Errorf("output scale QB=%d is not in %d..%d", n.QB, minQB, maxQB)
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
	version := uint32(Version)
	if n.Buckets == 1 && n.Activation == ActCReLU {
		version = 1 // the same bytes as before buckets existed
	}
	h := header{Version: version, Inputs: Inputs, Hidden: uint32(n.Hidden), Outputs: uint32(n.Buckets), Activation: uint32(n.Activation), QA: QA, QB: uint32(n.QB), Scale: Scale}
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
	maxOutputs, maxAct := uint32(MaxBuckets), uint32(ActSCReLU)
	if h.Version == 1 {
		maxOutputs, maxAct = 1, ActCReLU
	}
	if h.Inputs != Inputs || h.Outputs < 1 || h.Outputs > maxOutputs || h.Activation < ActCReLU || h.Activation > maxAct {
		return fmt.Errorf("architecture %d→%d→%d (activation %d) is not 768→H→1…%d with activation %d…%d (version %d)", h.Inputs, h.Hidden, h.Outputs, h.Activation, maxOutputs, ActCReLU, maxAct, h.Version)
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
