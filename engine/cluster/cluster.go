// Package cluster runs one search on several engines that share no
// memory, each with a table of its own, cooperating by messages: Lazy SMP
// by message passing, for the browser, whose Go workers have no threads
// and no shared memory, and natively over channels, where it is tested and
// measured. Every member searches the same position (the helpers skip
// depths, engine/search's Options.Member); about every 20 ms each sends
// the deepest entries it stored since (search.Options.Exchange) and stores
// what the others sent; when the first member's search ends it tells the
// others to stop, gathers their answers and plays the move chosen by depth
// and vote (Choose). A search to a fixed depth ends as soon as any member
// has completed it: a helper that skipped the depth before often gets
// there first.
//
// After Stockfish's cluster branch (a table per process, the deepest
// entries passed on, the best move by vote; +289 Elo at 4 processes with
// deep-only sharing in its authors' measurement) and Texel's "lazy
// cluster". The transport only moves bytes (Transport): channels in one
// process (Local), postMessage between Web Workers (wasm/main.go). A
// message that is malformed, from a member that does not exist or for
// another search is ignored (Decode); an entry is stored only if it could
// have come from a search (search.SharedEntry.Valid) and is used only
// under its own key.
//
// cluster imports engine/board and engine/search.
package cluster

import (
	"cmp"
	"slices"
	"sync"
	"time"

	"kibitz/engine/board"
	"kibitz/engine/search"
)

// Transport carries one member's messages to the others. Send may keep
// the slice; Receive returns what arrived since its last call and never
// blocks.
type Transport interface {
	Send(msg []byte)
	Receive() [][]byte
}

// Member is one engine's place in a cluster: its index (0 plays the
// move), the number of members and its transport. One search at a time.
type Member struct {
	Index, Count int
	t            Transport

	mu      sync.Mutex
	search  uint32   // the search in progress (Begin)
	limit   int      // its depth limit (0: none)
	stopped bool     // member 0 said stop (helpers), or a helper reached the limit (member 0)
	results []Answer // the helpers' answers to this search (member 0)
	onStop  func()   // stops this member's own search
	in      []search.SharedEntry
	Ignored int // messages ignored since New: malformed, stale or misdirected
}

// New returns member index of count, talking through t.
func New(index, count int, t Transport) *Member {
	return &Member{Index: index, Count: count, t: t}
}

// Begin starts search id (the caller numbers searches: the same id at
// every member) with depth limit limit (0: none); onStop stops this
// member's search: a helper's when member 0 says so, member 0's when a
// helper has answered from a search of depth limit (the helpers skip
// depths, so one of them often gets there first: the cluster's time to a
// depth is its quickest member's). What arrives for other searches is
// ignored from now on.
func (m *Member) Begin(id uint32, limit int, onStop func()) {
	m.mu.Lock()
	m.search, m.limit, m.stopped, m.results, m.onStop = id, limit, false, m.results[:0], onStop
	m.mu.Unlock()
	m.receive() // drop what is left of earlier searches
}

// Exchange is the member's search.Options.Exchange: it sends the entries
// and returns those received for this search.
func (m *Member) Exchange(out []search.SharedEntry) []search.SharedEntry {
	m.mu.Lock()
	id := m.search
	m.mu.Unlock()
	if len(out) > 0 {
		m.t.Send(Encode(Message{Kind: KindEntries, Search: id, From: m.Index, Entries: out}))
	}
	m.receive()
	m.mu.Lock()
	defer m.mu.Unlock()
	in := m.in
	m.in = nil
	return in
}

// receive sorts what arrived: entries for the search, member 0's stop,
// the helpers' answers; everything else is counted and dropped.
func (m *Member) receive() {
	msgs := m.t.Receive()
	var stop func()
	m.mu.Lock()
	for _, b := range msgs {
		msg, err := Decode(b, m.Count)
		if err != nil || msg.Search != m.search || msg.From == m.Index {
			m.Ignored++
			continue
		}
		switch msg.Kind {
		case KindEntries:
			m.in = append(m.in, msg.Entries...)
		case KindStop:
			if msg.From != 0 {
				m.Ignored++ // only member 0 ends a search
			} else if !m.stopped {
				m.stopped, stop = true, m.onStop
			}
		case KindAnswer:
			if m.Index != 0 || slices.ContainsFunc(m.results, func(a Answer) bool { return a.From == msg.From }) {
				m.Ignored++ // answers go to member 0, once
				continue
			}
			m.results = append(m.results, msg.Answer)
			if a := msg.Answer; m.limit > 0 && a.Depth >= m.limit && a.Move != board.NullMove && !m.stopped {
				m.stopped, stop = true, m.onStop
			}
		}
	}
	m.mu.Unlock()
	if stop != nil {
		stop()
	}
}

