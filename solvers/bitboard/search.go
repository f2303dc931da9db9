package bitboard

import (
	"math/bits"
	"math/rand/v2"
)

// engine is a board the depth-first search drives: one of the two
// representations (bands for 9×9 classic, cells for every other geometry).
// Digits travel as 64-bit masks, bit i for digit i+1.
type engine interface {
	// propagate applies the engine's deductions to a fixpoint and reports
	// false on a contradiction.
	propagate() bool
	// choose returns a cell to branch on and its candidates, or ok false
	// when every cell is settled (the board is a solution).
	choose() (cell int, options uint64, ok bool)
	// save copies the board into stack slot i; restore copies it back.
	save(i int)
	restore(i int)
	// assign restricts a cell to one digit (a bit mask).
	assign(cell int, digit uint64)
	// keepSolution records the current, settled board as the solution.
	keepSolution()
}

// frame is a branch point: the cell and the options not yet tried.
type frame struct {
	cell    int
	options uint64
}

// outcome is what a search found and what it cost.
type outcome struct {
	solutions int
	nodes     int // boards propagated, the root included
	guesses   int // branch points (every branch has two options or more)
	stopped   bool
	// overBudget says the search spent its guess budget before it ended.
	overBudget bool
}

// limits bound a search and say how it branches.
type limits struct {
	solutions int             // stop after this many solutions
	done      <-chan struct{} // stop when closed; nil never is
	// rng, if set, draws the option to try at each branch from those left;
	// without it the lowest digit goes first.
	rng *rand.Rand
	// prefer, if set, holds a digit per cell to try first where it is
	// left (rng or the lowest digit decide among the others).
	prefer []uint8
	// guesses, if positive, stops the search once it has made this many
	// guesses, with overBudget set.
	guesses int
}

// cancelCheckEvery is how many branch points pass between two looks at the
// context: a few milliseconds of search at most, and no cost per node.
const cancelCheckEvery = 1024

// search runs a depth-first search from e's board until it has found
// lim.solutions solutions or proved there are no more, or done is closed
// (looked at the first branch point and every cancelCheckEvery after), or
// the guess budget is spent. The first solution is kept with keepSolution.
// frames holds the branch points and must have room for one per empty
// cell.
func search(e engine, frames []frame, lim limits) outcome {
	out := outcome{nodes: 1}
	depth := 0
	ok := e.propagate()
	for {
		if ok {
			cell, options, open := e.choose()
			if !open {
				if out.solutions++; out.solutions == 1 {
					e.keepSolution()
				}
				if out.solutions >= lim.solutions {
					return out
				}
			} else {
				if out.guesses++; out.guesses%cancelCheckEvery == 1 && closed(lim.done) {
					out.stopped = true
					return out
				}
				if lim.guesses > 0 && out.guesses > lim.guesses {
					out.overBudget = true
					return out
				}
				first := lim.pick(cell, options)
				frames[depth] = frame{cell: cell, options: options &^ first}
				e.save(depth)
				depth++
				e.assign(cell, first)
				out.nodes++
				ok = e.propagate()
				continue
			}
		}
		if depth == 0 {
			return out
		}
		top := depth - 1
		f := &frames[top]
		next := lim.pick(f.cell, f.options)
		if f.options &^= next; f.options == 0 {
			depth = top // the last option: its saved board is not needed again
		}
		e.restore(top)
		e.assign(f.cell, next)
		out.nodes++
		ok = e.propagate()
	}
}

// pick returns the option to try next at a cell of a non-empty mask: the
// preferred digit, else the lowest, or one drawn with rng.
func (lim *limits) pick(cell int, options uint64) uint64 {
	if lim.prefer != nil {
		if d := uint64(1) << (lim.prefer[cell] - 1); options&d != 0 {
			return d
		}
	}
	if lim.rng == nil {
		return options & -options
	}
	for k := lim.rng.IntN(bits.OnesCount64(options)); k > 0; k-- {
		options &= options - 1
	}
	return options & -options
}

// closed reports whether done is closed without blocking; nil never is.
func closed(done <-chan struct{}) bool {
	select {
	case <-done:
		return true
	default:
		return false
	}
}
