// Package defs makes pipelines out of solver definition files, so that any
// program — a SAT solver, a CP or SMT solver, an ASP system, a script in
// any language — runs in the suite beside the pipelines written in Go,
// with no Go written. A definition file is TOML: one [[solver]] table per
// pipeline, naming the pipeline (family/engine/options), the input the
// suite writes for the program (any format of encodings/formats' registry,
// which encode writes, or the puzzle line itself), the command (an argument vector with placeholders such as
// {input} and {timeout}, or a pipe of several), how the program's answer
// is read (SAT and PB competition conventions, CBC's and glpsol's
// solutions, MiniZinc, SMT-LIB, clasp, a QUBO sample, or a solution line:
// readers that decode uses too, through ReadOutput), and how it proves a solution unique (a second call
// with the first solution excluded, a solution limit of 2, or not at all).
//
// The package's opinion: a defined pipeline is a pipeline like any other.
// It runs through solvers/external (its own process group, killed at the
// deadline; its own peak memory), returns what the program said for the
// harness to verify, and carries its definition file — name, SHA-256 and
// text — into the manifest. A definition is checked whole before anything
// runs, and every problem is reported with the file, the line and the key,
// so that a researcher fixes them in one pass.
//
// The suite ships definitions of its own (in shipped/, embedded), and
// every outside program it runs runs through them: minisat, CaDiCaL,
// CryptoMiniSat and PicoSAT on CNF, CBC and GLPK on the 0/1 model,
// MiniSat+ on it as OPB, MiniZinc with Gecode, z3 and cvc5, and
// gringo | clasp.
//
// # The contract
//
//   - Checked whole, before anything runs. go-toml/v2 checks the TOML and
//     gives every key a line; each problem (an unknown key, input or
//     output, an output that cannot answer the input, a command without
//     {input} unless stdin = true, an unknown placeholder, unique =
//     "block" for an input that cannot exclude a solution, "limit" without
//     {solutions} or with an output that holds one solution, a bad name, a
//     name the suite has) is reported as FILE:LINE: [[solver]] NAME: key
//     KEY: what, all at once. A fuzz target holds the parser to that.
//   - Unique mode. "block" excludes the first grid in the input's language
//     (a clause, an OPB constraint, a MiniZinc constraint, an SMT
//     assertion, an ASP integrity constraint, a no-good row) and calls
//     again; "limit" asks for two and trusts a one-solution answer only
//     where the format says the search was exhausted (MiniZinc's
//     ==========, clasp's "Models : 1" without "+", a normal end for
//     formats that cannot say). Output that does not read is error with the
//     end of stdout and stderr; a model that reads but is no grid is handed
//     on and verified as wrong.
//   - Recorded. The manifest lists each definition file used (as given,
//     SHA-256, the pipelines it defines, its text); the plan maps each
//     defined pipeline to its file's SHA-256, so that resume and merge
//     refuse a changed definition.
//   - Proofs. proof = "drat", for a cnf input whose command names {proof},
//     sets Info.Proofs: where a request asks for a proof, {proof} is its
//     path, removed before each call so that it holds the last call's
//     proof; where none is asked, every argument naming {proof} is left
//     out. The key is refused for other inputs, without {proof}, and with
//     unique = "limit". The harness checks the proof as it checks any
//     pipeline's.
//   - A defined pipeline's start-up is measured at its first call and
//     reported with every run, so that a run's own time leaves it out
//     (docs/measurement.md).
//   - check-solver runs one pipeline on harness.ConformanceCases, skipping
//     what the pipeline does not take (its sizes and variants).
package defs
