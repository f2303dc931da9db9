// Package cp poses Sudoku as the constraint community poses it first: one
// integer variable per cell with domain 1..N, alldifferent on every row,
// column and box (and both diagonals in the diagonal variant), and the
// givens as data. It writes the model in MiniZinc, which compiles it for
// any CP, MIP or SAT back end (Gecode, Chuffed, OR-Tools …), and reads the
// solution the model prints back to a grid.
//
// The package's opinion: the model is the textbook one, stated once for
// every size through the box side b, so that the solver sees the global
// constraint and not a decomposition of it; the givens and any solutions
// to exclude are data, not rewritten constraints.
package cp

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sudokubench/sudokubench/sudoku"
)

// Model is one puzzle as a MiniZinc model, with the solutions it must
// exclude (unique mode's second call).
type Model struct {
	Puzzle   *sudoku.Grid
	excluded []*sudoku.Grid
}

// Options shape the model. The MiniZinc model has none: the zero value is
// the one model, and the type keeps Pose's shape that of every encoding.
type Options struct{}

// Pose poses a puzzle. Every puzzle has a model, so the error is nil; it is
// there because every encoding's Pose has one.
func Pose(puzzle *sudoku.Grid, _ Options) (*Model, error) { return &Model{Puzzle: puzzle}, nil }

// Exclude adds a constraint that rules out a solution: some empty cell of
// the puzzle must differ from it.
func (m *Model) Exclude(solution *sudoku.Grid) error {
	if solution.Geometry() != m.Puzzle.Geometry() {
		return fmt.Errorf("solution is %s, model is %s", solution.Geometry(), m.Puzzle.Geometry())
	}
	m.excluded = append(m.excluded, solution)
	return nil
}

// Stats is the model's size as MiniZinc states it (before flattening).
type Stats struct {
	Variables    int // one per cell
	Givens       int
	AllDifferent int // one per unit
	Excluded     int // solutions ruled out
}

// Stats counts the model.
func (m *Model) Stats() Stats {
	geo := m.Puzzle.Geometry()
	return Stats{Variables: geo.Cells, Givens: m.Puzzle.Hints(), AllDifferent: len(geo.Units), Excluded: len(m.excluded)}
}

// Sizes returns the statistics keyed as solvers.Result.Model expects.
func (s Stats) Sizes() map[string]int {
	return map[string]int{"variables": s.Variables, "givens": s.Givens, "alldifferent": s.AllDifferent, "excluded": s.Excluded}
}

// Write writes the model in MiniZinc. Its output statement prints the
// solution as N lines of N numbers, which Decode reads.
func (m *Model) Write(w io.Writer) error {
	geo := m.Puzzle.Geometry()
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%% sudokubench: Sudoku %s, %d givens, as a constraint model: alldifferent on every unit\n", geo, m.Puzzle.Hints())
	fmt.Fprintf(bw, "include \"alldifferent.mzn\";\n\n")
	fmt.Fprintf(bw, "int: b = %d;                      %% box side\n", geo.Box)
	fmt.Fprintf(bw, "int: n = b * b;                  %% grid side and number of digits\n")
	fmt.Fprintf(bw, "set of int: N = 1..n;\n")
	fmt.Fprintf(bw, "array[N, N] of 0..n: givens;     %% 0: an empty cell\n")
	fmt.Fprintf(bw, "array[N, N] of var N: x;         %% the digit of each cell\n\n")
	fmt.Fprintf(bw, "constraint forall(r, c in N where givens[r, c] > 0)(x[r, c] = givens[r, c]);\n")
	fmt.Fprintf(bw, "constraint forall(r in N)(alldifferent([x[r, c] | c in N]));\n")
	fmt.Fprintf(bw, "constraint forall(c in N)(alldifferent([x[r, c] | r in N]));\n")
	fmt.Fprintf(bw, "constraint forall(i, j in 0..b-1)(alldifferent([x[i * b + r, j * b + c] | r, c in 1..b]));\n")
	if geo.Variant == sudoku.Diagonal {
		fmt.Fprintf(bw, "constraint alldifferent([x[i, i] | i in N]);\n")
		fmt.Fprintf(bw, "constraint alldifferent([x[i, n + 1 - i] | i in N]);\n")
	}
	if k := len(m.excluded); k > 0 {
		fmt.Fprintf(bw, "\n%% solutions found before, ruled out\n")
		fmt.Fprintf(bw, "array[1..%d, N, N] of N: excluded;\n", k)
		fmt.Fprintf(bw, "constraint forall(s in 1..%d)(exists(r, c in N where givens[r, c] = 0)(x[r, c] != excluded[s, r, c]));\n", k)
	}
	fmt.Fprintf(bw, "\nsolve satisfy;\n\n")
	fmt.Fprintf(bw, "output [show(x[r, c]) ++ if c = n then \"\\n\" else \" \" endif | r, c in N];\n\n")
	fmt.Fprintf(bw, "givens = [|")
	writeRows(bw, geo.N, m.Puzzle.Cells(), " |")
	fmt.Fprintf(bw, " |];\n")
	if k := len(m.excluded); k > 0 {
		fmt.Fprintf(bw, "excluded = array3d(1..%d, N, N, [", k)
		for i, g := range m.excluded {
			if i > 0 {
				bw.WriteString(",")
			}
			writeRows(bw, geo.N, g.Cells(), ",")
		}
		fmt.Fprintf(bw, "\n]);\n")
	}
	return bw.Flush()
}

// writeRows writes cells as n rows of n numbers, rows separated by sep.
func writeRows(bw *bufio.Writer, n int, cells []uint8, sep string) {
	for r := 0; r < n; r++ {
		if r > 0 {
			bw.WriteString(sep)
		}
		bw.WriteString("\n  ")
		for c := 0; c < n; c++ {
			if c > 0 {
				bw.WriteString(", ")
			}
			bw.WriteString(strconv.Itoa(int(cells[r*n+c])))
		}
	}
}

// Decode reads a solution as the model's output statement prints it: the
// cells' digits in row-major order, separated by white space.
func (m *Model) Decode(text string) (*sudoku.Grid, error) {
	geo := m.Puzzle.Geometry()
	fields := strings.Fields(text)
	if len(fields) != geo.Cells {
		return nil, fmt.Errorf("solution has %d values, a %s grid needs %d", len(fields), geo, geo.Cells)
	}
	g := sudoku.NewGrid(geo)
	for i, f := range fields {
		d, err := strconv.Atoi(f)
		if err != nil || d < 1 || d > geo.N {
			return nil, fmt.Errorf("solution value %q for %s: want a digit 1 to %d", f, geo.CellName(i), geo.N)
		}
		g.Set(i, d)
	}
	return g, nil
}
