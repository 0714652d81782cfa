package search

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"kibitz/nnue"
)

// benchSignaturesFile pins, per bench position and evaluation, the move,
// score and node count of a depth-11 search from a fresh game (what
// "kibitz bench" sums). A change that alters the search or an evaluation
// must update it on purpose: KIBITZ_UPDATE_BENCH=1 go test ./engine/search
// -run PinnedBench, and say why in the commit.
const benchSignaturesFile = "testdata/bench-signatures.txt"

func TestPinnedBenchSignatures(t *testing.T) {
	if raceDetector {
		t.Skip("single-threaded: run without the race detector")
	}
	net, err := nnue.Default()
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("# eval position move score nodes (depth 11, 16 MB, one thread, a fresh game each)\n")
	totals := map[string]uint64{}
	for _, ev := range []struct {
		name string
		net  *nnue.Net
	}{{"classical", nil}, {"nnue", net}} {
		e := New(Options{HashMB: 16, Threads: 1, Net: ev.net})
		for i, fen := range BenchPositions {
			e.NewGame()
			r := e.Search(mustPos(t, fen), Limits{Depth: 11}, nil)
			fmt.Fprintf(&b, "%s %d %v %s %d\n", ev.name, i+1, r.Move, FormatUCI(r.Score), r.Nodes)
			totals[ev.name] += r.Nodes
		}
	}
	fmt.Fprintf(&b, "# totals (the bench signatures): classical %d, nnue %d\n", totals["classical"], totals["nnue"])
	if os.Getenv("KIBITZ_UPDATE_BENCH") == "1" {
		if err := os.WriteFile(benchSignaturesFile, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(benchSignaturesFile)
	if err != nil {
		t.Fatal(err)
	}
	got, wantLines := strings.Split(b.String(), "\n"), strings.Split(string(want), "\n")
	for i := range max(len(got), len(wantLines)) {
		g, w := line(got, i), line(wantLines, i)
		if g != w {
			t.Errorf("bench signature changed: %q, pinned %q", g, w)
		}
	}
	if t.Failed() {
		t.Log("if the change of behaviour is meant: KIBITZ_UPDATE_BENCH=1 go test ./engine/search -run PinnedBench, and give the reason in the commit")
	}
}

func line(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return ""
}
