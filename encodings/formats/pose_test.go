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

// poser is one encoding's Pose with options, as a check of its error.
func poser[O, M any](pose func(*sudoku.Grid, O) (M, error), opt O) func(*sudoku.Grid) error {
	return func(p *sudoku.Grid) error {
		_, err := pose(p, opt)
		return err
	}
}

// Every encoding poses a puzzle through Pose(puzzle, Options): the zero
// Options pose the package's usual model, and options out of range are
// an error that names them, never a model built from them.
func TestEveryEncodingPosesAlike(t *testing.T) {
	puzzle := sudokutest.Parse(t, "1.3..2.....1....", sudoku.Classic)
	tests := []struct {
		name      string
		zero, bad func(*sudoku.Grid) error // bad is nil where there are no options
		says      string
	}{
		{"asp", poser(asp.Pose, asp.Options{}), nil, ""},
		{"cp", poser(cp.Pose, cp.Options{}), nil, ""},
		{"exactcover", poser(exactcover.Pose, exactcover.Options{}), nil, ""},
		{"cnf", poser(cnf.Pose, cnf.Options{}), poser(cnf.Pose, cnf.Options{Encoding: 9}), "CNF encoding 9"},
		{"cnf/at-most-one", poser(cnf.Pose, cnf.Options{}), poser(cnf.Pose, cnf.Options{AtMostOne: 9}), "at-most-one strategy 9"},
		{"milp", poser(milp.Pose, milp.Options{}), poser(milp.Pose, milp.Options{Form: 9}), "MILP form 9"},
		{"smt", poser(smt.Pose, smt.Options{}), poser(smt.Pose, smt.Options{Form: 9}), "SMT form 9"},
		{"qubo", poser(qubo.Pose, qubo.Options{}), poser(qubo.Pose, qubo.Options{Formulation: 9}), "QUBO formulation 9"},
		{"qubo/weights", poser(qubo.Pose, qubo.Options{}), poser(qubo.Pose, qubo.Options{Weights: qubo.Weights{Cell: -1}}), "cell weight -1"},
	}
	for _, tt := range tests {
		t.Run("encoding="+tt.name, func(t *testing.T) {
			if err := tt.zero(puzzle); err != nil {
				t.Errorf("zero options: %v", err)
			}
			if tt.bad == nil {
				return
			}
			if err := tt.bad(puzzle); err == nil || !strings.Contains(err.Error(), tt.says) {
				t.Errorf("options out of range: %v, want an error saying %q", err, tt.says)
			}
		})
	}
}
