package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"kibitz/internal/version"
	"kibitz/web"
)

// pinnedBench reads the bench signature the repository records (the
// totals line of engine/search's pinned signatures, which that package's
// TestPinnedBenchSignatures checks position by position).
func pinnedBench(t *testing.T) uint64 {
	t.Helper()
	b, err := os.ReadFile("../../engine/search/testdata/bench-signatures.txt")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^# totals \(the bench signatures\): classical \d+, nnue (\d+)$`).FindSubmatch(b)
	if m == nil {
		t.Fatal("no totals line in bench-signatures.txt")
	}
	n, _ := strconv.ParseUint(string(m[1]), 10, 64)
	return n
}

// "kibitz bench" with no flags is what OpenBench runs: its last line is
// "N nodes N nps", N is the recorded signature, and a run beside another
// gives the same N (the count never depends on time or load).
func TestBenchFitsOpenBench(t *testing.T) {
	want := pinnedBench(t)
	type res struct {
		code    int
		out     string
		errText string
	}
	results := make(chan res, 2)
	for range 2 {
		go func() {
			code, out, errText := runCLI(t, "", "bench")
			results <- res{code, out, errText}
		}()
	}
	last := regexp.MustCompile(`^(\d+) nodes (\d+) nps$`)
	for range 2 {
		r := <-results
		if r.code != 0 {
			t.Fatalf("bench exit %d: %s", r.code, r.errText)
		}
		lines := strings.Split(strings.TrimSpace(r.out), "\n")
		m := last.FindStringSubmatch(lines[len(lines)-1])
		if m == nil {
			t.Fatalf("last line %q, want \"N nodes N nps\"", lines[len(lines)-1])
		}
		if m[1] != strconv.FormatUint(want, 10) {
			t.Errorf("bench %s nodes, the recorded signature is %d", m[1], want)
		}
		if n, _ := strconv.ParseUint(m[2], 10, 64); n == 0 {
			t.Errorf("speed %s nps", m[2])
		}
	}
}

// Arguments that are UCI commands run in order, each search to its end;
// subcommands keep working and an unknown word is still refused.
func TestCommandLineUCI(t *testing.T) {
	code, out, _ := runCLI(t, "", "position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "go depth 3")
	if code != 0 || !strings.HasSuffix(strings.TrimSpace(out), "bestmove a1a8") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	code, out, _ = runCLI(t, "", "position startpos moves e2e4", "d", "quit", "go depth 1")
	if code != 0 || !strings.Contains(out, "Key: ") || strings.Contains(out, "bestmove") {
		t.Errorf("quit ends the list: exit %d:\n%s", code, out)
	}
	code, out, _ = runCLI(t, "", "go infinite")
	if code != 0 || !strings.Contains(out, "bestmove") {
		t.Errorf("a go infinite is stopped at the end: exit %d:\n%s", code, out)
	}
	code, out, _ = runCLI(t, "", "genfens 3 seed 5 book None", "quit")
	if code != 0 || strings.Count(out, "info string genfens ") != 3 {
		t.Errorf("genfens: exit %d:\n%s", code, out)
	}
	// bench inside UCI, as Stockfish has it (the subcommand "bench" is the
	// command line's own; "bench 2" as one word is the UCI command).
	code, out, _ = runCLI(t, "", "isready", "bench 2")
	if code != 0 || !strings.Contains(out, "readyok") || !regexp.MustCompile(`(?m)^\d+ nodes \d+ nps$`).MatchString(out) {
		t.Errorf("bench in UCI: exit %d:\n%s", code, out)
	}
	if code, _, errOut := runCLI(t, "", "bnech"); code != 2 || !strings.Contains(errOut, "unknown command") {
		t.Errorf("a typo: exit %d, %q", code, errOut)
	}
	if code, out, _ := runCLI(t, "", "perft", "--depth", "2"); code != 0 || !strings.Contains(out, "Nodes searched: 400") {
		t.Errorf("a subcommand: exit %d:\n%s", code, out)
	}
}

// The SPSA input OpenBench takes, one line per tunable parameter, and the
// tuned values it gives back written into a copy of params.go.
func TestSPSAForOpenBench(t *testing.T) {
	code, out, _ := runCLI(t, "", "spsa", "--openbench")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) < 10 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	format := regexp.MustCompile(`^[A-Za-z]+, int, -?\d+, -?\d+, -?\d+, [0-9.]+, 0\.002$`)
	for _, l := range lines {
		if !format.MatchString(l) {
			t.Errorf("%q is not name, int, value, min, max, c_end, r_end", l)
		}
	}
	src, err := os.ReadFile("../../engine/search/params.go")
	if err != nil {
		t.Fatal(err)
	}
	// The defaults move with every tuning run: read them from the source.
	defaultOf := func(name string) string {
		m := regexp.MustCompile(`\{"` + name + `", (\d+),`).FindSubmatch(src)
		if m == nil {
			t.Fatalf("no %s in params.go", name)
		}
		return string(m[1])
	}
	rfp, lmrDivisor := defaultOf("RFPMargin"), defaultOf("LMRDivisor")
	if !strings.HasPrefix(lines[0], "RFPMargin, int, "+rfp+", 30, 160, 8,") {
		t.Errorf("first line %q", lines[0])
	}
	dir := t.TempDir()
	params := dir + "/params.go"
	os.WriteFile(params, src, 0o644)
	values := dir + "/tuned.txt"
	os.WriteFile(values, []byte("RFPMargin, 91.6\nLMRDivisor, 187\n"), 0o644)
	if code, out, errOut := runCLI(t, "", "spsa", "--apply", values, "--source", params); code != 0 || !strings.Contains(out, "RFPMargin: "+rfp+" → 92") {
		t.Fatalf("apply: exit %d, %s %s", code, out, errOut)
	}
	got, _ := os.ReadFile(params)
	want := strings.Replace(strings.Replace(string(src), `{"RFPMargin", `+rfp+`,`, `{"RFPMargin", 92,`, 1), `{"LMRDivisor", `+lmrDivisor+`,`, `{"LMRDivisor", 187,`, 1)
	if string(got) != want {
		t.Error("params.go after --apply differs from the source with the two defaults changed")
	}
	for _, bad := range []string{"Nonsense, 3\n", "RFPMargin, 999\n", "RFPMargin, x\n", "RFPMargin, 90\nRFPMargin, 91\n", "", "RFPMargin 90\n"} {
		os.WriteFile(values, []byte(bad), 0o644)
		if code, _, errOut := runCLI(t, "", "spsa", "--apply", values, "--source", params); code == 0 || errOut == "" {
			t.Errorf("%q accepted", bad)
		}
		if after, _ := os.ReadFile(params); string(after) != want {
			t.Errorf("%q changed params.go", bad)
		}
	}
}

