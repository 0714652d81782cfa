package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"kibitz/engine"
	"kibitz/engine/search"
	"kibitz/nnue"
	"kibitz/train"
	"kibitz/train/corpus"
)

// trainRun is what the flags of "kibitz train" ask for.
type trainRun struct {
	cfg                    train.Config
	filter                 train.Filter
	data, where, gameRange string
	out, activation, init  string
	evaluate               string // nets whose held-out loss to report instead of training
	gapNet                 string // with maxGap ≥ 0, the net of the quiescence filter
	maxGap                 int
	limit                  int
	fitScale               bool
}

// parseTrain reads and checks the flags of "kibitz train".
func parseTrain(args []string, stderr io.Writer) (*trainRun, error) {
	fs := newFlags("train", stderr)
	r := &trainRun{cfg: train.DefaultConfig()}
	cfg, filter := &r.cfg, &r.filter
	data := fs.String("data", "", "corpus files or directories, comma-separated (default: the store, $KIBITZ_DATA or ~/.cache/kibitz/data)")
	where := fs.String("where", "", "only files whose metadata has these key=value pairs, comma-separated (e.g. net=1a2b3c4d5e6f,nodes=5000)")
	gameRange := fs.String("games", "", "only game numbers A:B (A included, B excluded; either may be left out)")
	fs.BoolVar(&filter.KeepInCheck, "keep-check", false, "keep positions with the side to move in check")
	fs.BoolVar(&filter.KeepNoisy, "keep-noisy", false, "keep positions whose chosen move captures or promotes")
	fs.IntVar(&filter.MinPly, "min-ply", 0, "skip positions before this ply")
	fs.IntVar(&filter.MaxPly, "max-ply", 0, "skip positions from this ply on (0: no limit)")
	fs.IntVar(&filter.MaxAbsScore, "max-score", 0, "skip positions scored beyond ±N centipawns (0: keep all but mates)")
	fs.BoolVar(&filter.Dedup, "dedup", false, "keep each position once, where it first occurs (by its hash key)")
	fs.IntVar(&filter.OneIn, "one-in", 0, "keep about one position in N of each game, the same ones on every read (0 or 1: all)")
	maxGap := fs.Int("max-gap", -1, "keep only positions whose quiescence search gains at most N centipawns over the static evaluation of --gap-net (0: quiet positions; -1: no check)")
	gapNet := fs.String("gap-net", engine.EmbeddedNetName, "the net that scores --max-gap's evaluations: a .nnue file or "+engine.EmbeddedNetName)
	out := fs.String("out", "kibitz.nnue", "network to write; the loss curve goes beside it (.csv, .svg)")
	limit := fs.Int("positions", 0, "use only the first N positions (0: all)")
	fs.IntVar(&cfg.Hidden, "hidden", cfg.Hidden, "hidden neurons per perspective (a multiple of 64)")
	fs.IntVar(&cfg.Buckets, "buckets", cfg.Buckets, "output buckets chosen by the number of men on the board (1 to 8; 1: one output)")
	fs.IntVar(&cfg.KingBuckets, "king-buckets", cfg.KingBuckets, "inputs by the own king's square, mirrored to files a–d: 1 (none), 2, 4 or 8 buckets")
	activation := fs.String("activation", "crelu", "hidden activation: crelu (clipped ReLU) or screlu (squared clipped ReLU)")
	fs.IntVar(&cfg.Epochs, "epochs", cfg.Epochs, "passes over the training data")
	fs.IntVar(&cfg.BatchSize, "batch", cfg.BatchSize, "positions per mini-batch")
	fs.Float64Var(&cfg.LR, "lr", cfg.LR, "Adam step size")
	fs.Float64Var(&cfg.Lambda, "lambda", cfg.Lambda, "weight of the game result in the target (1-lambda: the search score)")
	fs.Float64Var(&cfg.LambdaEnd, "lambda-end", -1, "lambda in the last epoch, reached in equal steps from --lambda (negative: --lambda throughout)")
	fs.Float64Var(&cfg.SigmoidScale, "scale", cfg.SigmoidScale, "centipawns: win probability = sigmoid(cp/scale)")
	fs.IntVar(&cfg.ValidPercent, "valid", cfg.ValidPercent, "percent of games held out for validation")
	fs.Uint64Var(&cfg.Seed, "seed", cfg.Seed, "random seed (initial weights, shuffling)")
	fs.IntVar(&cfg.Threads, "threads", runtime.NumCPU(), "threads")
	fs.StringVar(&cfg.Checkpoint, "checkpoint", "", "checkpoint file: saved every epoch, resumed from if present")
	fs.StringVar(&cfg.Schedule, "schedule", cfg.Schedule, "learning rate at every step after the warm-up: cosine or linear (down to --lr-end), or step (30 % from 60 % of the steps, 9 % from 85 %)")
	fs.Float64Var(&cfg.Warmup, "warmup", cfg.Warmup, "share of the steps over which the rate rises linearly to --lr (0 to 0.5)")
	fs.Float64Var(&cfg.LREnd, "lr-end", cfg.LREnd, "the rate at the last step, as a share of --lr (cosine, linear)")
	fs.Int64Var(&cfg.Positions, "seen", 0, "training positions the run sees in all, the last pass over the data partial (0: --epochs passes)")
	fs.Float64Var(&cfg.WeightDecay, "weight-decay", 0, "decoupled weight decay per step (AdamW), e.g. 0.01 (0: none)")
	fs.BoolVar(&r.fitScale, "fit-scale", false, "fit --scale to the training positions' results first, and train with it")
	fs.StringVar(&r.init, "init", "", "start from this net instead of random weights: a .nnue file, or "+engine.EmbeddedNetName+" for the embedded net (its shape must be the one asked for, but king buckets, hidden neurons and output buckets may be added)")
	fs.StringVar(&r.evaluate, "evaluate", "", "report the held-out loss of these nets (comma-separated .nnue files or "+engine.EmbeddedNetName+") on the selection's held-out games at --lambda and --scale, and train nothing")
	fs.BoolVar(&cfg.Mirror, "mirror", false, "train on positions without castling rights mirrored left to right half of the time")
	if err := parseFlags(fs, args); err != nil {
		return nil, err
	}
	if cfg.Hidden < 64 || cfg.Hidden > 1024 || cfg.Hidden%64 != 0 || cfg.Buckets < 1 || cfg.Buckets > nnue.MaxBuckets || !nnue.ValidKingBuckets(cfg.KingBuckets) || cfg.Epochs < 1 || cfg.BatchSize < 1 ||
		cfg.LR <= 0 || cfg.Lambda < 0 || cfg.Lambda > 1 || cfg.LambdaEnd > 1 || cfg.SigmoidScale <= 0 || cfg.ValidPercent < 0 || cfg.ValidPercent > 50 || *limit < 0 ||
		(cfg.Schedule != "step" && cfg.Schedule != "cosine" && cfg.Schedule != "linear") || (*activation != "crelu" && *activation != "screlu") ||
		!(cfg.Warmup >= 0 && cfg.Warmup <= 0.5) || !(cfg.LREnd >= 0 && cfg.LREnd <= 1) || cfg.Positions < 0 || !(cfg.WeightDecay >= 0 && cfg.WeightDecay < 1) {
		return nil, errors.New("a flag is out of range (see kibitz train -h)")
	}
	cfg.Squared = *activation == "screlu"
	if filter.MinPly < 0 || filter.MaxPly < 0 || filter.MaxAbsScore < 0 || (filter.MaxPly > 0 && filter.MaxPly <= filter.MinPly) {
		return nil, errors.New("--min-ply, --max-ply and --max-score must not be negative, and --max-ply must exceed --min-ply")
	}
	if filter.OneIn < 0 {
		return nil, errors.New("--one-in must not be negative (0 or 1: keep every position)")
	}
	if *maxGap < -1 {
		return nil, errors.New("--max-gap must be -1 (no check) or a number of centipawns")
	}
	r.data, r.where, r.gameRange, r.out, r.limit, r.activation = *data, *where, *gameRange, *out, *limit, *activation
	r.maxGap, r.gapNet = *maxGap, *gapNet
	return r, nil
}

