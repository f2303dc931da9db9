package anneal

import (
	"maps"

	"github.com/sudokubench/sudokubench/encodings/qubo"
	"github.com/sudokubench/sudokubench/solvers"
)

// The samplers' presets.
var (
	// TunedPT is parallel tempering over Tuned's β range.
	TunedPT = PT{Replicas: 16, Rounds: 100000, Range: Tuned.Range}
	// TunedTabu follows D-Wave's TabuSampler: tenure min(20, n/4).
	// TunedSwap anneals swaps with Tuned's read lengths over a colder
	// start than Tuned's: at β 0.7 a swap, which moves four variables,
	// is accepted so often that the first sweeps only scramble the boxes
	// (β from 1.0 was chosen on a 500-puzzle 17-clue sample of seed 2,
	// not on the targets' seed-1 sample).
	TunedSwap = Swap{Sweeps: Tuned.Sweeps, FirstSweeps: Tuned.FirstSweeps, Range: BetaRange{Hot: 1.0, Cold: 2.5, Fixed: true}}
	TunedTabu = Tabu{MaxTenure: 20, Steps: 100000, Stall: 20, Kick: 0.05}
	// TunedKerberos follows KerberosSampler's loop (100 iterations,
	// convergence 3, 50-variable subproblems, rolling history 0.3) with
	// branch budgets cut to fit a one-second run, and its SA branch on
	// Tuned's range: neal's hot start would only scramble the state it is
	// given.
	TunedKerberos = Kerberos{MaxIter: 100, Convergence: 3, Tabu: TunedTabu, TabuSteps: 2000,
		SA: SA{Sweeps: 1000, Range: Tuned.Range}, Subproblem: 50, RollingHistory: 0.3, NodeLimit: 1 << 20}
)

// preset is one pipeline: a sampler on a formulation.
type preset struct {
	sampler     string // the name's middle part
	form        qubo.Formulation
	s           sampler
	description string
}

// presets lists the family: neal-compatible SA on every formulation, each
// other sampler on the formulation it does best on, and the hybrid also
// on D-Wave's own formulation.
var presets = []preset{
	{"neal", qubo.Fixed, Neal, "neal-compatible simulated annealing on D-Wave's formulation (givens' variables fixed)"},
	{"neal", qubo.Pruned, Neal, "neal-compatible simulated annealing, candidates the givens eliminate pruned"},
	{"neal", qubo.Propagated, Neal, "neal-compatible simulated annealing on what naked and hidden singles leave"},
	{"neal", qubo.Wildqat, Neal, "neal-compatible simulated annealing on the Wildqat article's model"},
	{"sa", qubo.Pruned, Tuned, "simulated annealing, schedule tuned on Sudoku, candidates the givens eliminate pruned"},
	{"sa", qubo.Propagated, Tuned, "simulated annealing, schedule tuned on Sudoku, on what singles leave"},
	{"pt", qubo.Pruned, TunedPT, "parallel tempering, candidates the givens eliminate pruned"},
	{"pt", qubo.Propagated, TunedPT, "parallel tempering on what singles leave"},
	{"swap", qubo.Pruned, TunedSwap, "simulated annealing by swaps of two cells' digits within a box (cells and boxes stay one-hot), candidates the givens eliminate pruned"},
	{"swap", qubo.Propagated, TunedSwap, "simulated annealing by swaps of two cells' digits within a box (cells and boxes stay one-hot) on what singles leave"},
	{"tabu", qubo.Propagated, TunedTabu, "MST2-style tabu search on what singles leave"},
	{"descent", qubo.Propagated, Descent{}, "steepest descent from random states (baseline) on what singles leave"},
	{"kerberos", qubo.Fixed, TunedKerberos, "Kerberos-style hybrid (tabu, SA, exactly solved subproblems) on D-Wave's formulation, as D-Wave's example"},
	{"kerberos", qubo.Propagated, TunedKerberos, "Kerberos-style hybrid (tabu, SA, exactly solved subproblems) on what singles leave"},
}

// Pipelines returns the QUBO pipelines, for the registry, each named
// qubo/<sampler>/<formulation>.
func Pipelines() []solvers.Info {
	out := make([]solvers.Info, 0, len(presets))
	for _, p := range presets {
		out = append(out, p.info())
	}
	return out
}

func (p preset) info() solvers.Info {
	name := "qubo/" + p.sampler + "/" + p.form.String()
	opts := map[string]string{"sampler": p.sampler, "formulation": p.form.String(), "weights": qubo.DefaultWeights().String()}
	maps.Copy(opts, p.s.options())
	return solvers.Info{
		Name:        name,
		Family:      "qubo",
		Description: p.description,
		Options:     opts,
		PureGo:      true,
		Stochastic:  true,
		Incomplete:  true,
		OptIn:       "anneals until its deadline on every puzzle it cannot solve (most below 25 givens)",
		New: func() solvers.Solver {
			b, err := qubo.NewBuilder(p.form, qubo.DefaultWeights())
			if err != nil {
				panic("anneal: " + err.Error()) // the default weights are valid
			}
			return &pipeline{name: name, builder: b, sampler: p.s, budget: DefaultBudget}
		},
	}
}
