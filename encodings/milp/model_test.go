package milp

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/internal/sudokutest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// top95First is the first puzzle of norvig-top95 and its solution.
const (
	top95First    = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	top95Solution = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
)

func TestStatsOfTheFullModel(t *testing.T) {
	for _, c := range []struct {
		box     int
		variant sudoku.Variant
		rows    int
	}{
		{2, sudoku.Classic, 4 * 16},
		{3, sudoku.Classic, 4 * 81},
		{3, sudoku.Diagonal, 4*81 + 2*9},
		{4, sudoku.Classic, 4 * 256},
		{5, sudoku.Diagonal, 4*625 + 2*25},
	} {
		geo := sudoku.MustGeometry(c.box, c.variant)
		t.Run(fmt.Sprintf("geometry=%d/variant=%s", geo.N, c.variant), func(t *testing.T) {
			for _, form := range []Form{Fixed, Eliminated} {
				got := pose(t, sudoku.NewGrid(geo), form).Stats()
				n := geo.N
				want := Stats{Variables: n * n * n, Binaries: n * n * n, Constraints: c.rows, Nonzeros: c.rows * n}
				if got != want {
					t.Errorf("form %s: %+v, want %+v", form, got, want)
				}
			}
		})
	}
}

func TestEliminatedFormKeepsOnlyCandidates(t *testing.T) {
	g := sudokutest.Parse(t, top95First, sudoku.Classic)
	m := pose(t, g, Eliminated)
	cand := g.Candidates()
	want := 0
	for _, c := range cand {
		for d := 1; d <= 9; d++ {
			if c&(1<<d) != 0 {
				want++
			}
		}
	}
	if len(m.Vars) != want {
		t.Errorf("%d variables, want %d candidates", len(m.Vars), want)
	}
	for _, c := range m.Constraints {
		if len(c.Vars) == 0 || c.RHS != 1 {
			t.Errorf("row %s: %d variables, right side %d; want a non-empty row = 1", c.Name, len(c.Vars), c.RHS)
		}
	}
	if m.Conflict() != "" {
		t.Errorf("conflict %q in a valid puzzle", m.Conflict())
	}
	fixed := pose(t, g, Fixed)
	if s := fixed.Stats(); s.Variables != 729 || s.Binaries != 729-g.Hints() {
		t.Errorf("fixed form: %+v, want 729 variables of which %d free", s, 729-g.Hints())
	}
}

func TestConflictNamesTheEmptyRow(t *testing.T) {
	// r1c9 sees 1..8 in its row and 9 in its column.
	g := sudokutest.Parse(t, "12345678.........9"+strings.Repeat(".", 63), sudoku.Classic)
	if got := pose(t, g, Eliminated).Conflict(); got != "cell_r1c9" {
		t.Errorf("conflict %q, want cell_r1c9", got)
	}
}

// solutionVector sets x = 1 exactly on the solution's variables.
func solutionVector(m *Model, sol *sudoku.Grid) []float64 {
	x := make([]float64, len(m.Vars))
	for i, v := range m.Vars {
		if sol.Cell(v.Cell) == v.Digit {
			x[i] = 1
		}
	}
	return x
}

func TestDecode(t *testing.T) {
	g := sudokutest.Parse(t, top95First, sudoku.Classic)
	sol := sudokutest.Parse(t, top95Solution, sudoku.Classic)
	for _, form := range []Form{Fixed, Eliminated} {
		m := pose(t, g, form)
		x := solutionVector(m, sol)
		got, err := m.Decode(x)
		if err != nil || !got.Equal(sol) {
			t.Fatalf("form %s: decode = %v, %v; want the solution", form, got, err)
		}
		named := make(map[string]float64)
		for i := range m.Vars {
			if x[i] == 1 {
				named[m.VarName(i)] = 1
			}
		}
		if got, err := m.DecodeNamed(named); err != nil || !got.Equal(sol) {
			t.Fatalf("form %s: decode named = %v, %v; want the solution", form, got, err)
		}
	}
}

