// Package svgplot draws small line charts as standalone SVG: the training
// loss curves and the sample-efficiency chart in the docs. No dependency,
// no fonts to embed; a browser or GitHub renders the file as it is.
package svgplot

import (
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Series is one line: points (X[i], Y[i]), with an optional error bar of
// ±Err[i] around each.
type Series struct {
	Name, Colour string
	X, Y, Err    []float64
}

// Chart is a titled chart with labelled axes. With LogX the x axis is
// logarithmic (for sizes that double from point to point). XTicks, when
// set, are where the x axis is labelled.
type Chart struct {
	Title, XLabel, YLabel string
	LogX                  bool
	XTicks                []float64
	Series                []Series
}

// The canvas: width, height and the margins left, right, top and bottom.
const width, height, left, right, top, bottom = 640, 400, 76, 20, 40, 50

// palette colours series that do not name their own.
var palette = []string{"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"}

// seriesColour is the series' own colour or the palette's i-th.
func seriesColour(s Series, i int) string {
	if s.Colour != "" {
		return s.Colour
	}
	return palette[i%len(palette)]
}

// Write draws the chart. Points with a NaN coordinate are left out.
func (c Chart) Write(w io.Writer) error {
	xlo, xhi, ylo, yhi, err := c.bounds()
	if err != nil {
		return err
	}
	fx := func(v float64) float64 {
		if c.LogX {
			v, xlo, xhi := math.Log(v), math.Log(xlo), math.Log(xhi)
			return left + (v-xlo)*(width-left-right)/(xhi-xlo)
		}
		return left + (v-xlo)*(width-left-right)/(xhi-xlo)
	}
	fy := func(v float64) float64 { return top + (yhi-v)*(height-top-bottom)/(yhi-ylo) }

	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", width, height, width, height)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/><text x="%d" y="22" font-size="15">%s</text>`+"\n", width, height, left, escape(c.Title))
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/><line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>`+"\n",
		left, top, left, height-bottom, left, height-bottom, width-right, height-bottom)
	for _, v := range niceTicks(ylo, yhi) {
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n", left-6, fy(v)+4, label(v, yhi-ylo))
		fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>`+"\n", left, fy(v), width-right, fy(v))
	}
	for _, v := range c.xTicks(xlo, xhi) {
		text := label(v, xhi-xlo)
		if c.LogX || c.XTicks != nil {
			text = strconv.FormatFloat(v, 'g', -1, 64)
		}
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%s</text>`+"\n", fx(v), height-bottom+18, text)
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">%s</text>`+"\n", (width+left)/2, height-10, escape(c.XLabel))
	fmt.Fprintf(&b, `<text transform="translate(14 %d) rotate(-90)" text-anchor="middle">%s</text>`+"\n", (height+top-bottom)/2, escape(c.YLabel))
	for i, s := range c.Series {
		colour := seriesColour(s, i)
		var pts []string
		for j := range s.X {
			if math.IsNaN(s.X[j]) || math.IsNaN(s.Y[j]) {
				continue
			}
			x, y := fx(s.X[j]), fy(s.Y[j])
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x, y))
			if j < len(s.Err) && s.Err[j] > 0 {
				fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s"/>`+"\n", x, fy(s.Y[j]-s.Err[j]), x, fy(s.Y[j]+s.Err[j]), colour)
				fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>`+"\n", x, y, colour)
			}
		}
		fmt.Fprintf(&b, `<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>`+"\n", colour, strings.Join(pts, " "))
	}
	// The legend, drawn last on a veil so that lines passing under it do
	// not cross its names, in the corner of the plot that covers the
	// fewest points (the top right when several are empty).
	if n := len(c.Series); n > 0 {
		longest := 0
		for _, s := range c.Series {
			longest = max(longest, len([]rune(s.Name)))
		}
		w, h := 7*longest+16, 16*n+4
		var pts [][2]float64
		for _, s := range c.Series {
			for j := range s.X {
				if !math.IsNaN(s.X[j]) && !math.IsNaN(s.Y[j]) {
					pts = append(pts, [2]float64{fx(s.X[j]), fy(s.Y[j])})
				}
			}
		}
		x0, y0 := legendCorner(pts, w, h)
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="white" fill-opacity="0.85"/>`+"\n", x0, y0, w, h)
		// Right-aligned: a long name grows leftwards, inside the box.
		for i, s := range c.Series {
			fmt.Fprintf(&b, `<text x="%d" y="%d" fill="%s" text-anchor="end">%s</text>`+"\n", x0+w-4, y0+12+16*i, seriesColour(s, i), escape(s.Name))
		}
	}
	b.WriteString("</svg>\n")
	_, err = io.WriteString(w, b.String())
	return err
}

