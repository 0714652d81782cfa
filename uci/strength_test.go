package uci

import (
	"fmt"
	"strings"
	"testing"

	"kibitz/engine/board"
	"kibitz/engine/strength"
)

func TestStrengthOptions(t *testing.T) {
	s := defaultSession()
	if facade(s).Options().Strength.Limited() {
		t.Fatal("the engine starts weakened")
	}
	set := func(cmd string) error { return s.setOption(strings.Fields("name " + cmd)) }
	if err := set("UCI_Elo value 1200"); err != nil {
		t.Fatal(err)
	}
	if facade(s).Options().Strength.Limited() {
		t.Error("UCI_Elo alone weakened the engine; UCI_LimitStrength is false")
	}
	if err := set("UCI_LimitStrength value true"); err != nil {
		t.Fatal(err)
	}
	if got := facade(s).Options().Strength; got != strength.ForElo(1200) {
		t.Errorf("limited at 1200: %+v, want %+v", got, strength.ForElo(1200))
	}
	if err := set("UCI_Elo value 2000"); err != nil {
		t.Fatal(err)
	}
	if got := facade(s).Options().Strength; got != strength.ForElo(2000) {
		t.Errorf("limited at 2000: %+v", got)
	}
	for _, bad := range []string{"UCI_Elo value -201", "UCI_Elo value 99999", "UCI_Elo value strong", "UCI_LimitStrength value yes"} {
		if err := set(bad); err == nil {
			t.Errorf("setoption %s accepted", bad)
		}
	}
	if got := facade(s).Options().Strength; got != strength.ForElo(2000) {
		t.Errorf("refused values changed the level: %+v", got)
	}
	// UCI_Elo 0 is a level like any other (the scale goes through 0), as
	// in the worker and the HTTP API; full strength is UCI_LimitStrength
	// false, never a number.
	if err := set("UCI_Elo value 0"); err != nil {
		t.Fatal(err)
	}
	if got := facade(s).Options().Strength; got != strength.ForElo(0) || !got.Limited() {
		t.Errorf("limited at 0: %+v, want %+v", got, strength.ForElo(0))
	}
	if err := set("UCI_Elo value 2000"); err != nil {
		t.Fatal(err)
	}
	if err := set("UCI_LimitStrength value false"); err != nil {
		t.Fatal(err)
	}
	if facade(s).Options().Strength.Limited() {
		t.Error("UCI_LimitStrength false left the engine weakened")
	}
}

func TestStrengthOverUCI(t *testing.T) {
	c := start(t)
	c.send("uci")
	joined := strings.Join(c.until("uciok"), "\n")
	for _, want := range []string{"option name UCI_LimitStrength type check default false",
		fmt.Sprintf("option name UCI_Elo type spin default 1500 min %d max %d", strength.MinElo, strength.FullElo)} {
		if !strings.Contains(joined, want) {
			t.Errorf("uci output lacks %q", want)
		}
	}
	c.send("setoption name UCI_LimitStrength value true", fmt.Sprintf("setoption name UCI_Elo value %d", strength.MinElo),
		"position startpos", "go wtime 60000 btime 60000")
	got := c.until("bestmove")
	for _, l := range got {
		if strings.HasPrefix(l, "info depth 2") {
			t.Errorf("the weakest level searched past depth 1: %q", l)
		}
	}
	assertLegal(t, board.StartFEN, got[len(got)-1])
}

func TestMaxDepthCapsEverySearch(t *testing.T) {
	c := startWith(t, Config{MaxDepth: 3})
	for _, goCmd := range []string{"go depth 9", "go movetime 500", "go wtime 60000 btime 60000"} {
		c.send("position startpos", goCmd)
		got := c.until("bestmove")
		last := ""
		for _, l := range got {
			if strings.HasPrefix(l, "info depth ") {
				last = strings.Fields(l)[2]
			}
		}
		if last != "3" {
			t.Errorf("%s with MaxDepth 3: last iteration %q, want 3:\n%s", goCmd, last, strings.Join(got, "\n"))
		}
	}
}
