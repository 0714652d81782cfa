package match

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/notnil/chess"
)

// Limit is what each engine gets per move: a clock (Base+Inc), or a fixed
// node count or depth.
type Limit struct {
	Base, Inc time.Duration
	Nodes     uint64
	Depth     int
}

// ParseTC reads a time control "base+inc" in seconds (10+0.1, 60, 0.5+0.01).
func ParseTC(s string) (Limit, error) {
	baseText, incText, _ := strings.Cut(s, "+")
	base, err := strconv.ParseFloat(baseText, 64)
	inc := 0.0
	if err == nil && incText != "" {
		inc, err = strconv.ParseFloat(incText, 64)
	}
	if err != nil || base <= 0 || inc < 0 || base > 86400 || inc > 3600 {
		return Limit{}, fmt.Errorf("time control %q: want base+increment in seconds, e.g. 10+0.1", s)
	}
	return Limit{Base: time.Duration(base * float64(time.Second)), Inc: time.Duration(inc * float64(time.Second))}, nil
}

// String renders the limit as a PGN TimeControl value (or a description).
func (l Limit) String() string {
	switch {
	case l.Nodes > 0:
		return fmt.Sprintf("nodes=%d", l.Nodes)
	case l.Depth > 0:
		return fmt.Sprintf("depth=%d", l.Depth)
	}
	return strconv.FormatFloat(l.Base.Seconds(), 'f', -1, 64) + "+" + strconv.FormatFloat(l.Inc.Seconds(), 'f', -1, 64)
}

// Adjudication ends games early. A zero count disables that rule.
type Adjudication struct {
	DrawFromMove, DrawMoves, DrawScore int // draw: from move N, M moves in a row within ±S cp (both engines)
	ResignMoves, ResignScore           int // resign: M moves in a row beyond S cp, both engines agreeing
	MaxMoves                           int // draw after this many moves
}

// Opening is where a game starts: a position and moves played from it.
type Opening struct {
	FEN   string // "" is the standard start
	Moves []string
}

// Result is a finished game.
type Result struct {
	White, Black string
	Score        float64 // for White: 1, 0.5, 0
	Result       string  // 1-0, 0-1, 1/2-1/2
	Termination  string  // what ended it, in words
	Forfeit      Forfeit // how the loser lost by rule, if it did
	Plies        int
	StartFEN     string
	Chess960     bool // played under Chess960's rules
	SAN          []string
	TimeControls [2]string // each side's limit, as PGN TimeControl values
	// PonderHits and PonderMisses count, for White and Black, the moves
	// where the reply a pondering engine expected was played or not.
	PonderHits, PonderMisses [2]int
	// Clocks holds, for each move of SAN an engine played on a clock, the
	// mover's time left after it (increment added); opening moves and
	// moves at fixed nodes or depth have none (-1). The PGN's %clk.
	Clocks []time.Duration
	// Thought and Had sum, for White and Black on a clock, the time the
	// engine took over its moves and the time it could have spent: the
	// base plus the increments of the moves it made. Their ratio is how
	// much of its clock an engine uses.
	Thought, Had [2]time.Duration
	// Moves counts each side's moves on a clock.
	Moves [2]int
}

// Forfeit is a loss by rule rather than on the board.
type Forfeit int

const (
	NoForfeit   Forfeit = iota
	TimeForfeit         // no move before the flag fell
	IllegalMove         // answered an illegal move
	Crash               // crashed, hung or disconnected
)

// Referee holds what every game of a match shares.
type Referee struct {
	Limit     Limit // each move's limit, unless the engine has its own
	Adjudge   Adjudication
	Tolerance time.Duration // clock overrun allowed before a time loss
	Timeout   time.Duration // longest wait for a fixed-depth/nodes move
	// Chess960 plays the games under Chess960's rules: the engines are
	// told so (UCI_Chess960), castling is the king taking its rook, and
	// Kibitz's board referees (rules).
	Chess960 bool
}