// legendCorner is the top-left corner of a w×h legend box in the corner
// of the plot area holding the fewest of the points pts (in pixels): top
// right, top left, bottom right, bottom left, the first on ties.
func legendCorner(pts [][2]float64, w, h int) (int, int) {
	corners := [][2]int{{width - right - w - 4, top - 2}, {left + 4, top - 2}, {width - right - w - 4, height - bottom - h - 4}, {left + 4, height - bottom - h - 4}}
	best, fewest := 0, math.MaxInt
	for k, c := range corners {
		inside := 0
		for _, p := range pts {
			// A point's marker reaches 4 pixels around it.
			if p[0] >= float64(c[0]-4) && p[0] <= float64(c[0]+w+4) && p[1] >= float64(c[1]-4) && p[1] <= float64(c[1]+h+4) {
				inside++
			}
		}
		if inside < fewest {
			best, fewest = k, inside
		}
	}
	return corners[best][0], corners[best][1]
}

// bounds is the range of the data, error bars included, widened a little.
func (c Chart) bounds() (xlo, xhi, ylo, yhi float64, err error) {
	xlo, ylo = math.Inf(1), math.Inf(1)
	xhi, yhi = math.Inf(-1), math.Inf(-1)
	for _, s := range c.Series {
		if len(s.X) != len(s.Y) {
			return 0, 0, 0, 0, fmt.Errorf("series %q: %d x values, %d y values", s.Name, len(s.X), len(s.Y))
		}
		for j := range s.X {
			x, y := s.X[j], s.Y[j]
			if math.IsNaN(x) || math.IsNaN(y) {
				continue
			}
			if c.LogX && x <= 0 {
				return 0, 0, 0, 0, fmt.Errorf("series %q: x = %g on a logarithmic axis", s.Name, x)
			}
			e := 0.0
			if j < len(s.Err) && s.Err[j] > 0 {
				e = s.Err[j]
			}
			xlo, xhi = min(xlo, x), max(xhi, x)
			ylo, yhi = min(ylo, y-e), max(yhi, y+e)
		}
	}
	if math.IsInf(xlo, 1) {
		return 0, 0, 0, 0, errors.New("no points to draw")
	}
	if xlo == xhi {
		xlo, xhi = xlo*0.9-1e-9, xhi*1.1+1e-9
	}
	// A margin on the x axis too, so end points and their error bars stand
	// clear of the frame.
	if c.LogX {
		pad := math.Pow(xhi/xlo, 0.04)
		xlo, xhi = xlo/pad, xhi*pad
	} else {
		pad := (xhi - xlo) * 0.04
		xlo, xhi = xlo-pad, xhi+pad
	}
	pad := (yhi - ylo) * 0.05
	if pad == 0 {
		pad = math.Max(math.Abs(ylo)*0.05, 1e-3)
	}
	return xlo, xhi, ylo - pad, yhi + pad, nil
}

// xTicks are the chart's own, or the data's x values on a logarithmic axis
// (typically 0.5, 1, 2, 4 …), or round values.
func (c Chart) xTicks(lo, hi float64) []float64 {
	if c.XTicks != nil {
		return c.XTicks
	}
	if !c.LogX {
		return niceTicks(lo, hi)
	}
	var all []float64
	for _, s := range c.Series {
		for _, x := range s.X {
			if !math.IsNaN(x) {
				all = append(all, x)
			}
		}
	}
	// Values within 12 % of a smaller one already labelled (2 and 2.01,
	// 3.71 and 4) would print over each other: the smaller one stands for both.
	slices.Sort(all)
	var t []float64
	for _, x := range all {
		if len(t) == 0 || x > t[len(t)-1]*1.12 {
			t = append(t, x)
		}
	}
	return t
}

// niceTicks are the multiples of a round step (1, 2 or 5 times a power of
// ten) between lo and hi, about five of them.
func niceTicks(lo, hi float64) []float64 {
	step := niceStep(hi - lo)
	var t []float64
	for v := math.Ceil(lo/step) * step; v <= hi+step*1e-9; v += step {
		t = append(t, math.Round(v/step)*step)
	}
	return t
}

func niceStep(span float64) float64 {
	if span <= 0 {
		return 1
	}
	raw := span / 5
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5} {
		if m*p >= raw {
			return m * p
		}
	}
	return 10 * p
}

// label prints v with as many decimals as a tick step on the axis needs.
// A tick computed as a tiny negative number reads 0, not -0.
func label(v, span float64) string {
	s := strconv.FormatFloat(v, 'f', max(0, int(-math.Floor(math.Log10(niceStep(span))))), 64)
	if strings.Trim(s, "-0.") == "" {
		s = strings.TrimPrefix(s, "-")
	}
	return s
}

func escape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}
