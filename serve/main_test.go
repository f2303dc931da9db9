package serve

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/harness/worker"
	"github.com/sudokubench/sudokubench/internal/sudokutest"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/bitboard"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// testWorker makes the test binary act as a worker for a solver of
// workerRegistry, as the sudokubench binary's hidden worker command does.
var testWorker = worker.TestWorker{Env: "SUDOKUBENCH_SERVE_TEST_WORKER", Registry: workerRegistry}

func TestMain(m *testing.M) {
	testWorker.ServeIfAsked()
	os.Exit(m.Run())
}

// testLaunch re-executes the test binary as a worker.
func testLaunch(solver string) *exec.Cmd { return testWorker.Launch(solver) }

// workerRegistry is testRegistry with the suite's fastest engine, for the
// batch benchmark; the tests' servers, whose answers list their solvers,
// offer testRegistry's alone.
func workerRegistry() *solvers.Registry {
	reg := testRegistry()
	for _, in := range bitboard.Pipelines() {
		mustAdd(reg, in)
	}
	return reg
}

// testRegistry holds the suite's reference engine beside planted faulty
// solvers: one that hangs ignoring its context, one that panics, one that
// answers a grid breaking the rules, one that calls every puzzle unsat, and
// one that cannot run here; and dlx flagged incomplete, for the modes.
func testRegistry() *solvers.Registry {
	reg := solvers.NewRegistry()
	for _, in := range dlx.Pipelines() {
		mustAdd(reg, in)
	}
	planted := map[string]solvers.SolverFunc{
		"test/hang":  solvertest.SpinForever,
		"test/panic": solvertest.Panic,
		"test/wrong": solvertest.FillWithOnes,
	}
	for name, f := range planted {
		mustAdd(reg, solvers.Info{Name: name, Family: "direct", PureGo: true, New: func() solvers.Solver { return f }})
	}
	mustAdd(reg, solvers.Info{
		Name: "test/slow", Family: "direct", PureGo: true, OptIn: "slow by design",
		New: func() solvers.Solver { return dlx.NewSolver() },
	})
	mustAdd(reg, solvers.Info{
		Name: "test/claims-unsat", Family: "direct", PureGo: true, OptIn: "a liar",
		New: func() solvers.Solver { return solvers.SolverFunc(solvertest.ClaimsUnsat) },
	})
	mustAdd(reg, solvers.Info{
		Name: "test/incomplete", Family: "direct", PureGo: true, Incomplete: true, OptIn: "incomplete",
		New: func() solvers.Solver { return dlx.NewSolver() },
	})
	mustAdd(reg, solvers.Info{
		Name: "test/away", Family: "direct", New: func() solvers.Solver { return solvers.SolverFunc(solvertest.SpinForever) },
		Available: func() error { return errors.New("its program is not installed") },
	})
	return reg
}

func mustAdd(reg *solvers.Registry, in solvers.Info) {
	if err := reg.Add(in); err != nil {
		panic(err)
	}
}

// corporaDir is the shipped corpora, from this package's directory.
const corporaDir = "../corpora/data"

// newTestServer starts a server on the test registry with its workers, as
// changed by configure, and closes both at the end of the test.
func newTestServer(t *testing.T, configure func(*Config)) (*Server, *httptest.Server) {
	t.Helper()
	cfg := Config{
		Registry: testRegistry(), Launch: testLaunch, CorporaDir: corporaDir,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	}
	if configure != nil {
		configure(&cfg)
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(func() {
		ts.Close()
		s.Close()
	})
	return s, ts
}

// answer is a response: its status code, headers and body.
type answer struct {
	code   int
	header http.Header
	body   []byte
}

// decode reads the body as JSON into v.
func (a answer) decode(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(a.body, v); err != nil {
		t.Fatalf("answer %d is not JSON: %v\n%s", a.code, err, a.body)
	}
}

// refusal is the body of a 4xx answer.
func (a answer) refusal(t *testing.T) errorBody {
	t.Helper()
	var e errorBody
	a.decode(t, &e)
	return e
}

// post sends body (a string as is, anything else as JSON) to path.
func post(t *testing.T, ts *httptest.Server, path string, body any) answer {
	t.Helper()
	raw, ok := body.(string)
	if !ok {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		raw = string(b)
	}
	res, err := ts.Client().Post(ts.URL+path, "application/json", strings.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	return read(t, res)
}

// get fetches path.
func get(t *testing.T, ts *httptest.Server, path string) answer {
	t.Helper()
	res, err := ts.Client().Get(ts.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	return read(t, res)
}

func read(t *testing.T, res *http.Response) answer {
	t.Helper()
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return answer{code: res.StatusCode, header: res.Header, body: b}
}

// Unique puzzles: the first of the 17-clue corpus, the first of Norvig's
// top95, and a 4×4 one.
const (
	puzzle17  = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
	top95     = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	puzzle4x4 = ".3....3..4.12..."
)

// checkSolution fails unless solution solves puzzle.
func checkSolution(t *testing.T, puzzle, solution string, v sudoku.Variant) {
	t.Helper()
	if err := sudoku.CheckSolution(sudokutest.Parse(t, puzzle, v), sudokutest.Parse(t, solution, v)); err != nil {
		t.Errorf("solution %s of %s: %v", solution, puzzle, err)
	}
}

// display writes a one-line 9×9 puzzle in the display form.
func display(t *testing.T, line string) string {
	t.Helper()
	return sudokutest.Parse(t, line, sudoku.Classic).Pretty()
}
