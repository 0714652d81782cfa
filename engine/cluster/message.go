package cluster

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sync"

	"kibitz/engine/board"
	"kibitz/engine/search"
)

// Kind is what a message carries.
type Kind byte

// The kinds of message.
const (
	KindEntries Kind = 1 // table entries (any member to every other)
	KindStop    Kind = 2 // the search is over (member 0 to the helpers)
	KindAnswer  Kind = 3 // a helper's result (to member 0)
)

// Message is one message, decoded.
type Message struct {
	Kind    Kind
	Search  uint32 // the search it belongs to (Member.Begin)
	From    int    // the sender's index
	Entries []search.SharedEntry
	Answer  Answer
}

// The wire: "KC", the version, the kind, the search (uint32), the sender
// (a byte), then by kind: a count (uint16) and that many entries of two
// uint64s, key and data; nothing; or the move (uint16), the score (int32),
// the depth (a byte), the nodes (uint64), a count (a byte) and that many
// moves of the line.
// All little-endian.
const (
	version    = 1
	headerSize = 9
	maxEntries = 1024
)

// Encode writes a message.
func Encode(m Message) []byte {
	b := make([]byte, headerSize, headerSize+2+16*len(m.Entries))
	copy(b, "KC")
	b[2], b[3] = version, byte(m.Kind)
	binary.LittleEndian.PutUint32(b[4:], m.Search)
	b[8] = byte(m.From)
	switch m.Kind {
	case KindEntries:
		b = binary.LittleEndian.AppendUint16(b, uint16(len(m.Entries)))
		for _, e := range m.Entries {
			b = binary.LittleEndian.AppendUint64(b, e.Key)
			b = binary.LittleEndian.AppendUint64(b, e.Data)
		}
	case KindAnswer:
		a := m.Answer
		b = binary.LittleEndian.AppendUint16(b, uint16(a.Move))
		b = binary.LittleEndian.AppendUint32(b, uint32(int32(a.Score)))
		b = append(b, byte(a.Depth))
		b = binary.LittleEndian.AppendUint64(b, a.Nodes)
		b = append(b, byte(min(len(a.PV), search.MaxPly)))
		for _, mv := range a.PV[:min(len(a.PV), search.MaxPly)] {
			b = binary.LittleEndian.AppendUint16(b, uint16(mv))
		}
	}
	return b
}

// ErrMalformed is wrapped by every error of Decode.
var ErrMalformed = errors.New("malformed cluster message")

// Decode reads a message from a cluster of members members, checking
// everything a sender could get wrong: the header, the sender, the length
// for the kind, the answer's ranges. Entries are checked when stored.
func Decode(b []byte, members int) (Message, error) {
	bad := func(format string, a ...any) (Message, error) {
		return Message{}, fmt.Errorf("%w: %s", ErrMalformed, fmt.Sprintf(format, a...))
	}
	if len(b) < headerSize || b[0] != 'K' || b[1] != 'C' {
		return bad("%d bytes without the header", len(b))
	}
	if b[2] != version {
		return bad("version %d", b[2])
	}
	m := Message{Kind: Kind(b[3]), Search: binary.LittleEndian.Uint32(b[4:]), From: int(b[8])}
	if m.From >= members {
		return bad("from member %d of %d", m.From, members)
	}
	body := b[headerSize:]
	switch m.Kind {
	case KindEntries:
		if len(body) < 2 {
			return bad("entries without a count")
		}
		n := int(binary.LittleEndian.Uint16(body))
		if n > maxEntries || len(body) != 2+16*n {
			return bad("%d entries in %d bytes", n, len(body))
		}
		m.Entries = make([]search.SharedEntry, n)
		for i := range m.Entries {
			o := 2 + 16*i
			m.Entries[i] = search.SharedEntry{Key: binary.LittleEndian.Uint64(body[o:]), Data: binary.LittleEndian.Uint64(body[o+8:])}
		}
	case KindStop:
		if len(body) != 0 {
			return bad("a stop with %d bytes", len(body))
		}
	case KindAnswer:
		const fixed = 16 // move, score, depth, nodes, count
		if len(body) < fixed {
			return bad("an answer of %d bytes", len(body))
		}
		a := Answer{From: m.From, Move: board.Move(binary.LittleEndian.Uint16(body)), Score: int(int32(binary.LittleEndian.Uint32(body[2:]))),
			Depth: int(body[6]), Nodes: binary.LittleEndian.Uint64(body[7:])}
		n := int(body[15])
		if len(body) != fixed+2*n || n > search.MaxPly {
			return bad("an answer's line of %d moves in %d bytes", n, len(body)-fixed)
		}
		if a.Score <= -search.Infinity || a.Score >= search.Infinity || a.Depth > search.MaxDepth {
			return bad("an answer's score %d or depth %d", a.Score, a.Depth)
		}
		for i := range n {
			a.PV = append(a.PV, board.Move(binary.LittleEndian.Uint16(body[fixed+2*i:])))
		}
		m.Answer = a
	default:
		return bad("kind %d", m.Kind)
	}
	return m, nil
}

// Local connects n members in one process: what each sends reaches every
// other's Receive, in order. For tests and for native play (kibitz's
// Workers option), where the searches are goroutines.
func Local(n int) []Transport {
	boxes := make([]*localBox, n)
	for i := range boxes {
		boxes[i] = &localBox{}
	}
	out := make([]Transport, n)
	for i := range out {
		out[i] = localTransport{self: i, boxes: boxes}
	}
	return out
}

type localBox struct {
	mu   sync.Mutex
	msgs [][]byte
}

type localTransport struct {
	self  int
	boxes []*localBox
}

func (t localTransport) Send(msg []byte) {
	for i, b := range t.boxes {
		if i != t.self {
			b.mu.Lock()
			b.msgs = append(b.msgs, msg)
			b.mu.Unlock()
		}
	}
}

func (t localTransport) Receive() [][]byte {
	b := t.boxes[t.self]
	b.mu.Lock()
	defer b.mu.Unlock()
	msgs := b.msgs
	b.msgs = nil
	return msgs
}
