//go:build unix

package main

import (
	"io"
	"os"
	"os/signal"
	"runtime/pprof"
	"syscall"
)

// dumpOnSignal writes the stacks of all goroutines to w each time the
// process receives SIGUSR1, and carries on: a match's watchdog asks a
// stalled engine for this to see where it is stuck without killing it
// (SIGQUIT would dump too, but end the process). stop hands the signal
// back.
func dumpOnSignal(w io.Writer) (stop func()) {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGUSR1)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-sig:
				io.WriteString(w, "kibitz: SIGUSR1: goroutine dump\n")
				pprof.Lookup("goroutine").WriteTo(w, 2)
			case <-done:
				return
			}
		}
	}()
	return func() { signal.Stop(sig); close(done) }
}
