package formats

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/encodings/milp"
	"github.com/sudokubench/sudokubench/internal/sudokutest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Norvig's top95 #1, with its solution.
const (
	top95First    = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	top95Solution = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
)

// variants are options each format is tried with: the defaults, and
// every other value of each option.
func variants(f *Format) []map[string]string {
	out := []map[string]string{{}}
	for k, vals := range f.Options {
		for _, v := range vals[min(1, len(vals)):] {
			out = append(out, map[string]string{k: v})
		}
	}
	return out
}

// Every file the suite writes names its format, options and puzzle in a
// header that reads back, in the format's comment syntax and where the
// format allows one; ReadFile takes the file as written and refuses it
// changed, naming the line.
func TestHeaderReadsBack(t *testing.T) {
	puzzles := []*sudoku.Grid{sudokutest.Parse(t, top95First, sudoku.Classic), sudokutest.Parse(t, "14.......34..1.3", sudoku.Diagonal)}
	for _, name := range Names() {
		f := registry[name]
		if name == "puzzle" {
			continue
		}
		for _, given := range variants(f) {
			for _, p := range puzzles {
				if given["at_most_one"] == "native" && name == "cnf" {
					continue
				}
				t.Run(fmt.Sprintf("format=%s/options=%v/size=%d", name, given, p.Geometry().N), func(t *testing.T) {
					var file bytes.Buffer
					wr, err := f.WriteFile(&file, p, given)
					if err != nil {
						t.Fatal(err)
					}
					h, err := ReadHeader(file.Bytes())
					if err != nil {
						t.Fatalf("%v\n%.300s", err, file.String())
					}
					if h.Format != f || !h.Puzzle.Equal(p) || h.Puzzle.Geometry() != p.Geometry() || fmt.Sprint(h.Options) != fmt.Sprint(wr.Header.Options) {
						t.Errorf("header read back as %s %v %s, want %s %v %s", h.Format.Name, h.Options, h.Puzzle, name, wr.Header.Options, p)
					}
					checkPlace(t, f, file.String())
					if _, err := ReadFile(file.Bytes()); err != nil {
						t.Errorf("ReadFile: %v", err)
					}
					changed := bytes.Replace(file.Bytes(), []byte(`"offset":`), []byte(`"offset": `), 1)
					if name != "bqm" {
						lines := strings.SplitAfter(file.String(), "\n")
						lines[len(lines)-2] = "changed\n"
						changed = []byte(strings.Join(lines, ""))
					}
					if _, err := ReadFile(changed); err == nil || !strings.Contains(err.Error(), "differs") {
						t.Errorf("a changed file: %v", err)
					}
				})
			}
		}
	}
}

// checkPlace checks that the header sits where the format lets a comment
// be: the first line, the second after OPB's and COO's fixed first line,
// or a BQM's info object.
func checkPlace(t *testing.T, f *Format, text string) {
	t.Helper()
	lines := strings.Split(text, "\n")
	switch {
	case f.Name == "bqm":
		var doc struct{ Info map[string]string }
		if err := json.Unmarshal([]byte(text), &doc); err != nil || !strings.HasPrefix(doc.Info[BQMInfoKey], HeaderTag) {
			t.Errorf("BQM info %v, %v", doc.Info, err)
		}
	case !strings.HasPrefix(lines[f.headerAfter], f.comment+HeaderTag):
		t.Errorf("line %d is %q, want the header", f.headerAfter+1, lines[f.headerAfter])
	case f.Name == "opb" && !strings.HasPrefix(lines[0], "* #variable= "):
		t.Errorf("OPB's first line is %q", lines[0])
	case f.Name == "coo" && lines[0] != "# vartype=BINARY":
		t.Errorf("COO's first line is %q", lines[0])
	}
}

