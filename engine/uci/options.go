package uci

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"kibitz/engine/nnue"
	"kibitz/engine/search"
	"kibitz/engine/strength"
	"kibitz/engine/tablebase"
	"kibitz/engine/tablebase/wdlnet"
	"kibitz/internal/excerpt"
	"kibitz/internal/regular"
)

// optionSpec declares one UCI option and how to apply it. Spin options
// use apply; check and string options use set, which may refuse a value.
type optionSpec struct {
	name     string
	kind     string // "spin", "button", "check" or "string"
	def      int
	min, max int
	apply    func(s *session, v int)
	defText  string
	set      func(s *session, v string) error
	check    func(s *session, v int) error // refuses a spin value before it is applied
}

var optionSpecs = []optionSpec{
	{name: "Hash", kind: "spin", def: 16, min: 1, max: 65536, apply: func(s *session, v int) { s.opts.HashMB = v }, check: checkHash},
	{name: "Threads", kind: "spin", def: 1, min: 1, max: 256, apply: func(s *session, v int) { s.opts.Threads = v }},
	{name: "MultiPV", kind: "spin", def: 1, min: 1, max: 256, apply: func(s *session, v int) { s.opts.MultiPV = v }},
	{name: "Move Overhead", kind: "spin", def: int(search.DefaultMoveOverhead.Milliseconds()), min: 0, max: 5000, apply: func(s *session, v int) {
		s.opts.MoveOverhead = time.Duration(v) * time.Millisecond
	}},
	{name: "Clear Hash", kind: "button", apply: func(s *session, _ int) { s.engine.ClearHash() }},
	{name: "UseNNUE", kind: "check", defText: "true", set: setUseNNUE},
	{name: "EvalFile", kind: "string", defText: embeddedNet, set: setEvalFile},
	{name: "TablePath", kind: "string", defText: "<empty>", set: setTablePath},
	{name: "EndgameModel", kind: "string", defText: "<empty>", set: setEndgameModel},
	{name: "EndgameModelWeight", kind: "spin", def: wdlnet.DefaultTermWeight, min: 0, max: 2000, apply: func(s *session, v int) {
		s.modelWeight = v
		if s.model != nil {
			s.opts.EndgameModel, _ = wdlnet.NewTerm(s.model, v) // the model was accepted with a weight in range
		}
	}},
	{name: "UCI_LimitStrength", kind: "check", defText: "false", set: setLimitStrength},
	{name: "UCI_Elo", kind: "spin", def: defaultElo, min: strength.MinElo, max: strength.FullElo, apply: func(s *session, v int) {
		s.elo = v
		s.applyStrength()
	}},
}

// defaultElo is UCI_Elo until a GUI sets it: a club player.
const defaultElo = 1500

func (o optionSpec) declaration() string {
	switch o.kind {
	case "button":
		return fmt.Sprintf("option name %s type button", o.name)
	case "check", "string":
		return fmt.Sprintf("option name %s type %s default %s", o.name, o.kind, o.defText)
	}
	return fmt.Sprintf("option name %s type spin default %d min %d max %d", o.name, o.def, o.min, o.max)
}

// setOption parses "name <words…> [value <v>]" and applies it.
// applySpinDefaults sets the numeric options to the defaults the engine
// announces, so that the option table is the one place they are written.
func (s *session) applySpinDefaults() {
	for _, o := range optionSpecs {
		if o.kind == "spin" {
			o.apply(s, o.def)
		}
	}
}

func (s *session) setOption(args []string) error {
	if len(args) < 2 || args[0] != "name" {
		return fmt.Errorf("setoption: want \"setoption name <name> value <value>\"")
	}
	nameWords, valueWords := args[1:], []string(nil)
	for i, a := range args[1:] {
		if a == "value" {
			nameWords, valueWords = args[1:i+1], args[i+2:]
			break
		}
	}
	name := strings.Join(nameWords, " ")
	for _, o := range optionSpecs {
		if !strings.EqualFold(o.name, name) {
			continue
		}
		if o.set != nil {
			if err := o.set(s, strings.Join(valueWords, " ")); err != nil {
				return fmt.Errorf("setoption %s: %w", o.name, err)
			}
			s.engine.SetOptions(s.opts)
			return nil
		}
		v := 0
		if o.kind == "spin" {
			if len(valueWords) != 1 {
				return fmt.Errorf("setoption %s: want one integer value", o.name)
			}
			n, err := strconv.Atoi(valueWords[0])
			if err != nil || n < o.min || n > o.max {
				return fmt.Errorf("setoption %s: value %q is not an integer in %d..%d", o.name, excerpt.Of(strings.Join(valueWords, " ")), o.min, o.max)
			}
			v = n
		}
		if o.check != nil {
			if err := o.check(s, v); err != nil {
				return fmt.Errorf("setoption %s: %w", o.name, err)
			}
		}
		o.apply(s, v)
		s.engine.SetOptions(s.opts)
		s.opts = s.engine.Options()
		return nil
	}
	return fmt.Errorf("setoption: unknown option %q", excerpt.Of(name))
}

