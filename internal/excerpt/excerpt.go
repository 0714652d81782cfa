// Package excerpt shortens input quoted back in error messages, so that a
// megabyte of garbage yields a readable one-line error.
//
// excerpt imports only the standard library.
package excerpt

import "unicode/utf8"

// Max is the number of bytes of input an error message quotes.
const Max = 60

// Of returns s, or its first Max bytes (cut at a character boundary)
// followed by "…".
func Of(s string) string {
	if len(s) <= Max {
		return s
	}
	cut := Max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
