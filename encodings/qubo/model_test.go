package qubo

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/internal/sudokutest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// diagonalSolution is a valid Sudoku X grid (both diagonals hold 1..9).
const diagonalSolution = "437526198156398742982741365241987536365214879798653214879432651624175983513869427"

// solved is a puzzle with one of its solutions.
type solved struct {
	name             string
	puzzle, solution *sudoku.Grid
}

// solvedPuzzles returns puzzles of every size and variant the tests cover,
// each with a solution: grids blanked at several rates, and tdoku-tests'
// unique puzzles with their recorded solutions.
func solvedPuzzles(t testing.TB) []solved {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	var out []solved
	grids := []*sudoku.Grid{sudoku.PatternGrid(2), sudoku.PatternGrid(3), sudokutest.Parse(t, diagonalSolution, sudoku.Diagonal), sudoku.PatternGrid(4)}
	for _, sol := range grids {
		for _, p := range []float64{0, 0.3, 0.6, 0.9} {
			name := fmt.Sprintf("%s/blank=%.1f", sol.Geometry(), p)
			out = append(out, solved{name, sudokutest.Blank(sol, p, rng), sol})
		}
	}
	for i, e := range tdokuTests(t) {
		if e.solution != nil && i < 12 {
			out = append(out, solved{fmt.Sprintf("tdoku-tests/%d", i+1), e.puzzle, e.solution})
		}
	}
	return out
}

type tdokuEntry struct {
	puzzle, solution *sudoku.Grid
	count            string
}

// tdokuTests reads corpora/data/tdoku-tests.txt: puzzle:count[:solution].
func tdokuTests(t testing.TB) []tdokuEntry {
	t.Helper()
	var out []tdokuEntry
	for _, line := range readLines(t, "tdoku-tests.txt", 0) {
		f := strings.Split(line, ":")
		e := tdokuEntry{puzzle: sudokutest.Parse(t, f[0], sudoku.Classic), count: f[1]}
		if len(f) > 2 {
			e.solution = sudokutest.Parse(t, f[2], sudoku.Classic)
		}
		out = append(out, e)
	}
	return out
}

