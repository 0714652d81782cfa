package uci

import (
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"kibitz/engine/board"
	"kibitz/engine/search"
	"kibitz/internal/excerpt"
)

// goCommand parses the limits and starts the search in the background; the
// search goroutine prints info lines and the bestmove. Run calls it only
// when no search is running.
func (s *session) goCommand(args []string) {
	if len(args) >= 1 && args[0] == "perft" {
		s.perftCommand(args[1:])
		return
	}
	if s.refused != nil {
		// A GUI waits for a bestmove whatever happened: the null move, the
		// protocol's "no move".
		s.errorf("go: the last position was refused (%v): no move", s.refused)
		s.out.printf("bestmove 0000")
		return
	}
	pos := s.engine.Position()
	if !pos.HasLegalMove() {
		// Checkmate or stalemate: nothing to search. Answered as Stockfish
		// does, so that a GUI shows the result rather than a search.
		score := "cp 0"
		if pos.InCheck() {
			score = "mate 0"
		}
		s.out.printf("info depth 0 score %s\nbestmove (none)", score)
		return
	}
	lim, err := parseLimits(args, pos)
	if err != nil {
		// A GUI waits for bestmove whatever it sent: answer with the
		// shallowest search.
		s.errorf("%v (searching to depth 1)", err)
		lim = search.Limits{Depth: 1}
	}
	if d := s.cfg.MaxDepth; d > 0 && (lim.Depth == 0 || lim.Depth > d) {
		lim.Depth = d
	}
	var reported uint64 // the nodes of the last info line
	wdlMen := 0         // the men the WDL model is read for (0: no wdl)
	if s.showWDL {
		wdlMen = pos.Occupied().Count()
	}
	report := func(i search.Info) {
		reported = i.Nodes
		s.out.printf("%s", formatInfo(i, wdlMen))
	}
	// The player delivers the result when the protocol allows (Player.Go):
	// after stop for go infinite, after ponderhit or stop for go ponder.
	result, err := s.engine.Go(lim, report)
	if err != nil {
		s.errorf("go: %v: no move", err)
		s.out.printf("bestmove 0000")
		return
	}
	s.infinite, s.pondering = lim.Infinite, lim.Ponder
	s.startJob(s.engine.Stop, func() string {
		r := <-result
		// A search stopped inside an iteration has searched more than its
		// last line says: the totals close it, as a GUI or a benchmark
		// reading the last "nodes" expects.
		if r.Nodes > reported {
			s.out.printf("%s", formatTotals(r))
		}
		line := "bestmove " + r.Move.String()
		if r.Ponder != board.NullMove {
			line += " ponder " + r.Ponder.String()
		}
		return line
	})
}

// startJob runs job in the background as the session's job: stop calls
// cancel. The job's last line is printed with the job marked finished in
// one step, so that a command sent in reply to it finds the loop idle.
func (s *session) startJob(cancel func(), job func() (last string)) {
	s.mu.Lock()
	s.searching = true
	s.mu.Unlock()
	done := make(chan struct{})
	s.done, s.cancel = done, cancel
	go func() {
		last := job()
		s.mu.Lock()
		s.out.printf("%s", last)
		s.searching = false
		s.mu.Unlock()
		close(done)
	}()
}

// perftCommand runs "go perft N" in the background, so that isready, stop
// and quit are answered while it counts.
func (s *session) perftCommand(args []string) {
	depth := 0
	if len(args) == 1 {
		depth, _ = strconv.Atoi(args[0])
	}
	if depth < 1 || depth > 12 || len(args) != 1 {
		s.errorf("go perft: want a depth in 1..12")
		return
	}
	var stop atomic.Bool
	s.infinite, s.pondering = false, false
	pos := s.engine.Position()
	s.startJob(func() { stop.Store(true) }, func() string {
		start := time.Now()
		var l board.MoveList
		pos.GenerateMoves(&l, board.GenAll)
		var total uint64
		for _, m := range l.Slice() {
			pos.MakeMove(m)
			n, ok := perftUntil(pos, depth-1, &stop)
			pos.UnmakeMove()
			if !ok {
				return "info string go perft stopped"
			}
			s.out.printf("%v: %d", m, n)
			total += n
		}
		el := time.Since(start).Seconds()
		return fmt.Sprintf("\nNodes searched: %d\nTime: %.3f s\nNodes/second: %d", total, el, int64(float64(total)/max(el, 1e-9)))
	})
}

// perftUntil counts leaves like board's perft, checking stop above the
// last few plies (subtrees of a few milliseconds); ok is false if stopped.
func perftUntil(p *board.Position, depth int, stop *atomic.Bool) (n uint64, ok bool) {
	if depth <= 4 {
		return p.PerftBulk(depth), !stop.Load()
	}
	var l board.MoveList
	p.GenerateMoves(&l, board.GenAll)
	for _, m := range l.Slice() {
		p.MakeMove(m)
		c, ok := perftUntil(p, depth-1, stop)
		p.UnmakeMove()
		if !ok {
			return 0, false
		}
		n += c
	}
	return n, true
}

