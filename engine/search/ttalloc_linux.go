//go:build linux

package search

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// hugePage is the size of a transparent huge page on the platforms Go
// runs Linux on most (amd64, arm64 with 4 KiB base pages).
const hugePage = 2 << 20

// allocEntries returns n zeroed entries. A table of a huge page or more is
// aligned to huge pages and marked for them (madvise): each probe lands on
// a random entry, so with 4 KiB pages nearly every probe also misses the
// TLB. Kernels set to "madvise" (a common default) give huge pages only to
// memory marked so; where none are given the table works the same.
func allocEntries(n int) []ttEntry {
	size := n * int(unsafe.Sizeof(ttEntry{}))
	if size < hugePage {
		return make([]ttEntry, n)
	}
	per := hugePage / int(unsafe.Sizeof(ttEntry{}))
	buf := make([]ttEntry, n+per)
	addr := uintptr(unsafe.Pointer(&buf[0]))
	skip := int((hugePage-addr%hugePage)%hugePage) / int(unsafe.Sizeof(ttEntry{}))
	entries := buf[skip : skip+n : skip+n]
	_ = unix.Madvise(unsafe.Slice((*byte)(unsafe.Pointer(&entries[0])), size), unix.MADV_HUGEPAGE)
	return entries
}
