package engine

import (
	"kibitz/engine/board"
	"kibitz/engine/search"
)

// The shapes in which front ends send a search's progress and answer —
// the browser worker's messages and the HTTP API's JSON — defined once,
// here, with their JSON names; static/protocol.js's SearchInfo and
// SearchResult name the same fields (a test compares them).

// Score is a score as front ends write it: {"cp": N} (centipawns),
// {"mate": N} (moves; negative: being mated) or {"tb": ±1} (the endgame
// tables' verdict), from the side to move's view.
type Score map[string]int

// ScoreOf writes a search score.
func ScoreOf(score int) Score {
	unit, v := search.ScoreUnit(score)
	return Score{unit: v}
}

// WireInfo is one iteration's report.
type WireInfo struct {
	Depth    int      `json:"depth"`
	SelDepth int      `json:"seldepth"`
	MultiPV  int      `json:"multipv"`
	Score    Score    `json:"score"`
	Bound    string   `json:"bound"` // "", "lower" or "upper"
	Nodes    uint64   `json:"nodes"`
	NPS      uint64   `json:"nps"`
	Time     int64    `json:"time"` // milliseconds
	HashFull int      `json:"hashfull"`
	PV       []string `json:"pv"`
	WDL      [3]int   `json:"wdl"` // win, draw, loss per mille for the side to move (search.WDL)
	TB       *Verdict `json:"tb,omitempty"`
}

// WireResult is a search's answer.
type WireResult struct {
	BestMove string   `json:"bestmove"` // "" when the side to move has no legal move
	Ponder   string   `json:"ponder"`   // the expected reply, or ""
	Score    Score    `json:"score"`
	Depth    int      `json:"depth"`
	SelDepth int      `json:"seldepth"`
	Nodes    uint64   `json:"nodes"`
	Time     int64    `json:"time"` // milliseconds
	PV       []string `json:"pv"`
	WDL      [3]int   `json:"wdl"`
	Elo      *int     `json:"elo,omitempty"` // the level the move was chosen at; none at full strength
	TB       *Verdict `json:"tb,omitempty"`  // the tables' verdict on the searched position
}

// InfoOf is a progress report on pos (the searched position) as sent.
func InfoOf(i search.Info, pos *board.Position, tb *Verdict) WireInfo {
	bound := ""
	switch i.Bound {
	case search.BoundLower:
		bound = "lower"
	case search.BoundUpper:
		bound = "upper"
	}
	return WireInfo{Depth: i.Depth, SelDepth: i.SelDepth, MultiPV: i.MultiPV, Score: ScoreOf(i.Score), Bound: bound,
		Nodes: i.Nodes, NPS: i.NPS, Time: i.Time.Milliseconds(), HashFull: i.HashFull, PV: board.UCIList(i.PV),
		WDL: wdlOf(i.Score, pos), TB: tb}
}

// Wire is the result as sent; elo is the level it was searched at (nil:
// full strength).
func (r Result) Wire(pos *board.Position, elo *int) WireResult {
	w := WireResult{Score: ScoreOf(r.Score), Depth: r.Depth, SelDepth: r.SelDepth, Nodes: r.Nodes,
		Time: r.Time.Milliseconds(), PV: board.UCIList(r.PV), WDL: wdlOf(r.Score, pos), Elo: elo, TB: r.Table}
	if r.Move != board.NullMove {
		w.BestMove = r.Move.String()
	}
	if r.Ponder != board.NullMove {
		w.Ponder = r.Ponder.String()
	}
	return w
}

func wdlOf(score int, pos *board.Position) [3]int {
	w, d, l := search.WDL(score, pos.Occupied().Count())
	return [3]int{w, d, l}
}

// WireEvaluation is a position's static evaluation as sent: in centipawns
// from the side to move's view, the net's (when the engine has one) and
// the classical one, and each piece's part in the net's verdict.
type WireEvaluation struct {
	Classical int              `json:"classical"`
	NNUE      *int             `json:"nnue,omitempty"`
	Net       string           `json:"net,omitempty"`    // the net's architecture
	Pieces    []WirePieceValue `json:"pieces,omitempty"` // every piece but the kings (PieceValues)
}

// WirePieceValue is one piece's worth to the net as sent: how far the
// evaluation, from White's view, falls when the piece is taken off.
type WirePieceValue struct {
	Square string `json:"square"` // "e4"
	Piece  string `json:"piece"`  // its FEN letter: "N" a white knight, "p" a black pawn
	CP     int    `json:"cp"`
}

// WireEvaluate evaluates pos as sent.
func (e *Engine) WireEvaluate(pos *board.Position) WireEvaluation {
	ev := e.Evaluate(pos)
	w := WireEvaluation{Classical: ev.Classical}
	if ev.HasNNUE {
		w.NNUE, w.Net = &ev.NNUE, ev.Net
	}
	if _, values, ok := e.PieceValues(pos); ok {
		w.Pieces = make([]WirePieceValue, len(values))
		for i, v := range values {
			w.Pieces[i] = WirePieceValue{Square: v.Square.String(), Piece: v.Piece.String(), CP: v.CP}
		}
	}
	return w
}
