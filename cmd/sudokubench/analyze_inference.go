package main

import (
	"fmt"
	"io"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/encodings/cnf/ladder"
	"github.com/sudokubench/sudokubench/harness/report/table"
)

func analyzeInference(out io.Writer, dir string, o analyzeOptions) error {
	start := time.Now()
	pool := ladder.NewProfilePool(o.workers)
	loadErr := o.load(dir, func(p corpora.Puzzle) error {
		pool.Add(p.ID, p.Hints, p.Grid)
		return nil
	})
	a, err := pool.Close()
	if loadErr != nil {
		return loadErr
	}
	if err != nil {
		return err
	}
	return table.WriteAll(out, o.tables, inferenceTables(o, a, time.Since(start)))
}

// inferenceTables are analyze --inference's tables: what each rung
// solves, beside the published figures; what each inference solves per
// hint count; the ratings, with what was left out and the time below. In
// CSV, the first ones are one tidy table instead, a row per hint count
// and rung.
func inferenceTables(o analyzeOptions, a *ladder.Analysis, took time.Duration) []*table.Table {
	total := a.Total()
	var tables []*table.Table
	if _, ok := o.tables.(table.CSV); ok {
		tables = append(tables, ladderTidy(o, a))
	} else {
		tables = append(tables, ladderSummary(o, total))
		for _, inf := range ladder.Inferences {
			tables = append(tables, ladderByHints(a, inf))
		}
	}
	ratings := ladderRatingsTable(total)
	ratings.Notes = ladderNotes(a, total, took, o.workers)
	return append(tables, ratings)
}

// ladderTidy has a row per hint count (and all) and rung: what it solves,
// and for the whole sample the published share.
func ladderTidy(o analyzeOptions, a *ladder.Analysis) *table.Table {
	t := &table.Table{
		Title: fmt.Sprintf("Solved without a decision, %s (%s)", o.corpus, o.sampleText()),
		Columns: []table.Column{hintsColumn, puzzlesColumn, {Name: "encoding"}, {Name: "inference"}, shareColumn("solved"),
			{Name: "published for the whole corpus"}},
	}
	for _, b := range append(a.Buckets(), a.Total()) {
		for _, e := range cnf.Encodings {
			for _, inf := range ladder.Inferences {
				published := ""
				if b.Hints < 0 {
					published = ladder.PublishedShare(o.corpus, ladder.Rung{Encoding: e, Inference: inf})
				}
				t.Rows = append(t.Rows, table.Row{Cells: []table.Cell{table.TextCell(hintsLabel(b.Hints)), table.IntCell(b.Puzzles),
					table.TextCell(e.String()), table.TextCell(inf.String()), shareCell(b.Solved(e, inf), b.Puzzles),
					table.TextCell(published)}})
			}
		}
	}
	return t
}

func ladderSummary(o analyzeOptions, total *ladder.Bucket) *table.Table {
	t := &table.Table{
		Title: fmt.Sprintf("Solved without a decision, %s (%s)", o.corpus, o.sampleText()),
		Columns: []table.Column{{Name: "encoding"}, {Name: "inference"}, puzzlesColumn, shareColumn("solved"),
			{Name: "published for the whole corpus"}},
	}
	for _, e := range cnf.Encodings {
		for _, inf := range ladder.Inferences {
			rung := ladder.Rung{Encoding: e, Inference: inf}
			t.Rows = append(t.Rows, table.Row{Cells: []table.Cell{table.TextCell(e.String()), table.TextCell(inf.String()),
				table.IntCell(total.Puzzles), shareCell(total.Solved(e, inf), total.Puzzles),
				table.TextCell(ladder.PublishedShare(o.corpus, rung))}})
		}
	}
	return t
}

func ladderByHints(a *ladder.Analysis, inf ladder.Inference) *table.Table {
	return solvedByHints(fmt.Sprintf("Solved by %s, by hint count", inf), cnf.Encodings, append(a.Buckets(), a.Total()),
		func(b *ladder.Bucket, e cnf.Encoding) (hints, puzzles, solved int) {
			return b.Hints, b.Puzzles, b.Solved(e, inf)
		})
}

func ladderRatingsTable(total *ladder.Bucket) *table.Table {
	t := &table.Table{
		Title:   "Ratings: the weakest rung of the ladder that solves each puzzle",
		Columns: []table.Column{{Name: "rating"}, {Name: "rung"}, shareColumn("puzzles")},
	}
	for _, r := range ladder.Ratings {
		rung := "none: needs a decision"
		if rg, ok := r.Rung(); ok {
			rung = rg.String()
		}
		t.Rows = append(t.Rows, table.Row{Cells: []table.Cell{table.TextCell(fmt.Sprintf("%d %s", int(r), r)),
			table.TextCell(rung), shareCell(total.Rated(r), total.Puzzles)}})
	}
	return t
}

// ladderNotes say which puzzles the tables leave out, and how long the
// analysis took.
func ladderNotes(a *ladder.Analysis, total *ladder.Bucket, took time.Duration, workers int) []string {
	var notes []string
	if a.NoSolution > 0 {
		notes = append(notes, fmt.Sprintf("%d puzzles left out: reasoning proved that they have no solution", a.NoSolution))
	}
	if a.OverBudget > 0 {
		notes = append(notes, fmt.Sprintf("%d puzzles left out: they need more than %d probes on one rung", a.OverBudget, ladder.DefaultBudget))
	}
	n := total.Puzzles + a.NoSolution + a.OverBudget
	return append(notes, fmt.Sprintf("%d puzzles in %.1f s (%.0f puzzles/s, %d workers)", n, took.Seconds(), float64(n)/took.Seconds(), workers))
}
