//go:build js && wasm

// Command wasm is the Kibitz engine for a browser Web Worker. It installs a
// global object "kibitz" whose methods the worker script calls; searches
// run in the background and report through callbacks. The worker's
// messages to and from the page are defined in static/protocol.js.
package main

import (
	"errors"
	"fmt"
	"sync"
	"syscall/js"
	"time"

	"kibitz/internal/version"
	"kibitz/nnue"
	"kibitz/wasm/bridge"
)

func main() {
	if err := takeNet(); err != nil {
		// The worker reports it as the engine's load failure.
		js.Global().Set("kibitz", js.ValueOf(map[string]any{"version": version.String, "loadError": err.Error()}))
		return
	}
	s := bridge.New(16, yield)
	api := map[string]any{
		"version":   version.String,
		"backend":   nnue.Backend(),     // the net's kernels: "wasm-simd128" or "scalar"
		"strengths": bridge.Strengths(), // levels and the depths' Elo, for the strength control
		"newGame":   js.FuncOf(func(js.Value, []js.Value) any { return errValue(s.NewGame()) }),
		"setHash":   js.FuncOf(func(_ js.Value, a []js.Value) any { return errValue(s.SetHash(intArg(a, 0))) }),
		"setPosition": js.FuncOf(func(_ js.Value, a []js.Value) any {
			moves, err := movesArg(a, 1)
			if err != nil {
				return err.Error()
			}
			return errValue(s.SetPosition(stringArg(a, 0), moves))
		}),
		"check": js.FuncOf(func(_ js.Value, a []js.Value) any {
			moves, err := movesArg(a, 1)
			if err != nil {
				return err.Error()
			}
			return errValue(s.Check(stringArg(a, 0), moves))
		}),
		// evaluate answers {evaluation} or {error}.
		"evaluate": js.FuncOf(func(_ js.Value, a []js.Value) any {
			moves, err := movesArg(a, 1)
			if err != nil {
				return map[string]any{"error": err.Error()}
			}
			ev, err := s.Evaluate(stringArg(a, 0), moves)
			if err != nil {
				return map[string]any{"error": err.Error()}
			}
			return map[string]any{"evaluation": ev}
		}),
		"needs": js.FuncOf(func(js.Value, []js.Value) any {
			tables, model := s.Needs()
			return map[string]any{"tables": toAny(tables), "model": model}
		}),
		"stop": js.FuncOf(func(js.Value, []js.Value) any { s.Stop(); return nil }),
		"loadTable": js.FuncOf(func(_ js.Value, a []js.Value) any {
			data, ok := bytesArg(a, 0)
			if !ok {
				return "loadTable: want the table file's bytes"
			}
			return errValue(s.LoadTable(data))
		}),
		"loadModel": js.FuncOf(func(_ js.Value, a []js.Value) any {
			data, ok := bytesArg(a, 0)
			if !ok {
				return "loadModel: want the model file's bytes"
			}
			return errValue(s.LoadModel(data))
		}),
		"search": js.FuncOf(func(_ js.Value, a []js.Value) any {
			var l bridge.Request
			if len(a) > 0 && a[0].Type() == js.TypeObject {
				l = bridge.Request{Depth: field(a[0], "depth"), MoveTime: field(a[0], "movetime"),
					Nodes: field(a[0], "nodes"), MultiPV: field(a[0], "multipv"), Elo: optionalField(a[0], "elo"),
					WTime: field(a[0], "wtime"), BTime: field(a[0], "btime"), WInc: field(a[0], "winc"), BInc: field(a[0], "binc"),
					Infinite: a[0].Get("infinite").Type() == js.TypeBoolean && a[0].Get("infinite").Bool(),
					Shared:   uint32(max(field(a[0], "shared"), 0))}
			}
			onInfo, onDone := callback(a, 1), callback(a, 2)
			return errValue(s.Search(l, onInfo, onDone))
		}),
	}
	addPeers(api, s)
	js.Global().Set("kibitz", js.ValueOf(api))
	select {}
}

// takeNet installs the net the worker fetched (the global kibitzNet, a
// Uint8Array of a net file, plain or in its wire form) as the default,
// before any engine is made. The page's modules embed no net
// (nnue.Embedded); a build that does uses its own when none is given.
func takeNet() error {
	global := js.Global().Get("kibitzNet")
	if global.IsUndefined() || global.IsNull() {
		if !nnue.Embedded {
			return errors.New("no net was given to the engine (kibitzNet)")
		}
		return nil
	}
	data, ok := bytesArg([]js.Value{global}, 0)
	js.Global().Delete("kibitzNet") // the engine keeps its own copy
	if !ok {
		return errors.New("kibitzNet: want the net file's bytes as a Uint8Array")
	}
	n, err := nnue.LoadBytes(data)
	if err != nil {
		return fmt.Errorf("the net file: %w", err)
	}
	nnue.SetDefault(n)
	return nil
}

