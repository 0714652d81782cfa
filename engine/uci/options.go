package uci

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// optionSpec declares one UCI option and how to apply it.
type optionSpec struct {
	name     string
	kind     string // "spin" or "button"
	def      int
	min, max int
	apply    func(s *session, v int)
}

var optionSpecs = []optionSpec{
	{"Hash", "spin", 16, 1, 65536, func(s *session, v int) { s.opts.HashMB = v }},
	{"Threads", "spin", 1, 1, 256, func(s *session, v int) { s.opts.Threads = v }},
	{"MultiPV", "spin", 1, 1, 256, func(s *session, v int) { s.opts.MultiPV = v }},
	{"Move Overhead", "spin", 30, 0, 5000, func(s *session, v int) {
		s.opts.MoveOverhead = time.Duration(v) * time.Millisecond
		if v == 0 {
			s.opts.MoveOverhead = -1 // zero means "default" to search.Options
		}
	}},
	{"Clear Hash", "button", 0, 0, 0, func(s *session, _ int) { s.engine.ClearHash() }},
}

func (o optionSpec) declaration() string {
	if o.kind == "button" {
		return fmt.Sprintf("option name %s type button", o.name)
	}
	return fmt.Sprintf("option name %s type spin default %d min %d max %d", o.name, o.def, o.min, o.max)
}

// setOption parses "name <words…> [value <v>]" and applies it.
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
		v := 0
		if o.kind == "spin" {
			if len(valueWords) != 1 {
				return fmt.Errorf("setoption %s: want one integer value", o.name)
			}
			n, err := strconv.Atoi(valueWords[0])
			if err != nil || n < o.min || n > o.max {
				return fmt.Errorf("setoption %s: value %q is not an integer in %d..%d", o.name, clip(strings.Join(valueWords, " ")), o.min, o.max)
			}
			v = n
		}
		o.apply(s, v)
		s.engine.SetOptions(s.opts)
		s.opts = s.engine.Options()
		return nil
	}
	return fmt.Errorf("setoption: unknown option %q", clip(name))
}
