package anneal

import (
	"context"
	"math"
	"testing"

	"github.com/sudokubench/sudokubench/encodings/qubo"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// benchPuzzle is 17-clue+8:5 (seed 1), a 25-given puzzle, and
// benchSolution its solution: the pruned model is of the size the speed
// targets speak of.
const (
	benchPuzzle   = ".531.8...........1.....2.3......3.25..164......5....6..3......4.74.8...962..17..."
	benchSolution = "953168742862734951417952836746893125281645397395271468138529674574386219629417583"
)

func benchProblem(b *testing.B, f qubo.Formulation) (*qubo.Model, *problem) {
	b.Helper()
	g, err := sudoku.ParseLine(benchPuzzle, sudoku.Classic)
	if err != nil {
		b.Fatal(err)
	}
	m, err := qubo.Pose(g, qubo.Options{Formulation: f})
	if err != nil {
		b.Fatal(err)
	}
	p, err := newProblem(m)
	if err != nil {
		b.Fatal(err)
	}
	return m, p
}

// BenchmarkAnneal times whole reads of an SA preset on the pruned model
// and reports the average time per attempted update (ns/update) and the
// share of attempts accepted.
func BenchmarkAnneal(b *testing.B) {
	for _, c := range []struct {
		name string
		sa   SA
	}{{"neal", Neal}, {"tuned", Tuned}} {
		b.Run("preset="+c.name, func(b *testing.B) {
			m, p := benchProblem(b, qubo.Pruned)
			hot, cold := c.sa.Range.of(m)
			acc := newAcceptance(geometric(hot, cold, c.sa.Sweeps), p.maxField)
			s, g := newState(p.n), newRNG(1)
			var attempts, flips int64
			cpu0 := solvertest.ProcessCPU()
			for b.Loop() {
				s.randomize(p, g)
				for k := 0; k < c.sa.Sweeps; k++ {
					flips += sweep(p, s, acc.row(k), g)
				}
				attempts += int64(c.sa.Sweeps * p.n)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(attempts), "ns/update")
			b.ReportMetric(float64((solvertest.ProcessCPU()-cpu0).Nanoseconds())/float64(attempts), "cpu-ns/update")
			b.ReportMetric(float64(flips)/float64(attempts), "accepted/update")
		})
	}
}

// BenchmarkRejected times sweeps in which every attempt is rejected after
// a draw, the dearer of a rejection's two paths (a rise past its row's end
// is rejected without one): the solution, where every flip raises the
// energy, swept with a row whose every threshold is 0 (ns/rejected).
func BenchmarkRejected(b *testing.B) {
	m, p := benchProblem(b, qubo.Pruned)
	sol, err := sudoku.ParseLine(benchSolution, sudoku.Classic)
	if err != nil {
		b.Fatal(err)
	}
	s, g := newState(p.n), newRNG(1)
	s.load(p, m.Assignment(sol))
	row := make([]uint32, p.maxField+1)
	var attempts int64
	cpu0 := solvertest.ProcessCPU()
	for b.Loop() {
		if sweep(p, s, row, g) != 0 {
			b.Fatal("a flip was accepted")
		}
		attempts += int64(p.n)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(attempts), "ns/rejected")
	b.ReportMetric(float64((solvertest.ProcessCPU()-cpu0).Nanoseconds())/float64(attempts), "cpu-ns/rejected")
}

// BenchmarkSwap times whole reads of TunedSwap on the pruned model and
// reports the average time per attempted swap (ns/swap; a swap counts
// four updates) and the share accepted.
func BenchmarkSwap(b *testing.B) {
	m, p := benchProblem(b, qubo.Pruned)
	r := newRun(context.Background(), m, p, 1, math.MaxInt64)
	board, s := newSwapBoard(r), newState(p.n)
	matched, x := newMatcher(board), make([]uint8, p.n)
	hot, cold := TunedSwap.Range.of(m)
	acc := newAcceptance(geometric(hot, cold, TunedSwap.Sweeps), 4*p.maxField)
	cpu0 := solvertest.ProcessCPU()
	for b.Loop() {
		board.randomize(matched, r.rng, p, s, x)
		TunedSwap.anneal(r, board, s, acc)
	}
	swaps := float64(r.attempted) / 4
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/swaps, "ns/swap")
	b.ReportMetric(float64((solvertest.ProcessCPU()-cpu0).Nanoseconds())/swaps, "cpu-ns/swap")
	b.ReportMetric(float64(r.accepted)/float64(r.attempted), "accepted/swap")
}
