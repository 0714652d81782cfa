//go:build tune

package engine

import (
	"strconv"

	"kibitz/engine/search"
)

// TuneBuild reports whether the search parameters are options (the tune
// tag).
const TuneBuild = true

// In builds with the tune tag every tunable search parameter is also a
// spin option of its own name, so that a tuning run (kibitz spsa) can set
// it in each engine it starts. Ordinary builds do not show them to GUIs.
func init() {
	for _, p := range search.Params() {
		name := p.Name
		options = append(options, Option{Name: name, Kind: KindSpin, Default: strconv.Itoa(p.Default), Min: p.Min, Max: p.Max,
			// The option's range is the parameter's: SetParam refuses only a search running.
			set: spin(func(e *Engine, v int) error { return e.SetParam(name, v) })})
	}
}
