// Package corpus is Kibitz's store of self-play games for training: a
// compact append-only file format that keeps whole games (start position,
// moves, the search score of every searched position), a writer that
// resumes after the last whole game and never touches a file that is not a
// corpus, and a reader that replays the games into positions.
//
// A game costs about 3.2 bytes per searched position on disk (a move in two
// bytes, a score as a varint of its change), against 32 bytes for a
// position record, so a hundred million positions fit in a few gigabytes.
// Keeping every position and move, not a filtered sample, lets each training
// run choose its own filter.
//
// corpus imports engine/board and internal/regular.
package corpus

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"strings"

	"kibitz/engine/board"
)

// File layout (version 1), all integers little-endian:
//
//	header  "KIBITZG" 0x01 | uvarint n | n bytes of metadata | CRC-32 of the metadata
//	game    uvarint n | n bytes of payload | CRC-32 (IEEE) of the payload
//
// Metadata is "key=value" words separated by spaces (datagen writes net,
// nodes, seed, random-plies and generation). A game payload is:
//
//	uvarint  game index
//	byte     result for White: 0 loss, 1 draw, 2 win
//	byte     start: 0 the standard position; 1 a FEN (uvarint n, n bytes);
//	         2 packed: 8-byte occupancy, a 4-bit board.Piece per occupied
//	         square in square order, one byte side to move (no castling,
//	         no en passant, clocks zero)
//	uvarint  opening moves (played without a search)
//	uvarint  searched positions
//	byte     flags: bit 0 set when the last searched position has no move
//	then each opening move (2 bytes), then per searched position its move
//	(2 bytes, unless flagged) and its score as a zigzag varint of the change
//	from the previous score (the first from 0), in centipawns, White's view.
//
// A move is from | to<<6 | promotion<<12 (0 none, 1 knight … 4 queen); the
// reader accepts only legal moves.
const (
	magic        = "KIBITZG\x01"
	maxMeta      = 4096
	maxPayload   = 1 << 20
	maxGamePlies = 4096
	// Ext is the file extension of corpus files in a store directory.
	Ext = ".kgames"
)

// ErrNotCorpus is returned for a file that does not start with the corpus
// header: the writer refuses to append to it.
var ErrNotCorpus = errors.New("not a Kibitz corpus file (the header is missing)")

// RescorePrefix starts the header keys a rescored file (train/rescore)
// adds to its source's: which net and budget scored it again. The
// held-out split ignores them (train.GameKey), so a game is held out or
// not in the rescored file as in its source.
const RescorePrefix = "rescore-"

// Ply is one searched position of a game: the move chosen there and the
// search score in centipawns from White's point of view.
type Ply struct {
	Move  board.Move // board.NullMove only for a last position left unplayed
	Score int
}

// Game is one game of the corpus.
type Game struct {
	Index   uint64
	Result  float64 // for White: 0, 0.5 or 1
	Start   string  // FEN of the start position; "" is the standard one
	Opening []board.Move
	Plies   []Ply
}

// StoreDir returns the corpus directory: $KIBITZ_DATA, or kibitz/data in
// the user's cache directory.
func StoreDir() (string, error) {
	if d := os.Getenv("KIBITZ_DATA"); d != "" {
		return d, nil
	}
	c, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no $KIBITZ_DATA and no cache directory: %w", err)
	}
	return filepath.Join(c, "kibitz", "data"), nil
}

// ParseMeta splits metadata into its key=value pairs.
func ParseMeta(meta string) map[string]string {
	m := map[string]string{}
	for _, w := range strings.Fields(meta) {
		k, v, _ := strings.Cut(w, "=")
		m[k] = v
	}
	return m
}

func encodeMove(m board.Move) uint16 {
	v := uint16(m.From()) | uint16(m.To())<<6
	if p := m.Promotion(); p != board.NoPieceType {
		v |= uint16(p-board.Knight+1) << 12
	}
	return v
}

// decodeMove finds the legal move of pos that v encodes.
func decodeMove(pos *board.Position, v uint16) (board.Move, error) {
	var l board.MoveList
	pos.GenerateMoves(&l, board.GenAll)
	for _, m := range l.Slice() {
		if encodeMove(m) == v {
			return m, nil
		}
	}
	return board.NullMove, fmt.Errorf("move %#04x is not legal in %s", v, pos.FEN())
}

func zigzag(x int) uint64   { return uint64(x<<1) ^ uint64(x>>63) }
func unzigzag(u uint64) int { return int(u>>1) ^ -int(u&1) }

