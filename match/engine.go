package match

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// EngineConfig says how to start an engine and which options to set.
type EngineConfig struct {
	Name    string
	Cmd     string
	Args    []string
	Options map[string]string
	// Limit, when set, replaces the match's limit for this engine's moves:
	// a player at a fixed depth against one on the clock, or two clocks.
	Limit *Limit
	// Ponder lets the engine think on its opponent's time (moves on a
	// clock only): after each move it searches the move after the reply it
	// expects, and hears ponderhit if that reply is played, stop if not.
	Ponder bool
	// Chess960 sets UCI_Chess960 (Run sets it for a Chess960 match); an
	// engine that does not declare the option cannot play.
	Chess960 bool
}

// ParseEngine reads
// "cmd=PATH[,name=N][,args=A B C][,option.X=V...][,tc=B+I|nodes=N|depth=D][,ponder=true]".
func ParseEngine(spec string) (EngineConfig, error) {
	c := EngineConfig{Options: map[string]string{}}
	kv, err := parseKV(spec)
	if err != nil {
		return c, fmt.Errorf("--engine: %w", err)
	}
	for k, v := range kv {
		switch {
		case k == "cmd":
			c.Cmd = v
		case k == "name":
			c.Name = v
		case k == "args":
			c.Args = strings.Fields(v)
		case strings.HasPrefix(k, "option.") && len(k) > len("option."):
			c.Options[k[len("option."):]] = v
		case k == "ponder":
			on, err := strconv.ParseBool(v)
			if err != nil {
				return c, fmt.Errorf("--engine: ponder=%q: want true or false", v)
			}
			c.Ponder = on
		case k == "tc" || k == "nodes" || k == "depth":
			if c.Limit != nil {
				return c, errors.New("--engine: give at most one of tc, nodes, depth")
			}
			l, err := parseEngineLimit(k, v)
			if err != nil {
				return c, fmt.Errorf("--engine: %w", err)
			}
			c.Limit = &l
		default:
			return c, fmt.Errorf("--engine: unknown key %q (want cmd, name, args, option.NAME, tc, nodes, depth, ponder)", k)
		}
	}
	if c.Cmd == "" {
		return c, errors.New("--engine: cmd=PATH is required")
	}
	if c.Name == "" {
		c.Name = c.Cmd[strings.LastIndex(c.Cmd, "/")+1:]
	}
	return c, nil
}

// parseEngineLimit reads an engine's own limit: tc=B+I, nodes=N or depth=D.
func parseEngineLimit(k, v string) (Limit, error) {
	if k == "tc" {
		return ParseTC(v)
	}
	n, err := strconv.ParseUint(v, 10, 64)
	switch {
	case err != nil || n == 0:
		return Limit{}, fmt.Errorf("%s=%q: want a positive integer", k, v)
	case k == "nodes":
		return Limit{Nodes: n}, nil
	case n > 100:
		return Limit{}, fmt.Errorf("depth=%q: want 1..100", v)
	}
	return Limit{Depth: int(n)}, nil
}

// parseKV splits "a=1,b=2" into a map; keys must be unique.
func parseKV(spec string) (map[string]string, error) {
	out := map[string]string{}
	for _, part := range strings.Split(spec, ",") {
		k, v, ok := strings.Cut(part, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			return nil, fmt.Errorf("%q is not key=value", part)
		}
		if _, dup := out[k]; dup {
			return nil, fmt.Errorf("key %q given twice", k)
		}
		out[k] = v
	}
	return out, nil
}

// errTimeout and errExited describe why an engine failed to answer.
var (
	errTimeout = errors.New("no answer in time")
	errExited  = errors.New("engine exited")
)

// Process is a UCI engine running as a process, as the match drives it.
type Process struct {
	cfg       EngineConfig
	cmd       *exec.Cmd
	stdin     io.WriteCloser
	stdout    io.ReadCloser
	lines     chan string
	err       chan error
	lastScore Reported        // from the most recent search's info lines
	declared  map[string]bool // the options it declared in the handshake, by lower-case name
	idName    string          // what it calls itself in the handshake ("id name")
	closed    bool
	broken    bool // it exited, stopped answering or could not be written to
	// ponderMove is the reply its last bestmove expected ("" none);
	// pondering, the reply its running ponder search expects ("" none).
	ponderMove, pondering string
	done                  chan struct{} // closed by Close: the reader stops delivering lines

	watch          *Watchdog   // nil: no stall reports
	sent, received lineRing    // the conversation's last lines, for stall reports
	stderr         *tailBuffer // the end of its standard error, when watched
}

