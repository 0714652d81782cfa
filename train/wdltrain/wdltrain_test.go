package wdltrain

import (
	"bytes"
	"os"
	"testing"

	"kibitz/engine/tablebase"
	"kibitz/engine/tablebase/wdlnet"
)

func table(t *testing.T, sig string) *tablebase.Table {
	t.Helper()
	s, err := tablebase.ParseSignature(sig)
	if err != nil {
		t.Fatal(err)
	}
	return tablebase.NewSet().Table(s)
}

// A small model learns king and pawn against king well beyond the share
// of its commonest result, on positions it never saw.
func TestLearnsKPvKOnHeldOutPositions(t *testing.T) {
	kpk := table(t, "KPvK")
	cfg := Config{H1: 64, H2: 16, Seed: 3, Samples: 400_000, Batch: 256, LR: 3e-3, TestPercent: 10, Threads: 2}
	m := Train([]*tablebase.Table{kpk}, cfg)
	c := Evaluate(m, kpk, cfg.Seed, cfg.TestPercent, 100)
	majority := 0
	for _, row := range c {
		majority = max(majority, row[0]+row[1]+row[2])
	}
	base := float64(majority) / float64(c.Total())
	t.Logf("KPvK held out: %d positions, accuracy %.4f (commonest result %.4f), confusion %v", c.Total(), c.Accuracy(), base, c)
	if c.Total() < 5000 {
		t.Fatalf("only %d held-out positions: the split is wrong", c.Total())
	}
	if c.Accuracy() < base+0.08 {
		t.Errorf("accuracy %.4f is not clearly above always answering the commonest result (%.4f)", c.Accuracy(), base)
	}
}

// kpkFixture is the model engine/tablebase/wdlnet's term tests load
// (testdata/kpk.kwdl there): this configuration, trained on KPvK.
const kpkFixture = "../../engine/tablebase/wdlnet/testdata/kpk.kwdl"

// Training is deterministic: the fixture is exactly what this trainer
// makes of its configuration (KIBITZ_UPDATE_DOCS=1 writes it anew).
func TestTrainsTheTermTestsFixture(t *testing.T) {
	if testing.Short() {
		t.Skip("trains on 400 000 positions")
	}
	kpk := table(t, "KPvK")
	cfg := Config{H1: 64, H2: 16, Inputs: wdlnet.Inputs{Threats: true}, Seed: 5, Samples: 400_000, Batch: 256, LR: 3e-3, TestPercent: 10, Threads: 2}
	var b bytes.Buffer
	if _, err := Train([]*tablebase.Table{kpk}, cfg).WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	if os.Getenv("KIBITZ_UPDATE_DOCS") != "" {
		if err := os.WriteFile(kpkFixture, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(kpkFixture)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), want) {
		t.Errorf("trained %d bytes that differ from the %d of %s", b.Len(), len(want), kpkFixture)
	}
}
