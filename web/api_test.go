package web

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"kibitz/engine/board"
	"kibitz/engine/strength"
	"kibitz/engine/tablebase"
	"kibitz/internal/excerpt"
	"kibitz/internal/version"
)

func newServer(t *testing.T) *httptest.Server {
	t.Helper()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html><title>k</title>"), 0o644)
	os.WriteFile(filepath.Join(dir, "kibitz.wasm"), []byte("\x00asm"), 0o644)
	srv := httptest.NewServer(NewHandler(Config{Site: http.Dir(dir)}))
	t.Cleanup(srv.Close)
	return srv
}

func call(t *testing.T, method, u, body string) (int, map[string]any, http.Header) {
	t.Helper()
	req, _ := http.NewRequest(method, u, strings.NewReader(body))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var out map[string]any
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(raw, &out); err != nil {
			t.Fatalf("%s %s: bad JSON %q", method, u, raw)
		}
	}
	return resp.StatusCode, out, resp.Header
}

func TestHealthAndCORS(t *testing.T) {
	srv := newServer(t)
	code, out, h := call(t, "GET", srv.URL+"/api/health", "")
	if code != 200 || out["status"] != "ok" || h.Get("Access-Control-Allow-Origin") != "*" || out["version"] != version.Release || !strings.HasPrefix(version.Release, version.Number) {
		t.Errorf("%d %v %v", code, out, h)
	}
	code, _, h = call(t, "OPTIONS", srv.URL+"/api/bestmove", "")
	if code != 204 || !strings.Contains(h.Get("Access-Control-Allow-Methods"), "POST") {
		t.Errorf("preflight: %d %v", code, h)
	}
}

