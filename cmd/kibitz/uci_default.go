package main

import (
	"fmt"
	"io"

	"kibitz/engine/uci"
)

// runDefault speaks UCI, which is what GUIs and match runners start.
func runDefault(stdin io.Reader, stdout, stderr io.Writer) int {
	if err := uci.Run(stdin, stdout); err != nil {
		fmt.Fprintln(stderr, "kibitz:", err)
		return 1
	}
	return 0
}

// runUCI is the uci subcommand: the default, with flags checked.
func runUCI(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if err := parseFlags(newFlags("uci", stderr), args); err != nil {
		return err
	}
	return uci.Run(stdin, stdout)
}
