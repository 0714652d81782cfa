package train

import (
	"maps"
	"math"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"kibitz/engine/board"
	"kibitz/train/corpus"
)

// writeGames writes n one-move games (1.e4) under meta, game i scored
// first+i: the score tells the games apart.
func writeGames(t *testing.T, path, meta string, first, n int) {
	t.Helper()
	w, _, err := corpus.Append(path, meta)
	if err != nil {
		t.Fatal(err)
	}
	e4, _ := board.NewPosition().ParseMove("e2e4")
	for i := range n {
		if err := w.Write(&corpus.Game{Index: uint64(i), Result: 0.5, Plies: []corpus.Ply{{Move: e4, Score: first + i}}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// heldOut lists the games held out of the store in dir, by their scores.
func heldOut(t *testing.T, dir string) map[int]bool {
	t.Helper()
	files, err := corpus.Files([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	out := map[int]bool{}
	err = EachPosition(files, corpus.Selection{}, Filter{KeepNoisy: true}, func(p Position) bool {
		if IsValidation(p.Game, 5) {
			out[p.Ply.Score] = true
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A file added to the store, sorting before the others, leaves the
// held-out games of the others as they were; its own games are held out
// by the same rule.
func TestHeldOutGamesDoNotMoveWhenFilesAreAdded(t *testing.T) {
	dir := t.TempDir()
	writeGames(t, filepath.Join(dir, "bbbb-n5000-s4.kgames"), "net=bbbb nodes=5000 seed=4 generation=8", 1000, 400)
	writeGames(t, filepath.Join(dir, "cccc-n5000-s5.kgames"), "net=cccc nodes=5000 seed=5 generation=9", 2000, 400)
	before := heldOut(t, dir)
	if len(before) < 20 || len(before) > 70 {
		t.Fatalf("%d of 800 games held out, want about 5 %%", len(before))
	}
	writeGames(t, filepath.Join(dir, "aaaa-n5000-s1.kgames"), "net=aaaa nodes=5000 seed=1 generation=7", 3000, 400)
	after := heldOut(t, dir)
	for k := range before {
		if !after[k] {
			t.Errorf("the game scored %d was held out before the new file sorted first, and is not now", k)
		}
	}
	mine := 0
	for k := range after {
		if k >= 3000 {
			mine++
		} else if !before[k] {
			t.Errorf("the game scored %d is held out since the new file sorted first, and was not before", k)
		}
	}
	if mine < 5 || mine > 40 {
		t.Errorf("%d of the new file's 400 games held out", mine)
	}
	// The key is the file's header and the game's index, nothing else.
	a := GameKey(map[string]string{"net": "bbbb", "seed": "4"}, 7)
	if a != GameKey(maps.Clone(map[string]string{"seed": "4", "net": "bbbb"}), 7) || a == GameKey(map[string]string{"net": "bbbb", "seed": "5"}, 7) || a == GameKey(map[string]string{"net": "bbbb", "seed": "4"}, 8) {
		t.Error("GameKey does not follow the header and the index alone")
	}
}

// FitScale finds the scale the results were drawn with.
func TestFitScale(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var samples []Sample
	for range 200_000 {
		score := rng.IntN(1600) - 800
		result := float32(0)
		if rng.Float64() < sigmoid(float64(score)/320) {
			result = 1
		}
		samples = append(samples, Sample{Score: int16(score), Result: result})
	}
	if k := FitScale(samples, 50, 1000); math.Abs(k-320) > 15 {
		t.Errorf("fitted %g, drawn with 320", k)
	}
	if k := FitScale(nil, 50, 1000); k != 0 {
		t.Errorf("no samples: %g", k)
	}
}

// TestRescoredGamesKeepTheirKey: a game keeps its key in a rescored copy
// of its file (the header's rescore- keys are left out), so it is held out
// there exactly when it is in its source; any other header change is a
// different game.
func TestRescoredGamesKeepTheirKey(t *testing.T) {
	src := corpus.ParseMeta("net=33efd7151a06 nodes=5000 seed=5 generation=8")
	rescored := corpus.ParseMeta("net=33efd7151a06 nodes=5000 seed=5 generation=8 rescore-net=0637e55975a3 rescore-nodes=20000")
	other := corpus.ParseMeta("net=33efd7151a06 nodes=5000 seed=6 generation=8")
	for i := range uint64(200) {
		if GameKey(src, i) != GameKey(rescored, i) {
			t.Fatalf("game %d: the rescored copy has another key", i)
		}
	}
	if GameKey(src, 7) == GameKey(other, 7) {
		t.Error("another seed gives the same key")
	}
}
