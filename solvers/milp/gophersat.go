package milp

import (
	"context"

	"github.com/crillab/gophersat/solver"

	"github.com/sudokubench/sudokubench/encodings/milp"
)

// pbEngine solves the model's rows as pseudo-Boolean constraints with
// gophersat. gophersat cannot be interrupted: ctx is only checked before the
// search starts, and the harness's hard deadline covers the rest.
type pbEngine struct {
	cuttingPlanes bool
}

func (e pbEngine) decide(ctx context.Context, m *milp.Model) (attempt, error) {
	if err := ctx.Err(); err != nil {
		return attempt{}, err
	}
	s := solver.New(solver.ParsePBConstrs(pbConstraints(m)))
	s.CuttingPlanes = e.cuttingPlanes
	status := s.Solve()
	a := attempt{verdict: infeasible, counters: pbCounters(s.Stats)}
	if status == solver.Sat {
		a.verdict = feasible
		a.x = boolsToValues(s.Model(), len(m.Vars))
	}
	return a, nil
}

// pbConstraints turns every row into PB constraints over the literals
// 1..len(Vars) (variable i is literal i+1), and pins fixed variables.
func pbConstraints(m *milp.Model) []solver.PBConstr {
	var out []solver.PBConstr
	for _, c := range m.Constraints {
		lits := make([]int, len(c.Vars))
		for i, v := range c.Vars {
			lits[i] = v + 1
		}
		if c.Sense == milp.AtMost {
			out = append(out, solver.AtMost(lits, c.RHS))
			continue
		}
		out = append(out, solver.Eq(lits, ones(len(lits)), c.RHS)...)
	}
	for i, v := range m.Vars {
		switch {
		case v.Fixed() && v.Lower == 1:
			out = append(out, solver.PropClause(i+1))
		case v.Fixed():
			out = append(out, solver.PropClause(-(i + 1)))
		}
	}
	return out
}

func ones(n int) []int {
	w := make([]int, n)
	for i := range w {
		w[i] = 1
	}
	return w
}

func boolsToValues(model []bool, n int) []float64 {
	x := make([]float64, n)
	for i := 0; i < n && i < len(model); i++ {
		if model[i] {
			x[i] = 1
		}
	}
	return x
}

func pbCounters(st solver.Stats) map[string]float64 {
	return map[string]float64{
		"decisions": float64(st.NbDecisions),
		"conflicts": float64(st.NbConflicts),
		"restarts":  float64(st.NbRestarts),
		"learned":   float64(st.NbLearned),
	}
}