// maxLine is the longest output line kept; the rest of a longer line is
// read and dropped, so an engine cannot exhaust memory or stall the reader.
const maxLine = 64 << 10

// Reported is an engine's last reported evaluation of its own position.
type Reported struct {
	Valid bool
	// CP is in centipawns; a mate is ±(100000 − N) for UCI's "score mate
	// N", which counts moves (not plies): a nearer mate scores higher.
	CP int
}

// Start launches the engine, completes the uci handshake and sets the
// options. Every read has the given timeout.
func Start(cfg EngineConfig, timeout time.Duration) (*Process, error) {
	return startWatched(cfg, timeout, nil)
}

// startWatched is Start with a watchdog (nil for none), which also keeps
// the end of the engine's standard error for its reports.
func startWatched(cfg EngineConfig, timeout time.Duration, w *Watchdog) (*Process, error) {
	cmd := exec.Command(cfg.Cmd, cfg.Args...)
	ownGroup(cmd)
	var stderr *tailBuffer
	if w != nil {
		stderr = &tailBuffer{max: 1 << 20}
		cmd.Stderr = stderr
		// A Go engine's SIGQUIT dump, for a frozen one, then shows the
		// runtime's frames and every thread too.
		cmd.Env = append(os.Environ(), "GOTRACEBACK=crash")
		// A process that inherited the engine's standard error must not
		// keep Wait, and so Close, waiting.
		cmd.WaitDelay = 3 * time.Second
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", cfg.Name, err)
	}
	e := &Process{cfg: cfg, cmd: cmd, stdin: stdin, stdout: stdout, lines: make(chan string, 1024), err: make(chan error, 1), done: make(chan struct{}),
		watch: w, stderr: stderr}
	running.add(e)
	go e.read(stdout)
	if err := e.send("uci"); err != nil {
		e.Close()
		return nil, err
	}
	if _, err := e.waitFor("uciok", timeout); err != nil {
		e.Close()
		return nil, fmt.Errorf("%s: uci handshake: %w", cfg.Name, err)
	}
	names := make([]string, 0, len(cfg.Options))
	for k := range cfg.Options {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if err := e.SetOption(k, cfg.Options[k]); err != nil {
			e.Close()
			return nil, err
		}
	}
	if cfg.Chess960 {
		if !e.Declares("UCI_Chess960") {
			e.Close()
			return nil, fmt.Errorf("%s does not play Chess960 (it declares no UCI_Chess960 option)", cfg.Name)
		}
		if err := e.SetOption("UCI_Chess960", "true"); err != nil {
			e.Close()
			return nil, err
		}
	}
	// UCI: an engine that declares Ponder is told that the GUI will
	// ponder, unless the option was given.
	if _, given := cfg.Options["Ponder"]; cfg.Ponder && !given && e.Declares("Ponder") {
		if err := e.SetOption("Ponder", "true"); err != nil {
			e.Close()
			return nil, err
		}
	}
	if err := e.Ready(timeout); err != nil {
		e.Close()
		return nil, err
	}
	return e, nil
}

// read delivers the engine's output lines until it ends, then its exit
// status. After Close it reads on and drops the lines, so that a flooding
// engine never blocks it; Close kills such an engine.
func (e *Process) read(stdout io.Reader) {
	r := bufio.NewReaderSize(stdout, 64<<10)
	delivering := true
	for {
		line, err := readLine(r)
		if err != nil {
			break
		}
		if delivering {
			select {
			case e.lines <- line:
			case <-e.done:
				delivering = false
			}
		}
	}
	close(e.lines)
	e.err <- e.cmd.Wait()
}

// readLine reads one line of any length and returns its first maxLine bytes.
func readLine(r *bufio.Reader) (string, error) {
	var line []byte
	for {
		chunk, isPrefix, err := r.ReadLine()
		if err != nil {
			return "", err
		}
		if room := maxLine - len(line); room > 0 {
			line = append(line, chunk[:min(len(chunk), room)]...)
		}
		if !isPrefix {
			return string(line), nil
		}
	}
}

