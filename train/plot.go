package train

import (
	"fmt"
	"io"

	"kibitz/internal/svgplot"
)

// WriteCSV writes the loss curve.
func WriteCSV(w io.Writer, curve []EpochStats) error {
	if _, err := fmt.Fprintln(w, "epoch,steps,positions_seen,lr,train_loss,valid_loss,positions_per_second,elapsed_seconds"); err != nil {
		return err
	}
	for _, s := range curve {
		if _, err := fmt.Fprintf(w, "%d,%d,%d,%.3g,%.6f,%.6f,%.0f,%.1f\n", s.Epoch, s.Steps, s.Seen, s.LR, s.TrainLoss, s.ValidLoss, s.PosPerSec, s.ElapsedSec); err != nil {
			return err
		}
	}
	return nil
}

// WriteSVG draws training and validation loss against the epoch.
func WriteSVG(w io.Writer, curve []EpochStats, title string) error {
	train := svgplot.Series{Name: "training loss"}
	valid := svgplot.Series{Name: "validation loss"}
	var ticks []float64
	for i, s := range curve {
		e := float64(s.Epoch)
		train.X, train.Y = append(train.X, e), append(train.Y, s.TrainLoss)
		valid.X, valid.Y = append(valid.X, e), append(valid.Y, s.ValidLoss)
		if i%max(1, len(curve)/10) == 0 || i == len(curve)-1 {
			ticks = append(ticks, e)
		}
	}
	c := svgplot.Chart{Title: title, XLabel: "epoch", YLabel: "loss", XTicks: ticks, Series: []svgplot.Series{train, valid}}
	return c.Write(w)
}
