package svgplot

import (
	"encoding/xml"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
)

// polylinePoints parses the points of every polyline in an SVG document
// (which must be well-formed XML).
func polylinePoints(t *testing.T, svg string) [][][2]float64 {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(svg))
	var lines [][][2]float64
	for {
		tok, err := dec.Token()
		if err != nil {
			if err.Error() == "EOF" {
				return lines
			}
			t.Fatalf("not well-formed SVG: %v", err)
		}
		el, ok := tok.(xml.StartElement)
		if !ok || el.Name.Local != "polyline" {
			continue
		}
		var pts [][2]float64
		for _, a := range el.Attr {
			if a.Name.Local != "points" {
				continue
			}
			for _, p := range strings.Fields(a.Value) {
				x, y, _ := strings.Cut(p, ",")
				fx, err1 := strconv.ParseFloat(x, 64)
				fy, err2 := strconv.ParseFloat(y, 64)
				if err1 != nil || err2 != nil {
					t.Fatalf("bad point %q", p)
				}
				pts = append(pts, [2]float64{fx, fy})
			}
		}
		lines = append(lines, pts)
	}
}

func draw(t *testing.T, c Chart) string {
	t.Helper()
	var b strings.Builder
	if err := c.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestPointsLandInsideThePlotAndInOrder(t *testing.T) {
	svg := draw(t, Chart{Title: "a < b & c", Series: []Series{
		{Name: "up", X: []float64{1, 2, 3, 4}, Y: []float64{10, 20, 15, 40}},
		{Name: "flat", X: []float64{1, 4}, Y: []float64{5, 5}},
	}})
	lines := polylinePoints(t, svg)
	if len(lines) != 2 || len(lines[0]) != 4 || len(lines[1]) != 2 {
		t.Fatalf("polylines %v", lines)
	}
	for _, pts := range lines {
		for _, p := range pts {
			if p[0] < left || p[0] > width-right || p[1] < top || p[1] > height-bottom {
				t.Errorf("point %v outside the plot area", p)
			}
		}
	}
	up := lines[0]
	// Larger x further right; larger y higher up (smaller SVG y).
	if !(up[0][0] < up[1][0] && up[1][0] < up[2][0]) || !(up[3][1] < up[1][1] && up[1][1] < up[2][1] && up[2][1] < up[0][1]) {
		t.Errorf("points out of order: %v", up)
	}
	if !strings.Contains(svg, "a &lt; b &amp; c") {
		t.Error("title not escaped")
	}
}

func TestLogAxisSpacesDoublingsEvenly(t *testing.T) {
	svg := draw(t, Chart{LogX: true, Series: []Series{{X: []float64{0.5, 1, 2, 4}, Y: []float64{-50, 0, 30, 45}, Err: []float64{20, 20, 20, 20}}}})
	pts := polylinePoints(t, svg)[0]
	for i := 2; i < len(pts); i++ {
		if d0, d1 := pts[1][0]-pts[0][0], pts[i][0]-pts[i-1][0]; math.Abs(d0-d1) > 0.2 {
			t.Errorf("doublings %.1f and %.1f apart", d0, d1)
		}
	}
	if n := strings.Count(svg, "<circle"); n != 4 {
		t.Errorf("%d error-bar markers, want 4", n)
	}
	for _, tick := range []string{">0.5<", ">1<", ">2<", ">4<"} {
		if !strings.Contains(svg, tick) {
			t.Errorf("x tick %s missing", tick)
		}
	}
}

func TestBadChartsAreErrors(t *testing.T) {
	for name, c := range map[string]Chart{
		"empty":         {},
		"lengths":       {Series: []Series{{X: []float64{1, 2}, Y: []float64{1}}}},
		"log of zero":   {LogX: true, Series: []Series{{X: []float64{0, 1}, Y: []float64{1, 2}}}},
		"only NaN data": {Series: []Series{{X: []float64{math.NaN()}, Y: []float64{1}}}},
	} {
		if err := c.Write(&strings.Builder{}); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// A tick that comes out a hair below zero is labelled 0.
func TestLabelHasNoNegativeZero(t *testing.T) {
	for _, c := range []struct {
		v, span float64
		want    string
	}{{-1e-14, 500, "0"}, {-1e-14, 0.5, "0.0"}, {-100, 500, "-100"}, {-0.05, 0.5, "-0.1"}} {
		if got := label(c.v, c.span); got != c.want {
			t.Errorf("label(%g, %g) = %q, want %q", c.v, c.span, got, c.want)
		}
	}
}

// On a log axis, data x values too close to tell apart get one label.
func TestLogTicksDoNotCrowd(t *testing.T) {
	nan := math.NaN()
	svg := draw(t, Chart{LogX: true, Series: []Series{
		{X: []float64{1, 2, 4}, Y: []float64{0, 10, 20}},
		{X: []float64{2.01, 3.71, 5.32}, Y: []float64{5, nan, 30}},
	}})
	for _, tick := range []string{">1<", ">2<", ">3.71<", ">5.32<"} {
		if !strings.Contains(svg, tick) {
			t.Errorf("x tick %s missing", tick)
		}
	}
	for _, tick := range []string{">2.01<", ">4<"} {
		if strings.Contains(svg, tick) {
			t.Errorf("x tick %s printed beside a neighbour within 12 %%", tick)
		}
	}
}

// With seven series no two lines share a colour, and the legend comes after
// every line, so that it is drawn over them.
func TestLegendOverDistinctLines(t *testing.T) {
	var c Chart
	for i := range 7 {
		c.Series = append(c.Series, Series{Name: "series" + strconv.Itoa(i), X: []float64{0, 1}, Y: []float64{0, float64(i)}})
	}
	var b strings.Builder
	if err := c.Write(&b); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	seen := map[string]bool{}
	for _, line := range strings.Split(svg, "\n") {
		if !strings.HasPrefix(line, "<polyline") {
			continue
		}
		stroke := line[strings.Index(line, `stroke="`)+8:]
		stroke = stroke[:strings.Index(stroke, `"`)]
		if seen[stroke] {
			t.Errorf("two lines drawn in %s", stroke)
		}
		seen[stroke] = true
	}
	if len(seen) != 7 {
		t.Fatalf("%d lines drawn, want 7", len(seen))
	}
	if last, first := strings.LastIndex(svg, "<polyline"), strings.Index(svg, ">series0<"); first < last {
		t.Error("the legend is drawn before the last line, which then crosses it")
	}
}

// The legend goes to a corner the data leave empty: with a line rising to
// the top right, the top left; with the data along the top and down at
// the right, the bottom left.
func TestLegendAvoidsThePoints(t *testing.T) {
	for _, c := range []struct {
		y          []float64
		wantLeft   bool
		wantBottom bool
	}{
		{[]float64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, true, false},
		{[]float64{10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 0}, true, true},
		{[]float64{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10}, true, false},
	} {
		x := make([]float64, len(c.y))
		for i := range x {
			x[i] = float64(i)
		}
		chart := Chart{Series: []Series{{Name: "measured (95 %)", X: x, Y: c.y}, {Name: "label", X: x, Y: c.y}}}
		var b strings.Builder
		if err := chart.Write(&b); err != nil {
			t.Fatal(err)
		}
		svg := b.String()
		i := strings.Index(svg, `fill-opacity="0.85"`)
		if i < 0 {
			t.Fatal("no legend")
		}
		var rx, ry, rw, rh int
		if _, err := fmt.Sscanf(svg[strings.LastIndex(svg[:i], "<rect"):], `<rect x="%d" y="%d" width="%d" height="%d"`, &rx, &ry, &rw, &rh); err != nil {
			t.Fatal(err)
		}
		if left, bottom := rx < width/2, ry > height/2; left != c.wantLeft || bottom != c.wantBottom {
			t.Errorf("%v: legend at (%d, %d)", c.y, rx, ry)
		}
		// No point of the line lies under it.
		for _, p := range strings.Split(svg[strings.Index(svg, `points="`)+8:], " ") {
			var px, py float64
			if _, err := fmt.Sscanf(p, "%f,%f", &px, &py); err == nil && px >= float64(rx) && px <= float64(rx+rw) && py >= float64(ry) && py <= float64(ry+rh) {
				t.Errorf("%v: point %s under the legend", c.y, p)
			}
		}
	}
}