func TestDecodeErrorsNameTheCell(t *testing.T) {
	g := sudokutest.Parse(t, top95First, sudoku.Classic)
	m := pose(t, g, Eliminated)
	if _, err := m.Decode(make([]float64, len(m.Vars))); err == nil || !strings.Contains(err.Error(), "r1c2") {
		t.Errorf("all-zero vector: error %v, want one naming r1c2", err)
	}
	ones := make([]float64, len(m.Vars))
	for i := range ones {
		ones[i] = 1
	}
	if _, err := m.Decode(ones); err == nil || !strings.Contains(err.Error(), "both") {
		t.Errorf("all-one vector: error %v, want a cell set twice", err)
	}
	if _, err := m.DecodeNamed(map[string]float64{"y": 1}); err == nil {
		t.Error("unknown name decoded without error")
	}
}

func TestNoGoodExcludesOnlyTheSolution(t *testing.T) {
	g := sudokutest.Parse(t, top95First, sudoku.Classic)
	sol := sudokutest.Parse(t, top95Solution, sudoku.Classic)
	m := pose(t, g, Eliminated)
	cut, err := m.WithNoGood(sol)
	if err != nil {
		t.Fatal(err)
	}
	c := cut.Constraints[len(cut.Constraints)-1]
	empty := 81 - g.Hints()
	if c.Sense != AtMost || len(c.Vars) != empty || c.RHS != empty-1 {
		t.Errorf("cut %+v, want Σ over %d variables ≤ %d", c, empty, empty-1)
	}
	if len(m.Constraints) != len(cut.Constraints)-1 {
		t.Error("WithNoGood changed the original model")
	}
	if _, err := m.WithNoGood(g); err == nil {
		t.Error("a grid with empty cells accepted as a solution")
	}
}

func TestTightnessProbeObjective(t *testing.T) {
	g := sudokutest.Parse(t, top95First, sudoku.Classic)
	sol := sudokutest.Parse(t, top95Solution, sudoku.Classic)
	m := pose(t, g, Eliminated)
	probe, err := m.TightnessProbe(sol)
	if err != nil {
		t.Fatal(err)
	}
	x := solutionVector(m, sol)
	for i, coef := range probe.Objective {
		if coef*x[i] != 0 {
			t.Fatalf("variable %s: objective %v on the solution", m.VarName(i), coef)
		}
	}
	if !probe.Relaxed || !probe.Maximize || m.Relaxed {
		t.Error("probe must be a relaxed maximisation, leaving the model alone")
	}
}

func TestWritersDescribeEveryRowAndVariable(t *testing.T) {
	g := sudokutest.Parse(t, top95First, sudoku.Classic)
	for _, form := range []Form{Fixed, Eliminated} {
		m := pose(t, g, form)
		for _, format := range Formats() {
			write, err := Writer(format)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := write(&buf, m); err != nil {
				t.Fatal(err)
			}
			text := buf.String()
			name := func(s string) string { return s }
			if format == "fixed-mps" {
				name = func(s string) string { short, _ := fixedMPS{}.name(s); return short }
			}
			for _, c := range m.Constraints {
				if !strings.Contains(text, " "+name(c.Name)+" ") && !strings.Contains(text, " "+name(c.Name)+":") {
					t.Fatalf("form %s, %s: row %s missing", form, format, name(c.Name))
				}
			}
			for i := range m.Vars {
				if !strings.Contains(text, " "+name(m.VarName(i))) {
					t.Fatalf("form %s, %s: variable %s missing", form, format, name(m.VarName(i)))
				}
			}
		}
	}
	if _, err := Writer("xml"); err == nil {
		t.Error("unknown format accepted")
	}
}

