package defs

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/sudokubench/sudokubench/encodings/asp"
	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/encodings/cp"
	"github.com/sudokubench/sudokubench/encodings/milp"
	"github.com/sudokubench/sudokubench/encodings/qubo"
	"github.com/sudokubench/sudokubench/encodings/smt"
	"github.com/sudokubench/sudokubench/sudoku"
)

// input is a format the suite writes for a program: the way Sudoku is
// posed, its options, the outputs that can answer it, and whether a
// solution can be excluded in it (unique = "block").
type input struct {
	name   string
	family string // the family a pipeline with this input belongs to
	ext    string // the input file's extension
	about  string // for descriptions
	// options maps each option to its allowed values, the default first.
	options map[string][]string
	outputs []string // beside "grid", which answers any input
	block   bool
	// pose builds a puzzle's instance; options are complete and checked.
	pose func(in *input, p *sudoku.Grid, opts map[string]string, cache encoders) (instance, error)
}

// instance is one puzzle in an input format.
type instance interface {
	// write writes the instance, with the solutions excluded so far.
	write(w io.Writer) error
	// exclude rules out a solution for the next write; it reports false
	// when no other solution is possible (the puzzle has no empty cell).
	exclude(g *sudoku.Grid) (bool, error)
	// decode reads one of the program's solutions, as its output reader
	// gave it, as a grid.
	decode(s solution) (*sudoku.Grid, error)
	sizes() map[string]int
}

var (
	cnfOptions = map[string][]string{
		"encoding":    {"extended", "minimal"},
		"at_most_one": {"pairwise", "sequential"},
		"reduce":      {"none", "givens", "propagated"},
	}
	opbOptions = map[string][]string{
		"encoding":    {"extended", "minimal"},
		"at_most_one": {"native", "pairwise", "sequential"},
		"reduce":      {"givens", "none", "propagated"},
	}
	milpOptions = map[string][]string{"form": {"eliminated", "fixed"}}
	milpOutputs = []string{"cbc", "glpk"}
	quboOptions = map[string][]string{"formulation": {"pruned", "fixed", "propagated", "wildqat"}, "weights": nil}
)

// inputs are the formats a definition's input may name: every format
// encode writes, and the puzzle line itself.
var inputs = map[string]*input{
	"cnf": {name: "cnf", family: "sat", ext: "cnf", about: "DIMACS CNF", options: cnfOptions,
		outputs: []string{"sat-competition"}, block: true, pose: poseCNF},
	"opb": {name: "opb", family: "milp", ext: "opb", about: "OPB (the 0/1 model's rows as pseudo-Boolean constraints)", options: opbOptions,
		outputs: []string{"pb-competition"}, block: true, pose: poseCNF},
	"lp":      {name: "lp", family: "milp", ext: "lp", about: "CPLEX LP", options: milpOptions, outputs: milpOutputs, block: true, pose: poseMILP},
	"mps":     {name: "mps", family: "milp", ext: "mps", about: "fixed MPS", options: milpOptions, outputs: milpOutputs, block: true, pose: poseMILP},
	"freemps": {name: "freemps", family: "milp", ext: "mps", about: "free MPS", options: milpOptions, outputs: milpOutputs, block: true, pose: poseMILP},
	"qubo":    {name: "qubo", family: "qubo", ext: "qubo", about: "a qbsolv QUBO", options: quboOptions, pose: poseQUBO},
	"coo":     {name: "coo", family: "qubo", ext: "coo", about: "a dimod COO QUBO", options: quboOptions, pose: poseQUBO},
	"bqm":     {name: "bqm", family: "qubo", ext: "json", about: "a dimod BQM (JSON)", options: quboOptions, pose: poseQUBO},
	"mzn": {name: "mzn", family: "cp", ext: "mzn", about: "a MiniZinc model (alldifferent)",
		outputs: []string{"minizinc"}, block: true, pose: poseCP},
	"smt2": {name: "smt2", family: "smt", ext: "smt2", about: "SMT-LIB 2", options: map[string][]string{"form": {"int", "onehot"}},
		outputs: []string{"smtlib"}, block: true, pose: poseSMT},
	"asp": {name: "asp", family: "asp", ext: "lp", about: "an answer set program",
		outputs: []string{"clasp"}, block: true, pose: poseASP},
	"puzzle": {name: "puzzle", family: "direct", ext: "txt", about: "the puzzle line", pose: posePuzzle},
}

// inputNames lists the inputs, sorted.
func inputNames() []string { return slices.Sorted(maps.Keys(inputs)) }

// answeredBy reports whether an output can answer an input.
func (in *input) answeredBy(output string) bool {
	return output == "grid" || slices.Contains(in.outputs, output)
}

// encoders caches CNF encoders per geometry and options: the base formula
// is built once.
type encoders map[string]*cnf.Encoder

