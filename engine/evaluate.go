package engine

import (
	"kibitz/engine/board"
	"kibitz/engine/eval"
	"kibitz/engine/netinput"
	"kibitz/nnue"
)

// Evaluation is what the engine's static evaluations say of a position,
// in centipawns from the side to move's view.
type Evaluation struct {
	Classical int
	// NNUE is the net's evaluation when the engine evaluates with a net
	// (HasNNUE); Net describes that net.
	NNUE    int
	HasNNUE bool
	Net     string
}

// Evaluate returns pos's static evaluations: the classical one always,
// the net's when the engine uses one.
func (e *Engine) Evaluate(pos *board.Position) Evaluation {
	ev := Evaluation{Classical: eval.Evaluate(pos)}
	if net := e.Net(); net != nil {
		ev.NNUE, ev.HasNNUE, ev.Net = net.EvaluateFresh(netinput.Of(pos)), true, net.Architecture()
	}
	return ev
}

// WhiteView turns a score of pos from the side to move's view (as the
// search and the evaluations give it) to White's (as players read a
// static evaluation).
func WhiteView(pos *board.Position, score int) int {
	if pos.SideToMove() == board.Black {
		return -score
	}
	return score
}

// PieceValue is one piece's worth to the net: how far the evaluation,
// from White's view, falls when it is taken off the board.
type PieceValue struct {
	Square board.Square
	Piece  board.Piece
	CP     int
}

// PieceValues returns the net's evaluation of pos from White's view and
// each piece's worth but the kings' (nnue.Net.PieceValues); ok is false
// when the engine evaluates classically.
func (e *Engine) PieceValues(pos *board.Position) (white int, values []PieceValue, ok bool) {
	net := e.Net()
	if net == nil {
		return 0, nil, false
	}
	white, vs := net.PieceValues(netinput.Of(pos))
	values = make([]PieceValue, len(vs))
	for i, v := range vs {
		values[i] = PieceValue{Square: netinput.BoardSquare(v.Square), Piece: netinput.BoardPiece(v.Piece), CP: v.CP}
	}
	return white, values, true
}

// Backend names the net's kernels in this build (avx2, wasm-simd128,
// scalar).
func Backend() string { return nnue.Backend() }
