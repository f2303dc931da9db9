package bitboard

import (
	"math/rand/v2"

	"github.com/sudokubench/sudokubench/sudoku"
)

// Restarts against heavy tails. On large grids a depth-first search's time
// is heavy-tailed: most puzzles take a few hundred guesses, a few take
// millions, because an early wrong guess leaves a subtree without a
// solution that the search must exhaust. Gomes, Selman and Kautz (Heavy-
// tailed phenomena in satisfiability and constraint satisfaction
// problems, J. Autom. Reasoning 24, 2000) cut such tails with restarts:
// each run stops after a cutoff on its backtracks (here, its guesses) and
// the next starts afresh with randomised tie-breaking; Luby, Sinclair and Zuckerman's
// sequence of cutoffs (1, 1, 2, 1, 1, 2, 4, …, times a unit) is within a
// logarithmic factor of the best fixed cutoff for any distribution of run
// times.

// restartsFrom is the smallest box side whose puzzles search with
// restarts: 16×16 and up. 9×9 and smaller take a few thousand guesses at
// worst, where a restart would only repeat work.
const restartsFrom = 4

// restartStream keeps the restarts' generator apart from other uses of
// the request's seed.
const restartStream = 0x62697462

// restartUnit is the unit of the cutoffs, in guesses per cell of the
// grid: 625 guesses at 25×25, where a run that does not stray takes a few
// hundred. A variable, so that tests can make runs short.
var restartUnit = 1.0

// luby returns the i-th term, from 1, of the sequence 1, 1, 2, 1, 1, 2, 4,
// 1, 1, 2, 1, 1, 2, 4, 8, …: 2^(k-1) at i = 2^k − 1, and otherwise the
// sequence from its start again.
func luby(i int) int {
	for k := 1; ; k++ {
		switch end := 1<<k - 1; {
		case i == end:
			return 1 << (k - 1)
		case i < end:
			return luby(i - (1<<(k-1) - 1))
		}
	}
}

// restarting searches a puzzle in runs with growing cutoffs until it has
// found the solutions it wants (one, or two in unique mode) or a run ends
// within its cutoff, which makes that run a complete search. The first
// run is the plain search; later ones break ties between equally good
// branches and order the options with a generator seeded with seed, made
// at the first restart. A run that finds a solution goes on for the next
// within its cutoff, as the plain search does; once there is a first
// solution, later runs pass it over and try its digits first (a second
// solution of a puzzle with few tends to share most of the first's
// cells), so that a verdict of one solution still rests on a complete
// search. The first solution found is the one kept. A positive
// lim.guesses caps the guesses of all runs together, and the search stops
// over budget when they are spent.
func restarting(b board, puzzle *sudoku.Grid, lim limits, seed uint64) (out outcome, restarts int) {
	unit := max(1, int(restartUnit*float64(puzzle.Geometry().Cells)))
	var first []uint8
	var rng *rand.Rand
	for run := 1; ; run++ {
		cutoff := luby(run) * unit
		if left := lim.guesses - out.guesses; lim.guesses > 0 && left < cutoff {
			if left <= 0 {
				out.overBudget = true
				return out, restarts
			}
			cutoff = left
		}
		runLim := limits{solutions: lim.solutions - out.solutions, done: lim.done, guesses: cutoff, exclude: first, prefer: first}
		if run > 1 {
			if rng == nil {
				rng = rand.New(rand.NewPCG(seed, restartStream))
			}
			runLim.rng = rng
		}
		b.load(puzzle)
		b.randomize(runLim.rng)
		got := search(b, b.frames(), runLim)
		out.nodes += got.nodes
		out.guesses += got.guesses
		out.solutions += got.solutions
		if got.solutions > 0 && first == nil {
			first = append([]uint8(nil), b.solution()...)
		}
		switch {
		case got.stopped:
			out.stopped = true
		case got.overBudget && out.solutions < lim.solutions:
			restarts++
			continue
		}
		if first != nil {
			copy(b.solution(), first)
		}
		return out, restarts
	}
}
