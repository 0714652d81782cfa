//go:build unix

package main

import (
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// lockedBuffer is a strings.Builder safe for the dump goroutine.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func TestSIGUSR1DumpsGoroutinesAndCarriesOn(t *testing.T) {
	var out lockedBuffer
	stop := dumpOnSignal(&out)
	defer stop()
	for round := 1; round <= 2; round++ { // a second signal dumps again: the process lives on
		if err := syscall.Kill(syscall.Getpid(), syscall.SIGUSR1); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(5 * time.Second)
		for strings.Count(out.String(), "goroutine dump") < round || !strings.Contains(out.String(), "TestSIGUSR1DumpsGoroutinesAndCarriesOn") {
			if time.Now().After(deadline) {
				t.Fatalf("dump %d not written; got %q", round, out.String())
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}
