//go:build !tune

package engine

// TuneBuild reports whether the search parameters are options (the tune
// tag; see tune.go).
const TuneBuild = false
