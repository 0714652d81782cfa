package main

import (
	"bytes"
	"fmt"
	"kibitz/engine"
	"math"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"kibitz/engine/tablebase/wdlnet"
	"kibitz/train/corpus"
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
	// Chess960: the published count, castling as king takes rook; the
	// same position under standard rules is refused with the reason.
	const fen960 = "1r2k2r/8/8/8/8/8/8/1R4KR w HBhb - 0 1"
	code, out, _ = runCLI(t, "", "perft", "--chess960", "--depth", "4", "--fen", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
	if code != 0 || !strings.Contains(out, "Nodes searched: 326672\n") {
		t.Errorf("perft --chess960: exit %d\n%s", code, out)
	}
	if code, out, _ = runCLI(t, "", "perft", "--chess960", "--depth", "1", "--divide", "--fen", fen960); code != 0 || !strings.Contains(out, "g1h1: 1") || !strings.Contains(out, "g1b1: 1") {
		t.Errorf("perft --chess960 --divide lists no castling:\n%s", out)
	}
	if code, _, errOut := runCLI(t, "", "perft", "--fen", fen960); code == 0 || !strings.Contains(errOut, "Chess960") {
		t.Errorf("a Chess960 FEN without --chess960: exit %d, %s", code, errOut)
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

func TestBenchSignatureIsStable(t *testing.T) {
	var sigs []string
	for i := 0; i < 2; i++ {
		code, out, _ := runCLI(t, "", "bench", "--depth", "5")
		if code != 0 {
			t.Fatalf("bench exit %d", code)
		}
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "Nodes searched") {
				sigs = append(sigs, l)
			}
		}
	}
	if len(sigs) != 2 || sigs[0] != sigs[1] {
		t.Errorf("bench signatures: %q", sigs)
	}
}

func TestSearchCommand(t *testing.T) {
	code, out, _ := runCLI(t, "", "search", "--fen", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "--depth", "3")
	if code != 0 || !strings.Contains(out, "best move a1a8  score #1") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	for _, args := range [][]string{
		{"search", "--depth", "-1"}, {"search", "--fen", "x"}, {"bench", "--depth", "0"}, {"bench", "--hash", "0"},
		{"tune", "--valid", "0"}, {"tune", "--data", "/nonexistent"}, {"tune", "--games", "5:2"},
	} {
		if code, _, errOut := runCLI(t, "", args...); code == 0 || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
}

func TestUCIByDefault(t *testing.T) {
	code, out, _ := runCLI(t, "uci\nquit\n")
	if code != 0 || !strings.Contains(out, "uciok") {
		t.Errorf("exit %d, output %q", code, out)
	}
}

func TestTuneWritesWeights(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	dir := t.TempDir()
	data := dir + "/classical.kgames"
	if code, out, errOut := runCLI(t, "", "datagen", "--nnue=false", "--out", data, "--games", "16", "--nodes", "300"); code != 0 {
		t.Fatalf("datagen: %s %s", out, errOut)
	}
	// Tuning twice on the same corpus gives the same weights, and they move
	// the validation loss.
	var weights [2][]byte
	for i := range weights {
		out := fmt.Sprintf("%s/w%d.go", dir, i)
		code, stdout, stderr := runCLI(t, "", "tune", "--data", data, "--epochs", "20", "--valid", "50", "--out", out)
		if code != 0 {
			t.Fatalf("exit %d: %s %s", code, stdout, stderr)
		}
		var before, after float64
		if _, err := fmt.Sscanf(stdout[strings.Index(stdout, "validation loss before"):], "validation loss before: %f", &before); err != nil {
			t.Fatal(stdout)
		}
		if _, err := fmt.Sscanf(stdout[strings.Index(stdout, "validation loss after"):], "validation loss after: %f", &after); err != nil || after == before {
			t.Errorf("validation loss %f → %f", before, after)
		}
		weights[i], _ = os.ReadFile(out)
	}
	if !bytes.Contains(weights[0], []byte("var weights = [NumWeights]Score{")) || !bytes.Equal(weightsBody(weights[0]), weightsBody(weights[1])) {
		t.Errorf("weights differ or malformed:\n%s", weights[0])
	}
}

func weightsBody(src []byte) []byte { return src[bytes.Index(src, []byte("var weights")):] }

func TestDatagenAndTrain(t *testing.T) {
	dir := t.TempDir()
	data, net := dir+"/d.kgames", dir+"/n.nnue"
	code, out, errOut := runCLI(t, "", "datagen", "--out", data, "--games", "6", "--nodes", "300", "--concurrency", "2")
	if code != 0 || !strings.Contains(out, "games 6/6") {
		t.Fatalf("datagen: %d %s %s", code, out, errOut)
	}
	// A second run continues after the last game.
	if code, out, _ = runCLI(t, "", "datagen", "--out", data, "--games", "2", "--nodes", "300"); code != 0 || !strings.Contains(out, "playing games 6..7") {
		t.Fatalf("resume: %s", out)
	}
	// --until finishes a set of games: 8..9 here, then nothing more.
	if code, out, _ = runCLI(t, "", "datagen", "--out", data, "--until", "10", "--nodes", "300"); code != 0 || !strings.Contains(out, "playing games 8..9") {
		t.Fatalf("until: %s", out)
	}
	if code, out, _ = runCLI(t, "", "datagen", "--out", data, "--until", "10", "--nodes", "300"); code != 0 || !strings.Contains(out, "already has games 0..9") {
		t.Fatalf("until, done: %s", out)
	}
	code, outAll, errOut := runCLI(t, "", "train", "--data", data, "--out", net, "--hidden", "64", "--epochs", "2", "--batch", "64", "--valid", "25")
	if code != 0 || !strings.Contains(outAll, "quantised vs float") {
		t.Fatalf("train: %d %s %s", code, outAll, errOut)
	}
	for _, f := range []string{net, dir + "/n.csv", dir + "/n.svg"} {
		if _, err := os.Stat(f); err != nil {
			t.Error(err)
		}
	}
	checkHeldOutLoss(t, data, net, outAll)
	checkRescore(t, data, dir)
	if code, out, _ := runCLI(t, "", "eval", "--pieces", "--fen", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"); code != 0 || !strings.Contains(out, "|   Q   |") || !strings.Contains(out, "NNUE evaluation: +") {
		t.Errorf("eval --pieces: exit %d\n%s", code, out)
	}
	if code, out, _ := runCLI(t, "", "eval", "--evalfile", net); code != 0 || !strings.Contains(out, "64 hidden") {
		t.Errorf("eval with the trained net: %s", out)
	}
	if code, _, errOut := runCLI(t, "", "bench", "--depth", "3", "--evalfile", data); code == 0 || !strings.Contains(errOut, "bad network file") {
		t.Errorf("a data file as a net: %s", errOut)
	}
	// Other settings into the same file are refused; the file is unchanged.
	before, _ := os.ReadFile(data)
	if code, _, errOut := runCLI(t, "", "datagen", "--out", data, "--games", "1", "--nodes", "301"); code == 0 || !strings.Contains(errOut, "nodes=300") {
		t.Errorf("datagen with other settings: %s", errOut)
	}
	for _, hash := range []string{"0", "2048", "x"} {
		if code, _, errOut := runCLI(t, "", "datagen", "--out", data, "--games", "1", "--nodes", "300", "--hash", hash); code == 0 || !strings.Contains(errOut, "hash") {
			t.Errorf("datagen --hash %s: %s", hash, errOut)
		}
	}
	if after, _ := os.ReadFile(data); !bytes.Equal(before, after) {
		t.Error("a refused datagen changed the corpus")
	}
	if code, out, _ := runCLI(t, "", "corpus", "info", data); code != 0 || !strings.Contains(out, "10 games") || !strings.Contains(out, "bytes/position") {
		t.Errorf("corpus info: %s", out)
	}
	// The selection flags choose games: four games hold fewer positions than all ten.
	code, out, errOut = runCLI(t, "", "train", "--data", dir, "--games", "0:4", "--out", dir+"/m.nnue", "--hidden", "64", "--epochs", "1", "--batch", "8", "--valid", "50")
	if code != 0 {
		t.Fatalf("train on a slice: %s", errOut)
	}
	if !strings.Contains(out, " positions: ") || positionsIn(out) >= positionsIn(outAll) {
		t.Errorf("games 0:4 gave %d positions, all games %d", positionsIn(out), positionsIn(outAll))
	}
}

// positionsIn reads the position count from train's first line.
func positionsIn(out string) int {
	var seed, n int
	fmt.Sscanf(out, "seed %d; %d positions", &seed, &n)
	return n
}

// TestDataFilesAreNeverLost: datagen refuses a file that is not a corpus
// and leaves it as it was; train fails before training on an output it
// cannot write.
func TestDataFilesAreNeverLost(t *testing.T) {
	dir := t.TempDir()
	readme := dir + "/README.md"
	text := []byte("# Kibitz\n\nA chess engine.\nThe last line")
	os.WriteFile(readme, text, 0o644)
	if code, _, errOut := runCLI(t, "", "datagen", "--out", readme, "--games", "1", "--nodes", "100"); code == 0 || !strings.Contains(errOut, "not a Kibitz corpus") {
		t.Errorf("datagen into README.md: %d %s", code, errOut)
	}
	if after, _ := os.ReadFile(readme); !bytes.Equal(after, text) {
		t.Errorf("README.md changed to %q", after)
	}
	if code, _, errOut := runCLI(t, "", "datagen", "--out", "/dev/full", "--games", "1", "--nodes", "100"); code == 0 || !strings.Contains(errOut, "not a regular file") {
		t.Errorf("datagen into /dev/full: %d %s", code, errOut)
	}
	data := dir + "/d.kgames"
	if code, _, errOut := runCLI(t, "", "datagen", "--out", data, "--games", "1", "--nodes", "100", "--concurrency", "1"); code != 0 {
		t.Fatal(errOut)
	}
	if code, out, errOut := runCLI(t, "", "train", "--data", data, "--out", dir+"/nonexistent/x.nnue"); code == 0 || strings.Contains(out, "epoch") {
		t.Errorf("train into a missing directory: %d %s %s", code, out, errOut)
	}
	for _, bad := range []string{"/dev/urandom", readme} {
		if code, _, errOut := runCLI(t, "", "train", "--data", bad, "--out", dir+"/y.nnue"); code == 0 || errOut == "" {
			t.Errorf("train --data %s: %d", bad, code)
		}
	}
}

// TestServeOnABusyPortFailsFirst: the error comes before any "serving" line.
func TestServeOnABusyPortFailsFirst(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	code, out, errOut := runCLI(t, "", "serve", "--dir", "", "--addr", ln.Addr().String())
	if code == 0 || strings.Contains(out, "serving") || !strings.Contains(errOut, "address already in use") {
		t.Errorf("serve on a busy port: %d %q %q", code, out, errOut)
	}
	if code, _, errOut := runCLI(t, "", "serve", "--dir", "", "--queue", "-1"); code == 0 || !strings.Contains(errOut, "--queue") {
		t.Errorf("serve --queue -1: %d %q", code, errOut)
	}
}

// TestSolveUsesTheChosenEvaluation: solve takes the net flags like bench.
func TestSolveUsesTheChosenEvaluation(t *testing.T) {
	dir := t.TempDir()
	epdFile := dir + "/mate.epd"
	os.WriteFile(epdFile, []byte("6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id \"m1\";\n"), 0o644)
	for _, flags := range [][]string{{"--nnue=false"}, {"--nnue"}} {
		args := append([]string{"solve", "--epd", epdFile, "--depth", "3"}, flags...)
		if code, out, errOut := runCLI(t, "", args...); code != 0 || !strings.Contains(out, "1/1") {
			t.Errorf("solve %v: %d %s %s", flags, code, out, errOut)
		}
	}
	if code, _, errOut := runCLI(t, "", "solve", "--epd", epdFile, "--depth", "3", "--evalfile", epdFile); code == 0 || !strings.Contains(errOut, "bad network file") {
		t.Errorf("solve with a bad net: %s", errOut)
	}
}

func TestTablebaseCommands(t *testing.T) {
	dir := t.TempDir()
	if code, out, errOut := runCLI(t, "", "tb", "gen", "--men", "3", "--out", dir); code != 0 || !strings.Contains(out, "5 tables") {
		t.Fatalf("tb gen: %d %s %s", code, out, errOut)
	}
	checkTBStats(t, dir)
	checkTBGenOptions(t, dir)
	checkTBStudy(t, dir)
	picture := filepath.Join(dir, "kpk.svg")
	for _, args := range [][]string{
		{"tb", "study"}, {"tb", "study", "--dir", dir, "--tables", "KQvKR"},
		{"tb", "study", "--dir", dir, "--tables", "KPvK", "--samples", "0"}, {"tb", "study", "--dir", dir, "--tables", "KPvK", "--model", picture},
		{"tb", "study", "--dir", dir, "--tables", "KPvK", "--model", filepath.Join(dir, "none.kwdl")}, {"tb", "study", "--dir", dir, "--tables", "KPvK", "--test", "0"},
		{"tb", "study", "--dir", dir, "--tables", "KPvK", "--out", filepath.Join(dir, "no", "such", "dir", "m.kwdl")},
		{"tb"}, {"tb", "sideways"}, {"tb", "gen", "--men", "9"}, {"tb", "gen", "--men", "3", "--jobs", "0"}, {"tb", "gen", "--men", "3", "--progress", "-1s"}, {"tb", "gen", "--tables", "KPPPvK"}, {"tb", "gen", "--tables", "KQRvKRB"},
		{"tb", "gen", "--tables", "KRvKN", "--from", t.TempDir()}, {"tb", "gen", "--tables", "KRvKN", "--from", filepath.Join(dir, "none")},
		{"tb", "probe", "--fen", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"}, {"tb", "stats", "--dir", t.TempDir()},
	} {
		if code, _, errOut := runCLI(t, "", args...); code == 0 || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
}

// checkTBStats checks tb stats and tb probe on the 3-man tables in dir.
func checkTBStats(t *testing.T, dir string) {
	// The pawnless lines are the tables' own checks (TestLongestMates); for
	// KPvK the longest win is the published 28 moves (56 plies).
	code, out, _ := runCLI(t, "", "tb", "stats", "--dir", dir)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	want := []string{"KBvK positions=24178 wins=0 draws=24178 losses=0 maxdtm=0", "KNvK positions=25750 wins=0 draws=25750 losses=0 maxdtm=0", "",
		"KQvK positions=18081 wins=18081 draws=0 losses=0 maxdtm=10", "KRvK positions=21959 wins=21959 draws=0 losses=0 maxdtm=16"}
	if code != 0 || len(lines) != len(want) {
		t.Fatalf("tb stats: %d\n%s", code, out)
	}
	for i, w := range want {
		if w == "" {
			if !strings.HasPrefix(lines[i], "KPvK positions=") || !strings.HasSuffix(lines[i], " losses=0 maxdtm=28") {
				t.Errorf("tb stats, KPvK: %s", lines[i])
			}
		} else if lines[i] != w {
			t.Errorf("tb stats: %s, want %s", lines[i], w)
		}
	}
	// --longest: the longest mates, either side to move, with positions
	// the published lists of the 3-man tables hold (Black to move and lost
	// in 10 moves with White Ka1 Qb2 against ke4, in 16 with Ka1 Rb2 against
	// kc2, in 28 with Ka3 Pg2 against ka5).
	code, out, _ = runCLI(t, "", "tb", "stats", "--dir", dir, "--longest")
	for _, w := range []string{"KQvK longest=20 plies (Black to move, lost): 8/8/8/8/4k3/8/1Q6/K7 b - - 0 1",
		"KRvK longest=32 plies (Black to move, lost): 8/8/8/8/8/8/1Rk5/K7 b - - 0 1",
		"KPvK longest=56 plies (Black to move, lost): 8/8/8/k7/8/K7/6P1/8 b - - 0 1", "KBvK longest=none (no mate)"} {
		if code != 0 || !strings.Contains(out, "\n"+w+"\n") {
			t.Errorf("tb stats --longest: no line %q in\n%s", w, out)
		}
	}
	if code, out, _ := runCLI(t, "", "tb", "probe", "--fen", "6k1/8/6K1/8/8/8/8/R7 w - - 0 1", "--dir", dir); code != 0 || out != "win: mate in 1 (1 ply); best move a1a8\n" {
		t.Errorf("tb probe: %d %q", code, out)
	}
}

// checkTBGenOptions checks tb gen's --from, --progress, --deps and
// --resume, given the 3-man tables in dir.
func checkTBGenOptions(t *testing.T, dir string) {
	// --from: the 3-man tables are loaded, not made again; --deps writes
	// what is made on the way.
	// --progress 0: a line once the positions are seeded, then one per
	// level (KRvKN's longest mate is 40 moves: some 80 levels).
	code, out, errOut := runCLI(t, "", "tb", "gen", "--tables", "KRvKN", "--from", dir, "--out", filepath.Join(dir, "from"), "--progress", "0")
	if files, _ := filepath.Glob(filepath.Join(dir, "from", "*")); code != 0 || strings.Count(out, " done at ") != 1 || len(files) != 1 {
		t.Errorf("tb gen --from: %d %v\n%s%s", code, files, out, errOut)
	}
	if !strings.Contains(out, "KRvKN    seeded at") || !strings.Contains(out, "KRvKN    level 0 settled at") || strings.Count(out, " settled at ") < 50 {
		t.Errorf("tb gen --progress 0: no line per level\n%s", out)
	}
	code, out, errOut = runCLI(t, "", "tb", "gen", "--tables", "KRvKN", "--deps", "--out", filepath.Join(dir, "deps"))
	if files, _ := filepath.Glob(filepath.Join(dir, "deps", "*")); code != 0 || !strings.Contains(out, "3 tables") || len(files) != 3 {
		t.Errorf("tb gen --deps: %d %v\n%s%s", code, files, out, errOut)
	}
	// --resume: what is already in --out is loaded, and only the rest made.
	deps := filepath.Join(dir, "deps")
	os.Remove(filepath.Join(deps, "KRvKN.ktb"))
	before, _ := os.Stat(filepath.Join(deps, "KRvK.ktb"))
	code, out, errOut = runCLI(t, "", "tb", "gen", "--tables", "KRvKN", "--deps", "--resume", "--jobs", "1", "--out", deps)
	after, _ := os.Stat(filepath.Join(deps, "KRvK.ktb"))
	if code != 0 || !strings.Contains(out, "2 tables already in") || strings.Count(out, " done at ") != 1 || !strings.Contains(out, "KRvKN    done at") ||
		before == nil || after == nil || !after.ModTime().Equal(before.ModTime()) {
		t.Errorf("tb gen --resume: %d\n%s%s", code, out, errOut)
	}
	if partial, _ := filepath.Glob(filepath.Join(deps, "*.partial")); len(partial) != 0 {
		t.Errorf("left behind: %v", partial)
	}
}

// checkTBStudy checks the neural study on KPvK (dir holds the 3-man
// tables): its report, its model file and its picture (dir/kpk.svg).
func checkTBStudy(t *testing.T, dir string) {
	// The neural study on KPvK: a small model, its report and its file.
	model := filepath.Join(dir, "kpk.kwdl")
	picture := filepath.Join(dir, "kpk.svg")
	code, out, errOut := runCLI(t, "", "tb", "study", "--dir", dir, "--tables", "KPvK", "--samples", "20000", "--h1", "16", "--h2", "8", "--out", model, "--confusion-svg", picture)
	if svg, err := os.ReadFile(picture); err != nil || !strings.HasPrefix(string(svg), "<svg") || strings.Count(string(svg), "<rect") != 9 {
		t.Errorf("the confusion matrix picture: %v\n%s", err, svg)
	}
	if code != 0 || !strings.Contains(out, "\nKPvK held-out=") || !strings.Contains(out, "\nall held-out=") {
		t.Errorf("tb study: %d\n%s%s", code, out, errOut)
	}
	if f, err := os.Open(model); err != nil {
		t.Error(err)
	} else {
		_, err := wdlnet.Read(f)
		f.Close()
		if err != nil {
			t.Errorf("the study's model: %v", err)
		}
	}
	// The saved model read back and only evaluated reports what the run
	// that trained it reported; trained further, it is still a model.
	allLine := func(out string) string {
		i := strings.Index(out, "\nall held-out=")
		if i < 0 {
			return ""
		}
		return strings.SplitN(out[i+1:], "\n", 2)[0]
	}
	code, again, errOut := runCLI(t, "", "tb", "study", "--dir", dir, "--tables", "KPvK", "--model", model, "--samples", "0")
	if code != 0 || allLine(again) == "" || allLine(again) != allLine(out) || strings.Contains(again, "training:") {
		t.Errorf("tb study --model --samples 0: %d\n%s%s\nwanted the line of\n%s", code, again, errOut, out)
	}
	more := filepath.Join(dir, "more.kwdl")
	if code, out, errOut := runCLI(t, "", "tb", "study", "--dir", dir, "--tables", "KPvK", "--model", model, "--samples", "20000", "--out", more); code != 0 || !strings.Contains(out, "training:") || !strings.Contains(out, "×16×8×3") {
		t.Errorf("tb study --model: %d\n%s%s", code, out, errOut)
	}
	if _, err := os.Stat(more); err != nil {
		t.Error(err)
	}
}

// A match whose engine cannot start says why and nothing else (no summary
// of games never played); its help is the same at every call.
func TestMatchCommandEdges(t *testing.T) {
	code, out, errOut := runCLI(t, "", "match", "--engine", "cmd=/nonexistent/engine", "--engine", "cmd=/nonexistent/other", "--nodes", "100", "--games", "2")
	if code == 0 || !strings.Contains(errOut, "/nonexistent/engine") || strings.Contains(out, "Score of") || strings.Contains(out, "Elo difference") {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	_, _, help1 := runCLI(t, "", "match", "-h")
	time.Sleep(2 * time.Millisecond)
	_, _, help2 := runCLI(t, "", "match", "-h")
	if help1 != help2 || !strings.Contains(help1, "-seed") {
		t.Errorf("match -h changes between calls:\n%s\n---\n%s", help1, help2)
	}
}

// checkHeldOutLoss: train --evaluate reports the trained net's loss on the
// same held-out games as the training's last validation loss (the float
// model's, so close but not equal to the quantised net's), trains nothing
// and writes nothing.
func checkHeldOutLoss(t *testing.T, data, net, trainOut string) {
	t.Helper()
	m := regexp.MustCompile(`validation ([0-9.]+)`).FindAllStringSubmatch(trainOut, -1)
	if len(m) == 0 {
		t.Fatalf("no validation loss in %s", trainOut)
	}
	want, _ := strconv.ParseFloat(m[len(m)-1][1], 64)
	before, _ := os.ReadFile(net)
	code, out, errOut := runCLI(t, "", "train", "--data", data, "--valid", "25", "--evaluate", net+","+engine.EmbeddedNetName)
	got := regexp.MustCompile(`held-out loss ([0-9.]+)`).FindAllStringSubmatch(out, -1)
	if code != 0 || len(got) != 2 || strings.Contains(out, "epoch") {
		t.Fatalf("train --evaluate: %d %s %s", code, out, errOut)
	}
	if loss, _ := strconv.ParseFloat(got[0][1], 64); math.Abs(loss-want) > 0.1*want {
		t.Errorf("held-out loss %g of the written net, the training's last validation loss %g", loss, want)
	}
	if after, _ := os.ReadFile(net); !bytes.Equal(before, after) {
		t.Error("train --evaluate rewrote the net")
	}
}

// checkRescore: corpus rescore writes the source's games with their moves
// and results and new scores under a header that names the net and budget,
// resumes without scoring a game twice, and never writes over its source.
func checkRescore(t *testing.T, data, dir string) {
	t.Helper()
	out := dir + "/r.kgames"
	before, _ := os.ReadFile(data)
	if code, _, errOut := runCLI(t, "", "corpus", "rescore", "--in", data, "--out", data, "--nodes", "200"); code == 0 || !strings.Contains(errOut, "source") {
		t.Errorf("rescore into its source: exit %d, %s", code, errOut)
	}
	code, outText, errOut := runCLI(t, "", "corpus", "rescore", "--in", data, "--out", out, "--nodes", "300", "--concurrency", "2")
	if code != 0 || !strings.Contains(outText, "rescored 10 games") {
		t.Fatalf("rescore: %d %s %s", code, outText, errOut)
	}
	if code, outText, _ = runCLI(t, "", "corpus", "rescore", "--in", data, "--out", out, "--nodes", "300"); code != 0 || !strings.Contains(outText, "10 games already scored") || !strings.Contains(outText, "rescored 0 games") {
		t.Errorf("resumed rescore: %s", outText)
	}
	if after, _ := os.ReadFile(data); !bytes.Equal(before, after) {
		t.Error("rescoring changed its source")
	}
	meta, _ := corpus.Header(out)
	if !strings.Contains(meta, "nodes=300") || !strings.Contains(meta, corpus.RescorePrefix+"nodes=300") || !strings.Contains(meta, corpus.RescorePrefix+"net=") {
		t.Errorf("rescored header %q", meta)
	}
	games := map[uint64]*corpus.Game{}
	corpus.Read(data, func(g *corpus.Game) error { c := *g; c.Plies = slices.Clone(g.Plies); games[g.Index] = &c; return nil })
	changed := 0
	corpus.Read(out, func(g *corpus.Game) error {
		s := games[g.Index]
		if s == nil || s.Result != g.Result || len(s.Plies) != len(g.Plies) {
			t.Fatalf("rescored game %d differs from its source", g.Index)
		}
		for i, p := range g.Plies {
			if p.Move != s.Plies[i].Move {
				t.Fatalf("game %d ply %d: move changed", g.Index, i)
			}
			if p.Score != s.Plies[i].Score {
				changed++
			}
		}
		return nil
	})
	if changed == 0 {
		t.Error("no score changed at a budget of 300 nodes instead of datagen's")
	}
}
