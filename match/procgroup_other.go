//go:build !unix

package match

import (
	"os"
	"os/exec"
)

// ownGroup does nothing where process groups are not Unix's.
func ownGroup(*exec.Cmd) {}

// killGroup kills the engine's process.
func killGroup(p *os.Process) { p.Kill() }
