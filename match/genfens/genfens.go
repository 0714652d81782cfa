// Package genfens makes opening positions for distributed testing: the
// "genfens N seed S book <None|PATH> [extra]" command that OpenBench sends
// to an engine before its datagen games (docs/openbench.md). Each opening is
// a few random legal plies from the start position, or from a random line
// of the book, kept only when it is new, not finished, and not already lost
// for either side by a short search of the engine's own. The same N, seed,
// book and extra words give the same openings.
//
// genfens imports engine/board, engine/search, uci (whose command
// loop it plugs into) and match (which reads opening books).
package genfens

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"kibitz/engine/board"
	"kibitz/engine/search"
	"kibitz/match"
	"kibitz/uci"
)

// Options are a genfens request's settings.
type Options struct {
	Count int    // openings wanted, 1..MaxCount
	Seed  uint64 // the random choices follow it
	Book  string // a .epd or .pgn book to start from; "" for the start position
	// Random plies after the start (or the book line): between MinPlies and
	// MaxPlies, drawn per opening. Defaults: 8–9 from the start position
	// (both sides to move equally often), 2–3 after a book line.
	MinPlies, MaxPlies int
	// MaxScore: an opening whose short search scores beyond ±MaxScore
	// centipawns is dropped (default 300).
	MaxScore int
	// Nodes of that search (default 5 000: exact with one thread, so the
	// result does not depend on the machine).
	Nodes uint64
}

// MaxCount bounds one request.
const MaxCount = 1_000_000

// Parse reads the words after "genfens": N seed S book B, then optional
// extra words plies=A or plies=A-B, maxcp=C, nodes=K.
func Parse(args []string) (Options, error) {
	if len(args) < 5 || args[1] != "seed" || args[3] != "book" {
		return Options{}, errors.New("want 'genfens N seed S book <None|PATH> [plies=A-B] [maxcp=C] [nodes=K]'")
	}
	var o Options
	n, err := strconv.Atoi(args[0])
	if err != nil || n < 1 || n > MaxCount {
		return Options{}, fmt.Errorf("N %q is not an integer in 1..%d", args[0], MaxCount)
	}
	o.Count = n
	if o.Seed, err = strconv.ParseUint(args[2], 10, 64); err != nil {
		return Options{}, fmt.Errorf("seed %q is not an integer in 0..%d", args[2], uint64(1<<64-1))
	}
	if !strings.EqualFold(args[4], "none") {
		o.Book = args[4]
	}
	o.MinPlies, o.MaxPlies = 8, 9
	if o.Book != "" {
		o.MinPlies, o.MaxPlies = 2, 3
	}
	o.MaxScore, o.Nodes = 300, 5000
	for _, w := range args[5:] {
		key, value, ok := strings.Cut(w, "=")
		if !ok {
			return Options{}, fmt.Errorf("extra word %q: want key=value (plies, maxcp, nodes)", w)
		}
		switch key {
		case "plies":
			lo, hi, isRange := strings.Cut(value, "-")
			if !isRange {
				hi = lo
			}
			a, errA := strconv.Atoi(lo)
			b, errB := strconv.Atoi(hi)
			if errA != nil || errB != nil || a < 0 || b < a || b > 40 {
				return Options{}, fmt.Errorf("plies=%s: want A or A-B with 0 <= A <= B <= 40", value)
			}
			o.MinPlies, o.MaxPlies = a, b
		case "maxcp":
			c, err := strconv.Atoi(value)
			if err != nil || c < 1 || c > 10000 {
				return Options{}, fmt.Errorf("maxcp=%s: want an integer in 1..10000", value)
			}
			o.MaxScore = c
		case "nodes":
			k, err := strconv.ParseUint(value, 10, 64)
			if err != nil || k < 1 || k > 100_000_000 {
				return Options{}, fmt.Errorf("nodes=%s: want an integer in 1..100000000", value)
			}
			o.Nodes = k
		default:
			return Options{}, fmt.Errorf("unknown extra word %q (plies, maxcp, nodes)", w)
		}
	}
	return o, nil
}

