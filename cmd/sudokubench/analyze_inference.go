package main

import (
	"fmt"
	"io"
	"strconv"
	"sync"
	"time"

	"github.com/olekukonko/tablewriter"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/sudoku"
)

// publishedShares holds the published shares of a whole corpus that a rung
// solves without a decision: tdoku's minisat runs (%no_guess of
// minisat_minimal, _natural, _complete and _augmented in tdoku's
// benchmarks/ results; minisat decides nothing when unit propagation
// settles the puzzle) and Lynce and Ouaknine's (2006) finding on their
// 17-clue set.
var publishedShares = map[string]map[cnf.Rung]string{
	"17-clue": {
		{Encoding: cnf.Minimal, Inference: cnf.UnitPropagation}:   "0.0% (tdoku)",
		{Encoding: cnf.Efficient, Inference: cnf.UnitPropagation}: "0.0% (tdoku)",
		{Encoding: cnf.Extended, Inference: cnf.UnitPropagation}:  "44.5% (tdoku)",
		{Encoding: cnf.Augmented, Inference: cnf.UnitPropagation}: "76.1% (tdoku)",
		{Encoding: cnf.Extended, Inference: cnf.FailedLiterals}:   "all or nearly all (Lynce & Ouaknine)",
	},
	"top1465":             tdokuNone(map[cnf.Encoding]string{cnf.Augmented: "4.0% (tdoku)"}),
	"hardest-1905-11plus": tdokuNone(nil),
	"hardest-1106":        tdokuNone(nil),
	"serg":                tdokuNone(nil),
}

// tdokuNone returns tdoku's unit-propagation figures for a corpus where
// they are 0.0% but for the exceptions given.
func tdokuNone(except map[cnf.Encoding]string) map[cnf.Rung]string {
	m := map[cnf.Rung]string{}
	for _, e := range cnf.Encodings {
		share, ok := except[e]
		if !ok {
			share = "0.0% (tdoku)"
		}
		m[cnf.Rung{Encoding: e, Inference: cnf.UnitPropagation}] = share
	}
	return m
}

func analyzeInference(out io.Writer, dir string, o analyzeOptions) error {
	start := time.Now()
	a, err := profileCorpus(dir, &o)
	if err != nil {
		return err
	}
	return writeInference(out, o, a, time.Since(start))
}

// profiled is one puzzle's profile, or the error that stopped it.
type profiled struct {
	id      string
	hints   int
	profile cnf.Profile
	err     error
}

// profileCorpus profiles every puzzle of the corpus (or of the sample) on
// o.workers goroutines; the tally does not depend on their number.
func profileCorpus(dir string, o *analyzeOptions) (*cnf.LadderAnalysis, error) {
	puzzles := make(chan corpora.Puzzle)
	results := make(chan profiled)
	var workers sync.WaitGroup
	for range o.workers {
		workers.Add(1)
		go func() {
			defer workers.Done()
			profileWorker(puzzles, results)
		}()
	}
	loaded := make(chan error, 1)
	go func() {
		err := o.load(dir, func(p corpora.Puzzle) error {
			puzzles <- p
			return nil
		})
		close(puzzles)
		loaded <- err
	}()
	go func() {
		workers.Wait()
		close(results)
	}()
	a := cnf.NewLadderAnalysis()
	var failed error
	for r := range results {
		if err := a.Add(r.hints, r.profile, r.err); err != nil && failed == nil {
			failed = fmt.Errorf("%s: %w", r.id, err)
		}
	}
	if err := <-loaded; err != nil {
		return nil, err
	}
	return a, failed
}

// profileWorker profiles the puzzles it receives with a rater per
// geometry.
func profileWorker(in <-chan corpora.Puzzle, out chan<- profiled) {
	raters := map[*sudoku.Geometry]*cnf.Rater{}
	for p := range in {
		geo := p.Grid.Geometry()
		if raters[geo] == nil {
			raters[geo] = cnf.NewRater(geo)
		}
		pr, err := raters[geo].Profile(p.Grid)
		out <- profiled{id: p.ID, hints: p.Hints, profile: pr, err: err}
	}
}

