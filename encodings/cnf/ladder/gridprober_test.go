package ladder

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/encodings/cnf/internal/literal"
	"github.com/sudokubench/sudokubench/sudoku"
)

// gridGeometries are the shapes gridProber takes.
var gridGeometries = []*sudoku.Geometry{
	sudoku.MustGeometry(2, sudoku.Classic),
	sudoku.MustGeometry(3, sudoku.Classic),
	sudoku.MustGeometry(3, sudoku.Diagonal),
}

// cellLiteral is the CNF literal of a gridLiteral.
func cellLiteral(geo *sudoku.Geometry, l gridLiteral) int {
	v := cnf.CellVar(geo.N, int(l.cell), int(l.d)+1)
	if !l.value {
		return -v
	}
	return v
}

// randomLiterals draws k literals over the cell variables.
func randomLiterals(geo *sudoku.Geometry, rng *rand.Rand, k int) []gridLiteral {
	out := make([]gridLiteral, k)
	for i := range out {
		out[i] = gridLiteral{int32(rng.IntN(geo.Cells)), int32(rng.IntN(geo.N)), rng.IntN(4) == 0}
	}
	return out
}

// TestGridProberUnitPropagation checks gridProber's bit-board propagation
// against prober's on the formula itself: from random sets of literals,
// on the minimal and efficient encodings of every shape it takes, the same
// conflicts and, without one, the same literals true.
func TestGridProberUnitPropagation(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, geo := range gridGeometries {
		for _, enc := range []cnf.Encoding{cnf.Minimal, cnf.Efficient} {
			t.Run(fmt.Sprintf("geometry=%s/encoding=%s", geo, enc), func(t *testing.T) {
				_, ref := encodedProber(t, geo, enc)
				g := newGridProber(geo, enc == cnf.Efficient)
				conflicts := 0
				for trial := 0; trial < 400; trial++ {
					lits := randomLiterals(geo, rng, 1+trial%(2*geo.N))
					var assumed []int
					var s gridState
					ok := true
					for _, l := range lits {
						assumed = append(assumed, cellLiteral(geo, l))
						ok = ok && g.assign(&s, l)
					}
					want := ref.start(assumed)
					if ok != want {
						t.Fatalf("%v: gridProber consistent %v, prober %v", assumed, ok, want)
					}
					if !ok {
						conflicts++
						continue
					}
					for cell := 0; cell < geo.Cells; cell++ {
						for d := 0; d < geo.N; d++ {
							for _, value := range []bool{true, false} {
								l := gridLiteral{int32(cell), int32(d), value}
								if got, want := s.has(l), ref.truth[literal.Code(cellLiteral(geo, l))] > 0; got != want {
									t.Fatalf("%v: literal %d: gridProber %v, prober %v", assumed, cellLiteral(geo, l), got, want)
								}
							}
						}
					}
				}
				if conflicts == 0 || conflicts == 400 {
					t.Errorf("%d of 400 random sets conflict: the test needs both kinds", conflicts)
				}
			})
		}
	}
}

// fullGrid fills a grid of geo by backtracking, always on the empty cell
// with the fewest digits left, trying its digits in an order drawn from
// rng.
func fullGrid(geo *sudoku.Geometry, rng *rand.Rand) *sudoku.Grid {
	g := sudoku.NewGrid(geo)
	allowed := func(cell, d int) bool {
		for _, peer := range geo.Peers[cell] {
			if g.Cell(peer) == d {
				return false
			}
		}
		return true
	}
	var fill func() bool
	fill = func() bool {
		best, fewest := -1, geo.N+1
		for cell := range g.Cells() {
			if g.Cell(cell) != 0 {
				continue
			}
			n := 0
			for d := 1; d <= geo.N; d++ {
				if allowed(cell, d) {
					n++
				}
			}
			if n < fewest {
				best, fewest = cell, n
			}
		}
		if best < 0 {
			return true
		}
		for _, d := range rng.Perm(geo.N) {
			if allowed(best, d+1) {
				g.Set(best, d+1)
				if fill() {
					return true
				}
			}
		}
		g.Set(best, 0)
		return false
	}
	fill()
	return g
}

// gridSample is a puzzle for TestGridProberMatchesProber, with its
// solution when prober's double lookahead takes long on it without.
type gridSample struct {
	puzzle, solution *sudoku.Grid
}

