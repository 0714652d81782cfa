//go:build wasm

package search

import "time"

// In wasm there is one thread and no preemption: every 64 Ki nodes the
// search sleeps for a nanosecond, which lets the JavaScript event loop
// deliver a "stop" message.
const yieldMask = 1<<16 - 1

func yield() { time.Sleep(time.Nanosecond) }
