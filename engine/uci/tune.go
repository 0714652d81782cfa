//go:build tune

package uci

import (
	"strconv"

	"kibitz/engine/search"
)

const tuneBuild = true

// In builds with the tune tag every tunable search parameter is also a
// spin option of its own name, so that a tuning run (kibitz spsa) can set
// it in each engine it starts. Ordinary builds do not show them to GUIs.
func init() {
	for _, p := range search.Params() {
		name := p.Name
		kibitzOptions = append(kibitzOptions, Option{Name: name, Type: "spin", Default: strconv.Itoa(p.Default), Min: p.Min, Max: p.Max})
		kibitzSetters[name] = setter{spin: func(_ *kibitz, v int) {
			// The option's range is the parameter's: SetParam cannot refuse it.
			_ = search.SetParam(name, v)
		}}
	}
}
