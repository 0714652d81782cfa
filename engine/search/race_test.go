//go:build race

package search

// raceDetector says the tests run under the race detector (go test
// -race), where the long single-threaded suites (the pinned bench, WAC)
// add nothing but time: they are run without it.
const raceDetector = true
