package milp

// Solution is what an outside MILP program said of a model: whether it
// found a solution, proved there is none, or stopped at its own limit
// (neither), the variables' values by name, its counters (nodes, LP
// iterations), and the optimum it reports.
type Solution struct {
	Feasible, Infeasible bool // neither: it stopped without deciding
	Detail               string
	Values               map[string]float64
	Counters             map[string]float64
	Objective            float64
}