// Play plays one game. Engines that crash or hang lose; so do engines that
// overstep their clock or answer an illegal move.
func (r Referee) Play(white, black *Process, op Opening) Result {
	engines := [2]*Process{white, black}
	limits := [2]Limit{r.limitOf(white), r.limitOf(black)}
	res := Result{White: white.Name(), Black: black.Name(),
		TimeControls: [2]string{limits[0].String(), limits[1].String()}}
	game, played, err := startGame(op, r.Chess960)
	res.StartFEN, res.Chess960 = game.startFEN(), r.Chess960
	if op.FEN != "" {
		res.StartFEN = op.FEN
	}
	if err != nil {
		return r.abort(res, err.Error())
	}
	openingPlies := len(played)
	for side, e := range engines {
		if err := e.NewGame(10 * time.Second); err != nil {
			return r.lose(res, side, fmt.Sprintf("%s did not answer ucinewgame: %v", e.Name(), err), Crash)
		}
	}
	// A game that ends while an engine ponders ends its ponder search;
	// one that does not stop is restarted before its next game.
	defer func() {
		for _, e := range engines {
			if e.Pondering() != "" {
				_ = e.StopPondering(5 * time.Second)
			}
		}
	}()
	clock := [2]time.Duration{limits[0].Base, limits[1].Base}
	var drawRun, resignRun int
	var lastScore [2]Reported
	for {
		if o, why := game.over(); o != chess.NoOutcome {
			return r.finish(res, game, o, why)
		}
		side := 0
		if !game.whiteToMove() {
			side = 1
		}
		eng := engines[side]
		position := "position fen " + res.StartFEN
		if len(played) > 0 {
			position += " moves " + strings.Join(played, " ")
		}
		last := ""
		if len(played) > 0 {
			last = played[len(played)-1]
		}
		switch reply := eng.Pondering(); {
		case reply != "" && reply == last:
			res.PonderHits[side]++
		case reply != "":
			res.PonderMisses[side]++
		}
		mv, took, why, forfeit := r.askMove(eng, position, last, limits, &clock, side)
		res.noteClock(side, limits[side], took, clock[side], len(played))
		if forfeit == NoForfeit {
			if err := game.play(mv); err != nil {
				why, forfeit = fmt.Sprintf("%s played an illegal move %q", eng.Name(), mv), IllegalMove
			}
		}
		if forfeit != NoForfeit {
			return r.lose(res.withGame(game), side, why, forfeit)
		}
		played = append(played, mv)
		lastScore[side] = eng.LastScore()

		if o, why := r.adjudicate(lastScore, len(played)-openingPlies, &drawRun, &resignRun); o != chess.NoOutcome {
			return r.finish(res, game, o, why)
		}
		r.startPondering(eng, game, res.StartFEN, played, limits, clock, side)
	}
}

// noteClock records the move of ply (counted from the start position) that
// side made under lim after thinking for took, with left on its clock
// after it: the move's %clk and the side's clock use.
func (res *Result) noteClock(side int, lim Limit, took, left time.Duration, ply int) {
	for len(res.Clocks) < ply {
		res.Clocks = append(res.Clocks, -1) // the opening's moves
	}
	if lim.Base <= 0 {
		res.Clocks = append(res.Clocks, -1)
		return
	}
	res.Clocks = append(res.Clocks, left)
	res.Thought[side] += took
	res.Moves[side]++
	res.Had[side] = lim.Base + time.Duration(res.Moves[side])*lim.Inc
}

// startPondering has eng, which just played the last of played, think
// about the reply it expects, if it ponders, plays on a clock, and the
// game goes on.
func (r Referee) startPondering(eng *Process, game rules, startFEN string, played []string, limits [2]Limit, clock [2]time.Duration, side int) {
	reply := eng.ponderMove
	if !eng.cfg.Ponder || limits[side].Base == 0 || reply == "" || !game.legal(reply) {
		return
	}
	if o, _ := game.over(); o != chess.NoOutcome {
		return
	}
	position := "position fen " + startFEN + " moves " + strings.Join(played, " ") + " " + reply
	goCmd, _ := r.goCommand(limits, clock, side)
	// A failure to write marks the engine broken: its next move forfeits.
	_ = eng.Ponder(position, goCmd, reply)
}

// startGame sets up the opening: its start position and moves, under
// Chess960's rules or standard ones. The game is returned even on error,
// at the standard start.
func startGame(op Opening, chess960 bool) (rules, []string, error) {
	game, err := startPosition(op.FEN, chess960)
	if err != nil {
		game, _ = startPosition("", chess960)
		return game, nil, fmt.Errorf("bad opening: %v", err)
	}
	var played []string
	for _, mv := range op.Moves {
		if err := game.play(mv); err != nil {
			return game, played, fmt.Errorf("bad opening move %s: %v", mv, err)
		}
		played = append(played, mv)
	}
	return game, played, nil
}

// startPosition is a game at fen ("" for the standard start).
func startPosition(fen string, chess960 bool) (rules, error) {
	if chess960 {
		return newChess960Game(fen)
	}
	start := chess.NewGame().Position()
	if fen != "" {
		fenOpt, err := chess.FEN(fen)
		if err != nil {
			return nil, err
		}
		start = chess.NewGame(fenOpt).Position()
	}
	return newGameState(start), nil
}

// limitOf is the limit of e's moves: its own, or the match's.
func (r Referee) limitOf(e *Process) Limit {
	if e.cfg.Limit != nil {
		return *e.cfg.Limit
	}
	return r.Limit
}

