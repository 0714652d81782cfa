package selfplay

import (
	"fmt"
	"kibitz/engine"
	"testing"

	"kibitz/nnue"
)

// BenchmarkPlay plays self-play games as datagen does (5 000 nodes a
// move, the embedded net, one game at a time): the figure to profile when
// the corpus grows too slowly. Its sub-benchmarks compare table sizes.
func BenchmarkPlay(b *testing.B) {
	net, err := nnue.Default()
	if err != nil {
		b.Fatal(err)
	}
	for _, mb := range []int{1, 2, 8} {
		b.Run(fmt.Sprintf("hash%dMB", mb), func(b *testing.B) {
			cfg := Config{Nodes: 5000, RandomPlies: 8, MaxPlies: 400, Seed: 77, Concurrency: 1, Net: net, HashMB: mb}
			eng, _ := engine.New(engine.Config{HashMB: cfg.hashMB(), Threads: 1, Net: net})
			positions := 0
			i := 0
			for b.Loop() {
				positions += len(Play(eng, cfg, i).Moves)
				i++
			}
			b.ReportMetric(float64(positions)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}
