package tablebase

import (
	"sync/atomic"
	"unsafe"
)

// The propagation settles the positions of one level on every core, and
// two of them may update the same predecessor's counters at once. Go has
// no atomic bytes, so a byte is read and changed through the aligned
// 32-bit word that holds it (little-endian: byte j is bits 8·(j mod 4)
// and up). Slices used this way come from newBytes, whose backing array
// is a whole number of words.

// newBytes returns a zeroed slice of n bytes whose backing array ends on
// a word boundary and starts on one (Go aligns every allocation of this
// size to at least 8 bytes).
func newBytes(n int) []uint8 { return make([]uint8, n, (n+3)&^3) }

func wordOf(s []uint8, j int) (*uint32, uint) {
	return (*uint32)(unsafe.Pointer(unsafe.SliceData(s[:cap(s)][j&^3:]))), uint(j&3) * 8
}

// loadByte reads s[j] atomically.
func loadByte(s []uint8, j int) uint8 {
	w, shift := wordOf(s, j)
	return uint8(atomic.LoadUint32(w) >> shift)
}

// casByte sets s[j] to new if it is old, atomically, and says whether it
// did.
func casByte(s []uint8, j int, old, new uint8) bool {
	w, shift := wordOf(s, j)
	for {
		cur := atomic.LoadUint32(w)
		if uint8(cur>>shift) != old {
			return false
		}
		next := cur&^(0xff<<shift) | uint32(new)<<shift
		if atomic.CompareAndSwapUint32(w, cur, next) {
			return true
		}
	}
}

// decByte subtracts one from s[j] atomically and returns the new value.
func decByte(s []uint8, j int) uint8 {
	w, shift := wordOf(s, j)
	for {
		cur := atomic.LoadUint32(w)
		v := uint8(cur>>shift) - 1
		if atomic.CompareAndSwapUint32(w, cur, cur&^(0xff<<shift)|uint32(v)<<shift) {
			return v
		}
	}
}

// maxByte raises s[j] to v atomically if it is below.
func maxByte(s []uint8, j int, v uint8) {
	w, shift := wordOf(s, j)
	for {
		cur := atomic.LoadUint32(w)
		if uint8(cur>>shift) >= v {
			return
		}
		if atomic.CompareAndSwapUint32(w, cur, cur&^(0xff<<shift)|uint32(v)<<shift) {
			return
		}
	}
}
