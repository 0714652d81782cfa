package nnue

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
)

// The wire form of a net: the same file, reversibly rearranged so that a
// general-purpose compressor (brotli, gzip) shrinks it much further — what
// the browser fetches. Decoding gives back the plain file byte for byte
// (its own header and checksum included), so Load reads either form and a
// net read from its wire form is the net itself.
//
// Three steps, each measured on generation 10 (4 king buckets, brotli -q 11
// of the feature weights: 636 KB plain):
//   - each king bucket's feature weights as their difference from the
//     bucket before it, and each output bucket's weights likewise: the
//     buckets were grown from one another (train --init), so the
//     differences are small (527 KB);
//   - every int16 zigzagged (0, −1, 1, −2, … → 0, 1, 2, 3, …), so a small
//     negative value no longer carries a high byte of 0xff;
//   - the low bytes of all the int16s, then all their high bytes, which are
//     then nearly all zero (479 KB: 0.75 of the plain file's).
//
// Layout: WireMagic, the plain file's header as it is, the transformed
// int16s (feature weights, feature biases, output weights: low bytes then
// high bytes), the output biases as they are, the plain file's checksum.
const WireMagic = "KBZW"

// WireBytes encodes the net in its wire form.
func (n *Net) WireBytes() []byte {
	plain := n.Bytes()
	hs := binary.Size(header{})
	values := n.wireValues()
	out := make([]byte, 0, len(WireMagic)+len(plain))
	out = append(out, WireMagic...)
	out = append(out, plain[:hs]...)
	lo, hi := make([]byte, len(values)), make([]byte, len(values))
	for i, v := range values {
		z := uint16(v<<1) ^ uint16(v>>15)
		lo[i], hi[i] = byte(z), byte(z>>8)
	}
	out = append(out, lo...)
	out = append(out, hi...)
	// The output biases and the checksum: the plain file's last bytes.
	return append(out, plain[len(plain)-4*n.Buckets-4:]...)
}

// wireValues is the net's int16s in file order with each king bucket and
// output bucket after the first made a difference from the one before.
func (n *Net) wireValues() []int16 {
	values := make([]int16, 0, len(n.FTWeights)+len(n.FTBias)+len(n.OutWeights))
	values = appendDeltas(values, n.FTWeights, Inputs*n.Hidden)
	values = append(values, n.FTBias...)
	return appendDeltas(values, n.OutWeights, 2*n.Hidden)
}

// appendDeltas appends s, cut into blocks of size each, with every block
// but the first less the block before it (int16 arithmetic wraps, so the
// step is exactly reversible).
func appendDeltas(dst, s []int16, size int) []int16 {
	for i, v := range s {
		if i >= size {
			v -= s[i-size]
		}
		dst = append(dst, v)
	}
	return dst
}

// undoDeltas reverses appendDeltas in place.
func undoDeltas(s []int16, size int) {
	for i := size; i < len(s); i++ {
		s[i] += s[i-size]
	}
}

// netFromWire reads a wire-form file straight into a net: the values go
// to the net's weights as they are decoded, and the plain file's checksum
// is computed over its bytes re-encoded a block at a time, so that no copy
// of the plain file is made and parsed again (the browser's engine reads
// its net this way as it starts).
func netFromWire(data []byte) (*Net, error) {
	hs := binary.Size(header{})
	if len(data) < len(WireMagic)+hs {
		return nil, fmt.Errorf("%d bytes is shorter than a wire-form header", len(data))
	}
	head := data[len(WireMagic) : len(WireMagic)+hs]
	var h header
	binary.Decode(head, binary.LittleEndian, &h)
	if err := h.check(); err != nil {
		return nil, err
	}
	hid, nb, in := int(h.Hidden), int(h.Outputs), int(h.Inputs)
	count := in*hid + hid + nb*2*hid
	tail := 4*nb + 4
	if want := len(WireMagic) + hs + 2*count + tail; len(data) != want {
		return nil, fmt.Errorf("%d bytes; the wire form of a %d-hidden net with %d output bucket(s) has %d", len(data), hid, nb, want)
	}
	lo := data[len(WireMagic)+hs:][:count]
	hi := data[len(WireMagic)+hs+count:][:count]
	n := newNet(h)
	for _, dst := range n.int16s() {
		for i := range dst {
			z := uint16(lo[i]) | uint16(hi[i])<<8
			dst[i] = int16(z>>1) ^ -int16(z&1)
		}
		lo, hi = lo[len(dst):], hi[len(dst):]
	}
	undoDeltas(n.FTWeights, Inputs*hid)
	undoDeltas(n.OutWeights, 2*hid)
	biases, sum := data[len(data)-tail:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	for i := range n.OutBias {
		n.OutBias[i] = int32(binary.LittleEndian.Uint32(biases[4*i:]))
	}
	crc := crc32.Update(0, castagnoli, head)
	var block [4096]byte
	for _, src := range n.int16s() {
		for len(src) > 0 {
			k := min(len(src), len(block)/2)
			for i, v := range src[:k] {
				binary.LittleEndian.PutUint16(block[2*i:], uint16(v))
			}
			crc = crc32.Update(crc, castagnoli, block[:2*k])
			src = src[k:]
		}
	}
	if crc = crc32.Update(crc, castagnoli, biases); crc != sum {
		return nil, fmt.Errorf("checksum %08x does not match the contents (%08x)", sum, crc)
	}
	return n, n.validate()
}
