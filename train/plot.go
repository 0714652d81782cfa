package train

import (
	"fmt"
	"io"
	"math"
	"strings"
)

// WriteCSV writes the loss curve.
func WriteCSV(w io.Writer, curve []EpochStats) error {
	if _, err := fmt.Fprintln(w, "epoch,lr,train_loss,valid_loss,positions_per_second,elapsed_seconds"); err != nil {
		return err
	}
	for _, s := range curve {
		if _, err := fmt.Fprintf(w, "%d,%.3g,%.6f,%.6f,%.0f,%.1f\n", s.Epoch, s.LR, s.TrainLoss, s.ValidLoss, s.PosPerSec, s.ElapsedSec); err != nil {
			return err
		}
	}
	return nil
}

// WriteSVG draws training and validation loss against the epoch.
func WriteSVG(w io.Writer, curve []EpochStats, title string) error {
	const W, H, L, R, T, B = 640, 400, 70, 20, 40, 50
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, s := range curve {
		for _, v := range []float64{s.TrainLoss, s.ValidLoss} {
			if !math.IsNaN(v) {
				lo, hi = min(lo, v), max(hi, v)
			}
		}
	}
	if len(curve) == 0 || lo == hi {
		lo, hi = lo-0.001, hi+0.001
	}
	n := max(len(curve), 2)
	x := func(i int) float64 { return L + float64(i)*(W-L-R)/float64(n-1) }
	y := func(v float64) float64 { return T + (hi-v)*(H-T-B)/(hi-lo) }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", W, H, W, H)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/><text x="%d" y="22" font-size="15">%s</text>`+"\n", W, H, L, title)
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/><line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>`+"\n", L, T, L, H-B, L, H-B, W-R, H-B)
	for k := 0; k <= 4; k++ {
		v := lo + (hi-lo)*float64(k)/4
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end">%.4f</text>`+"\n", L-6, y(v)+4, v)
	}
	for i, s := range curve {
		if i%max(1, len(curve)/10) == 0 || i == len(curve)-1 {
			fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%d</text>`+"\n", x(i), H-B+18, s.Epoch)
		}
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">epoch</text>`+"\n", (W+L)/2, H-10)
	for _, series := range []struct {
		colour, name string
		get          func(EpochStats) float64
	}{{"#1f77b4", "training loss", func(s EpochStats) float64 { return s.TrainLoss }},
		{"#d62728", "validation loss", func(s EpochStats) float64 { return s.ValidLoss }}} {
		var pts []string
		for i, s := range curve {
			if v := series.get(s); !math.IsNaN(v) {
				pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(i), y(v)))
			}
		}
		fmt.Fprintf(&b, `<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>`+"\n", series.colour, strings.Join(pts, " "))
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" fill="#1f77b4">training loss</text><text x="%d" y="%d" fill="#d62728">validation loss</text>`+"\n", W-200, T+10, W-200, T+26)
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}