// The release and commit, on the command line and in "id name".
func TestVersion(t *testing.T) {
	for _, arg := range []string{"version", "--version", "-v"} {
		if code, out, _ := runCLI(t, "", arg); code != 0 || out != version.Full+"\n" || !strings.HasPrefix(out, "Kibitz "+version.Number) {
			t.Errorf("%s: exit %d, %q", arg, code, out)
		}
	}
	if code, out, _ := runCLI(t, "uci\nquit\n"); code != 0 || !strings.Contains(out, "id name "+version.Full+"\n") {
		t.Errorf("id name: exit %d:\n%s", code, out)
	}
}

// A bad flag is reported once, after the command's usage, which says
// what the command does; "help COMMAND" is that usage; ranges are named.
func TestFlagErrorsAndHelp(t *testing.T) {
	code, _, errOut := runCLI(t, "", "bench", "--depth=abc")
	if code == 0 || strings.Count(errOut, `invalid value "abc"`) != 1 || !strings.Contains(errOut, "search the benchmark positions") {
		t.Errorf("bench --depth=abc: exit %d:\n%s", code, errOut)
	}
	if code, _, errOut := runCLI(t, "", "help", "search"); code != 0 || !strings.Contains(errOut, "usage: kibitz search") || !strings.Contains(errOut, "1..100") {
		t.Errorf("help search: exit %d:\n%s", code, errOut)
	}
	for args, want := range map[string]string{
		"search --depth 200":            "--depth 200 is out of range 0..100",
		"search --multipv 0":            "--multipv 0 is out of range 1..256",
		"bench --depth 5 --movetime 10": "exclude each other",
	} {
		if code, _, errOut := runCLI(t, "", strings.Fields(args)...); code == 0 || !strings.Contains(errOut, want) {
			t.Errorf("%s: exit %d, %q, want %q", args, code, errOut, want)
		}
	}
}

// The README's UCI section names every option the engine declares, and
// the UCI_Elo range it states is the engine's.
func TestREADMEMatchesTheUCIOptions(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, out, _ := runCLI(t, "uci\nquit\n")
	decl := regexp.MustCompile(`(?m)^option name (.+?) type (\w+)(?: default \S*)?(?: min (-?\d+) max (-?\d+))?`)
	found := 0
	for _, m := range decl.FindAllStringSubmatch(out, -1) {
		found++
		if !strings.Contains(string(readme), "`"+m[1]+"`") {
			t.Errorf("the README does not name the UCI option %s", m[1])
		}
		if m[1] == "UCI_Elo" {
			lo, _ := strconv.Atoi(m[3])
			hi, _ := strconv.Atoi(m[4])
			want := fmt.Sprintf("`UCI_Elo` (%s to %d", strings.Replace(strconv.Itoa(lo), "-", "−", 1), hi)
			if !strings.Contains(strings.Join(strings.Fields(string(readme)), " "), want) {
				t.Errorf("the README's UCI_Elo range is not the engine's %d..%d (want %q)", lo, hi, want)
			}
		}
	}
	if found < 10 {
		t.Fatalf("%d options declared:\n%s", found, out)
	}
}

// The README's API section names every field the API answers with: the
// best move's (full strength with lines, and at a level) and the health
// check's.
func TestREADMEMatchesTheAPI(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(web.NewHandler(web.Config{}))
	defer srv.Close()
	for _, path := range []string{"/api/bestmove?depth=2&multipv=2", "/api/bestmove?depth=9&elo=1200", "/api/health", "/api/eval", "/api/legal"} {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		var answer map[string]any
		err = json.NewDecoder(resp.Body).Decode(&answer)
		resp.Body.Close()
		if err != nil || resp.StatusCode != 200 {
			t.Fatalf("%s: %d %v", path, resp.StatusCode, err)
		}
		for k := range answer {
			if !strings.Contains(string(readme), "`"+k+"`") && !strings.Contains(string(readme), `"`+k+`"`) {
				t.Errorf("%s answers %q, which the README does not name", path, k)
			}
		}
	}
}
