// Package drat checks DRAT proofs: evidence, written by a SAT solver, that
// a CNF formula has no model. A proof is a list of lemmas (clauses added)
// and deletions; it refutes the formula when every lemma it needs follows
// from the clauses present before it, by reverse unit propagation (RUP:
// with the lemma's literals false, unit propagation reaches a conflict) or
// as a resolution asymmetric tautology on its first literal (RAT: every
// resolvent with a clause holding that literal's negation is RUP), and
// the lemmas bring unit propagation to a conflict.
//
// The package reads DIMACS formulas and proofs in the text and binary
// DRAT formats (told apart by their first bytes), and checks them with two
// watched literals per clause, backward by default as drat-trim does:
// every lemma is added first, the final conflict is found, and only the
// lemmas that it and the lemmas already checked depend on are checked,
// from the last to the first, propagating through clauses already needed
// before any other ("core first"). Forward checking, of every lemma in
// order, is the other mode.
//
// The package's opinion: a checker trusts nothing but the formula it is
// given. It knows CNF and proofs, no engine and no puzzle; what a proof
// certifies is settled by whoever builds the formula (for Sudoku,
// cnf.Refutation). Like drat-trim, it does not apply the deletion of a
// clause that is the reason of a unit at the top level; keeping a clause
// can only make RAT checks stricter, never let a wrong proof pass, and the
// count of such deletions is reported.
package drat
