// Package uci implements the Universal Chess Interface over an io.Reader
// and an io.Writer, so that it is tested without a process. Bad input is
// answered with "info string error: …" and the engine stays usable with
// its previous valid state; a bad "go" still gets a bestmove.
//
// Commands run in the order they arrive. Those that need the engine idle
// (go, setoption, ucinewgame) wait for a running search to finish, and the
// commands after them wait in turn; stop and quit act at once, and input
// is read all the while.
//
// The loop drives any player through the Player interface: Kibitz itself
// (the engine facade, with its options, in kibitz.go) or another, such as
// the material-greedy player of match/greedy.
//
// uci imports engine, engine/board, engine/search, internal/excerpt and
// internal/version.
package uci

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"kibitz/engine"
	"kibitz/engine/board"
	"kibitz/engine/search"
	"kibitz/internal/excerpt"
)

// Author is what "uci" reports as Kibitz's author; its name is
// version.Full, with the release and the commit.
const Author = "the Kibitz authors"

// maxLine bounds one command; longer lines are rejected, not buffered.
const maxLine = 1 << 20

// Player is what the UCI loop drives: an engine, or another player. The
// loop calls it from one goroutine at a time and never changes it
// (SetOption, NewGame, SetPosition) while a search it started is running:
// such commands wait for the search. The player holds the game's position
// and knows its search; the loop holds only the protocol's order.
type Player interface {
	// ID returns the name and author "uci" reports.
	ID() (name, author string)
	// Options declares the options "uci" lists and setoption accepts.
	Options() []Option
	// SetOption sets the option named as declared to value, which the
	// loop has checked against the declaration ("" for a button).
	SetOption(name, value string) error
	// NewGame forgets the previous game.
	NewGame()
	// SetPosition sets the position the next Go searches (the player
	// keeps a copy of its own).
	SetPosition(pos *board.Position)
	// Position returns a copy of the position set: the start until SetPosition.
	Position() *board.Position
	// Go searches the position set in the background, calling report
	// with progress; the channel delivers the result when the protocol
	// allows: an infinite search's only after Stop, a pondering one's only
	// after PonderHit or Stop, even once it has ended. An error: no
	// search started.
	Go(lim search.Limits, report func(search.Info)) (<-chan search.Result, error)
	// Stop asks a running search to answer now.
	Stop()
	// PonderHit tells a search started with Limits.Ponder that the
	// expected reply was played: it goes on as a search on the clock.
	PonderHit()
}

// Option declares one UCI option (the facade's type: its table is
// Kibitz's options).
type Option = engine.Option

// session is the state of one UCI conversation.
type session struct {
	out    *syncWriter
	engine Player
	cfg    Config

	// mu guards searching: the search goroutine prints bestmove and clears
	// the flag while holding it, so a command the GUI sends in reply to
	// bestmove always finds the search finished.
	mu        sync.Mutex
	searching bool
	done      chan struct{} // closed when the running job has printed its last line (bestmove)
	cancel    func()        // stops the running job (a search or go perft)
	infinite  bool          // the running job is a go infinite (RunCommands stops it at the end)
	pondering bool          // the running job is a go ponder not yet hit (ponderhit is valid)
	refused   error         // the last position command, refused: go plays no move until a valid one
	showWDL   bool          // UCI_ShowWDL: info lines carry win/draw/loss per mille
	rules     board.Rules   // UCI_Chess960: positions read and moves written under Chess960's rules
}

// syncWriter serialises lines written by the command loop and the search.
type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) printf(format string, args ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fmt.Fprintf(s.w, format+"\n", args...)
}

// Config is how the command line starts a session.
type Config struct {
	// MaxDepth caps every search at this depth whatever the GUI asks (0:
	// no cap): the engine then plays as the page does at that depth.
	MaxDepth int
	// Commands are commands the front end adds to the protocol (kibitz's
	// genfens), by name. Each runs when no search is running.
	Commands map[string]Command
}

// Command is a command added to the loop: it runs with the session's
// engine and writes its answer lines with print; an error is reported as
// "info string error: NAME: …".
type Command func(args []string, eng Player, print func(line string)) error

// commandNames are the commands of the protocol the loop answers itself.
var commandNames = []string{"uci", "isready", "debug", "register", "setoption", "ucinewgame",
	"position", "go", "stop", "ponderhit", "quit", "d", "eval"}

// IsCommand reports whether word names a command of the protocol (or one
// of cfg's): the command line hands such arguments to RunCommands.
func IsCommand(word string, cfg Config) bool {
	_, added := cfg.Commands[word]
	return added || slices.Contains(commandNames, word)
}