func runTrain(args []string, stdout, stderr io.Writer) error {
	r, err := parseTrain(args, stderr)
	if err != nil {
		return err
	}
	cfg, filter := r.cfg, r.filter
	if r.init != "" {
		n, err := loadNet(r.init)
		if err != nil {
			return fmt.Errorf("--init: %w", err)
		}
		cfg.Init = train.FromNet(n)
	}
	if err := r.setGap(&filter); err != nil {
		return err
	}
	files, sel, err := corpusSelection(r.data, r.where, r.gameRange)
	if err != nil {
		return err
	}
	// Fail on an unwritable output now, not after the training.
	if err := checkWritable(r.out); r.evaluate == "" && err != nil {
		return err
	}
	samples, err := train.LoadCorpus(files, sel, filter, r.limit)
	if err != nil {
		return err
	}
	if len(samples) == 0 {
		return errors.New("the selection holds no training positions")
	}
	trainSet, validSet := train.Split(samples, cfg.ValidPercent)
	if r.evaluate != "" {
		return reportHeldOutLoss(stdout, strings.Split(r.evaluate, ","), validSet, cfg)
	}
	if r.fitScale {
		k := train.FitScale(trainSet, 50, 1000)
		if k == 0 {
			return errors.New("--fit-scale: no training position within ±2000 cp to fit the scale on")
		}
		fmt.Fprintf(stdout, "sigmoid scale fitted to the results of %d training positions: %.0f cp (was %g)\n", len(trainSet), k, cfg.SigmoidScale)
		cfg.SigmoidScale = math.Round(k)
	}
	seen := "epochs " + strconv.Itoa(cfg.Epochs)
	if cfg.Positions > 0 {
		seen = fmt.Sprintf("%d positions seen", cfg.Positions)
	}
	fmt.Fprintf(stdout, "seed %d; %d positions: %d training, %d validation; %d hidden, %d output buckets, %s, batch %d, lr %g (%s, warm-up %g, to %g), weight decay %g, lambda %s, sigmoid scale %g cp, mirror %v, activation %s, king buckets %d\n",
		cfg.Seed, len(samples), len(trainSet), len(validSet), cfg.Hidden, cfg.Buckets, seen, cfg.BatchSize, cfg.LR, cfg.Schedule, cfg.Warmup, cfg.LREnd, cfg.WeightDecay, lambdaText(cfg), cfg.SigmoidScale, cfg.Mirror, r.activation, cfg.KingBuckets)
	cfg.Progress = func(s train.EpochStats) {
		fmt.Fprintf(stdout, "epoch %3d  steps %7d  seen %11d  lr %.6f  loss %.6f  validation %.6f  %.0f pos/s  %s\n",
			s.Epoch, s.Steps, s.Seen, s.LR, s.TrainLoss, s.ValidLoss, s.PosPerSec, (time.Duration(s.ElapsedSec) * time.Second).String())
	}
	model, curve, err := train.Train(trainSet, validSet, cfg)
	if err != nil {
		return err
	}
	net := model.Quantise()
	// The quantised net, run by the engine's own code, must agree with the
	// float model.
	// An even sample of the whole held-out set, about 50 000 positions.
	report, err := train.CheckQuantisation(model, net, files, sel, filter, cfg.ValidPercent, max(1, len(validSet)/50_000))
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, report)
	if err := os.WriteFile(r.out, net.Bytes(), 0o644); err != nil {
		return err
	}
	base := strings.TrimSuffix(r.out, ".nnue")
	title := fmt.Sprintf("Kibitz NNUE %d-%d×2-1×%d: %d positions, seed %d", 768*cfg.KingBuckets, cfg.Hidden, cfg.Buckets, len(samples), cfg.Seed)
	if err := writeCurve(base, curve, title); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s, %s.csv, %s.svg\n", r.out, base, base)
	return nil
}

