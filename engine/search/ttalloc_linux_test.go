//go:build linux

package search

import (
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
)

// residentShare is the share of b's pages that are in memory (mincore(2)):
// the table's own pages, whatever else the process allocates or frees
// meanwhile (the race detector and tests running beside this one move the
// process's resident total by more than a table's size).
func residentShare(t *testing.T, b []byte) float64 {
	t.Helper()
	page := unix.Getpagesize()
	vec := make([]byte, (len(b)+page-1)/page)
	if _, _, errno := unix.Syscall(unix.SYS_MINCORE, uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)), uintptr(unsafe.Pointer(&vec[0]))); errno != 0 {
		t.Fatalf("mincore: %v", errno)
	}
	in := 0
	for _, v := range vec {
		in += int(v & 1)
	}
	return float64(in) / float64(len(vec))
}

// A resized table is in memory before any search: its pages are written
// when it is made (in parallel), not on a search's first probes, which
// made the first search after "setoption name Hash value 1024" run at a
// few thousand nodes per second.
func TestResizedTableIsResident(t *testing.T) {
	tt := NewTT(256)
	table := unsafe.Slice((*byte)(unsafe.Pointer(&tt.entries[0])), len(tt.entries)*int(unsafe.Sizeof(tt.entries[0])))
	if len(table) < 200<<20 {
		t.Fatalf("a 256 MB table holds %d MB", len(table)>>20)
	}
	if share := residentShare(t, table); share < 0.99 {
		t.Errorf("%.1f %% of a new 256 MB table's pages are in memory: its pages are not touched", 100*share)
	}
	tt.Clear()
	if e := &tt.entries[len(tt.entries)/2]; e.check.Load() != 0 || e.data.Load() != 0 {
		t.Error("a cleared table holds an entry")
	}
}
