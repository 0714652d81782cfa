package engine

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"kibitz/engine/search"
	"kibitz/engine/strength"
	"kibitz/engine/tablebase/wdlnet"
	"kibitz/internal/excerpt"
)

// OptionKind is how an option takes its value (UCI's option types).
type OptionKind string

// The kinds of option.
const (
	KindSpin   OptionKind = "spin"   // an integer in Min..Max
	KindCheck  OptionKind = "check"  // true or false
	KindString OptionKind = "string" // any text
	KindButton OptionKind = "button" // no value: an action
)

// Option is one setting as front ends offer it, in the manner of
// Stockfish's option table: name, kind, default, range and what setting
// it does, in one value. The UCI loop lists the engine's table and sets
// through it; the worker and the HTTP API take their ranges from it.
type Option struct {
	Name     string
	Kind     OptionKind
	Default  string
	Min, Max int // Spin
	// set applies a checked value (nil: the option changes nothing in the
	// engine; its front end acts on it).
	set func(e *Engine, v string) error
}

// EmbeddedNetName is what EvalFile says for the net built into Kibitz (its
// default); every front end names that net so.
const EmbeddedNetName = "<embedded>"

// noFile is a file option's value for no file.
const noFile = "<empty>"

// DefaultElo is UCI_Elo until it is set: a club player.
const DefaultElo = 1500

// options is the engine's table; tune builds add the search parameters.
var options = []Option{
	{Name: "Hash", Kind: KindSpin, Default: strconv.Itoa(search.DefaultHashMB), Min: hashMin, Max: hashMax, set: spin((*Engine).SetHash)},
	{Name: "Threads", Kind: KindSpin, Default: "1", Min: 1, Max: search.MaxThreads, set: spin((*Engine).SetThreads)},
	// Workers: searchers with tables of their own that share entries by
	// messages, as the browser's workers do (workers.go); Hash is their total.
	{Name: "Workers", Kind: KindSpin, Default: "1", Min: workersMin, Max: workersMax, set: spin((*Engine).SetWorkers)},
	{Name: "MultiPV", Kind: KindSpin, Default: "1", Min: 1, Max: MaxMultiPV, set: spin((*Engine).SetMultiPV)},
	{Name: "Move Overhead", Kind: KindSpin, Default: strconv.Itoa(int(search.DefaultMoveOverhead.Milliseconds())), Min: 0, Max: 5000,
		set: spin(func(e *Engine, ms int) error { return e.SetMoveOverhead(time.Duration(ms) * time.Millisecond) })},
	{Name: "Clear Hash", Kind: KindButton, set: func(e *Engine, _ string) error { return e.ClearHash() }},
	{Name: "UseNNUE", Kind: KindCheck, Default: "true", set: func(e *Engine, v string) error { return e.UseNNUE(v == "true") }},
	{Name: "EvalFile", Kind: KindString, Default: EmbeddedNetName, set: func(e *Engine, v string) error { return e.LoadNet(file(v, EmbeddedNetName)) }},
	{Name: "TablePath", Kind: KindString, Default: noFile, set: func(e *Engine, v string) error {
		unused, err := e.LoadTables(file(v, noFile))
		for _, u := range unused {
			e.note(fmt.Sprintf("%s is not used in the search: it needs %s", u.Table, u.Needs))
		}
		return err
	}},
	{Name: "EndgameModel", Kind: KindString, Default: noFile, set: func(e *Engine, v string) error { return e.LoadModel(file(v, noFile)) }},
	{Name: "EndgameModelWeight", Kind: KindSpin, Default: strconv.Itoa(wdlnet.DefaultTermWeight), Min: 0, Max: MaxModelWeight,
		set: spin((*Engine).SetModelWeight)},
	{Name: "UCI_LimitStrength", Kind: KindCheck, Default: "false", set: func(e *Engine, v string) error {
		e.limitStrength = v == "true"
		return e.applyStrength()
	}},
	{Name: "UCI_Elo", Kind: KindSpin, Default: strconv.Itoa(DefaultElo), Min: strength.MinElo, Max: strength.FullElo,
		set: spin(func(e *Engine, elo int) error {
			e.elo = elo
			return e.applyStrength()
		})},
}

