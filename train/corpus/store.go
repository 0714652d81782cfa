package corpus

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"kibitz/engine/board"
)

// Replay plays the game from its start and calls fn at each searched
// position, before its move is made. pos is reused: clone it to keep it.
func (g *Game) Replay(fn func(pos *board.Position, ply int, p Ply)) error {
	pos, err := startPosition(g.Start)
	if err != nil {
		return err
	}
	for _, m := range g.Opening {
		pos.MakeMove(m)
	}
	for i, p := range g.Plies {
		fn(pos, i, p)
		if p.Move != board.NullMove {
			pos.MakeMove(p.Move)
		}
	}
	return nil
}

// Selection picks games from a store: files whose metadata has every
// key=value of Where, and game indices in [From, To) (To 0: no limit).
type Selection struct {
	Where    map[string]string
	From, To uint64
}

// Matches reports whether a file's metadata and a game index are selected.
func (s Selection) Matches(meta map[string]string, index uint64) bool {
	for k, v := range s.Where {
		if meta[k] != v {
			return false
		}
	}
	return index >= s.From && (s.To == 0 || index < s.To)
}

// Files expands paths (corpus files or directories holding them) into the
// corpus files they name, in a stable order.
func Files(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			out = append(out, p)
			continue
		}
		m, err := filepath.Glob(filepath.Join(p, "*"+Ext))
		if err != nil {
			return nil, err
		}
		sort.Strings(m)
		out = append(out, m...)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no corpus files (*%s) in %s", Ext, strings.Join(paths, ", "))
	}
	return out, nil
}

// ReadSelected calls fn for every selected game of the files, with the
// file's position in the list (to tell equal game indices of different
// files apart) and its metadata.
func ReadSelected(files []string, sel Selection, fn func(file int, meta map[string]string, g *Game) error) error {
	for i, path := range files {
		h, err := Header(path)
		if err != nil {
			return err
		}
		meta := ParseMeta(h)
		if !sel.Matches(meta, sel.From) {
			continue // the metadata does not match
		}
		if _, err := Read(path, func(g *Game) error {
			if !sel.Matches(meta, g.Index) {
				return nil
			}
			return fn(i, meta, g)
		}); err != nil {
			return err
		}
	}
	return nil
}