// Scorer searches a position briefly and returns its score for the side to
// move, in centipawns (mate scores as the search gives them).
type Scorer func(pos *board.Position) int

// Generate returns o.Count distinct openings as FENs, or an error and none.
func Generate(o Options, score Scorer) ([]string, error) {
	starts := []match.Opening{{}}
	if o.Book != "" {
		// Enough lines for every opening to start from its own, most often.
		ops, err := match.LoadOpenings(o.Book, min(4*o.Count+64, 1<<20), o.Seed)
		if err != nil {
			return nil, fmt.Errorf("book: %w", err)
		}
		starts = ops
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x67656e66656e73))
	seen := map[string]bool{}
	out := make([]string, 0, o.Count)
	// A book too small (or plies too few) for Count distinct openings must
	// end with an error, not a hang.
	attempts := 200*o.Count + 10_000
	for a := 0; a < attempts && len(out) < o.Count; a++ {
		start := starts[rng.IntN(len(starts))]
		pos, err := play(start)
		if err != nil {
			return nil, fmt.Errorf("book line %v: %w", start, err)
		}
		if !randomPlies(pos, o.MinPlies+rng.IntN(o.MaxPlies-o.MinPlies+1), rng) {
			continue
		}
		fen := pos.FEN()
		key := strings.Join(strings.Fields(fen)[:4], " ")
		if seen[key] {
			continue
		}
		seen[key] = true // judged once, kept or not
		if s := score(pos); search.IsMate(s) || s > o.MaxScore || s < -o.MaxScore {
			continue
		}
		out = append(out, fen)
	}
	if len(out) < o.Count {
		return nil, fmt.Errorf("found only %d distinct balanced openings of %d in %d tries (a larger book or more plies?)", len(out), o.Count, attempts)
	}
	return out, nil
}

// play sets up a book line's position.
func play(op match.Opening) (*board.Position, error) {
	pos := board.NewPosition()
	if op.FEN != "" {
		var err error
		if pos, err = board.ParseFEN(op.FEN); err != nil {
			return nil, err
		}
	}
	for _, s := range op.Moves {
		m, err := pos.ParseMove(s)
		if err != nil {
			return nil, err
		}
		pos.MakeMove(m)
	}
	return pos, nil
}

// randomPlies plays n random legal moves; false when the game ends first
// or the last position has no legal move (nothing to play from).
func randomPlies(pos *board.Position, n int, rng *rand.Rand) bool {
	var l board.MoveList
	for range n {
		l = board.MoveList{}
		pos.GenerateMoves(&l, board.GenAll)
		moves := l.Slice()
		if len(moves) == 0 {
			return false
		}
		pos.MakeMove(moves[rng.IntN(len(moves))])
	}
	return pos.HasLegalMove()
}

// Command is genfens as a command of uci's loop: the openings are
// judged by eng's own search, on a fresh table each, and printed as
// "info string genfens FEN" lines once all are found — a bad request or
// book prints an error and no opening.
func Command(args []string, eng uci.Player, print func(string)) error {
	o, err := Parse(args)
	if err != nil {
		return err
	}
	// The openings are searched on the player's position: the game's is
	// put back after.
	game := eng.Position()
	defer eng.SetPosition(game)
	var searchErr error
	fens, err := Generate(o, func(pos *board.Position) int {
		eng.NewGame()
		eng.SetPosition(pos)
		result, err := eng.Go(search.Limits{Nodes: o.Nodes}, nil)
		if err != nil {
			searchErr = err
			return 0
		}
		return (<-result).Score
	})
	if err == nil {
		err = searchErr
	}
	if err != nil {
		return err
	}
	for _, f := range fens {
		print("info string genfens " + f)
	}
	return nil
}
