package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"kibitz/engine"
	"kibitz/engine/board"
	"kibitz/internal/excerpt"
)

// Caps caps what one request may ask for.
type Caps struct {
	DefaultDepth int    // when neither depth nor nodes is given
	MaxDepth     int    // largest depth accepted
	MaxNodes     uint64 // largest node budget accepted; also caps depth searches
	MaxMultiPV   int
	HashMB       int // transposition table per request; equal sizes give equal answers
}

// requestHashMB is the table size of every request on every platform, so
// that the Worker and the native server answer node for node alike. A
// fresh table per request costs an allocation that 8 MB keeps small.
const requestHashMB = 8

// NativeCaps suit "kibitz serve" on a workstation.
func NativeCaps() Caps {
	return Caps{DefaultDepth: engine.DefaultDepth, MaxDepth: 24, MaxNodes: 50_000_000, MaxMultiPV: 5, HashMB: requestHashMB}
}

// WorkerCaps suit a Cloudflare Worker: its clock does not advance while
// computing, so searches are bounded by depth and nodes only, and small
// enough for the CPU limit of a request.
func WorkerCaps() Caps {
	return Caps{DefaultDepth: 8, MaxDepth: 12, MaxNodes: 2_000_000, MaxMultiPV: 3, HashMB: requestHashMB}
}

// Request is a parsed API request.
type Request struct {
	Pos     *board.Position
	Depth   int
	Nodes   uint64
	MultiPV int
	// Elo is the level asked for (package strength; the scale goes
	// through 0); nil: full strength.
	Elo *int
	// DepthGiven says depth was asked for rather than the default.
	DepthGiven bool
}

// maxURL and maxBody bound request sizes (414 and 413 beyond them).
const (
	maxURL  = 4096
	maxBody = 16 << 10
)

// apiError carries an HTTP status with its message.
type apiError struct {
	status     int
	msg        string
	retryAfter int // seconds, for 503
}

func (e *apiError) Error() string { return e.msg }

func badRequest(format string, args ...any) error {
	return &apiError{status: http.StatusBadRequest, msg: fmt.Sprintf(format, args...)}
}

// params reads the parameters of a GET query or a POST JSON body (or
// both, if they name different parameters). A parameter given twice, in
// the query or in both places, is refused: which one was meant is not
// known.
func params(r *http.Request) (url.Values, error) {
	if len(r.URL.RawQuery) > maxURL {
		return nil, &apiError{status: http.StatusRequestURITooLong, msg: fmt.Sprintf("query longer than %d bytes", maxURL)}
	}
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return nil, badRequest("malformed query: %s", excerpt.Of(r.URL.RawQuery))
	}
	for k, v := range q {
		if len(v) > 1 {
			return nil, badRequest("%s is given %d times in the query: give it once", excerpt.Of(k), len(v))
		}
	}
	if r.Method != http.MethodPost {
		return q, nil
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	if err != nil {
		return nil, badRequest("the body could not be read")
	}
	if len(body) > maxBody {
		return nil, &apiError{status: http.StatusRequestEntityTooLarge, msg: fmt.Sprintf("body larger than %d bytes", maxBody)}
	}
	if len(strings.TrimSpace(string(body))) == 0 {
		return q, nil
	}
	var fields map[string]any
	if err := json.Unmarshal(body, &fields); err != nil {
		var syntax *json.SyntaxError
		if errors.As(err, &syntax) {
			return nil, badRequest("the body is not valid JSON (at byte %d): want an object such as {\"fen\": \"…\", \"depth\": 8}", syntax.Offset)
		}
		return nil, badRequest("the body is not a JSON object: want one such as {\"fen\": \"…\", \"depth\": 8}")
	}
	for k, v := range fields {
		if q.Has(k) {
			return nil, badRequest("%s is given both in the query and in the body: give it once", excerpt.Of(k))
		}
		switch v := v.(type) {
		case string:
			q.Set(k, v)
		case float64:
			q.Set(k, strconv.FormatFloat(v, 'f', -1, 64))
		case []any:
			var parts []string
			for _, x := range v {
				s, ok := x.(string)
				if !ok {
					return nil, badRequest("%s: want a list of strings", excerpt.Of(k))
				}
				parts = append(parts, s)
			}
			q.Set(k, strings.Join(parts, " "))
		default:
			return nil, badRequest("%s: want a string, a number or a list of strings", excerpt.Of(k))
		}
	}
	return q, nil
}

// Each endpoint's parameters: a position for all but health, and the
// search's for bestmove.
var (
	positionParams = []string{"fen", "moves"}
	searchParams   = []string{"fen", "moves", "depth", "nodes", "multipv", "elo"}
)

// ParseRequest validates a search's parameters against the limits. The
// position is fen (default: the start) plus the UCI moves in moves
// (separated by spaces or commas).
func ParseRequest(q url.Values, lim Caps) (Request, error) {
	return parseRequest(q, lim, searchParams)
}

// parseRequest is ParseRequest for an endpoint that takes only the
// parameters named in allowed.
func parseRequest(q url.Values, lim Caps, allowed []string) (Request, error) {
	for k := range q {
		if !slices.Contains(allowed, k) {
			return Request{}, badRequest("unknown parameter %q (this endpoint takes %s)", excerpt.Of(k), strings.Join(allowed, ", "))
		}
	}
	req := Request{MultiPV: 1}
	ms := strings.FieldsFunc(q.Get("moves"), func(r rune) bool { return r == ' ' || r == ',' })
	if len(ms) > 600 {
		return req, badRequest("moves: at most 600")
	}
	pos, err := board.PositionAfter(q.Get("fen"), ms)
	var me *board.MoveError
	switch {
	case errors.As(err, &me):
		return req, badRequest("moves: %v", err)
	case err != nil:
		return req, badRequest("%v", err)
	}
	req.Pos = pos
	intParam := func(name string, lo, hi int) (int, error) {
		s := q.Get(name)
		if s == "" {
			return 0, nil
		}
		n, err := strconv.Atoi(s)
		if err != nil {
			return 0, badRequest("%s %q is not an integer", name, excerpt.Of(s))
		}
		if n < lo || n > hi {
			return 0, badRequest("%s %d is out of range %d..%d", name, n, lo, hi)
		}
		return n, nil
	}
	if req.Depth, err = intParam("depth", 1, lim.MaxDepth); err != nil {
		return req, err
	}
	req.DepthGiven = req.Depth > 0
	nodes, err := intParam("nodes", 1, int(min(lim.MaxNodes, 1<<31)))
	if err != nil {
		return req, err
	}
	req.Nodes = uint64(nodes)
	mpv, err := intParam("multipv", 1, lim.MaxMultiPV)
	if err != nil {
		return req, err
	}
	req.MultiPV = max(mpv, 1)
	lo, hi := engine.Range("UCI_Elo")
	elo, err := intParam("elo", lo, hi)
	if err != nil {
		return req, err
	}
	if q.Get("elo") != "" {
		req.Elo = &elo
	}
	if req.Elo != nil && req.MultiPV > 1 {
		// The lines are the best moves; a level plays a weaker one by
		// design, which would not be among them.
		return req, badRequest("elo and multipv exclude each other: a level plays a move of its own choosing, not the best lines")
	}
	if req.Depth == 0 && req.Nodes == 0 {
		req.Depth = lim.DefaultDepth
	}
	if req.Nodes == 0 {
		req.Nodes = lim.MaxNodes // depth searches are capped too
	}
	return req, nil
}
