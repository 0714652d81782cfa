//go:build js && wasm

// Command wasm is the Kibitz engine for a browser Web Worker. It installs a
// global object "kibitz" whose methods the worker script calls; searches
// run in the background and report through callbacks.
package main

import (
	"syscall/js"
	"time"

	"kibitz/engine/nnue"
	"kibitz/internal/version"
	"kibitz/wasm/bridge"
)

func main() {
	s := bridge.New(16, yield)
	api := map[string]any{
		"version":   version.String,
		"backend":   nnue.Backend(),     // the net's kernels: "wasm-simd128" or "scalar"
		"strengths": bridge.Strengths(), // levels and the depths' Elo, for the strength control
		"newGame":   js.FuncOf(func(js.Value, []js.Value) any { return errValue(s.NewGame()) }),
		"setHash":   js.FuncOf(func(_ js.Value, a []js.Value) any { return errValue(s.SetHash(intArg(a, 0))) }),
		"setPosition": js.FuncOf(func(_ js.Value, a []js.Value) any {
			return errValue(s.SetPosition(stringArg(a, 0), stringsArg(a, 1)))
		}),
		"makeMove":    js.FuncOf(func(_ js.Value, a []js.Value) any { return errValue(s.MakeMove(stringArg(a, 0))) }),
		"fen":         js.FuncOf(func(js.Value, []js.Value) any { return s.FEN() }),
		"legalMoves":  js.FuncOf(func(js.Value, []js.Value) any { return toAny(s.LegalMoves()) }),
		"stop":        js.FuncOf(func(js.Value, []js.Value) any { s.Stop(); return nil }),
		"tableNeeded": js.FuncOf(func(js.Value, []js.Value) any { return s.TableNeeded() }),
		"loadTable": js.FuncOf(func(_ js.Value, a []js.Value) any {
			data, ok := bytesArg(a, 0)
			if !ok {
				return "loadTable: want the table file's bytes"
			}
			return errValue(s.LoadTable(data))
		}),
		"modelNeeded": js.FuncOf(func(js.Value, []js.Value) any { return s.ModelNeeded() }),
		"loadModel": js.FuncOf(func(_ js.Value, a []js.Value) any {
			data, ok := bytesArg(a, 0)
			if !ok {
				return "loadModel: want the model file's bytes"
			}
			return errValue(s.LoadModel(data))
		}),
		"search": js.FuncOf(func(_ js.Value, a []js.Value) any {
			var l bridge.Limits
			if len(a) > 0 && a[0].Type() == js.TypeObject {
				l = bridge.Limits{Depth: field(a[0], "depth"), MoveTime: field(a[0], "movetime"),
					Nodes: field(a[0], "nodes"), MultiPV: field(a[0], "multipv"), Elo: field(a[0], "elo")}
			}
			onInfo, onDone := callback(a, 1), callback(a, 2)
			return errValue(s.Search(l, onInfo, onDone))
		}),
	}
	js.Global().Set("kibitz", js.ValueOf(api))
	select {}
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

func stringsArg(a []js.Value, i int) []string {
	if len(a) <= i || a[i].Type() != js.TypeObject {
		return nil
	}
	n := a[i].Length()
	out := make([]string, n)
	for k := 0; k < n; k++ {
		out[k] = a[i].Index(k).String()
	}
	return out
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
