// Package regular opens input files that must be regular files: a FIFO,
// a device or a directory given where data is expected is refused with a
// clear error before anything blocks on it or reads it without end.
package regular

import (
	"fmt"
	"os"
)

// Open opens path for reading if it is a regular file (after following
// symbolic links).
func Open(path string) (*os.File, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	return os.Open(path)
}
