package main

import (
	"fmt"
	"io"
)

// runDefault is what kibitz does with no arguments.
func runDefault(stdin io.Reader, stdout, stderr io.Writer) int {
	usage(stderr)
	fmt.Fprintln(stderr, "\n(the UCI loop is not built yet)")
	return 2
}