// setGap gives the filter the searcher of --max-gap, when one is asked for.
func (r *trainRun) setGap(f *train.Filter) error {
	if r.maxGap < 0 {
		return nil
	}
	n, err := loadNet(r.gapNet)
	if err != nil {
		return fmt.Errorf("--gap-net: %w", err)
	}
	f.Gap, f.MaxGap = search.New(search.Options{Net: n, HashMB: search.DefaultHashMB}), r.maxGap
	return nil
}

// loadNet reads a net file, or the embedded net for engine.EmbeddedNetName.
func loadNet(path string) (*nnue.Net, error) {
	if path == engine.EmbeddedNetName {
		return engine.EmbeddedNet()
	}
	return engine.ReadNet(path)
}

// lambdaText describes the target's blend: one weight, or its schedule.
func lambdaText(cfg train.Config) string {
	if cfg.LambdaEnd < 0 {
		return fmt.Sprint(cfg.Lambda)
	}
	return fmt.Sprintf("%g → %g", cfg.Lambda, cfg.LambdaEnd)
}

// writeCurve writes the loss curve as base.csv and base.svg.
func writeCurve(base string, curve []train.EpochStats, title string) error {
	if err := writeFile(base+".csv", func(w io.Writer) error { return train.WriteCSV(w, curve) }); err != nil {
		return err
	}
	return writeFile(base+".svg", func(w io.Writer) error { return train.WriteSVG(w, curve, title) })
}

