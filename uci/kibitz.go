package uci

import (
	"fmt"
	"time"

	"kibitz/engine"
	"kibitz/engine/board"
	"kibitz/engine/search"
	"kibitz/internal/version"
)

// kibitz is Kibitz's engine facade as a UCI Player: the facade and the
// options that set it.
type kibitz struct {
	e    *engine.Engine
	note func(string) // an "info string" line for the GUI
}

// newKibitz returns the engine with the option defaults it announces; if
// the embedded net could not be read, it plays classically and says why.
func newKibitz(note func(string)) (*kibitz, error) {
	e, err := engine.New(engine.Config{})
	e.SetNotes(note)
	k := &kibitz{e: e, note: note}
	for _, o := range engine.OptionTable() {
		if o.Kind == engine.KindSpin {
			_ = e.SetOption(o.Name, o.Default)
		}
	}
	// A weakened engine should not play the same game twice (a new
	// engine runs no search: this cannot be refused).
	_ = e.SeedStrength(uint64(time.Now().UnixNano()))
	return k, err
}

func (k *kibitz) ID() (string, string) { return version.Full, Author }
func (k *kibitz) Options() []Option    { return append(engine.OptionTable(), protocolOptions...) }
func (k *kibitz) NewGame()             { k.e.NewGame() }
func (k *kibitz) Stop()                { k.e.Stop() }
func (k *kibitz) PonderHit()           { k.e.PonderHit() }

// Explain answers "eval": each piece's worth to the net in use, or the
// classical evaluation when the net is off.
func (k *kibitz) Explain(pos *board.Position) []string {
	cp, values, ok := k.e.PieceValues(pos)
	if !ok {
		cp = engine.WhiteView(pos, k.e.Evaluate(pos).Classical)
		return []string{fmt.Sprintf("Classical evaluation: %+.2f (White's view; UseNNUE is off)", float64(cp)/100)}
	}
	return FormatPieceValues(pos, cp, values)
}

// Go searches the facade's position; the facade holds an infinite or a
// pondering search's answer as the protocol wants.
func (k *kibitz) Go(lim search.Limits, report func(search.Info)) (<-chan search.Result, error) {
	in, err := k.e.Go(lim, report)
	if err != nil {
		return nil, err
	}
	out := make(chan search.Result, 1)
	go func() { out <- (<-in).Result }()
	return out, nil
}

// SetPosition sets the facade's position; the loop never sets it during
// a search, when the facade would refuse it.
func (k *kibitz) SetPosition(pos *board.Position) {
	if err := k.e.SetPosition(pos); err != nil {
		k.note(err.Error())
	}
}

func (k *kibitz) Position() *board.Position { return k.e.Position() }

// SetOption applies a value the loop has checked against the declaration:
// the protocol's own options are the loop's, the rest the facade's.
func (k *kibitz) SetOption(name, value string) error {
	for _, o := range protocolOptions {
		if o.Name == name {
			return nil
		}
	}
	return k.e.SetOption(name, value)
}

// protocolOptions are the options the loop itself acts on, declared for
// Kibitz beside the facade's table.
var protocolOptions = []Option{
	// Ponder tells the engine that the GUI may send "go ponder": the GUI
	// decides when to ponder, so the option changes nothing here.
	{Name: "Ponder", Kind: engine.KindCheck, Default: "false"},
	// UCI_ShowWDL adds "wdl W D L" (per mille) to the info lines, from
	// search.WDL's model of Kibitz's own games; the loop writes it.
	{Name: "UCI_ShowWDL", Kind: engine.KindCheck, Default: "false"},
	// UCI_Chess960 reads positions under Chess960's rules (Shredder-FEN
	// and X-FEN castling fields) and writes castling as the king taking
	// its rook; the loop does both.
	{Name: "UCI_Chess960", Kind: engine.KindCheck, Default: "false"},
}
