// Package solvers is the contract between the harness and every engine: a
// Solver takes a well-formed puzzle, which may have no solution, a mode and
// a seed, and returns a status, a solution, engine counters, model size and
// phase times. Engines live in
// sub-packages (dlx, sat, milp, …) and know nothing of the harness; the
// harness knows engines only through a Registry of named pipelines.
//
// A solver reports what it found (solved, unsat, multiple, gave-up, error).
// Whether the answer is right, and whether the run hit a limit or crashed, is
// for the harness to decide: a solver never verifies itself.
//
// # Names and families
//
// A pipeline is an [Info] in a [Registry]. Its name is
// family/engine/options for the families that pose Sudoku for an engine
// (exactcover/dlx, sat/gophersat/extended-reduced, milp/cbc,
// qubo/sa/pruned) and method/variant for the direct solvers
// (backtrack/naive, propagate/bitboard), whose family is "direct". Names
// hold no spaces, commas or colons and are unique; the registry refuses
// anything else. The families are the one list [Families]; records
// carry a pipeline's family and reports draw a panel per family. A
// selection takes names, prefixes (sat/*), "pure" (every pure-Go pipeline
// that is not opt-in, the default) or "all".
//
// # Statuses and modes
//
// A solver gets a well-formed puzzle, a mode and a seed. Well-formed is not
// solvable: a puzzle with two equal givens in a unit, or a cell whose peers
// hold every digit, reaches the solver like any other, and a complete
// solver answers unsat (an incomplete one gave-up), never a grid, an error
// or a crash; solvertest's ill-posed puzzles check this. A solver returns
// solved, unsat (proved there is no solution), multiple (unique mode: a
// second solution found), gave-up (an incomplete solver or a budget
// stopped without an answer) or error (bad input, or the pipeline itself
// failed). The harness alone assigns timeout, memout, crash and wrong.
//
// Mode first asks for any solution; unique for one and a proof that there
// is no second. [Request.SolutionLimit] says how many solutions a complete
// search looks for (1 or 2). An incomplete pipeline, and a FirstOnly one,
// runs in first mode whatever is asked ([Info.ModeFor]), and every caller
// says so.
//
// # Counters and tracing
//
// Engine counters are typed constants ([Counter]: [Reads], [Guesses], …)
// that producers set and the report reads, so that a misspelt counter
// does not compile; a stochastic pipeline counts reads and reads solved,
// and, where it can, its updates. A solver may also implement [Tracer]:
// SolveTraced calls back with each step of its search (guess, force,
// backtrack, solution), Solve behaves as SolveTraced with a nil callback
// and pays nothing for the option, and a [Replayer] applies a trace to the
// puzzle and fails on a step that contradicts the grid, so that a trace
// checks itself.
//
// A Result is the caller's to keep, unless the request is transient
// ([Request.Transient], what the harness's worker sends): then the
// solver may hand back the same counters map, model map and grid on every
// call, filled again ([ResultBuffers]), so that a fast engine's solve
// allocates nothing.
package solvers
