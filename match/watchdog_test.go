package match

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A slow engine is reported each time it stalls, with the commands it was
// answering, and its games go on to their end: a stall is not a forfeit.
// It is not Kibitz, so it is not sent the dump signal, which would kill it
// (as it kills many C engines). The engine processes' memory is sampled.
func TestWatchdogReportsStallsAndTheGamesGoOn(t *testing.T) {
	dir := t.TempDir()
	// The slow engine sleeps 3 s on each move after its second; the watchdog
	// reports an answer owed for 1 s, a margin no busy machine takes from
	// the other engine's instant answers (or either one's start).
	w := &Watchdog{After: time.Second, Dir: dir}
	ref := Referee{Limit: Limit{Nodes: 1000}, Timeout: 20 * time.Second, Adjudge: Adjudication{MaxMoves: 4}}
	sum, err := Run(Config{
		Engines: [2]EngineConfig{engine("ok"), engine("slow", "-mode", "sleep", "-sleep", "3s", "-after", "2", "-dieonusr1")},
		Referee: ref, Games: 2, Concurrency: 1, Openings: DefaultOpenings(), Seed: 7, Watchdog: w,
	})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Draws != 2 || sum.Crashes != [2]int{} {
		t.Errorf("W/D/L %d/%d/%d, crashes %v: want two games to the move limit", sum.Wins, sum.Draws, sum.Losses, sum.Crashes)
	}
	if sum.Stalls[0] != 0 || sum.Stalls[1] < 2 {
		t.Errorf("stalls %v: want none for ok, one per slow move for slow", sum.Stalls)
	}
	reports, _ := filepath.Glob(filepath.Join(dir, "stall-*-slow.txt"))
	if len(reports) != sum.Stalls[1] {
		t.Fatalf("%d reports for %d stalls", len(reports), sum.Stalls[1])
	}
	b, err := os.ReadFile(reports[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"engine slow", `owes a line starting "bestmove"`, "position fen ", "go nodes 1000",
		`no dump: it calls itself "testengine", not Kibitz`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("report lacks %q:\n%s", want, b)
		}
	}
	if len(sum.Memory) != 2 {
		t.Fatalf("memory samples %+v: want one per engine process", sum.Memory)
	}
	for _, m := range sum.Memory {
		if m.Games != 2 || m.First <= 0 || m.End <= 0 {
			t.Errorf("memory sample %+v: want 2 games and both sizes", m)
		}
	}
}