// encodeGame appends g's payload to b. Every move must be legal: it is
// checked here so that a bad game never reaches the disk.
func encodeGame(b []byte, g *Game) ([]byte, error) {
	b = binary.AppendUvarint(b, g.Index)
	switch g.Result {
	case 0, 0.5, 1:
		b = append(b, byte(g.Result*2))
	default:
		return nil, fmt.Errorf("game %d: result %v", g.Index, g.Result)
	}
	pos, err := startPosition(g.Start)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", g.Index, err)
	}
	b = appendStart(b, g.Start, pos)
	if len(g.Opening)+len(g.Plies) > maxGamePlies {
		return nil, fmt.Errorf("game %d: %d plies is too long", g.Index, len(g.Opening)+len(g.Plies))
	}
	b = binary.AppendUvarint(b, uint64(len(g.Opening)))
	b = binary.AppendUvarint(b, uint64(len(g.Plies)))
	var flags byte
	if n := len(g.Plies); n > 0 && g.Plies[n-1].Move == board.NullMove {
		flags |= 1
	}
	b = append(b, flags)
	play := func(m board.Move) error {
		if _, err := decodeMove(pos, encodeMove(m)); err != nil {
			return fmt.Errorf("game %d: %w", g.Index, err)
		}
		b = binary.LittleEndian.AppendUint16(b, encodeMove(m))
		pos.MakeMove(m)
		return nil
	}
	for _, m := range g.Opening {
		if err := play(m); err != nil {
			return nil, err
		}
	}
	prev := 0
	for i, p := range g.Plies {
		if p.Move != board.NullMove {
			if err := play(p.Move); err != nil {
				return nil, err
			}
		} else if i != len(g.Plies)-1 {
			return nil, fmt.Errorf("game %d: position %d has no move", g.Index, i)
		}
		s := max(-32000, min(32000, p.Score))
		b = binary.AppendUvarint(b, zigzag(s-prev))
		prev = s
	}
	return b, nil
}

func startPosition(fen string) (*board.Position, error) {
	if fen == "" {
		return board.NewPosition(), nil
	}
	return board.ParseFEN(fen)
}

// appendStart writes the start position in its shortest exact form.
func appendStart(b []byte, fen string, pos *board.Position) []byte {
	switch {
	case fen == "":
		return append(b, 0)
	case pos.Castling() == 0 && pos.EnPassant() == board.NoSquare && pos.HalfmoveClock() == 0 && pos.FullmoveNumber() == 1:
		b = append(b, 2)
		occ := pos.Occupied()
		b = binary.LittleEndian.AppendUint64(b, uint64(occ))
		var nib byte
		i := 0
		for o := occ; o != 0; i++ {
			pc := byte(pos.PieceAt(o.PopFirst()))
			if i&1 == 0 {
				nib = pc
			} else {
				b = append(b, nib|pc<<4)
			}
		}
		if i&1 == 1 {
			b = append(b, nib)
		}
		return append(b, byte(pos.SideToMove()))
	default:
		b = append(b, 1)
		b = binary.AppendUvarint(b, uint64(len(fen)))
		return append(b, fen...)
	}
}

// decodeGame parses one payload, replaying its moves to check them.
func decodeGame(b []byte, g *Game) error {
	d := decoder{b: b}
	g.Index = d.uvarint()
	res := d.byte()
	if res > 2 {
		return fmt.Errorf("result byte %d", res)
	}
	g.Result = float64(res) / 2
	start, err := d.start()
	if err != nil {
		return err
	}
	g.Start = start
	nOpen, nPlies := d.uvarint(), d.uvarint()
	flags := d.byte()
	if d.err != nil {
		return d.err
	}
	if nOpen+nPlies > maxGamePlies || nOpen > maxGamePlies || flags > 1 || (flags == 1 && nPlies == 0) {
		return errors.New("impossible game header")
	}
	pos, err := startPosition(g.Start)
	if err != nil {
		return err
	}
	g.Opening = make([]board.Move, 0, nOpen)
	g.Plies = make([]Ply, 0, nPlies)
	move := func() (board.Move, error) {
		v := d.uint16()
		if d.err != nil {
			return 0, d.err
		}
		m, err := decodeMove(pos, v)
		if err == nil {
			pos.MakeMove(m)
		}
		return m, err
	}
	for i := uint64(0); i < nOpen; i++ {
		m, err := move()
		if err != nil {
			return err
		}
		g.Opening = append(g.Opening, m)
	}
	prev := 0
	for i := uint64(0); i < nPlies; i++ {
		var p Ply
		if !(flags == 1 && i == nPlies-1) {
			if p.Move, err = move(); err != nil {
				return err
			}
		}
		p.Score = prev + unzigzag(d.uvarint())
		if d.err != nil {
			return d.err
		}
		if p.Score < -32000 || p.Score > 32000 {
			return fmt.Errorf("score %d out of range", p.Score)
		}
		prev = p.Score
		g.Plies = append(g.Plies, p)
	}
	if len(d.b) != 0 {
		return fmt.Errorf("%d stray bytes after the game", len(d.b))
	}
	return nil
}

