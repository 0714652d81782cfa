// Package version names this build of Kibitz wherever it introduces
// itself: UCI's "id name", the API's health report, the page's engine and
// "kibitz version".
//
// version imports nothing.
package version

import "runtime/debug"

// Name is the engine's name.
const Name = "Kibitz"

// Number is the release number.
const Number = "0.1"

// String is the name and number as the API and the page report them.
const String = "kibitz " + Number

// Release is the number and, when the build knows it (a build from a git
// checkout), the commit it was built from: "0.1 (63bdac6)", with "+" when
// the checkout had changes.
var Release = release()

// Full is what "id name" and "kibitz version" say: "Kibitz 0.1 (63bdac6)".
var Full = Name + " " + Release

func release() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return Number
	}
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = "+"
			}
		}
	}
	if len(rev) < 7 {
		return Number
	}
	return Number + " (" + rev[:7] + modified + ")"
}