// RunCommands runs each of cmds as a line of input, in order, as
// Stockfish does with the words of its command line ("position startpos",
// "go depth 5"): a command that must wait for a running search waits, the
// last search runs to its end (a go infinite is stopped), and quit ends
// the list early.
func RunCommands(cmds []string, out io.Writer, cfg Config) error {
	w := &syncWriter{w: out}
	k, err := newKibitz(func(note string) { w.printf("info string %s", note) })
	if err != nil {
		w.printf("info string error: %v", err)
	}
	s := &session{out: w, engine: k, cfg: cfg}
	for _, line := range cmds {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		switch {
		case fields[0] == "quit":
			s.stopSearch()
			return nil
		case fields[0] == "stop":
			s.stopSearch()
		default:
			if s.needsIdle(fields[0]) {
				s.waitSearch()
			}
			s.handle(strings.Join(fields, " "))
		}
	}
	s.waitSearch()
	return nil
}

// waitSearch waits for the running search to end by itself; an infinite
// one never does, and is stopped.
func (s *session) waitSearch() {
	if s.done == nil {
		return
	}
	if s.infinite || s.pondering {
		s.stopSearch() // neither ends by itself
		return
	}
	<-s.done
}

// Run reads commands from in until "quit" or end of input and writes
// Kibitz's answers to out.
func Run(in io.Reader, out io.Writer) error { return RunWith(in, out, Config{}) }

// RunWith is Run with a configuration.
func RunWith(in io.Reader, out io.Writer, cfg Config) error {
	w := &syncWriter{w: out}
	k, err := newKibitz(func(note string) { w.printf("info string %s", note) })
	if err != nil {
		// The embedded net is checked by the tests; keep playing classically.
		w.printf("info string error: %v", err)
	}
	return serve(in, w, k, cfg)
}

// RunPlayer drives eng by the commands from in, answering on out.
func RunPlayer(in io.Reader, out io.Writer, eng Player, cfg Config) error {
	return serve(in, &syncWriter{w: out}, eng, cfg)
}

// serve is the command loop.
func serve(in io.Reader, out *syncWriter, eng Player, cfg Config) error {
	s := &session{out: out, engine: eng, cfg: cfg}
	lines := make(chan string)
	quit := make(chan struct{})
	defer close(quit)
	go readLines(in, lines, quit, s)
	var pending []string // commands waiting for the running search to end
	for {
		var searchDone <-chan struct{}
		if len(pending) > 0 {
			searchDone = s.done
		}
		select {
		case line, ok := <-lines:
			if !ok || strings.Fields(line)[0] == "quit" { // end of input acts as quit
				s.finish(pending)
				return nil
			}
			cmd := strings.Fields(line)[0]
			if cmd == "stop" {
				s.stopSearch()
			} else if cmd == "ponderhit" {
				// Like stop, never queued: the search it ends waits for it.
				s.ponderhit()
			} else if len(pending) > 0 || (s.busy() && s.needsIdle(cmd)) {
				pending = append(pending, line)
			} else {
				s.handle(line)
			}
		case <-searchDone:
			// Run what waited, up to the next command that must wait again.
			for len(pending) > 0 && !(s.busy() && s.needsIdle(strings.Fields(pending[0])[0])) {
				s.handle(pending[0])
				pending = pending[1:]
			}
		}
	}
}

// finish ends the session at quit: the running search is stopped, and
// what waited for it still runs, each search stopped at once — every go
// gets its bestmove, as a GUI that sent it expects.
func (s *session) finish(pending []string) {
	s.stopSearch()
	for _, line := range pending {
		s.handle(line)
		s.stopSearch()
	}
}

// needsIdle reports whether a command must wait for a running search.
func (s *session) needsIdle(cmd string) bool {
	switch cmd {
	case "go", "setoption", "ucinewgame", "position":
		return true
	}
	_, added := s.cfg.Commands[cmd]
	return added
}

// readLines sends the non-empty input lines to lines until the input ends
// (then it closes lines) or quit is closed.
func readLines(in io.Reader, lines chan<- string, quit <-chan struct{}, s *session) {
	defer close(lines)
	r := bufio.NewReaderSize(in, 64*1024)
	for {
		line, err := readLine(r)
		if errors.Is(err, errLineTooLong) {
			s.errorf("line longer than %d bytes ignored", maxLine)
			continue
		}
		if line != "" {
			select {
			case lines <- line:
			case <-quit:
				return
			}
		}
		if err != nil {
			return
		}
	}
}

var errLineTooLong = errors.New("line too long")

func readLine(r *bufio.Reader) (string, error) {
	var b strings.Builder
	for {
		chunk, isPrefix, err := r.ReadLine()
		if b.Len()+len(chunk) > maxLine {
			for isPrefix && err == nil { // drain the rest of the line
				_, isPrefix, err = r.ReadLine()
			}
			return "", errLineTooLong
		}
		b.Write(chunk)
		if err != nil || !isPrefix {
			return strings.TrimSpace(b.String()), err
		}
	}
}

