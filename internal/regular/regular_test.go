package regular

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestOnlyRegularFilesOpen(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	os.WriteFile(file, []byte("x"), 0o644)
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	os.Symlink(file, link)
	for _, ok := range []string{file, link} {
		f, err := Open(ok)
		if err != nil {
			t.Errorf("%s: %v", ok, err)
			continue
		}
		f.Close()
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, bad := range []string{fifo, dir, "/dev/urandom", "/dev/null"} {
			if _, err := Open(bad); err == nil || !strings.Contains(err.Error(), "not a regular file") {
				t.Errorf("%s: %v", bad, err)
			}
		}
		if _, err := Open(filepath.Join(dir, "missing")); err == nil {
			t.Error("a missing file opened")
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("opening a FIFO blocked")
	}
}
