package nnue

import "unsafe"

// alignedInt16 returns a zeroed slice of n int16 whose first element sits
// on a 32-byte boundary, so that every 256-bit load of a column or an
// accumulator (H is a multiple of 64) is aligned.
func alignedInt16(n int) []int16 {
	buf := make([]int16, n+16)
	off := 0
	if a := uintptr(unsafe.Pointer(&buf[0])) & 31; a != 0 {
		off = int(32-a) / 2
	}
	return buf[off : off+n : off+n]
}

// aligned returns a copy of s in an aligned slice.
func aligned(s []int16) []int16 {
	a := alignedInt16(len(s))
	copy(a, s)
	return a
}
