package board

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/notnil/chess"
)

// TestAgainstNotnil plays random games with both this package and
// notnil/chess as an independent oracle: at every ply the sets of legal
// moves must be equal and the positions must agree.
func TestAgainstNotnil(t *testing.T) {
	starts := []string{StartFEN}
	for _, e := range loadPerftEPD(t, "perftsuite.epd") {
		starts = append(starts, e.fen)
	}
	gamesPerStart, maxPlies := 16, 300
	if testing.Short() {
		gamesPerStart, maxPlies = 2, 60
	}
	const seed = 20261121
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	games := 0
	for _, fen := range starts {
		for g := 0; g < gamesPerStart; g++ {
			playDifferential(t, fen, rng, maxPlies)
			games++
			if t.Failed() {
				return
			}
		}
	}
	t.Logf("%d random games compared", games)
}

func playDifferential(t *testing.T, fen string, rng *rand.Rand, maxPlies int) {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	opt, err := chess.FEN(fen)
	if err != nil {
		t.Fatalf("notnil rejects %q: %v", fen, err)
	}
	pos := chess.NewGame(opt).Position()
	var played []string
	for ply := 0; ply < maxPlies; ply++ {
		theirs := map[string]*chess.Move{}
		var theirNames []string
		for _, m := range pos.ValidMoves() {
			theirs[m.String()] = m
			theirNames = append(theirNames, m.String())
		}
		var l MoveList
		p.GenerateMoves(&l, GenAll)
		var ours []string
		for _, m := range l.Slice() {
			ours = append(ours, m.String())
		}
		slices.Sort(ours)
		slices.Sort(theirNames)
		if !slices.Equal(ours, theirNames) {
			t.Fatalf("from %q after %v:\n ours   %v\n theirs %v", fen, played, ours, theirNames)
		}
		theirFEN := pos.String()
		// notnil names the en-passant square after every double push; Kibitz's
		// state must hold the same square, and its FEN names it only when a
		// pawn can take there.
		if f := strings.Fields(theirFEN); f[3] != "-" {
			if sq, _ := ParseSquare(f[3]); p.ep != sq {
				t.Fatalf("from %q after %v: en passant %v, notnil %s", fen, played, p.ep, f[3])
			} else if PawnAttacks(p.side^1, sq)&p.Pieces(p.side, Pawn) == 0 {
				f[3] = "-"
				theirFEN = strings.Join(f, " ")
			}
		}
		if got, want := positionFields(p.FEN()), positionFields(theirFEN); got != want {
			t.Fatalf("from %q after %v: position %q, notnil %q", fen, played, got, want)
		}
		if l.N == 0 {
			return
		}
		m := l.Moves[rng.IntN(l.N)]
		pos = pos.Update(theirs[m.String()])
		p.MakeMove(m)
		played = append(played, m.String())
	}
}

// positionFields keeps placement, side, castling, en passant and the
// halfmove clock: what both libraries must agree on.
func positionFields(fen string) string {
	f := strings.Fields(fen)
	return strings.Join(f[:5], " ")
}
