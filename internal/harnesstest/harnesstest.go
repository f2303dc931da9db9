package harnesstest

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/defs"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/solvers/external"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Registry holds the planted faulty solvers (liars about unsat and
// multiple among them) beside two correct ones: a plain backtracking
// solver and the suite's reference engine, exactcover/dlx.
func Registry() *solvers.Registry {
	reg := solvers.NewRegistry()
	planted := map[string]solvers.SolverFunc{
		"test/ok":    backtrack,
		"test/wrong": solvertest.FillWithOnes,
		"test/spin":  solvertest.SpinForever,
		"test/panic": solvertest.Panic,
		"test/hog":   allocateForever,
		"test/exit":  exitAbruptly,
		"test/chatty": func(ctx context.Context, req solvers.Request) (solvers.Result, error) {
			fmt.Println("a solver printing to stdout must not break the protocol")
			return backtrack(ctx, req)
		},
	}
	planted["test/slow"] = slowly(dlx.NewSolver())
	planted["test/sleepy"] = sleepy
	planted["test/moody"] = moody
	planted["test/claims-unsat"] = solvertest.ClaimsUnsat
	planted["test/claims-multiple"] = claimsMultiple(dlx.NewSolver())
	for name, f := range planted {
		if err := reg.Add(solvers.Info{Name: name, Family: "direct", PureGo: true, New: func() solvers.Solver { return f }}); err != nil {
			panic(err)
		}
	}
	outside := func() solvers.Solver { return runOutside(dlx.NewSolver()) }
	if err := reg.Add(solvers.Info{Name: "test/outside", Family: "direct", New: outside}); err != nil {
		panic(err)
	}
	for _, in := range dlx.Pipelines() {
		if err := reg.Add(in); err != nil {
			panic(err)
		}
	}
	nineOnly := solvers.Info{
		Name: "test/nine-only", Family: "direct", PureGo: true, New: func() solvers.Solver { return dlx.NewSolver() },
		Supports: func(geo *sudoku.Geometry) bool { return geo.N == 9 },
	}
	if err := reg.Add(nineOnly); err != nil {
		panic(err)
	}
	addProofSolvers(reg)
	addForkingDefinition(reg)
	return reg
}

// OutsideMiB is about what runOutside's program holds: a shell keeping a
// string of that many MiB (dash's peak is about twice that).
const OutsideMiB = 32

// runOutside wraps a correct solver: each solve first runs an outside
// program of known size, as the SAT and MILP pipelines run theirs.
func runOutside(s solvers.Solver) solvers.SolverFunc {
	script := fmt.Sprintf(`x=$(head -c %d /dev/zero | tr '\0' a); echo ${#x}`, OutsideMiB<<20)
	return func(ctx context.Context, req solvers.Request) (solvers.Result, error) {
		out, err := external.Run(ctx, "sh", []string{"-c", script}, nil)
		if err != nil || out.ExitCode != 0 {
			return solvers.Result{}, fmt.Errorf("outside program: exit %d, %v: %s", out.ExitCode, err, out.Tail(200))
		}
		return s.Solve(ctx, req)
	}
}

// ForkingMiB is what the program that the forking definition's wrapper
// starts before its solver touches.
const ForkingMiB = 200

// addForkingDefinition registers a defined pipeline whose program is a
// wrapper script: it runs this test binary touching ForkingMiB, then
// CaDiCaL on the formula, as child processes both. The pipeline's peak is
// the wrapper's and its children's.
func addForkingDefinition(reg *solvers.Registry) {
	text := fmt.Sprintf(`[[solver]]
name    = "sat/forking-cadical"
input   = "cnf"
command = ["sh", "-c", "%s=%d \"$1\" >/dev/null; cadical -q \"$0\"", "{input}", %q]
output  = "sat-competition"
unique  = "block"
`, allocEnv, ForkingMiB, os.Args[0])
	f, err := defs.Parse("forking.toml", []byte(text))
	if err != nil {
		panic(err)
	}
	if err := reg.Add(f.Definitions[0].Info()); err != nil {
		panic(err)
	}
}

// backtrack is a plain depth-first solver, enough for easy test puzzles.
func backtrack(ctx context.Context, req solvers.Request) (solvers.Result, error) {
	g := req.Puzzle.Clone()
	nodes := 0
	if !fill(g, 0, &nodes) {
		return solvers.Result{Status: solvers.Unsat}, nil
	}
	return solvers.Result{Status: solvers.Solved, Solution: g, Counters: map[string]float64{"nodes": float64(nodes)}}, nil
}

func fill(g *sudoku.Grid, cell int, nodes *int) bool {
	for cell < len(g.Cells()) && g.Cell(cell) != 0 {
		cell++
	}
	if cell == len(g.Cells()) {
		return true
	}
	*nodes++
	cands := g.Candidates()[cell]
	for d := 1; d <= g.N(); d++ {
		if cands&(1<<d) == 0 {
			continue
		}
		g.Set(cell, d)
		if fill(g, cell+1, nodes) {
			return true
		}
	}
	g.Set(cell, 0)
	return false
}

// claimsMultiple wraps a correct solver and calls each solution it finds
// one of several: a lie on a puzzle with one solution.
func claimsMultiple(s solvers.Solver) solvers.SolverFunc {
	return func(ctx context.Context, req solvers.Request) (solvers.Result, error) {
		res, err := s.Solve(ctx, req)
		if res.Status == solvers.Solved {
			res.Status = solvers.Multiple
		}
		return res, err
	}
}

// slowly wraps a correct solver so that each run takes at least 10 ms,
// long enough for a test to kill a benchmark part-way.
func slowly(s solvers.Solver) solvers.SolverFunc {
	return func(ctx context.Context, req solvers.Request) (solvers.Result, error) {
		time.Sleep(10 * time.Millisecond)
		return s.Solve(ctx, req)
	}
}

// SleepDuration is how long test/sleepy sleeps before each solve.
const SleepDuration = 30 * time.Millisecond

// sleepy takes SleepDuration before it solves: a stream of its runs lasts
// many times one run's limit, although each run keeps well inside it.
func sleepy(ctx context.Context, req solvers.Request) (solvers.Result, error) {
	time.Sleep(SleepDuration)
	return backtrack(ctx, req)
}

// moody fails in its own way on each of three test puzzles (the second
// spins, the third exits its process, the fourth panics) and solves the
// others, so that one stream of its runs meets every fault.
func moody(ctx context.Context, req solvers.Request) (solvers.Result, error) {
	switch req.Puzzle.String() {
	case PuzzleLines[1]:
		return solvertest.SpinForever(ctx, req)
	case PuzzleLines[2]:
		return exitAbruptly(ctx, req)
	case PuzzleLines[3]:
		return solvertest.Panic(ctx, req)
	}
	return backtrack(ctx, req)
}

// hogged holds what allocateForever allocates, out of the collector's reach.
var hogged [][]byte

// allocateForever keeps every byte it allocates, touching each page.
func allocateForever(context.Context, solvers.Request) (solvers.Result, error) {
	for {
		b := make([]byte, 16<<20)
		for i := 0; i < len(b); i += 4096 {
			b[i] = 1
		}
		hogged = append(hogged, b)
	}
}

func exitAbruptly(context.Context, solvers.Request) (solvers.Result, error) {
	fmt.Fprintln(os.Stderr, "planted fatal error: the engine gave up the ghost")
	os.Exit(3)
	return solvers.Result{}, nil
}

// PuzzleLines are easy puzzles with their known solutions, from tdoku's tests.
var PuzzleLines = []string{
	".5..83.17...1..4..3.4..56.8....3...9.9.8245....6....7...9....5...729..861.36.72.4",
	"2.6.3......1.65.7..471.8.5.5......29..8.194.6...42...1....428..6.93....5.7.....13",
	"..45.21781...9..3....8....46..45.....7.9...128.12.35..4.......935..6.8.7.9.3..62.",
	"59....147...9....8.72....3.7...4.29..2..3.8.68..17..5...5764..9.36..5...1..8....2",
}

// Puzzles returns the test puzzles as one corpus, plus one ill-posed
// puzzle (two 5s in row 1), which a complete solver must call unsat.
func Puzzles(t testing.TB) []corpora.Puzzle {
	lines := append(append([]string{}, PuzzleLines...), "55"+strings.Repeat(".", 79))
	var out []corpora.Puzzle
	for i, line := range lines {
		g, err := sudoku.ParseLine(line, sudoku.Classic)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, corpora.Puzzle{ID: fmt.Sprintf("test:%d", i+1), Corpus: "test", Line: i + 1, Grid: g, Hints: g.Hints(), Solutions: -1})
	}
	return out
}

