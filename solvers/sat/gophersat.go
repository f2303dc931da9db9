package sat

import (
	"context"

	"github.com/crillab/gophersat/solver"

	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/sudoku"
)

// GophersatVersion is the gophersat module version this package is built
// with.
const GophersatVersion = "v1.4.0"

// gophersatFresh builds a new gophersat problem for every puzzle, from
// clauses (and native cardinality constraints when the encoding has them),
// and passes unit literals through Solver.Assume so that the engine's
// decision count says whether propagation alone sufficed. It reuses the
// problem's storage from one puzzle to the next.
type gophersatFresh struct {
	builder problemBuilder
}

func (g *gophersatFresh) solve(ctx context.Context, inst *cnf.Instance, unique bool) (answer, error) {
	if err := ctx.Err(); err != nil {
		return answer{}, err
	}
	if inst.Formula.Vars == 0 && len(inst.Units) == 0 {
		return settled(), nil
	}
	pb, units := g.builder.build(inst.Formula)
	s := solver.New(pb)
	units = appendLits(units, inst.Units)
	return runGophersat(s, units, unique, func(model []bool) []solver.Lit {
		return appendLits(nil, inst.Blocking(model))
	}), nil
}

// settled is the answer for a formula without variables, which is what
// remains when reducing by the givens fixed every variable: the engine has
// nothing to decide and is not called, the grid is the one the
// reduction fixed, and no other exists.
func settled() answer {
	return answer{sat: true, counters: map[string]float64{
		"decisions": 0, "conflicts": 0, "restarts": 0, "learned": 0,
		"propagation_only": 1, "solves": 0,
	}}
}

// problemBuilder turns formulas into gophersat problems without going
// through [][]int: clauses of two or more literals and cardinality
// constraints become solver clauses, unit clauses are returned to be
// assumed. The clauses and their literals live in storage that the next
// build overwrites, so a problem must not be used after the next build;
// that saves an allocation per clause.
type problemBuilder struct {
	pb      solver.Problem
	lits    []solver.Lit
	clauses []solver.Clause
	ptrs    []*solver.Clause
	units   []solver.Lit
}

// buildProblem builds a problem in storage of its own.
func buildProblem(f *cnf.Formula) (*solver.Problem, []solver.Lit) {
	return new(problemBuilder).build(f)
}

func (b *problemBuilder) build(f *cnf.Formula) (*solver.Problem, []solver.Lit) {
	b.reset()
	for _, c := range f.Clauses {
		if len(c) == 1 {
			b.units = append(b.units, solver.IntToLit(int32(c[0])))
			continue
		}
		start := len(b.lits)
		b.lits = appendLits(b.lits, c)
		b.clause(start)
	}
	for _, c := range f.Cards {
		start := len(b.lits)
		var k int
		b.lits, k = appendAtLeast(b.lits, c)
		b.card(start, k)
	}
	return b.problem(f.Vars), b.units
}

// reset forgets the last problem, keeping its storage.
func (b *problemBuilder) reset() {
	b.lits, b.clauses, b.ptrs, b.units = b.lits[:0], b.clauses[:0], b.ptrs[:0], b.units[:0]
}

// clause makes the literals from start on, the last appended, a clause.
func (b *problemBuilder) clause(start int) {
	b.clauses = append(b.clauses, *solver.NewClause(b.lits[start:len(b.lits):len(b.lits)]))
}

// card makes the literals from start on a constraint: at least k of them.
func (b *problemBuilder) card(start, k int) {
	b.clauses = append(b.clauses, *solver.NewCardClause(b.lits[start:len(b.lits):len(b.lits)], k))
}

