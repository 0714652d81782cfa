package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"kibitz/engine/board"
	"kibitz/internal/docblock"
	"kibitz/nnue"
	"kibitz/uci"
	"kibitz/web"
)

// robustnessCase is one malformed input and how to feed it.
type robustnessCase struct {
	area, input string
	answer      func(t *testing.T, dir string) string
}

func fenAnswer(fen string) func(*testing.T, string) string {
	return func(*testing.T, string) string {
		if _, err := board.ParseFEN(fen); err != nil {
			return err.Error()
		}
		return "accepted"
	}
}

func moveAnswer(fen, move string) func(*testing.T, string) string {
	return func(*testing.T, string) string {
		p, _ := board.ParseFEN(fen)
		if _, err := p.ParseMove(move); err != nil {
			return err.Error()
		}
		return "accepted"
	}
}

// uciAnswer runs the lines and returns what the engine printed, less the
// search's info lines. Input ends only after a search's bestmove, so that
// the end of input (which stops a search) cannot cut one short.
func uciAnswer(lines ...string) func(*testing.T, string) string {
	return func(t *testing.T, _ string) string {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		go func() {
			uci.Run(inR, outW)
			outW.Close()
		}()
		got := make(chan []string)
		go func() {
			var all []string
			sc := bufio.NewScanner(outR)
			for sc.Scan() {
				all = append(all, sc.Text())
				if strings.HasPrefix(sc.Text(), "bestmove") {
					inW.Close()
				}
			}
			got <- all
		}()
		searching := false
		for _, l := range lines {
			io.WriteString(inW, l+"\n")
			searching = searching || strings.HasPrefix(l, "go ") && !strings.HasPrefix(l, "go perft")
		}
		if !searching {
			inW.Close()
		}
		var kept []string
		for _, l := range <-got {
			if !strings.HasPrefix(l, "info depth") {
				kept = append(kept, l)
			}
		}
		return strings.Join(kept, " / ")
	}
}

var apiHandler = web.NewHandler(web.Config{})

func httpAnswer(method, target, body string) func(*testing.T, string) string {
	return func(*testing.T, string) string {
		req := httptest.NewRequest(method, target, strings.NewReader(body))
		rec := httptest.NewRecorder()
		apiHandler.ServeHTTP(rec, req)
		return fmt.Sprintf("%d %s", rec.Code, strings.Join(strings.Fields(rec.Body.String()), " "))
	}
}

func netAnswer(edit func(n *nnue.Net) []byte) func(*testing.T, string) string {
	return func(*testing.T, string) string {
		if _, err := nnue.Load(bytes.NewReader(edit(nnue.RandomNet(64, 1)))); err != nil {
			return err.Error()
		}
		return "accepted"
	}
}

// cliAnswer runs the command with DIR standing for a scratch directory
// holding README.md (a text file) and fifo (a named pipe).
func cliAnswer(args ...string) func(*testing.T, string) string {
	return func(t *testing.T, dir string) string {
		var expanded []string
		for _, a := range args {
			expanded = append(expanded, strings.ReplaceAll(a, "DIR", dir))
		}
		code, out, errOut := runCLI(t, "", expanded...)
		msg := strings.TrimSpace(errOut)
		if code == 0 {
			msg = strings.TrimSpace(out)
		}
		if i := strings.IndexByte(msg, '\n'); i >= 0 {
			msg = msg[:i]
		}
		return fmt.Sprintf("exit %d: %s", code, strings.ReplaceAll(msg, dir, "DIR"))
	}
}

