package tablebase

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"kibitz/internal/regular"
)

// The table file (SIG.ktb): "KTB1", the format version (uint32), the
// signature's length (one byte) and text, the number of entries (uint32),
// one byte per entry — 0 a draw or not a position of its own (the index
// tells which: Table.used), m in 1..127 a win with mate in m moves (2m−1
// plies), 128+m a loss mated in m moves (2m plies, m up to 127) — and the
// CRC-32C of all that. Little-endian. Version 1 spent a code on the
// unused entries and held losses only up to 125 moves; the longest 5-man
// mate (KPPvKP) is a loss in 127. Version 2 gave the positions with an en
// passant capture open a second half of the index, which could not say
// which of two pawns had pushed; version 3 marks the pawn (layout.go, epMarker). The
// tables without pawns on both sides have the same index in both, so a
// version 2 file of one of those is read as it is.
const (
	fileMagic   = "KTB1"
	fileVersion = 3
	FileExt     = ".ktb"
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// maxFileSize bounds a table file: the largest table, 5 men with pawns,
// has 32·64⁴·2 entries of a byte; nothing longer is read.
const maxFileSize = 1<<30 + 1<<10

// ErrBadFile is wrapped by every error ReadTable returns.
var ErrBadFile = errors.New("bad table file")

// WriteTo writes the table in the file format.
func (t *Table) WriteTo(w io.Writer) (int64, error) {
	sig := t.Sig.String()
	if t.err != nil {
		return 0, t.err
	}
	head := make([]byte, 0, 13+len(sig))
	head = append(head, fileMagic...)
	head = binary.LittleEndian.AppendUint32(head, fileVersion)
	head = append(head, byte(len(sig)))
	head = append(head, sig...)
	head = binary.LittleEndian.AppendUint32(head, uint32(len(t.entries)))
	crc := crc32.Update(crc32.Checksum(head, castagnoli), castagnoli, t.entries)
	// The entries are written from where they are (a 5-man table is a
	// gigabyte): no second copy.
	var total int64
	for _, part := range [][]byte{head, t.entries, binary.LittleEndian.AppendUint32(nil, crc)} {
		n, err := w.Write(part)
		total += int64(n)
		if err != nil {
			return total, err
		}
	}
	return total, nil
}

// ReadTable reads and checks a table file.
func ReadTable(r io.Reader) (*Table, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxFileSize+1))
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
	version := binary.LittleEndian.Uint32(data[4:])
	if version != fileVersion && version != 2 {
		return nil, fmt.Errorf("version %d; this build reads version %d (make the table again with kibitz tb gen)", version, fileVersion)
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
	if version == 2 && l.ep {
		return nil, fmt.Errorf("%s: version 2 indexed en passant differently; this build reads version %d (make the table again with kibitz tb gen)", sig, fileVersion)
	}
	if entries != l.size() || len(body) != entries+4 {
		return nil, fmt.Errorf("%s: %d entries in %d bytes; want %d", sig, entries, len(body), l.size())
	}
	if got, want := crc32.Checksum(data[:len(data)-4], castagnoli), binary.LittleEndian.Uint32(data[len(data)-4:]); got != want {
		return nil, fmt.Errorf("checksum %08x, want %08x", got, want)
	}
	return &Table{Sig: sig, entries: body[:entries:entries], layout: l}, nil
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
		t, err := OpenTable(name)
		if err != nil {
			return nil, err
		}
		if want := t.Sig.String() + FileExt; filepath.Base(name) != want {
			return nil, fmt.Errorf("%s holds %s", name, t.Sig)
		}
		set.Add(t)
		sigs = append(sigs, t.Sig)
	}
	return sigs, nil
}

// OpenTable opens and checks a table file, mapped into memory where the
// system allows (mapfile_unix.go) rather than read.
func OpenTable(name string) (*Table, error) {
	f, err := regular.Open(name) // a FIFO named like a table must not block
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.Size() > maxFileSize {
		return nil, fmt.Errorf("%s: %w: %d bytes, more than any table", name, ErrBadFile, st.Size())
	}
	data, err := mapFile(f, st.Size())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	t, err := parseTable(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w: %v", name, ErrBadFile, err)
	}
	return t, nil
}

// WriteFile writes the table to path through a temporary file renamed
// into place: a run stopped while writing leaves no partial table, and a
// table mapped from the old file keeps its pages.
func (t *Table) WriteFile(path string) (int64, error) {
	tmp := path + ".partial"
	f, err := os.Create(tmp)
	if err != nil {
		return 0, err
	}
	n, err := t.WriteTo(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return n, err
	}
	return n, nil
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
