package board

import "math/bits"

// Attack tables. Leaper attacks are plain lookups; slider attacks use
// "fancy" magic bitboards: the relevant blockers of a square, multiplied by
// a magic number and shifted, index that square's slice of one shared table.
// The magic numbers were found offline by FindMagic (go generate) and are
// checked in magics_gen.go, so start-up only fills the tables.

//go:generate go run ./internal/genmagics -out magics_gen.go

type magic struct {
	mask   Bitboard
	magic  uint64
	shift  uint8
	offset uint32
}

var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard
	rookMagics    [64]magic
	bishopMagics  [64]magic
	sliderTable   []Bitboard
	betweenBB     [64][64]Bitboard // squares strictly between two aligned squares
	lineBB        [64][64]Bitboard // the whole line through two aligned squares
)

func init() { initTables() }

func initTables() {
	initRays()
	for sq := Square(0); sq < 64; sq++ {
		knightAttacks[sq] = leaperAttacks(sq, [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}})
		kingAttacks[sq] = leaperAttacks(sq, [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}})
		pawnAttacks[White][sq] = leaperAttacks(sq, [][2]int{{-1, 1}, {1, 1}})
		pawnAttacks[Black][sq] = leaperAttacks(sq, [][2]int{{-1, -1}, {1, -1}})
	}
	sliderTable = make([]Bitboard, sliderTableSize)
	offset := uint32(0)
	offset = fillMagics(&rookMagics, &rookMagicNumbers, true, offset)
	fillMagics(&bishopMagics, &bishopMagicNumbers, false, offset)
	for a := Square(0); a < 64; a++ {
		for d := range rays {
			for ray := rays[d][a]; ray != 0; {
				b := ray.PopFirst()
				// The squares between are a's ray minus b and b's ray onwards.
				betweenBB[a][b] = rays[d][a] &^ rays[d][b] &^ b.Bit()
				opposite := (d + 4) % 8
				lineBB[a][b] = rays[d][a] | rays[opposite][a] | a.Bit()
			}
		}
	}
}

func leaperAttacks(sq Square, steps [][2]int) Bitboard {
	var b Bitboard
	for _, s := range steps {
		f, r := sq.File()+s[0], sq.Rank()+s[1]
		if f >= 0 && f < 8 && r >= 0 && r < 8 {
			b |= MakeSquare(f, r).Bit()
		}
	}
	return b
}

// rays[d][sq] is every square from sq to the edge in direction d. Directions
// 0..3 run towards higher square numbers (first blocker = lowest bit),
// 4..7 towards lower ones (first blocker = highest bit).
var rays [8][64]Bitboard

var rayDirs = [8][2]int{{1, 0}, {0, 1}, {1, 1}, {-1, 1}, {-1, 0}, {0, -1}, {-1, -1}, {1, -1}}

func initRays() {
	for d, dir := range rayDirs {
		for sq := Square(0); sq < 64; sq++ {
			var b Bitboard
			for f, r := sq.File()+dir[0], sq.Rank()+dir[1]; f >= 0 && f < 8 && r >= 0 && r < 8; f, r = f+dir[0], r+dir[1] {
				b |= MakeSquare(f, r).Bit()
			}
			rays[d][sq] = b
		}
	}
}

// slowSliderAttacks computes slider attacks from the ray masks (no magic):
// each ray is cut behind its first blocker. rook selects the orthogonal
// directions, otherwise the diagonal ones.
func slowSliderAttacks(sq Square, occ Bitboard, rook bool) Bitboard {
	var att Bitboard
	first := 2 // diagonals: 2,3 (up) and 6,7 (down)
	if rook {
		first = 0
	}
	for _, d := range [2]int{first, first + 1} {
		att |= rays[d][sq]
		if blk := rays[d][sq] & occ; blk != 0 {
			att &^= rays[d][blk.First()]
		}
		att |= rays[d+4][sq]
		if blk := rays[d+4][sq] & occ; blk != 0 {
			att &^= rays[d+4][63-Square(bits.LeadingZeros64(uint64(blk)))]
		}
	}
	return att
}

// relevantMask is the set of squares whose occupancy can change a slider's
// attacks from sq: its rays without the final edge square.
func relevantMask(sq Square, rook bool) Bitboard {
	b := slowSliderAttacks(sq, 0, rook)
	edges := (Rank1|Rank8)&^rankOf(sq) | (FileA|FileH)&^fileOf(sq)
	return b &^ edges
}

