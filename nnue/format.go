package nnue

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
)

// Quantisation and architecture constants of format version 1. The output
// layer's scale QB is recorded per net: the first nets used 64, which
// rounds the small output weights of a net trained on millions of
// positions too coarsely (a median weight of 6 steps); nets are now
// written with DefaultQB.
const (
	Inputs      = 768
	QA          = 255  // feature transformer scale (clipped ReLU ceiling)
	DefaultQB   = 1024 // output layer scale of the nets the trainer writes
	minQB       = 16   // coarser output weights make every score absurd
	maxQB       = 8192
	Scale       = 400 // centipawns per unit of network output
	FormatMagic = "KBZN"
	Version     = 1
	ActCReLU    = 1

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
// feature biases, output weights ([side to move | other side], 2·Hidden) at
// scale QB, and the output bias at scale QA·QB.
type Net struct {
	Hidden     int
	QB         int
	FTWeights  []int16
	FTBias     []int16
	OutWeights []int16
	OutBias    int32
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
	hid := int(h.Hidden)
	want := hs + 2*(Inputs*hid+hid+2*hid) + 4 + 4
	if len(data) != want {
		return nil, fmt.Errorf("%d bytes; a %d-hidden net has %d", len(data), hid, want)
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	if got := crc32.Checksum(body, castagnoli); got != sum {
		return nil, fmt.Errorf("checksum %08x does not match the contents (%08x)", sum, got)
	}
	n := &Net{Hidden: hid, QB: int(h.QB)}
	rd := bytes.NewReader(data[hs:])
	n.FTWeights = alignedInt16(Inputs * hid)
	n.FTBias = alignedInt16(hid)
	n.OutWeights = alignedInt16(2 * hid)
	for _, v := range []any{n.FTWeights, n.FTBias, n.OutWeights, &n.OutBias} {
		binary.Read(rd, binary.LittleEndian, v)
	}
	return n, n.validate()
}

func (n *Net) validate() error {
	if n.QB < minQB || n.QB > maxQB {
		return fmt.Errorf("output scale QB=%d is not in %d..%d", n.QB, minQB, maxQB)
	}
	limit := min(int64(maxBiasCP)*QA*int64(n.QB)/Scale, maxOutBias)
	if b := int64(n.OutBias); b > limit || b < -limit {
		return fmt.Errorf("output bias %d is beyond ±%d (%d centipawns)", b, limit, maxBiasCP)
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
	h := header{Version: Version, Inputs: Inputs, Hidden: uint32(n.Hidden), Outputs: 1, Activation: ActCReLU, QA: QA, QB: uint32(n.QB), Scale: Scale}
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
	if h.Version != Version {
		return fmt.Errorf("version %d; this build reads version %d", h.Version, Version)
	}
	if h.Inputs != Inputs || h.Outputs != 1 || h.Activation != ActCReLU {
		return fmt.Errorf("architecture %d→%d→%d (activation %d) is not 768→H→1 with clipped ReLU", h.Inputs, h.Hidden, h.Outputs, h.Activation)
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