func (c encoders) get(geo *sudoku.Geometry, opt cnf.Options) *cnf.Encoder {
	key := fmt.Sprintf("%s/%s", geo, opt)
	enc, ok := c[key]
	if !ok {
		enc = cnf.NewEncoder(geo, opt)
		c[key] = enc
	}
	return enc
}

// cnfOpts reads the CNF options of a cnf or opb input.
func cnfOpts(opts map[string]string) (cnf.Options, error) {
	enc, err := cnf.ParseEncoding(opts["encoding"])
	if err != nil {
		return cnf.Options{}, err
	}
	amo, err := cnf.ParseAtMostOne(opts["at_most_one"])
	if err != nil {
		return cnf.Options{}, err
	}
	o := cnf.Options{Encoding: enc, AtMostOne: amo}
	switch opts["reduce"] {
	case "givens":
		o.Reduce = true
	case "propagated":
		o.Propagate = true
	}
	return o, nil
}

// cnfInstance is a puzzle as CNF, written as DIMACS or OPB.
type cnfInstance struct {
	inst    *cnf.Instance
	opb     bool
	blocked [][]int
}

func poseCNF(in *input, p *sudoku.Grid, opts map[string]string, cache encoders) (instance, error) {
	o, err := cnfOpts(opts)
	if err != nil {
		return nil, err
	}
	inst, err := cache.get(p.Geometry(), o).Encode(p)
	if err != nil {
		return nil, err
	}
	return &cnfInstance{inst: inst, opb: in.name == "opb"}, nil
}

func (c *cnfInstance) formula() *cnf.Formula {
	f := c.inst.Full()
	if len(c.blocked) == 0 {
		return f
	}
	g := *f
	g.Clauses = append(f.Clauses[:len(f.Clauses):len(f.Clauses)], c.blocked...)
	return &g
}

func (c *cnfInstance) write(w io.Writer) error {
	if c.opb {
		return cnf.WriteOPB(w, c.formula())
	}
	return cnf.WriteDIMACS(w, c.formula())
}

func (c *cnfInstance) exclude(g *sudoku.Grid) (bool, error) {
	clause := c.inst.BlockingGrid(g)
	if len(clause) == 0 {
		return false, nil
	}
	c.blocked = append(c.blocked, clause)
	return true, nil
}

func (c *cnfInstance) decode(s solution) (*sudoku.Grid, error) {
	model := make([]bool, c.inst.Formula.Vars)
	for _, l := range s.lits {
		if l > 0 && l <= len(model) {
			model[l-1] = true
		}
	}
	return c.inst.Decode(model)
}

func (c *cnfInstance) sizes() map[string]int { return c.inst.Stats().Map() }

// milpInstance is the 0/1 model, written as LP or MPS.
type milpInstance struct {
	model      *milp.Model
	writeModel func(io.Writer, *milp.Model) error
	// fixedNames says the file names the variables as fixed MPS does
	// (x1C3 for x_1_12_3), and so does the program's solution.
	fixedNames bool
}

// milpWriters maps the inputs to the MILP writers' format names.
var milpWriters = map[string]string{"lp": "lp", "mps": "fixed-mps", "freemps": "mps"}

func poseMILP(in *input, p *sudoku.Grid, opts map[string]string, _ encoders) (instance, error) {
	form, err := milp.ParseForm(opts["form"])
	if err != nil {
		return nil, err
	}
	write, err := milp.Writer(milpWriters[in.name])
	if err != nil {
		return nil, err
	}
	return &milpInstance{model: milp.New(p, form), writeModel: write, fixedNames: in.name == "mps"}, nil
}

func (m *milpInstance) write(w io.Writer) error { return m.writeModel(w, m.model) }

func (m *milpInstance) exclude(g *sudoku.Grid) (bool, error) {
	if m.model.Puzzle.Complete() {
		return false, nil
	}
	next, err := m.model.WithNoGood(g)
	if err != nil {
		return false, err
	}
	m.model = next
	return true, nil
}

func (m *milpInstance) decode(s solution) (*sudoku.Grid, error) {
	if !m.fixedNames {
		return m.model.DecodeNamed(s.named)
	}
	free := make(map[string]string, len(m.model.Vars))
	for i := range m.model.Vars {
		name := m.model.VarName(i)
		fixed, err := milp.FixedMPSName(name)
		if err != nil {
			return nil, err
		}
		free[fixed] = name
	}
	named := make(map[string]float64, len(s.named))
	for fixed, v := range s.named {
		name, ok := free[fixed]
		if !ok {
			return nil, fmt.Errorf("solution names variable %q, which the model does not have", fixed)
		}
		named[name] = v
	}
	return m.model.DecodeNamed(named)
}

func (m *milpInstance) sizes() map[string]int { return m.model.Stats().Sizes() }

// quboInstance is the QUBO model in one of its file formats. A sampler
// cannot exclude a solution: QUBO inputs run in first mode.
type quboInstance struct {
	model      *qubo.Model
	writeModel qubo.Writer
}