// MaxMultiPV bounds the lines a search reports.
const MaxMultiPV = 256

// DefaultDepth is how deep a front end that must answer (the browser's
// bridge, the HTTP API, kibitz search) searches when it is given no limit
// at all: a few hundred milliseconds in a browser.
const DefaultDepth = 10

var hashMin, hashMax = HashRange()

var workersMin, workersMax = WorkersRange()

// spin adapts an integer setter.
func spin(set func(e *Engine, v int) error) func(e *Engine, v string) error {
	return func(e *Engine, v string) error {
		n, _ := strconv.Atoi(v) // checked by Option.Validate
		return set(e, n)
	}
}

// file is a file option's path: "" for the value that means none.
func file(v, none string) string {
	if v == none {
		return ""
	}
	return v
}

// OptionTable returns the engine's option table.
func OptionTable() []Option { return append([]Option(nil), options...) }

// LookupOption returns the option named name (any case).
func LookupOption(name string) (Option, bool) {
	for _, o := range options {
		if strings.EqualFold(o.Name, name) {
			return o, true
		}
	}
	return Option{}, false
}

// Validate says why value is not one the option takes, and returns it in
// the option's form (a check's "true" or "false", a button's "").
func (o Option) Validate(value string) (string, error) {
	switch o.Kind {
	case KindSpin:
		if n, err := strconv.Atoi(strings.TrimSpace(value)); err != nil || n < o.Min || n > o.Max {
			return "", fmt.Errorf("%s: value %q is not an integer in %d..%d", o.Name, excerpt.Of(value), o.Min, o.Max)
		}
		return strings.TrimSpace(value), nil
	case KindCheck:
		switch strings.ToLower(value) {
		case "true", "false":
			return strings.ToLower(value), nil
		}
		return "", fmt.Errorf("%s: value %q is not true or false", o.Name, excerpt.Of(value))
	case KindButton:
		return "", nil
	}
	return value, nil
}

// Declaration is the option's line in the answer to UCI's "uci".
func (o Option) Declaration() string {
	switch o.Kind {
	case KindButton:
		return fmt.Sprintf("option name %s type button", o.Name)
	case KindSpin:
		return fmt.Sprintf("option name %s type spin default %s min %d max %d", o.Name, o.Default, o.Min, o.Max)
	}
	return fmt.Sprintf("option name %s type %s default %s", o.Name, o.Kind, o.Default)
}

// Range is a spin option's range.
func Range(name string) (lo, hi int) {
	o, _ := LookupOption(name)
	return o.Min, o.Max
}

// SetOption checks value against the option named name and applies it;
// ErrBusy while a search runs. Notes the change leads to (a table that
// cannot be used yet) go to the engine's note function (SetNotes).
func (e *Engine) SetOption(name, value string) error {
	o, ok := LookupOption(name)
	if !ok {
		return fmt.Errorf("unknown option %q", excerpt.Of(name))
	}
	v, err := o.Validate(value)
	if err != nil {
		return err
	}
	done, err := e.idle()
	if err != nil {
		return err
	}
	defer done()
	if o.set == nil {
		return nil
	}
	return o.set(e, v)
}

// SetNotes sets where the engine says what a setting led to (UCI's "info
// string"); nil drops the notes.
func (e *Engine) SetNotes(note func(string)) { e.notes = note }

func (e *Engine) note(s string) {
	if e.notes != nil {
		e.notes(s)
	}
}

// applyStrength sets the level UCI_LimitStrength and UCI_Elo ask for.
func (e *Engine) applyStrength() error {
	if !e.limitStrength {
		return e.SetFullStrength()
	}
	return e.SetLevel(e.elo)
}

// SetParam sets one of the search's tunable parameters (search.Params) for
// this engine alone; refused during a search, or for a name or value out
// of range. Tune builds show each as an option.
func (e *Engine) SetParam(name string, v int) error {
	done, err := e.idle()
	if err != nil {
		return err
	}
	defer done()
	t, err := e.opts.Tuning.With(name, v)
	if err != nil {
		return err
	}
	return e.change(func(o *search.Options) { o.Tuning = t })
}