// Name returns the engine's configured name.
func (e *Process) Name() string { return e.cfg.Name }

func (e *Process) send(line string) error {
	e.sent.add(line)
	if _, err := io.WriteString(e.stdin, line+"\n"); err != nil {
		e.broken = true
		return fmt.Errorf("%s: %w: %v", e.cfg.Name, errExited, err)
	}
	return nil
}

// waitFor reads lines until one starts with prefix, remembering scores
// from info lines on the way. A watchdog is told once if the answer takes
// longer than its limit.
func (e *Process) waitFor(prefix string, timeout time.Duration) (string, error) {
	start := time.Now()
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	var stall <-chan time.Time
	if e.watch != nil && e.watch.After < timeout {
		t := time.NewTimer(e.watch.After)
		defer t.Stop()
		stall = t.C
	}
	for {
		select {
		case line, ok := <-e.lines:
			if !ok {
				e.broken = true
				return "", errExited
			}
			e.received.add(line)
			if strings.HasPrefix(line, "info ") {
				if s, ok := parseScore(line); ok {
					e.lastScore = s
				}
				continue
			}
			if name, ok := strings.CutPrefix(line, "id name "); ok {
				e.idName = strings.TrimSpace(name)
			}
			if decl, ok := strings.CutPrefix(line, "option name "); ok {
				if name, _, ok := strings.Cut(decl, " type "); ok {
					if e.declared == nil {
						e.declared = map[string]bool{}
					}
					e.declared[strings.ToLower(name)] = true
				}
			}
			if strings.HasPrefix(line, prefix) {
				return line, nil
			}
		case <-stall:
			stall = nil
			e.watch.stalled(e, prefix, start)
		case <-deadline.C:
			// It may still answer later, into the next game: it is
			// restarted before it plays again.
			e.broken = true
			return "", errTimeout
		}
	}
}

// Alive reports whether the engine can play on: it is running and has
// answered everything asked of it so far.
func (e *Process) Alive() bool {
	if e.closed || e.broken {
		return false
	}
	select {
	case err := <-e.err:
		e.err <- err // keep it for Close
		return false
	default:
		return true
	}
}

// Ready sends isready and waits for readyok.
func (e *Process) Ready(timeout time.Duration) error {
	if err := e.send("isready"); err != nil {
		return err
	}
	if _, err := e.waitFor("readyok", timeout); err != nil {
		return fmt.Errorf("%s: isready: %w", e.cfg.Name, err)
	}
	return nil
}

// NewGame tells the engine a new game starts.
func (e *Process) NewGame(timeout time.Duration) error {
	if err := e.send("ucinewgame"); err != nil {
		return err
	}
	return e.Ready(timeout)
}

// BestMove sends the position and the go command and waits up to timeout
// for bestmove. It returns the move text and the time the engine took.
func (e *Process) BestMove(position, goCmd string, timeout time.Duration) (string, time.Duration, error) {
	e.lastScore = Reported{}
	if err := e.send(position); err != nil {
		return "", 0, err
	}
	return e.moveAfter(goCmd, timeout)
}

// moveAfter sends cmd and waits up to timeout for the bestmove it brings;
// the time the engine took runs from the command.
func (e *Process) moveAfter(cmd string, timeout time.Duration) (string, time.Duration, error) {
	start := time.Now()
	if err := e.send(cmd); err != nil {
		return "", 0, err
	}
	line, err := e.waitFor("bestmove", timeout)
	took := time.Since(start)
	if err != nil {
		return "", took, err
	}
	return e.readBestMove(line, took)
}

// readBestMove reads a bestmove line, remembering the reply it expects.
func (e *Process) readBestMove(line string, took time.Duration) (string, time.Duration, error) {
	f := strings.Fields(line)
	if len(f) < 2 {
		return "", took, fmt.Errorf("malformed %q", line)
	}
	e.ponderMove = ""
	if len(f) >= 4 && f[2] == "ponder" {
		e.ponderMove = f[3]
	}
	return f[1], took, nil
}

