package uci

import (
	"fmt"
	"strconv"
	"time"

	"kibitz/engine"
	"kibitz/engine/board"
	"kibitz/engine/search"
	"kibitz/engine/strength"
	"kibitz/engine/tablebase/wdlnet"
	"kibitz/internal/version"
)

// kibitz is Kibitz's engine facade as a UCI Player: the facade and the
// options that set it.
type kibitz struct {
	e             *engine.Engine
	note          func(string) // an "info string" line for the GUI
	limitStrength bool         // UCI_LimitStrength
	elo           int          // UCI_Elo
}

// newKibitz returns the engine with the option defaults it announces; if
// the embedded net could not be read, it plays classically and says why.
func newKibitz(note func(string)) (*kibitz, error) {
	e, err := engine.New(engine.Config{})
	k := &kibitz{e: e, note: note}
	for _, o := range kibitzOptions {
		if o.Type == "spin" {
			v, _ := strconv.Atoi(o.Default)
			kibitzSetters[o.Name].spin(k, v)
		}
	}
	// A weakened engine should not play the same game twice.
	e.SeedStrength(uint64(time.Now().UnixNano()))
	return k, err
}

func (k *kibitz) ID() (string, string) { return version.Full, Author }
func (k *kibitz) Options() []Option    { return kibitzOptions }
func (k *kibitz) NewGame()             { k.e.NewGame() }
func (k *kibitz) Stop()                { k.e.Stop() }
func (k *kibitz) PonderHit()           { k.e.PonderHit() }

// Explain answers "eval": each piece's worth to the net in use, or the
// classical evaluation when the net is off.
func (k *kibitz) Explain(pos *board.Position) []string {
	cp, values, ok := k.e.PieceValues(pos)
	if !ok {
		cp = k.e.Evaluate(pos).Classical
		if pos.SideToMove() == board.Black {
			cp = -cp
		}
		return []string{fmt.Sprintf("Classical evaluation: %+.2f (White's view; UseNNUE is off)", float64(cp)/100)}
	}
	return FormatPieceValues(pos, cp, values)
}

func (k *kibitz) Go(pos *board.Position, lim search.Limits, report func(search.Info)) <-chan search.Result {
	out := make(chan search.Result, 1)
	in, err := k.e.Start(pos, lim, report)
	if err != nil {
		// The loop runs one search at a time, so the facade is never
		// busy here; were it, the GUI hears why and gets no move.
		k.note(err.Error())
		out <- search.Result{}
		return out
	}
	go func() { out <- (<-in).Result }()
	return out
}

// SetOption applies a value the loop has checked against the declaration.
func (k *kibitz) SetOption(name, value string) error {
	set := kibitzSetters[name]
	if set.spin != nil {
		v, err := strconv.Atoi(value)
		if err != nil {
			return err
		}
		if set.check != nil {
			if err := set.check(k, v); err != nil {
				return err
			}
		}
		set.spin(k, v)
		return nil
	}
	return set.text(k, value)
}

// setter applies one option: spin options through spin (after check, which
// may refuse a value), the others through text.
type setter struct {
	spin  func(k *kibitz, v int)
	check func(k *kibitz, v int) error
	text  func(k *kibitz, v string) error
}

// embeddedNet is EvalFile's default: the net built into the binary.
const embeddedNet = "<embedded>"

// hashMin and hashMax are the Hash option's range: the engine's.
var hashMin, hashMax = engine.HashRange()

// defaultElo is UCI_Elo until a GUI sets it: a club player.
const defaultElo = 1500

