package report

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sudokubench/sudokubench/harness/report/stats"
	"github.com/sudokubench/sudokubench/harness/report/table"
	"github.com/sudokubench/sudokubench/solvers"
)

// CounterGuesses is the engine counter of branch points that the
// robustness table compares across forms.
const CounterGuesses = string(solvers.Guesses)

// formSpread is how much one solver's measurements of one puzzle vary
// across the puzzle's equivalent forms (run --forms).
type formSpread struct {
	puzzleID string
	forms    int
	// time is the largest form's time over the smallest's; NaN when the
	// smallest is 0. guesses is (largest + 1) / (smallest + 1) over the
	// forms' guesses; NaN when a form's runs record none.
	time, guesses float64
	solved        int // forms solved
}

// solverSpreads is a solver's spreads, one per puzzle run in two or more
// forms, in one mode.
type solverSpreads struct {
	solver, mode string
	spreads      []formSpread
}

// RobustnessTable lays out, per solver, how much its time and its guesses
// change when a puzzle is given in another equivalent form: for each
// puzzle run in two or more forms, the largest form's value over the
// smallest's, and over the puzzles the median of that ratio and its worst
// case (with the puzzle). A form's value is the median over its
// repetitions; a form not solved counts with its time (the limit for a
// timeout). It returns nil when no puzzle ran in two forms.
func RobustnessTable(runs *Runs, m Measure) *table.Table {
	return robustnessTable(spreadsBySolver(runs, m), m)
}

// robustnessTable lays out the solvers' spreads (spreadsBySolver), nil
// where there are none.
func robustnessTable(all []solverSpreads, m Measure) *table.Table {
	if len(all) == 0 {
		return nil
	}
	t := &table.Table{
		Title: fmt.Sprintf("Robustness to equivalent forms (%s time and guesses across the forms of each puzzle)", m.Label()),
		Columns: []table.Column{{Name: "solver", Keep: 10},
			{Name: "puzzles", Right: true, Keep: 8}, {Name: "forms", Right: true, Keep: 7},
			{Name: "time spread", CSV: []string{"time_spread_median"}, Right: true, Better: table.Lower, Keep: 9},
			{Name: "worst", CSV: []string{"time_spread_worst", "time_spread_worst_puzzle"}, Right: true, Keep: 8},
			{Name: "guess spread", CSV: []string{"guesses_spread_median"}, Right: true, Better: table.Lower, Keep: 9},
			{Name: "worst", CSV: []string{"guesses_spread_worst", "guesses_spread_worst_puzzle"}, Right: true, Keep: 8},
			{Name: "solved in some forms", CSV: []string{"solved_in_some_forms"}, Right: true, Better: table.Lower, Keep: 8}},
		Notes: []string{"Each puzzle ran as given and in seeded random equivalent forms (run --forms: digits relabelled, rows and " +
			"columns permuted within bands and stacks, bands and stacks permuted, transposed). Time spread is, per puzzle, the slowest " +
			"form's time over the fastest's (an unsolved form counts with its time, the limit for a timeout); guess spread is " +
			"(most guesses + 1) / (fewest + 1), so that puzzles solved without a guess count as 1. Spread: the median over the puzzles; " +
			"worst: the largest, and its puzzle below. 1.00× means the solver does not depend on how a puzzle is presented; " +
			"at microseconds, time spreads include the clock's noise, guess spreads do not. " +
			"Solved in some forms: puzzles solved in some of their forms but not in all. " +
			"The main tables fold a puzzle's forms like repetitions (the median over them)."},
	}
	var worst []string
	for _, s := range all {
		row := robustnessRow(s)
		t.Rows = append(t.Rows, row)
		worst = append(worst, fmt.Sprintf("%s: %s (time), %s (guesses)",
			row.Cells[0].Text, worstPuzzle(row.Cells[4]), worstPuzzle(row.Cells[6])))
	}
	t.Notes = append(t.Notes, "Worst puzzles: "+strings.Join(worst, "; ")+".")
	t.MarkBest()
	return t
}

// worstPuzzle names the puzzle of a worst-case cell, "–" for none or
// when no puzzle's forms differ.
func worstPuzzle(c table.Cell) string {
	if c.Raw[1] == "" || c.Value <= 1 {
		return "–"
	}
	return c.Raw[1]
}

func robustnessRow(s solverSpreads) table.Row {
	times := make([]float64, 0, len(s.spreads))
	guesses := make([]float64, 0, len(s.spreads))
	forms, partly := 0, 0
	for _, sp := range s.spreads {
		times, guesses = append(times, sp.time), append(guesses, sp.guesses)
		forms = max(forms, sp.forms)
		if sp.solved > 0 && sp.solved < sp.forms {
			partly++
		}
	}
	return table.Row{Cells: []table.Cell{
		table.TextCell(solverLabel(s.solver, s.mode, false)), table.IntCell(len(s.spreads)), table.IntCell(forms),
		ratioCell(stats.Median(stats.Sorted(finite(times)))), worstCell(s.spreads, times),
		ratioCell(stats.Median(stats.Sorted(finite(guesses)))), worstCell(s.spreads, guesses),
		table.IntCell(partly),
	}}
}

