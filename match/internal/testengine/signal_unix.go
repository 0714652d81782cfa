//go:build unix

package main

import (
	"os"
	"os/signal"
	"syscall"
)

// dieOnDumpSignal makes the engine exit (status 5) on SIGUSR1, as a C
// engine that does not handle the signal dies of it.
func dieOnDumpSignal() {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGUSR1)
	go func() {
		<-sig
		os.Exit(5)
	}()
}

// ignoreDumpSignal makes SIGUSR1 do nothing: with the engine frozen, the
// dump the watchdog asks for never comes, as from a process whose world
// cannot stop.
func ignoreDumpSignal() { signal.Ignore(syscall.SIGUSR1) }
