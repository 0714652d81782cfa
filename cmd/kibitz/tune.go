package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"kibitz/engine/eval"
	"kibitz/train"
	"kibitz/train/texel"
)

// runTune fits the classical evaluation to the results of corpus games: the
// same corpus, selection flags and split by game as kibitz train.
func runTune(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("tune", stderr)
	data := fs.String("data", "", "corpus files or directories, comma-separated (default: the store, $KIBITZ_DATA or ~/.cache/kibitz/data)")
	where := fs.String("where", "", "only files whose metadata has these key=value pairs, comma-separated")
	gameRange := fs.String("games", "", "only game numbers A:B (A included, B excluded)")
	limit := fs.Int("positions", 0, "use only the first N positions (0: all)")
	valid := fs.Int("valid", 10, "percent of games held out for validation")
	epochs := fs.Int("epochs", 400, "tuning epochs (full batch)")
	lr := fs.Float64("lr", 2, "Adam step size in centipawns")
	out := fs.String("out", "engine/eval/weights_gen.go", "where to write the tuned weights")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *limit < 0 || *valid < 1 || *valid > 50 || *epochs < 1 || *lr <= 0 {
		return errors.New("--positions must not be negative, --valid 1..50, --epochs and --lr positive")
	}
	files, sel, err := corpusSelection(*data, *where, *gameRange)
	if err != nil {
		return err
	}
	if err := checkWritable(*out); err != nil {
		return err
	}
	var trainSet, validSet []texel.TuneSample
	err = train.EachPosition(files, sel, train.DefaultFilter, func(p train.Position) bool {
		s := texel.NewTuneSample(p.Board, p.Result)
		if train.IsValidation(p.Game, *valid) {
			validSet = append(validSet, s)
		} else {
			trainSet = append(trainSet, s)
		}
		return *limit == 0 || len(trainSet)+len(validSet) < *limit
	})
	if err != nil {
		return err
	}
	if len(trainSet) < 100 || len(validSet) == 0 {
		return fmt.Errorf("%d training and %d validation positions: too few to tune", len(trainSet), len(validSet))
	}
	start := eval.Weights()
	k := texel.FitK(trainSet, start)
	fmt.Fprintf(stdout, "%d training and %d validation positions; k = %.3f\n", len(trainSet), len(validSet), k)
	fmt.Fprintf(stdout, "validation loss before: %.6f\n", texel.Loss(validSet, start, k))
	tuned := texel.Tune(trainSet, start, k, *epochs, *lr, func(epoch int, loss float64) {
		if epoch%50 == 0 || epoch == 1 {
			fmt.Fprintf(stdout, "epoch %4d  training loss %.6f\n", epoch, loss)
		}
	})
	fmt.Fprintf(stdout, "validation loss after:  %.6f\n", texel.Loss(validSet, tuned, k))
	header := fmt.Sprintf("kibitz tune: %d positions of %d corpus files, %d%% of games held out, %d epochs, k=%.3f.",
		len(trainSet)+len(validSet), len(files), *valid, *epochs, k)
	src, err := texel.GoSource(tuned, header)
	if err != nil {
		return err
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s\n", *out)
	return nil
}
