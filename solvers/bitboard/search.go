package bitboard

import (
	"math/bits"
	"math/rand/v2"
)

// engine is a board the depth-first search drives: one of the two
// representations (bands for 9×9 classic, cells for every other geometry).
// A branch is a target with options, one bit each: a cell and its digits
// (bit i for digit i+1) on the cell board, a digit's configurations in a
// band or stack on the band board.
type engine interface {
	// propagate applies the engine's deductions to a fixpoint and reports
	// false on a contradiction.
	propagate() bool
	// choose returns a target to branch on and its options, two or more,
	// or ok false when every cell is settled (the board is a solution).
	choose() (target int, options uint64, ok bool)
	// save copies the board into stack slot i; restore copies it back.
	save(i int)
	restore(i int)
	// assign restricts a target to one of its options.
	assign(target int, option uint64)
	// keepSolution records the current, settled board as the solution.
	keepSolution()
	// preferred returns the option of a branch target that a full grid
	// takes (0 when it takes none).
	preferred(target int, grid []uint8) uint64
	// matches reports whether the current, settled board is a full grid.
	matches(grid []uint8) bool
}

// frame is a branch point: the target and the options not yet tried.
type frame struct {
	target  int
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
	// prefer, if set, is a full grid whose option to try first where it
	// is left (rng or the lowest option decide among the others).
	prefer []uint8
	// guesses, if positive, stops the search once it has made this many
	// guesses, with overBudget set.
	guesses int
	// exclude, if set, is a full grid the search passes over as if it
	// were no solution.
	exclude []uint8
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
			target, options, open := e.choose()
			if !open {
				if lim.exclude == nil || !e.matches(lim.exclude) {
					if out.solutions++; out.solutions == 1 {
						e.keepSolution()
					}
					if out.solutions >= lim.solutions {
						return out
					}
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
				first := lim.pick(e, target, options)
				frames[depth] = frame{target: target, options: options &^ first}
				e.save(depth)
				depth++
				e.assign(target, first)
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
		next := lim.pick(e, f.target, f.options)
		if f.options &^= next; f.options == 0 {
			depth = top // the last option: its saved board is not needed again
		}
		e.restore(top)
		e.assign(f.target, next)
		out.nodes++
		ok = e.propagate()
	}
}

// pick returns the option to try next at a target of a non-empty mask:
// the preferred one, else the lowest, or one drawn with rng.
func (lim *limits) pick(e engine, target int, options uint64) uint64 {
	if lim.prefer != nil {
		if o := e.preferred(target, lim.prefer); options&o != 0 {
			return o
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
