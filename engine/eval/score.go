package eval

// Score packs a middlegame and an endgame value in one int32 so that both
// are summed with a single addition: mg in the high half, eg in the low.
type Score int32

// S builds a Score from its two halves.
func S(mg, eg int) Score { return Score(int32(uint32(mg)<<16) + int32(eg)) }

// MG returns the middlegame half.
func (s Score) MG() int { return int(int16(uint32(s+0x8000) >> 16)) }

// EG returns the endgame half.
func (s Score) EG() int { return int(int16(s)) }
