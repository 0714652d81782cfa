package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"kibitz/internal/regular"
	"kibitz/train"
	"kibitz/train/corpus"
	"kibitz/train/pgnimport"
)

func runCorpus(args []string, stdout, stderr io.Writer) error {
	return subcommand("corpus", args, map[string]func([]string) error{
		"info":     func(a []string) error { return corpusInfo(a, stdout) },
		"endgames": func(a []string) error { return corpusEndgames(a, stdout) },
		"import":   func(a []string) error { return corpusImport(a, stdout, stderr) },
		"wdl":      func(a []string) error { return corpusWDL(a, stdout, stderr) },
		"rescore":  func(a []string) error { return corpusRescore(a, stdout, stderr) },
		"convert": func(a []string) error {
			if len(a) != 2 {
				return errors.New("usage: kibitz corpus convert RECORDS.bin OUT" + corpus.Ext)
			}
			return corpusConvert(a[0], a[1], stdout)
		},
	})
}

// corpusFiles expands the paths a corpus command names into corpus files;
// no paths means the store ($KIBITZ_DATA).
func corpusFiles(paths []string) ([]string, error) {
	if len(paths) == 0 {
		dir, err := corpus.StoreDir()
		if err != nil {
			return nil, err
		}
		paths = []string{dir}
	}
	return corpus.Files(paths)
}

// corpusInfo prints each file's metadata, games, positions and bytes per
// position, and the totals.
func corpusInfo(paths []string, stdout io.Writer) error {
	files, err := corpusFiles(paths)
	if err != nil {
		return err
	}
	var games, positions int
	var bytes int64
	for _, f := range files {
		s, err := corpus.Read(f, nil)
		if err != nil {
			return err
		}
		games, positions, bytes = games+s.Games, positions+s.Positions, bytes+s.Bytes
		fmt.Fprintf(stdout, "%s: %s\n  %d games, %d positions, %d bytes (%.2f bytes/position)\n",
			f, s.Meta, s.Games, s.Positions, s.Bytes, float64(s.Bytes)/float64(max(s.Positions, 1)))
	}
	if len(files) > 1 {
		fmt.Fprintf(stdout, "total: %d files, %d games, %d positions, %d bytes (%.2f bytes/position)\n",
			len(files), games, positions, bytes, float64(bytes)/float64(max(positions, 1)))
	}
	return nil
}

// corpusImport writes the scored games of PGN files (fastchess's, from
// OpenBench's datagen) as a new corpus file.
func corpusImport(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("corpus import", stderr)
	out := fs.String("out", "", "the corpus file to write (new; name ending in "+corpus.Ext+")")
	generation := fs.Int("generation", 0, "the generation whose training the games are for (recorded in the header; 0: none)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: kibitz corpus import --out FILE"+corpus.Ext+" [--generation G] GAMES.pgn...")
		fmt.Fprintln(stderr, "Writes the games of the PGN files whose move comments carry the engine's score")
		fmt.Fprintln(stderr, "(fastchess: {+0.35/12 0.123s}) as a corpus file that kibitz train reads.")
		fs.SetOutput(stderr)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() == 0 {
		return errors.New("want --out FILE" + corpus.Ext + " and at least one PGN file")
	}
	if *generation < 0 {
		return fmt.Errorf("--generation %d is negative", *generation)
	}
	meta := "source=pgn"
	if *generation > 0 {
		meta += " generation=" + strconv.Itoa(*generation)
	}
	st, err := pgnimport.Import(fs.Args(), *out, meta)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "imported %d games of %d PGN files into %s: %d corpus games, %d scored positions; %d moves without a score and %d unfinished games left out\n",
		st.Games, st.Files, *out, st.Written, st.Positions, st.Unscored, st.Unfinished)
	return nil
}

func corpusConvert(from, to string, stdout io.Writer) error {
	if !strings.HasSuffix(to, corpus.Ext) {
		return fmt.Errorf("%s: a corpus file name ends in %s", to, corpus.Ext)
	}
	if _, err := os.Stat(to); err == nil {
		return fmt.Errorf("%s exists: convert into a new file", to)
	}
	in, err := regular.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	if st, err := in.Stat(); err != nil || !st.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file", from)
	}
	w, _, err := corpus.Append(to, "converted-from="+safeMeta(from))
	if err != nil {
		return err
	}
	n, err := train.ConvertRecords(in, w)
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(to)
		return err
	}
	fmt.Fprintf(stdout, "converted %d positions from %s into %s\n", n, from, to)
	return nil
}

// safeMeta keeps a metadata value to one word.
func safeMeta(s string) string {
	return strings.Map(func(r rune) rune {
		if r <= ' ' || r == '=' {
			return '_'
		}
		return r
	}, s)
}
