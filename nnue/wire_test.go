package nnue

import (
	"bytes"
	"compress/gzip"
	"errors"
	"slices"
	"strings"
	"testing"
)

// The wire form decodes to the plain file byte for byte: the embedded net
// and nets of every shape (king buckets, output buckets, the squared
// activation).
func TestWireFormDecodesToThePlainFile(t *testing.T) {
	sq := RandomNet(64, 9)
	sq.Activation = ActSCReLU
	nets := map[string][]byte{
		"embedded":                    defaultNet,
		"one bucket":                  RandomNet(64, 4).Bytes(),
		"8 output buckets":            bucketed(RandomNet(64, 5), 8, 6).Bytes(),
		"4 king buckets":              kingBucketed(RandomNet(128, 7), 4, 8).Bytes(),
		"8 king and 8 output buckets": bucketed(kingBucketed(RandomNet(64, 10), 8, 11), 8, 12).Bytes(),
		"squared activation":          sq.Bytes(),
	}
	for name, plain := range nets {
		n, err := Load(bytes.NewReader(plain))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		wire := n.WireBytes()
		if !bytes.HasPrefix(wire, []byte(WireMagic)) || len(wire) != len(plain)+len(WireMagic) {
			t.Errorf("%s: wire form of %d bytes for a %d-byte file", name, len(wire), len(plain))
		}
		m, err := Load(bytes.NewReader(wire))
		if err != nil || !bytes.Equal(m.Bytes(), plain) {
			t.Errorf("%s: Load of the wire form: %v", name, err)
		}
	}
}

// The point of the wire form: the embedded net, gzipped, is well smaller
// in it (brotli, what the page is served with, gains more: docs/benchmarks.md).
func TestWireFormCompressesBetter(t *testing.T) {
	n, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	plain, wire := gzipped(t, n.Bytes()), gzipped(t, n.WireBytes())
	t.Logf("embedded net gzip -9: plain %d bytes, wire form %d (%.3f)", plain, wire, float64(wire)/float64(plain))
	if n.KingBuckets > 1 && float64(wire) > 0.9*float64(plain) {
		t.Errorf("wire form %d bytes gzipped against %d plain: the transform gains under 10 %%", wire, plain)
	}
}

func gzipped(t *testing.T, b []byte) int {
	var out bytes.Buffer
	w, _ := gzip.NewWriterLevel(&out, gzip.BestCompression)
	if _, err := w.Write(b); err != nil {
		t.Fatal(err)
	}
	w.Close()
	return out.Len()
}

func TestLoaderRejectsBadWireFiles(t *testing.T) {
	good := kingBucketed(RandomNet(64, 2), 2, 3).WireBytes()
	edit := func(f func(b []byte)) []byte { b := slices.Clone(good); f(b); return b }
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"magic only", []byte(WireMagic), "shorter than a wire-form header"},
		{"truncated", good[:len(good)-1], "the wire form of a 64-hidden net with 1 output bucket(s) has"},
		{"longer", append(slices.Clone(good), 0), "bytes; the wire form"},
		{"inner magic", edit(func(b []byte) { b[4] = 'X' }), "magic"},
		{"hidden", edit(func(b []byte) { b[4+12] = 65 }), "multiple of 64"},
		{"a weight's low byte", edit(func(b []byte) { b[200] ^= 4 }), "checksum"},
		{"a weight's high byte", edit(func(b []byte) { b[len(b)/2] ^= 1 }), "checksum"},
		{"an output bias", edit(func(b []byte) { b[len(b)-5] ^= 1 }), "checksum"},
		{"checksum", edit(func(b []byte) { b[len(b)-1] ^= 1 }), "checksum"},
	} {
		_, err := Load(bytes.NewReader(c.data))
		if err == nil || !errors.Is(err, ErrBadNet) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an ErrBadNet mentioning %q", c.name, err, c.want)
		}
	}
}

// FuzzLoadWire: any bytes after the wire magic are refused or give a net
// whose wire form is those bytes.
func FuzzLoadWire(f *testing.F) {
	f.Add(RandomNet(64, 2).WireBytes()[len(WireMagic):])
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, rest []byte) {
		data := append([]byte(WireMagic), rest...)
		n, err := Load(bytes.NewReader(data))
		if err != nil {
			return
		}
		if !bytes.Equal(n.WireBytes(), data) {
			t.Fatal("an accepted wire file does not re-encode to itself")
		}
	})
}
