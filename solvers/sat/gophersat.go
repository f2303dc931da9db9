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
// decision count says whether propagation alone sufficed.
type gophersatFresh struct{}

func (gophersatFresh) solve(ctx context.Context, inst *cnf.Instance, unique bool) (answer, error) {
	if err := ctx.Err(); err != nil {
		return answer{}, err
	}
	pb, units := buildProblem(inst.Formula)
	s := solver.New(pb)
	units = append(units, toLits(inst.Units)...)
	return runGophersat(s, units, unique, func(model []bool) []solver.Lit {
		return toLits(inst.Blocking(model))
	})
}

// buildProblem turns a formula into a gophersat problem without going
// through [][]int: clauses of two or more literals become solver clauses,
// unit clauses are returned to be assumed. Lits of all clauses share one
// backing array.
func buildProblem(f *cnf.Formula) (*solver.Problem, []solver.Lit) {
	pb := solver.ParseSliceNb(nil, f.Vars)
	pb.Clauses = make([]*solver.Clause, 0, len(f.Clauses)+len(f.Cards))
	total := 0
	for _, c := range f.Clauses {
		total += len(c)
	}
	backing := make([]solver.Lit, 0, total)
	var units []solver.Lit
	for _, c := range f.Clauses {
		if len(c) == 1 {
			units = append(units, solver.IntToLit(int32(c[0])))
			continue
		}
		start := len(backing)
		for _, l := range c {
			backing = append(backing, solver.IntToLit(int32(l)))
		}
		pb.Clauses = append(pb.Clauses, solver.NewClause(backing[start:len(backing):len(backing)]))
	}
	for _, c := range f.Cards {
		lits, k := atLeastForm(c)
		pb.Clauses = append(pb.Clauses, solver.NewCardClause(lits, k))
	}
	return pb, units
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

func toLits(ints []int) []solver.Lit {
	lits := make([]solver.Lit, len(ints))
	for i, l := range ints {
		lits[i] = solver.IntToLit(int32(l))
	}
	return lits
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
	units := toLits(inst.Units)
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
		pb.Clauses = append(pb.Clauses, solver.NewClause(toLits(block)))
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