var robustnessCases = []robustnessCase{
	{"FEN", "`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1`", fenAnswer("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1")},
	{"FEN", "`kQ6/8/8/8/8/8/8/K7 w - - 0 1` (the side not to move is in check)", fenAnswer("kQ6/8/8/8/8/8/8/K7 w - - 0 1")},
	{"FEN", "`8/8/8/8/8/8/8/8 w - - 0 1`", fenAnswer("8/8/8/8/8/8/8/8 w - - 0 1")},
	{"FEN", "`4k3/8/8/8/8/8/8/4K3 w - - 100001 1`", fenAnswer("4k3/8/8/8/8/8/8/4K3 w - - 100001 1")},
	{"FEN", "`4k3/8/8/8/8/8/8/4K3 w K - 0 1` (castling without a rook)", fenAnswer("4k3/8/8/8/8/8/8/4K3 w K - 0 1")},
	{"move text", "`e2e5` from the start", moveAnswer(board.StartFEN, "e2e5")},
	{"move text", "`e7e8x` (bad promotion piece)", moveAnswer("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e7e8x")},
	{"move text", "`z9z9`", moveAnswer(board.StartFEN, "z9z9")},
	{"UCI", "`position startpos moves e2e4 e2e4`", uciAnswer("position startpos moves e2e4 e2e4")},
	{"UCI", "`go depth abc`", uciAnswer("go depth abc")},
	{"UCI", "`go nodes -5`", uciAnswer("go nodes -5")},
	{"UCI", "`ponderhit` with no search pondering", uciAnswer("ponderhit")},
	{"UCI", "`setoption name Hash value 0`", uciAnswer("setoption name Hash value 0")},
	{"UCI", "`setoption name EvalFile value /nonexistent.nnue`", uciAnswer("setoption name EvalFile value /nonexistent.nnue")},
	{"UCI", "`setoption name EvalFile value /dev/zero`", uciAnswer("setoption name EvalFile value /dev/zero")},
	{"UCI", "`flurb`", uciAnswer("flurb")},
	{"UCI", "`go perft 0`", uciAnswer("go perft 0")},
	{"HTTP", "`GET /api/bestmove?depth=99`", httpAnswer("GET", "/api/bestmove?depth=99", "")},
	{"HTTP", "`GET /api/bestmove?fen=8/8/8/8/8/8/8/8%20w%20-%20-%200%201`", httpAnswer("GET", "/api/bestmove?fen=8/8/8/8/8/8/8/8%20w%20-%20-%200%201", "")},
	{"HTTP", "`GET /api/bestmove?moves=e2e5`", httpAnswer("GET", "/api/bestmove?moves=e2e5", "")},
	{"HTTP", "`GET /api/bestmove?wibble=1`", httpAnswer("GET", "/api/bestmove?wibble=1", "")},
	{"HTTP", "`POST /api/bestmove` with body `[1,2]`", httpAnswer("POST", "/api/bestmove", "[1,2]")},
	{"HTTP", "`DELETE /api/eval`", httpAnswer("DELETE", "/api/eval", "")},
	{"HTTP", "`GET /api/nothing`", httpAnswer("GET", "/api/nothing", "")},
	{"net file", "output bias 2³¹−1 (valid checksum)", netAnswer(func(n *nnue.Net) []byte { n.OutBias[0] = 1<<31 - 1; return n.Bytes() })},
	{"net file", "output scale QB = 1", netAnswer(func(n *nnue.Net) []byte { n.QB = 1; return n.Bytes() })},
	{"net file", "a feature weight of 30000", netAnswer(func(n *nnue.Net) []byte { n.FTWeights[7] = 30000; return n.Bytes() })},
	{"net file", "one byte changed", netAnswer(func(n *nnue.Net) []byte { b := n.Bytes(); b[100] ^= 1; return b })},
	{"net file", "cut short", netAnswer(func(n *nnue.Net) []byte { b := n.Bytes(); return b[:len(b)-10] })},
	{"data file", "`datagen --out README.md` (not a corpus; the file is left as it was)", cliAnswer("datagen", "--out", "DIR/README.md", "--games", "1")},
	{"data file", "`datagen --out /dev/full`", cliAnswer("datagen", "--out", "/dev/full", "--games", "1")},
	{"data file", "`train --data fifo` (a named pipe)", cliAnswer("train", "--data", "DIR/fifo")},
	{"data file", "`train --data /dev/urandom`", cliAnswer("train", "--data", "/dev/urandom")},
	{"data file", "`corpus info README.md`", cliAnswer("corpus", "info", "DIR/README.md")},
	{"CLI flags", "`bench --evalfile fifo`", cliAnswer("bench", "--evalfile", "DIR/fifo")},
	{"CLI flags", "`perft --depth 0`", cliAnswer("perft", "--depth", "0")},
	{"CLI flags", "`train --out /nonexistent/x.nnue`", cliAnswer("train", "--data", "DIR/README.md", "--out", "/nonexistent/x.nnue")},
	{"CLI flags", "`serve --queue -1`", cliAnswer("serve", "--queue", "-1")},
	{"CLI flags", "`datagen --random-plies 99`", cliAnswer("datagen", "--random-plies", "99")},
	{"CLI flags", "`match` without engines", cliAnswer("match")},
	{"CLI flags", "`corpus endgames --men 2-40`", cliAnswer("corpus", "endgames", "--men", "2-40")},
}

// TestRobustnessTable feeds every malformed input to the code and checks
// docs/robustness.md's table against the answers: none may be a crash, a
// hang or "accepted", and the page must say what the program says. With
// KIBITZ_UPDATE_DOCS=1 it rewrites the table instead.
func TestRobustnessTable(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "README.md"), []byte("# Kibitz\n\nLast line"), 0o644)
	mkfifo(t, filepath.Join(dir, "fifo"))
	var b strings.Builder
	b.WriteString("| input | answer |\n|---|---|\n")
	area := ""
	for _, c := range robustnessCases {
		if c.area != area {
			area = c.area
			fmt.Fprintf(&b, "| **%s** | |\n", area)
		}
		got := c.answer(t, dir)
		if got == "accepted" || strings.Contains(got, "panic") || strings.HasPrefix(got, "exit 0") || strings.HasPrefix(got, "200 ") {
			t.Errorf("%s %s: %s", c.area, c.input, got)
		}
		fmt.Fprintf(&b, "| %s | %s |\n", c.input, strings.ReplaceAll(got, "|", `\|`))
	}
	if readme, _ := os.ReadFile(filepath.Join(dir, "README.md")); string(readme) != "# Kibitz\n\nLast line" {
		t.Errorf("README.md changed to %q", readme)
	}
	docblock.Check(t, "../../docs/robustness.md", "table", "TestRobustnessTable", "./cmd/kibitz", b.String())
}

func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
}
