//go:build !unix

package main

import "io"

// dumpOnSignal does nothing where there is no SIGUSR1.
func dumpOnSignal(io.Writer) (stop func()) { return func() {} }
