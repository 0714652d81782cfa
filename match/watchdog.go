package match

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"kibitz/internal/version"
)

// Watchdog watches a long match for stalls: an engine that owes an answer
// (bestmove, readyok, uciok) and has not given it within After. For each
// stall it writes a report — the engine, what it was asked last, what it
// said last, what the kernel knows of the process (read first, since it
// needs no help from the engine: see kernelEvidence), and, for Kibitz, what
// it printed on its standard error after being sent the dump signal
// (SIGUSR1, which it answers with a goroutine dump; other engines are not
// sent it, since it may kill them) — and the game goes on waiting up to
// the match's own timeout, so a slow answer is recorded without being
// forfeited. A Kibitz that cannot answer the dump signal is frozen whole:
// the kernel's view is read again, a core taken (with Cores) and the
// process ended with SIGQUIT, which its runtime answers with every
// goroutine's stack without stopping the world (GOTRACEBACK=crash, set for
// watched engines, adds the runtime's own frames); its game is lost.
// With a watchdog the match also samples each engine process's resident
// memory (see Summary.Memory) and keeps a per-second record (record.go).
type Watchdog struct {
	After  time.Duration
	Dir    string    // stall reports, cores and the record go here
	Log    io.Writer // a line per stall (may be nil)
	WarmUp int       // games an engine plays before its memory is first sampled
	Cores  bool      // take a core of a frozen Kibitz (gcore) before ending it

	mu     sync.Mutex
	count  int
	stalls map[string]int // by engine name
	wg     sync.WaitGroup // reports still being written
}

// stallGrace is how long a stalled engine gets to print its dump before the
// report is written.
const stallGrace = 2 * time.Second

// stallReport is what is known about an engine when it stalls.
type stallReport struct {
	engine, awaited string
	pid             int
	since           time.Time
	sent, received  []string
	stderr          *tailBuffer
	noDump          string // why there is no dump, when there is none
	kernel          string // the kernel's view, before any signal
	frozen          string // the kernel's view again, a core and the SIGQUIT dump, when the dump signal went unanswered
}

// stalled records a stall of e, which owes a line starting with awaited
// since the time given. The report is written after stallGrace, by which
// time the engine has printed its dump; the caller goes on waiting.
func (w *Watchdog) stalled(e *Process, awaited string, since time.Time) {
	w.mu.Lock()
	w.count++
	n := w.count
	if w.stalls == nil {
		w.stalls = map[string]int{}
	}
	w.stalls[e.Name()]++
	w.mu.Unlock()
	r := stallReport{engine: e.Name(), awaited: awaited, pid: e.cmd.Process.Pid, since: since,
		sent: e.sent.lines(), received: e.received.lines(), stderr: e.stderr}
	dump := answersDump(e.idName)
	if !dump {
		// Another engine may die of the signal (a C program's default), and
		// a stall is not to cost it its game.
		r.stderr, r.noDump = nil, fmt.Sprintf("it calls itself %q, not Kibitz, and is not sent the dump signal", e.idName)
		if e.idName == "" {
			r.noDump = "it has not named itself (no \"id name\" yet), so it is not sent the dump signal"
		}
	}
	path := filepath.Join(w.Dir, fmt.Sprintf("stall-%d-%s.txt", n, safeName(e.Name())))
	w.logf("watchdog: %s (pid %d) owes %q for %v; report in %s\n", r.engine, r.pid, awaited, w.After, path)
	w.wg.Add(1)
	go func() {
		defer w.wg.Done()
		r.kernel = kernelEvidence(r.pid, time.Second, "read before any signal")
		if dump {
			w.askForDump(e, &r, n)
		}
		if err := os.WriteFile(path, []byte(r.text()), 0o644); err != nil {
			w.logf("watchdog: %v\n", err)
		}
	}()
}

// askForDump sends Kibitz the dump signal and gives it stallGrace to
// answer; a process that prints nothing is frozen whole, and is looked at
// again, cored and ended with SIGQUIT, whose dump needs no stop of the
// world.
func (w *Watchdog) askForDump(e *Process, r *stallReport, n int) {
	before := r.stderr.Total()
	if signalDump(e.cmd.Process) != nil {
		r.stderr, r.noDump = nil, "the engine could not be signalled" // nothing more will come
		return
	}
	time.Sleep(stallGrace)
	if r.stderr.Total() != before {
		return // it answered: the world stopped, so it was not frozen whole
	}
	var b strings.Builder
	b.WriteString("no answer to the dump signal within " + stallGrace.String() + ": the process is frozen whole\n\n")
	b.WriteString(kernelEvidence(r.pid, time.Second, "again, with the dump signal unanswered"))
	if w.Cores {
		b.WriteString("\n" + coreDump(r.pid, filepath.Join(w.Dir, fmt.Sprintf("core-%d", n))) + "\n")
	}
	if err := signalQuit(e.cmd.Process); err != nil {
		fmt.Fprintf(&b, "\nSIGQUIT could not be sent: %v\n", err)
	} else {
		b.WriteString("\nsent SIGQUIT: its standard error below ends with the runtime's dump of every goroutine\n")
		time.Sleep(stallGrace)
	}
	r.frozen = b.String()
}

