//go:build !unix

package main

// dieOnDumpSignal does nothing where there is no SIGUSR1.
func dieOnDumpSignal() {}

// ignoreDumpSignal does nothing where there is no SIGUSR1.
func ignoreDumpSignal() {}
