package main

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"kibitz/internal/regular"
	"kibitz/internal/svgplot"
)

func runPlot(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("plot", stderr)
	in := fs.String("csv", "", "CSV file with a header row")
	out := fs.String("out", "", "SVG file to write")
	xcol := fs.String("x", "", "column for the x axis")
	ycols := fs.String("y", "", "columns to draw, comma-separated (one line each)")
	errcols := fs.String("err", "", "columns with ± error bars, comma-separated, matching --y (optional)")
	names := fs.String("names", "", "legend names for the --y columns, comma-separated (default: the column names)")
	logx := fs.Bool("logx", false, "logarithmic x axis")
	title := fs.String("title", "", "chart title")
	xlabel := fs.String("xlabel", "", "x-axis label (default: the column name)")
	ylabel := fs.String("ylabel", "", "y-axis label")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *in == "" || *out == "" || *xcol == "" || *ycols == "" {
		return errors.New("--csv, --out, --x and --y are required")
	}
	f, err := regular.Open(*in)
	if err != nil {
		return err
	}
	defer f.Close()
	chart, err := chartFromCSV(f, *xcol, split(*ycols), split(*errcols))
	if err != nil {
		return fmt.Errorf("%s: %w", *in, err)
	}
	if *names != "" {
		legend := split(*names)
		if len(legend) != len(chart.Series) {
			return fmt.Errorf("%d names for %d y columns", len(legend), len(chart.Series))
		}
		for i := range legend {
			chart.Series[i].Name = legend[i]
		}
	}
	chart.Title, chart.XLabel, chart.YLabel, chart.LogX = *title, *xlabel, *ylabel, *logx
	if chart.XLabel == "" {
		chart.XLabel = *xcol
	}
	if err := writeFile(*out, chart.Write); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s\n", *out)
	return nil
}

func split(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

// chartFromCSV reads the named columns; empty cells are gaps in a line.
func chartFromCSV(r io.Reader, xcol string, ycols, errcols []string) (svgplot.Chart, error) {
	var c svgplot.Chart
	if len(errcols) > 0 && len(errcols) != len(ycols) {
		return c, fmt.Errorf("%d error columns for %d y columns", len(errcols), len(ycols))
	}
	rows, err := csv.NewReader(r).ReadAll()
	if err != nil {
		return c, err
	}
	if len(rows) < 2 {
		return c, errors.New("no data rows")
	}
	col := func(name string) ([]float64, error) {
		i := slices.Index(rows[0], name)
		if i < 0 {
			return nil, fmt.Errorf("no column %q (columns: %s)", name, strings.Join(rows[0], ", "))
		}
		v := make([]float64, len(rows)-1)
		for j, row := range rows[1:] {
			if strings.TrimSpace(row[i]) == "" {
				v[j] = math.NaN()
				continue
			}
			if v[j], err = strconv.ParseFloat(strings.TrimSpace(row[i]), 64); err != nil {
				return nil, fmt.Errorf("row %d, column %q: %q is not a number", j+2, name, row[i])
			}
		}
		return v, nil
	}
	x, err := col(xcol)
	if err != nil {
		return c, err
	}
	for k, name := range ycols {
		s := svgplot.Series{Name: name, X: x}
		if s.Y, err = col(name); err != nil {
			return c, err
		}
		if len(errcols) > 0 {
			if s.Err, err = col(errcols[k]); err != nil {
				return c, err
			}
		}
		c.Series = append(c.Series, s)
	}
	return c, nil
}