var kibitzOptions = []Option{
	{Name: "Hash", Type: "spin", Default: "16", Min: hashMin, Max: hashMax},
	{Name: "Threads", Type: "spin", Default: "1", Min: 1, Max: 256},
	{Name: "MultiPV", Type: "spin", Default: "1", Min: 1, Max: 256},
	{Name: "Move Overhead", Type: "spin", Default: strconv.Itoa(int(search.DefaultMoveOverhead.Milliseconds())), Min: 0, Max: 5000},
	{Name: "Clear Hash", Type: "button"},
	// Ponder tells the engine that the GUI may send "go ponder": the GUI
	// decides when to ponder, so the option changes nothing here.
	{Name: "Ponder", Type: "check", Default: "false"},
	{Name: "UseNNUE", Type: "check", Default: "true"},
	{Name: "EvalFile", Type: "string", Default: embeddedNet},
	{Name: "TablePath", Type: "string", Default: "<empty>"},
	{Name: "EndgameModel", Type: "string", Default: "<empty>"},
	{Name: "EndgameModelWeight", Type: "spin", Default: strconv.Itoa(wdlnet.DefaultTermWeight), Min: 0, Max: engine.MaxModelWeight},
	// UCI_ShowWDL adds "wdl W D L" (per mille) to the info lines, from
	// search.WDL's model of Kibitz's own games; the loop writes it.
	{Name: "UCI_ShowWDL", Type: "check", Default: "false"},
	// UCI_Chess960 reads positions under Chess960's rules (Shredder-FEN
	// and X-FEN castling fields) and writes castling as the king taking
	// its rook; the loop does both.
	{Name: "UCI_Chess960", Type: "check", Default: "false"},
	{Name: "UCI_LimitStrength", Type: "check", Default: "false"},
	{Name: "UCI_Elo", Type: "spin", Default: strconv.Itoa(defaultElo), Min: strength.MinElo, Max: strength.FullElo},
}

var kibitzSetters = map[string]setter{
	"Hash":          {spin: func(k *kibitz, v int) { _ = k.e.SetHash(v) }, check: func(k *kibitz, v int) error { return checkHash(k.e.Options().HashMB, v) }},
	"Threads":       {spin: func(k *kibitz, v int) { k.e.SetThreads(v) }},
	"MultiPV":       {spin: func(k *kibitz, v int) { k.e.SetMultiPV(v) }},
	"Move Overhead": {spin: func(k *kibitz, v int) { k.e.SetMoveOverhead(time.Duration(v) * time.Millisecond) }},
	"Clear Hash":    {text: func(k *kibitz, _ string) error { k.e.ClearHash(); return nil }},
	"Ponder":        {text: func(*kibitz, string) error { return nil }},
	"UseNNUE": {text: func(k *kibitz, v string) error {
		on, _ := parseCheck(v)
		return k.e.UseNNUE(on)
	}},
	"EvalFile": {text: func(k *kibitz, v string) error {
		if v == embeddedNet {
			v = ""
		}
		return k.e.LoadNet(v)
	}},
	"TablePath": {text: func(k *kibitz, v string) error {
		if v == "<empty>" {
			v = ""
		}
		unused, err := k.e.LoadTables(v)
		for _, u := range unused {
			k.note(fmt.Sprintf("%s is not used in the search: it needs %s", u.Table, u.Needs))
		}
		return err
	}},
	"EndgameModel": {text: func(k *kibitz, v string) error {
		if v == "<empty>" {
			v = ""
		}
		return k.e.LoadModel(v)
	}},
	// The option's range is the facade's: SetModelWeight cannot refuse it.
	"EndgameModelWeight": {spin: func(k *kibitz, v int) { _ = k.e.SetModelWeight(v) }},
	"UCI_ShowWDL":        {text: func(*kibitz, string) error { return nil }},
	"UCI_Chess960":       {text: func(*kibitz, string) error { return nil }},
	"UCI_LimitStrength": {text: func(k *kibitz, v string) error {
		k.limitStrength, _ = parseCheck(v)
		return k.applyStrength()
	}},
	"UCI_Elo": {spin: func(k *kibitz, v int) {
		k.elo = v
		_ = k.applyStrength() // UCI_Elo's range is the levels'
	}},
}

// applyStrength sets the level UCI_LimitStrength and UCI_Elo ask for.
func (k *kibitz) applyStrength() error {
	if !k.limitStrength {
		k.e.SetFullStrength()
		return nil
	}
	return k.e.SetLevel(k.elo)
}