func writeFile(path string, f func(io.Writer) error) error {
	file, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := f(file); err != nil {
		file.Close()
		return err
	}
	return file.Close()
}

// corpusSelection turns the --data, --where and --games flags into corpus
// files and a selection.
func corpusSelection(data, where, games string) ([]string, corpus.Selection, error) {
	var sel corpus.Selection
	paths := strings.Split(data, ",")
	if data == "" {
		dir, err := corpus.StoreDir()
		if err != nil {
			return nil, sel, err
		}
		paths = []string{dir}
	}
	files, err := corpus.Files(paths)
	if err != nil {
		return nil, sel, err
	}
	if where != "" {
		sel.Where = map[string]string{}
		for _, kv := range strings.Split(where, ",") {
			k, v, ok := strings.Cut(kv, "=")
			if !ok || k == "" {
				return nil, sel, fmt.Errorf("--where %q: want key=value pairs", where)
			}
			sel.Where[k] = v
		}
	}
	if games != "" {
		a, b, ok := strings.Cut(games, ":")
		var err1, err2 error
		if a != "" {
			sel.From, err1 = strconv.ParseUint(a, 10, 64)
		}
		if b != "" {
			sel.To, err2 = strconv.ParseUint(b, 10, 64)
		}
		if !ok || err1 != nil || err2 != nil || (sel.To != 0 && sel.To <= sel.From) {
			return nil, sel, fmt.Errorf("--games %q: want A:B with A < B", games)
		}
	}
	return files, sel, nil
}

// checkWritable fails if path cannot be created or written, leaving an
// existing file as it was.
func checkWritable(path string) error {
	if st, err := os.Stat(path); err == nil {
		if !st.Mode().IsRegular() {
			return fmt.Errorf("%s is not a regular file", path)
		}
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		return f.Close()
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".kibitz-write-check-*")
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the reason, without the probe file's name
		}
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	f.Close()
	return os.Remove(f.Name())
}

// reportHeldOutLoss prints each net's loss on the held-out positions: the
// same measure as the validation loss of a training run on this selection,
// so nets trained at different times compare on one fixed set.
func reportHeldOutLoss(stdout io.Writer, nets []string, validSet []train.Sample, cfg train.Config) error {
	if len(validSet) == 0 {
		return errors.New("--evaluate: the selection holds no held-out positions")
	}
	fmt.Fprintf(stdout, "%d held-out positions, lambda %g, sigmoid scale %g cp\n", len(validSet), cfg.Lambda, cfg.SigmoidScale)
	for _, path := range nets {
		n, err := loadNet(strings.TrimSpace(path))
		if err != nil {
			return fmt.Errorf("--evaluate: %w", err)
		}
		loss := train.Loss(train.FromNet(n), validSet, cfg, max(cfg.Threads, 1))
		fmt.Fprintf(stdout, "%s  %s  held-out loss %.6f\n", path, n.Architecture(), loss)
	}
	return nil
}
