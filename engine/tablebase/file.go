package tablebase

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"kibitz/internal/regular"
)

// The table file (SIG.ktb): "KTB1", the format version (uint32), the
// signature's length (one byte) and text, the number of entries (uint32),
// one byte per entry — 0 not a position of its own, 1 draw, 2+m a win
// with mate in m+1 moves (2m+1 plies), 130+m a loss mated in m moves (2m
// plies) — and the CRC-32C of all that. Little-endian.
const (
	fileMagic   = "KTB1"
	fileVersion = 1
	FileExt     = ".ktb"
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// ErrBadFile is wrapped by every error ReadTable returns.
var ErrBadFile = errors.New("bad table file")

func entryByte(r, d uint8) (byte, error) {
	switch r {
	case win:
		if d%2 != 1 || d/2 > 127 {
			return 0, fmt.Errorf("win in %d plies cannot be stored", d)
		}
		return 2 + d/2, nil
	case loss:
		if d%2 != 0 || d/2 > 125 {
			return 0, fmt.Errorf("loss in %d plies cannot be stored", d)
		}
		return 130 + d/2, nil
	case draw:
		return 1, nil
	}
	return 0, nil
}

// WriteTo writes the table in the file format.
func (t *Table) WriteTo(w io.Writer) (int64, error) {
	sig := t.Sig.String()
	buf := make([]byte, 0, 13+len(sig)+len(t.res)+4)
	buf = append(buf, fileMagic...)
	buf = binary.LittleEndian.AppendUint32(buf, fileVersion)
	buf = append(buf, byte(len(sig)))
	buf = append(buf, sig...)
	buf = binary.LittleEndian.AppendUint32(buf, uint32(len(t.res)))
	for i := range t.res {
		b, err := entryByte(t.res[i], t.dtm[i])
		if err != nil {
			return 0, err
		}
		buf = append(buf, b)
	}
	buf = binary.LittleEndian.AppendUint32(buf, crc32.Checksum(buf, castagnoli))
	n, err := w.Write(buf)
	return int64(n), err
}

// ReadTable reads and checks a table file.
func ReadTable(r io.Reader) (*Table, error) {
	// The largest table, 5 men with pawns on both sides, has 32·64⁴·2·2
	// entries of a byte; nothing longer is read.
	data, err := io.ReadAll(io.LimitReader(r, 1<<31+1<<10))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadFile, err)
	}
	t, err := parseTable(data)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadFile, err)
	}
	return t, nil
}

func parseTable(data []byte) (*Table, error) {
	if len(data) < 14 || string(data[:4]) != fileMagic {
		return nil, errors.New("not a table file (magic)")
	}
	if v := binary.LittleEndian.Uint32(data[4:]); v != fileVersion {
		return nil, fmt.Errorf("version %d; this build reads version %d", v, fileVersion)
	}
	n := int(data[8])
	if len(data) < 9+n+4+4 {
		return nil, errors.New("truncated header")
	}
	sig, err := ParseSignature(string(data[9 : 9+n]))
	if err != nil {
		return nil, err
	}
	if c, _ := sig.canonical(); c.String() != sig.String() {
		return nil, fmt.Errorf("%s is not in its canonical orientation", sig)
	}
	entries := int(binary.LittleEndian.Uint32(data[9+n:]))
	body := data[13+n:]
	l := newLayout(sig)
	if entries != l.size() || len(body) != entries+4 {
		return nil, fmt.Errorf("%s: %d entries in %d bytes; want %d", sig, entries, len(body), l.size())
	}
	if got, want := crc32.Checksum(data[:len(data)-4], castagnoli), binary.LittleEndian.Uint32(data[len(data)-4:]); got != want {
		return nil, fmt.Errorf("checksum %08x, want %08x", got, want)
	}
	t := &Table{Sig: sig, res: make([]uint8, entries), dtm: make([]uint8, entries), layout: newLayout(sig)}
	for i, b := range body[:entries] {
		switch {
		case b == 0:
			t.res[i] = illegal
		case b == 1:
			t.res[i] = draw
		case b < 130:
			t.res[i], t.dtm[i] = win, 2*(b-2)+1
		case b <= 255:
			t.res[i], t.dtm[i] = loss, 2*(b-130)
		}
	}
	return t, nil
}

// Add puts a table (read from a file) in the set.
func (set *Set) Add(t *Table) {
	set.mu.Lock()
	defer set.mu.Unlock()
	set.tables[t.Sig.String()] = t
	set.index(t)
}

// Names returns the signatures of the set's tables, sorted ("KPvK", "KQvK").
func (set *Set) Names() []string {
	set.mu.Lock()
	defer set.mu.Unlock()
	names := make([]string, 0, len(set.tables))
	for name := range set.tables {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// Loaded returns the set's table of s (in its canonical orientation)
// without generating it.
func (set *Set) Loaded(s Signature) (*Table, bool) {
	s, _ = s.canonical()
	set.mu.Lock()
	defer set.mu.Unlock()
	t, ok := set.tables[s.String()]
	return t, ok
}

// LoadDir adds every table file of dir to the set and returns their
// signatures.
func (set *Set) LoadDir(dir string) ([]Signature, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*"+FileExt))
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var sigs []Signature
	for _, name := range names {
		f, err := regular.Open(name) // a FIFO named like a table must not block

		if err != nil {
			return nil, err
		}
		t, err := ReadTable(bufio.NewReader(f))
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if want := t.Sig.String() + FileExt; filepath.Base(name) != want {
			return nil, fmt.Errorf("%s holds %s", name, t.Sig)
		}
		set.Add(t)
		sigs = append(sigs, t.Sig)
	}
	return sigs, nil
}

// Signatures lists the signatures with up to men men, each in its
// canonical orientation.
func Signatures(men int) []Signature {
	var out []Signature
	seen := map[string]bool{}
	var rec func(w, b []int, left int)
	rec = func(w, b []int, left int) {
		if len(w)+len(b) > 2 {
			s, _ := Signature{White: sorted(w), Black: sorted(b)}.canonical()
			if !seen[s.String()] {
				seen[s.String()] = true
				out = append(out, s)
			}
		}
		if left == 0 {
			return
		}
		for k := queen; k <= pawn; k++ {
			rec(append(append([]int{}, w...), k), b, left-1)
			rec(w, append(append([]int{}, b...), k), left-1)
		}
	}
	rec([]int{king}, []int{king}, men-2)
	sort.Slice(out, func(i, j int) bool {
		if out[i].Men() != out[j].Men() {
			return out[i].Men() < out[j].Men()
		}
		return out[i].String() < out[j].String()
	})
	return out
}

func sorted(ps []int) []int {
	out := append([]int{}, ps...)
	sort.Ints(out[1:])
	return out
}

// ParseSignatures reads a comma-separated list ("KQvKR,KBNvK").
func ParseSignatures(list string) ([]Signature, error) {
	var out []Signature
	for _, s := range strings.Split(list, ",") {
		sig, err := ParseSignature(s)
		if err != nil {
			return nil, err
		}
		out = append(out, sig)
	}
	return out, nil
}
