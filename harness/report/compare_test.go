package report

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/report/table"
	"github.com/sudokubench/sudokubench/internal/sudokutest"
)

func TestCompareOneRunASide(t *testing.T) {
	a, b := loadRun(t, "run-a"), loadRun(t, "run-b")
	cs, warnings := Compare([]*Runs{a.Runs}, []*Runs{b.Runs}, CompareConfig{})
	if len(warnings) != 1 || !strings.Contains(warnings[0], "qubo/anneal: 2 puzzle(s) only in A") {
		t.Errorf("warnings %q", warnings)
	}
	byName := make(map[string]Comparison)
	for _, c := range cs {
		byName["solver="+c.Solver+"/corpus="+c.Corpus] = c
	}
	tests := []struct {
		name         string
		common, wins int
		speedup      float64
		verdict      string
		changes      string
	}{
		{"solver=exactcover/dlx/corpus=all", 6, 6, 2, "not judged: one run a side", ""},
		{"solver=exactcover/dlx/corpus=17-clue", 4, 4, 2, "too few puzzles (4, need 5)", ""},
		{"solver=sat/gophersat/extended/corpus=all", 3, 0, 1, "too few puzzles (3, need 5)", "solved→timeout 1, timeout→solved 1"},
		{"solver=sat/gophersat/extended/corpus=top95", 0, 0, math.NaN(), "too few puzzles (0, need 5)", "solved→timeout 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, ok := byName[tt.name]
			if !ok {
				t.Fatalf("missing; have %v", cs)
			}
			if c.Common != tt.common || c.Wins != tt.wins || !sudokutest.Near(c.Speedup, tt.speedup, 1e-9) || c.AcrossRuns || !math.IsNaN(c.P) {
				t.Errorf("common %d wins %d speedup %g across runs %v p %g, want %d %d %g, puzzle-level, no p",
					c.Common, c.Wins, c.Speedup, c.AcrossRuns, c.P, tt.common, tt.wins, tt.speedup)
			}
			if v := c.Verdict(5); v != tt.verdict {
				t.Errorf("verdict %q, want %q", v, tt.verdict)
			}
			if ch := changesText(c.Changes); ch != tt.changes {
				t.Errorf("changes %q, want %q", ch, tt.changes)
			}
		})
	}
	var buf bytes.Buffer
	if err := (table.Text{}).WriteTable(&buf, CompareTable(cs, CPU, 0)); err != nil || !strings.Contains(buf.String(), "does not cover run-to-run drift") {
		t.Errorf("the table does not say that one run a side leaves drift out: %v\n%s", err, buf.String())
	}
}

// simulatedRun is one benchmark run of one solver on 40 puzzles: each
// puzzle has a base time, the run a drift of the machine (a factor common
// to all its puzzles, log-normal with σ = 0.1) and each time its own noise
// (σ = 0.05), all multiplied by factor.
func simulatedRun(rng *rand.Rand, factor float64) []record.Record {
	drift := math.Exp(0.1 * rng.NormFloat64())
	var recs []record.Record
	for i := range 40 {
		base := 1e4 * math.Exp(float64(i%8)/2)
		t := base * drift * math.Exp(0.05*rng.NormFloat64()) * factor
		recs = append(recs, rec("dlx", fmt.Sprint(i), 17, "solved", int64(t), 0))
	}
	return recs
}

func simulatedSide(rng *rand.Rand, runs int, factor float64) []*Runs {
	var side []*Runs
	for range runs {
		side = append(side, NewRuns(simulatedRun(rng, factor)...))
	}
	return side
}

// TestCompareAcrossRuns draws both sides' runs from one distribution with
// run-to-run drift, 3 runs a side, many times over: the verdict may find a
// difference about as often as a 5% test should (21 of 400 with 400
// trials), never as a puzzle-level bootstrap does (it mistakes drift for
// an effect nearly every time: 357 of 400). A real 2× difference is found
// every time.
func TestCompareAcrossRuns(t *testing.T) {
	const trials = 60
	rng := rand.New(rand.NewPCG(7, 11))
	falseAlarms, bootstrapAlarms := 0, 0
	for range trials {
		a, b := simulatedSide(rng, 3, 1), simulatedSide(rng, 3, 1)
		cs, _ := Compare(a, b, CompareConfig{})
		if len(cs) != 1 || !cs[0].AcrossRuns || cs[0].RunsA != 3 || cs[0].Common != 40 {
			t.Fatalf("comparisons %+v, want one across 3 runs a side on 40 puzzles", cs)
		}
		if v := cs[0].Verdict(5); v != "no significant difference" {
			falseAlarms++
		}
		if one, _ := Compare(a[:1], b[:1], CompareConfig{}); one[0].Lo > 1 || one[0].Hi < 1 {
			bootstrapAlarms++
		}
		cs, _ = Compare(a, simulatedSide(rng, 3, 0.5), CompareConfig{})
		if c := cs[0]; !strings.HasSuffix(c.Verdict(5), "faster") || c.Speedup < 1.5 || c.Speedup > 2.7 {
			t.Errorf("a 2× speedup judged %q (%.3f× [%.3f, %.3f], p %.3g)", c.Verdict(5), c.Speedup, c.Lo, c.Hi, c.P)
		}
	}
	if falseAlarms > trials/10 {
		t.Errorf("%d of %d comparisons of one distribution found a difference; a 5%% test should find about %d", falseAlarms, trials, trials/20)
	}
	if bootstrapAlarms < trials/2 {
		t.Errorf("the puzzle-level bootstrap found drift significant %d of %d times: the simulation lacks drift", bootstrapAlarms, trials)
	}
	t.Logf("differences found in one distribution: %d/%d across runs, %d/%d by the puzzle-level bootstrap", falseAlarms, trials, bootstrapAlarms, trials)
}

// TestCompareNeedsTwoRunsEachSide: three runs against one is not judged
// across runs; Welch's test has no variance for a side of one.
func TestCompareNeedsTwoRunsEachSide(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	cs, _ := Compare(simulatedSide(rng, 3, 1), simulatedSide(rng, 1, 0.5), CompareConfig{})
	if len(cs) != 1 || cs[0].AcrossRuns || !math.IsNaN(cs[0].P) || cs[0].Verdict(5) != "not judged: one run a side" {
		t.Errorf("3 runs against 1: %+v, verdict %q; want no verdict", cs, cs[0].Verdict(5))
	}
}
