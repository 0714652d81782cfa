// Package pgnimport turns PGN games whose move comments carry the engine's
// score into corpus games that kibitz train reads beside self-play: the
// PGNs of fastchess, which OpenBench's datagen workloads leave behind
// ("{+0.35/12 0.123s, n=…}", the score before the slash in pawns from the
// mover's view, "+M5"/"-M4" a mate in that many plies, "{book}" a move
// played from the book).
//
// A move without a score is not a training position: moves before the
// first scored one are the game's opening (played without a search, as in
// datagen's games); a later one ends the stretch, and the game goes on as a
// new corpus game from that position. Games without a result ("*") are left
// out. Both are counted.
//
// pgnimport imports engine/board, engine/search, train/corpus,
// internal/pgntext, internal/regular and notnil/chess (which reads the PGN).
package pgnimport

import (
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/notnil/chess"

	"kibitz/engine/board"
	"kibitz/engine/search"
	"kibitz/internal/pgntext"
	"kibitz/internal/regular"
	"kibitz/train/corpus"
)

// Stats counts what an import read and wrote.
type Stats struct {
	Files, Games int // PGN games read
	Unfinished   int // games without a result, left out
	Written      int // corpus games written (a game split at unscored moves counts once per part)
	Positions    int // scored positions written
	Unscored     int // moves without a score (book moves included), not training positions
}

// Import reads the PGN files and writes their games to out, a new corpus
// file with meta as its header. out is written whole or not at all: on any
// error nothing is left at out, and an existing out is never touched.
func Import(paths []string, out, meta string) (Stats, error) {
	var st Stats
	if !strings.HasSuffix(out, corpus.Ext) {
		return st, fmt.Errorf("%s: a corpus file name ends in %s", out, corpus.Ext)
	}
	if _, err := os.Lstat(out); err == nil {
		return st, fmt.Errorf("%s exists: import into a new file", out)
	}
	partial := out + ".partial"
	if _, err := os.Lstat(partial); err == nil {
		return st, fmt.Errorf("%s exists (an import in progress, or a stopped one: remove it)", partial)
	}
	w, _, err := corpus.Append(partial, meta)
	if err != nil {
		return st, err
	}
	for _, p := range paths {
		if err = importFile(p, w, &st); err != nil {
			break
		}
		st.Files++
	}
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err == nil && st.Written == 0 {
		err = errors.New("no scored position in the PGN files: nothing to import")
	}
	if err == nil {
		err = os.Rename(partial, out)
	}
	if err != nil {
		os.Remove(partial)
		return st, err
	}
	return st, nil
}

func importFile(path string, w *corpus.Writer, st *Stats) error {
	f, err := regular.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return importReader(f, path, w, st)
}

// importReader imports the games of one PGN text; errors name the file and
// the game (counted from 1).
func importReader(r io.Reader, name string, w *corpus.Writer, st *Stats) error {
	texts, err := pgntext.Split(r)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	for n, text := range texts {
		st.Games++
		games, err := convertText(text, st)
		if err == nil {
			for i := range games {
				games[i].Index = uint64(st.Written)
				if err = w.Write(&games[i]); err != nil {
					break
				}
				st.Written++
				st.Positions += len(games[i].Plies)
			}
		}
		if err != nil {
			return fmt.Errorf("%s: game %d: %w", name, n+1, err)
		}
	}
	return nil
}

// Move text that is not a move: comments, move numbers, NAGs, results.
var (
	commentText = regexp.MustCompile(`\{[^}]*\}|;[^\n]*`)
	notMoves    = regexp.MustCompile(`^(\d+\.(\.\.)?|\$\d+|1-0|0-1|1/2-1/2|\*)$`)
	moveNumber  = regexp.MustCompile(`^\d+\.+`)
)