// askMove asks eng, playing side, for its move and charges its clock; it
// returns the move, how long the engine took (from the go or ponderhit to
// its bestmove) and a forfeit with its reason.
func (r Referee) askMove(eng *Process, position, last string, limits [2]Limit, clock *[2]time.Duration, side int) (string, time.Duration, string, Forfeit) {
	lim := limits[side]
	goCmd, timeout := r.goCommand(limits, *clock, side)
	if lim.Nodes == 0 && lim.Depth == 0 {
		timeout = clock[side] + r.Tolerance
	}
	var (
		mv   string
		took time.Duration
		err  error
	)
	switch reply := eng.Pondering(); {
	case reply != "" && reply == last:
		mv, took, err = eng.PonderHit(timeout)
	case reply != "":
		if err := eng.StopPondering(r.stopTimeout()); err != nil {
			return "", took, eng.Name() + " hung (no bestmove after stop while pondering)", Crash
		}
		fallthrough
	default:
		mv, took, err = eng.BestMove(position, goCmd, timeout)
	}
	switch {
	case errors.Is(err, errTimeout) && lim.Base > 0:
		return "", took, eng.Name() + " lost on time (no move before its flag fell)", TimeForfeit
	case errors.Is(err, errTimeout):
		return "", took, eng.Name() + " hung (no move in " + timeout.String() + ")", Crash
	case err != nil:
		return "", took, eng.Name() + " crashed or disconnected: " + err.Error(), Crash
	}
	if lim.Base > 0 {
		clock[side] -= took
		if clock[side] < -r.Tolerance {
			return "", took, fmt.Sprintf("%s lost on time (%v over)", eng.Name(), -clock[side]), TimeForfeit
		}
		clock[side] = max(clock[side], 0) + lim.Inc
	}
	return mv, took, "", NoForfeit
}

// stopTimeout is how long an engine may take to answer stop: a second
// beyond the clock tolerance.
func (r Referee) stopTimeout() time.Duration { return r.Tolerance + time.Second }

// adjudicate applies the draw, resign and maximum-moves rules to the
// scores both engines reported last (each from its own side's view);
// plies counts the moves played since the opening.
func (r Referee) adjudicate(last [2]Reported, plies int, drawRun, resignRun *int) (chess.Outcome, string) {
	a := r.Adjudge
	moveNo := (plies + 1) / 2
	w, b := last[0], last[1]
	both := w.Valid && b.Valid
	if a.DrawMoves > 0 && both && moveNo >= a.DrawFromMove && abs(w.CP) <= a.DrawScore && abs(b.CP) <= a.DrawScore {
		*drawRun++
	} else {
		*drawRun = 0
	}
	if a.DrawMoves > 0 && *drawRun >= 2*a.DrawMoves {
		return chess.Draw, "adjudication: draw"
	}
	// White's score is w.CP, Black's from its side is b.CP: agreement
	// means w.CP ≈ −b.CP beyond the threshold.
	if a.ResignMoves > 0 && both && ((w.CP >= a.ResignScore && -b.CP >= a.ResignScore) || (w.CP <= -a.ResignScore && -b.CP <= -a.ResignScore)) {
		*resignRun++
	} else {
		*resignRun = 0
	}
	if a.ResignMoves > 0 && *resignRun >= 2*a.ResignMoves {
		if w.CP > 0 {
			return chess.WhiteWon, "adjudication: black resigns"
		}
		return chess.BlackWon, "adjudication: white resigns"
	}
	if a.MaxMoves > 0 && moveNo >= a.MaxMoves {
		return chess.Draw, "adjudication: maximum moves"
	}
	return chess.NoOutcome, ""
}

// goCommand is the go command for side's move and how long to wait for
// it at fixed nodes or depth. An opponent without a clock is shown the
// mover's own clock.
func (r Referee) goCommand(limits [2]Limit, clock [2]time.Duration, side int) (string, time.Duration) {
	lim := limits[side]
	switch {
	case lim.Nodes > 0:
		return fmt.Sprintf("go nodes %d", lim.Nodes), r.Timeout
	case lim.Depth > 0:
		return fmt.Sprintf("go depth %d", lim.Depth), r.Timeout
	}
	if other := 1 - side; limits[other].Base == 0 {
		limits[other], clock[other] = lim, clock[side]
	}
	ms := func(d time.Duration) int64 { return max(d.Milliseconds(), 1) }
	return fmt.Sprintf("go wtime %d btime %d winc %d binc %d", ms(clock[0]), ms(clock[1]),
		limits[0].Inc.Milliseconds(), limits[1].Inc.Milliseconds()), 0
}

func (res Result) withGame(g rules) Result {
	res.SAN = g.san()
	res.Plies = len(res.SAN)
	return res
}

func (r Referee) finish(res Result, g rules, o chess.Outcome, why string) Result {
	res = res.withGame(g)
	res.Result = string(o)
	res.Termination = why
	switch o {
	case chess.WhiteWon:
		res.Score = 1
	case chess.BlackWon:
		res.Score = 0
	default:
		res.Score = 0.5
	}
	return res
}

// lose ends the game as a loss for the side loser (0 White, 1 Black).
func (r Referee) lose(res Result, loser int, why string, f Forfeit) Result {
	res.Termination, res.Forfeit = why, f
	if loser == 1 {
		res.Result, res.Score = "1-0", 1
	} else {
		res.Result, res.Score = "0-1", 0
	}
	return res
}

func (r Referee) abort(res Result, why string) Result {
	res.Result, res.Score, res.Termination = "*", 0.5, why
	return res
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