// addPeers adds the cluster's calls to the API: join(index, count) makes
// this worker member index of count that search together (engine/cluster;
// count 1 leaves) — the worker script has wired kibitzPeerSend to the
// others — and peerMessage(bytes) hands over what one of them sent.
func addPeers(api map[string]any, s *bridge.Session) {
	peers := &peerTransport{}
	api["join"] = js.FuncOf(func(_ js.Value, a []js.Value) any {
		return errValue(s.Join(intArg(a, 0), intArg(a, 1), peers))
	})
	api["peerMessage"] = js.FuncOf(func(_ js.Value, a []js.Value) any {
		if data, ok := bytesArg(a, 0); ok {
			peers.deliver(data)
		}
		return nil
	})
}

// peerTransport carries this worker's cluster messages: out through the
// worker script's kibitzPeerSend (a postMessage to every other worker),
// in through peerMessage, which the script calls as messages arrive —
// while the search yields, since a busy worker runs no handlers.
type peerTransport struct {
	mu    sync.Mutex
	inbox [][]byte
}

func (t *peerTransport) Send(msg []byte) {
	fn := js.Global().Get("kibitzPeerSend")
	if fn.Type() != js.TypeFunction {
		return
	}
	arr := js.Global().Get("Uint8Array").New(len(msg))
	js.CopyBytesToJS(arr, msg)
	fn.Invoke(arr)
}

func (t *peerTransport) Receive() [][]byte {
	t.mu.Lock()
	defer t.mu.Unlock()
	in := t.inbox
	t.inbox = nil
	return in
}

func (t *peerTransport) deliver(msg []byte) {
	t.mu.Lock()
	t.inbox = append(t.inbox, msg)
	t.mu.Unlock()
}

// yield parks the searching goroutine until JavaScript has had a turn, so
// that messages queued for the worker (a stop) are handled. The worker
// script provides kibitzYield(callback), a zero-delay round trip through a
// MessageChannel; elsewhere a 1 ms sleep makes the Go scheduler idle.
// (A 1 ns sleep does not: its timer has expired before the scheduler
// looks, so control never returns to JavaScript.)
func yield() {
	fn := js.Global().Get("kibitzYield")
	if fn.Type() != js.TypeFunction {
		time.Sleep(time.Millisecond)
		return
	}
	done := make(chan struct{})
	cb := js.FuncOf(func(js.Value, []js.Value) any { close(done); return nil })
	fn.Invoke(cb)
	<-done
	cb.Release()
}

// bytesArg copies argument i, a Uint8Array, into Go.
func bytesArg(a []js.Value, i int) ([]byte, bool) {
	// CopyBytesToGo panics on anything but a Uint8Array.
	if len(a) <= i || a[i].Type() != js.TypeObject || !a[i].InstanceOf(js.Global().Get("Uint8Array")) {
		return nil, false
	}
	data := make([]byte, a[i].Get("length").Int())
	js.CopyBytesToGo(data, a[i])
	return data, true
}

// errValue is null on success and the error text otherwise.
func errValue(err error) any {
	if err != nil {
		return err.Error()
	}
	return nil
}

func stringArg(a []js.Value, i int) string {
	if len(a) > i && a[i].Type() == js.TypeString {
		return a[i].String()
	}
	return ""
}

func intArg(a []js.Value, i int) int {
	if len(a) > i && a[i].Type() == js.TypeNumber {
		return a[i].Int()
	}
	return 0
}

// movesArg reads argument i, a list of UCI moves; absent (undefined or
// null) is none.
func movesArg(a []js.Value, i int) ([]string, error) {
	if len(a) <= i || a[i].IsUndefined() || a[i].IsNull() {
		return nil, nil
	}
	if !js.Global().Get("Array").Call("isArray", a[i]).Bool() {
		return nil, errors.New("moves: want a list of UCI moves")
	}
	n := a[i].Length()
	out := make([]string, n)
	for k := 0; k < n; k++ {
		m := a[i].Index(k)
		if m.Type() != js.TypeString {
			return nil, fmt.Errorf("moves: item %d is not a string", k+1)
		}
		out[k] = m.String()
	}
	return out, nil
}

func field(v js.Value, name string) int {
	f := v.Get(name)
	if f.Type() == js.TypeNumber {
		return f.Int()
	}
	return 0
}

func callback(a []js.Value, i int) func(map[string]any) {
	if len(a) <= i || a[i].Type() != js.TypeFunction {
		return nil
	}
	fn := a[i]
	return func(m map[string]any) { fn.Invoke(js.ValueOf(m)) }
}

func toAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// optionalField is a number field that may be left out (nil).
func optionalField(v js.Value, name string) *int {
	f := v.Get(name)
	if f.Type() != js.TypeNumber {
		return nil
	}
	n := f.Int()
	return &n
}
