package main

import (
	"bytes"
	"strings"
	"testing"
)

func runCLI(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestPerftCommand(t *testing.T) {
	code, out, _ := runCLI(t, "", "perft", "--depth", "3", "--divide",
		"--fen", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	if !strings.Contains(out, "Nodes searched: 97862\n") || !strings.Contains(out, "e1g1: ") {
		t.Errorf("unexpected output:\n%s", out)
	}
	if n := strings.Count(out, ": "); n != 48+3 { // 48 root moves + 3 summary lines
		t.Errorf("%d lines with counts, want 51", n)
	}
}

func TestPerftCommandErrors(t *testing.T) {
	for _, args := range [][]string{
		{"perft", "--depth", "0"},
		{"perft", "--depth", "x"},
		{"perft", "--fen", "not a fen"},
		{"perft", "stray"},
	} {
		code, _, errOut := runCLI(t, "", args...)
		if code == 0 || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q; want a failure with a message", args, code, errOut)
		}
	}
	if code, _, _ := runCLI(t, "", "nosuchcommand"); code != 2 {
		t.Errorf("unknown command: exit %d, want 2", code)
	}
}
