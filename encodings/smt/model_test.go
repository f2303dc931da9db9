package smt

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/internal/sudokutest"
	"github.com/sudokubench/sudokubench/sudoku"
)

func TestWrite(t *testing.T) {
	tests := []struct {
		name    string
		form    Form
		variant sudoku.Variant
		exclude string
		want    []string
	}{
		{"form=int/variant=classic", Int, sudoku.Classic, "",
			[]string{"(set-logic QF_LIA)", "(declare-const c_4_4 Int)", "(assert (= c_1_3 3))", "(assert (distinct c_1_1 c_1_2 c_1_3 c_1_4)) ; row 1", "(check-sat)\n(exit)\n"}},
		{"form=int/variant=diagonal", Int, sudoku.Diagonal, "1432321423414123",
			[]string{"(assert (distinct c_1_1 c_2_2 c_3_3 c_4_4)) ; main diagonal", "(assert (not (and true (= c_1_2 4)"}},
		{"form=onehot/variant=classic", OneHot, sudoku.Classic, "1432321423414123",
			[]string{"(set-logic QF_UF)", "(declare-const x_2_3_4 Bool)", "(assert (or x_1_1_1 x_1_1_2 x_1_1_3 x_1_1_4))", "(assert (not (and x_1_1_1 x_1_1_2)))", "(assert x_1_3_3)", "(assert (not (and true x_1_2_4"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Pose(sudokutest.Parse(t, "1.3..2.....1....", tt.variant), Options{Form: tt.form})
			if err != nil {
				t.Fatal(err)
			}
			if tt.exclude != "" {
				if err := m.Exclude(sudokutest.Parse(t, tt.exclude, tt.variant)); err != nil {
					t.Fatal(err)
				}
			}
			var buf bytes.Buffer
			if err := m.Write(&buf); err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(buf.String(), w) {
					t.Errorf("script lacks %q", w)
				}
			}
			if got, want := strings.Count(buf.String(), "(assert "), m.Stats().Assertions; got != want {
				t.Errorf("%d assertions written, Stats says %d", got, want)
			}
		})
	}
}

func TestDecode(t *testing.T) {
	puzzle := sudokutest.Parse(t, "1.3..2.....1....", sudoku.Classic)
	solution := "1432321423414123"
	intValues, boolValues := map[string]string{}, map[string]string{}
	in, errIn := Pose(puzzle, Options{Form: Int})
	hot, errHot := Pose(puzzle, Options{Form: OneHot})
	if err := errors.Join(errIn, errHot); err != nil {
		t.Fatal(err)
	}
	for cell := range 16 {
		d := int(solution[cell] - '0')
		intValues[in.Name(cell, 0)] = solution[cell : cell+1]
		for v := 1; v <= 4; v++ {
			boolValues[hot.Name(cell, v)] = map[bool]string{true: "true", false: "false"}[v == d]
		}
	}
	for _, tt := range []struct {
		m      *Model
		values map[string]string
	}{{in, intValues}, {hot, boolValues}} {
		g, err := tt.m.Decode(tt.values)
		if err != nil || g.String() != solution {
			t.Errorf("form=%s: decoded %v, %v", tt.m.Form, g, err)
		}
	}
	intValues["c_2_2"] = "7"
	boolValues["x_1_1_2"] = "true"
	if _, err := in.Decode(intValues); err == nil || !strings.Contains(err.Error(), "c_2_2") {
		t.Errorf("form=int: out-of-range digit gave %v", err)
	}
	if _, err := hot.Decode(boolValues); err == nil || !strings.Contains(err.Error(), "x_1_1_2") {
		t.Errorf("form=onehot: two digits in a cell gave %v", err)
	}
	delete(intValues, "c_4_4")
	if _, err := in.Decode(intValues); err == nil {
		t.Error("form=int: a missing value decoded")
	}
}

func TestParseForm(t *testing.T) {
	for s, want := range map[string]Form{"": Int, "int": Int, "onehot": OneHot, "bool": OneHot} {
		if f, err := ParseForm(s); err != nil || f != want {
			t.Errorf("ParseForm(%q) = %v, %v", s, f, err)
		}
	}
	if _, err := ParseForm("bitvector"); err == nil {
		t.Error("ParseForm took bitvector")
	}
}

// Every script the package writes — both forms, with and without an
// excluded solution — ends cleanly in z3 and cvc5 whatever the verdict:
// exit status 0, no error response, sat or unsat as the puzzle has it,
// with and without the options that print the model. (A get-value after
// check-sat made z3 exit 1 on every unsolvable puzzle.)
func TestSolversEndCleanly(t *testing.T) {
	solvable := "14.......34..1.3" // one solution, 1432321423414123
	tests := []struct {
		name, puzzle, exclude, want string
	}{
		{"solvable", solvable, "", "sat"},
		{"unsolvable", "12....3.........", "", "unsat"},
		{"solution-excluded", solvable, "1432321423414123", "unsat"},
	}
	programs := [][]string{{"z3"}, {"z3", "-model", "-st"}, {"cvc5"}, {"cvc5", "--dump-models"}}
	dir := t.TempDir() // a subtest's would hold "=", which z3 reads as a parameter
	for _, argv := range programs {
		if _, err := exec.LookPath(argv[0]); err != nil {
			t.Logf("%s is not installed: %v", argv[0], err)
			continue
		}
		for _, form := range []Form{Int, OneHot} {
			for _, tt := range tests {
				t.Run(fmt.Sprintf("program=%s/form=%s/%s", strings.Join(argv, " "), form, tt.name), func(t *testing.T) {
					m, err := Pose(sudokutest.Parse(t, tt.puzzle, sudoku.Classic), Options{Form: form})
					if err != nil {
						t.Fatal(err)
					}
					if tt.exclude != "" {
						if err := m.Exclude(sudokutest.Parse(t, tt.exclude, sudoku.Classic)); err != nil {
							t.Fatal(err)
						}
					}
					path := filepath.Join(dir, "puzzle.smt2")
					var script bytes.Buffer
					if err := m.Write(&script); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(path, script.Bytes(), 0o644); err != nil {
						t.Fatal(err)
					}
					out, err := exec.Command(argv[0], append(argv[1:], path)...).CombinedOutput()
					verdict, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
					if err != nil || verdict != tt.want || strings.Contains(string(out), "(error") {
						t.Errorf("%v; output:\n%s\nwant %s, exit status 0, no error", err, out, tt.want)
					}
				})
			}
		}
	}
}