// ponderhit turns a pondering search into one on the engine's clock.
func (s *session) ponderhit() {
	if !s.pondering || !s.busy() {
		s.errorf("ponderhit: no search is pondering")
		return
	}
	s.pondering = false
	s.engine.PonderHit()
}

// stopSearch stops the running job and waits for its last line.
func (s *session) stopSearch() {
	if s.done == nil {
		return
	}
	s.cancel()
	s.pondering = false
	<-s.done
}

// parseLimits reads the arguments of "go".
func parseLimits(args []string, pos *board.Position) (search.Limits, error) {
	var l search.Limits
	ms := func(v int) time.Duration { return time.Duration(max(v, 0)) * time.Millisecond }
	// A clock at zero or below (a GUI that lets the flag fall) still
	// means "move now", not "no limit".
	clock := func(v int) time.Duration { return time.Duration(max(v, 1)) * time.Millisecond }
	for i := 0; i < len(args); i++ {
		key := args[i]
		switch key {
		case "infinite":
			l.Infinite = true
			continue
		case "ponder":
			l.Ponder = true
			continue
		case "searchmoves":
			for i+1 < len(args) && !isGoKeyword(args[i+1]) {
				i++
				m, err := pos.ParseMove(args[i])
				if err != nil {
					return l, fmt.Errorf("go searchmoves: %w", err)
				}
				l.SearchMoves = append(l.SearchMoves, m)
			}
			continue
		}
		if !isGoKeyword(key) {
			return l, fmt.Errorf("go: unknown parameter %q", excerpt.Of(key))
		}
		if i+1 >= len(args) {
			return l, fmt.Errorf("go %s: missing value", key)
		}
		i++
		v, err := strconv.ParseInt(args[i], 10, 64)
		if err != nil {
			return l, fmt.Errorf("go %s: %q is not an integer", key, excerpt.Of(args[i]))
		}
		n := int(max(min(v, 1<<40), -(1 << 40)))
		switch key {
		case "wtime":
			l.WTime = clock(n)
		case "btime":
			l.BTime = clock(n)
		case "winc":
			l.WInc = ms(n)
		case "binc":
			l.BInc = ms(n)
		case "movestogo", "depth", "mate", "nodes", "movetime":
			if key == "movestogo" && n == 0 {
				continue // as Stockfish reads it: no moves to go given
			}
			if n < 1 && key != "movetime" || n < 0 {
				return l, fmt.Errorf("go %s: %d is out of range", key, n)
			}
			switch key {
			case "movestogo":
				l.MovesToGo = n
			case "depth":
				l.Depth = min(n, search.MaxDepth)
			case "mate":
				l.Mate = min(n, search.MaxDepth)
			case "nodes":
				l.Nodes = uint64(n)
			case "movetime":
				// movetime 0 asks for a move at once, not for no limit:
				// depth 1, which every search completes, and no more.
				l.MoveTime = max(ms(n), time.Millisecond)
			}
		}
	}
	return l, nil
}

func isGoKeyword(s string) bool {
	switch s {
	case "wtime", "btime", "winc", "binc", "movestogo", "depth", "nodes", "mate", "movetime", "infinite", "ponder", "searchmoves":
		return true
	}
	return false
}

// formatTotals renders a whole search's node count and time as a UCI info
// line.
func formatTotals(r search.Result) string {
	nps := uint64(float64(r.Nodes) / max(r.Time.Seconds(), 1e-6))
	return fmt.Sprintf("info nodes %d nps %d time %d", r.Nodes, nps, r.Time.Milliseconds())
}

// formatInfo renders a progress report as a UCI info line, with the
// score's win/draw/loss chances for a position of men men (0: none).
func formatInfo(i search.Info, men int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "info depth %d seldepth %d multipv %d score %s", i.Depth, i.SelDepth, i.MultiPV, search.FormatUCI(i.Score))
	switch i.Bound {
	case search.BoundLower:
		b.WriteString(" lowerbound")
	case search.BoundUpper:
		b.WriteString(" upperbound")
	}
	if men > 0 {
		w, d, l := search.WDL(i.Score, men)
		fmt.Fprintf(&b, " wdl %d %d %d", w, d, l)
	}
	if i.TBHits > 0 {
		fmt.Fprintf(&b, " tbhits %d", i.TBHits)
	}
	fmt.Fprintf(&b, " nodes %d nps %d hashfull %d time %d pv %s", i.Nodes, i.NPS, i.HashFull, i.Time.Milliseconds(),
		strings.Join(board.UCIList(i.PV), " "))
	return strings.TrimRight(b.String(), " ")
}
