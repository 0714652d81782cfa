package main

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"kibitz/engine"
)

// The ranges people read — README's list of UCI options and the help of
// the commands that take them — are the option table's, not copies that
// drift from it.
func TestDocumentedRangesAreTheOptionTables(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(readme)), " ") // lines rejoined
	number := func(s string) int {
		n, err := strconv.Atoi(strings.Replace(s, "−", "-", 1))
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		return n
	}
	spins := 0
	for _, o := range engine.OptionTable() {
		if o.Kind != engine.KindSpin {
			continue
		}
		spins++
		re := regexp.MustCompile("`" + regexp.QuoteMeta(o.Name) + "` \\((?:[a-zA-Z]+, )?([−-]?\\d+)(?:–| to )([−-]?\\d+)")
		m := re.FindStringSubmatch(text)
		if m == nil {
			t.Errorf("README states no range for the option %s (%d..%d)", o.Name, o.Min, o.Max)
			continue
		}
		if lo, hi := number(m[1]), number(m[2]); lo != o.Min || hi != o.Max {
			t.Errorf("README: %s %d..%d, the option table %d..%d", o.Name, lo, hi, o.Min, o.Max)
		}
	}
	if spins < 6 {
		t.Fatalf("only %d spin options", spins)
	}
	for _, cmd := range []string{"search", "solve"} {
		var out bytes.Buffer
		run([]string{cmd, "-h"}, strings.NewReader(""), &out, &out)
		for _, name := range []string{"Threads", "Hash"} {
			lo, hi := engine.Range(name)
			if want := fmt.Sprintf("%d..%d", lo, hi); !strings.Contains(out.String(), want) {
				t.Errorf("kibitz %s -h does not give %s's range %s:\n%s", cmd, name, want, out.String())
			}
		}
	}
}
