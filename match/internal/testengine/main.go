// Command testengine is a UCI engine for testing match: it plays random
// legal moves and can be told to misbehave after a number of its moves —
// sleep too long, answer an illegal move, crash (every time, or once per
// state file), flood its output with info lines (itself, or through a
// child process that shares its output, as a script's "yes" would), or
// send an overlong line, or freeze whole (answering nothing, not even the
// watchdog's dump signal); and it can die of the dump signal, as many C
// engines do.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"time"

	"kibitz/engine/board"
)

func main() {
	mode := flag.String("mode", "random", "random | sleep | illegal | crash | crashonce | flood | floodchild | longline | mute | freeze (floodonly: the child's part)")
	name := flag.String("name", "testengine", "what it calls itself (id name)")
	state := flag.String("state", "", "crashonce: crash only if this file does not exist yet (and create it)")
	after := flag.Int("after", 0, "misbehave from this many own moves on")
	sleep := flag.Duration("sleep", time.Second, "how long sleep mode sleeps")
	dieOnDump := flag.Bool("dieonusr1", false, "exit on SIGUSR1 (the match watchdog's dump signal)")
	flag.Parse()
	if *dieOnDump {
		dieOnDumpSignal()
	}
	if *mode == "floodonly" {
		flood()
	}
	rng := rand.New(rand.NewPCG(1, 2))
	pos := board.NewPosition()
	moves := 0
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		f := strings.Fields(in.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			if *mode == "mute" {
				continue // never completes the handshake
			}
			fmt.Printf("id name %s\nuciok\n", *name)
		case "isready":
			fmt.Println("readyok")
		case "position":
			pos = parse(f[1:])
		case "go":
			moves++
			if moves > *after && misbehave(*mode, *sleep, *state) {
				continue
			}
			var l board.MoveList
			pos.GenerateMoves(&l, board.GenAll)
			fmt.Println("info depth 1 score cp 0")
			fmt.Printf("bestmove %v\n", l.Moves[rng.IntN(l.N)])
		case "quit":
			return
		}
	}
}

// misbehave does what the mode asks on a move after the first -after;
// true when that was the whole answer (no bestmove to follow).
func misbehave(mode string, sleep time.Duration, state string) bool {
	switch mode {
	case "sleep":
		time.Sleep(sleep)
	case "illegal":
		fmt.Println("bestmove a1a1")
		return true
	case "crash":
		os.Exit(3)
	case "crashonce":
		if _, err := os.Stat(state); err != nil {
			// Output ends a moment before the process does, as
			// when a crash handler runs.
			os.WriteFile(state, nil, 0o644)
			os.Stdout.Close()
			time.Sleep(300 * time.Millisecond)
			os.Exit(3)
		}
	case "flood":
		flood()
	case "floodchild":
		// The child floods the output both share; this process
		// waits for it, reading nothing, as a shell does.
		child := exec.Command(os.Args[0], "-mode", "floodonly")
		child.Stdout = os.Stdout
		if child.Run() != nil {
			os.Exit(4)
		}
	case "freeze":
		ignoreDumpSignal()
		for {
			time.Sleep(time.Hour)
		}
	case "longline":
		fmt.Println("info string " + strings.Repeat("x", 2<<20))
	}
	return false
}

// flood writes info lines for ever, without a bestmove.
func flood() {
	for {
		fmt.Println("info depth 1 score cp 0 pv e2e4")
	}
}

func parse(args []string) *board.Position {
	fen, rest := board.StartFEN, args
	if len(args) > 0 && args[0] == "fen" {
		i := 1
		for i < len(args) && args[i] != "moves" {
			i++
		}
		fen, rest = strings.Join(args[1:i], " "), args[i:]
	} else if len(args) > 0 {
		rest = args[1:]
	}
	p, err := board.ParseFEN(fen)
	if err != nil {
		panic(err)
	}
	if len(rest) > 0 && rest[0] == "moves" {
		for _, s := range rest[1:] {
			m, err := p.ParseMove(s)
			if err != nil {
				panic(err)
			}
			p.MakeMove(m)
		}
	}
	return p
}
