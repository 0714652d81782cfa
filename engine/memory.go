package engine

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// availableMemoryMB reports the memory the system can still give, or -1
// where that is not known (tests replace it).
var availableMemoryMB = memAvailableMB

// checkMemory refuses a table that the machine cannot hold: Go cannot
// recover from running out of memory, so the request is weighed first and
// the current table kept.
func checkMemory(current, mb int) error {
	avail := availableMemoryMB()
	if avail < 0 || mb <= current {
		return nil
	}
	// The current table is freed when the new one replaces it.
	if limit := (avail + current) * 9 / 10; mb > limit {
		return fmt.Errorf("%d MB is more than this machine has free (%d MB available); the table stays at %d MB", mb, avail, current)
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
