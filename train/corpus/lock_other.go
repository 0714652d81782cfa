//go:build !unix

package corpus

import "os"

// lock is a no-op where flock is not available.
func lock(*os.File) error { return nil }
