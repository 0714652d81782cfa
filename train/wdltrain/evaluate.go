package wdltrain

import (
	"runtime"
	"sync"

	"kibitz/engine/tablebase"
	"kibitz/engine/tablebase/wdlnet"
)

// Confusion counts held-out positions by true result (row) and predicted
// result (column), each in the order loss, draw, win.
type Confusion [3][3]int

// Total is the number of positions counted.
func (c *Confusion) Total() int {
	n := 0
	for _, r := range c {
		for _, v := range r {
			n += v
		}
	}
	return n
}

// Accuracy is the share predicted right.
func (c *Confusion) Accuracy() float64 {
	if c.Total() == 0 {
		return 0
	}
	return float64(c[0][0]+c[1][1]+c[2][2]) / float64(c.Total())
}

// Add adds another matrix's counts.
func (c *Confusion) Add(o Confusion) {
	for i := range c {
		for j := range c[i] {
			c[i][j] += o[i][j]
		}
	}
}

// Evaluate counts the model's predictions on the held-out entries of a
// table (the share Heldout gives for seed and percent); with sample below
// 100 only that percentage of them, drawn by another hash of the index.
func Evaluate(m *wdlnet.Model, t *tablebase.Table, seed uint64, percent, sample int) Confusion {
	threads := runtime.GOMAXPROCS(0)
	parts := make([]Confusion, threads)
	chunk := (t.Size() + threads - 1) / threads
	var wg sync.WaitGroup
	for w := range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := m.Predictor()
			for i := w * chunk; i < min(t.Size(), (w+1)*chunk); i++ {
				if !wdlnet.Heldout(i, seed, percent) || sample < 100 && !wdlnet.Heldout(i, ^seed, sample) {
					continue
				}
				e, ok := t.Entry(i)
				if !ok {
					continue
				}
				got, _ := p.Predict(&e)
				parts[w][e.WDL+1][got+1]++
			}
		}()
	}
	wg.Wait()
	var c Confusion
	for _, p := range parts {
		c.Add(p)
	}
	return c
}
