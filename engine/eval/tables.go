package eval

import "kibitz/engine/board"

// Bitboard is board.Bitboard, shortened for the tables below.
type Bitboard = board.Bitboard

var (
	files         [8]Bitboard
	adjacentFiles [8]Bitboard
	passedMask    [2][64]Bitboard // squares ahead on the same and adjacent files
	forwardFile   [2][64]Bitboard // squares ahead on the same file
	shieldMask    [2][64]Bitboard // the two ranks in front of a king, its file and neighbours
)

func init() {
	for f := 0; f < 8; f++ {
		files[f] = board.FileA << uint(f)
	}
	for f := 0; f < 8; f++ {
		if f > 0 {
			adjacentFiles[f] |= files[f-1]
		}
		if f < 7 {
			adjacentFiles[f] |= files[f+1]
		}
	}
	for sq := board.Square(0); sq < 64; sq++ {
		f, r := sq.File(), sq.Rank()
		for rr := 0; rr < 8; rr++ {
			row := board.Rank1 << uint(8*rr)
			if rr > r {
				forwardFile[board.White][sq] |= files[f] & row
				passedMask[board.White][sq] |= (files[f] | adjacentFiles[f]) & row
				if rr <= r+2 {
					shieldMask[board.White][sq] |= (files[f] | adjacentFiles[f]) & row
				}
			}
			if rr < r {
				forwardFile[board.Black][sq] |= files[f] & row
				passedMask[board.Black][sq] |= (files[f] | adjacentFiles[f]) & row
				if rr >= r-2 {
					shieldMask[board.Black][sq] |= (files[f] | adjacentFiles[f]) & row
				}
			}
		}
	}
}

// relative maps a square to White's point of view (Black's board flipped).
func relative(sq board.Square, c board.Color) board.Square {
	if c == board.Black {
		return sq ^ 56
	}
	return sq
}

func distance(a, b board.Square) int {
	return max(abs(a.File()-b.File()), abs(a.Rank()-b.Rank()))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// pawnAttacksOf returns every square attacked by the pawns in b of colour c.
func pawnAttacksOf(b Bitboard, c board.Color) Bitboard {
	if c == board.White {
		return (b&^board.FileA)<<7 | (b&^board.FileH)<<9
	}
	return (b&^board.FileA)>>9 | (b&^board.FileH)>>7
}
