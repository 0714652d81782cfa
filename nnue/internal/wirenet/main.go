// Command wirenet writes a net file in its wire form (nnue.Net.WireBytes),
// the form the page fetches: ./build.sh site runs it on the default net.
//
//	go run ./nnue/internal/wirenet IN.nnue OUT.nnue
package main

import (
	"fmt"
	"os"

	"kibitz/nnue"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: wirenet IN.nnue OUT.nnue")
		os.Exit(2)
	}
	if err := convert(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "wirenet:", err)
		os.Exit(1)
	}
}

// convert reads a net (plain or wire form) and writes its wire form,
// through a temporary file so that a failure leaves no half-written one.
func convert(in, out string) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	n, err := nnue.Load(f)
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	tmp := out + ".tmp"
	if err := os.WriteFile(tmp, n.WireBytes(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, out)
}
