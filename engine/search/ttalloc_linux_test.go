//go:build linux

package search

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// residentMB reads the process's resident memory.
func residentMB(t *testing.T) int {
	t.Helper()
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		t.Skip("no /proc/self/statm")
	}
	f := strings.Fields(string(b))
	pages, _ := strconv.Atoi(f[1])
	return pages * os.Getpagesize() >> 20
}

// A resized table is in memory before any search: its pages are written
// when it is made (in parallel), not on a search's first probes, which
// made the first search after "setoption name Hash value 1024" run at a
// few thousand nodes per second.
func TestResizedTableIsResident(t *testing.T) {
	before := residentMB(t)
	tt := NewTT(256)
	after := residentMB(t)
	if after-before < 200 {
		t.Errorf("resident memory %d MB → %d MB after making a 256 MB table: its pages are not touched", before, after)
	}
	tt.Clear()
	if e := &tt.entries[len(tt.entries)/2]; e.check.Load() != 0 || e.data.Load() != 0 {
		t.Error("a cleared table holds an entry")
	}
}
