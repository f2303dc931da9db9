package milp

import (
	"github.com/sudokubench/sudokubench/solvers/external"
)

// Solution is what an outside MILP program said of a model: whether it
// found a solution, proved there is none, or stopped at its own limit,
// the variables' values by name, and its counters (nodes, LP iterations).
type Solution struct {
	Feasible, Infeasible bool // neither: it stopped without deciding
	Detail               string
	Values               map[string]float64
	Counters             map[string]float64
}

// ReadCBC reads CBC's solution file (its "solu" command) and standard
// output, as the milp/cbc pipeline does.
func ReadCBC(out external.Output, solution []byte) (Solution, error) {
	return fromOutcome(cbcTool{}.read(out, solution))
}

// ReadGLPK reads glpsol's printable solution (-o) and standard output, as
// the milp/glpk pipeline does.
func ReadGLPK(out external.Output, solution []byte) (Solution, error) {
	return fromOutcome(glpkTool{}.read(out, solution))
}

func fromOutcome(o outcome, err error) (Solution, error) {
	return Solution{
		Feasible: o.verdict == feasible, Infeasible: o.verdict == infeasible,
		Detail: o.detail, Values: o.values, Counters: o.counters,
	}, err
}