func TestBestmove(t *testing.T) {
	srv := newServer(t)
	fen := "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
	code, out, _ := call(t, "GET", srv.URL+"/api/bestmove?depth=4&fen="+url.QueryEscape(fen), "")
	if code != 200 || out["bestmove"] != "a1a8" || out["san"] != "Ra8#" || out["score"].(map[string]any)["mate"] != 1.0 {
		t.Errorf("%d %v", code, out)
	}
	// POST with JSON and a move list; MultiPV lines.
	code, out, _ = call(t, "POST", srv.URL+"/api/bestmove", `{"moves": ["e2e4", "e7e5"], "depth": 5, "multipv": 2}`)
	if code != 200 || out["depth"] != 5.0 || len(out["lines"].([]any)) != 2 {
		t.Fatalf("%d %v", code, out)
	}
	p, _ := board.ParseFEN("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
	if _, err := p.ParseMove(out["bestmove"].(string)); err != nil {
		t.Errorf("bestmove %v: %v", out["bestmove"], err)
	}
	// Node-limited searches are deterministic: the same request, the same answer.
	_, a, _ := call(t, "GET", srv.URL+"/api/bestmove?nodes=20000", "")
	_, b, _ := call(t, "GET", srv.URL+"/api/bestmove?nodes=20000", "")
	if a["nodes"] != 20000.0 || a["bestmove"] != b["bestmove"] || a["nodes"] != b["nodes"] {
		t.Errorf("%v vs %v", a, b)
	}
}

func TestBestmoveAtAnElo(t *testing.T) {
	srv := newServer(t)
	// A free queen: full strength always takes it; the weakest level,
	// drawing among all moves, does not take it from every position.
	const fen = "4k3/8/8/3q4/8/8/8/3QK3 w - - 0 1"
	code, out, _ := call(t, "GET", srv.URL+"/api/bestmove?depth=6&elo=2100&fen="+url.QueryEscape(fen), "")
	if code != 200 || out["bestmove"] != "d1d5" || out["elo"] != 2100.0 || out["capped"] != nil {
		t.Errorf("elo 2100: %d %v", code, out)
	}
	moves := map[any]bool{}
	for _, f := range []string{fen, "4k3/8/8/3q4/8/8/P7/3QK3 w - - 0 1", "4k3/8/8/3q4/8/8/1P6/3QK3 w - - 0 1",
		"4k3/8/8/3q4/8/7P/8/3QK3 w - - 0 1", "4k3/8/8/3q4/8/8/7P/3QK3 w - - 0 1", "4k3/8/8/3q4/8/8/6P1/3QK3 w - - 0 1"} {
		q := srv.URL + fmt.Sprintf("/api/bestmove?elo=%d&fen=", strength.MinElo) + url.QueryEscape(f)
		_, a, _ := call(t, "GET", q, "")
		_, b, _ := call(t, "GET", q, "")
		if a["bestmove"] != b["bestmove"] {
			t.Errorf("the same request at the weakest level got %v, then %v", a["bestmove"], b["bestmove"])
		}
		moves[a["bestmove"]] = true
	}
	if len(moves) < 2 {
		t.Errorf("the weakest level took the queen from all six positions: %v", moves)
	}
	// 0 is a level of the scale, not "full strength".
	if code, out, _ := call(t, "GET", srv.URL+"/api/bestmove?depth=3&elo=0", ""); code != 200 || out["elo"] != 0.0 || out["depth"] != 1.0 {
		t.Errorf("elo 0: %d %v", code, out)
	}
	// wdl: per mille for the side to move, adding up to 1000.
	if _, out, _ := call(t, "GET", srv.URL+"/api/bestmove?depth=3&fen="+url.QueryEscape(fen), ""); !wdlAddsUp(out["wdl"]) {
		t.Errorf("wdl %v", out["wdl"])
	}
	// The level wins over a depth asked for, and the answer says so.
	level := strength.ForElo(1200)
	code, out, _ = call(t, "GET", srv.URL+"/api/bestmove?depth=12&elo=1200", "")
	if note, _ := out["note"].(string); code != 200 || out["level_nodes"] != float64(level.Nodes) || out["depth"].(float64) >= 12 ||
		!strings.Contains(note, fmt.Sprintf("at most %d nodes", level.Nodes)) {
		t.Errorf("elo 1200 at depth 12: %d %v", code, out)
	}
	for _, bad := range []string{fmt.Sprintf("elo=%d", strength.MinElo-1), fmt.Sprintf("elo=%d", strength.FullElo+1), "elo=weak"} {
		if code, _, _ := call(t, "GET", srv.URL+"/api/bestmove?"+bad, ""); code != 400 {
			t.Errorf("%s: status %d, want 400", bad, code)
		}
	}
}

func TestLegalAndEval(t *testing.T) {
	srv := newServer(t)
	code, out, _ := call(t, "GET", srv.URL+"/api/legal", "")
	if code != 200 || out["count"] != 20.0 {
		t.Errorf("%d %v", code, out)
	}
	// The exact schema: every move has exactly a non-empty uci and san.
	for _, m := range out["moves"].([]any) {
		mv := m.(map[string]any)
		uci, ok1 := mv["uci"].(string)
		san, ok2 := mv["san"].(string)
		if len(mv) != 2 || !ok1 || !ok2 || len(uci) != 4 || san == "" {
			t.Errorf("move %v", mv)
		}
	}
	if len(out) != 4 || out["fen"] != board.StartFEN || out["check"] != false {
		t.Errorf("legal answer %v", out)
	}
	code, out, _ = call(t, "GET", srv.URL+"/api/eval?fen="+url.QueryEscape("4k3/8/8/8/8/8/8/QQQQK3 w - - 0 1"), "")
	if code != 200 || out["classical_white"].(map[string]any)["cp"].(float64) < 2000 || out["nnue_white"].(map[string]any)["cp"].(float64) < 500 {
		t.Errorf("%d %v", code, out)
	}
}

func TestErrors(t *testing.T) {
	srv := newServer(t)
	cases := []struct {
		method, path, body string
		status             int
		want               string
	}{
		{"GET", "/api/bestmove?fen=nonsense", "", 400, "invalid FEN"},
		{"GET", "/api/bestmove?fen=" + url.QueryEscape("8/8/8/8/8/8/8/8 w - - 0 1"), "", 400, "kings"},
		{"GET", "/api/bestmove?depth=0", "", 400, "depth 0 is out of range"},
		{"GET", "/api/bestmove?depth=99", "", 400, "out of range"},
		{"GET", "/api/bestmove?depth=x", "", 400, "not an integer"},
		{"GET", "/api/bestmove?nodes=-4", "", 400, "out of range"},
		{"GET", "/api/bestmove?multipv=9", "", 400, "multipv"},
		{"GET", "/api/bestmove?moves=e2e5", "", 400, "illegal move"},
		{"GET", "/api/bestmove?colour=red", "", 400, "unknown parameter"},
		{"GET", "/api/bestmove?fen=%zz", "", 400, "malformed query"},
		{"GET", "/api/bestmove?fen=" + url.QueryEscape("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"), "", 400, "no legal move"},
		{"POST", "/api/bestmove", "{not json", 400, "not valid JSON (at byte 2)"},
		{"POST", "/api/bestmove", `["e2e4"]`, 400, "not a JSON object: want one such as"},
		{"GET", "/api/bestmove?depth=3&depth=4", "", 400, "depth is given 2 times"},
		{"POST", "/api/bestmove?depth=3", `{"depth": 4}`, 400, "depth is given both in the query and in the body"},
		{"GET", "/api/eval?depth=3", "", 400, "unknown parameter \"depth\" (this endpoint takes fen, moves)"},
		{"GET", "/api/legal?multipv=2", "", 400, "this endpoint takes fen, moves"},
		{"GET", "/api/bestmove?elo=1200&multipv=3", "", 400, "elo and multipv exclude each other"},
		{"GET", "/api", "", 404, "no such endpoint"},
		{"POST", "/api/bestmove", `{"depth": {"x": 1}}`, 400, "want a string"},
		{"POST", "/api/bestmove", `{"fen": "` + strings.Repeat("x", 20000) + `"}`, 413, "body larger"},
		{"GET", "/api/bestmove?fen=" + strings.Repeat("x", 5000), "", 414, "query longer"},
		{"DELETE", "/api/bestmove", "", 405, "not allowed"},
		{"GET", "/api/nothing", "", 404, "no such endpoint"},
	}
	for _, c := range cases {
		code, out, _ := call(t, c.method, srv.URL+c.path, c.body)
		msg, _ := out["error"].(string)
		if code != c.status || !strings.Contains(msg, c.want) {
			t.Errorf("%s %s: %d %q, want %d mentioning %q", c.method, excerpt.Of(c.path), code, msg, c.status, c.want)
		}
		// Errors speak of the request, never of Go's types.
		if strings.Contains(msg, "Go value") || strings.Contains(msg, "interface {}") {
			t.Errorf("%s %s: %q", c.method, excerpt.Of(c.path), msg)
		}
	}
	// A health check answers whatever its query (a cache buster); a query
	// and a body that name different parameters are both used.
	if code, out, _ := call(t, "GET", srv.URL+"/api/health?foo=bar&_=123", ""); code != 200 || out["status"] != "ok" {
		t.Errorf("health with a query: %d %v", code, out)
	}
	if code, out, _ := call(t, "POST", srv.URL+"/api/bestmove?depth=2", `{"moves": ["e2e4", "e7e5"]}`); code != 200 || out["depth"] != 2.0 ||
		!strings.HasPrefix(out["fen"].(string), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w") {
		t.Errorf("query and body together: %d %v", code, out)
	}
}

func TestStaticFiles(t *testing.T) {
	srv := newServer(t)
	for path, typ := range map[string]string{"/": "text/html", "/index.html": "text/html", "/kibitz.wasm": "application/wasm"} {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), typ) {
			t.Errorf("%s: %d %s", path, resp.StatusCode, resp.Header.Get("Content-Type"))
		}
	}
	if resp, _ := http.Get(srv.URL + "/missing.js"); resp.StatusCode != 404 {
		t.Errorf("missing file: %d", resp.StatusCode)
	}
	if code, _, _ := call(t, "POST", srv.URL+"/index.html", ""); code != 405 {
		t.Errorf("POST to a file: %d", code)
	}
}

