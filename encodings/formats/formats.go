// Package formats is the one registry of the model formats the suite
// writes for outside programs: for each format its name (what encode
// --to, export --to and a solver definition's input take), family, file
// extension, the options that shape it with their values, the answer
// conventions solvers reply in, whether a solution can be excluded in
// it, and how a puzzle is posed in it, written, and read back from a
// solver's answer. encode, export, solver definitions (solvers/defs) and
// decode read it; a new format is one entry here.
//
// The package's opinion: a file the suite writes says what it is. Its
// header line (Header) names the format, its options and the puzzle, in
// the format's own comment syntax, so that a solver's answer to the file
// can be decoded from the file alone; and where the format numbers its
// variables (DIMACS CNF, OPB, the QUBO files), the file carries the map
// from numbers to cells and digits as well.
package formats

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/sudokubench/sudokubench/encodings/qubo"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Format is one model format.
type Format struct {
	Name   string // "cnf"
	Family string // the family of a pipeline that reads it: "sat"
	Ext    string // the file extension, without the dot
	About  string // a few words: "DIMACS CNF"
	// Options maps each option to its values, the default first; nil
	// values take any text (a QUBO's weights).
	Options map[string][]string
	// Answers names the conventions in which solvers answer the format,
	// the usual one first (the output readers of solvers/defs); a solution
	// line ("grid") answers every format besides.
	Answers []string
	// Excludes says a solution can be excluded in the format, so that a
	// second call proves uniqueness.
	Excludes bool

	comment     string // the line-comment prefix; "" for the JSON format
	headerAfter int    // lines that must come before the header
	pose        func(f *Format, p *sudoku.Grid, opts map[string]string, cache Cache) (Instance, error)
}

// Instance is one puzzle posed in a format.
type Instance interface {
	// Write writes the instance, with the solutions excluded so far.
	Write(w io.Writer) error
	// Exclude rules out a solution for the next Write; it reports false
	// when no other solution is possible (the puzzle has no empty cell).
	Exclude(g *sudoku.Grid) (bool, error)
	// Decode reads one solver answer, as an output reader gave it, as a
	// grid. An answer that states no grid wraps ErrNotASolution.
	Decode(a Answer) (*sudoku.Grid, error)
	// Sizes is the model's size, keyed as solvers.Result.Model expects.
	Sizes() map[string]int
}

// Answer is one solution as a solver's output states it; which field is
// set depends on the answer convention, and the format's Decode reads it.
type Answer struct {
	Lits   []int              // SAT and PB competitions: variables set true (positive), false (negative)
	Named  map[string]float64 // CBC, glpsol: the model's variables by name
	Text   string             // MiniZinc: the solution's printed text
	Values map[string]string  // SMT-LIB: the constants' values
	Atoms  []string           // clasp: the answer set's atoms
	Sample map[string]uint8   // a QUBO sample: 0 or 1 by variable index or label
	Grid   string             // a solution line, which answers any format
}

// ErrNotASolution says that an answer states no grid: a QUBO sample above
// energy 0, which an incomplete sampler may return.
var ErrNotASolution = errors.New("the answer is not a solution")

// Lookup returns the format of a name.
func Lookup(name string) (*Format, error) {
	f, ok := registry[name]
	if !ok {
		return nil, fmt.Errorf("unknown format %q: use %s", name, List())
	}
	return f, nil
}

// Names lists the formats' names in a stable order: the SAT, MILP, QUBO,
// constraint formats, then the puzzle line.
func Names() []string { return slices.Clone(order) }

// List is Names for messages and help: "cnf, opb, …, asp or puzzle".
func List() string {
	return strings.Join(order[:len(order)-1], ", ") + " or " + order[len(order)-1]
}

// Describe lists every format with what it is, for a flag's help.
func Describe() string {
	parts := make([]string, len(order))
	for i, name := range order {
		parts[i] = name + ": " + registry[name].About
	}
	return strings.Join(parts, "; ")
}

// OptionError is an option a format does not have, or a value it does
// not take.
type OptionError struct {
	Option string
	Err    error
}

func (e *OptionError) Error() string { return fmt.Sprintf("option %s: %v", e.Option, e.Err) }
func (e *OptionError) Unwrap() error { return e.Err }

// freeChecks check the values of the options that take any text.
var freeChecks = map[string]func(string) error{
	"weights": func(s string) error { _, err := qubo.ParseWeights(s); return err },
}

