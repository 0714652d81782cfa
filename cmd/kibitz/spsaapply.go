package main

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"kibitz/engine/search"
	"kibitz/internal/excerpt"
	"kibitz/internal/regular"
)

// readTuned reads tuned values, one "name, value" line each (OpenBench's
// "optimal values" of an SPSA run; a value may have decimals and is
// rounded). Every name must be a tunable parameter, once, within its range.
func readTuned(path string) (map[string]int, error) {
	f, err := regular.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	specs := map[string]search.ParamSpec{}
	for _, p := range search.Params() {
		specs[strings.ToLower(p.Name)] = p
	}
	out := map[string]int{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, value, ok := strings.Cut(line, ",")
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		spec, known := specs[strings.ToLower(name)]
		if !ok || !known {
			return nil, fmt.Errorf("%s:%d: %q is not \"name, value\" for a tunable parameter (kibitz spsa -list)", path, n, excerpt.Of(line))
		}
		f, err := strconv.ParseFloat(value, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, fmt.Errorf("%s:%d: %s: %q is not a number", path, n, spec.Name, excerpt.Of(value))
		}
		v := int(math.Round(f))
		if v < spec.Min || v > spec.Max {
			return nil, fmt.Errorf("%s:%d: %s = %d is outside its range %d..%d", path, n, spec.Name, v, spec.Min, spec.Max)
		}
		if _, twice := out[spec.Name]; twice {
			return nil, fmt.Errorf("%s:%d: %s given twice", path, n, spec.Name)
		}
		out[spec.Name] = v
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no values", path)
	}
	return out, nil
}

// specLine is one parameter's line in params.go's paramSpecs:
// `pName: {"Name", default, min, max, step},`.
var specLine = regexp.MustCompile(`^(\s*p\w+:\s*\{"(\w+)",\s*)(-?\d+)(,.*)$`)

// applyTuned writes the values of path into the source file as the
// parameters' defaults, in one step (a new file renamed over the old).
func applyTuned(path, source string, stdout io.Writer) error {
	values, err := readTuned(path)
	if err != nil {
		return err
	}
	b, err := os.ReadFile(source)
	if err != nil {
		return fmt.Errorf("%w (run from the repository's root, or give --source)", err)
	}
	lines := strings.Split(string(b), "\n")
	done := map[string]bool{}
	for i, l := range lines {
		m := specLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		v, ok := values[m[2]]
		if !ok {
			continue
		}
		if old, _ := strconv.Atoi(m[3]); old != v {
			fmt.Fprintf(stdout, "%s: %d → %d\n", m[2], old, v)
		}
		lines[i] = m[1] + strconv.Itoa(v) + m[4]
		done[m[2]] = true
	}
	for name := range values {
		if !done[name] {
			return fmt.Errorf("%s: no line for %s in paramSpecs", source, name)
		}
	}
	tmp, err := os.CreateTemp(filepath.Dir(source), ".params-*.go.tmp")
	if err != nil {
		return err
	}
	_, err = tmp.WriteString(strings.Join(lines, "\n"))
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), source)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return err
	}
	fmt.Fprintf(stdout, "wrote %d values into %s; the bench signature changes with them: KIBITZ_UPDATE_BENCH=1 go test ./engine/search -run PinnedBench, and a commit message with \"Bench: N\"\n", len(values), source)
	return nil
}
