package nnue

// FeatureIndex is the input of piece pc on sq seen from perspective:
// (own or enemy piece, type, square with the board flipped for Black).
// A net without king buckets reads it as it is.
func FeatureIndex(perspective Color, pc Piece, sq Square) int {
	rel := 0
	if pc.Color() != perspective {
		rel = 6
	}
	s := int(sq)
	if perspective == Black {
		s ^= 56
	}
	return (rel+int(pc.Type()))*64 + s
}

// KingBucketLayouts are the king-bucket counts a net may have: 1 (none),
// or 2, 4 or 8 buckets chosen by where the perspective's own king stands.
var KingBucketLayouts = []int{1, 2, 4, 8}

// kingBuckets[k][sq] is the bucket of a king on the relative square sq
// (files a–d: the board is mirrored to put the king there) in the layout
// with k buckets. Most of a game's king positions are on the first two
// ranks, so the buckets are finest there.
var kingBuckets = func() (t [9][64]int8) {
	for sq := range 64 {
		file, rank := sq&7, sq>>3
		t[2][sq] = int8(min(rank, 1))
		switch {
		case rank == 0:
			t[4][sq] = int8(file / 2)
			t[8][sq] = int8(file)
		case rank == 1:
			t[4][sq] = 2
			t[8][sq] = int8(4 + file/2)
		case rank <= 3:
			t[4][sq] = 3
			t[8][sq] = 6
		default:
			t[4][sq] = 3
			t[8][sq] = 7
		}
	}
	return
}()

// ValidKingBuckets reports whether k is one of KingBucketLayouts.
func ValidKingBuckets(k int) bool { return k == 1 || k == 2 || k == 4 || k == 8 }

// KingView is how a perspective with its own king on the relative square
// king (flipped for Black, as in FeatureIndex) reads features in a net with
// k king buckets: an offset into the inputs and whether files are mirrored
// (the king on files e–h). Two positions with the same view share every
// input of a piece that did not move.
type KingView struct {
	Offset int // bucket × 768
	Mirror int // 0, or 7 to mirror the file (a↔h)
}

// ViewOf returns the view of a king on the relative square king.
func ViewOf(k int, king Square) KingView {
	if k == 1 {
		return KingView{}
	}
	v := KingView{}
	if king.File() >= 4 {
		v.Mirror = 7
		king ^= 7
	}
	v.Offset = int(kingBuckets[k][king]) * Inputs
	return v
}

// Input is the net's input for a plain feature (FeatureIndex) in view v.
func (v KingView) Input(feature int) int { return v.Offset + (feature ^ v.Mirror) }

// index numbers the views 0 … 2 × buckets − 1: bucket, then mirroring.
func (v KingView) index() int { return v.Offset/Inputs*2 + v.Mirror/7 }

// relative is sq seen from perspective: flipped for Black.
func relative(sq Square, perspective Color) Square {
	if perspective == Black {
		sq ^= 56
	}
	return sq
}