// addProofSolvers registers planted pipelines that claim to write DRAT
// proofs of the extended encoding, CaDiCaL's shipped definitions, and a
// definition whose program corrupts CaDiCaL's proofs.
func addProofSolvers(reg *solvers.Registry) {
	spec := &solvers.ProofSpec{Encoding: cnf.Options{Encoding: cnf.Extended}}
	planted := map[string]string{
		"test/proof-empty-clause": "0\n", // refutes what unit propagation refutes
		"test/proof-none":         "",    // writes no proof
		"test/proof-garbage":      "1 x 0\n",
	}
	for name, proof := range planted {
		f := firstSolutionProving(proof)
		if err := reg.Add(solvers.Info{Name: name, Family: "sat", PureGo: true, Proofs: spec, New: func() solvers.Solver { return f }}); err != nil {
			panic(err)
		}
	}
	corrupt, err := defs.Parse("corrupt.toml", []byte(corruptProofDefinition))
	if err != nil {
		panic(err)
	}
	for _, f := range append(defs.Shipped(), corrupt) {
		for _, d := range f.Definitions {
			if d.Proof == "" {
				continue
			}
			if err := reg.Add(d.Info()); err != nil {
				panic(err)
			}
		}
	}
}

// corruptProofDefinition is CaDiCaL defined to write proofs, by a wrapper
// that answers as CaDiCaL does and then puts the empty clause alone in
// place of CaDiCaL's proof: a refutation only where unit propagation
// refutes the formula.
const corruptProofDefinition = `[[solver]]
name    = "sat/cadical-corrupt"
input   = "cnf"
command = ["sh", "-c", "cadical -q \"$1\" \"$2\"; code=$?; echo 0 > \"$2\"; exit $code", "sh", "{input}", "{proof}"]
output  = "sat-competition"
unique  = "block"
proof   = "drat"
`