// problem returns the problem over vars variables made of the clauses and
// constraints since the last reset.
func (b *problemBuilder) problem(vars int) *solver.Problem {
	// Take the pointers only now: appending may have moved the clauses.
	for i := range b.clauses {
		b.ptrs = append(b.ptrs, &b.clauses[i])
	}
	// The model's element type is unexported: only the solver package can
	// make one, so grow it through ParseSliceNb and otherwise reuse it.
	model := b.pb.Model
	if cap(model) < vars {
		model = solver.ParseSliceNb(nil, vars).Model
	}
	model = model[:vars]
	clear(model)
	b.pb = solver.Problem{NbVars: vars, Clauses: b.ptrs, Model: model}
	return &b.pb
}

// appendAtLeast writes a cardinality constraint as "at least k of lits",
// the only form gophersat takes (at most k of n is at least n-k of their
// negations), appending the literals to dst.
func appendAtLeast(dst []solver.Lit, c cnf.Card) ([]solver.Lit, int) {
	for _, l := range c.Lits {
		if c.Bound == cnf.AtMost {
			l = -l
		}
		dst = append(dst, solver.IntToLit(int32(l)))
	}
	if c.Bound == cnf.AtMost {
		return dst, len(c.Lits) - c.K
	}
	return dst, c.K
}

// appendLits appends the literals, as gophersat's, to dst.
func appendLits(dst []solver.Lit, ints []int) []solver.Lit {
	for _, l := range ints {
		dst = append(dst, solver.IntToLit(int32(l)))
	}
	return dst
}

// runGophersat assumes the units (if any: Assume with none would only
// clear and reallocate the solver's state), solves, and in unique mode appends the
// blocking clause and solves again — unless the first solve made no
// decision: then propagation alone forced every variable and no other model
// exists. (That case also has to be skipped: Solver.AppendClause simplifies
// a new clause by the top-level bindings, would shrink the blocking clause
// to a unit, and keeps units only at the top level, which the next Assume
// clears.) Counters are the engine's statistics
// accumulated over both solves; propagation_only is 1 when the first solve
// made no decision.
func runGophersat(s *solver.Solver, units []solver.Lit, unique bool, blocking func([]bool) []solver.Lit) answer {
	before := s.Stats
	ans := answer{}
	if (len(units) == 0 || s.Assume(units) != solver.Unsat) && s.Solve() == solver.Sat {
		ans.sat, ans.model = true, s.Model()
	}
	firstDecisions := s.Stats.NbDecisions - before.NbDecisions
	solves := 1.0
	if ans.sat && unique && firstDecisions > 0 {
		if block := blocking(ans.model); len(block) > 0 {
			solves = 2
			s.AppendClause(solver.NewClause(block))
			ans.second = s.Solve() == solver.Sat
		}
	}
	ans.counters = gophersatCounters(before, s.Stats, firstDecisions, solves)
	return ans
}

func gophersatCounters(before, after solver.Stats, firstDecisions int, solves float64) map[string]float64 {
	propOnly := 0.0
	if firstDecisions == 0 {
		propOnly = 1
	}
	return map[string]float64{
		"decisions":        float64(after.NbDecisions - before.NbDecisions),
		"conflicts":        float64(after.NbConflicts - before.NbConflicts),
		"restarts":         float64(after.NbRestarts - before.NbRestarts),
		"learned":          float64(after.NbLearned - before.NbLearned),
		"propagation_only": propOnly,
		"solves":           solves,
	}
}

// gophersatIncremental keeps one solver per geometry, built once from the
// base formula, and passes each puzzle's givens as assumptions — how tdoku
// feeds minisat. gophersat v1.4.0's Solver.Assume is not minisat's
// assumption interface: it clears every top-level binding and puts the
// literals at the top level (level 1); learned clauses keep the level-1
// literals they depend on (learnClause does not drop them), so reusing the
// solver under other assumptions stays sound.
//
// Unique mode's second solve cannot be incremental here: a blocking clause
// must not outlive its puzzle, and the usual guard (¬a ∨ block, assume a)
// fails in v1.4.0 — AppendClause simplifies the clause by the current
// top-level bindings and the next Assume then finds models that violate it
// (TestGophersatGuardedClauseLost). So when the first solve needed a
// decision, the second solve runs on a fresh solver; with no decision the
// model was forced and is unique. The fresh solver gets the smallest
// problem that still answers the question: the base formula reduced by
// unit propagation of the givens — what the incremental solver holds at
// its top level after Assume — plus the clause that blocks the first grid
// on the cells left free.
type gophersatIncremental struct {
	geometries map[*sudoku.Geometry]*incrementalState
	builder    problemBuilder // for the second solve's problem
}

