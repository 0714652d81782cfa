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
	c.send("setoption name "+p.Name+" value "+strconv.Itoa(p.Min), "setoption name "+p.Name+" value "+strconv.Itoa(p.Max+1))
	errs := c.sync()
	if len(errs) != 1 || !strings.Contains(errs[0], p.Name) {
		t.Errorf("a value in range and one beyond it answered with %q (want one error)", errs)
	}
}

// TestTuneOptionsArePerEngine: in a tune build a parameter set on one
// engine is that engine's; another in the same process keeps the default.
func TestTuneOptionsArePerEngine(t *testing.T) {
	if !engine.TuneBuild {
		t.Skip("the parameters are options only in tune builds")
	}
	p := search.Params()[0]
	a, _ := engine.New(engine.Config{HashMB: 1})
	b, _ := engine.New(engine.Config{HashMB: 1})
	if err := a.SetOption(p.Name, strconv.Itoa(p.Min)); err != nil {
		t.Fatal(err)
	}
	va, _ := a.Options().Tuning.Value(p.Name)
	vb, _ := b.Options().Tuning.Value(p.Name)
	if va != p.Min || vb != p.Default {
		t.Errorf("%s: %d on the engine set, %d on the other; want %d and %d", p.Name, va, vb, p.Min, p.Default)
	}
}