func rankOf(sq Square) Bitboard { return Rank1 << (8 * uint(sq.Rank())) }
func fileOf(sq Square) Bitboard { return FileA << uint(sq.File()) }

func fillMagics(ms *[64]magic, numbers *[64]uint64, rook bool, offset uint32) uint32 {
	for sq := Square(0); sq < 64; sq++ {
		mask := relevantMask(sq, rook)
		m := magic{mask: mask, magic: numbers[sq], shift: uint8(64 - mask.Count()), offset: offset}
		// Carry-Rippler enumeration of every subset of the mask.
		occ := Bitboard(0)
		for {
			sliderTable[offset+uint32((uint64(occ)*m.magic)>>m.shift)] = slowSliderAttacks(sq, occ, rook)
			occ = (occ - mask) & mask
			if occ == 0 {
				break
			}
		}
		ms[sq] = m
		offset += 1 << mask.Count()
	}
	return offset
}

// FindMagic searches for a magic number for a rook (rook=true) or bishop on
// sq that maps every blocker subset to a slot without a destructive
// collision, drawing candidates from next. It is used by the generator of
// magics_gen.go and by the test that checks the committed numbers.
func FindMagic(sq Square, rook bool, next func() uint64) uint64 {
	mask := relevantMask(sq, rook)
	n := mask.Count()
	occs := make([]Bitboard, 0, 1<<n)
	atts := make([]Bitboard, 0, 1<<n)
	occ := Bitboard(0)
	for {
		occs = append(occs, occ)
		atts = append(atts, slowSliderAttacks(sq, occ, rook))
		occ = (occ - mask) & mask
		if occ == 0 {
			break
		}
	}
	used := make([]Bitboard, 1<<n)
	for {
		cand := next() & next() & next() // sparse candidates succeed sooner
		if Bitboard((uint64(mask)*cand)>>56).Count() < 6 {
			continue
		}
		if magicWorks(cand, n, occs, atts, used) {
			return cand
		}
	}
}

func magicWorks(cand uint64, bitsN int, occs, atts, used []Bitboard) bool {
	for i := range used {
		used[i] = 0
	}
	for i, o := range occs {
		idx := (uint64(o) * cand) >> (64 - bitsN)
		if used[idx] == 0 {
			used[idx] = atts[i]
		} else if used[idx] != atts[i] {
			return false
		}
	}
	return true
}

// RookAttacks returns the squares a rook on sq attacks given occupancy occ.
func RookAttacks(sq Square, occ Bitboard) Bitboard {
	m := &rookMagics[sq]
	return sliderTable[m.offset+uint32((uint64(occ&m.mask)*m.magic)>>m.shift)]
}

// BishopAttacks returns the squares a bishop on sq attacks given occupancy occ.
func BishopAttacks(sq Square, occ Bitboard) Bitboard {
	m := &bishopMagics[sq]
	return sliderTable[m.offset+uint32((uint64(occ&m.mask)*m.magic)>>m.shift)]
}

// QueenAttacks returns the union of rook and bishop attacks.
func QueenAttacks(sq Square, occ Bitboard) Bitboard {
	return RookAttacks(sq, occ) | BishopAttacks(sq, occ)
}

// KnightAttacks returns the squares a knight on sq attacks.
func KnightAttacks(sq Square) Bitboard { return knightAttacks[sq] }

// KingAttacks returns the squares a king on sq attacks.
func KingAttacks(sq Square) Bitboard { return kingAttacks[sq] }

// PawnAttacks returns the squares a pawn of colour c on sq attacks.
func PawnAttacks(c Color, sq Square) Bitboard { return pawnAttacks[c][sq] }

// Between returns the squares strictly between a and b when they share a
// rank, file or diagonal, else the empty set.
func Between(a, b Square) Bitboard { return betweenBB[a][b] }

// Line returns the full line through a and b when they are aligned, else
// the empty set.
func Line(a, b Square) Bitboard { return lineBB[a][b] }

// sliderTableSize is the sum over squares of 2^(relevant bits) for rooks
// and bishops.
const sliderTableSize = 102400 + 5248
