package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSPSACommand: with a tune build, a short run logs one line per
// iteration, resumes where it stopped, refuses a log of other parameters
// and an engine without the options, and never rewrites the log.
func TestSPSACommand(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the engine twice")
	}
	dir := t.TempDir()
	tuneBin, plainBin := filepath.Join(dir, "kibitz-tune"), filepath.Join(dir, "kibitz")
	for bin, tags := range map[string]string{tuneBin: "tune", plainBin: ""} {
		if b, err := exec.Command("go", "build", "-tags", tags, "-o", bin, ".").CombinedOutput(); err != nil {
			t.Fatalf("go build -tags %q: %v\n%s", tags, err, b)
		}
	}
	log := filepath.Join(dir, "spsa.csv")
	spsaRun := func(engine, params string, iterations string) (int, string, string) {
		return runCLI(t, "", "spsa", "--engine", "cmd="+engine, "--params", params, "--iterations", iterations,
			"--depth", "2", "--concurrency", "2", "--out", log, "--draw", "movenumber=20,movecount=2,score=50")
	}
	lines := func() []string {
		b, err := os.ReadFile(log)
		if err != nil {
			t.Fatal(err)
		}
		return strings.Split(strings.TrimSpace(string(b)), "\n")
	}

	if code, _, errOut := spsaRun(plainBin, "RFPMargin", "2"); code == 0 || !strings.Contains(errOut, "tune tag") {
		t.Errorf("an engine without the options: exit %d, %q", code, errOut)
	}
	if _, err := os.Stat(log); err == nil {
		t.Error("the refused run wrote a log")
	}
	if code, _, errOut := spsaRun(tuneBin, "RFPMargin,FutilityBase", "3"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	got := lines()
	if len(got) != 4 || got[0] != "iteration,result,RFPMargin,FutilityBase" {
		t.Fatalf("log after 3 iterations:\n%s", strings.Join(got, "\n"))
	}
	code, out, errOut := spsaRun(tuneBin, "RFPMargin,FutilityBase", "5")
	if code != 0 || !strings.Contains(out, "iterations 4..5") || !strings.Contains(out, "option.RFPMargin=") {
		t.Fatalf("resumed run: exit %d\n%s%s", code, out, errOut)
	}
	if got := lines(); len(got) != 6 || strings.Count(strings.Join(got, "\n"), "iteration,") != 1 {
		t.Fatalf("log after resuming to 5 iterations:\n%s", strings.Join(got, "\n"))
	}
	before, _ := os.ReadFile(log)
	for _, c := range [][2]string{{"RFPMargin", "9"}, {"RFPMargin,FutilityBase", "5"}, {"NoSuch", "9"}} {
		if code, _, errOut := spsaRun(tuneBin, c[0], c[1]); code == 0 {
			t.Errorf("--params %s --iterations %s accepted (%s)", c[0], c[1], errOut)
		}
	}
	if after, _ := os.ReadFile(log); string(after) != string(before) {
		t.Error("a refused run changed the log")
	}
}