// decoder reads a payload, remembering the first error.
type decoder struct {
	b   []byte
	err error
}

var errShort = errors.New("game record cut short")

func (d *decoder) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.err = errShort
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *decoder) byte() byte {
	if d.err != nil || len(d.b) < 1 {
		d.err = cmpErr(d.err, errShort)
		return 0
	}
	v := d.b[0]
	d.b = d.b[1:]
	return v
}

func (d *decoder) uint16() uint16 {
	if d.err != nil || len(d.b) < 2 {
		d.err = cmpErr(d.err, errShort)
		return 0
	}
	v := binary.LittleEndian.Uint16(d.b)
	d.b = d.b[2:]
	return v
}

func (d *decoder) bytes(n uint64) []byte {
	if d.err != nil || uint64(len(d.b)) < n {
		d.err = cmpErr(d.err, errShort)
		return nil
	}
	v := d.b[:n]
	d.b = d.b[n:]
	return v
}

func cmpErr(old, new error) error {
	if old != nil {
		return old
	}
	return new
}

// start reads the start position back as a FEN ("" for the standard one).
func (d *decoder) start() (string, error) {
	switch kind := d.byte(); kind {
	case 0:
		return "", d.err
	case 1:
		n := d.uvarint()
		if n > 100 {
			return "", errors.New("FEN too long")
		}
		fen := string(d.bytes(n))
		if d.err != nil {
			return "", d.err
		}
		if _, err := board.ParseFEN(fen); err != nil {
			return "", err
		}
		return fen, nil
	case 2:
		raw := d.bytes(8)
		if d.err != nil {
			return "", d.err
		}
		occ := binary.LittleEndian.Uint64(raw)
		n := bits.OnesCount64(occ)
		if n > 32 {
			return "", errors.New("too many pieces")
		}
		nib := d.bytes(uint64((n + 1) / 2))
		stm := d.byte()
		if d.err != nil {
			return "", d.err
		}
		var pieces []board.Piece
		for i := 0; i < n; i++ {
			pieces = append(pieces, board.Piece(nib[i/2]>>(4*(i&1))&15))
		}
		fen, err := PlacementFEN(board.Bitboard(occ), pieces, board.Color(stm))
		if err != nil {
			return "", err
		}
		if _, err := board.ParseFEN(fen); err != nil {
			return "", err
		}
		return fen, nil
	default:
		return "", fmt.Errorf("start kind %d", kind)
	}
}

// PlacementFEN builds the FEN of the position with the given pieces on the
// occupied squares (in square order) and side to move, without castling
// rights or an en-passant square.
func PlacementFEN(occ board.Bitboard, pieces []board.Piece, stm board.Color) (string, error) {
	if occ.Count() != len(pieces) || stm > board.Black {
		return "", errors.New("placement does not match its occupancy")
	}
	var squares [64]board.Piece
	for i := range squares {
		squares[i] = board.NoPiece
	}
	for i := 0; occ != 0; i++ {
		if pieces[i] >= board.NoPiece {
			return "", fmt.Errorf("piece code %d", pieces[i])
		}
		squares[occ.PopFirst()] = pieces[i]
	}
	fen := make([]byte, 0, 90)
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			pc := squares[board.MakeSquare(file, rank)]
			if pc == board.NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				fen = append(fen, byte('0'+empty))
				empty = 0
			}
			fen = append(fen, pc.String()...)
		}
		if empty > 0 {
			fen = append(fen, byte('0'+empty))
		}
		if rank > 0 {
			fen = append(fen, '/')
		}
	}
	if stm == board.White {
		return string(fen) + " w - - 0 1", nil
	}
	return string(fen) + " b - - 0 1", nil
}
