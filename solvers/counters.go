package solvers

// Counter names an engine counter of a Result. The counters declared here
// mean the same in every engine, and the report reads some of them (the
// stochastic statistics: reads, reads solved, attempted updates);
// producers and the report name them by these constants, never by string
// literals, so that a misspelt counter is a compile error rather than a
// sampler silently missing from TTS99. An engine may record counters of
// its own under other names (a SAT solver's "conflicts").
type Counter string

// The shared counters.
const (
	// Nodes is the search nodes visited: digits tried, options covered.
	Nodes Counter = "nodes"
	// Guesses is the choices made among several candidates.
	Guesses Counter = "guesses"
	// Backtracks is the choices undone.
	Backtracks Counter = "backtracks"
	// Reads is the independent restarts or samples of a stochastic solver
	// within one run; ReadsSolved those that ended at a solution.
	Reads       Counter = "reads"
	ReadsSolved Counter = "reads_solved"
	// UpdatesAttempted is the single-variable updates a sampler tried over
	// all its reads (work in a unit that the machine's speed and load do
	// not move); UpdatesAccepted those it kept.
	UpdatesAttempted Counter = "updates_attempted"
	UpdatesAccepted  Counter = "updates_accepted"
	// Sweeps is an annealer's passes over its variables.
	Sweeps Counter = "sweeps"
	// Generations is a genetic algorithm's generations over all reads.
	Generations Counter = "generations"
	// Energy is the best energy a sampler reached (0: a solution), and
	// Violations the constraints its best state breaks.
	Energy     Counter = "energy"
	Violations Counter = "violations"
	// Calls is the calls of outside programs a run made (a defined
	// pipeline's: two in unique mode when the first solution is blocked).
	Calls Counter = "solves"
	// Startup and StartupCPU are what a run's calls of outside programs
	// would have cost on a trivial puzzle, in nanoseconds by the wall and
	// the CPU clock: the start-up of one call, measured once per solver,
	// times Calls. A run's time less them is the programs' own work.
	Startup    Counter = "startup_ns"
	StartupCPU Counter = "startup_cpu_ns"
	// ReportedCPU is the CPU time, in seconds, that the outside programs
	// said they took, summed over the calls that said so.
	ReportedCPU Counter = "reported_cpu_s"
)

// Counters are engine counters by name: the shared ones above, and any an
// engine keeps of its own.
type Counters map[string]float64

// Set records a shared counter.
func (c Counters) Set(k Counter, v float64) { c[string(k)] = v }

// Get reads a shared counter, and whether it was recorded.
func (c Counters) Get(k Counter) (float64, bool) {
	v, ok := c[string(k)]
	return v, ok
}

// SearchCounters are a search's nodes and guesses.
func SearchCounters[N int | int64 | uint64](nodes, guesses N) Counters {
	return SetSearchCounters(Counters{}, nodes, guesses)
}

// SetSearchCounters records a search's nodes and guesses in c and
// returns it.
func SetSearchCounters[N int | int64 | uint64](c Counters, nodes, guesses N) Counters {
	c.Set(Nodes, float64(nodes))
	c.Set(Guesses, float64(guesses))
	return c
}
