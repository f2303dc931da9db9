// Package plan makes a benchmark's plan: puzzles, their equivalent forms,
// solvers and repetitions crossed into runs, the order they execute in,
// and the shards that split them over machines.
//
// A plan is a function of its inputs and its seed: the same puzzles,
// solvers, mode, repetitions, forms and seed always give the same runs,
// keys (record.Key), order and shards, however often a benchmark is
// resumed or split. NewPlan makes each run from its index (Run, Key), so
// that a plan of millions of runs holds its puzzles and a few numbers per
// puzzle, never a run; Shuffled spreads the runs over the benchmark's
// time; InShard keeps a shard's runs (record.Shard's hash of the key, the
// one definition that runs, merges and reports share); InBlocks cuts the
// runs left into shuffled blocks of one solver, so that a worker stays
// warm. A solver runs in the mode it can establish (an incomplete one in
// first mode) and only on puzzles whose geometry it takes (LeftOut says
// which it leaves). FormOf draws form k of a puzzle from a hash of the
// plan's seed, the puzzle's id and k. A plan past MaxPlanRuns is refused
// before anything is made (PlanSize).
//
// ErrInput is the harness's one mark of an error in what a call was
// given, which a command line reports as a usage error.
package plan
