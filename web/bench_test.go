package web

import (
	"net/http/httptest"
	"net/url"
	"testing"
)

// BenchmarkBestmoveDepth8 is one API request as a Worker answers it, the
// handler alone: run it natively and under wasm (GOOS=js GOARCH=wasm go
// test -bench . -exec …/go_js_wasm_exec) to compare the two.
func BenchmarkBestmoveDepth8(b *testing.B) {
	h := NewHandler(Config{Caps: WorkerCaps(), Platform: "bench"})
	fens := []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	}
	for i := range b.N {
		r := httptest.NewRequest("GET", "/api/bestmove?depth=8&fen="+url.QueryEscape(fens[i%3]), nil)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != 200 {
			b.Fatal(w.Body.String())
		}
	}
}