// embeddedNet is EvalFile's default: the net built into the binary.
const embeddedNet = "<embedded>"

func parseCheck(v string) (bool, error) {
	switch strings.ToLower(v) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, fmt.Errorf("value %q is not true or false", excerpt.Of(v))
}

func setUseNNUE(s *session, v string) error {
	on, err := parseCheck(v)
	if err != nil {
		return err
	}
	s.useNNUE = on
	return s.applyNet()
}

func setLimitStrength(s *session, v string) error {
	on, err := parseCheck(v)
	if err != nil {
		return err
	}
	s.limitStrength = on
	s.applyStrength()
	return nil
}

// applyStrength puts the level UCI_LimitStrength and UCI_Elo ask for into
// the search options.
func (s *session) applyStrength() {
	s.opts.Strength = strength.Params{}
	if s.limitStrength {
		s.opts.Strength = strength.ForElo(s.elo)
	}
}

func setEvalFile(s *session, v string) error {
	if v == "" || v == embeddedNet {
		s.netFile = embeddedNet
		s.net = nil
		return s.applyNet()
	}
	f, err := regular.Open(v)
	if err != nil {
		return err
	}
	defer f.Close()
	n, err := nnue.Load(f)
	if err != nil {
		return fmt.Errorf("%s: %w", v, err)
	}
	s.netFile, s.net = v, n
	return s.applyNet()
}

// setTablePath loads the endgame tables (kibitz tb gen) of a directory,
// which the search then trusts; empty turns them off.
func setTablePath(s *session, v string) error {
	if v == "" || v == "<empty>" {
		s.opts.Tables = nil
		return nil
	}
	set := tablebase.NewSet()
	sigs, err := set.LoadDir(v)
	if err != nil {
		return err
	}
	if len(sigs) == 0 {
		return fmt.Errorf("%s holds no table files (%s)", excerpt.Of(v), tablebase.FileExt)
	}
	// A table is used once the tables it converts into are there too.
	for _, u := range set.Unused() {
		s.out.printf("info string %s is not used in the search: it needs %s", u.Table, u.Needs)
	}
	s.opts.Tables = set
	return nil
}

// setEndgameModel loads an endgame model (kibitz tb study --out), whose
// predictions then correct the evaluation of the endings it learned;
// empty turns it off.
func setEndgameModel(s *session, v string) error {
	if v == "" || v == "<empty>" {
		s.model, s.opts.EndgameModel = nil, nil
		return nil
	}
	m, err := wdlnet.Load(v)
	if err != nil {
		return err
	}
	t, err := wdlnet.NewTerm(m, s.modelWeight)
	if err != nil {
		return fmt.Errorf("%s: %w", excerpt.Of(v), err)
	}
	s.model, s.opts.EndgameModel = m, t
	return nil
}

// applyNet puts the chosen net (or none) into the search options.
func (s *session) applyNet() error {
	s.opts.Net = nil
	if !s.useNNUE {
		return nil
	}
	if s.net == nil {
		d, err := nnue.Default()
		if err != nil {
			return err
		}
		s.net = d
	}
	s.opts.Net = s.net
	return nil
}

// availableMemoryMB reports the memory the system can still give, or -1
// where that is not known (tests replace it).
var availableMemoryMB = memAvailableMB

// checkHash refuses a table that the machine cannot hold: Go cannot
// recover from running out of memory, so the request is weighed first and
// the current table kept.
func checkHash(s *session, mb int) error {
	avail := availableMemoryMB()
	if avail < 0 || mb <= s.opts.HashMB {
		return nil
	}
	// The current table is freed when the new one replaces it.
	if limit := (avail + s.opts.HashMB) * 9 / 10; mb > limit {
		return fmt.Errorf("%d MB is more than this machine has free (%d MB available); the table stays at %d MB", mb, avail, s.opts.HashMB)
	}
	return nil
}

// memAvailableMB reads MemAvailable from /proc/meminfo (Linux).
func memAvailableMB() int {
	data, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return -1
	}
	return parseMemAvailable(string(data))
}

// parseMemAvailable reads MemAvailable (in MB) from the text of
// /proc/meminfo, or returns -1 when it is not there.
func parseMemAvailable(meminfo string) int {
	for _, line := range strings.Split(meminfo, "\n") {
		f := strings.Fields(line)
		if len(f) >= 2 && f[0] == "MemAvailable:" {
			kb, err := strconv.Atoi(f[1])
			if err != nil {
				return -1
			}
			return kb / 1024
		}
	}
	return -1
}
