package uci

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"kibitz/engine/search"
)

// The whole-process stalls that long matches saw (docs/robustness.md)
// look like a stop of the world that never completes: a goroutine that
// cannot be preempted, or a lost wake-up between the reader and the
// search. This stops the world again and again — collections, the
// goroutine dump the match watchdog asks for, memory statistics, returning
// memory to the system — while two search threads run their hottest loops
// (NNUE kernels, move generation, the shared table), with searches
// started, stopped and asked isready over UCI as a GUI does. It ends when
// both have done their share; a stop or a search that never ends fails
// it after a deadline far past any machine's pace, with every stack.
func TestTheWorldStopsWhileTheSearchRuns(t *testing.T) {
	searches, stops := 200, 1000
	if testing.Short() {
		searches, stops = 40, 200
	}
	c := start(t)
	c.send("setoption name Threads value 2", "setoption name Hash value 16")
	c.sync()

	var stopped atomic.Int64
	done, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		buf := make([]byte, 1<<20)
		for i := 0; ; i++ {
			select {
			case <-done:
				return
			default:
			}
			switch i % 5 {
			case 0:
				runtime.GC()
			case 1:
				pprof.Lookup("goroutine").WriteTo(io.Discard, 2)
			case 2:
				var m runtime.MemStats
				runtime.ReadMemStats(&m)
			case 3:
				runtime.Stack(buf, true)
			case 4:
				if i%25 == 4 {
					debug.FreeOSMemory()
				}
			}
			stopped.Add(1)
		}
	}()
	deadline := time.AfterFunc(5*time.Minute, func() {
		pprof.Lookup("goroutine").WriteTo(os.Stderr, 2)
		panic(fmt.Sprintf("stuck after %d stops of the world", stopped.Load()))
	})
	defer deadline.Stop()

	ran := 0
	for ; ran < searches || stopped.Load() < int64(stops); ran++ {
		fen := search.BenchPositions[ran%len(search.BenchPositions)]
		c.send("position fen " + fen)
		if ran%4 == 3 {
			// A search stopped from outside, as a GUI's stop button does.
			c.send("go infinite")
			c.until("info depth 2 ")
			c.send("stop")
		} else {
			c.send("go nodes 10000")
		}
		got := c.until("bestmove ")
		if f := strings.Fields(got[len(got)-1]); len(f) < 2 || f[1] == "0000" {
			t.Fatalf("search %d on %s: %q", ran, fen, got[len(got)-1])
		}
		if ran%3 == 0 {
			c.sync()
		}
	}
	close(done)
	<-finished
	t.Logf("%d searches, %d stops of the world", ran, stopped.Load())
}
