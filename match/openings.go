package match

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/notnil/chess"

	"kibitz/epd"
	"kibitz/internal/pgntext"
	"kibitz/internal/regular"
)

//go:embed openings.epd
var defaultOpenings string

// DefaultOpenings returns the small balanced opening set built in.
func DefaultOpenings() []Opening {
	ops, _ := parseEPD(strings.NewReader(defaultOpenings), "built-in openings")
	return ops
}

// LoadOpenings reads count openings chosen at random (seeded) from a .pgn
// or .epd file. Only the chosen games of a PGN file are parsed.
func LoadOpenings(path string, count int, seed uint64) ([]Opening, error) {
	f, err := regular.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var all []Opening
	if strings.HasSuffix(strings.ToLower(path), ".pgn") {
		texts, err := pgntext.Split(bufio.NewReader(f))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if len(texts) == 0 {
			return nil, fmt.Errorf("%s: no games", path)
		}
		rng := rand.New(rand.NewPCG(seed, 0x6f70))
		out := make([]Opening, 0, count)
		for _, i := range rng.Perm(len(texts))[:min(count, len(texts))] {
			op, err := pgnOpening(texts[i])
			if err != nil {
				return nil, fmt.Errorf("%s: game %d: %w", path, i+1, err)
			}
			out = append(out, op)
		}
		return out, nil
	}
	all, err = parseEPD(f, path)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(seed, 0x6f70))
	rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	return all[:min(count, len(all))], nil
}

// parseEPD reads openings from an EPD or FEN-per-line file.
func parseEPD(r io.Reader, name string) ([]Opening, error) {
	entries, err := epd.Read(r, name)
	if err != nil {
		return nil, err
	}
	if len(entries) == 0 {
		return nil, fmt.Errorf("%s: no positions", name)
	}
	out := make([]Opening, len(entries))
	for i, e := range entries {
		out[i] = Opening{FEN: e.FEN}
	}
	return out, nil
}

// pgnOpening turns one PGN game into a start position and UCI moves.
func pgnOpening(text string) (Opening, error) {
	read, err := chess.PGN(strings.NewReader(text))
	if err != nil {
		return Opening{}, err
	}
	g := chess.NewGame(read)
	op := Opening{}
	positions := g.Positions()
	if len(positions) > 0 {
		op.FEN = positions[0].String()
	}
	for i, m := range g.Moves() {
		op.Moves = append(op.Moves, chess.UCINotation{}.Encode(positions[i], m))
	}
	return op, nil
}
