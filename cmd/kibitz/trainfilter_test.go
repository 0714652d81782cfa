package main

import (
	"os"
	"strings"
	"testing"
)

// TestTrainFilterFlags: --dedup, --max-gap and --one-in only ever take
// positions away from what train reads (one in four keeps fewer than
// half); a gap of the whole board and one in one keep them all; a negative
// margin or sample and a gap net that is no net are refused before
// training. Batches of 16: one position in four of four short games is
// only a few dozen, and their number moves with the search.
func TestTrainFilterFlags(t *testing.T) {
	dir := t.TempDir()
	data := dir + "/d.kgames"
	if code, _, errOut := runCLI(t, "", "datagen", "--out", data, "--games", "4", "--nodes", "300", "--concurrency", "1"); code != 0 {
		t.Fatal(errOut)
	}
	train := func(flags ...string) (int, string, string) {
		args := append([]string{"train", "--data", data, "--out", dir + "/n.nnue", "--hidden", "64", "--epochs", "1", "--batch", "16", "--valid", "25"}, flags...)
		return runCLI(t, "", args...)
	}
	code, out, errOut := train()
	if code != 0 {
		t.Fatal(errOut)
	}
	all := positionsIn(out)
	for _, c := range []struct {
		flags []string
		most  func(n int) bool
	}{
		{[]string{"--dedup"}, func(n int) bool { return n > 0 && n <= all }},
		{[]string{"--max-gap", "0"}, func(n int) bool { return n > 0 && n < all }},
		{[]string{"--max-gap", "30000"}, func(n int) bool { return n == all }},
		{[]string{"--one-in", "4"}, func(n int) bool { return n > 0 && n < all/2 }},
		{[]string{"--one-in", "1"}, func(n int) bool { return n == all }},
	} {
		code, out, errOut := train(c.flags...)
		if n := positionsIn(out); code != 0 || !c.most(n) {
			t.Errorf("train %v: exit %d, %d positions of %d; %s", c.flags, code, n, all, errOut)
		}
	}
	readme := dir + "/README.md"
	os.WriteFile(readme, []byte("# not a net\n"), 0o644)
	for _, flags := range [][]string{{"--max-gap", "-2"}, {"--max-gap", "0", "--gap-net", readme}, {"--one-in", "-3"}} {
		if code, out, errOut := train(flags...); code == 0 || strings.Contains(out, "epoch") || errOut == "" {
			t.Errorf("train %v: exit %d, %s", flags, code, out)
		}
	}
}