func TestParseForm(t *testing.T) {
	for in, want := range map[string]Form{"": Eliminated, "eliminated": Eliminated, "Fixed": Fixed} {
		if got, err := ParseForm(in); err != nil || got != want {
			t.Errorf("ParseForm(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if _, err := ParseForm("bounds"); err == nil {
		t.Error("unknown form accepted")
	}
}

// Fixed MPS keeps its columns on every size: names of at most 8
// characters, distinct, in the fields' columns, and lines of at most 80.
func TestFixedMPSKeepsItsColumns(t *testing.T) {
	for box := sudoku.MinBox; box <= sudoku.MaxBox; box++ {
		g := sudoku.PatternGrid(box)
		for i := 0; i < len(g.Cells()); i += 2 {
			g.Set(i, 0)
		}
		m := pose(t, g, Fixed)
		var buf bytes.Buffer
		if err := WriteFixedMPS(&buf, m); err != nil {
			t.Fatalf("%d×%d: %v", g.N(), g.N(), err)
		}
		seen := make(map[string]string)
		for _, long := range append(varNames(m), rowNames(m)...) {
			short, err := fixedMPS{}.name(long)
			if err != nil || len(short) > 8 {
				t.Fatalf("%s: %q, %v", long, short, err)
			}
			if other, dup := seen[short]; dup {
				t.Fatalf("%s and %s both become %s", other, long, short)
			}
			seen[short] = long
		}
		for n, line := range strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n") {
			if len(line) > 80 {
				t.Fatalf("%d×%d: line %d has %d bytes: %q", g.N(), g.N(), n+1, len(line), line)
			}
			if strings.HasPrefix(line, " ") && strings.TrimSpace(line[:4]) != "" && line[3] != ' ' {
				t.Fatalf("line %d: field 1 runs past column 3: %q", n+1, line)
			}
		}
	}
	if line := fixedRecord([5]string{"", "x123", "row1d3", "1"}); line != "    x123      row1d3    1" {
		t.Errorf("record %q: want the name in column 5, the row in column 15, the value in column 25", line)
	}
}

func fixedRecord(fields [5]string) string {
	var buf bytes.Buffer
	bw := bufio.NewWriter(&buf)
	fixedMPS{}.record(bw, fields)
	bw.Flush()
	return strings.TrimSuffix(buf.String(), "\n")
}

func varNames(m *Model) []string {
	var names []string
	for i := range m.Vars {
		names = append(names, m.VarName(i))
	}
	return names
}

func rowNames(m *Model) []string {
	var names []string
	for _, c := range m.Constraints {
		names = append(names, c.Name)
	}
	return names
}

// Free MPS comment lines stay short enough for CBC on every size: a 36×36
// puzzle in one comment line made CBC refuse the file.
func TestFreeMPSCommentsWrap(t *testing.T) {
	for box := sudoku.MinBox; box <= sudoku.MaxBox; box++ {
		g := sudoku.PatternGrid(box)
		for i := 0; i < len(g.Cells()); i += 2 {
			g.Set(i, 0)
		}
		t.Run(fmt.Sprintf("size=%d", g.N()), func(t *testing.T) {
			var buf bytes.Buffer
			if err := WriteMPS(&buf, pose(t, g, Eliminated)); err != nil {
				t.Fatal(err)
			}
			comments := ""
			for n, line := range strings.Split(buf.String(), "\n") {
				if len(line) > freeCommentLength {
					t.Fatalf("line %d has %d bytes", n+1, len(line))
				}
				if strings.HasPrefix(line, "* ") {
					comments += line[2:] + " "
				}
			}
			if !strings.Contains(comments, "puzzle") {
				t.Error("the comments lost the puzzle")
			}
		})
	}
}

// pose poses a puzzle in a form the package has.
func pose(t *testing.T, puzzle *sudoku.Grid, form Form) *Model {
	t.Helper()
	m, err := Pose(puzzle, Options{Form: form})
	if err != nil {
		t.Fatal(err)
	}
	return m
}