func poseQUBO(in *input, p *sudoku.Grid, opts map[string]string, _ encoders) (instance, error) {
	form, err := qubo.ParseFormulation(opts["formulation"])
	if err != nil {
		return nil, err
	}
	weights := qubo.DefaultWeights()
	if w := opts["weights"]; w != "" {
		if weights, err = qubo.ParseWeights(w); err != nil {
			return nil, err
		}
	}
	write, err := qubo.WriterFor(in.name)
	if err != nil {
		return nil, err
	}
	model, err := qubo.New(p, form, weights)
	if err != nil {
		return nil, err
	}
	return &quboInstance{model: model, writeModel: write}, nil
}

func (q *quboInstance) write(w io.Writer) error { return q.writeModel(w, q.model) }

func (q *quboInstance) exclude(*sudoku.Grid) (bool, error) {
	return false, fmt.Errorf("a QUBO cannot exclude a solution")
}

func (q *quboInstance) decode(solution) (*sudoku.Grid, error) {
	return nil, fmt.Errorf("a QUBO input is answered by a grid")
}

func (q *quboInstance) sizes() map[string]int { return q.model.Stats().Sizes() }

// modelInstance is a puzzle as a MiniZinc model, an SMT-LIB script or an
// answer set program: each writes itself, excludes solutions, and decodes
// its own output.
type modelInstance struct {
	writeModel func(io.Writer) error
	excl       func(*sudoku.Grid) error
	dec        func(solution) (*sudoku.Grid, error)
	size       func() map[string]int
	puzzle     *sudoku.Grid
}

func (m *modelInstance) write(w io.Writer) error { return m.writeModel(w) }

func (m *modelInstance) exclude(g *sudoku.Grid) (bool, error) {
	if m.puzzle.Complete() {
		return false, nil
	}
	return true, m.excl(g)
}

func (m *modelInstance) decode(s solution) (*sudoku.Grid, error) { return m.dec(s) }
func (m *modelInstance) sizes() map[string]int                   { return m.size() }

func poseCP(_ *input, p *sudoku.Grid, _ map[string]string, _ encoders) (instance, error) {
	m := cp.New(p)
	return &modelInstance{
		writeModel: m.Write, excl: m.Exclude, puzzle: p,
		dec:  func(s solution) (*sudoku.Grid, error) { return m.Decode(s.text) },
		size: func() map[string]int { return m.Stats().Sizes() },
	}, nil
}

func poseSMT(_ *input, p *sudoku.Grid, opts map[string]string, _ encoders) (instance, error) {
	form, err := smt.ParseForm(opts["form"])
	if err != nil {
		return nil, err
	}
	m := smt.New(p, form)
	return &modelInstance{
		writeModel: m.Write, excl: m.Exclude, puzzle: p,
		dec:  func(s solution) (*sudoku.Grid, error) { return m.Decode(s.values) },
		size: func() map[string]int { return m.Stats().Sizes() },
	}, nil
}

func poseASP(_ *input, p *sudoku.Grid, _ map[string]string, _ encoders) (instance, error) {
	prog := asp.New(p)
	return &modelInstance{
		writeModel: prog.Write, excl: prog.Exclude, puzzle: p,
		dec:  func(s solution) (*sudoku.Grid, error) { return prog.Decode(s.atoms) },
		size: func() map[string]int { return prog.Stats().Sizes() },
	}, nil
}

// puzzleInstance is the puzzle line itself, for a direct solver.
type puzzleInstance struct{ puzzle *sudoku.Grid }

func posePuzzle(_ *input, p *sudoku.Grid, _ map[string]string, _ encoders) (instance, error) {
	return puzzleInstance{puzzle: p}, nil
}

func (p puzzleInstance) write(w io.Writer) error {
	_, err := io.WriteString(w, p.puzzle.String()+"\n")
	return err
}

func (p puzzleInstance) exclude(*sudoku.Grid) (bool, error) {
	return false, fmt.Errorf("a puzzle line cannot exclude a solution")
}

func (p puzzleInstance) decode(solution) (*sudoku.Grid, error) {
	return nil, fmt.Errorf("a puzzle input is answered by a grid")
}

func (p puzzleInstance) sizes() map[string]int {
	return map[string]int{"cells": len(p.puzzle.Cells()), "givens": p.puzzle.Hints()}
}

// render writes an instance into memory.
func render(inst instance) ([]byte, error) {
	var buf bytes.Buffer
	if err := inst.write(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// describeOptions is an input's options and their values, for messages.
func (in *input) describeOptions() string {
	if len(in.options) == 0 {
		return "none"
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(in.options)) {
		vals := in.options[k]
		if vals == nil {
			parts = append(parts, k+" (free)")
			continue
		}
		parts = append(parts, fmt.Sprintf("%s (%s)", k, strings.Join(vals, ", ")))
	}
	return strings.Join(parts, "; ")
}
