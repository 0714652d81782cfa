//go:build !unix

package tablebase

import (
	"io"
	"os"
)

// mapFile reads the whole file where memory mapping is not available.
func mapFile(f *os.File, size int64) ([]byte, error) {
	data := make([]byte, size)
	_, err := io.ReadFull(f, data)
	return data, err
}
