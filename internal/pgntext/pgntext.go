// Package pgntext cuts a PGN file into the text of each game, for the
// readers that then parse one game at a time (match's opening books,
// train/pgnimport's imports): a game starts at a tag line that follows
// move text.
//
// pgntext imports nothing.
package pgntext

import (
	"bufio"
	"io"
	"strings"
)

// Split returns the text of each game of r, in order; lines of up to 1 MiB.
func Split(r io.Reader) ([]string, error) {
	var games []string
	var cur strings.Builder
	inMoves := false
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "[") && inMoves {
			games = append(games, cur.String())
			cur.Reset()
			inMoves = false
		}
		if line != "" && !strings.HasPrefix(line, "[") {
			inMoves = true
		}
		cur.WriteString(line)
		cur.WriteByte('\n')
	}
	if strings.TrimSpace(cur.String()) != "" {
		games = append(games, cur.String())
	}
	return games, sc.Err()
}