// firstSolutionProving returns the first solution dlx finds as unique,
// whatever the puzzle, and writes proof (unless "") where asked: a
// pipeline whose uniqueness claims are only as good as its proofs.
func firstSolutionProving(proof string) solvers.SolverFunc {
	return func(ctx context.Context, req solvers.Request) (solvers.Result, error) {
		res, err := dlx.NewSolver().Solve(ctx, solvers.Request{Puzzle: req.Puzzle, Mode: solvers.First})
		if err != nil || req.ProofPath == "" || proof == "" {
			return res, err
		}
		return res, os.WriteFile(req.ProofPath, []byte(proof), 0o644)
	}
}

// allocEnv makes a test binary a program that touches that many MiB and
// exits: a process whose peak is known, for the forking definition's
// wrapper to start.
const allocEnv = "SUDOKUBENCH_TEST_ALLOC_MIB"

// AllocateIfAsked, called first in the TestMain of a package whose tests
// run Registry's forking definition, makes the test binary that program
// when the wrapper starts it: it touches the MiB it is asked for and
// exits.
func AllocateIfAsked() {
	mib, err := strconv.Atoi(os.Getenv(allocEnv))
	if err != nil {
		return
	}
	b := make([]byte, mib<<20)
	for i := 0; i < len(b); i += 4096 {
		b[i] = 1
	}
	fmt.Println(b[len(b)/2])
	os.Exit(0)
}

// SolveOnce returns a solution of the puzzle, the first that
// exactcover/dlx's oracle finds; it fails the test when there is none.
func SolveOnce(t *testing.T, g *sudoku.Grid) *sudoku.Grid {
	t.Helper()
	n, sol, complete := dlx.Oracle{}.Settle(context.Background(), g, 1)
	if n != 1 || !complete {
		t.Fatalf("%s: %d solutions found", g, n)
	}
	return sol
}

// CertifiedText is what a record says of its proof's check: "true", "false",
// or "" when there was none.
func CertifiedText(rec record.Record) string {
	if rec.Certified == nil {
		return ""
	}
	if *rec.Certified {
		return "true"
	}
	return "false"
}

// NeedCadical skips a test that needs CaDiCaL: certify's default solver,
// and the test definitions that run it through sh, whose own check sees
// only sh.
func NeedCadical(t testing.TB) {
	t.Helper()
	if err := (external.Program{Name: "cadical", Package: "cadical"}).Available(); err != nil {
		t.Skip(err)
	}
}
