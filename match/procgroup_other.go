//go:build !unix

package match

import (
	"errors"
	"os"
	"os/exec"
)

// ownGroup does nothing where process groups are not Unix's.
func ownGroup(*exec.Cmd) {}

// killGroup kills the engine's process.
func killGroup(p *os.Process) { p.Kill() }

// signalDump cannot ask for a dump where there are no Unix signals.
func signalDump(*os.Process) error { return errors.ErrUnsupported }

// signalQuit cannot be sent where there are no Unix signals.
func signalQuit(*os.Process) error { return errors.ErrUnsupported }
