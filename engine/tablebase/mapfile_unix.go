//go:build unix

package tablebase

import (
	"os"
	"syscall"
)

// mapFile maps a table file into memory read-only: the pages are read
// when probed and the system may drop them again, so a set of tables far
// larger than the memory can be loaded (the 5-man tables a promotion
// cascade needs). The mapping stays for the life of the process; the
// file is only ever replaced by a rename, never rewritten in place
// (WriteFile), so what is mapped does not change under it.
func mapFile(f *os.File, size int64) ([]byte, error) {
	if size == 0 {
		return nil, nil
	}
	return syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
}