// TestConcurrentRequests sends 200 requests, 20 at a time, to a server on
// the loopback interface: every one must succeed.
func TestConcurrentRequests(t *testing.T) {
	srv := newServer(t)
	var wg sync.WaitGroup
	errs := make(chan error, 200)
	sem := make(chan struct{}, 20)
	for i := 0; i < 200; i++ {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			path := []string{"/api/bestmove?depth=3", "/api/legal", "/api/eval", "/api/health", "/api/bestmove?nodes=3000&moves=d2d4"}[i%5]
			resp, err := http.Get(srv.URL + path)
			if err != nil {
				errs <- err
				return
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 {
				errs <- fmt.Errorf("%s: %d", path, resp.StatusCode)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// deepServer serves the API with one deep-search slot and one queue place.
func deepServer(t *testing.T, searchTime time.Duration) *httptest.Server {
	srv := httptest.NewServer(NewHandler(Config{MaxSearches: 1, MaxQueue: 1, SearchTime: searchTime}))
	t.Cleanup(srv.Close)
	return srv
}

// TestDeepSearchesAreBoundedAndLightOnesPass: with the deep lane full,
// further deep requests are refused with 503 and Retry-After, while a
// light search and the health check are answered before any deep one.
func TestDeepSearchesAreBoundedAndLightOnesPass(t *testing.T) {
	srv := deepServer(t, 3*time.Second)
	type answer struct {
		name string
		code int
		h    http.Header
	}
	answers := make(chan answer, 10)
	get := func(name, path string) {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Error(err)
			answers <- answer{name: name}
			return
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		answers <- answer{name, resp.StatusCode, resp.Header}
	}
	for i := 0; i < 4; i++ {
		go get("deep", "/api/bestmove?depth=24")
	}
	// Two refusals come at once: one deep search runs and one waits.
	for i := 0; i < 2; i++ {
		a := <-answers
		if a.name != "deep" || a.code != http.StatusServiceUnavailable || a.h.Get("Retry-After") == "" {
			t.Fatalf("answer %d: %s %d %v", i, a.name, a.code, a.h)
		}
	}
	go get("light", "/api/bestmove?depth=1")
	go get("health", "/api/health")
	for i := 0; i < 2; i++ {
		if a := <-answers; (a.name != "light" && a.name != "health") || a.code != 200 {
			t.Errorf("while deep searches run: %s %d", a.name, a.code)
		}
	}
	for i := 0; i < 2; i++ {
		if a := <-answers; a.name != "deep" || a.code != 200 {
			t.Errorf("deep search: %d", a.code)
		}
	}
}

// TestSearchesHaveAWallClockCap: a deep search stops at the cap and says so.
// Depth 24 takes minutes and depth 2 a millisecond: a cap of 2 s between
// them tells them apart on any machine.
func TestSearchesHaveAWallClockCap(t *testing.T) {
	srv := deepServer(t, 2*time.Second)
	code, out, _ := call(t, "GET", srv.URL+"/api/bestmove?depth=24", "")
	if code != 200 || out["capped"] == nil || out["depth"].(float64) >= 24 || out["bestmove"] == "" {
		t.Errorf("%d %v", code, out)
	}
	// A search that ends in time is not marked.
	if code, out, _ = call(t, "GET", srv.URL+"/api/bestmove?depth=2", ""); code != 200 || out["capped"] != nil {
		t.Errorf("%d %v", code, out)
	}
}

// TestHeadRunsNoSearch: HEAD validates and answers with headers only.
func TestHeadRunsNoSearch(t *testing.T) {
	srv := deepServer(t, 0)
	resp, err := http.Head(srv.URL + "/api/bestmove?depth=24")
	if err != nil || resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("%v %v", resp, err)
	}
	if resp, _ := http.Head(srv.URL + "/api/bestmove?depth=99"); resp.StatusCode != 400 {
		t.Errorf("HEAD with a bad depth: %d", resp.StatusCode)
	}
	_, out, _ := call(t, "GET", srv.URL+"/api/health", "")
	if out["searches"] != 0.0 {
		t.Errorf("HEAD ran %v searches", out["searches"])
	}
	call(t, "GET", srv.URL+"/api/bestmove?depth=1", "")
	if _, out, _ = call(t, "GET", srv.URL+"/api/health", ""); out["searches"] != 1.0 {
		t.Errorf("a GET counted %v searches", out["searches"])
	}
}

func FuzzParseRequest(f *testing.F) {
	f.Add("fen=startpos&depth=3")
	f.Add("moves=e2e4,e7e5&multipv=2&nodes=100")
	f.Add("fen=" + url.QueryEscape("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1") + "&depth=1")
	f.Fuzz(func(t *testing.T, query string) {
		q, err := url.ParseQuery(query)
		if err != nil {
			return
		}
		lim := WorkerCaps()
		req, err := ParseRequest(q, lim)
		if err != nil {
			return
		}
		if req.Pos == nil || req.Depth < 0 || req.Depth > lim.MaxDepth || req.Nodes > lim.MaxNodes || req.MultiPV < 1 || req.MultiPV > lim.MaxMultiPV {
			t.Fatalf("%q accepted as %+v", query, req)
		}
	})
}

// FuzzHandler sends arbitrary methods, paths, queries and bodies to the
// API: every answer has a known status, and a JSON body that parses, with
// an error message whenever the status is not 200.
func FuzzHandler(f *testing.F) {
	f.Add("GET", "/api/bestmove?depth=3&moves=e2e4", "")
	f.Add("POST", "/api/bestmove", `{"fen": "startpos", "moves": ["e2e4"], "multipv": 2}`)
	f.Add("HEAD", "/api/legal?fen=8/8/8/8/8/8/8/K6k%20w%20-%20-%200%201", "")
	f.Add("DELETE", "/api/eval", "")
	f.Add("POST", "/api/eval", `{"fen": 3}`)
	h := NewHandler(Config{Caps: Caps{DefaultDepth: 2, MaxDepth: 4, MaxNodes: 20000, MaxMultiPV: 3, HashMB: 1}})
	known := map[int]bool{200: true, 204: true, 301: true, 307: true, 308: true, 400: true, 404: true, 405: true, 413: true, 414: true, 503: true}
	f.Fuzz(func(t *testing.T, method, target, body string) {
		if !strings.HasPrefix(target, "/") {
			target = "/" + target
		}
		req, err := http.NewRequest(method, "http://kibitz.test"+target, strings.NewReader(body))
		if err != nil {
			return
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if !known[rec.Code] {
			t.Fatalf("%s %s: status %d", method, target, rec.Code)
		}
		if rec.Code == 204 || rec.Code/100 == 3 || method == "HEAD" || rec.Body.Len() == 0 && rec.Code != 200 {
			return
		}
		var out map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
			t.Fatalf("%s %s: %d with a body that is not JSON: %q", method, target, rec.Code, rec.Body.String())
		}
		if msg, _ := out["error"].(string); rec.Code != 200 && msg == "" {
			t.Fatalf("%s %s: %d without an error message", method, target, rec.Code)
		}
	})
}

// With endgame tables the API plays their moves and says what they say.
func TestBestmoveWithTables(t *testing.T) {
	tables := tablebase.NewSet()
	sig, _ := tablebase.ParseSignature("KQvK")
	tables.Table(sig)
	srv := httptest.NewServer(NewHandler(Config{Tables: tables}))
	defer srv.Close()
	code, m, _ := call(t, "GET", srv.URL+"/api/bestmove?depth=4&fen="+url.QueryEscape("8/8/3k4/8/8/8/8/KQ6 w - - 0 1"), "")
	tb, _ := m["tb"].(map[string]any)
	if code != 200 || tb == nil || tb["wdl"] != 1.0 || tb["dtm"].(float64) < 1 {
		t.Errorf("%d %v", code, m)
	}
	// A position the tables do not cover has no "tb".
	if _, m, _ := call(t, "GET", srv.URL+"/api/bestmove?depth=2", ""); m["tb"] != nil {
		t.Errorf("start position: %v", m)
	}
	// Health names the tables: KQvK needs no other (taking the queen
	// leaves two kings), so it is the only one.
	if _, m, _ := call(t, "GET", srv.URL+"/api/health", ""); fmt.Sprint(m["tables"]) != "[KQvK]" {
		t.Errorf("health: tables %v", m["tables"])
	}
	// Without tables, health says nothing of them.
	bare := httptest.NewServer(NewHandler(Config{}))
	defer bare.Close()
	if _, m, _ := call(t, "GET", bare.URL+"/api/health", ""); m["tables"] != nil {
		t.Errorf("health without tables: %v", m["tables"])
	}
}

func wdlAddsUp(v any) bool {
	l, ok := v.([]any)
	if !ok || len(l) != 3 {
		return false
	}
	sum := 0.0
	for _, x := range l {
		f, _ := x.(float64)
		sum += f
	}
	return sum == 1000 && l[0].(float64) > 900
}