func writeInference(out io.Writer, o analyzeOptions, a *cnf.LadderAnalysis, took time.Duration) error {
	total := a.Total()
	if _, err := fmt.Fprintf(out, "Solved without a decision, %s (%s)\n", o.corpus, o.sampleText()); err != nil {
		return err
	}
	if err := writeLadderSummary(out, o.corpus, total); err != nil {
		return err
	}
	for _, inf := range cnf.Inferences {
		if _, err := fmt.Fprintf(out, "\nSolved by %s, by hint count\n", inf); err != nil {
			return err
		}
		if err := writeLadderByHints(out, a, inf); err != nil {
			return err
		}
	}
	if _, err := fmt.Fprintln(out, "\nRatings: the weakest rung of the ladder that solves each puzzle"); err != nil {
		return err
	}
	if err := writeRatings(out, total); err != nil {
		return err
	}
	return writeLadderNotes(out, a, total, took, o.workers)
}

func writeLadderSummary(out io.Writer, corpus string, total *cnf.LadderBucket) error {
	table := tablewriter.NewWriter(out)
	table.Header("encoding", "inference", "puzzles", "solved", "published for the whole corpus")
	for _, e := range cnf.Encodings {
		for _, inf := range cnf.Inferences {
			rung := cnf.Rung{Encoding: e, Inference: inf}
			row := []any{e.String(), inf.String(), strconv.Itoa(total.Puzzles),
				shareCell(total.Solved(e, inf), total.Puzzles), publishedShares[corpus][rung]}
			if err := table.Append(row...); err != nil {
				return err
			}
		}
	}
	return table.Render()
}

func writeLadderByHints(out io.Writer, a *cnf.LadderAnalysis, inf cnf.Inference) error {
	table := tablewriter.NewWriter(out)
	header := []any{"hints", "puzzles"}
	for _, e := range cnf.Encodings {
		header = append(header, e.String())
	}
	table.Header(header...)
	for _, b := range append(a.Buckets(), a.Total()) {
		label := strconv.Itoa(b.Hints)
		if b.Hints < 0 {
			label = "all"
		}
		row := []any{label, strconv.Itoa(b.Puzzles)}
		for _, e := range cnf.Encodings {
			row = append(row, shareCell(b.Solved(e, inf), b.Puzzles))
		}
		if err := table.Append(row...); err != nil {
			return err
		}
	}
	return table.Render()
}

func writeRatings(out io.Writer, total *cnf.LadderBucket) error {
	table := tablewriter.NewWriter(out)
	table.Header("rating", "rung", "puzzles")
	for _, r := range cnf.Ratings {
		rung := "none: needs a decision"
		if rg, ok := r.Rung(); ok {
			rung = rg.String()
		}
		row := []any{fmt.Sprintf("%d %s", int(r), r), rung, shareCell(total.Rated(r), total.Puzzles)}
		if err := table.Append(row...); err != nil {
			return err
		}
	}
	return table.Render()
}

func writeLadderNotes(out io.Writer, a *cnf.LadderAnalysis, total *cnf.LadderBucket, took time.Duration, workers int) error {
	if a.NoSolution > 0 {
		if _, err := fmt.Fprintf(out, "%d puzzles left out: reasoning proved that they have no solution\n", a.NoSolution); err != nil {
			return err
		}
	}
	if a.OverBudget > 0 {
		if _, err := fmt.Fprintf(out, "%d puzzles left out: they need more than %d probes on one rung\n", a.OverBudget, cnf.DefaultBudget); err != nil {
			return err
		}
	}
	n := total.Puzzles + a.NoSolution + a.OverBudget
	_, err := fmt.Fprintf(out, "%d puzzles in %.1f s (%.0f puzzles/s, %d workers)\n", n, took.Seconds(), float64(n)/took.Seconds(), workers)
	return err
}

// shareCell formats count of n as "44.6% (21915)".
func shareCell(count, n int) string {
	return fmt.Sprintf("%.1f%% (%d)", 100*float64(count)/float64(max(n, 1)), count)
}
