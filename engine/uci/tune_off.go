//go:build !tune

package uci

// tuneBuild reports whether the search parameters are UCI options (the
// tune tag; see tune.go).
const tuneBuild = false
