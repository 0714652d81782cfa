package uci

import (
	"kibitz/engine"
	"strconv"
	"strings"
	"testing"

	"kibitz/engine/search"
)

// TestTuneOptions: builds with the tune tag offer every search parameter
// as a spin option that sets it; ordinary builds offer none of them.
func TestTuneOptions(t *testing.T) {
	c := start(t)
	c.send("uci")
	joined := strings.Join(c.until("uciok"), "\n")
	p := search.Params()[0]
	decl := "option name " + p.Name + " type spin default "
	if !engine.TuneBuild {
		if strings.Contains(joined, decl) {
			t.Fatalf("an ordinary build declares %q", decl)
		}
		return
	}
	for _, q := range search.Params() {
		if !strings.Contains(joined, "option name "+q.Name+" type spin default ") {
			t.Errorf("the tune build does not declare %s", q.Name)
		}
	}
	defer search.SetParam(p.Name, p.Default)
	c.send("setoption name "+p.Name+" value "+strconv.Itoa(p.Min), "setoption name "+p.Name+" value "+strconv.Itoa(p.Max+1))
	errs := c.sync()
	if len(errs) != 1 || !strings.Contains(errs[0], p.Name) {
		t.Errorf("a value in range and one beyond it answered with %q (want one error)", errs)
	}
	if got := search.Params()[0].Default; got != p.Min {
		t.Errorf("%s in force after setoption: %d, want %d", p.Name, got, p.Min)
	}
}
