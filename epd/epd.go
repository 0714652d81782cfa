// Package epd reads Extended Position Description test suites such as Win
// At Chess: a position per line with operations like bm (best moves), am
// (moves to avoid) and id. SAN moves are read with notnil/chess and
// returned in UCI notation.
//
// epd imports only the standard library and notnil/chess.
package epd

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/notnil/chess"
)

// Entry is one test position.
type Entry struct {
	ID    string
	FEN   string   // the line's clocks when it has them (a FEN line), else "0 1"
	Best  []string // bm moves, UCI notation
	Avoid []string // am moves, UCI notation
}

// Read parses a suite; name is used in error messages.
func Read(r io.Reader, name string) ([]Entry, error) {
	var out []Entry
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		e, err := parseLine(text)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		out = append(out, e)
	}
	return out, sc.Err()
}

func parseLine(text string) (Entry, error) {
	f := strings.Fields(text)
	if len(f) < 4 {
		return Entry{}, fmt.Errorf("want at least four FEN fields")
	}
	e := Entry{FEN: strings.Join(f[:4], " ") + " 0 1"}
	ops := f[4:]
	// EPD has no clocks, but a FEN line (opening books) does: opcodes begin
	// with a letter, so two numbers after the four fields are clocks.
	if len(f) >= 6 && isNumber(f[4]) && isNumber(f[5]) {
		e.FEN, ops = strings.Join(f[:6], " "), f[6:]
	}
	opt, err := chess.FEN(e.FEN)
	if err != nil {
		return Entry{}, err
	}
	pos := chess.NewGame(opt).Position()
	for _, op := range strings.Split(strings.Join(ops, " "), ";") {
		op = strings.TrimSpace(op)
		name, arg, _ := strings.Cut(op, " ")
		switch name {
		case "bm", "am":
			for _, san := range strings.Fields(arg) {
				m, err := chess.AlgebraicNotation{}.Decode(pos, san)
				if err != nil {
					return Entry{}, fmt.Errorf("%s %s: %v", name, san, err)
				}
				uci := chess.UCINotation{}.Encode(pos, m)
				if name == "bm" {
					e.Best = append(e.Best, uci)
				} else {
					e.Avoid = append(e.Avoid, uci)
				}
			}
		case "id":
			e.ID = strings.Trim(arg, `"`)
		}
	}
	return e, nil
}

// Solved reports whether move (UCI) is one of the best moves and none of
// the moves to avoid.
func (e Entry) Solved(move string) bool {
	for _, a := range e.Avoid {
		if a == move {
			return false
		}
	}
	if len(e.Best) == 0 {
		return len(e.Avoid) > 0
	}
	for _, b := range e.Best {
		if b == move {
			return true
		}
	}
	return false
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
