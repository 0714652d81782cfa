package nnue

import "kibitz/engine/board"

// FeatureIndex is the input of piece pc on sq seen from perspective:
// (own or enemy piece, type, square with the board flipped for Black).
func FeatureIndex(perspective board.Color, pc board.Piece, sq board.Square) int {
	rel := 0
	if pc.Color() != perspective {
		rel = 6
	}
	s := int(sq)
	if perspective == board.Black {
		s ^= 56
	}
	return (rel+int(pc.Type()))*64 + s
}