// answersDump reports whether an engine of this name answers the dump
// signal with a report and goes on: Kibitz does ("Kibitz 0.1 (63bdac6)").
func answersDump(idName string) bool {
	return idName == version.Name || strings.HasPrefix(idName, version.Name+" ")
}

// Stalls returns the number of stalls recorded for the engine named.
func (w *Watchdog) Stalls(name string) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.stalls[name]
}

// wait waits for the reports being written.
func (w *Watchdog) wait() { w.wg.Wait() }

func (w *Watchdog) logf(format string, args ...any) {
	if w.Log != nil {
		w.mu.Lock()
		defer w.mu.Unlock()
		fmt.Fprintf(w.Log, format, args...)
	}
}

func (r stallReport) text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "engine %s, pid %d\nowes a line starting %q since %s (%v before this report)\n",
		r.engine, r.pid, r.awaited, r.since.Format(time.RFC3339Nano), time.Since(r.since).Round(time.Millisecond))
	fmt.Fprintf(&b, "\n# last lines sent to it, oldest first\n%s\n", strings.Join(r.sent, "\n"))
	fmt.Fprintf(&b, "\n# last lines received from it, oldest first\n%s\n", strings.Join(r.received, "\n"))
	fmt.Fprintf(&b, "\n%s", r.kernel)
	if r.frozen != "" {
		fmt.Fprintf(&b, "\n# frozen\n%s", r.frozen)
	}
	if r.stderr == nil {
		fmt.Fprintf(&b, "\n# no dump: %s\n", r.noDump)
	} else {
		fmt.Fprintf(&b, "\n# its standard error (the end), after the dump signal\n%s\n", r.stderr.String())
	}
	return b.String()
}

// safeName keeps a file name to letters, digits, '-' and '_'.
func safeName(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			return r
		}
		return '_'
	}, s)
}

// lineRing keeps the last few lines of a conversation.
type lineRing struct {
	buf  [8]string
	next int
	n    int
}

// maxKept bounds each kept line: a position command late in a long game
// is a few kilobytes; an engine's overlong line is cut.
const maxKept = 16 << 10

func (r *lineRing) add(line string) {
	if len(line) > maxKept {
		line = line[:maxKept] + " …"
	}
	r.buf[r.next] = line
	r.next = (r.next + 1) % len(r.buf)
	r.n = min(r.n+1, len(r.buf))
}

func (r *lineRing) lines() []string {
	out := make([]string, 0, r.n)
	for i := r.n; i > 0; i-- {
		out = append(out, r.buf[(r.next-i+len(r.buf))%len(r.buf)])
	}
	return out
}

// tailBuffer keeps the last max bytes written to it: an engine's standard
// error over thousands of games, of which a stall report wants the end.
type tailBuffer struct {
	mu    sync.Mutex
	max   int
	buf   []byte
	total int64 // bytes ever written
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	t.total += int64(len(p))
	if over := len(t.buf) - t.max; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

// Total returns the number of bytes ever written.
func (t *tailBuffer) Total() int64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.total
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}

// MemorySample is one engine process's resident memory over a match: once
// warmed up (after the watchdog's WarmUp games: its tables allocated and
// touched) and when it was closed.
type MemorySample struct {
	Process    string
	PID        int
	Games      int   // games it played
	First, End int64 // bytes; 0 where unknown
}

// rss returns a process's resident set size from /proc (Linux); ok is
// false elsewhere or when the process is gone.
func rss(pid int) (int64, bool) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, false
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			f := strings.Fields(v)
			if len(f) == 2 && f[1] == "kB" {
				n, err := strconv.ParseInt(f[0], 10, 64)
				return n << 10, err == nil
			}
		}
	}
	return 0, false
}

// reportWatch writes what a watchdog saw: stalls, and each engine process's
// memory after warm-up and at its end.
func (s Summary) reportWatch(w io.Writer, names [2]string) {
	if len(s.Memory) == 0 {
		return
	}
	fmt.Fprintf(w, "Stalls (watchdog): %s %d, %s %d\n", names[0], s.Stalls[0], names[1], s.Stalls[1])
	for _, m := range s.Memory {
		fmt.Fprintf(w, "Memory of %s (pid %d, %d games): ", m.Process, m.PID, m.Games)
		switch {
		case m.First > 0 && m.End > 0:
			fmt.Fprintf(w, "%s after warm-up, %s at the end (%+.1f%%)\n", mib(m.First), mib(m.End), 100*float64(m.End-m.First)/float64(m.First))
		case m.First == 0 && m.End > 0:
			// A process that played fewer games than the warm-up was never
			// sampled warm; say so rather than print an empty figure.
			fmt.Fprintf(w, "%s at the end (no sample after warm-up: it played fewer games than the warm-up)\n", mib(m.End))
		default:
			fmt.Fprintf(w, "%s after warm-up, %s at the end\n", mib(m.First), mib(m.End))
		}
	}
}

func mib(n int64) string {
	if n == 0 {
		return "unknown"
	}
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}