// Complete checks options against the format and fills in the defaults:
// an unknown option, or a value the option does not take, is an
// *OptionError naming it.
func (f *Format) Complete(opts map[string]string) (map[string]string, error) {
	out := make(map[string]string, len(f.Options))
	for _, k := range slices.Sorted(maps.Keys(opts)) {
		allowed, known := f.Options[k]
		v := opts[k]
		switch {
		case !known:
			return nil, &OptionError{k, fmt.Errorf("the %s format has no such option; its options: %s", f.Name, f.DescribeOptions())}
		case allowed != nil && !slices.Contains(allowed, v):
			return nil, &OptionError{k, fmt.Errorf("%q: the %s format takes %s", v, f.Name, strings.Join(allowed, ", "))}
		case allowed == nil && freeChecks[k] != nil:
			if err := freeChecks[k](v); err != nil {
				return nil, &OptionError{k, err}
			}
		}
		out[k] = v
	}
	for k, allowed := range f.Options {
		if _, set := out[k]; !set && allowed != nil {
			out[k] = allowed[0]
		}
	}
	return out, nil
}

// DescribeOptions is the format's options and their values, for messages.
func (f *Format) DescribeOptions() string {
	if len(f.Options) == 0 {
		return "none"
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(f.Options)) {
		vals := f.Options[k]
		if vals == nil {
			parts = append(parts, k+" (free)")
			continue
		}
		parts = append(parts, fmt.Sprintf("%s (%s)", k, strings.Join(vals, ", ")))
	}
	return strings.Join(parts, "; ")
}

// AnsweredBy reports whether solvers answer the format in a convention:
// one of its Answers, or a solution line.
func (f *Format) AnsweredBy(answer string) bool {
	return answer == "grid" || slices.Contains(f.Answers, answer)
}

// Convention is the convention to read a solver's answer to the format
// in: asked, when solvers answer the format in it ("" for none asked);
// else the usual one (a solution line for a format no solver answers);
// of CBC's and glpsol's solutions, which both answer LP and MPS, the one
// whose text answer is (glpsol's begins "Problem:").
func (f *Format) Convention(asked string, answer []byte) (string, error) {
	switch {
	case asked != "":
		if !f.AnsweredBy(asked) {
			return "", fmt.Errorf("%s does not answer a %s model; use grid or %s", asked, f.Name, strings.Join(f.Answers, ", "))
		}
		return asked, nil
	case len(f.Answers) == 0:
		return "grid", nil
	case f.AnsweredBy("glpk") && strings.HasPrefix(strings.TrimSpace(string(answer)), "Problem:"):
		return "glpk", nil
	}
	return f.Answers[0], nil
}

// Pose poses a puzzle in the format. opts must be complete (Complete);
// cache, which may be nil, shares the CNF encoders' base formulas between
// calls. A reduction that finds the givens contradictory returns an error
// wrapping cnf.ErrUnsat.
func (f *Format) Pose(p *sudoku.Grid, opts map[string]string, cache Cache) (Instance, error) {
	return f.pose(f, p, opts, cache)
}

// Solutions decodes every solution a solver's answer states and verifies
// each against the rules and the puzzle's givens. The first that does not
// decode or verify is an error naming it ("solution 2 of 3 …"), returned
// with the grids verified before it.
func Solutions(inst Instance, puzzle *sudoku.Grid, answers []Answer) ([]*sudoku.Grid, error) {
	grids := make([]*sudoku.Grid, 0, len(answers))
	for i, a := range answers {
		g, err := Decode(inst, puzzle, a)
		if err == nil {
			err = sudoku.CheckSolution(puzzle, g)
		}
		if err != nil {
			return grids, fmt.Errorf("solution %d of %d is not a solution of %s: %w", i+1, len(answers), puzzle, err)
		}
		grids = append(grids, g)
	}
	return grids, nil
}

// Decode reads an answer to an instance of a puzzle: a solution line for
// any format, or the format's own answer.
func Decode(inst Instance, puzzle *sudoku.Grid, a Answer) (*sudoku.Grid, error) {
	if a.Grid == "" {
		return inst.Decode(a)
	}
	g, err := sudoku.ParseLine(a.Grid, puzzle.Geometry().Variant)
	if err == nil && g.Geometry() != puzzle.Geometry() {
		err = fmt.Errorf("a %s grid for a %s puzzle", g.Geometry(), puzzle.Geometry())
	}
	return g, err
}
