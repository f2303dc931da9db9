package sat

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/encodings/cnf/drat"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// TestOnlyCadicalPipelinesWriteProofs: the pipelines that declare proofs
// are CaDiCaL's, each refuting its own encoding.
func TestOnlyCadicalPipelinesWriteProofs(t *testing.T) {
	for _, in := range Pipelines() {
		cadical := strings.HasPrefix(in.Name, "sat/cadical/")
		if (in.Proofs != nil) != cadical {
			t.Errorf("%s: proofs %v", in.Name, in.Proofs)
		}
		if in.Proofs != nil && in.Proofs.Encoding.String() != strings.TrimPrefix(in.Name, "sat/cadical/") {
			t.Errorf("%s: proofs refute the %s encoding", in.Name, in.Proofs.Encoding)
		}
	}
}

// TestCadicalWritesCheckableProofs: asked for a proof, a CaDiCaL pipeline
// writes one that refutes the formula cnf.Refutation builds for its
// verdict, unique or unsat.
func TestCadicalWritesCheckableProofs(t *testing.T) {
	var unsat []*sudoku.Grid
	for _, l := range readCorpus(t, "tdoku-tests.txt", 1<<20) {
		if l.count == 0 && l.puzzle.Validate() == nil && len(unsat) < 2 {
			unsat = append(unsat, l.puzzle)
		}
	}
	puzzles := append(puzzlesOf(readCorpus(t, "hardest-1106.txt", 2)), unsat...)
	for _, in := range Pipelines() {
		if in.Proofs == nil {
			continue
		}
		t.Run("solver="+in.Name, func(t *testing.T) {
			available(t, in)
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
					t.Fatalf("puzzle %d: status %s", i, res.Status)
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

// TestProofArguments: a program is given its proof arguments, the path in
// place of the placeholder, only when a proof is asked for.
func TestProofArguments(t *testing.T) {
	for _, tc := range []struct {
		name  string
		o     outsideSolver
		proof string
		want  []string
	}{
		{"cadical/proof", outsideSolver{proofArgs: []string{proofPlaceholder}}, "p.drat", []string{"in.cnf", "p.drat"}},
		{"cadical/no-proof", outsideSolver{proofArgs: []string{proofPlaceholder}}, "", []string{"in.cnf"}},
		{"flag-style", outsideSolver{args: []string{"-q"}, proofArgs: []string{"--no-binary", "--proof=" + proofPlaceholder}}, "p.drat", []string{"-q", "in.cnf", "--no-binary", "--proof=p.drat"}},
		{"result-file-first", outsideSolver{resultFile: true, proofArgs: []string{proofPlaceholder}}, "p.drat", []string{"in.cnf", "out.txt", "p.drat"}},
		{"no-proofs/asked", outsideSolver{args: []string{"-verb=1"}, resultFile: true}, "p.drat", []string{"-verb=1", "in.cnf", "out.txt"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.o.argv("in.cnf", "out.txt", tc.proof); !slices.Equal(got, tc.want) {
				t.Errorf("argv %q, want %q", got, tc.want)
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
