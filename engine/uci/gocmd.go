package uci

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"kibitz/engine/board"
	"kibitz/engine/search"
)

// goCommand parses the limits and starts the search in the background; the
// search goroutine prints info lines and the bestmove.
func (s *session) goCommand(args []string) {
	if s.busy() {
		s.errorf("already searching; send stop first")
		return
	}
	if len(args) >= 1 && args[0] == "perft" {
		depth := 0
		if len(args) == 2 {
			depth, _ = strconv.Atoi(args[1])
		}
		if depth < 1 || depth > 12 || len(args) != 2 {
			s.errorf("go perft: want a depth in 1..12")
			return
		}
		s.out.mu.Lock()
		board.WritePerft(s.out.w, s.pos, depth, true, false)
		s.out.mu.Unlock()
		return
	}
	lim, err := parseLimits(args, s.pos)
	if err != nil {
		s.errorf("%v", err)
		return
	}
	s.mu.Lock()
	s.searching = true
	s.mu.Unlock()
	s.done = make(chan struct{})
	s.release = make(chan struct{})
	report := func(i search.Info) { s.out.printf("%s", formatInfo(i)) }
	result := s.engine.Go(s.pos, lim, report)
	done, release, infinite := s.done, s.release, lim.Infinite
	go func() {
		r := <-result
		if infinite {
			<-release // UCI: no bestmove before stop during go infinite
		}
		line := "bestmove " + r.Move.String()
		if r.Ponder != board.NullMove {
			line += " ponder " + r.Ponder.String()
		}
		s.mu.Lock()
		s.out.printf("%s", line)
		s.searching = false
		s.mu.Unlock()
		close(done)
	}()
}

// stopSearch stops a running search and waits for its bestmove.
func (s *session) stopSearch() {
	if s.done == nil {
		return
	}
	s.engine.Stop()
	select {
	case <-s.release:
	default:
		close(s.release)
	}
	<-s.done
}

// parseLimits reads the arguments of "go".
func parseLimits(args []string, pos *board.Position) (search.Limits, error) {
	var l search.Limits
	ms := func(v int) time.Duration { return time.Duration(max(v, 0)) * time.Millisecond }
	for i := 0; i < len(args); i++ {
		key := args[i]
		switch key {
		case "infinite":
			l.Infinite = true
			continue
		case "ponder":
			return l, fmt.Errorf("go ponder: pondering is not supported")
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
			return l, fmt.Errorf("go: unknown parameter %q", clip(key))
		}
		if i+1 >= len(args) {
			return l, fmt.Errorf("go %s: missing value", key)
		}
		i++
		v, err := strconv.ParseInt(args[i], 10, 64)
		if err != nil {
			return l, fmt.Errorf("go %s: %q is not an integer", key, clip(args[i]))
		}
		n := int(max(min(v, 1<<40), -(1 << 40)))
		switch key {
		case "wtime":
			l.WTime = ms(n)
		case "btime":
			l.BTime = ms(n)
		case "winc":
			l.WInc = ms(n)
		case "binc":
			l.BInc = ms(n)
		case "movestogo", "depth", "mate", "nodes", "movetime":
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
				l.MoveTime = ms(n)
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

// formatInfo renders a progress report as a UCI info line.
func formatInfo(i search.Info) string {
	var b strings.Builder
	fmt.Fprintf(&b, "info depth %d seldepth %d multipv %d score %s", i.Depth, i.SelDepth, i.MultiPV, search.FormatUCI(i.Score))
	switch i.Bound {
	case search.BoundLower:
		b.WriteString(" lowerbound")
	case search.BoundUpper:
		b.WriteString(" upperbound")
	}
	fmt.Fprintf(&b, " nodes %d nps %d hashfull %d time %d pv", i.Nodes, i.NPS, i.HashFull, i.Time.Milliseconds())
	for _, m := range i.PV {
		b.WriteString(" " + m.String())
	}
	return b.String()
}
