package train

import (
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"sort"
	"strings"

	"kibitz/engine/board"
	"kibitz/engine/netinput"
	"kibitz/engine/search"
	"kibitz/train/corpus"
)

// Filter chooses which searched positions of the corpus become training
// samples.
type Filter struct {
	KeepInCheck bool // positions with the side to move in check
	KeepNoisy   bool // positions whose chosen move captures or promotes
	MinPly      int  // skip positions before this ply of the game (opening plies count)
	MaxPly      int  // skip positions from this ply on (0: no limit)
	MaxAbsScore int  // skip |score| above this (0: keep all but mate scores)
	// Dedup keeps a position only where it first occurs in file and game
	// order (by its hash key: pieces, side to move, castling, en passant),
	// so that the positions every game shares after its opening do not
	// weigh more than the rest.
	Dedup bool
	// Gap, if set, keeps only the positions where its quiescence search
	// gains at most MaxGap centipawns over its static evaluation
	// (search.Searcher.QuiescenceGap): with MaxGap 0, those whose
	// evaluation already is their quiescence score.
	Gap    *search.Searcher
	MaxGap int
	// OneIn, above 1, keeps about one position in OneIn of each game,
	// chosen by a hash of the game's key and the position's ply (the same
	// ones on every read): fewer positions of more games, for the question
	// whether a game's neighbouring positions teach more than one of them.
	OneIn int
}

// DefaultFilter is the selection every generation so far was trained on:
// quiet positions, not in check, with a score that is not a mate.
var DefaultFilter = Filter{}

func (f Filter) keep(pos *board.Position, p corpus.Ply) bool {
	switch {
	case search.IsMate(p.Score):
		return false
	case f.MaxAbsScore > 0 && (p.Score > f.MaxAbsScore || p.Score < -f.MaxAbsScore):
		return false
	case pos.Ply() < f.MinPly || (f.MaxPly > 0 && pos.Ply() >= f.MaxPly):
		return false
	case !f.KeepInCheck && pos.InCheck():
		return false
	case !f.KeepNoisy && p.Move != board.NullMove && (p.Move.IsCapture() || p.Move.IsPromotion()):
		return false
	case f.Gap != nil: // last: a search costs more than every rule above
		gap, ok := f.Gap.QuiescenceGap(pos)
		return ok && gap <= f.MaxGap
	}
	return true
}

// sampled says whether the i-th position of the game with this key is in
// the OneIn sample (every position without one).
func (f Filter) sampled(game uint32, i int) bool {
	return f.OneIn <= 1 || mix(uint64(game)<<32|uint64(uint32(i)))%uint64(f.OneIn) == 0
}

// Position is one position of the corpus as the trainers see it.
type Position struct {
	Board  *board.Position // valid only during the callback
	Ply    corpus.Ply      // the score of the position and the move played
	Result float64         // the game's result for White: 1, 0.5, 0
	Game   uint32          // a key that tells the game from every other game of the files
}

// errStop ends a corpus walk early without an error.
var errStop = errors.New("stop")

// EachPosition calls fn for every position of the selected games that
// passes the filter, in file and game order. It is how both trainers, the
// NNUE's and the classical tuner's, read the corpus; IsValidation(p.Game)
// holds whole games out. fn returns false to stop.
func EachPosition(files []string, sel corpus.Selection, f Filter, fn func(p Position) bool) error {
	stop := false
	var seen map[uint64]struct{}
	if f.Dedup {
		seen = make(map[uint64]struct{})
	}
	first := func(pos *board.Position) bool {
		if seen == nil {
			return true
		}
		if _, dup := seen[pos.Key()]; dup {
			return false
		}
		seen[pos.Key()] = struct{}{}
		return true
	}
	err := corpus.ReadSelected(files, sel, func(_ int, meta map[string]string, g *corpus.Game) error {
		key := GameKey(meta, g.Index)
		err := g.Replay(func(pos *board.Position, i int, p corpus.Ply) {
			if !stop && f.sampled(key, i) && f.keep(pos, p) && first(pos) {
				stop = !fn(Position{Board: pos, Ply: p, Result: g.Result, Game: key})
			}
		})
		if err == nil && stop {
			return errStop
		}
		return err
	})
	if errors.Is(err, errStop) {
		return nil
	}
	return err
}

