package corpus

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"

	"kibitz/internal/regular"
)

// Writer appends games to a corpus file.
type Writer struct {
	f   *os.File
	w   *bufio.Writer
	buf []byte
}

// Summary describes the whole games a file holds.
type Summary struct {
	Meta      string
	Games     int
	Positions int    // searched positions
	NextIndex uint64 // one past the highest game index
	Bytes     int64
}

// Append opens path for appending games, creating it with meta as its
// header when it does not exist or is empty. An existing file must be a
// corpus with the same metadata; a game left half-written by an interrupted
// run is cut off, and nothing else is ever removed. The summary describes
// the whole games already there.
func Append(path, meta string) (*Writer, Summary, error) {
	if len(meta) > maxMeta {
		return nil, Summary{}, errors.New("corpus metadata too long")
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, Summary{}, err
	}
	st, err := f.Stat()
	if err == nil && !st.Mode().IsRegular() {
		err = fmt.Errorf("%s is not a regular file", path)
	}
	if err == nil {
		if err = lock(f); err != nil {
			err = fmt.Errorf("%s: %w", path, err)
		}
	}
	if err != nil {
		f.Close()
		return nil, Summary{}, err
	}
	var sum Summary
	if st.Size() == 0 {
		if _, err := f.Write(header(meta)); err != nil {
			f.Close()
			return nil, Summary{}, err
		}
		sum = Summary{Meta: meta, Bytes: int64(len(header(meta)))}
	} else {
		var whole int64
		sum, whole, err = scan(f, st.Size(), nil)
		if err == nil && sum.Meta != meta {
			err = fmt.Errorf("written with %q, not %q: use another file", sum.Meta, meta)
		}
		if err == nil && whole < st.Size() {
			err = f.Truncate(whole)
		}
		if err == nil {
			_, err = f.Seek(whole, io.SeekStart)
		}
		if err != nil {
			f.Close()
			return nil, Summary{}, fmt.Errorf("%s: %w", path, err)
		}
	}
	return &Writer{f: f, w: bufio.NewWriterSize(f, 64<<10)}, sum, nil
}

func header(meta string) []byte {
	b := append([]byte(magic), binary.AppendUvarint(nil, uint64(len(meta)))...)
	b = append(b, meta...)
	return binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE([]byte(meta)))
}

// Write appends one game and flushes it, so that a run stopped at any
// moment loses at most the game being written.
func (w *Writer) Write(g *Game) error {
	payload, err := encodeGame(w.buf[:0], g)
	if err != nil {
		return err
	}
	w.buf = payload
	if len(payload) > maxPayload {
		return fmt.Errorf("game %d: %d bytes is too long", g.Index, len(payload))
	}
	var frame [binary.MaxVarintLen64]byte
	n := binary.PutUvarint(frame[:], uint64(len(payload)))
	w.w.Write(frame[:n])
	w.w.Write(payload)
	w.w.Write(binary.LittleEndian.AppendUint32(nil, crc32.ChecksumIEEE(payload)))
	return w.w.Flush()
}

// Close flushes and closes the file.
func (w *Writer) Close() error {
	err := w.w.Flush()
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	return err
}

// Read calls fn for every game of the corpus file at path, in file order.
// A damaged game in the middle of the file is an error; a last game cut
// short (an interrupted writer) is ignored.
func Read(path string, fn func(*Game) error) (Summary, error) {
	f, err := regular.Open(path)
	if err != nil {
		return Summary{}, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return Summary{}, err
	}
	if !st.Mode().IsRegular() {
		return Summary{}, fmt.Errorf("%s is not a regular file", path)
	}
	sum, _, err := scan(f, st.Size(), fn)
	if err != nil {
		return sum, fmt.Errorf("%s: %w", path, err)
	}
	return sum, nil
}

// scan reads the header and the games of a file of the given size and
// returns the summary and the offset just past the last whole game.
func scan(f *os.File, size int64, fn func(*Game) error) (Summary, int64, error) {
	var sum Summary
	r := bufio.NewReaderSize(io.NewSectionReader(f, 0, size), 256<<10)
	meta, off, err := readHeader(r)
	if err != nil {
		return sum, 0, err
	}
	sum.Meta = meta
	var g Game
	var buf []byte
	for {
		start := off
		n, err := binary.ReadUvarint(r)
		if err == io.EOF {
			break
		}
		if err == io.ErrUnexpectedEOF {
			break // a length cut short: the writer was interrupted
		}
		if err != nil || n == 0 || n > maxPayload {
			return sum, start, fmt.Errorf("corrupt game frame at byte %d", start)
		}
		if off+int64(uvarintLen(n))+int64(n)+4 > size {
			break // cut short at the end: the writer was interrupted
		}
		off += int64(uvarintLen(n))
		buf = append(buf[:0], make([]byte, n+4)...)
		if _, err := io.ReadFull(r, buf); err != nil {
			return sum, start, err
		}
		if crc32.ChecksumIEEE(buf[:n]) != binary.LittleEndian.Uint32(buf[n:]) {
			return sum, start, fmt.Errorf("checksum mismatch in the game at byte %d", start)
		}
		if err := decodeGame(buf[:n], &g); err != nil {
			return sum, start, fmt.Errorf("game at byte %d: %w", start, err)
		}
		off += int64(n) + 4
		sum.Games++
		sum.Positions += len(g.Plies)
		sum.NextIndex = max(sum.NextIndex, g.Index+1)
		if fn != nil {
			if err := fn(&g); err != nil {
				return sum, start, err
			}
		}
	}
	sum.Bytes = off
	return sum, off, nil
}

// Header returns the metadata of the corpus file at path.
func Header(path string) (string, error) {
	f, err := regular.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return "", fmt.Errorf("%s is not a regular file", path)
	}
	meta, _, err := readHeader(bufio.NewReader(f))
	if err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return meta, nil
}

// readHeader reads the file header and returns the metadata and the
// header's length.
func readHeader(r *bufio.Reader) (string, int64, error) {
	var m [len(magic)]byte
	if _, err := io.ReadFull(r, m[:]); err != nil || string(m[:]) != magic {
		return "", 0, ErrNotCorpus
	}
	n, err := binary.ReadUvarint(r)
	if err != nil || n > maxMeta {
		return "", 0, errors.New("corrupt corpus header")
	}
	meta := make([]byte, n+4)
	if _, err := io.ReadFull(r, meta); err != nil || crc32.ChecksumIEEE(meta[:n]) != binary.LittleEndian.Uint32(meta[n:]) {
		return "", 0, errors.New("corrupt corpus header")
	}
	return string(meta[:n]), int64(len(magic)) + int64(uvarintLen(n)) + int64(n) + 4, nil
}

func uvarintLen(x uint64) int {
	return len(binary.AppendUvarint(nil, x))
}
