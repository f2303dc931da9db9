package formats

import (
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/encodings/asp"
	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/encodings/cp"
	"github.com/sudokubench/sudokubench/encodings/exactcover"
	"github.com/sudokubench/sudokubench/encodings/milp"
	"github.com/sudokubench/sudokubench/encodings/qubo"
	"github.com/sudokubench/sudokubench/encodings/smt"
	"github.com/sudokubench/sudokubench/internal/sudokutest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Every encoding poses a puzzle through Pose(puzzle, Options): the zero
// Options pose the package's usual model, and options out of range are
// an error that names them, never a model built from them.
func TestEveryEncodingPosesAlike(t *testing.T) {
	puzzle := sudokutest.Parse(t, "1.3..2.....1....", sudoku.Classic)
	pose := map[string]func(zero bool) error{
		"asp": func(bool) error { _, err := asp.Pose(puzzle, asp.Options{}); return err },
		"cp":  func(bool) error { _, err := cp.Pose(puzzle, cp.Options{}); return err },
		"exactcover": func(bool) error {
			_, err := exactcover.Pose(puzzle, exactcover.Options{})
			return err
		},
		"cnf": func(zero bool) error {
			_, err := cnf.Pose(puzzle, cnf.Options{Encoding: choose[cnf.Encoding](zero, 9)})
			return err
		},
		"cnf/at-most-one": func(zero bool) error {
			_, err := cnf.Pose(puzzle, cnf.Options{AtMostOne: choose[cnf.AtMostOne](zero, 9)})
			return err
		},
		"milp": func(zero bool) error {
			_, err := milp.Pose(puzzle, milp.Options{Form: choose[milp.Form](zero, 9)})
			return err
		},
		"smt": func(zero bool) error {
			_, err := smt.Pose(puzzle, smt.Options{Form: choose[smt.Form](zero, 9)})
			return err
		},
		"qubo": func(zero bool) error {
			_, err := qubo.Pose(puzzle, qubo.Options{Formulation: choose[qubo.Formulation](zero, 9)})
			return err
		},
		"qubo/weights": func(zero bool) error {
			_, err := qubo.Pose(puzzle, qubo.Options{Weights: qubo.Weights{Cell: choose[int64](zero, -1)}})
			return err
		},
	}
	for name, pose := range pose {
		t.Run("encoding="+name, func(t *testing.T) {
			if err := pose(true); err != nil {
				t.Errorf("zero options: %v", err)
			}
			bad := "9"
			switch name {
			case "asp", "cp", "exactcover":
				return // no options to put out of range
			case "qubo/weights":
				bad = "-1"
			}
			if err := pose(false); err == nil || !strings.Contains(err.Error(), bad) {
				t.Errorf("options out of range: %v, want an error naming the value", err)
			}
		})
	}
}

// choose is the zero value, or bad.
func choose[T ~int | ~int64](zero bool, bad T) T {
	if zero {
		return 0
	}
	return bad
}