// Stopped reports whether this search has been told to stop: by member 0
// (a helper), or by a helper's answer at the depth limit (member 0).
func (m *Member) Stopped() bool {
	m.receive()
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.stopped
}

// Answer is one member's result: what the vote weighs.
type Answer struct {
	From  int
	Move  board.Move
	Score int
	Depth int
	Nodes uint64
	PV    []board.Move
}

// AnswerOf is a search result as an answer of member from.
func AnswerOf(from int, r search.Result) Answer {
	return Answer{From: from, Move: r.Move, Score: r.Score, Depth: r.Depth, Nodes: r.Nodes, PV: r.PV}
}

// Finish sends a helper's answer to member 0.
func (m *Member) Finish(r search.Result) {
	m.mu.Lock()
	id := m.search
	m.mu.Unlock()
	m.t.Send(Encode(Message{Kind: KindAnswer, Search: id, From: m.Index, Answer: AnswerOf(m.Index, r)}))
}

// Gather ends the search at member 0 with its own result: it tells the
// helpers to stop, waits up to wait for their answers (calling idle
// between looks, which must let messages arrive: a sleep), and returns own
// with the move the vote chose among the answers that came and the nodes
// of them all. A helper that does not answer (it crashed, or is slow to
// stop) is left out. floor is the search's depth limit (0: none): a
// shallower answer votes but is not played, so that "go depth N" answers
// from a search of depth N at least.
func (m *Member) Gather(own search.Result, floor int, wait time.Duration, idle func()) (search.Result, []Answer) {
	m.mu.Lock()
	id := m.search
	m.mu.Unlock()
	m.t.Send(Encode(Message{Kind: KindStop, Search: id, From: 0}))
	deadline := time.Now().Add(wait)
	for {
		m.receive()
		m.mu.Lock()
		n := len(m.results)
		m.mu.Unlock()
		if n >= m.Count-1 || time.Now().After(deadline) {
			break
		}
		idle()
	}
	m.mu.Lock()
	answers := append([]Answer{AnswerOf(0, own)}, m.results...)
	m.mu.Unlock()
	for _, a := range answers[1:] {
		own.Nodes += a.Nodes
	}
	chosen := answers[Choose(answers, floor)]
	if chosen.Move != board.NullMove && (chosen.Move != own.Move || chosen.Depth > own.Depth) {
		own.Move, own.Score, own.Depth, own.PV, own.Ponder = chosen.Move, chosen.Score, chosen.Depth, chosen.PV, board.NullMove
		if len(chosen.PV) > 1 {
			own.Ponder = chosen.PV[1]
		}
	}
	return own, answers
}

// Choose returns the index of the answer to play. A mate found is played
// (the shortest); otherwise each answer votes for its move with weight
// (score − the lowest score + 14) × depth, Stockfish's rule, and of the
// answers for the move with the most votes the deepest is played (member
// 0's on a tie). Answers without a move count for nothing; answers
// shallower than floor vote but are not played while any answer reaches
// it (member 0's otherwise may be: its search is the one that ends the
// others when it stops early).
func Choose(answers []Answer, floor int) int {
	best := 0
	for i, a := range answers {
		if a.Move != board.NullMove && a.Score >= search.MateInMax && a.Score > answers[best].Score {
			best = i
		}
	}
	if answers[best].Score >= search.MateInMax && answers[best].Move != board.NullMove {
		return best
	}
	low := search.Infinity
	for _, a := range answers {
		if a.Move != board.NullMove {
			low = min(low, a.Score)
		}
	}
	votes := map[board.Move]int{}
	for _, a := range answers {
		if a.Move != board.NullMove {
			votes[a.Move] += (a.Score - low + 14) * max(a.Depth, 1)
		}
	}
	reached := slices.ContainsFunc(answers, func(a Answer) bool { return a.Move != board.NullMove && a.Depth >= floor })
	best = -1
	for i, a := range answers {
		if a.Move == board.NullMove || (a.Depth < floor && (reached || i > 0)) {
			continue
		}
		if best < 0 {
			best = i
			continue
		}
		b := answers[best]
		if c := cmp.Compare(votes[a.Move], votes[b.Move]); c > 0 || (c == 0 && a.Move == b.Move && a.Depth > b.Depth) {
			best = i
		}
	}
	return max(best, 0) // no answer with a move: member 0's, moveless
}