func (s *session) errorf(format string, args ...any) {
	s.out.printf("info string error: "+format, args...)
}

// handle runs one command line (Run deals with quit and stop).
func (s *session) handle(line string) {
	fields := strings.Fields(line)
	cmd, args := fields[0], fields[1:]
	switch cmd {
	case "uci":
		name, author := s.engine.ID()
		s.out.printf("id name %s\nid author %s", name, author)
		for _, o := range s.engine.Options() {
			s.out.printf("%s", o.Declaration())
		}
		s.out.printf("uciok")
	case "isready":
		s.out.printf("readyok")
	case "debug", "register":
		// Accepted and ignored: there is no debug mode or registration.
	case "setoption":
		if err := s.setOption(args); err != nil {
			s.errorf("%v", err)
		}
	case "ucinewgame":
		s.stopSearch()
		s.engine.NewGame()
		start, _ := s.rules.PositionAfter(board.StartFEN, nil)
		s.engine.SetPosition(start)
		s.refused = nil
	case "position":
		// Run once the search has ended (needsIdle): the next go's position.
		p, err := ParsePosition(args, s.rules)
		if err != nil {
			// The GUI believes it set another position: until it sends one
			// that is accepted, go answers no move rather than one for the
			// old position.
			s.errorf("%v (no search until a valid position)", err)
			s.refused = err
			return
		}
		s.engine.SetPosition(p)
		s.refused = nil
	case "go":
		s.goCommand(args)
	case "stop":
		s.stopSearch()
	case "ponderhit":
		s.ponderhit()
	case "d":
		s.out.printf("%s", describe(s.engine.Position()))
	case "eval":
		ex, ok := s.engine.(Explainer)
		if !ok {
			s.errorf("eval: this engine does not evaluate a position alone")
			return
		}
		for _, l := range ex.Explain(s.engine.Position()) {
			s.out.printf("%s", l)
		}
	default:
		if c, ok := s.cfg.Commands[cmd]; ok {
			if err := c(args, s.engine, func(line string) { s.out.printf("%s", line) }); err != nil {
				s.errorf("%s: %v", cmd, err)
			}
			return
		}
		s.errorf("unknown command %q", excerpt.Of(cmd))
	}
}

// busy reports whether a search is still running.
func (s *session) busy() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.searching
}

// ParsePosition reads the arguments of a UCI "position" command,
// "startpos|fen F… [moves m…]", into a new position under rules (Chess960
// when the GUI set UCI_Chess960: its FENs, castling as king takes rook).
func ParsePosition(args []string, rules board.Rules) (*board.Position, error) {
	if len(args) == 0 {
		return nil, errors.New("position needs startpos or fen")
	}
	var fenFields []string
	rest := args[1:]
	switch args[0] {
	case "startpos":
	case "fen":
		i := 0
		for i < len(rest) && rest[i] != "moves" {
			i++
		}
		fenFields, rest = rest[:i], rest[i:]
	default:
		return nil, fmt.Errorf("position: want startpos or fen, got %q", excerpt.Of(args[0]))
	}
	fen := board.StartFEN
	if fenFields != nil {
		fen = strings.Join(fenFields, " ")
		if fen == "" { // "position fen" alone is not the start position
			_, err := rules.ParseFEN(fen)
			return nil, err
		}
	}
	var moves []string
	if len(rest) > 0 {
		if rest[0] != "moves" {
			return nil, fmt.Errorf("position: unexpected %q", excerpt.Of(rest[0]))
		}
		moves = rest[1:]
	}
	p, err := rules.PositionAfter(fen, moves)
	var me *board.MoveError
	if errors.As(err, &me) {
		return nil, fmt.Errorf("position: %w", err)
	}
	return p, err
}

// setOption parses "name <words…> [value <v>]", checks the value against
// the option's declaration and sets it.
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
	name, value := strings.Join(nameWords, " "), strings.Join(valueWords, " ")
	for _, o := range s.engine.Options() {
		if !strings.EqualFold(o.Name, name) {
			continue
		}
		value, err := o.Validate(value)
		if err != nil {
			return fmt.Errorf("setoption %w", err)
		}
		if err := s.engine.SetOption(o.Name, value); err != nil {
			return fmt.Errorf("setoption %s: %w", o.Name, err)
		}
		switch o.Name {
		case "UCI_ShowWDL":
			// The protocol's own option: the loop writes the lines.
			s.showWDL = value == "true"
		case "UCI_Chess960":
			// Also the protocol's: the loop reads the positions and the
			// moves, and writes them.
			s.rules = board.Standard
			if value == "true" {
				s.rules = board.Chess960
			}
		}
		return nil
	}
	return fmt.Errorf("setoption: unknown option %q", excerpt.Of(name))
}
