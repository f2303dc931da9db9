// Package verify judges a worker's answer in the parent, outside the
// timed section: a solver reports, the harness judges.
//
// Every returned grid is held to the rules and the givens by
// sudoku.CheckSolution (Judge), whatever produced it, and an answer
// that came after the run's limit is a timeout; a solution of an
// equivalent form is mapped back and must solve the corpus's puzzle
// (CheckOriginal). An unsat or multiple verdict, which no grid proves, is
// settled by a CrossChecker the caller hands in (the command line and the
// server pass exactcover/dlx's oracle; this package imports no engine)
// within CrossCheckBudget: a verified solution refutes unsat, a finished
// search that finds only the returned grid refutes multiple, either
// making the run wrong. A DRAT proof is checked against the formula
// cnf.Refutation builds from the puzzle and the verified solution, never
// the one the pipeline says it refuted, under ProofCheckLimit
// (CertifyRecord, CheckProof). Last, the answer is held against what the
// corpus lists of the puzzle (CheckCorpusClaims): a unique-mode solved
// whose grid is not the listed solution is wrong, and a verdict that
// contradicts the listed count puts the corpus in doubt, not the run.
// Each check writes its finding into the run's record.
package verify
