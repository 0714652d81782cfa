package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPlotCommand(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "eff.csv")
	os.WriteFile(data, []byte("positions_m,elo,err\n0.5,-120,40\n1,-60,35\n2,,\n4,20,30\n"), 0o644)
	out := filepath.Join(dir, "eff.svg")
	code, _, errOut := runCLI(t, "", "plot", "--csv", data, "--x", "positions_m", "--y", "elo", "--err", "err", "--logx", "--names", "Elo vs gen 1", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	svg, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(svg), ">Elo vs gen 1<") {
		t.Error("legend name not used")
	}
	// Three points with error bars; the empty row is a gap, not a zero.
	if n := strings.Count(string(svg), "<circle"); n != 3 {
		t.Errorf("%d points drawn, want 3", n)
	}
	for _, args := range [][]string{
		{"plot", "--csv", data, "--x", "positions_m", "--y", "nosuch", "--out", out},
		{"plot", "--csv", data, "--x", "positions_m", "--y", "elo", "--err", "err,err", "--out", out},
		{"plot", "--csv", filepath.Join(dir, "missing.csv"), "--x", "a", "--y", "b", "--out", out},
		{"plot", "--csv", data, "--y", "elo", "--out", out},
		{"plot", "--csv", data, "--x", "positions_m", "--y", "elo", "--names", "a,b", "--out", out},
	} {
		if code, _, errOut := runCLI(t, "", args...); code == 0 || errOut == "" {
			t.Errorf("%v: exit %d, want an error message", args, code)
		}
	}
	bad := filepath.Join(dir, "bad.csv")
	os.WriteFile(bad, []byte("x,y\n1,2\n2,two\n"), 0o644)
	if code, _, errOut := runCLI(t, "", "plot", "--csv", bad, "--x", "x", "--y", "y", "--out", out); code == 0 || !strings.Contains(errOut, "row 3") {
		t.Errorf("non-number: exit %d, %q", code, errOut)
	}
}
