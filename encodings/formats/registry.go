package formats

import (
	"fmt"
	"io"

	"github.com/sudokubench/sudokubench/encodings/asp"
	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/encodings/cp"
	"github.com/sudokubench/sudokubench/encodings/milp"
	"github.com/sudokubench/sudokubench/encodings/smt"
	"github.com/sudokubench/sudokubench/sudoku"
)

var (
	cnfEncodings = []string{"extended", "minimal", "efficient", "augmented"}
	cnfOptions   = map[string][]string{
		"encoding":    cnfEncodings,
		"at_most_one": {"pairwise", "sequential"},
		"reduce":      {"none", "givens", "propagated"},
	}
	opbOptions = map[string][]string{
		"encoding":    cnfEncodings,
		"at_most_one": {"native", "pairwise", "sequential"},
		"reduce":      {"givens", "none", "propagated"},
	}
	milpOptions = map[string][]string{"form": {"eliminated", "fixed"}}
	milpAnswers = []string{"cbc", "glpk"}
	quboOptions = map[string][]string{"formulation": {"pruned", "fixed", "propagated", "wildqat"}, "weights": nil}
)

// order is the formats' order in lists and help.
var order = []string{"cnf", "opb", "lp", "mps", "freemps", "qubo", "coo", "bqm", "mzn", "smt2", "asp", "puzzle"}

// registry holds every format by name.
var registry = map[string]*Format{
	"cnf": {Name: "cnf", Family: "sat", Ext: "cnf", About: "DIMACS CNF", Options: cnfOptions,
		Answers: []string{"sat-competition"}, Excludes: true, comment: "c ", pose: poseCNF},
	"opb": {Name: "opb", Family: "milp", Ext: "opb", About: "OPB (the 0/1 model's rows as pseudo-Boolean constraints)", Options: opbOptions,
		Answers: []string{"pb-competition"}, Excludes: true, comment: "* ", headerAfter: 1, pose: poseCNF},
	"lp": {Name: "lp", Family: "milp", Ext: "lp", About: "CPLEX LP", Options: milpOptions,
		Answers: milpAnswers, Excludes: true, comment: `\ `, pose: poseMILP},
	"mps": {Name: "mps", Family: "milp", Ext: "mps", About: "fixed MPS", Options: milpOptions,
		Answers: milpAnswers, Excludes: true, comment: "* ", pose: poseMILP},
	"freemps": {Name: "freemps", Family: "milp", Ext: "mps", About: "free MPS", Options: milpOptions,
		Answers: milpAnswers, Excludes: true, comment: "* ", pose: poseMILP},
	"qubo": {Name: "qubo", Family: "qubo", Ext: "qubo", About: "a qbsolv QUBO", Options: quboOptions,
		Answers: []string{"sample"}, comment: "c ", pose: poseQUBO},
	"coo": {Name: "coo", Family: "qubo", Ext: "coo", About: "a dimod COO QUBO", Options: quboOptions,
		Answers: []string{"sample"}, comment: "# ", headerAfter: 1, pose: poseQUBO},
	"bqm": {Name: "bqm", Family: "qubo", Ext: "json", About: "a dimod BQM (JSON)", Options: quboOptions,
		Answers: []string{"sample"}, pose: poseQUBO},
	"mzn": {Name: "mzn", Family: "cp", Ext: "mzn", About: "a MiniZinc model (alldifferent)",
		Answers: []string{"minizinc"}, Excludes: true, comment: "% ", pose: poseCP},
	"smt2": {Name: "smt2", Family: "smt", Ext: "smt2", About: "SMT-LIB 2", Options: map[string][]string{"form": {"int", "onehot"}},
		Answers: []string{"smtlib"}, Excludes: true, comment: "; ", pose: poseSMT},
	"asp": {Name: "asp", Family: "asp", Ext: "lp", About: "an answer set program",
		Answers: []string{"clasp"}, Excludes: true, comment: "% ", pose: poseASP},
	"puzzle": {Name: "puzzle", Family: "direct", Ext: "txt", About: "the puzzle line", pose: posePuzzle},
}

// Cache keeps CNF encoders per geometry and options, so that the base
// formula is built once. A nil Cache builds a fresh encoder each time.
type Cache map[string]*cnf.Encoder

func (c Cache) get(geo *sudoku.Geometry, opt cnf.Options) *cnf.Encoder {
	if c == nil {
		return cnf.NewEncoder(geo, opt)
	}
	key := fmt.Sprintf("%s/%s", geo, opt)
	enc, ok := c[key]
	if !ok {
		enc = cnf.NewEncoder(geo, opt)
		c[key] = enc
	}
	return enc
}