// convertText reads one game with notnil/chess and checks that it read
// every move of the text (the library skips a token it does not know).
func convertText(text string, st *Stats) ([]corpus.Game, error) {
	read, err := chess.PGN(strings.NewReader(text))
	if err != nil {
		return nil, err
	}
	g := chess.NewGame(read)
	var body []string
	for _, l := range strings.Split(text, "\n") {
		if !strings.HasPrefix(l, "[") {
			body = append(body, l)
		}
	}
	tokens := 0
	for _, tok := range strings.Fields(commentText.ReplaceAllString(strings.Join(body, "\n"), " ")) {
		tok = moveNumber.ReplaceAllString(tok, "") // "1.e4" is a number and a move
		if tok != "" && !notMoves.MatchString(tok) {
			tokens++
		}
	}
	if tokens != len(g.Moves()) {
		return nil, fmt.Errorf("only %d of the %d moves read: the next is not a legal move in %s", len(g.Moves()), tokens, g.Position().String())
	}
	return convert(g, st)
}

// scoreComment reads fastchess's score at the start of a move comment.
var scoreComment = regexp.MustCompile(`^([+-]?)(?:(\d+(?:\.\d+)?)|M(\d+))/\d+`)

// ParseScore reads a move comment's score for the mover: centipawns, or a
// mate score as the search writes it (search.Mate less the plies). ok is
// false for a comment without one ("book", a termination, nothing).
func ParseScore(comment string) (score int, ok bool) {
	m := scoreComment.FindStringSubmatch(strings.TrimSpace(comment))
	if m == nil {
		return 0, false
	}
	if m[3] != "" {
		plies, err := strconv.Atoi(m[3])
		if err != nil || plies > search.MaxPly {
			return 0, false
		}
		score = search.Mate - plies
	} else {
		pawns, err := strconv.ParseFloat(m[2], 64)
		if err != nil || pawns > 300 {
			return 0, false
		}
		score = int(pawns*100 + 0.5)
	}
	if m[1] == "-" {
		score = -score
	}
	return score, true
}

// convert turns one PGN game into corpus games, split at unscored moves.
func convert(g *chess.Game, st *Stats) ([]corpus.Game, error) {
	var result float64
	switch g.Outcome() {
	case chess.WhiteWon:
		result = 1
	case chess.BlackWon:
		result = 0
	case chess.Draw:
		result = 0.5
	default:
		st.Unfinished++
		st.Unscored += len(g.Moves())
		return nil, nil
	}
	start := ""
	if tp := g.GetTagPair("FEN"); tp != nil {
		start = tp.Value
	}
	pos := board.NewPosition()
	if start != "" {
		var err error
		if pos, err = board.ParseFEN(start); err != nil {
			return nil, fmt.Errorf("FEN tag: %w", err)
		}
	}
	positions, comments := g.Positions(), g.Comments()
	var out []corpus.Game
	cur := corpus.Game{Result: result, Start: start}
	for i, cm := range g.Moves() {
		uci := chess.UCINotation{}.Encode(positions[i], cm)
		m, err := pos.ParseMove(uci)
		if err != nil {
			return nil, fmt.Errorf("move %d (%s): %w", i/2+1, uci, err)
		}
		score, ok := 0, false
		if i < len(comments) && len(comments[i]) > 0 {
			score, ok = ParseScore(comments[i][0])
		}
		if !ok {
			st.Unscored++
			if len(cur.Plies) > 0 { // the stretch ends; the game goes on as a new one from here
				out = append(out, cur)
				cur = corpus.Game{Result: result, Start: pos.FEN()}
			}
			cur.Opening = append(cur.Opening, m)
			pos.MakeMove(m)
			continue
		}
		if pos.SideToMove() == board.Black {
			score = -score // the corpus keeps White's view
		}
		cur.Plies = append(cur.Plies, corpus.Ply{Move: m, Score: score})
		pos.MakeMove(m)
	}
	if len(cur.Plies) > 0 {
		out = append(out, cur)
	}
	return out, nil
}