// incrementalState is what the incremental engine keeps per geometry.
type incrementalState struct {
	solver  *solver.Solver
	reducer *cnf.Reducer // built on the first second solve
}

func newGophersatIncremental() *gophersatIncremental {
	return &gophersatIncremental{geometries: map[*sudoku.Geometry]*incrementalState{}}
}

func (g *gophersatIncremental) state(inst *cnf.Instance) *incrementalState {
	st := g.geometries[inst.Geometry]
	if st == nil {
		pb, _ := buildProblem(inst.Formula) // the base formula has no unit clauses
		st = &incrementalState{solver: solver.New(pb)}
		g.geometries[inst.Geometry] = st
	}
	return st
}

func (g *gophersatIncremental) solve(ctx context.Context, inst *cnf.Instance, unique bool) (answer, error) {
	if err := ctx.Err(); err != nil {
		return answer{}, err
	}
	st := g.state(inst)
	s := st.solver
	before := s.Stats
	ans := answer{}
	if s.Assume(appendLits(nil, inst.Units)) != solver.Unsat && s.Solve() == solver.Sat {
		ans.sat, ans.model = true, s.Model()
	}
	firstDecisions := s.Stats.NbDecisions - before.NbDecisions
	ans.counters = gophersatCounters(before, s.Stats, firstDecisions, 1)
	if ans.sat && unique && firstDecisions > 0 {
		if st.reducer == nil {
			st.reducer = cnf.NewReducer(inst.Formula)
		}
		second, stats, solved := g.solveBlocked(st.reducer, inst, ans.model)
		if solved {
			ans.second = second
			addStats(ans.counters, stats)
		}
	}
	return ans, nil
}

// solveBlocked says whether the instance has a grid other than model's,
// on a fresh solver with the propagated formula and the blocking clause;
// solved is false when no solve was needed (every cell is fixed).
func (g *gophersatIncremental) solveBlocked(rd *cnf.Reducer, inst *cnf.Instance, model []bool) (second bool, stats solver.Stats, solved bool) {
	red, err := rd.Reduce(inst.Units, true)
	if err != nil { // cannot happen: the givens have a model
		return false, solver.Stats{}, false
	}
	block := blockingReduced(red, inst.Geometry, model)
	if len(block) == 0 {
		return false, solver.Stats{}, false
	}
	pb, units := g.builder.build(red.Formula)
	if len(block) == 1 {
		units = append(units, block[0])
	} else {
		pb.Clauses = append(pb.Clauses, solver.NewClause(block))
	}
	s := solver.New(pb)
	second = s.Assume(units) != solver.Unsat && s.Solve() == solver.Sat
	return second, s.Stats, true
}

// blockingReduced is the clause, over the reduced formula's variables,
// that excludes the grid of a model of the original formula: the negation
// of its true cell variables that the reduction left free.
func blockingReduced(red *cnf.Reduction, geo *sudoku.Geometry, model []bool) []solver.Lit {
	var block []solver.Lit
	for v := 1; v <= geo.N*geo.Cells && v <= len(model); v++ {
		if nv := red.Reduced(v); nv != 0 && model[v-1] {
			block = append(block, solver.IntToLit(int32(-nv)))
		}
	}
	return block
}

func addStats(counters map[string]float64, st solver.Stats) {
	counters["decisions"] += float64(st.NbDecisions)
	counters["conflicts"] += float64(st.NbConflicts)
	counters["restarts"] += float64(st.NbRestarts)
	counters["learned"] += float64(st.NbLearned)
	counters["solves"]++
}