// Headers that are not the suite's, or that name what it does not write,
// are refused with what is wrong.
func TestReadHeaderRefuses(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"none", "p cnf 3 1\n1 2 3 0\n", "no \"sudokubench model:\" line"},
		{"format", "c sudokubench model: format=xlsx variant=classic puzzle=" + top95First + "\n", `unknown format "xlsx"`},
		{"prefix", "% sudokubench model: format=cnf variant=classic puzzle=" + top95First + "\n", `starting "c "`},
		{"puzzle", "c sudokubench model: format=cnf variant=classic puzzle=12\n", "puzzle:"},
		{"option", "c sudokubench model: format=cnf encoding=fancy variant=classic puzzle=" + top95First + "\n", `option encoding: "fancy"`},
		{"field", "c sudokubench model: format=cnf variant classic\n", "want key=value"},
		{"json", `{"type":"BinaryQuadraticModel","info":{}}`, "not a BQM the suite wrote"},
	}
	for _, tt := range tests {
		_, err := ReadHeader([]byte(tt.text))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
		if none := tt.name == "none" || tt.name == "json"; errors.Is(err, ErrNoHeader) != none {
			t.Errorf("%s: %v: ErrNoHeader %v, want %v", tt.name, err, !none, none)
		}
	}
}

// The answer of every format decodes to the solution, as each solver
// convention states it: literals, named MILP variables, MiniZinc's grid,
// SMT values, answer-set atoms, a QUBO sample by index or by label.
func TestEveryFormatDecodesItsAnswer(t *testing.T) {
	puzzle, solution := sudokutest.Parse(t, top95First, sudoku.Classic), sudokutest.Parse(t, top95Solution, sudoku.Classic)
	for _, name := range Names() {
		f := registry[name]
		for _, given := range variants(f) {
			if name == "puzzle" || given["at_most_one"] == "native" && name == "cnf" {
				continue
			}
			t.Run(fmt.Sprintf("format=%s/options=%v", name, given), func(t *testing.T) {
				wr, err := f.WriteFile(&bytes.Buffer{}, puzzle, given)
				if err != nil {
					t.Fatal(err)
				}
				a := answerOf(t, wr, solution)
				if g, err := Decode(wr.Instance, puzzle, a); err != nil || !g.Equal(solution) {
					t.Errorf("decoded %v, %v", g, err)
				}
			})
		}
	}
}

// A CNF or OPB model that is no assignment of the formula's variables
// does not read: it names a variable the formula lacks, or sets one both
// ways (read before, the positive literal won, and a grid that verifies
// came of an answer that is no model).
func TestModelsThatAreNoAssignment(t *testing.T) {
	puzzle, solution := sudokutest.Parse(t, top95First, sudoku.Classic), sudokutest.Parse(t, top95Solution, sudoku.Classic)
	for _, name := range []string{"cnf", "opb"} {
		wr, err := registry[name].WriteFile(&bytes.Buffer{}, puzzle, map[string]string{"reduce": "givens"})
		if err != nil {
			t.Fatal(err)
		}
		lits := answerOf(t, wr, solution).Lits
		vars := wr.Instance.(*cnfInstance).inst.Formula.Vars
		true1 := lits[slices.IndexFunc(lits, func(l int) bool { return l > 0 })]
		for what, model := range map[string][]int{
			"a variable past the formula's": append(slices.Clone(lits), vars+1),
			"a variable set both ways":      append(slices.Clone(lits), -true1),
		} {
			if g, err := Decode(wr.Instance, puzzle, Answer{Lits: model}); err == nil || g != nil {
				t.Errorf("%s, %s: decoded %v, %v; want an answer that does not read", name, what, g, err)
			}
		}
	}
}

