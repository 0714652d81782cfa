package excerpt

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestOf(t *testing.T) {
	short := strings.Repeat("a", Max)
	if Of(short) != short {
		t.Errorf("a string of %d bytes was cut", Max)
	}
	long := strings.Repeat("b", Max+1)
	if got := Of(long); got != strings.Repeat("b", Max)+"…" {
		t.Errorf("Of(%d bytes) = %q", len(long), got)
	}
	// A multi-byte character across the cut is dropped whole.
	s := strings.Repeat("c", Max-1) + "é" + "dd"
	got := Of(s)
	if !utf8.ValidString(got) || got != strings.Repeat("c", Max-1)+"…" {
		t.Errorf("Of cut a character: %q", got)
	}
}
