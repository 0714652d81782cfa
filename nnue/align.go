package nnue

import "unsafe"

// alignedInt16 returns a zeroed slice of n int16 whose first element sits
// on a 32-byte boundary, so that every 256-bit load of a column or an
// accumulator (H is a multiple of 64) is aligned.
func alignedInt16(n int) []int16 {
	buf := make([]int16, n+16)
	off := alignOffset(uintptr(unsafe.Pointer(&buf[0])))
	return buf[off : off+n : off+n]
}

// alignOffset is how many int16 past addr (itself 2-byte aligned) the next
// 32-byte boundary lies: 0 to 15.
func alignOffset(addr uintptr) int {
	return int((32-addr&31)&31) / 2
}

// aligned returns a copy of s in an aligned slice.
func aligned(s []int16) []int16 {
	a := alignedInt16(len(s))
	copy(a, s)
	return a
}
