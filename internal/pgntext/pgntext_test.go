package pgntext

import (
	"strings"
	"testing"
)

func TestSplit(t *testing.T) {
	pgn := "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5\n2. Qh5 {x}\n1-0\n\n[Event \"b\"]\n\n  1. d4 *  \n"
	games, err := Split(strings.NewReader(pgn))
	if err != nil || len(games) != 2 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	if !strings.HasPrefix(games[0], "[Event \"a\"]") || !strings.Contains(games[0], "2. Qh5 {x}\n1-0") || strings.Contains(games[0], "d4") {
		t.Errorf("first game: %q", games[0])
	}
	if games[1] != "[Event \"b\"]\n\n1. d4 *\n" {
		t.Errorf("second game: %q", games[1])
	}
	if games, err := Split(strings.NewReader("\n\n")); err != nil || len(games) != 0 {
		t.Errorf("empty: %q %v", games, err)
	}
}
