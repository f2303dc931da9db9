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
// The suite ships definitions of its own (in shipped/, embedded):
// PicoSAT, MiniSat+ on the 0/1 model as OPB, MiniZinc with Gecode, z3 and
// cvc5, and gringo | clasp.
package defs