// finite returns the values of xs that are not NaN.
func finite(xs []float64) []float64 {
	return slices.DeleteFunc(slices.Clone(xs), math.IsNaN)
}

// ratioCell writes a ratio such as 2.35×; "–" for none.
func ratioCell(v float64) table.Cell {
	text := table.FormatSig(v, 3)
	if !math.IsNaN(v) {
		text += "×"
	}
	return table.Cell{Text: text, Raw: []string{table.RawFloat(v)}, Value: v}
}

// worstCell is the largest of the ratios, with the puzzle it belongs to.
func worstCell(spreads []formSpread, ratios []float64) table.Cell {
	worst := -1
	for i, v := range ratios {
		if !math.IsNaN(v) && (worst < 0 || v > ratios[worst]) {
			worst = i
		}
	}
	if worst < 0 {
		return table.Cell{Text: "–", Raw: []string{"", ""}, Value: math.NaN()}
	}
	v, id := ratios[worst], spreads[worst].puzzleID
	return table.Cell{Text: table.FormatSig(v, 3) + "×", Raw: []string{table.RawFloat(v), id}, Value: v}
}

// spreadsBySolver groups the records by solver, mode, puzzle and form and
// returns each solver's spreads, sorted by solver and mode; solvers with
// no puzzle run in two forms are left out.
func spreadsBySolver(runs *Runs, m Measure) []solverSpreads {
	if runs.Len() == 0 || !slices.ContainsFunc(runs.rows, func(r runRow) bool { return r.form > 0 }) {
		return nil // no puzzle ran in two forms: nothing to group
	}
	type puzzleKey struct{ solver, mode, puzzle string }
	byPuzzle := make(map[puzzleKey]map[int][]int) // forms' runs, by index
	for i := range runs.Len() {
		r := runs.At(i)
		k := puzzleKey{r.Solver, r.Mode, r.PuzzleID}
		if byPuzzle[k] == nil {
			byPuzzle[k] = make(map[int][]int)
		}
		byPuzzle[k][r.Form] = append(byPuzzle[k][r.Form], i)
	}
	bySolver := make(spreadsByKey)
	for k, forms := range byPuzzle {
		if len(forms) < 2 {
			continue
		}
		bySolver.add(k.solver, k.mode, spreadOf(k.puzzle, forms, runs, m))
	}
	return bySolver.sorted()
}

// spreadsByKey gathers spreads by solver and mode.
type spreadsByKey map[[2]string]*solverSpreads

func (b spreadsByKey) add(solver, mode string, sp formSpread) {
	s := b[[2]string{solver, mode}]
	if s == nil {
		s = &solverSpreads{solver: solver, mode: mode}
		b[[2]string{solver, mode}] = s
	}
	s.spreads = append(s.spreads, sp)
}

// sorted is the spreads sorted by solver and mode, each solver's by
// puzzle.
func (b spreadsByKey) sorted() []solverSpreads {
	out := make([]solverSpreads, 0, len(b))
	for _, s := range b {
		slices.SortFunc(s.spreads, func(a, b formSpread) int { return naturalCompare(a.puzzleID, b.puzzleID) })
		out = append(out, *s)
	}
	slices.SortFunc(out, func(a, b solverSpreads) int {
		return cmp.Or(cmp.Compare(a.solver, b.solver), cmp.Compare(a.mode, b.mode))
	})
	return out
}

// spreadOf measures one puzzle's forms: each form's median time and
// guesses over its runs, then the largest over the smallest.
func spreadOf(puzzleID string, forms map[int][]int, runs *Runs, m Measure) formSpread {
	sp := formSpread{puzzleID: puzzleID, forms: len(forms)}
	times := make([]float64, 0, len(forms))
	guesses := make([]float64, 0, len(forms))
	counted := true
	for _, rs := range forms {
		var ts, gs []float64
		solved := 0
		for _, i := range rs {
			r := runs.At(i)
			ts = append(ts, readCost(&r, m.of(&r)))
			g, ok := r.Counters[CounterGuesses]
			counted = counted && ok
			gs = append(gs, g)
			if r.Solved() {
				solved++
			}
		}
		if 2*solved > len(rs) {
			sp.solved++
		}
		times = append(times, stats.Median(stats.Sorted(ts)))
		guesses = append(guesses, stats.Median(stats.Sorted(gs)))
	}
	sp.time = ratio(slices.Max(times), slices.Min(times))
	sp.guesses = math.NaN()
	if counted {
		sp.guesses = ratio(slices.Max(guesses)+1, slices.Min(guesses)+1)
	}
	return sp
}

// ratio is hi/lo, NaN when lo is not positive.
func ratio(hi, lo float64) float64 {
	if lo <= 0 {
		return math.NaN()
	}
	return hi / lo
}
