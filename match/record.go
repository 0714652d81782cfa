package match

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// A watched match keeps a record beside its games: a line a second in
// record.tsv in the watchdog's folder, with what the machine went through
// in that second — the time the kernel's pressure counters say tasks
// stalled on CPU, I/O and memory, the processes blocked on I/O, the major
// page faults — and each engine process's state: so that when an engine
// stalls, the seconds before it say whether the machine stalled with it.

// pressureTotals returns the kernel's cumulative stall times in
// microseconds, by name ("io.some", "memory.full", …).
func pressureTotals() map[string]uint64 {
	out := map[string]uint64{}
	for _, kind := range []string{"cpu", "io", "memory"} {
		b, err := os.ReadFile("/proc/pressure/" + kind)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			f := strings.Fields(line)
			if len(f) == 0 {
				continue
			}
			for _, kv := range f[1:] {
				if v, ok := strings.CutPrefix(kv, "total="); ok {
					n, _ := strconv.ParseUint(v, 10, 64)
					out[kind+"."+f[0]] = n
				}
			}
		}
	}
	return out
}

// procCounter reads one "name value" counter of a /proc file such as
// /proc/stat (procs_blocked) or /proc/vmstat (pgmajfault).
func procCounter(file, name string) (uint64, bool) {
	b, err := os.ReadFile(file)
	if err != nil {
		return 0, false
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, name+" "); ok {
			n, err := strconv.ParseUint(strings.TrimSpace(v), 10, 64)
			return n, err == nil
		}
	}
	return 0, false
}

// engineState is one engine process's line in the record: its threads'
// states (R running, S sleeping, D uninterruptible, …, most first), resident
// memory, major faults and CPU ticks so far.
func engineState(name string, pid int) string {
	threads, err := readThreads(pid)
	if err != nil {
		return fmt.Sprintf("%s/%d:gone", name, pid)
	}
	states := map[string]int{}
	var cpu, majflt uint64
	for _, t := range threads {
		states[t.state]++
		cpu += t.cpu
		majflt += t.majflt
	}
	keys := make([]string, 0, len(states))
	for k := range states {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var st strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&st, "%s%d", k, states[k])
	}
	mem, _ := rss(pid)
	return fmt.Sprintf("%s/%d:%s,rss=%.1fM,majflt=%d,cpu=%d", name, pid, st.String(), float64(mem)/(1<<20), majflt, cpu)
}

// recordLine is the record's line for one second: the pressure counters'
// growth since prev (µs of stall in the second), then the engines.
func recordLine(now time.Time, prev, cur map[string]uint64, engines []string) string {
	var b strings.Builder
	b.WriteString(now.UTC().Format("15:04:05"))
	for _, k := range []string{"cpu.some", "io.some", "io.full", "memory.some", "memory.full"} {
		if v, ok := cur[k]; ok {
			fmt.Fprintf(&b, "\t%s=%d", k, v-min(v, prev[k]))
		}
	}
	if n, ok := procCounter("/proc/stat", "procs_blocked"); ok {
		fmt.Fprintf(&b, "\tblocked=%d", n)
	}
	if v, ok := cur["pgmajfault"]; ok {
		fmt.Fprintf(&b, "\tpgmajfault=%d", v-min(v, prev["pgmajfault"]))
	}
	for _, e := range engines {
		b.WriteString("\t" + e)
	}
	return b.String()
}

// startRecord writes the record until the returned stop is called; it
// does nothing without a folder.
func (w *Watchdog) startRecord() (stop func()) {
	if w.Dir == "" {
		return func() {}
	}
	f, err := os.OpenFile(filepath.Join(w.Dir, "record.tsv"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		w.logf("watchdog: no record: %v\n", err)
		return func() {}
	}
	done, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		defer f.Close()
		out := bufio.NewWriter(f)
		fmt.Fprintln(out, "# a line a second: µs of stall in it by the kernel's pressure counters, processes blocked on I/O, major faults; each engine's threads by state, memory, faults, CPU ticks")
		sample := func() map[string]uint64 {
			m := pressureTotals()
			if n, ok := procCounter("/proc/vmstat", "pgmajfault"); ok {
				m["pgmajfault"] = n
			}
			return m
		}
		prev := sample()
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			select {
			case <-done:
				out.Flush()
				return
			case now := <-tick.C:
				cur := sample()
				fmt.Fprintln(out, recordLine(now, prev, cur, running.states()))
				out.Flush()
				prev = cur
			}
		}
	}()
	return func() { close(done); <-finished }
}

// states returns each running engine's line for the record, by pid.
func (s *engineSet) states() []string {
	s.mu.Lock()
	type proc struct {
		name string
		pid  int
	}
	procs := make([]proc, 0, len(s.m))
	for e := range s.m {
		procs = append(procs, proc{e.Name(), e.cmd.Process.Pid})
	}
	s.mu.Unlock()
	sort.Slice(procs, func(i, j int) bool { return procs[i].pid < procs[j].pid })
	out := make([]string, len(procs))
	for i, p := range procs {
		out[i] = engineState(p.name, p.pid)
	}
	return out
}
