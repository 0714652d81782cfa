package engine

import (
	"bytes"
	"fmt"

	"kibitz/engine/board"
	"kibitz/engine/search"
	"kibitz/engine/tablebase"
	"kibitz/engine/tablebase/wdlnet"
)

// What the engine knows of endings besides its search: the endgame tables
// (trusted by the search, their verdict beside each answer) and the
// endgame model that corrects the evaluation of the endings it learnt.

// LoadTables loads the endgame tables (kibitz tb gen) of a directory,
// which the search then trusts, and returns the tables it cannot use yet
// (a table needs the tables it converts into). "" turns them off.
func (e *Engine) LoadTables(dir string) ([]tablebase.Need, error) {
	done, err := e.idle()
	if err != nil {
		return nil, err
	}
	defer done()
	if dir == "" {
		return nil, e.SetTables(nil)
	}
	set, unused, err := OpenTables(dir)
	if err != nil {
		return nil, err
	}
	return unused, e.SetTables(set)
}

// OpenTables loads the endgame tables of a directory for engines to share
// (SetTables), and returns the tables they cannot use yet: a table is used
// once the tables it converts into are there too.
func OpenTables(dir string) (*tablebase.Set, []tablebase.Need, error) {
	set := tablebase.NewSet()
	sigs, err := set.LoadDir(dir)
	if err != nil {
		return nil, nil, err
	}
	if len(sigs) == 0 {
		return nil, nil, fmt.Errorf("%s holds no table files (%s)", dir, tablebase.FileExt)
	}
	return set, set.Unused(), nil
}

// ReadTables reads table files' contents (name: contents) into one set
// for engines to share; a damaged file is an error that names it.
func ReadTables(files map[string][]byte) (*tablebase.Set, error) {
	set := tablebase.NewSet()
	for name, data := range files {
		t, err := tablebase.ReadTable(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		set.Add(t)
	}
	return set, nil
}

// SetTables uses set as the endgame tables (nil: none). Engines may share
// one set.
func (e *Engine) SetTables(set *tablebase.Set) error {
	done, err := e.idle()
	if err != nil {
		return err
	}
	defer done()
	e.tables = set
	e.update(func(o *search.Options) { o.Tables = set })
	return nil
}

// AddTable adds one table file's contents (the page fetches tables one by
// one as a game needs them).
func (e *Engine) AddTable(data []byte) error {
	done, err := e.idle()
	if err != nil {
		return err
	}
	defer done()
	t, err := tablebase.ReadTable(bytes.NewReader(data))
	if err != nil {
		return err
	}
	if e.tables == nil {
		e.tables = tablebase.NewSet()
	}
	e.tables.Add(t)
	return e.SetTables(e.tables)
}

// Tables returns the endgame tables in use (nil: none).
func (e *Engine) Tables() *tablebase.Set { return e.tables }

// TablesNeeded names the tables that pos needs and the engine lacks, in
// an order in which AddTable takes them (a table is used once the tables
// it leads to are there); none for a position the tables do not cover.
func (e *Engine) TablesNeeded(pos *board.Position) []string {
	if e.tables == nil {
		return tablebase.NewSet().MissingAll(pos)
	}
	return e.tables.MissingAll(pos)
}

// LoadModel reads an endgame model file (kibitz tb study --out) and
// corrects the evaluation of its endings with it; "" turns it off.
func (e *Engine) LoadModel(path string) error {
	if path == "" {
		return e.SetModel(nil)
	}
	m, err := wdlnet.Load(path)
	if err != nil {
		return err
	}
	if err := e.SetModel(m); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// ReadModel is LoadModel from a model file's contents.
func (e *Engine) ReadModel(data []byte) error {
	m, err := wdlnet.Read(bytes.NewReader(data))
	if err != nil {
		return err
	}
	return e.SetModel(m)
}

// SetModel uses m as the endgame model (nil: none).
func (e *Engine) SetModel(m *wdlnet.Model) error {
	done, err := e.idle()
	if err != nil {
		return err
	}
	defer done()
	if m == nil {
		e.model = nil
		e.update(func(o *search.Options) { o.EndgameModel = nil })
		return nil
	}
	term, err := wdlnet.NewTerm(m, e.modelWeight)
	if err != nil {
		return err
	}
	e.model = m
	e.update(func(o *search.Options) { o.EndgameModel = term })
	return nil
}

// HasModel says whether an endgame model is in use.
func (e *Engine) HasModel() bool { return e.model != nil }

// SetModelWeight sets how far the model's prediction moves an evaluation
// (centipawns at a certain result; wdlnet.DefaultTermWeight by default).
func (e *Engine) SetModelWeight(w int) error {
	done, err := e.idle()
	if err != nil {
		return err
	}
	defer done()
	if w < 0 || w > MaxModelWeight {
		return fmt.Errorf("model weight %d is out of range 0..%d", w, MaxModelWeight)
	}
	e.modelWeight = w
	return e.SetModel(e.model)
}

// MaxModelWeight bounds SetModelWeight.
const MaxModelWeight = 2000

// Verdict is what the endgame tables say of a position for the side to
// move: WDL 1, 0 or -1, and DTM, the plies to mate (0 for a draw).
type Verdict struct {
	WDL int `json:"wdl"`
	DTM int `json:"dtm"`
}

// Result is a search's answer, with the tables' verdict on the searched
// position when they hold it.
type Result struct {
	search.Result
	Table *Verdict
}

// Verdict returns the tables' verdict on pos, or nil.
func (e *Engine) Verdict(pos *board.Position) *Verdict {
	if e.tables == nil {
		return nil
	}
	wdl, dtm, ok := e.tables.DTM(pos)
	if !ok {
		return nil
	}
	return &Verdict{WDL: wdl, DTM: dtm}
}
