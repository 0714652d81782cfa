package engine

import (
	"strings"
	"testing"

	"kibitz/engine/search"
)

func TestParseMemAvailable(t *testing.T) {
	for text, want := range map[string]int{
		"MemTotal:       16000000 kB\nMemFree:  100 kB\nMemAvailable:    8388608 kB\n": 8192,
		"MemAvailable: 2047 kB": 1,
		"MemTotal: 5 kB\n":      -1,
		"MemAvailable: lots\n":  -1,
		"":                      -1,
	} {
		if got := parseMemAvailable(text); got != want {
			t.Errorf("%q: %d MB, want %d", text, got, want)
		}
	}
}

// TestHashBeyondMemoryIsRefused: a table the machine cannot hold is
// refused with the reason, through SetHash and the Hash option alike, and
// the engine keeps its table and plays on.
func TestHashBeyondMemoryIsRefused(t *testing.T) {
	saved := availableMemoryMB
	availableMemoryMB = func() int { return 100 }
	defer func() { availableMemoryMB = saved }()
	e, err := New(Config{HashMB: 16})
	if err != nil {
		t.Fatal(err)
	}
	for _, err := range []error{e.SetHash(65536), e.SetOption("Hash", "65536")} {
		if err == nil || !strings.Contains(err.Error(), "100 MB available") || !strings.Contains(err.Error(), "stays at 16 MB") {
			t.Errorf("Hash 65536 with 100 MB free: %v", err)
		}
	}
	if err := e.SetOption("hash", "64"); err != nil || e.Options().HashMB != 64 {
		t.Errorf("Hash 64 with 100 MB free: %v, table %d MB", err, e.Options().HashMB)
	}
	if r := searched(e, e.Position(), search.Limits{Depth: 3}, nil); r.Move.From() == r.Move.To() {
		t.Errorf("no move after the refusal: %v", r.Move)
	}
}
