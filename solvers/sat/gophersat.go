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
	pb, units := g.builder.build(inst.Formula)
	s := solver.New(pb)
	units = appendLits(units, inst.Units)
	return runGophersat(s, units, unique, func(model []bool) []solver.Lit {
		return appendLits(nil, inst.Blocking(model))
	})
}

// problemBuilder turns formulas into gophersat problems without going
// through [][]int: clauses of two or more literals become solver clauses,
// unit clauses are returned to be assumed. The clauses and their literals
// live in storage that the next build overwrites, so a problem must not be
// used after the next build; that saves an allocation per clause.
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
	b.lits, b.clauses, b.ptrs, b.units = b.lits[:0], b.clauses[:0], b.ptrs[:0], b.units[:0]
	for _, c := range f.Clauses {
		if len(c) == 1 {
			b.units = append(b.units, solver.IntToLit(int32(c[0])))
			continue
		}
		start := len(b.lits)
		b.lits = appendLits(b.lits, c)
		b.clauses = append(b.clauses, *solver.NewClause(b.lits[start:len(b.lits):len(b.lits)]))
	}
	// Take the pointers only now: appending may have moved the clauses.
	for i := range b.clauses {
		b.ptrs = append(b.ptrs, &b.clauses[i])
	}
	for _, c := range f.Cards {
		lits, k := atLeastForm(c)
		b.ptrs = append(b.ptrs, solver.NewCardClause(lits, k))
	}
	// The model's element type is unexported: only the solver package can
	// make one, so grow it through ParseSliceNb and otherwise reuse it.
	model := b.pb.Model
	if cap(model) < f.Vars {
		model = solver.ParseSliceNb(nil, f.Vars).Model
	}
	model = model[:f.Vars]
	clear(model)
	b.pb = solver.Problem{NbVars: f.Vars, Clauses: b.ptrs, Model: model}
	return &b.pb, b.units
}

// atLeastForm writes a cardinality constraint as "at least k of lits", the
// only form gophersat takes: at most k of n is at least n-k of their
// negations.
func atLeastForm(c cnf.Card) ([]solver.Lit, int) {
	lits := make([]solver.Lit, len(c.Lits))
	for i, l := range c.Lits {
		if c.Bound == cnf.AtMost {
			l = -l
		}
		lits[i] = solver.IntToLit(int32(l))
	}
	if c.Bound == cnf.AtMost {
		return lits, len(c.Lits) - c.K
	}
	return lits, c.K
}

// appendLits appends the literals, as gophersat's, to dst.
func appendLits(dst []solver.Lit, ints []int) []solver.Lit {
	for _, l := range ints {
		dst = append(dst, solver.IntToLit(int32(l)))
	}
	return dst
}

// runGophersat assumes the units, solves, and in unique mode appends the
// blocking clause and solves again — unless the first solve made no
// decision: then propagation alone forced every variable and no other model
// exists. (That case also has to be skipped: Solver.AppendClause simplifies
// a new clause by the top-level bindings, would shrink the blocking clause
// to a unit, and keeps units only at the top level, which the next Assume
// clears.) Counters are the engine's statistics
// accumulated over both solves; propagation_only is 1 when the first solve
// made no decision.
func runGophersat(s *solver.Solver, units []solver.Lit, unique bool, blocking func([]bool) []solver.Lit) (answer, error) {
	before := s.Stats
	ans := answer{}
	if s.Assume(units) != solver.Unsat && s.Solve() == solver.Sat {
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
	return ans, nil
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
// decision, the second solve runs on a fresh solver with the blocking
// clause; with no decision the model was forced and is unique.
type gophersatIncremental struct {
	solvers map[*sudoku.Geometry]*solver.Solver
}

func (g *gophersatIncremental) solver(inst *cnf.Instance) *solver.Solver {
	s := g.solvers[inst.Geometry]
	if s == nil {
		pb, _ := buildProblem(inst.Formula) // the base formula has no unit clauses
		s = solver.New(pb)
		g.solvers[inst.Geometry] = s
	}
	return s
}

func (g *gophersatIncremental) solve(ctx context.Context, inst *cnf.Instance, unique bool) (answer, error) {
	if err := ctx.Err(); err != nil {
		return answer{}, err
	}
	s := g.solver(inst)
	units := appendLits(nil, inst.Units)
	before := s.Stats
	ans := answer{}
	if s.Assume(units) != solver.Unsat && s.Solve() == solver.Sat {
		ans.sat, ans.model = true, s.Model()
	}
	firstDecisions := s.Stats.NbDecisions - before.NbDecisions
	ans.counters = gophersatCounters(before, s.Stats, firstDecisions, 1)
	if ans.sat && unique && firstDecisions > 0 {
		if block := inst.Blocking(ans.model); len(block) > 0 {
			second, stats := solveBlocked(inst.Formula, units, block)
			ans.second = second
			addStats(ans.counters, stats)
		}
	}
	return ans, nil
}

// solveBlocked solves a fresh problem of the formula plus the blocking
// clause under the units.
func solveBlocked(f *cnf.Formula, units []solver.Lit, block []int) (bool, solver.Stats) {
	pb, more := buildProblem(f)
	units = append(units[:len(units):len(units)], more...)
	if len(block) == 1 {
		units = append(units, solver.IntToLit(int32(block[0])))
	} else {
		pb.Clauses = append(pb.Clauses, solver.NewClause(appendLits(nil, block)))
	}
	s := solver.New(pb)
	sat := s.Assume(units) != solver.Unsat && s.Solve() == solver.Sat
	return sat, s.Stats
}

func addStats(counters map[string]float64, st solver.Stats) {
	counters["decisions"] += float64(st.NbDecisions)
	counters["conflicts"] += float64(st.NbConflicts)
	counters["restarts"] += float64(st.NbRestarts)
	counters["learned"] += float64(st.NbLearned)
	counters["solves"]++
}