// answerOf states a solution as a solver answering the instance would.
func answerOf(t *testing.T, wr Written, solution *sudoku.Grid) Answer {
	t.Helper()
	n := solution.Geometry().N
	switch inst := wr.Instance.(type) {
	case *cnfInstance:
		lits := append([]int(nil), inst.inst.Units...)
		for _, l := range inst.inst.BlockingGrid(solution) {
			lits = append(lits, -l)
		}
		return Answer{Lits: lits}
	case *milpInstance:
		named := make(map[string]float64)
		for i, v := range inst.model.Vars {
			name := inst.model.VarName(i)
			if inst.fixedNames {
				name, _ = milp.FixedMPSName(name)
			}
			if solution.Cell(v.Cell) == v.Digit {
				named[name] = 1
			} else {
				named[name] = 0
			}
		}
		return Answer{Named: named}
	case *quboInstance:
		sample := make(map[string]uint8)
		for i, x := range inst.model.Assignment(solution) {
			key := strconv.Itoa(i)
			if inst.format == "bqm" {
				key = inst.model.Label(i)
			}
			sample[key] = x
		}
		return Answer{Sample: sample}
	}
	switch wr.Header.Format.Name {
	case "mzn":
		digits := make([]string, len(solution.Cells()))
		for i, d := range solution.Cells() {
			digits[i] = strconv.Itoa(int(d))
		}
		return Answer{Text: strings.Join(digits, " ")}
	case "smt2":
		values := make(map[string]string)
		for cell, d := range solution.Cells() {
			if wr.Header.Options["form"] == "int" {
				values[fmt.Sprintf("c_%d_%d", cell/n+1, cell%n+1)] = strconv.Itoa(int(d))
				continue
			}
			for v := 1; v <= n; v++ {
				values[fmt.Sprintf("x_%d_%d_%d", cell/n+1, cell%n+1, v)] = strconv.FormatBool(v == int(d))
			}
		}
		return Answer{Values: values}
	case "asp":
		var atoms []string
		for cell, d := range solution.Cells() {
			atoms = append(atoms, fmt.Sprintf("x(%d,%d,%d)", cell/n+1, cell%n+1, d))
		}
		return Answer{Atoms: atoms}
	}
	t.Fatalf("no answer for %s", wr.Header.Format.Name)
	return Answer{}
}

// A QUBO sample above energy 0 is not a solution, which the error says
// (an incomplete sampler gave up), naming what it breaks; a sample of the
// wrong variables is an error of another kind.
func TestQUBOSampleAboveZero(t *testing.T) {
	puzzle := sudokutest.Parse(t, top95First, sudoku.Classic)
	wr, err := registry["qubo"].WriteFile(&bytes.Buffer{}, puzzle, nil)
	if err != nil {
		t.Fatal(err)
	}
	zeros := make(map[string]uint8)
	for i := range wr.Instance.(*quboInstance).model.Vars {
		zeros[strconv.Itoa(i)] = 0
	}
	if _, err := wr.Instance.Decode(Answer{Sample: zeros}); !errors.Is(err, ErrNotASolution) || !strings.Contains(err.Error(), "0 set, want 1") {
		t.Errorf("all zeros: %v", err)
	}
	zeros["99999"] = 1
	if _, err := wr.Instance.Decode(Answer{Sample: zeros}); err == nil || errors.Is(err, ErrNotASolution) {
		t.Errorf("an extra variable: %v", err)
	}
}

// A puzzle whose givens the reduction finds contradictory is written as
// the contradiction, which solvers refute, and nothing decodes from it.
func TestUnsolvableReducedPuzzle(t *testing.T) {
	puzzle := sudokutest.Parse(t, "11"+strings.Repeat(".", 79), sudoku.Classic)
	for _, name := range []string{"cnf", "opb"} {
		var file bytes.Buffer
		wr, err := registry[name].WriteFile(&file, puzzle, map[string]string{"reduce": "givens"})
		if err != nil || wr.NoSolution == nil {
			t.Fatalf("%s: %v, no solution %v", name, err, wr.NoSolution)
		}
		if _, err := ReadFile(file.Bytes()); err != nil {
			t.Errorf("%s: ReadFile: %v", name, err)
		}
		if _, err := wr.Instance.Decode(Answer{Lits: []int{1}}); err == nil {
			t.Errorf("%s: an answer decoded from a contradiction", name)
		}
	}
}

// Options are checked against the format, with the option named.
func TestComplete(t *testing.T) {
	f := registry["qubo"]
	opts, err := f.Complete(map[string]string{"formulation": "fixed"})
	if err != nil || opts["formulation"] != "fixed" || len(opts) != 1 {
		t.Errorf("Complete = %v, %v", opts, err)
	}
	var oe *OptionError
	for given, want := range map[string]string{"weights=1:0:1:1": "weights", "formulation=eliminated": "formulation", "form=int": "form"} {
		k, v, _ := strings.Cut(given, "=")
		if _, err := f.Complete(map[string]string{k: v}); !errors.As(err, &oe) || oe.Option != want {
			t.Errorf("%s: %v", given, err)
		}
	}
	if _, err := Lookup("xlsx"); err == nil || !strings.Contains(err.Error(), List()) {
		t.Errorf("Lookup(xlsx) = %v", err)
	}
}
