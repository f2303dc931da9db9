package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/harness/record"
)

// timedRuns is one benchmark run: solver "s" on puzzles 0..n-1, started
// from start on, one run a second, on host, each time scaled by factor.
func timedRuns(n int, start time.Time, host string, factor float64) []record.Record {
	recs := runsOf(0, n)
	for i := range recs {
		recs[i].Started, recs[i].Host = start.Add(time.Duration(i)*time.Second), host
		recs[i].CPUNS = int64(float64(recs[i].CPUNS) * factor)
	}
	return recs
}

// TestLoadSidesRefusesARunCountedTwice: a run counted twice is two
// observations that agree exactly, and compare A A A -- B B B called a
// difference between two runs of one build significant (p = 0). Every way
// of giving one run twice is refused, naming both directories.
func TestLoadSidesRefusesARunCountedTwice(t *testing.T) {
	day := time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)
	a := resultDir(t, plan12, "", timedRuns(12, day, "n1", 1))
	b := resultDir(t, plan12, "", timedRuns(12, day.Add(time.Hour), "n1", 1.01))
	c := resultDir(t, plan12, "", timedRuns(12, day.Add(2*time.Hour), "n1", 0.99))
	copyOfA := copyRun(t, a)
	resumedCopy := resultDir(t, plan12, "", append(timedRuns(6, day, "n1", 1), timedRuns(12, day.Add(3*time.Hour), "n2", 1)[6:]...))
	untimed := resultDir(t, plan12, "", runsOf(0, 12))
	untimedCopy := copyRun(t, untimed)
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(a, link); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name   string
		sideA  []string
		sideB  []string
		says   string
		naming [2]string
	}{
		{"dir-twice-on-a-side", []string{a, a, c}, []string{b}, "are the same directory", [2]string{a, a}},
		{"dir-on-both-sides", []string{a, c}, []string{b, a}, "are the same directory", [2]string{a, a}},
		{"dir-by-another-path", []string{a, c}, []string{b, a + "/."}, "are the same directory", [2]string{a, a + "/."}},
		{"dir-through-a-link", []string{a, link}, []string{b, c}, "are the same directory", [2]string{a, link}},
		{"copy-of-a-run", []string{a, c}, []string{b, copyOfA}, "share 12 run(s)", [2]string{a, copyOfA}},
		{"copy-resumed-elsewhere", []string{a, c}, []string{b, resumedCopy}, "share 6 run(s)", [2]string{a, resumedCopy}},
		{"copy-without-start-times", []string{untimed, c}, []string{b, untimedCopy}, "hold the same records", [2]string{untimed, untimedCopy}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, _, _, err := LoadSides(tt.sideA, tt.sideB)
			if err == nil || !strings.Contains(err.Error(), tt.says) ||
				!strings.Contains(err.Error(), tt.naming[0]+" and "+tt.naming[1]) {
				t.Errorf("LoadSides(%v, %v) = %v; want an error saying %q that names %s and %s", tt.sideA, tt.sideB, err, tt.says, tt.naming[0], tt.naming[1])
			}
		})
	}
	runsA, runsB, _, err := LoadSides([]string{a, c}, []string{b, untimed})
	if err != nil || len(runsA) != 2 || len(runsB) != 2 || runsA[1].Len() != 12 {
		t.Errorf("independent runs: %d and %d runs, %v; want 2 a side", len(runsA), len(runsB), err)
	}
}
