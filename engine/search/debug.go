package search

import "fmt"

// invariant is the message of a broken search invariant (see debug).
func invariant(format string, args ...any) string {
	return "search invariant broken: " + fmt.Sprintf(format, args...)
}
