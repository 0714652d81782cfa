package web

import (
	"context"
	"fmt"
	"net/http"
	"sync/atomic"
)

// A lane admits searches: up to its slot count run at once, up to its
// queue length wait for a slot, and any further request is refused at
// once (503 with Retry-After) rather than queued without bound. Searches
// are split into two lanes so that cheap ones are never stuck behind deep
// ones: see isLight.
type lane struct {
	slots    chan struct{}
	waiting  atomic.Int32
	maxQueue int32
}

func newLane(running, queue int) *lane {
	return &lane{slots: make(chan struct{}, max(running, 1)), maxQueue: int32(max(queue, 0))}
}

// errBusy is the answer when a lane's queue is full.
var errBusy = &apiError{status: http.StatusServiceUnavailable, msg: "too many searches queued; try again shortly", retryAfter: 2}

// acquire waits for a slot and returns the function that frees it; it
// fails at once when the queue is full, or when ctx ends while waiting.
func (l *lane) acquire(ctx context.Context) (func(), error) {
	release := func() { <-l.slots }
	select {
	case l.slots <- struct{}{}:
		return release, nil
	default:
	}
	if l.waiting.Add(1) > l.maxQueue {
		l.waiting.Add(-1)
		return nil, errBusy
	}
	defer l.waiting.Add(-1)
	select {
	case l.slots <- struct{}{}:
		return release, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("client went away: %w", ctx.Err())
	}
}

// Light searches: up to this depth, or this node budget, a search takes
// milliseconds.
const (
	lightDepth = 8
	lightNodes = 200_000
)

func isLight(req Request) bool {
	return (req.Depth > 0 && req.Depth <= lightDepth) || req.Nodes <= lightNodes
}