// gridSamples are puzzles of every shape gridProber takes: holes punched
// at random in full grids, and corpus puzzles at 9×9, unsolvable ones
// among them.
func gridSamples(t *testing.T) map[*sudoku.Geometry][]gridSample {
	rng := rand.New(rand.NewPCG(3, 4))
	samples := map[*sudoku.Geometry][]gridSample{}
	for _, geo := range gridGeometries {
		for i := 0; i < 12; i++ {
			p := fullGrid(geo, rng)
			for cell := range p.Cells() {
				if rng.IntN(5) < 3 {
					p.Set(cell, 0)
				}
			}
			samples[geo] = append(samples[geo], gridSample{p, nil})
		}
	}
	classic := gridGeometries[1]
	solver, err := newProber(classic, cnf.Encode(classic, cnf.Options{Encoding: cnf.Augmented}))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range append(everyNth(t, "17-clue.txt", 7001, 3), everyNth(t, "top1465.txt", 293, 4)...) {
		if solver.reason(p, FailedLiterals) != solved {
			t.Fatalf("%s: failed literals on the augmented encoding do not solve it", p)
		}
		samples[classic] = append(samples[classic], gridSample{p, solver.grid()})
	}
	for _, p := range everyNth(t, "tdoku-tests.txt", 7, 5) {
		samples[classic] = append(samples[classic], gridSample{p, nil})
	}
	return samples
}

// TestGridProberMatchesProber runs every inference on the minimal and
// efficient encodings with both probers, on puzzles with one solution,
// many and none, with and without the solution known (but double
// lookahead on slow samples only with it), and checks the same outcome
// and the same cells fixed.
func TestGridProberMatchesProber(t *testing.T) {
	t.Parallel()
	for geo, samples := range gridSamples(t) {
		for _, enc := range []cnf.Encoding{cnf.Minimal, cnf.Efficient} {
			t.Run(fmt.Sprintf("geometry=%s/encoding=%s", geo, enc), func(t *testing.T) {
				_, ref := encodedProber(t, geo, enc)
				g := newGridProber(geo, enc == cnf.Efficient)
				outcomes := map[outcome]int{}
				for i, sample := range samples {
					p, solution := sample.puzzle, sample.solution
					for _, inf := range Inferences {
						for _, known := range []bool{false, true} {
							if known != (solution != nil) || inf == DoubleLookahead && !known && sample.solution != nil {
								continue
							}
							ref.knowSolution(solution)
							g.knowSolution(solution)
							want, got := ref.reason(p, inf), g.reason(p, inf)
							if got != want {
								t.Fatalf("puzzle %d %s, %s, solution known %v: gridProber %v, prober %v", i, p, inf, known, got, want)
							}
							if want != contradictory && !ref.grid().Equal(g.grid()) {
								t.Fatalf("puzzle %d %s, %s: gridProber fixed\n%v\nprober\n%v", i, p, inf, g.grid(), ref.grid())
							}
							outcomes[want]++
							if want == solved && solution == nil {
								solution = g.grid()
							}
						}
					}
				}
				t.Logf("outcomes %v", outcomes)
				if outcomes[solved] == 0 || outcomes[unsolved] == 0 {
					t.Errorf("outcomes %v: the sample needs puzzles solved and not", outcomes)
				}
			})
		}
	}
}

// TestGridQuietIsExact checks gridQuiet's two claims on lookahead states
// of real puzzles: a literal it says holds probes without conflict and
// derives exactly the assignment joined with its delta, and a literal
// that is no candidate holds.
func TestGridQuietIsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, enc := range []cnf.Encoding{cnf.Minimal, cnf.Efficient} {
		t.Run("encoding="+enc.String(), func(t *testing.T) {
			geo := gridGeometries[1]
			g := newGridProber(geo, enc == cnf.Efficient)
			quiet, checked := 0, 0
			for _, p := range everyNth(t, "17-clue.txt", 4001, 6) {
				if !g.start(p) || !g.failedLiterals(true) {
					t.Fatalf("%s: contradictory", p)
				}
				g.quiet.compute(g)
				base := g.st
				open := g.openLiterals(nil)
				for trial := 0; trial < 20; trial++ {
					// A lookahead state: a literal assumed on the base, and
					// maybe one more.
					g.st = base
					ok := true
					for _, l := range []gridLiteral{open[rng.IntN(len(open))], open[rng.IntN(len(open))]} {
						ok = ok && g.assign(&g.st, l)
					}
					if !ok {
						continue
					}
					candidate := map[gridLiteral]bool{}
					for _, l := range g.quiet.candidates(g, nil) {
						candidate[l] = true
					}
					for _, l := range g.openLiterals(nil) {
						holds := g.quiet.holds(g, l)
						if !candidate[l] && !holds && g.quiet.deltaOf(g, l) != nil {
							t.Fatalf("%s: literal %+v is no candidate but does not hold", p, l)
						}
						if !holds {
							continue
						}
						quiet++
						s := g.st
						if !g.assign(&s, l) {
							t.Fatalf("%s: literal %+v holds but its probe fails", p, l)
						}
						want := g.st
						want.union(g.quiet.deltaOf(g, l), geo.N)
						if s != want {
							t.Fatalf("%s: literal %+v holds but its probe derives more than its delta", p, l)
						}
					}
					checked++
				}
				g.st = base
			}
			t.Logf("%d literals quiet over %d states", quiet, checked)
			if quiet == 0 || checked == 0 {
				t.Error("nothing checked")
			}
		})
	}
}
