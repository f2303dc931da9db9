package dlx

import (
	"math/rand/v2"
)

// Randomised restarts (Gomes, Selman & Kautz, "Boosting combinatorial
// search through randomization", 1998): a backtracking search's time on
// hard problems has a heavy tail, so that a run which has not finished
// after a while is better abandoned for a fresh one in another order than
// pursued. The Solver's first run is the deterministic search, cut off
// after restarts.first nodes; each later run is cut off at restarts.unit
// times the next term of Luby's sequence (1, 1, 2, 1, 1, 2, 4, …: within
// a constant factor of the best fixed cutoff, with no knowledge of the
// distribution), and tries each branch's options from a random one on,
// drawn from the request's seed. The item to branch on stays the engine's
// choice: taking the first with the fewest options after a random item
// instead, which changes the tree and not only the order of its branches,
// settled 53 of 100 25×25 puzzles at 45% givens within 8,000,000 nodes in
// unique mode, where this settles 82. On 9×9 the first cutoff is above
// every shipped puzzle's search, so that restarts never start there.
//
// Unique mode stays a proof: runs restart only until the first solution;
// then the run that found it goes on, still under its cutoff, and a run
// cut off after that is followed by fresh runs that pass over the first
// solution and look for any other. A run that ends inside its cutoff has
// searched its whole tree: a second solution, or proof there is none. The
// cutoffs grow without bound, so some run ends.

// restartStream keeps the restarts' random numbers apart from other uses
// of the seed.
const restartStream = 0x7e57a27

// schedule is a restart policy: the node cutoff of the first run, which
// searches in the deterministic order, and the unit of the randomised
// runs after it, cut off at unit times the terms of Luby's sequence.
type schedule struct{ first, unit int64 }

// restarts is the Solver's schedule. The first cutoff is six times the
// most a shipped 9×9 puzzle needs for its unique-mode proof (22,427
// nodes, in hardest-1106), and about a tenth of a second of search on
// 25×25; the unit is short, as the randomised runs that succeed on 25×25
// puzzles at 45% givens are: of those cut off at 2^14, 2^15 and 2^17
// nodes times Luby's sequence, the shortest solved the most within a
// budget.
var restarts = schedule{first: 1 << 17, unit: 1 << 14}

// luby returns the i-th term (from 1) of Luby, Sinclair and Zuckerman's
// universal restart sequence: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, …
func luby(i int64) int64 {
	for {
		k := int64(1)
		for (int64(1)<<k)-1 < i {
			k++
		}
		if i == (int64(1)<<k)-1 {
			return int64(1) << (k - 1)
		}
		i -= (int64(1) << (k - 1)) - 1
	}
}

// solveWithRestarts searches the loaded puzzle for limit solutions with
// randomised restarts on schedule sc, seeded by seed (cutoffs looked at
// every 4096 nodes), until done closes or the node limit is spent; it
// reports whether it stopped because of either.
func (e *engine) solveWithRestarts(limit int, seed uint64, sc schedule, done <-chan struct{}) (interrupted bool) {
	run := int64(0)
	e.budget = e.nodes + sc.first
	defer func() { e.budget = 0 }()
	for e.search(1, done) {
		if e.stopped(done) {
			return true
		}
		run++
		e.restartRandomised(seed, e.nodes+luby(run)*sc.unit)
	}
	if e.solutions == 0 || limit == 1 {
		return false
	}
	for e.search(limit, done) {
		if e.stopped(done) {
			return true
		}
		if e.known == nil {
			e.known = e.knownSolution()
		}
		run++
		e.restartRandomised(seed, e.nodes+luby(run)*sc.unit)
	}
	return false
}

// restartRandomised abandons the run and starts a randomised one with a
// node budget.
func (e *engine) restartRandomised(seed uint64, budget int64) {
	e.unwind()
	if e.rng == nil {
		e.rng = rand.New(rand.NewPCG(seed, restartStream))
	}
	e.restarts++
	e.budget = budget
}

// knownSolution returns the first solution by cell, for known.
func (e *engine) knownSolution() []int32 {
	known := make([]int32, e.matrix.Geometry().Cells)
	for _, o := range e.first {
		known[int(o)/e.n] = o
	}
	return known
}