// Ponder starts a ponder search: position ends with the reply the engine
// expects, goCmd is the go command with the clocks as they stand.
func (e *Process) Ponder(position, goCmd, reply string) error {
	if err := e.send(position); err != nil {
		return err
	}
	if err := e.send("go ponder" + strings.TrimPrefix(goCmd, "go")); err != nil {
		return err
	}
	e.pondering = reply
	return nil
}

// Pondering returns the reply the running ponder search expects ("" if
// none runs).
func (e *Process) Pondering() string { return e.pondering }

// PonderHit tells the engine its expected reply was played and waits up
// to timeout for its move; the time it took runs from the ponderhit.
func (e *Process) PonderHit(timeout time.Duration) (string, time.Duration, error) {
	e.pondering = ""
	return e.moveAfter("ponderhit", timeout)
}

// StopPondering ends a ponder search whose reply was not played (or a
// game that ended) and waits up to timeout for its bestmove, which is
// dropped.
func (e *Process) StopPondering(timeout time.Duration) error {
	e.pondering = ""
	if err := e.send("stop"); err != nil {
		return err
	}
	if _, err := e.waitFor("bestmove", timeout); err != nil {
		return fmt.Errorf("%s: stop while pondering: %w", e.cfg.Name, err)
	}
	e.ponderMove = ""
	return nil
}

// SetOption sends a setoption command (between games: the engine applies
// it before it answers the next isready).
func (e *Process) SetOption(name, value string) error {
	return e.send(fmt.Sprintf("setoption name %s value %s", name, value))
}

// RSS returns the engine process's resident memory in bytes (Linux).
func (e *Process) RSS() (int64, bool) { return rss(e.cmd.Process.Pid) }

// Declares reports whether the engine declared the option (by name, in
// any case) when it started.
func (e *Process) Declares(option string) bool { return e.declared[strings.ToLower(option)] }

// LastScore returns the score of the engine's last info line of its most
// recent search.
func (e *Process) LastScore() Reported { return e.lastScore }

// Close asks the engine to quit and kills it if it does not: its whole
// process group, so that a child it started cannot keep its output open
// (a script flooding through a child process). Close returns within a few
// seconds whatever the engine does: if something still holds the output
// open after the kill, the match stops reading it.
func (e *Process) Close() {
	if e.closed {
		return
	}
	e.closed = true
	defer running.remove(e)
	close(e.done)
	e.send("quit")
	e.stdin.Close()
	select {
	case <-e.err:
		return
	case <-time.After(2 * time.Second):
	}
	killGroup(e.cmd.Process)
	select {
	case <-e.err:
	case <-time.After(3 * time.Second):
		e.stdout.Close() // the reader stops at once, and waits for the process
		<-e.err
	}
}

// running is the set of engine processes started and not yet closed.
var running = engineSet{m: map[*Process]bool{}}

type engineSet struct {
	mu sync.Mutex
	m  map[*Process]bool
}

func (s *engineSet) add(e *Process) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m[e] = true
}

func (s *engineSet) remove(e *Process) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.m, e)
}

// KillEngines kills every engine process a match has started and not yet
// closed, with their process groups: for a match that must quit at once
// (a second interrupt), whose engines run in groups of their own.
func KillEngines() {
	running.mu.Lock()
	defer running.mu.Unlock()
	for e := range running.m {
		killGroup(e.cmd.Process)
	}
}

// parseScore reads "score cp N" or "score mate N" from an info line;
// bound-only scores are ignored.
func parseScore(line string) (Reported, bool) {
	f := strings.Fields(line)
	for i := 0; i+2 < len(f); i++ {
		if f[i] != "score" {
			continue
		}
		if i+3 < len(f) && (f[i+3] == "lowerbound" || f[i+3] == "upperbound") {
			return Reported{}, false
		}
		n, err := strconv.Atoi(f[i+2])
		if err != nil {
			return Reported{}, false
		}
		switch f[i+1] {
		case "cp":
			return Reported{Valid: true, CP: n}, true
		case "mate":
			if n > 0 {
				return Reported{Valid: true, CP: 100000 - n}, true
			}
			return Reported{Valid: true, CP: -100000 - n}, true
		}
	}
	return Reported{}, false
}
