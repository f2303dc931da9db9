package report

import (
	"cmp"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/record/recordtest"
	"github.com/sudokubench/sudokubench/solvers"
)

// The report's compact path (Runs, observations folded from sorted run
// indices, own time swapped in as two floats an observation, the
// portfolio on the report's observations) gives the summaries that a
// straightforward computation gives: every record held whole, grouped by
// a map of record pointers, folded once per measure.
func TestCompactPathMatchesAStraightforwardComputation(t *testing.T) {
	recs := syntheticStudy(t)
	d, _, err := Load(resultDir(t, record.Plan{Runs: len(recs)}, "", recs))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := New(d, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OwnColumn || !rep.FigureMeasure.Own() {
		t.Fatalf("own column %v, figures in %v: the study should exercise own time", rep.OwnColumn, rep.FigureMeasure)
	}
	kinds := straightKinds(recs)
	whole, own := straightObservations(recs, rep.TableMeasure, kinds), straightObservations(recs, rep.FigureMeasure, kinds)
	sharing(t, rep.Obs)
	if got, want := obsText(rep.Obs), obsText(whole); got != want {
		t.Errorf("observations differ from the straightforward fold")
	}
	if got, want := obsText(rep.figureObservations()), obsText(own); got != want {
		t.Errorf("observations in own time differ from the straightforward fold")
	}
	for _, sec := range rep.Sections {
		want, wantOwn := Summarize(whole, sec.Grouper, rep.LimitNS), Summarize(own, sec.Grouper, rep.LimitNS)
		for i := range want {
			want[i].OwnMedian = wantOwn[i].Median
		}
		if got := fmt.Sprint(sec.Summaries); got != fmt.Sprint(want) {
			t.Errorf("by %s: summaries\n%s\nwant\n%s", sec.Grouper.Name(), got, fmt.Sprint(want))
		}
		if got := fmt.Sprint(sec.FigureSummaries); got != fmt.Sprint(wantOwn) {
			t.Errorf("by %s: figure summaries differ from the straightforward ones", sec.Grouper.Name())
		}
	}
	straight := NewPortfolios(NewRuns(recs...), kinds, rep.FigureMeasure, rep.portfolioGroupers(), rep.LimitNS)
	if len(rep.Portfolios) == 0 || len(rep.Portfolios) != len(straight) {
		t.Fatalf("%d portfolios, want %d", len(rep.Portfolios), len(straight))
	}
	for i, p := range rep.Portfolios {
		// What the report says of own time beside the portfolio is its own.
		straight[i].OwnTime, straight[i].OwnUnavailable = p.OwnTime, p.OwnUnavailable
		if got, want := fmt.Sprint(*p), fmt.Sprint(*straight[i]); got != want {
			t.Errorf("portfolio %s\n%s\nwant\n%s", p.Mode, got, want)
		}
	}
}

// syntheticStudy is recordtest's plan in three repetitions, with the
// outside pipeline's calls and start-up measured so that own time
// differs from the whole.
func syntheticStudy(t *testing.T) []record.Record {
	dir := filepath.Join(t.TempDir(), "run")
	recordtest.MustWrite(t, dir, recordtest.Spec{Runs: 1500, Reps: 3, Seed: 9})
	path, err := record.ResultsPath(dir)
	if err != nil {
		t.Fatal(err)
	}
	var recs []record.Record
	_, err = record.Read(path, func(r *record.Record) error {
		if r.External {
			r.Counters[string(solvers.Calls)] = 2
			r.Counters[string(solvers.Startup)] = float64(r.WallNS / 3)
			r.Counters[string(solvers.StartupCPU)] = float64(r.CPUNS / 4)
		}
		recs = append(recs, *r)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// sharing checks that the observations of a pipeline point at one
// ObsPipeline and those of a puzzle at one ObsPuzzle, and that an
// observation is small: a study holds as many as it has runs.
func sharing(t *testing.T, obs []Obs) {
	t.Helper()
	pipelines, puzzles := make(map[ObsPipeline]*ObsPipeline), make(map[ObsPuzzle]*ObsPuzzle)
	for _, o := range obs {
		if p, ok := pipelines[*o.ObsPipeline]; ok && p != o.ObsPipeline {
			t.Fatalf("%s in %s: its pipeline held twice", o.Solver, o.Mode)
		}
		if p, ok := puzzles[*o.ObsPuzzle]; ok && p != o.ObsPuzzle {
			t.Fatalf("%s: its puzzle held twice", o.PuzzleID)
		}
		pipelines[*o.ObsPipeline], puzzles[*o.ObsPuzzle] = o.ObsPipeline, o.ObsPuzzle
	}
	if size := unsafe.Sizeof(Obs{}); size > 96 {
		t.Errorf("an observation is %d bytes, want at most 96", size)
	}
}

// obsText prints observations with their pipelines and puzzles, not
// the addresses they are held at.
func obsText(obs []Obs) string {
	var b strings.Builder
	for _, o := range obs {
		pipeline, puzzle := *o.ObsPipeline, *o.ObsPuzzle
		o.ObsPipeline, o.ObsPuzzle = nil, nil
		fmt.Fprintf(&b, "%+v %+v %+v\n", pipeline, puzzle, o)
	}
	return b.String()
}

// straightKinds is DetectKinds over whole records.
func straightKinds(recs []record.Record) Kinds {
	k := Kinds{Stochastic: make(map[string]bool), External: make(map[string]bool)}
	for _, r := range recs {
		if _, reads := r.Counters[CounterReads]; r.Stochastic || reads {
			k.Stochastic[r.Solver] = true
		}
		if r.External {
			k.External[r.Solver] = true
		}
	}
	return k
}

// straightObservations folds whole records grouped by a map.
func straightObservations(recs []record.Record, m Measure, k Kinds) []Obs {
	groups := make(map[string][]*record.Record)
	var keys []string
	for i := range recs {
		key := recs[i].Solver + "|" + recs[i].PuzzleID + "|" + recs[i].Mode
		if _, ok := groups[key]; !ok {
			keys = append(keys, key)
		}
		groups[key] = append(groups[key], &recs[i])
	}
	var out []Obs
	for _, key := range keys {
		out = append(out, fold(headOf(groups[key][0], k), groups[key], m))
	}
	slices.SortFunc(out, func(a, b Obs) int {
		return cmp.Or(cmp.Compare(a.Solver, b.Solver), cmp.Compare(a.Corpus, b.Corpus),
			cmp.Compare(a.PuzzleID, b.PuzzleID), cmp.Compare(a.Mode, b.Mode))
	})
	return out
}

// Kinds are read from the runs' kinds and counters, and MarkOutside asks
// about a solver once for each kind of run, not once for each run: a
// study has millions of runs and a few dozen kinds.
func TestKindsAskOncePerKindOfRun(t *testing.T) {
	var recs []record.Record
	for i := range 1000 {
		id := fmt.Sprint("c:", i)
		recs = append(recs, record.Record{Solver: "minisat", PuzzleID: id, Status: "solved"},
			record.Record{Solver: "anneal", PuzzleID: id, Status: "solved", Counters: map[string]float64{CounterReads: 4}},
			record.Record{Solver: "cbc", PuzzleID: id, Status: "solved", External: true})
	}
	runs := NewRuns(recs...)
	k := DetectKinds(runs)
	asked := 0
	k.MarkOutside(runs, func(s string) bool { asked++; return s == "minisat" })
	if asked > 2 {
		t.Errorf("asked whether a solver runs outside %d times, want at most once for each of 2 kinds unmarked", asked)
	}
	if want := (Kinds{Stochastic: map[string]bool{"anneal": true}, External: map[string]bool{"minisat": true, "cbc": true}}); !reflect.DeepEqual(k, want) {
		t.Errorf("kinds %+v, want %+v", k, want)
	}
}