// readLines returns up to max (all if 0) puzzle lines of a shipped corpus.
func readLines(t testing.TB, file string, max int) []string {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "corpora", "data", file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() && (max == 0 || len(lines) < max) {
		if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "#") {
			lines = append(lines, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

func build(t testing.TB, p *sudoku.Grid, f Formulation) *Model {
	t.Helper()
	m, err := Pose(p, Options{Formulation: f})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// oneHotEnergy computes, independently of the model's expansion, the
// energy its definition gives: Σ w·(set − 1)² over cells and unit × digit,
// counting the digits of the grid the assignment and the settled cells
// state together.
func oneHotEnergy(m *Model, x []uint8) int64 {
	geo := m.Puzzle.Geometry()
	n := geo.N
	on := make([]int64, geo.Cells*n)
	for cell, d := range m.Settled.Cells() {
		if d != 0 {
			on[cell*n+int(d)-1] = 1
		}
	}
	for i, v := range m.Vars {
		on[v.Cell*n+v.Digit-1] = int64(x[i])
	}
	sq := func(s int64) int64 { return (s - 1) * (s - 1) }
	var e int64
	for cell := 0; cell < geo.Cells; cell++ {
		var s int64
		for d := 0; d < n; d++ {
			s += on[cell*n+d]
		}
		e += m.Weights.Cell * sq(s)
	}
	for _, u := range geo.Units {
		for d := 0; d < n; d++ {
			var s int64
			for _, cell := range u.Cells {
				s += on[cell*n+d]
			}
			e += m.Weights.of(u.Kind) * sq(s)
		}
	}
	return e
}

// wildqatEnergy computes the Wildqat model's energy from its definition:
// −1 per set bit, −1 more per set given bit, +2w per pair of set bits
// per group they share, plus the offset N² + givens.
func wildqatEnergy(m *Model, x []uint8) int64 {
	geo := m.Puzzle.Geometry()
	e := int64(geo.Cells + m.Puzzle.Hints())
	for i, v := range m.Vars {
		if x[i] == 1 {
			e--
			if m.Puzzle.Cell(v.Cell) == v.Digit {
				e--
			}
		}
	}
	for i := range m.groups {
		g := &m.groups[i]
		var set int64
		for _, v := range g.vars {
			set += int64(x[v])
		}
		e += g.weight * set * (set - 1) // 2w per pair: 2w·set(set−1)/2
	}
	return e
}

func definedEnergy(m *Model, x []uint8) int64 {
	if m.Formulation == Wildqat {
		return wildqatEnergy(m, x)
	}
	return oneHotEnergy(m, x)
}

func TestEnergyIsZeroExactlyForTheSolution(t *testing.T) {
	for _, sp := range solvedPuzzles(t) {
		for _, f := range Formulations {
			t.Run(fmt.Sprintf("%s/formulation=%s", sp.name, f), func(t *testing.T) {
				m := build(t, sp.puzzle, f)
				if m.Conflict != "" {
					t.Fatalf("conflict %q in a solvable puzzle", m.Conflict)
				}
				x := m.Assignment(sp.solution)
				if e := m.Energy(x); e != 0 {
					t.Fatalf("solution has energy %d, want 0", e)
				}
				g, vs, err := m.Decode(x)
				if err != nil || len(vs) > 0 || !g.Equal(sp.solution) {
					t.Fatalf("decode: %v, %v, %v; want the solution", g, vs, err)
				}
			})
		}
	}
}

// TestEnergyIsPositiveForEveryViolation flips one to four bits of the
// solution's assignment and draws uniformly random assignments: every one
// breaks a constraint, so every one must have positive energy, the energy
// the definition gives, and decode to violations rather than a grid.
func TestEnergyIsPositiveForEveryViolation(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, sp := range solvedPuzzles(t) {
		for _, f := range Formulations {
			m := build(t, sp.puzzle, f)
			if len(m.Vars) == 0 {
				continue
			}
			trials := 200
			if len(m.Vars) > 1000 {
				trials = 20 // 16×16: each check walks every group
			}
			t.Run(fmt.Sprintf("%s/formulation=%s", sp.name, f), func(t *testing.T) {
				for trial := 0; trial < trials; trial++ {
					x := m.Assignment(sp.solution)
					if trial%2 == 0 {
						for k := 0; k <= trial%4; k++ {
							x[rng.IntN(len(x))] ^= 1
						}
					} else {
						for i := range x {
							x[i] = uint8(rng.IntN(2))
						}
					}
					checkAssignment(t, m, x)
				}
			})
		}
	}
}

// checkAssignment asserts that the energy is the defined one, that it is 0
// exactly when nothing is violated, and that a violated assignment decodes
// to its violations.
func checkAssignment(t *testing.T, m *Model, x []uint8) {
	t.Helper()
	e := m.Energy(x)
	if want := definedEnergy(m, x); e != want {
		t.Fatalf("energy %d, the definition gives %d", e, want)
	}
	g, vs, err := m.Decode(x)
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case e < 0:
		t.Fatalf("negative energy %d", e)
	case e == 0 && len(vs) > 0:
		t.Fatalf("energy 0 with violations %v", vs)
	case e > 0 && (len(vs) == 0 || g != nil):
		t.Fatalf("energy %d but decoded to %v with violations %v", e, g, vs)
	case e == 0 && sudoku.CheckSolution(m.Puzzle, g) != nil:
		t.Fatalf("energy 0 decodes to %v, not a solution", g)
	}
}

func TestDecodeNamesTheViolations(t *testing.T) {
	sol := sudoku.PatternGrid(2) // 1234 / 3412 / 2143 / 4321
	puzzle := sol.Clone()
	puzzle.Set(1, 0) // r1c2 = 2 blank
	puzzle.Set(4, 0) // r2c1 = 3 blank
	tests := []struct {
		name string
		form Formulation
		edit func(m *Model, x []uint8)
		want []string
	}{
		{"blank-cell", Pruned, func(m *Model, x []uint8) { x[mustIndex(t, m, 1, 2)] = 0 },
			[]string{"r1c2: 0 set, want 1", "row 1 digit 2: 0 set, want 1", "column 2 digit 2: 0 set, want 1", "box 1 digit 2: 0 set, want 1"}},
		{"two-digits", Fixed, func(m *Model, x []uint8) { x[mustIndex(t, m, 0, 3)] = 1 },
			[]string{"r1c1: 2 set, want 1", "row 1 digit 3: 2 set, want 1", "column 1 digit 3: 2 set, want 1", "box 1 digit 3: 2 set, want 1"}},
		{"given-lost", Wildqat, func(m *Model, x []uint8) { x[mustIndex(t, m, 0, 1)] = 0 },
			[]string{"r1c1: 0 set, want 1", "row 1 digit 1: 0 set, want 1", "column 1 digit 1: 0 set, want 1", "box 1 digit 1: 0 set, want 1", "given r1c1 = 1: 0 set, want 1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := build(t, puzzle, tt.form)
			x := m.Assignment(sol)
			tt.edit(m, x)
			g, vs, err := m.Decode(x)
			if err != nil || g != nil {
				t.Fatalf("decoded to %v, %v", g, err)
			}
			var got []string
			for _, v := range vs {
				got = append(got, v.String())
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("violations:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func mustIndex(t *testing.T, m *Model, cell, digit int) int {
	t.Helper()
	i, ok := m.Index(cell, digit)
	if !ok {
		t.Fatalf("no variable for cell %d digit %d", cell, digit)
	}
	return i
}

func TestDecodeRefusesAWrongLength(t *testing.T) {
	m := build(t, sudoku.PatternGrid(2), Wildqat)
	if _, _, err := m.Decode(make([]uint8, 3)); err == nil || !strings.Contains(err.Error(), "3 values for 64 variables") {
		t.Fatalf("err = %v", err)
	}
}

// TestFormulationSizes checks each formulation's variables against what
// it keeps: fixed N³ − givens, pruned the empty cells' candidates,
// propagated no more than pruned, wildqat N³.
func TestFormulationSizes(t *testing.T) {
	for _, sp := range solvedPuzzles(t) {
		t.Run(sp.name, func(t *testing.T) {
			p := sp.puzzle
			n := p.N()
			candidates := 0
			for i, c := range p.Candidates() {
				if p.Cell(i) == 0 {
					for d := 1; d <= n; d++ {
						candidates += int(c >> d & 1)
					}
				}
			}
			want := map[Formulation]int{Fixed: n*n*n - p.Hints(), Pruned: candidates, Wildqat: n * n * n}
			for f, w := range want {
				if got := build(t, p, f).Stats().Variables; got != w {
					t.Errorf("%s: %d variables, want %d", f, got, w)
				}
			}
			if got := build(t, p, Propagated).Stats().Variables; got > candidates {
				t.Errorf("propagated: %d variables, more than pruned's %d", got, candidates)
			}
		})
	}
}

// TestPrunedAndPropagatedKeepTheSolution: whatever they drop, the
// solution's digit stays a variable or a settled cell that agrees with it.
func TestPrunedAndPropagatedKeepTheSolution(t *testing.T) {
	for _, sp := range solvedPuzzles(t) {
		for _, f := range []Formulation{Pruned, Propagated} {
			m := build(t, sp.puzzle, f)
			for cell, d := range sp.solution.Cells() {
				settled := m.Settled.Cell(cell)
				if _, ok := m.Index(cell, int(d)); !ok && settled != int(d) {
					t.Errorf("%s/%s: %s: solution digit %d dropped (settled %d)", sp.name, f, m.Puzzle.Geometry().CellName(cell), d, settled)
				}
			}
		}
	}
}

// TestPropagatedIsEmptyExactlyWhenSinglesSolve compares, on 17-clue
// puzzles, the propagated model with the CNF unit propagator's verdict.
func TestPropagatedIsEmptyExactlyWhenSinglesSolve(t *testing.T) {
	geo := sudoku.MustGeometry(3, sudoku.Classic)
	prop := cnf.NewPropagator(cnf.Encode(geo, cnf.Options{Encoding: cnf.Extended}))
	b, err := NewBuilder(Propagated, DefaultWeights())
	if err != nil {
		t.Fatal(err)
	}
	empty := 0
	lines := readLines(t, "17-clue.txt", 300)
	for _, line := range lines {
		p := sudokutest.Parse(t, line, sudoku.Classic)
		m := b.Build(p)
		solves, _ := prop.SolvesPuzzle(p)
		if m.Empty() != solves {
			t.Fatalf("%s: model empty %v, singles solve %v", line, m.Empty(), solves)
		}
		if m.Empty() {
			empty++
			if err := sudoku.CheckSolution(p, m.Settled); err != nil {
				t.Fatalf("%s: settled grid: %v", line, err)
			}
		}
	}
	// Singles settle 44.6% of the whole 17-clue corpus (tdoku's figure).
	if share := float64(empty) / float64(len(lines)); share < 0.35 || share > 0.55 {
		t.Errorf("singles emptied %.1f%% of the models, expected about 45%%", 100*share)
	}
}

func TestPropagatedModelOfAContradiction(t *testing.T) {
	// A valid-looking puzzle (the pattern grid blanked, one given changed)
	// that singles refute but pruning alone does not.
	p := sudokutest.Parse(t, "..3......457........9....5....5..89..6.......8...........6.8.........3..9.2...6.8", sudoku.Classic)
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	if m := build(t, p, Pruned); m.Conflict != "" {
		t.Fatalf("pruned: conflict %q", m.Conflict)
	}
	m := build(t, p, Propagated)
	if m.Conflict != "naked and hidden singles reach a contradiction" || len(m.Vars) != 0 || m.Empty() || m.Offset <= 0 {
		t.Errorf("conflict %q with %d variables, offset %d", m.Conflict, len(m.Vars), m.Offset)
	}
}

func TestPrunedModelWithAnImpossibleRow(t *testing.T) {
	// 4×4: row 1 needs a 1 in c1..c3, but r2c1's 1 sees c1 and c2 and
	// r3c3's 1 sees c3; every cell still has a candidate.
	p := sudokutest.Parse(t, "...2"+"1..."+"..1."+"....", sudoku.Classic)
	m := build(t, p, Pruned)
	if m.Conflict != "row 1 digit 1 can never hold exactly one digit" {
		t.Fatalf("conflict %q", m.Conflict)
	}
	if m.Empty() || m.Offset <= 0 {
		t.Errorf("a conflicting model: empty %v, offset %d", m.Empty(), m.Offset)
	}
}

func TestIsingIsTheSameFunction(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, sp := range solvedPuzzles(t)[:8] {
		for _, f := range Formulations {
			m := build(t, sp.puzzle, f)
			h, j, off := m.Ising()
			for trial := 0; trial < 20; trial++ {
				x := make([]uint8, len(m.Vars))
				for i := range x {
					x[i] = uint8(rng.IntN(2))
				}
				e := off
				for i := range x {
					e += h[i] * float64(2*int(x[i])-1)
				}
				for k, c := range m.Couplers {
					e += j[k] * float64(2*int(x[c.I])-1) * float64(2*int(x[c.J])-1)
				}
				if e != float64(m.Energy(x)) {
					t.Fatalf("%s/%s: Ising energy %v, QUBO %d", sp.name, f, e, m.Energy(x))
				}
			}
		}
	}
}

func TestWeightsScaleTheirFamilies(t *testing.T) {
	sol := sudoku.PatternGrid(3)
	p := sudokutest.Blank(sol, 0.5, rand.New(rand.NewPCG(7, 8)))
	w := Weights{Cell: 3, Row: 1, Column: 2, Box: 5, Diagonal: 1}
	m, err := Pose(p, Options{Formulation: Fixed, Weights: w})
	if err != nil {
		t.Fatal(err)
	}
	x := m.Assignment(sol)
	if m.Energy(x) != 0 {
		t.Fatalf("solution energy %d", m.Energy(x))
	}
	i, _ := m.Index(0, sol.Cell(0)%9+1)
	x[i] = 1 // a second digit in r1c1: its cell, row, column and box
	if got, want := m.Energy(x), int64(3+1+2+5); got != want || oneHotEnergy(m, x) != want {
		t.Fatalf("energy %d (defined %d), want %d", got, oneHotEnergy(m, x), want)
	}
}

func TestParse(t *testing.T) {
	for _, f := range Formulations {
		if g, err := ParseFormulation(strings.ToUpper(f.String())); err != nil || g != f {
			t.Errorf("%s: %v %v", f, g, err)
		}
	}
	if _, err := ParseFormulation("eliminated"); err == nil || !strings.Contains(err.Error(), "use fixed, pruned, propagated or wildqat") {
		t.Errorf("err = %v", err)
	}
	if w, err := ParseWeights("1:2:3:4"); err != nil || w != (Weights{1, 2, 3, 4, 1}) {
		t.Errorf("1:2:3:4 = %+v, %v", w, err)
	}
	for _, bad := range []string{"1:2:3", "1:x:1:1", "1:0:1:1", "1:1:1:1:1:1", fmt.Sprintf("1:1:1:%d", MaxWeight+1)} {
		if _, err := ParseWeights(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func BenchmarkBuild(b *testing.B) {
	lines := readLines(b, "17-clue.txt", 64)
	for _, f := range Formulations {
		bld, err := NewBuilder(f, DefaultWeights())
		if err != nil {
			b.Fatal(err)
		}
		b.Run("formulation="+f.String(), func(b *testing.B) {
			i := 0
			for b.Loop() {
				bld.Build(sudokutest.Parse(b, lines[i%len(lines)], sudoku.Classic))
				i++
			}
		})
	}
}

func TestSizeAnalysisBucketsByHints(t *testing.T) {
	a, err := NewSizeAnalysis(DefaultWeights())
	if err != nil {
		t.Fatal(err)
	}
	sol := sudoku.PatternGrid(3)
	few := sudokutest.Parse(t, readLines(t, "17-clue.txt", 1)[0], sudoku.Classic)
	many := sudokutest.Blank(sol, 0.1, rand.New(rand.NewPCG(1, 1)))
	for _, p := range []*sudoku.Grid{few, many, few} {
		a.Add(p)
	}
	bs := a.Buckets()
	if len(bs) != 2 || bs[0].Hints != 17 || bs[0].Puzzles != 2 || bs[1].Hints != many.Hints() || bs[1].Puzzles != 1 {
		t.Fatalf("buckets %+v %+v", bs[0], bs[1])
	}
	if got, want := bs[0].MeanVariables(0), float64(729-17); got != want {
		t.Errorf("fixed mean variables %v, want %v", got, want)
	}
	if bs[1].EmptyShare() != 1 || bs[1].MeanVariables(2) != 0 {
		t.Errorf("a 90%%-given grid: propagated %+v", bs[1])
	}
	if tot := a.Total(); tot.Puzzles != 3 || tot.Variables[1] != 2*bs[0].Variables[1]/2+bs[1].Variables[1] {
		t.Errorf("total %+v", tot)
	}
}
