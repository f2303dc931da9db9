package neural

import (
	"context"
	"math/bits"
	"sort"
)

// searcher is a complete solver that lets the network choose its moves:
// singles (a cell with one candidate left, a digit with one place left in
// a unit) are forced and made without asking; then the network reads the
// board, the blank cell it is most sure of is branched on, and its
// candidates are tried in the order of the network's probabilities. A
// contradiction backtracks. Counters follow exactcover/dlx's: nodes are
// boards searched, guesses branch points with more than one candidate.
type searcher struct {
	pred      *Predictor
	limit     int // solutions to find before stopping: 1 first, 2 unique
	solutions int
	first     [Cells]uint8
	nodes     int64
	guesses   int64
	done      <-chan struct{}
	stopped   bool
}

// allDigits is the candidate mask of an empty cell: bits 1..9.
const allDigits = 0x3fe

// search explores the board and its completions until limit solutions are
// found, the tree is exhausted, or done is closed.
func (s *searcher) search(board [Cells]uint8) {
	if s.solutions >= s.limit || s.interrupted() {
		return
	}
	s.nodes++
	if !propagate(&board) {
		return
	}
	cell := -1
	for c, d := range board {
		if d == 0 {
			cell = c
			break
		}
	}
	if cell < 0 {
		if s.solutions++; s.solutions == 1 {
			s.first = board
		}
		return
	}
	cell, order := s.choose(&board)
	if len(order) > 1 {
		s.guesses++
	}
	for _, d := range order {
		child := board
		child[cell] = d
		s.search(child)
		if s.solutions >= s.limit || s.stopped {
			return
		}
	}
}

func (s *searcher) interrupted() bool {
	select {
	case <-s.done:
		s.stopped = true
	default:
	}
	return s.stopped
}

// choose asks the network about the board and returns the blank cell whose
// most probable candidate is the most probable of all, with its candidates
// from most to least probable.
func (s *searcher) choose(board *[Cells]uint8) (int, []uint8) {
	probs := s.pred.Probabilities(board)
	cand := candidates(board)
	bestCell, bestP := -1, float32(-1)
	for c, d := range board {
		if d != 0 {
			continue
		}
		row := probs.Row(c)
		for m := cand[c]; m != 0; m &= m - 1 {
			if p := row[bits.TrailingZeros16(m)-1]; p > bestP {
				bestCell, bestP = c, p
			}
		}
	}
	var order []uint8
	for m := cand[bestCell]; m != 0; m &= m - 1 {
		order = append(order, uint8(bits.TrailingZeros16(m)))
	}
	row := probs.Row(bestCell)
	sort.SliceStable(order, func(i, j int) bool { return row[order[i]-1] > row[order[j]-1] })
	return bestCell, order
}

// candidates returns each blank cell's candidate mask (bit d for digit d).
func candidates(board *[Cells]uint8) [Cells]uint16 {
	var cand [Cells]uint16
	geo := geometry()
	for c, d := range board {
		if d != 0 {
			continue
		}
		m := uint16(allDigits)
		for _, p := range geo.Peers[c] {
			m &^= 1 << board[p]
		}
		cand[c] = m
	}
	return cand
}

// propagate fills naked and hidden singles until none is left. It reports
// false on a contradiction: a blank cell without candidates, a digit with
// no place left in a unit, or a digit placed twice in a unit.
func propagate(board *[Cells]uint8) bool {
	geo := geometry()
	for {
		cand := candidates(board)
		changed := false
		for c, d := range board {
			if d != 0 {
				continue
			}
			switch bits.OnesCount16(cand[c]) {
			case 0:
				return false
			case 1:
				board[c] = uint8(bits.TrailingZeros16(cand[c]))
				changed = true
			}
		}
		if changed {
			continue // singles may have clashed: recompute from the board
		}
		for _, u := range geo.Units {
			var seen, once, twice uint16
			for _, c := range u.Cells {
				if d := board[c]; d != 0 {
					if seen&(1<<d) != 0 {
						return false
					}
					seen |= 1 << d
				}
				twice |= once & cand[c]
				once |= cand[c]
			}
			if (seen|once)&allDigits != allDigits {
				return false
			}
			for single := once &^ twice &^ seen; single != 0; single &= single - 1 {
				d := bits.TrailingZeros16(single)
				for _, c := range u.Cells {
					if cand[c]&(1<<d) != 0 {
						board[c] = uint8(d)
					}
				}
				changed = true
			}
		}
		if !changed {
			return true
		}
	}
}

// Search solves the board completely, branching in the network's order,
// and returns the first solution found, how many were found (up to
// limit), and its nodes and guesses. interrupted is true when ctx ended
// the search first.
func (p *Predictor) Search(ctx context.Context, board [Cells]uint8, limit int) (first [Cells]uint8, solutions int, nodes, guesses int64, interrupted bool) {
	s := &searcher{pred: p, limit: limit, done: ctx.Done()}
	s.search(board)
	return s.first, s.solutions, s.nodes, s.guesses, s.stopped
}
