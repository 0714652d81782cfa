package match

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// What a stalled engine's report holds before the engine is asked anything:
// what the kernel knows of the process, read from /proc (Linux), which needs
// no help from the process or its runtime. A process frozen whole — in a
// stop-the-world that never completes, or in uninterruptible sleep on a page
// or a disk — cannot answer a signal with a dump, but its threads' states,
// kernel stacks and CPU times say which it is: a thread spinning in user
// space uses CPU between two samples; one waiting on a page is in state D
// with the fault on its kernel stack.

// procThread is one thread of a process as the kernel sees it.
type procThread struct {
	tid          int
	comm, state  string
	cpu          uint64 // user and system time, in clock ticks
	majflt       uint64 // major page faults
	wchan, stack string
}

// statFields returns the fields of a /proc stat line after the command
// name (which may hold spaces and parentheses): field 3 (the state) first.
func statFields(line string) (comm string, rest []string, ok bool) {
	open, end := strings.IndexByte(line, '('), strings.LastIndexByte(line, ')')
	if open < 0 || end < open {
		return "", nil, false
	}
	rest = strings.Fields(line[end+1:])
	return line[open+1 : end], rest, len(rest) >= 13
}

// readThreads reads every thread of the process; an error where there is
// no /proc or the process is gone.
func readThreads(pid int) ([]procThread, error) {
	dir := fmt.Sprintf("/proc/%d/task", pid)
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []procThread
	for _, ent := range ents {
		tid, err := strconv.Atoi(ent.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, ent.Name(), "stat"))
		if err != nil {
			continue // the thread ended between the listing and the read
		}
		comm, f, ok := statFields(string(b))
		if !ok {
			continue
		}
		// After the name: state (3), …, majflt (12), utime (14), stime (15).
		majflt, _ := strconv.ParseUint(f[9], 10, 64)
		utime, _ := strconv.ParseUint(f[11], 10, 64)
		stime, _ := strconv.ParseUint(f[12], 10, 64)
		t := procThread{tid: tid, comm: comm, state: f[0], cpu: utime + stime, majflt: majflt}
		if w, err := os.ReadFile(filepath.Join(dir, ent.Name(), "wchan")); err == nil {
			t.wchan = strings.TrimSpace(string(w))
		}
		if s, err := os.ReadFile(filepath.Join(dir, ent.Name(), "stack")); err == nil {
			t.stack = strings.TrimRight(string(s), "\n")
		}
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].tid < out[j].tid })
	return out, nil
}

// statusLines picks the lines of /proc/PID/status a stall report wants.
func statusLines(pid int) string {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return fmt.Sprintf("(no /proc/%d/status: %v)\n", pid, err)
	}
	var out strings.Builder
	for _, line := range strings.Split(string(b), "\n") {
		for _, key := range []string{"State:", "VmRSS:", "VmSwap:", "Threads:", "voluntary_ctxt_switches:", "nonvoluntary_ctxt_switches:"} {
			if strings.HasPrefix(line, key) {
				out.WriteString(line + "\n")
			}
		}
	}
	return out.String()
}

// pressureText is the kernel's pressure stall information (cpu, io,
// memory), where the kernel has it.
func pressureText() string {
	var out strings.Builder
	for _, kind := range []string{"cpu", "io", "memory"} {
		b, err := os.ReadFile("/proc/pressure/" + kind)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			fmt.Fprintf(&out, "%s %s\n", kind, line)
		}
	}
	if out.Len() == 0 {
		return "(no /proc/pressure here)\n"
	}
	return out.String()
}

// kernelEvidence describes the process from /proc: its status, and each
// thread's state, CPU time in two samples the given interval apart (rising
// or not), wait channel and kernel stack; then the machine's pressure.
// when says at which step of the report it was read.
func kernelEvidence(pid int, interval time.Duration, when string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# process %d as the kernel sees it (%s), %s\n", pid, when, time.Now().Format(time.RFC3339Nano))
	b.WriteString(statusLines(pid))
	first, err := readThreads(pid)
	if err != nil {
		fmt.Fprintf(&b, "(no threads to read: %v)\n", err)
		return b.String()
	}
	time.Sleep(interval)
	second, _ := readThreads(pid)
	later := map[int]procThread{}
	for _, t := range second {
		later[t.tid] = t
	}
	fmt.Fprintf(&b, "\n# threads: id, name, state, CPU ticks then and %v later, major faults, wait channel\n", interval)
	for _, t := range first {
		l, ok := later[t.tid]
		moved := "gone"
		if ok {
			moved = fmt.Sprintf("%d (%+d)", l.cpu, int64(l.cpu)-int64(t.cpu))
			t.state = t.state + "→" + l.state
		}
		fmt.Fprintf(&b, "%d %s %s cpu %d → %s majflt %d wchan %s\n", t.tid, t.comm, t.state, t.cpu, moved, t.majflt, orDash(t.wchan))
	}
	b.WriteString("\n# kernel stacks (where readable)\n")
	for _, t := range first {
		if t.stack != "" {
			fmt.Fprintf(&b, "thread %d:\n%s\n", t.tid, t.stack)
		}
	}
	b.WriteString("\n# pressure\n" + pressureText())
	return b.String()
}

func orDash(s string) string {
	if s == "" || s == "0" {
		return "-"
	}
	return s
}

// coreDump writes a core of the running process with gdb's gcore, which
// stops it only while the core is written; it says what it did.
func coreDump(pid int, prefix string) string {
	gcore, err := exec.LookPath("gcore")
	if err != nil {
		return "no core: gcore (Debian's gdb package) is not installed"
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, gcore, "-o", prefix, strconv.Itoa(pid)).CombinedOutput()
	path := fmt.Sprintf("%s.%d", prefix, pid)
	if _, serr := os.Stat(path); serr != nil {
		return fmt.Sprintf("no core: gcore failed (%v): %s", err, strings.TrimSpace(lastLines(string(out), 4)))
	}
	return "core written to " + path
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
