//go:build unix

package match

import (
	"os"
	"os/exec"
	"syscall"
)

// ownGroup starts the engine in a process group of its own: an interrupt
// typed at the match's terminal reaches the match, which ends its games
// and then closes the engines, and not the engines behind its back; and
// killing the group reaches whatever the engine started (a script's
// children that hold its output open).
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// killGroup kills the engine and every process of its group.
func killGroup(p *os.Process) {
	if syscall.Kill(-p.Pid, syscall.SIGKILL) != nil {
		p.Kill()
	}
}

// signalDump asks the engine for a report of its state: SIGUSR1, which
// Kibitz answers with a dump of its goroutines on standard error and then
// goes on (an engine that does not handle it may die of it).
func signalDump(p *os.Process) error { return p.Signal(syscall.SIGUSR1) }

// signalQuit ends a frozen Go engine with SIGQUIT, which its runtime
// answers from the signal handler with every goroutine's stack, without
// stopping the world first.
func signalQuit(p *os.Process) error { return p.Signal(syscall.SIGQUIT) }
