// Command netgen writes the net embedded in package nnue: a seeded random
// net, until training produces a better one.
package main

import (
	"flag"
	"log"
	"os"

	"kibitz/nnue"
)

func main() {
	out := flag.String("out", "default.nnue", "output file")
	hidden := flag.Int("hidden", 256, "hidden neurons per perspective")
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	if err := os.WriteFile(*out, nnue.RandomNet(*hidden, *seed).Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
}