// CNFOptions reads the options of a cnf or opb format.
func CNFOptions(opts map[string]string) (cnf.Options, error) {
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

func poseCNF(f *Format, p *sudoku.Grid, opts map[string]string, cache Cache) (Instance, error) {
	o, err := CNFOptions(opts)
	if err != nil {
		return nil, err
	}
	inst, err := cache.get(p.Geometry(), o).Encode(p)
	if err != nil {
		return nil, err
	}
	return &cnfInstance{inst: inst, opb: f.Name == "opb"}, nil
}

func (c *cnfInstance) formula() *cnf.Formula {
	f := c.inst.Full()
	if len(c.blocked) == 0 {
		return f
	}
	f.Clauses = append(f.Clauses[:len(f.Clauses):len(f.Clauses)], c.blocked...)
	return f
}

func (c *cnfInstance) Write(w io.Writer) error {
	if c.opb {
		return cnf.WriteOPB(w, c.formula())
	}
	return cnf.WriteDIMACS(w, c.formula())
}

func (c *cnfInstance) Exclude(g *sudoku.Grid) (bool, error) {
	clause := c.inst.BlockingGrid(g)
	if len(clause) == 0 {
		return false, nil
	}
	c.blocked = append(c.blocked, clause)
	return true, nil
}

// Decode reads a model, refusing one that is no assignment of the
// formula's variables: a variable it does not have, or one set both true
// and false.
func (c *cnfInstance) Decode(a Answer) (*sudoku.Grid, error) {
	vars := c.inst.Formula.Vars
	model := make([]bool, vars)
	set := make([]int, vars) // the sign each variable was given: 1, -1, or 0 for none
	for _, l := range a.Lits {
		v, sign := l, 1
		if l < 0 {
			v, sign = -l, -1
		}
		switch {
		case v < 1 || v > vars:
			return nil, fmt.Errorf("the model sets variable %d, and the formula has %d", v, vars)
		case set[v-1] == -sign:
			return nil, fmt.Errorf("the model sets variable %d both true and false", v)
		}
		set[v-1], model[v-1] = sign, sign > 0
	}
	return c.inst.Decode(model)
}

func (c *cnfInstance) Sizes() map[string]int { return c.inst.Stats().Map() }

// contradiction is the model of a puzzle whose givens a reduction found
// contradictory: the empty clause, or for OPB, which has no empty
// constraint, x1 ≥ 1 beside x1 ≤ 0. Nothing decodes from it.
type contradiction struct {
	f   *cnf.Formula
	opb bool
	why error
}

func newContradiction(opb bool, why error) *contradiction {
	f := &cnf.Formula{Clauses: [][]int{{}}, Comment: "no solution: " + why.Error()}
	if opb {
		f.Vars, f.Clauses = 1, [][]int{{1}}
		f.Cards = []cnf.Card{{Lits: []int{1}, Bound: cnf.AtMost, K: 0}}
	}
	return &contradiction{f: f, opb: opb, why: why}
}

func (c *contradiction) Write(w io.Writer) error {
	if c.opb {
		return cnf.WriteOPB(w, c.f)
	}
	return cnf.WriteDIMACS(w, c.f)
}

func (c *contradiction) Exclude(*sudoku.Grid) (bool, error) { return false, nil }

func (c *contradiction) Decode(Answer) (*sudoku.Grid, error) {
	return nil, fmt.Errorf("the puzzle has no solution (%v), so no answer decodes", c.why)
}

func (c *contradiction) Sizes() map[string]int { return c.f.Stats().Map() }

// milpInstance is the 0/1 model, written as LP or MPS.
type milpInstance struct {
	model      *milp.Model
	writeModel func(io.Writer, *milp.Model) error
	// fixedNames says the file names the variables as fixed MPS does
	// (x1C3 for x_1_12_3), and so does the program's solution.
	fixedNames bool
}

// milpWriters maps the formats to the MILP writers' format names.
var milpWriters = map[string]string{"lp": "lp", "mps": "fixed-mps", "freemps": "mps"}

func poseMILP(f *Format, p *sudoku.Grid, opts map[string]string, _ Cache) (Instance, error) {
	form, err := milp.ParseForm(opts["form"])
	if err != nil {
		return nil, err
	}
	write, err := milp.Writer(milpWriters[f.Name])
	if err != nil {
		return nil, err
	}
	model, err := milp.Pose(p, milp.Options{Form: form})
	if err != nil {
		return nil, err
	}
	return &milpInstance{model: model, writeModel: write, fixedNames: f.Name == "mps"}, nil
}

func (m *milpInstance) Write(w io.Writer) error { return m.writeModel(w, m.model) }

func (m *milpInstance) Exclude(g *sudoku.Grid) (bool, error) {
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

func (m *milpInstance) Decode(a Answer) (*sudoku.Grid, error) {
	if !m.fixedNames {
		return m.model.DecodeNamed(a.Named)
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
	named := make(map[string]float64, len(a.Named))
	for fixed, v := range a.Named {
		name, ok := free[fixed]
		if !ok {
			return nil, fmt.Errorf("solution names variable %q, which the model does not have", fixed)
		}
		named[name] = v
	}
	return m.model.DecodeNamed(named)
}

func (m *milpInstance) Sizes() map[string]int { return m.model.Stats().Sizes() }

// modelInstance is a puzzle as a MiniZinc model, an SMT-LIB script or an
// answer set program: each writes itself, excludes solutions, and decodes
// its own answer.
type modelInstance struct {
	writeModel func(io.Writer) error
	excl       func(*sudoku.Grid) error
	dec        func(Answer) (*sudoku.Grid, error)
	size       func() map[string]int
	puzzle     *sudoku.Grid
}

func (m *modelInstance) Write(w io.Writer) error { return m.writeModel(w) }

func (m *modelInstance) Exclude(g *sudoku.Grid) (bool, error) {
	if m.puzzle.Complete() {
		return false, nil
	}
	return true, m.excl(g)
}

func (m *modelInstance) Decode(a Answer) (*sudoku.Grid, error) { return m.dec(a) }
func (m *modelInstance) Sizes() map[string]int                 { return m.size() }

func poseCP(_ *Format, p *sudoku.Grid, _ map[string]string, _ Cache) (Instance, error) {
	m, err := cp.Pose(p, cp.Options{})
	if err != nil {
		return nil, err
	}
	return &modelInstance{
		writeModel: m.Write, excl: m.Exclude, puzzle: p,
		dec:  func(a Answer) (*sudoku.Grid, error) { return m.Decode(a.Text) },
		size: func() map[string]int { return m.Stats().Sizes() },
	}, nil
}

func poseSMT(_ *Format, p *sudoku.Grid, opts map[string]string, _ Cache) (Instance, error) {
	form, err := smt.ParseForm(opts["form"])
	if err != nil {
		return nil, err
	}
	m, err := smt.Pose(p, smt.Options{Form: form})
	if err != nil {
		return nil, err
	}
	return &modelInstance{
		writeModel: m.Write, excl: m.Exclude, puzzle: p,
		dec:  func(a Answer) (*sudoku.Grid, error) { return m.Decode(a.Values) },
		size: func() map[string]int { return m.Stats().Sizes() },
	}, nil
}

func poseASP(_ *Format, p *sudoku.Grid, _ map[string]string, _ Cache) (Instance, error) {
	prog, err := asp.Pose(p, asp.Options{})
	if err != nil {
		return nil, err
	}
	return &modelInstance{
		writeModel: prog.Write, excl: prog.Exclude, puzzle: p,
		dec:  func(a Answer) (*sudoku.Grid, error) { return prog.Decode(a.Atoms) },
		size: func() map[string]int { return prog.Stats().Sizes() },
	}, nil
}

// puzzleInstance is the puzzle line itself, for a direct solver.
type puzzleInstance struct{ puzzle *sudoku.Grid }

func posePuzzle(_ *Format, p *sudoku.Grid, _ map[string]string, _ Cache) (Instance, error) {
	return puzzleInstance{puzzle: p}, nil
}

func (p puzzleInstance) Write(w io.Writer) error {
	_, err := io.WriteString(w, p.puzzle.String()+"\n")
	return err
}

func (p puzzleInstance) Exclude(*sudoku.Grid) (bool, error) {
	return false, fmt.Errorf("a puzzle line cannot exclude a solution")
}

func (p puzzleInstance) Decode(Answer) (*sudoku.Grid, error) {
	return nil, fmt.Errorf("a puzzle line is answered by a solution line")
}

func (p puzzleInstance) Sizes() map[string]int {
	return map[string]int{"cells": len(p.puzzle.Cells()), "givens": p.puzzle.Hints()}
}
