package milp

import (
	"context"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/corpora/corporatest"
)

// analyse runs the LP analysis over a sample of a corpus.
func analyse(t *testing.T, corpus string, n int) LPBucket {
	a := NewLPAnalysis()
	if err := a.Available(); err != nil {
		t.Skipf("LP analysis needs glpsol: %v", err)
	}
	for _, p := range corporatest.Sample(t, corpus, n, sampleSeed) {
		if _, err := a.Add(context.Background(), p.Grid); err != nil {
			t.Fatalf("%s: %v", p.ID, err)
		}
	}
	return a.Total()
}

// TestLPTightTop95 is docs/exact.md's science check: the relaxation is tight for
// 29 of the 95 norvig-top95 puzzles.
func TestLPTightTop95(t *testing.T) {
	total := analyse(t, "norvig-top95", 0)
	t.Logf("norvig-top95: %d of %d tight (%.1f%%)", total.Tight, total.Puzzles, 100*total.Share())
	if total.Puzzles != 95 || total.Tight != 29 {
		t.Errorf("tight for %d of %d puzzles, want 29 of 95", total.Tight, total.Puzzles)
	}
}

// TestLPTight17Clue checks the share on a fixed-seed sample of 1,000
// 17-clue puzzles: about 84% ± 3 points. It takes about a minute, so it
// is skipped under -short.
func TestLPTight17Clue(t *testing.T) {
	if testing.Short() {
		t.Skip("1,000 LP solves; run without -short")
	}
	total := analyse(t, "17-clue", 1000)
	t.Logf("17-clue sample: %d of %d tight (%.1f%%)", total.Tight, total.Puzzles, 100*total.Share())
	if math.Abs(100*total.Share()-84) > 3 {
		t.Errorf("tight share %.1f%%, want 84%% ± 3", 100*total.Share())
	}
}

func TestPipelineInfo(t *testing.T) {
	for _, in := range Pipelines() {
		if in.Family != "milp" || in.Version == nil || in.New == nil {
			t.Errorf("%s: incomplete Info %+v", in.Name, in)
			continue
		}
		if in.Check() == nil && (in.Version() == "unknown" || in.Version() == "unavailable") {
			t.Errorf("%s: version %q", in.Name, in.Version())
		}
		t.Logf("%s version %s", in.Name, in.Version())
	}
	goMod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(goMod), "github.com/crillab/gophersat "+gophersatVersion) {
		t.Errorf("go.mod does not require gophersat %s; update gophersatVersion", gophersatVersion)
	}
}
