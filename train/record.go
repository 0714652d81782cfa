package train

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"

	"kibitz/engine/board"
	"kibitz/engine/netinput"
	"kibitz/train/corpus"
)

// RecordSize is the size of one training position on disk.
const RecordSize = 32

// Record layout (little-endian):
//
//	0  8  occupancy bitboard
//	8  16 pieces of the occupied squares in square order, 4 bits each (board.Piece, low nibble first)
//	24 2  search score in centipawns, White's view (int16)
//	26 1  result for White: 0 loss, 1 draw, 2 win
//	27 1  side to move (0 White, 1 Black)
//	28 4  game number (uint32), for resuming and splitting by game
type Record [RecordSize]byte

// Encode packs a position with its label. Positions have at most 32 pieces.
func Encode(p *board.Position, whiteScore int, result float64, game uint32) Record {
	var r Record
	occ := p.Occupied()
	binary.LittleEndian.PutUint64(r[0:], uint64(occ))
	i := 0
	for b := occ; b != 0; i++ {
		sq := b.PopFirst()
		r[8+i/2] |= byte(p.PieceAt(sq)) << (4 * (i & 1))
	}
	binary.LittleEndian.PutUint16(r[24:], uint16(int16(max(-32000, min(32000, whiteScore)))))
	r[26] = byte(result * 2)
	r[27] = byte(p.SideToMove())
	binary.LittleEndian.PutUint32(r[28:], game)
	return r
}

// Sample is a decoded record: the active features from each perspective,
// the side to move and the labels.
type Sample struct {
	Features [2][32]uint16 // [perspective][i]: nnue feature indices
	N        uint8
	STM      board.Color
	Score    int16   // White's view
	Result   float32 // White's result: 0, 0.5, 1
	Game     uint32
	// Mirrorable: no castling rights, so the position mirrored left to
	// right (files a↔h) is as legal and as good (Config.Mirror).
	Mirrorable bool
}

// mirrored returns the sample with its position mirrored left to right:
// the low three bits of a feature index are the square's file.
func (s *Sample) mirrored() Sample {
	m := *s
	for p := range m.Features {
		for i := range m.Features[p][:m.N] {
			m.Features[p][i] ^= 7
		}
	}
	return m
}

var errRecord = errors.New("corrupt training record")

// Decode unpacks a record, rejecting impossible contents.
func (r *Record) Decode(s *Sample) error {
	occ := board.Bitboard(binary.LittleEndian.Uint64(r[0:]))
	n := bits.OnesCount64(uint64(occ))
	if n > 32 || n < 2 || r[26] > 2 || r[27] > 1 {
		return errRecord
	}
	s.N = uint8(n)
	i := 0
	for b := occ; b != 0; i++ {
		sq := b.PopFirst()
		pc := board.Piece(r[8+i/2] >> (4 * (i & 1)) & 15)
		if pc >= board.NoPiece {
			return errRecord
		}
		s.Features[board.White][i] = uint16(netinput.Feature(board.White, pc, sq))
		s.Features[board.Black][i] = uint16(netinput.Feature(board.Black, pc, sq))
	}
	s.Score = int16(binary.LittleEndian.Uint16(r[24:]))
	s.Result = float32(r[26]) / 2
	s.STM = board.Color(r[27])
	s.Game = binary.LittleEndian.Uint32(r[28:])
	return nil
}

// ReadAll reads every record of a data file.
func ReadAll(rd io.Reader) ([]Record, error) {
	data, err := io.ReadAll(rd)
	if err != nil {
		return nil, err
	}
	if len(data)%RecordSize != 0 {
		return nil, fmt.Errorf("%d bytes is not a whole number of %d-byte records (a cut-off write?)", len(data), RecordSize)
	}
	recs := make([]Record, len(data)/RecordSize)
	for i := range recs {
		copy(recs[i][:], data[i*RecordSize:])
	}
	return recs, nil
}

// Position rebuilds the record's position (without castling rights or an
// en-passant square, which the network does not see).
func (r *Record) Position() (*board.Position, error) {
	occ := board.Bitboard(binary.LittleEndian.Uint64(r[0:]))
	pieces := make([]board.Piece, 0, 32)
	for i := 0; i < occ.Count() && i < 32; i++ {
		pieces = append(pieces, board.Piece(r[8+i/2]>>(4*(i&1))&15))
	}
	fen, err := corpus.PlacementFEN(occ, pieces, board.Color(r[27]&1))
	if err != nil {
		return nil, err
	}
	return board.ParseFEN(fen)
}
