package match

import (
	"strings"
	"testing"
	"time"

	"github.com/notnil/chess"

	"kibitz/engine/board"
)

// TestChess960Referee: castling as the king taking its rook, written O-O;
// the standard spelling refused where Chess960 means something else by it;
// mate found by Kibitz's board.
func TestChess960Referee(t *testing.T) {
	g, err := newChess960Game("6k1/p4ppp/8/8/8/8/8/1R4KR w H - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if g.legal("g1g1") || !g.legal("g1h1") || !g.legal("g1f1") {
		t.Error("g1h1 is castling, g1f1 a king move, g1g1 nothing")
	}
	for _, mv := range []string{"g1h1", "a7a6", "b1b8"} {
		if err := g.play(mv); err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
	}
	if got := strings.Join(g.san(), " "); got != "O-O a6 Rb8#" {
		t.Errorf("SAN %q", got)
	}
	if o, why := g.over(); o != chess.WhiteWon || why != "checkmate" {
		t.Errorf("over: %v %q", o, why)
	}
	if _, err := newChess960Game("1r2k3/8/8/8/8/8/8/1R4KR w Z - 0 1"); err == nil {
		t.Error("a bad castling field accepted")
	}
}

// TestChess960Match: two Kibitz processes play Chess960 from start
// positions of the standard numbering, told so by UCI_Chess960, without
// an illegal move; an engine without the option cannot take part.
func TestChess960Match(t *testing.T) {
	var openings []Opening
	for _, n := range []int{0, 959} {
		fen, _ := board.Chess960StartFEN(n)
		openings = append(openings, Opening{FEN: fen})
	}
	kib := func(name string) EngineConfig { return EngineConfig{Name: name, Cmd: kibitz} }
	ref := Referee{Limit: Limit{Nodes: 1500}, Timeout: 20 * time.Second, Adjudge: Adjudication{MaxMoves: 60}, Chess960: true}
	var pgn strings.Builder
	sum, err := Run(Config{Engines: [2]EngineConfig{kib("A"), kib("B")}, Referee: ref, Games: 4, Concurrency: 2,
		Openings: openings, Seed: 3, PGN: &pgn, Tags: PGNTags{Event: "test", Site: "here", Date: time.Now()}})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Games() != 4 || sum.Illegal != [2]int{} || sum.Crashes != [2]int{} || sum.Aborted != 0 {
		t.Errorf("%d games, illegal %v, crashes %v, aborted %d", sum.Games(), sum.Illegal, sum.Crashes, sum.Aborted)
	}
	if c := strings.Count(pgn.String(), `[Variant "Chess960"]`); c != 4 {
		t.Errorf("%d games tagged Chess960 of 4", c)
	}
	_, err = Run(Config{Engines: [2]EngineConfig{kib("A"), engine("T")}, Referee: ref, Games: 2, Concurrency: 1, Openings: openings, Seed: 3})
	if err == nil || !strings.Contains(err.Error(), "does not play Chess960") {
		t.Errorf("an engine without UCI_Chess960: %v", err)
	}
}
