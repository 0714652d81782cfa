//go:build tune

package uci

import "kibitz/engine/search"

const tuneBuild = true

// In builds with the tune tag every tunable search parameter is also a
// spin option of its own name, so that a tuning run (kibitz spsa) can set
// it in each engine it starts. Ordinary builds do not show them to GUIs.
func init() {
	for _, p := range search.Params() {
		name := p.Name
		optionSpecs = append(optionSpecs, optionSpec{name: name, kind: "spin", def: p.Default, min: p.Min, max: p.Max,
			apply: func(_ *session, v int) {
				// The option's range is the parameter's: SetParam cannot refuse it.
				_ = search.SetParam(name, v)
			}})
	}
}
