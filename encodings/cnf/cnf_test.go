package cnf

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/corpora/corporatest"
	"github.com/sudokubench/sudokubench/sudoku"
)

func TestEncodeSizes(t *testing.T) {
	geo9 := sudoku.MustGeometry(3, sudoku.Classic)
	tests := []struct {
		opt                  Options
		vars, clauses, cards int
	}{
		{Options{Encoding: Minimal}, 729, 81 + 243*36, 0},
		{Options{Encoding: Efficient}, 729, 81 + 81*36 + 243*36, 0},
		{Options{Encoding: Extended}, 729, 81 + 81*36 + 243 + 243*36, 0},
		// 486 triads, each defined by a 4-literal clause and 3 binary
		// ones; 324 groups of 3 triads (rows, columns, boxes twice × 9
		// digits), each a clause and 3 pairs.
		{Options{Encoding: Augmented}, 729 + 486, 81 + 81*36 + 243 + 243*36 + 486*4 + 324*4, 0},
		{Options{Encoding: Augmented, AtMostOne: Native}, 729 + 486, 81 + 243 + 486*4 + 324, 324 + 324},
		{Options{Encoding: Extended, AtMostOne: Sequential}, 729 + 324*8, 81 + 243 + 324*(3*9-4), 0},
		{Options{Encoding: Extended, AtMostOne: Native}, 729, 81 + 243, 324},
	}
	for _, tt := range tests {
		t.Run("encoding="+tt.opt.String(), func(t *testing.T) {
			f := Encode(geo9, tt.opt)
			s := f.Stats()
			if s.Variables != tt.vars || s.Clauses != tt.clauses || s.Cardinality != tt.cards {
				t.Errorf("stats %+v, want %d variables, %d clauses, %d cardinality constraints", s, tt.vars, tt.clauses, tt.cards)
			}
			if err := f.Check(); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestVarNumbering(t *testing.T) {
	for _, n := range []int{4, 9, 16, 25} {
		for _, v := range []int{1, n, n*n*n - 1, n * n * n} {
			cell, d, ok := CellDigit(n, v)
			if !ok || CellVar(n, cell, d) != v || Var(n, cell/n, cell%n, d) != v {
				t.Errorf("n=%d v=%d: cell %d digit %d ok %v", n, v, cell, d, ok)
			}
		}
		if _, _, ok := CellDigit(n, n*n*n+1); ok {
			t.Errorf("n=%d: auxiliary variable decoded as a cell", n)
		}
	}
}

func TestDecodeRoundTrip(t *testing.T) {
	for _, b := range []int{2, 3, 4} {
		sol := sudoku.PatternGrid(b)
		geo := sol.Geometry()
		if err := sudoku.CheckSolution(sol, sol); err != nil {
			t.Fatalf("pattern grid: %v", err)
		}
		var lits []int
		for cell, d := range sol.Cells() {
			lits = append(lits, CellVar(geo.N, cell, int(d)))
		}
		g, err := DecodeLiterals(geo, lits)
		if err != nil || !g.Equal(sol) {
			t.Errorf("box %d: decoded %v, %v", b, g, err)
		}
		if _, err := DecodeLiterals(geo, lits[1:]); err == nil || !strings.Contains(err.Error(), "r1c1") {
			t.Errorf("box %d: missing digit not reported with its cell: %v", b, err)
		}
		// A second digit in r1c1, the right one first: the cell decodes
		// empty, so that the grid never passes for the solution.
		other := 1 + int(sol.Cell(0))%geo.N
		g, err = DecodeLiterals(geo, append(slices.Clone(lits), CellVar(geo.N, 0, other)))
		if err == nil || !strings.Contains(err.Error(), "r1c1") || g.Cell(0) != 0 || sudoku.CheckSolution(sol, g) == nil {
			t.Errorf("box %d: two digits in r1c1 decoded as %v (%v), want r1c1 empty and the error naming it", b, g, err)
		}
	}
}

func TestPropagateSolvedGridIsFixpoint(t *testing.T) {
	sol := sudoku.PatternGrid(3)
	for _, opt := range []Options{{Encoding: Minimal}, {Encoding: Extended, AtMostOne: Sequential}, {Encoding: Extended, AtMostOne: Native}} {
		p := NewPropagator(Encode(sol.Geometry(), opt))
		a, ok := p.Propagate(Givens(sol))
		if g, complete := a.Grid(sol.Geometry()); !ok || !complete || !g.Equal(sol) {
			t.Errorf("%s: solved grid not a consistent fixpoint (ok %v complete %v)", opt, ok, complete)
		}
		bad := append(Givens(sol), CellVar(9, 0, int(sol.Cell(1))))
		if _, ok := p.Propagate(bad); ok {
			t.Errorf("%s: a duplicate digit in row 1 propagated without conflict", opt)
		}
	}
}

func TestReduceKeepsSolutions(t *testing.T) {
	puzzles := corporatest.First(t, "norvig-top95", 5)
	for _, opt := range []Options{{Encoding: Minimal, Reduce: true}, {Encoding: Extended, Reduce: true}, {Encoding: Extended, Propagate: true}, {Encoding: Extended, AtMostOne: Native, Reduce: true}} {
		enc := NewEncoder(puzzles[0].Grid.Geometry(), opt)
		for i, p := range puzzles {
			inst, err := enc.Encode(p.Grid)
			if err != nil {
				t.Fatalf("%s puzzle %d: %v", opt, i, err)
			}
			if inst.Formula.Vars >= 729 || len(inst.Units) != 0 {
				t.Errorf("%s puzzle %d: %d variables, %d units left", opt, i, inst.Formula.Vars, len(inst.Units))
			}
			if err := inst.Formula.Check(); err != nil {
				t.Errorf("%s puzzle %d: %v", opt, i, err)
			}
		}
	}
	sol := sudoku.PatternGrid(3)
	r, err := Reduce(Encode(sol.Geometry(), Options{Encoding: Extended}), Givens(sol), false)
	if err != nil || r.Formula.Vars != 0 || len(r.Formula.Clauses) != 0 {
		t.Fatalf("reducing a full grid: %v, %+v", err, r.Formula.Stats())
	}
	if g, err := DecodeModel(sol.Geometry(), r.Expand(nil)); err != nil || !g.Equal(sol) {
		t.Errorf("expanding the empty model of a full grid: %v %v", g, err)
	}
}

// BlockingGrid's clause is false under the grid it blocks and true under
// another solution, plain and reduced.
func TestBlockingGrid(t *testing.T) {
	v := sudoku.Classic
	puzzle, _ := sudoku.ParseLine("1.3..2.....1....", v)
	a, _ := sudoku.ParseLine("1432321423414123", v)
	b, _ := sudoku.ParseLine("1432321443212143", v)
	for _, opt := range []Options{{Encoding: Extended}, {Encoding: Minimal, Reduce: true}, {Encoding: Extended, Propagate: true}} {
		inst, err := Pose(puzzle, opt)
		if err != nil {
			t.Fatal(err)
		}
		clause := inst.BlockingGrid(a)
		if len(clause) == 0 {
			t.Fatalf("%s: empty clause", opt)
		}
		for _, tt := range []struct {
			grid *sudoku.Grid
			want bool
		}{{a, false}, {b, true}} {
			if got := satisfies(inst, tt.grid, clause); got != tt.want {
				t.Errorf("%s: clause %v under %s is %v, want %v", opt, clause, tt.grid, got, tt.want)
			}
		}
	}
}

// satisfies evaluates a clause of inst's formula under the model a grid
// makes.
func satisfies(inst *Instance, g *sudoku.Grid, clause []int) bool {
	n := inst.Geometry.N
	truth := make(map[int]bool)
	for cell, d := range g.Cells() {
		v := CellVar(n, cell, int(d))
		if inst.Reduction != nil {
			v = inst.Reduction.Reduced(v)
		}
		truth[v] = true
	}
	for _, l := range clause {
		if (l > 0) == truth[max(l, -l)] {
			return true
		}
	}
	return false
}

func TestWriters(t *testing.T) {
	geo := sudoku.MustGeometry(2, sudoku.Classic)
	f := Encode(geo, Options{Encoding: Minimal})
	var buf bytes.Buffer
	if err := WriteDIMACS(&buf, f); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("p cnf 64 %d\n1 2 3 4 0\n", 16+12*4*6)
	if !strings.Contains(buf.String(), want) {
		t.Errorf("DIMACS output lacks %q:\n%.200s", want, buf.String())
	}
	native := Encode(geo, Options{Encoding: Extended, AtMostOne: Native})
	if err := WriteDIMACS(&buf, native); err == nil {
		t.Error("DIMACS accepted cardinality constraints")
	}
	buf.Reset()
	if err := WriteOPB(&buf, native); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"* #variable= 64 #constraint= 128\n", "+1 x1 +1 x2 +1 x3 +1 x4 >= 1 ;\n", "-1 x1 -1 x2 -1 x3 -1 x4 >= -1 ;\n"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("OPB output lacks %q", want)
		}
	}
	// A negated literal is linear: ~x1 ∨ x2 ∨ ~x3, Σ ≥ 1, is
	// (1 − x1) + x2 + (1 − x3) ≥ 1, so −x1 + x2 − x3 ≥ −1.
	buf.Reset()
	if err := WriteOPB(&buf, &Formula{Vars: 3, Clauses: [][]int{{-1, 2, -3}}}); err != nil {
		t.Fatal(err)
	}
	if want := "-1 x1 +1 x2 -1 x3 >= -1 ;\n"; !strings.HasSuffix(buf.String(), want) || strings.Contains(buf.String(), "~") {
		t.Errorf("OPB of a clause with negations:\n%s\nwant it to end %q, without ~", buf.String(), want)
	}
}

// BenchmarkEncode times encoding (and, for the reduced options, unit
// propagation and reduction) of the first 1,000 17-clue puzzles.
func BenchmarkEncode(b *testing.B) {
	puzzles := corporatest.First(b, "17-clue", 1000)
	for _, opt := range []Options{{Encoding: Extended}, {Encoding: Minimal, Reduce: true}, {Encoding: Extended, Reduce: true}, {Encoding: Extended, Propagate: true}} {
		b.Run("options="+opt.String(), func(b *testing.B) {
			enc := NewEncoder(puzzles[0].Grid.Geometry(), opt)
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				if _, err := enc.Encode(puzzles[i%len(puzzles)].Grid); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// A written file's legend alone turns a model back into the grid: read
// from the file's comment lines, its var lines map the formula's
// variables to cells and digits and its fixed lines give the cells the
// reduction settled, plain, reduced and propagated, with auxiliary
// variables (sequential at-most-one) left unnamed. (A reduced file had
// no way back from its renumbered variables.)
func TestLegendMapsVariablesBack(t *testing.T) {
	puzzle := corporatest.First(t, "norvig-top95", 1)[0].Grid
	solution, _ := sudoku.ParseLine("417369825632158947958724316825437169791586432346912758289643571573291684164875293", sudoku.Classic)
	for _, opt := range []Options{{Encoding: Extended}, {Encoding: Minimal, AtMostOne: Sequential}, {Encoding: Extended, Reduce: true}, {Encoding: Extended, Propagate: true}} {
		t.Run(opt.String(), func(t *testing.T) {
			inst, err := Pose(puzzle, opt)
			if err != nil {
				t.Fatal(err)
			}
			var file bytes.Buffer
			if err := WriteDIMACS(&file, inst.Full()); err != nil {
				t.Fatal(err)
			}
			head, _, _ := strings.Cut(file.String(), "\np cnf ")
			if !strings.Contains(head, "c "+LegendHead+"\n") {
				t.Fatalf("no legend before the header:\n%.300s", head)
			}
			// The model a solver would print: the solution's variables
			// true, in the file's numbering.
			var lits []int
			for v := 1; v <= inst.Formula.Vars; v++ {
				if setBy(inst, solution, v) {
					lits = append(lits, v)
				}
			}
			g := sudoku.NewGrid(puzzle.Geometry())
			named := 0
			for _, line := range strings.Split(head, "\n") {
				var v, r, c, d int
				if n, _ := fmt.Sscanf(line, "c var %d r%dc%dd%d", &v, &r, &c, &d); n == 4 {
					named++
					if slices.Contains(lits, v) {
						g.Set((r-1)*9+c-1, d)
					}
				} else if n, _ := fmt.Sscanf(line, "c fixed r%dc%dd%d", &r, &c, &d); n == 3 {
					g.Set((r-1)*9+c-1, d)
				}
			}
			if !g.Equal(solution) {
				t.Errorf("the legend reads the model as\n%s\nwant\n%s", g, solution)
			}
			if aux := inst.Formula.Vars - named; (opt.AtMostOne == Sequential) != (aux > 0) {
				t.Errorf("%d variables named of %d", named, inst.Formula.Vars)
			}
		})
	}
}

// setBy reports whether variable v of inst's formula is true in the
// model of a solution.
func setBy(inst *Instance, solution *sudoku.Grid, v int) bool {
	if r := inst.Reduction; r != nil {
		v = r.origin[v]
	}
	cell, d, ok := CellDigit(inst.Geometry.N, v)
	return ok && solution.Cell(cell) == d
}
