package main

import (
	"errors"
	"fmt"
	"html"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"
	"unicode/utf8"

	"kibitz/engine/tablebase"
	"kibitz/engine/tablebase/wdlnet"
	"kibitz/train/wdltrain"
)

// runTBStudy is "kibitz tb study": train a compact network on the tables'
// results and report how well it predicts the positions it never saw.
func runTBStudy(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("tb study", stderr)
	dir := fs.String("dir", "tables", "table directory")
	list := fs.String("tables", "", "the endings to learn, comma-separated (required, e.g. KRBvKR,KQPvKQ)")
	out := fs.String("out", "", "write the trained model to this file")
	from := fs.String("model", "", "start from this model file instead of a new network (its shape and inputs replace --h1, --h2, --threats and --shape); with --samples 0 only evaluate it")
	picture := fs.String("confusion-svg", "", "draw the overall confusion matrix to this SVG file")
	h1 := fs.Int("h1", 128, "first hidden layer")
	h2 := fs.Int("h2", 32, "second hidden layer")
	threats := fs.Bool("threats", true, "add the threat features (attacked, defended, king mobility) to the placement")
	shape := fs.Bool("shape", true, "add the shape features (pawn races, where the kings stand from the pawns and from each other)")
	samples := fs.Int("samples", 20_000_000, "training positions drawn")
	batch := fs.Int("batch", 512, "positions per step")
	lr := fs.Float64("lr", 2e-3, "Adam's step size at the start (cosine down to a tenth)")
	seed := fs.Uint64("seed", 1, "seed of the weights, the draws and the held-out split")
	test := fs.Int("test", 10, "held-out percentage of every table")
	sample := fs.Int("sample", 100, "evaluate this percentage of the held-out positions (drawn at random)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case *list == "":
		return errors.New("--tables is required")
	case *h1 < 1 || *h1 > 4096 || *h2 < 1 || *h2 > 4096:
		return fmt.Errorf("--h1 %d --h2 %d: want 1…4096", *h1, *h2)
	case *samples < 0 || *samples == 0 && *from == "" || *batch < 1 || *lr <= 0:
		return errors.New("--samples (0 only with --model), --batch and --lr must be positive")
	case *sample < 1 || *sample > 100:
		return fmt.Errorf("--sample %d: want 1…100 (percent)", *sample)
	case *test < 1 || *test > 50:
		return fmt.Errorf("--test %d: want 1…50 (percent)", *test)
	}
	if *out != "" {
		if err := checkWritable(*out); err != nil {
			return err
		}
	}
	tables, err := studyTables(*dir, *list)
	if err != nil {
		return err
	}
	var start0 *wdlnet.Model
	if *from != "" {
		if start0, err = wdlnet.Load(*from); err != nil {
			return err
		}
		*h1, *h2 = start0.H1, start0.H2
	}
	start := time.Now()
	cfg := wdltrain.Config{From: start0, H1: *h1, H2: *h2, Inputs: wdlnet.Inputs{Threats: *threats, Shape: *shape}, Seed: *seed, Samples: *samples, Batch: *batch, LR: *lr,
		TestPercent: *test, Threads: runtime.GOMAXPROCS(0), Every: max(*samples/20, 1),
		Progress: func(done int, loss float64) {
			fmt.Fprintf(stdout, "trained %d positions  loss %.4f  %.0f s\n", done, loss, time.Since(start).Seconds())
		}}
	m := start0
	if *samples > 0 {
		m = wdltrain.Train(tables, cfg)
		fmt.Fprintf(stdout, "training: %.0f s\n", time.Since(start).Seconds())
	}
	all := reportStudy(stdout, m, tables, *seed, *test, *sample)
	if *picture != "" {
		if err := os.WriteFile(*picture, []byte(confusionSVG(all, *list)), 0o644); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "model: %d bytes (%d×%d×%d×3; the first two layers int16, the rest float32)\n", m.Bytes(), m.Features(), *h1, *h2)
	fmt.Fprintf(stdout, "probe: %.2f µs per position (one thread, canonical form given)\n", probeTime(m, tables[0]))
	if *out != "" {
		return writeModel(m, *out)
	}
	return nil
}