// Kibitz answers the watchdog's signal with a dump of its goroutines,
// which lands in the report, and goes on: after the dump it still stops
// its search and answers.
func TestStalledKibitzReportsWhereItIs(t *testing.T) {
	dir := t.TempDir()
	// The watchdog is set short only once the engine is up: a start slowed
	// by a busy machine is not the stall this test is about.
	w := &Watchdog{After: time.Hour, Dir: dir}
	e, err := startWatched(EngineConfig{Name: "kibitz", Cmd: kibitz}, 30*time.Second, w)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	w.After = 200 * time.Millisecond
	// go infinite never answers: the read times out, long after the
	// watchdog's 200 ms of silence however slow the machine.
	if _, _, err := e.BestMove("position startpos", "go infinite", 3*time.Second); err != errTimeout {
		t.Fatalf("go infinite answered %v; want a timeout", err)
	}
	w.wait()
	b, _ := os.ReadFile(filepath.Join(dir, "stall-1-kibitz.txt"))
	if strings.Contains(string(b), "frozen whole") {
		t.Errorf("a Kibitz that answered the dump signal is reported frozen:\n%s", b)
	}
	for _, want := range []string{"go infinite", "as the kernel sees it", "State:", "# threads:", "goroutine dump", "kibitz/engine/search."} {
		if !strings.Contains(string(b), want) {
			t.Errorf("report lacks %q:\n%s", want, b)
		}
	}
	if err := e.send("stop"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.waitFor("bestmove", 5*time.Second); err != nil {
		t.Fatalf("no bestmove after stop: %v", err)
	}
}

// The report names each process's memory; one that played fewer games than
// the warm-up has no warm sample, and the report says why instead of
// printing an empty figure.
func TestWatchReportExplainsAMissingWarmSample(t *testing.T) {
	s := Summary{Memory: []MemorySample{
		{Process: "a", PID: 1, Games: 120, First: 64 << 20, End: 80 << 20},
		{Process: "b", PID: 2, Games: 48, End: 100 << 20},
	}}
	var out strings.Builder
	s.reportWatch(&out, [2]string{"a", "b"})
	got := out.String()
	for _, want := range []string{
		"Stalls (watchdog): a 0, b 0\n",
		"Memory of a (pid 1, 120 games): 64.0 MiB after warm-up, 80.0 MiB at the end (+25.0%)\n",
		"Memory of b (pid 2, 48 games): 100.0 MiB at the end (no sample after warm-up: it played fewer games than the warm-up)\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("report lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "?") {
		t.Errorf("report prints a bare %q:\n%s", "?", got)
	}
}

// Only Kibitz is sent the dump signal: it names itself "Kibitz" and a
// release in "id name"; a name that merely starts with the same letters
// is another engine's.
func TestOnlyKibitzAnswersTheDumpSignal(t *testing.T) {
	for name, want := range map[string]bool{
		"Kibitz 0.1 (63bdac6)": true, "Kibitz": true, "Kibitz 0.1 (7e3bb18+)": true,
		"KibitzFork 2": false, "Ethereal 12.00": false, "testengine": false, "": false,
	} {
		if got := answersDump(name); got != want {
			t.Errorf("answersDump(%q) = %v, want %v", name, got, want)
		}
	}
}

// An engine that stalls before it names itself is not signalled either,
// and its report says so.
func TestStallBeforeIDNameIsNotSignalled(t *testing.T) {
	dir := t.TempDir()
	w := &Watchdog{After: 300 * time.Millisecond, Dir: dir}
	if _, err := startWatched(engine("mute", "-mode", "mute", "-dieonusr1"), 2*time.Second, w); err == nil {
		t.Fatal("a mute engine completed the handshake")
	}
	w.wait()
	b, err := os.ReadFile(filepath.Join(dir, "stall-1-mute.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`owes a line starting "uciok"`, `no dump: it has not named itself`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("report lacks %q:\n%s", want, b)
		}
	}
}

// A Kibitz frozen whole answers neither its move nor the dump signal (the
// test engine, calling itself Kibitz, ignores SIGUSR1 and sleeps): the
// report holds the kernel's view twice, a core where gcore is installed,
// and the stacks its runtime prints on SIGQUIT, which ends it.
func TestFrozenKibitzIsLookedAtCoredAndEnded(t *testing.T) {
	dir := t.TempDir()
	w := &Watchdog{After: time.Hour, Dir: dir, Cores: true}
	e, err := startWatched(engine("frozen", "-mode", "freeze", "-name", "Kibitz 0.1 (test)"), 30*time.Second, w)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	w.After = 200 * time.Millisecond
	if _, _, err := e.BestMove("position startpos", "go nodes 1000", 20*time.Second); err == nil {
		t.Fatal("a frozen engine answered")
	}
	w.wait()
	b, err := os.ReadFile(filepath.Join(dir, "stall-1-frozen.txt"))
	if err != nil {
		t.Fatal(err)
	}
	report := string(b)
	for _, want := range []string{"as the kernel sees it", "State:", "cpu ", "no answer to the dump signal", "frozen whole",
		"sent SIGQUIT", "SIGQUIT: quit", "main.main()"} {
		if !strings.Contains(report, want) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}
	if strings.Count(report, "as the kernel sees it") != 2 {
		t.Errorf("want the kernel's view before the signal and again once frozen:\n%s", report)
	}
	if _, err := exec.LookPath("gcore"); err == nil {
		cores, _ := filepath.Glob(filepath.Join(dir, "core-1.*"))
		if len(cores) != 1 || !strings.Contains(report, "core written to "+cores[0]) {
			t.Errorf("cores %v; report:\n%s", cores, report)
		}
	} else if !strings.Contains(report, "no core: gcore (Debian's gdb package) is not installed") {
		t.Errorf("without gcore the report must say why there is no core:\n%s", report)
	}
	if e.Alive() {
		t.Error("the frozen engine is still taken for alive after SIGQUIT")
	}
}

// A watched match keeps a line a second with each running engine's state.
func TestRecordHasEachEngineEverySecond(t *testing.T) {
	dir := t.TempDir()
	w := &Watchdog{After: time.Hour, Dir: dir}
	e, err := startWatched(engine("recorded"), 30*time.Second, w)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	stop := w.startRecord()
	want := fmt.Sprintf("recorded/%d:", e.cmd.Process.Pid)
	var lines []string
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		b, _ := os.ReadFile(filepath.Join(dir, "record.tsv"))
		if lines = strings.Split(strings.TrimSpace(string(b)), "\n"); len(lines) >= 3 {
			break
		}
	}
	stop()
	if len(lines) < 3 || !strings.HasPrefix(lines[0], "# a line a second") {
		t.Fatalf("record %q: want a header and two seconds", lines)
	}
	for _, line := range lines[1:3] {
		if !strings.Contains(line, want) || !strings.Contains(line, ",rss=") || !strings.Contains(line, ",cpu=") {
			t.Errorf("line %q lacks the engine's state %q…", line, want)
		}
	}
}

// A thread's name may hold spaces and parentheses: the fields are read
// after the last one.
func TestStatFieldsAfterAnAwkwardName(t *testing.T) {
	comm, f, ok := statFields("4242 (a (b) c) D 1 4242 4242 0 -1 4194560 100 0 7 0 55 9 0 0 20 0 3")
	if !ok || comm != "a (b) c" || f[0] != "D" || f[9] != "7" || f[11] != "55" || f[12] != "9" {
		t.Errorf("statFields = %q %q %v", comm, f, ok)
	}
	if _, _, ok := statFields("4242 a D 1"); ok {
		t.Error("a line without a name in parentheses was read")
	}
}
