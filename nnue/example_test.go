package nnue_test

import (
	"fmt"

	"kibitz/nnue"
)

// Evaluate a position given piece by piece with the embedded net: White
// to move with king and queen against the lone king.
func Example() {
	net, err := nnue.Default()
	if err != nil {
		panic(err)
	}
	var b nnue.Board                 // squares: a1 = 0 … h8 = 63
	b.Put(nnue.White, nnue.King, 4)  // e1
	b.Put(nnue.White, nnue.Queen, 3) // d1
	b.Put(nnue.Black, nnue.King, 60) // e8
	b.Side = nnue.White
	cp := net.EvaluateFresh(&b)
	fmt.Println("White is winning:", cp > 500)
	// Output: White is winning: true
}
