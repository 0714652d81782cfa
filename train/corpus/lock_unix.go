//go:build unix

package corpus

import (
	"errors"
	"os"
	"syscall"
)

// lock takes the file for this writer alone: two datagen runs appending to
// one corpus would interleave their games.
func lock(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return errors.New("another run is writing to it")
	}
	return err
}