// reportStudy prints the model's confusion on each table's held-out
// positions and returns their sum.
func reportStudy(stdout io.Writer, m *wdlnet.Model, tables []*tablebase.Table, seed uint64, test, sample int) wdltrain.Confusion {
	var all wdltrain.Confusion
	for _, t := range tables {
		c := wdltrain.Evaluate(m, t, seed, test, sample)
		all.Add(c)
		fmt.Fprintf(stdout, "%s held-out=%d accuracy=%.4f confusion=%v\n", t.Sig, c.Total(), c.Accuracy(), c)
	}
	fmt.Fprintf(stdout, "all held-out=%d accuracy=%.4f confusion=%v (rows true, columns predicted: loss, draw, win)\n", all.Total(), all.Accuracy(), all)
	return all
}

// studyTables loads the tables named in list (comma-separated) from dir.
func studyTables(dir, list string) ([]*tablebase.Table, error) {
	sigs, err := tablebase.ParseSignatures(list)
	if err != nil {
		return nil, err
	}
	set := tablebase.NewSet()
	if _, err := set.LoadDir(dir); err != nil {
		return nil, err
	}
	var tables []*tablebase.Table
	for _, s := range sigs {
		t, ok := set.Loaded(s)
		if !ok {
			return nil, fmt.Errorf("%s: no table in %s (make it with kibitz tb gen --tables %s --out %s)", s, dir, s, dir)
		}
		tables = append(tables, t)
	}
	return tables, nil
}

// writeModel writes m beside path and renames it there: an existing model
// is replaced whole or not at all.
func writeModel(m *wdlnet.Model, path string) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".kwdl-*")
	if err != nil {
		return err
	}
	_, err = m.WriteTo(f)
	if err == nil {
		err = f.Chmod(0o644)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// probeTime is the mean time of one prediction over the table's first
// 100 000 used entries.
func probeTime(m *wdlnet.Model, t *tablebase.Table) float64 {
	var entries []tablebase.Entry
	for i := 0; i < t.Size() && len(entries) < 100_000; i++ {
		if e, ok := t.Entry(i); ok {
			entries = append(entries, e)
		}
	}
	p := m.Predictor()
	start := time.Now()
	for i := range entries {
		p.Predict(&entries[i])
	}
	return float64(time.Since(start).Microseconds()) / float64(max(1, len(entries)))
}

// confusionSVG draws a confusion matrix as a grid whose cells are shaded
// by their share of their row (the true result), with the counts.
func confusionSVG(c wdltrain.Confusion, title string) string {
	const cell, left, top = 120, 110, 70
	names := [3]string{"loss", "draw", "win"}
	var b strings.Builder
	heading := fmt.Sprintf("%s: held-out accuracy %.2f %%", title, 100*c.Accuracy())
	// A long list of tables widens the picture: about 9 px a character at 16 px.
	width := max(left+3*cell+20, 20+9*utf8.RuneCountInString(heading))
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="14">`+"\n", width, top+3*cell+40)
	fmt.Fprintf(&b, `<text x="%d" y="22" font-size="16">%s</text>`+"\n", 10, html.EscapeString(heading))
	fmt.Fprintf(&b, `<text x="%d" y="50">predicted →</text><text x="10" y="%d">true ↓</text>`+"\n", left, top-8)
	for j, n := range names {
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">%s</text>`+"\n", left+j*cell+cell/2, top-8, n)
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%s</text>`+"\n", left-10, top+j*cell+cell/2+5, n)
	}
	for i, row := range c {
		sum := row[0] + row[1] + row[2]
		for j, v := range row {
			share := 0.0
			if sum > 0 {
				share = float64(v) / float64(sum)
			}
			light := 97 - int(share*60)
			ink := "#000"
			if light < 60 {
				ink = "#fff"
			}
			x, y := left+j*cell, top+i*cell
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="hsl(215,70%%,%d%%)" stroke="#fff"/>`+"\n", x, y, cell, cell, light)
			fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle" fill="%s">%d</text>`+"\n", x+cell/2, y+cell/2, ink, v)
			fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle" fill="%s" font-size="12">%.1f %%</text>`+"\n", x+cell/2, y+cell/2+18, ink, 100*share)
		}
	}
	b.WriteString("</svg>\n")
	return b.String()
}
