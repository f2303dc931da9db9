package defs

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/encodings/cnf/drat"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// provingDefinitions are the definitions that write proofs: the shipped
// ones, and CaDiCaL on an encoding reduced by the givens, whose proofs
// refute the reduced formula.
func provingDefinitions(t *testing.T) []*Definition {
	t.Helper()
	var out []*Definition
	for _, f := range Shipped() {
		for _, d := range f.Definitions {
			if d.Proof != "" {
				out = append(out, d)
			}
		}
	}
	return append(out, define(t, `name = "sat/cadical/extended-reduced-test"
input = "cnf"
options = { encoding = "extended", reduce = "givens" }
command = ["cadical", "-q", "{input}", "{proof}"]
output = "sat-competition"
unique = "block"
proof = "drat"`))
}

// A definition with proof = "drat" declares proofs of its own encoding.
func TestProofKeyDeclaresTheEncoding(t *testing.T) {
	d := define(t, `name = "sat/proving"
input = "cnf"
options = { encoding = "minimal", at_most_one = "sequential", reduce = "propagated" }
command = ["prover", "--proof={proof}", "{input}"]
output = "sat-competition"
unique = "block"
proof = "drat"`)
	in := d.Info()
	want := cnf.Options{Encoding: cnf.Minimal, AtMostOne: cnf.Sequential, Propagate: true}
	if in.Proofs == nil || in.Proofs.Encoding != want || in.Options["proof"] != "drat" {
		t.Errorf("proofs %+v, options %v; want the encoding %s and the proof option", in.Proofs, in.Options, want)
	}
	if no := define(t, script("echo "+solutionA, "none")).Info(); no.Proofs != nil {
		t.Errorf("a definition without the proof key declares proofs: %+v", no.Proofs)
	}
}

// {proof} becomes the requested path; without a request, an argument
// that names it is left out, so that the program writes no proof.
func TestProofPlaceholder(t *testing.T) {
	d := define(t, `name = "sat/proving"
input = "cnf"
command = ["prover", "-q", "{input}", "--proof={proof}"]
output = "sat-competition"
unique = "block"
proof = "drat"`)
	g, _ := sudoku.ParseLine(twoSolutions, sudoku.Classic)
	for _, tc := range []struct {
		name, proof string
		want        []string
	}{
		{"asked", "/p/proof.drat", []string{"-q", "/w/in.cnf", "--proof=/p/proof.drat"}},
		{"not-asked", "", []string{"-q", "/w/in.cnf"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &call{p: d.NewSolver().(*pipeline), ctx: context.Background(), req: solvers.Request{Puzzle: g, ProofPath: tc.proof}, dir: "/w"}
			if got := c.commands("/w/in.cnf", "/w/result.txt", 1)[0].Args; !slices.Equal(got, tc.want) {
				t.Errorf("arguments %q, want %q", got, tc.want)
			}
		})
	}
}

// Asked for a proof, a proving definition writes one that refutes the
// formula cnf.Refutation builds for its verdict, unique or unsat.
func TestDefinedProofsCheck(t *testing.T) {
	var unsat []*sudoku.Grid
	for _, p := range solvertest.WithSolutions(t, "tdoku-tests", 0)[:2] {
		unsat = append(unsat, p.Grid)
	}
	puzzles := append(solvertest.Grids(solvertest.Corpus(t, "hardest-1106", 2)), unsat...)
	for _, d := range provingDefinitions(t) {
		t.Run("solver="+d.Name, func(t *testing.T) {
			if err := d.Available(); err != nil {
				t.Skipf("%v", err)
			}
			in := d.Info()
			s := in.New()
			for i, p := range puzzles {
				path := filepath.Join(t.TempDir(), "proof")
				res, err := s.Solve(context.Background(), solvers.Request{Puzzle: p, Mode: solvers.Unique, ProofPath: path})
				if err != nil {
					t.Fatal(err)
				}
				var solution *sudoku.Grid
				switch res.Status {
				case solvers.Solved:
					if err := sudoku.CheckSolution(p, res.Solution); err != nil {
						t.Fatalf("puzzle %d: %v", i, err)
					}
					solution = res.Solution
				case solvers.Unsat:
				default:
					t.Fatalf("puzzle %d: status %s (%s)", i, res.Status, res.Detail)
				}
				f, err := cnf.Refutation(p, solution, in.Proofs.Encoding)
				if err != nil {
					t.Fatal(err)
				}
				checkProofFile(t, f, path)
			}
		})
	}
}

func checkProofFile(t *testing.T, f *cnf.Formula, path string) {
	t.Helper()
	fh, err := os.Open(path)
	if err != nil {
		t.Fatalf("no proof: %v", err)
	}
	defer fh.Close()
	p, err := drat.ParseProof(fh, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := drat.Check(context.Background(), f, p, drat.Options{}); err != nil {
		t.Errorf("proof does not check: %v", err)
	}
}