// LoadCorpus reads the selected games of the corpus files and returns the
// positions that pass the filter, at most limit of them (0: all). Each
// sample keeps its game's key, so that Split keeps whole games on one side.
//
// The samples are gathered in blocks of loadBlock and copied once into a
// slice of the exact size: one slice grown by append would leave behind
// the arrays it outgrew for the collector to find (20 M positions: a
// 7.8 GB peak against 9.1 GB, docs/training.md).
func LoadCorpus(files []string, sel corpus.Selection, f Filter, limit int) ([]Sample, error) {
	var blocks [][]Sample
	n := 0
	err := EachPosition(files, sel, f, func(p Position) bool {
		if len(blocks) == 0 || len(blocks[len(blocks)-1]) == loadBlock {
			blocks = append(blocks, make([]Sample, 0, loadBlock))
		}
		b := &blocks[len(blocks)-1]
		*b = append(*b, FromPosition(p.Board, p.Ply.Score, p.Result, p.Game))
		n++
		return limit == 0 || n < limit
	})
	if err != nil {
		return nil, err
	}
	out := make([]Sample, 0, n)
	for i, b := range blocks {
		out = append(out, b...)
		blocks[i] = nil // free for the collector as soon as it is copied
	}
	return out, nil
}

// loadBlock is the number of samples LoadCorpus gathers per block: big
// enough that the blocks' own list is short, small enough that the last,
// part-filled block wastes little. A variable, so that a test can make
// blocks of a few samples.
var loadBlock = 1 << 16

// GameKey identifies a game for good: by what its file's header says
// (datagen's net, nodes, seed and generation, or an import's source) and
// its index in that file — never by where the file sorts among others, so
// that the held-out games (IsValidation) stay the same whatever files are
// added beside them, and a net grown from a parent that used the same rule
// is never validated on the parent's training games. A game copied into
// two files of the same header has one key, and so does a game and its
// rescoring (the header keys starting with corpus.RescorePrefix are left out).
func GameKey(meta map[string]string, index uint64) uint32 {
	keys := make([]string, 0, len(meta))
	for k := range meta {
		if !strings.HasPrefix(k, corpus.RescorePrefix) { // a rescored game is its source's game
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	h := fnv.New64a()
	for _, k := range keys {
		fmt.Fprintf(h, "%s=%s\x00", k, meta[k])
	}
	return uint32(mix(h.Sum64() ^ mix(index)))
}

// FromPosition makes the training sample of a position with its labels
// (score and result from White's point of view).
func FromPosition(pos *board.Position, whiteScore int, result float64, game uint32) Sample {
	s := Sample{
		STM:    pos.SideToMove(),
		Score:  int16(max(-32000, min(32000, whiteScore))),
		Result: float32(result),
		Game:   game,
		// The 32-byte records carry no castling rights: Decode leaves
		// their samples unmirrorable.
		Mirrorable: pos.Castling() == 0,
	}
	i := 0
	for occ := pos.Occupied(); occ != 0 && i < len(s.Features[0]); i++ {
		sq := occ.PopFirst()
		pc := pos.PieceAt(sq)
		s.Features[board.White][i] = uint16(netinput.Feature(board.White, pc, sq))
		s.Features[board.Black][i] = uint16(netinput.Feature(board.Black, pc, sq))
	}
	s.N = uint8(i)
	return s
}

// ConvertRecords copies a file of 32-byte position records (the format
// datagen wrote before the corpus) into a corpus: each record becomes a game
// of one searched position with no move, its record's game number as the
// index. It returns the number of records converted.
func ConvertRecords(r io.Reader, w *corpus.Writer) (int, error) {
	recs, err := ReadAll(r)
	if err != nil {
		return 0, err
	}
	var s Sample
	for i := range recs {
		if err := recs[i].Decode(&s); err != nil {
			return i, fmt.Errorf("record %d: %w", i, err)
		}
		pos, err := recs[i].Position()
		if err != nil {
			return i, fmt.Errorf("record %d: %w", i, err)
		}
		g := corpus.Game{Index: uint64(s.Game), Result: float64(s.Result), Start: pos.FEN(),
			Plies: []corpus.Ply{{Score: int(s.Score)}}}
		if err := w.Write(&g); err != nil {
			return i, fmt.Errorf("record %d: %w", i, err)
		}
	}
	return len(recs), nil
}
