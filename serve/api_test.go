package serve

import (
	"cmp"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/internal/sudokutest"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/sudoku"
)

// TestSolveAnswersVerifiedSolutions sends puzzles in every form the API
// reads, of several sizes and both variants, and checks each answer
// against the rules and the givens.
func TestSolveAnswersVerifiedSolutions(t *testing.T) {
	_, ts := newTestServer(t, nil)
	var diagonal generated
	get(t, ts, "/api/generate?hints=40&variant=diagonal&seed=3").decode(t, &diagonal)
	var big generated
	get(t, ts, "/api/generate?size=16&hints=140&seed=3").decode(t, &big)
	cases := []struct {
		name    string
		puzzle  any
		variant string
		want    string // the one-line puzzle the answer is about
	}{
		{"form=line/size=9", puzzle17, "", puzzle17},
		{"form=display/size=9", display(t, top95), "", top95},
		{"form=rows/size=9", rowsOf(sudokutest.Parse(t, top95, sudoku.Classic)), "", top95},
		{"form=line/size=4", puzzle4x4, "", puzzle4x4},
		{"form=line/size=16", big.Puzzle, "", big.Puzzle},
		{"form=line/variant=diagonal", diagonal.Puzzle, "diagonal", diagonal.Puzzle},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := post(t, ts, "/api/solve", map[string]any{"puzzle": c.puzzle, "mode": "unique", "variant": c.variant})
			var res solveAnswer
			a.decode(t, &res)
			if a.code != http.StatusOK || res.Status != "solved" || !res.Verified {
				t.Fatalf("answer %d %s: %s, want 200 solved and verified", a.code, res.Status, a.body)
			}
			if res.Puzzle != c.want || res.Solver != DefaultSolver || res.Mode != "unique" {
				t.Errorf("answer is about %s by %s in %s mode, want %s by %s in unique", res.Puzzle, res.Solver, res.Mode, c.want, DefaultSolver)
			}
			v, _ := sudoku.ParseVariant(cmp.Or(c.variant, "classic"))
			checkSolution(t, c.want, res.Solution, v)
			if res.Counters["nodes"] <= 0 || res.CPUNS <= 0 || res.WallNS <= 0 || res.PeakRSS == 0 {
				t.Errorf("measurements missing: nodes %v, cpu %d ns, wall %d ns, peak %d B", res.Counters["nodes"], res.CPUNS, res.WallNS, res.PeakRSS)
			}
		})
	}
}

// TestSolveReportsMultipleSolutions checks that unique mode finds a second
// solution and still returns the first, verified, and that first mode
// returns one.
func TestSolveReportsMultipleSolutions(t *testing.T) {
	_, ts := newTestServer(t, nil)
	open := "1" + strings.Repeat(".", 80)
	for mode, want := range map[string]string{"unique": "multiple", "first": "solved"} {
		var res solveAnswer
		post(t, ts, "/api/solve", map[string]any{"puzzle": open, "mode": mode}).decode(t, &res)
		if res.Status != want || !res.Verified {
			t.Errorf("mode=%s: status %s verified %v, want %s and verified", mode, res.Status, res.Verified, want)
		}
		checkSolution(t, open, res.Solution, sudoku.Classic)
	}
}

// TestSolveAllComparesEverySolver runs every solver on one puzzle: the
// correct one solves it, the planted faults get their statuses side by
// side, and the one that cannot run here is listed as skipped.
func TestSolveAllComparesEverySolver(t *testing.T) {
	_, ts := newTestServer(t, nil)
	a := post(t, ts, "/api/solve/all", map[string]any{"puzzle": top95, "mode": "unique", "timeout": "1s"})
	var res solveAllAnswer
	a.decode(t, &res)
	if a.code != http.StatusOK {
		t.Fatalf("answer %d: %s", a.code, a.body)
	}
	want := map[string]string{"exactcover/dlx": "solved", "test/hang": "timeout", "test/panic": "crash", "test/wrong": "wrong"}
	got := make(map[string]string)
	for _, r := range res.Results {
		got[r.Solver] = r.Status
		if r.Verified != (r.Status == "solved") || (r.Solution != "") != r.Verified {
			t.Errorf("solver %s: status %s, verified %v, solution %q", r.Solver, r.Status, r.Verified, r.Solution)
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("statuses %v, want %v", got, want)
	}
	skipped := make(map[string]string)
	for _, sk := range res.Skipped {
		skipped[sk.Solver] = sk.Reason
	}
	if len(skipped) != 4 || !strings.Contains(skipped["test/away"], "not installed") || !strings.Contains(skipped["test/slow"], "opt-in") {
		t.Errorf("skipped %+v, want test/away (not installed), and test/slow and two other test solvers (opt-in), with their reasons", res.Skipped)
	}
	var named solveAllAnswer
	post(t, ts, "/api/solve/all", map[string]any{"puzzle": top95, "solvers": []string{"test/slow"}}).decode(t, &named)
	if len(named.Results) != 1 || named.Results[0].Status != "solved" {
		t.Errorf("solvers [test/slow] gave %+v, want the opt-in solver run when named", named.Results)
	}

	var some solveAllAnswer
	post(t, ts, "/api/solve/all", map[string]any{"puzzle": top95, "solvers": []string{"exactcover/*"}}).decode(t, &some)
	if len(some.Results) != 1 || some.Results[0].Solver != "exactcover/dlx" || some.Results[0].Status != "solved" {
		t.Errorf("solvers [exactcover/*] gave %+v, want exactcover/dlx solved", some.Results)
	}
}

// TestHangingSolverEndsAtItsDeadline checks that a solver that never
// returns costs one request its time limit, and that the server goes on
// answering, with a fresh worker for the hanging solver too.
func TestHangingSolverEndsAtItsDeadline(t *testing.T) {
	_, ts := newTestServer(t, nil)
	const limit = 500 * time.Millisecond
	for round := range 2 {
		start := time.Now()
		var res solveAnswer
		post(t, ts, "/api/solve", map[string]any{"puzzle": top95, "solver": "test/hang", "timeout": limit.String()}).decode(t, &res)
		took := time.Since(start)
		if res.Status != "timeout" || res.Verified || res.Solution != "" {
			t.Errorf("round %d: status %s verified %v, want timeout and no solution", round, res.Status, res.Verified)
		}
		if took < limit || took > limit+3*time.Second {
			t.Errorf("round %d: the request took %s with a %s limit", round, took, limit)
		}
		var ok solveAnswer
		post(t, ts, "/api/solve", map[string]any{"puzzle": top95}).decode(t, &ok)
		if ok.Status != "solved" {
			t.Errorf("round %d: after the hang, a dlx solve answered %s", round, ok.Status)
		}
	}
}

// TestPanickingSolverIsACrash checks that a panic in a solver is the
// status crash with the panic's message, no stack, and that its worker
// goes on serving.
func TestPanickingSolverIsACrash(t *testing.T) {
	_, ts := newTestServer(t, nil)
	for round := range 2 {
		a := post(t, ts, "/api/solve", map[string]any{"puzzle": top95, "solver": "test/panic"})
		var res solveAnswer
		a.decode(t, &res)
		if a.code != http.StatusOK || res.Status != "crash" || !strings.Contains(res.Detail, "planted panic") {
			t.Errorf("round %d: %d %s %q, want 200 crash with the panic", round, a.code, res.Status, res.Detail)
		}
		if strings.Contains(string(a.body), "goroutine") || strings.Contains(res.Detail, "\n") {
			t.Errorf("round %d: the answer carries a stack trace: %s", round, a.body)
		}
	}
}

// TestWrongAnswerIsNotReturned checks that a grid failing verification is
// the status wrong and never reaches the client.
func TestWrongAnswerIsNotReturned(t *testing.T) {
	_, ts := newTestServer(t, nil)
	var res solveAnswer
	post(t, ts, "/api/solve", map[string]any{"puzzle": top95, "solver": "test/wrong"}).decode(t, &res)
	if res.Status != "wrong" || res.Verified || res.Solution != "" || !strings.Contains(res.Detail, "wrong solution") {
		t.Errorf("status %s verified %v solution %q detail %q; want wrong with no solution", res.Status, res.Verified, res.Solution, res.Detail)
	}
}

// TestBadInputGets4xx sends every kind of bad request and checks its
// status, its message (the same the command line gives for a puzzle) and
// the cells it names.
func TestBadInputGets4xx(t *testing.T) {
	_, ts := newTestServer(t, func(c *Config) { c.MaxBody = 4 << 10; c.MaxTimeout = 10 * time.Second })
	badSymbol := top95[:24] + "x" + top95[25:]
	rows := rowsOf(sudokutest.Parse(t, top95, sudoku.Classic))
	short := slices.Clone(rows)
	short[1] = short[1][:8]
	bigDigit := slices.Clone(rows)
	bigDigit[2] = slices.Clone(rows[2])
	bigDigit[2][6] = 12
	cases := []struct {
		name, path string
		body       any
		code       int
		msg        string
		cells      []string
	}{
		{"malformed JSON", "/api/solve", `{"puzzle": "..",`, 400, "malformed JSON", nil},
		{"bad JSON syntax", "/api/solve", `{"puzzle" "x"}`, 400, "malformed JSON at byte", nil},
		{"empty body", "/api/solve", ``, 400, "empty request body", nil},
		{"two values", "/api/solve", `{"puzzle": "1"} {}`, 400, "more than one JSON value", nil},
		{"not an object", "/api/solve", `[1, 2]`, 400, "want an object with the fields puzzle", nil},
		{"puzzle of wrong type", "/api/solve", `{"puzzle": 5}`, 400, `field "puzzle": got 5`, nil},
		{"mode of wrong type", "/api/solve", `{"puzzle": "1", "mode": 3}`, 400, `field "mode": got JSON number, want a string`, nil},
		{"seed of wrong type", "/api/solve", `{"puzzle": "1", "seed": "x"}`, 400, `field "seed": got JSON string, want a whole number`, nil},
		{"solvers of wrong type", "/api/solve/all", `{"puzzle": "1", "solvers": "all"}`, 400, `field "solvers": got JSON string, want an array of strings`, nil},
		{"unknown field", "/api/solve", `{"puzzle": "1", "solvr": "x"}`, 400, `unknown field "solvr"; known fields: puzzle, variant, mode, timeout, seed, solver`, nil},
		{"no puzzle", "/api/solve", `{}`, 400, "no puzzle", nil},
		{"unknown solver", "/api/solve", map[string]any{"puzzle": top95, "solver": "nope"}, 400, `unknown solver "nope"; known: exactcover/dlx, test/away`, nil},
		{"solver not here", "/api/solve", map[string]any{"puzzle": top95, "solver": "test/away"}, 400, "test/away cannot run on this server: its program is not installed", nil},
		{"unknown selection", "/api/solve/all", map[string]any{"puzzle": top95, "solvers": []string{"sat/*"}}, 400, `no solver matches "sat/*"`, nil},
		{"unknown mode", "/api/solve", map[string]any{"puzzle": top95, "mode": "all"}, 400, `unknown mode "all"`, nil},
		{"unknown variant", "/api/solve", map[string]any{"puzzle": top95, "variant": "killer"}, 400, `field "variant"`, nil},
		{"bad timeout", "/api/solve", map[string]any{"puzzle": top95, "timeout": "soon"}, 400, `field "timeout": got "soon"`, nil},
		{"timeout over the limit", "/api/solve", map[string]any{"puzzle": top95, "timeout": "1h"}, 400, "over this server's limit of 10s", nil},
		{"timeout too short", "/api/solve", map[string]any{"puzzle": top95, "timeout": "1ns"}, 400, "want a duration of at least 1ms", nil},
		{"unknown symbol", "/api/solve", map[string]any{"puzzle": badSymbol}, 400, "char 25 (r3c7): unknown symbol 'x'", []string{"r3c7"}},
		{"wrong length", "/api/solve", map[string]any{"puzzle": top95[:80]}, 400, "80 cells: a puzzle has 16, 81, 256 or 625 cells", nil},
		{"short row", "/api/solve", map[string]any{"puzzle": short}, 400, "puzzle row 2 has 8 cells; a 9×9 grid needs 9", nil},
		{"digit too big", "/api/solve", map[string]any{"puzzle": bigDigit}, 400, "r3c7: 12 is not a digit of a 9×9 grid", []string{"r3c7"}},
		{"rows of strings", "/api/solve", `{"puzzle": [["1"]]}`, 400, "want rows of whole numbers", nil},
		{"article unknown algorithm", "/solve", map[string]any{"puzzle": rows, "algorithm": "nope"}, 400, `unknown solver "nope"`, nil},
		{"body over the limit", "/api/solve", `{"puzzle": "` + strings.Repeat(".", 5000) + `"}`, 413, "request body over the limit of 4 KiB", nil},
		{"body over the limit after a value", "/api/solve", `{"puzzle": "1"}` + strings.Repeat(" ", 5000) + "{}", 413, "over the limit", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := post(t, ts, c.path, c.body)
			e := a.refusal(t)
			if a.code != c.code || !strings.Contains(e.Error, c.msg) || !slices.Equal(e.Cells, c.cells) {
				t.Errorf("got %d %q cells %v; want %d with %q, cells %v", a.code, e.Error, e.Cells, c.code, c.msg, c.cells)
			}
		})
	}
}

// A puzzle without a solution is no bad request: the solvers run and
// answer unsat, and the answer names the givens in conflict and their
// cells, in the API's shape and the article's.
func TestIllPosedPuzzleIsUnsat(t *testing.T) {
	_, ts := newTestServer(t, nil)
	// Row 3 of top95 is "......7.."; a 7 at r3c2 duplicates it.
	dup := top95[:18] + ".7....7.." + top95[27:]
	var one solveAnswer
	post(t, ts, "/api/solve", map[string]any{"puzzle": dup, "mode": "unique"}).decode(t, &one)
	var all solveAllAnswer
	post(t, ts, "/api/solve/all", map[string]any{"puzzle": dup, "solvers": []string{"exactcover/dlx"}}).decode(t, &all)
	for _, info := range []puzzleInfo{one.puzzleInfo, all.puzzleInfo} {
		if c := info.Conflict; c == nil || c.Message != "row 3: 7 at r3c2 and r3c7" || !slices.Equal(c.Cells, []string{"r3c2", "r3c7"}) {
			t.Errorf("conflict %+v, want row 3's two 7s and their cells", c)
		}
	}
	if one.Status != "unsat" || one.Verified || len(all.Results) != 1 || all.Results[0].Status != "unsat" {
		t.Errorf("statuses %s and %+v, want unsat", one.Status, all.Results)
	}
	var article articleSolveAnswer
	post(t, ts, "/solve", map[string]any{"puzzle": rowsOf(sudokutest.Parse(t, dup, sudoku.Classic))}).decode(t, &article)
	if article.Status != "unsat" || article.Solution != nil {
		t.Errorf("article's shape: %+v, want unsat without a solution", article)
	}
	var solvable solveAnswer
	post(t, ts, "/api/solve", map[string]any{"puzzle": top95}).decode(t, &solvable)
	if solvable.Conflict != nil {
		t.Errorf("a solvable puzzle's answer names a conflict: %+v", solvable.Conflict)
	}
}

// An incomplete solver asked for unique mode runs in first mode, and the
// answer says so: mode is the one it ran in, mode_asked the one asked for;
// every answer carries its mode, the article's shape included.
func TestAnswersSayWhichModeTheyRanIn(t *testing.T) {
	_, ts := newTestServer(t, nil)
	for _, c := range []struct{ solver, mode, asked string }{
		{"test/incomplete", "first", "unique"},
		{"exactcover/dlx", "unique", ""},
	} {
		var one solveAnswer
		post(t, ts, "/api/solve", map[string]any{"puzzle": top95, "solver": c.solver, "mode": "unique"}).decode(t, &one)
		var all solveAllAnswer
		post(t, ts, "/api/solve/all", map[string]any{"puzzle": top95, "solvers": []string{c.solver}, "mode": "unique"}).decode(t, &all)
		for _, res := range append([]solveResult{one.solveResult}, all.Results...) {
			if res.Mode != c.mode || res.ModeAsked != c.asked || res.Status != "solved" {
				t.Errorf("%s: mode %q asked %q status %s, want %q, %q, solved", c.solver, res.Mode, res.ModeAsked, res.Status, c.mode, c.asked)
			}
		}
	}
	var article articleSolveAnswer
	post(t, ts, "/solve", map[string]any{"puzzle": rowsOf(sudokutest.Parse(t, top95, sudoku.Classic)), "algorithm": "test/incomplete"}).decode(t, &article)
	if article.Mode != "first" || article.Status != "solved" {
		t.Errorf("article's answer: %+v, want solved in first mode", article)
	}
}

// A solver's false unsat is refuted by the server's cross-check: wrong,
// with exactcover/dlx's solution as the detail.
func TestFalseUnsatIsWrong(t *testing.T) {
	_, ts := newTestServer(t, nil)
	var res solveAnswer
	post(t, ts, "/api/solve", map[string]any{"puzzle": top95, "solver": "test/claims-unsat"}).decode(t, &res)
	if res.Status != "wrong" || !res.CrossChecked || res.Verified || !strings.HasPrefix(res.Detail, "reported unsat, but exactcover/dlx finds a solution: 4173698256321") {
		t.Errorf("status %s, cross-checked %v, detail %q; want a cross-checked wrong with dlx's solution", res.Status, res.CrossChecked, res.Detail)
	}
}

// TestBadQueriesGet4xx covers the GET endpoints' parameters.
func TestBadQueriesGet4xx(t *testing.T) {
	_, ts := newTestServer(t, func(c *Config) { c.Timeout = 2 * time.Second })
	cases := []struct {
		path string
		code int
		msg  string
	}{
		{"/api/generate?hints=abc", 400, "hints=abc: want a whole number"},
		{"/api/generate?hint=30", 400, `unknown query parameter "hint"`},
		{"/api/generate?size=7", 400, "size=7: use 4, 9, 16, 25 or 36"},
		{"/api/generate?variant=killer", 400, "variant: unknown variant"},
		{"/api/generate?seed=-1", 400, "seed=-1: want a whole number"},
		{"/api/generate?hints=90", 400, "90 hints asked for a 9×9 classic grid, which has 81 cells"},
		{"/api/generate?hints=17", 422, "hint count not reached"},
		{"/api/generate?size=25&hints=150", 422, "took over 2s; ask for more hints"},
		{"/generate?difficulty=2", 400, "difficulty=2: want a number from 0 (easiest) to 1 (hardest)"},
		{"/generate?difficulty=hard", 400, "difficulty=hard"},
		{"/generate?difficulty=NaN", 400, "difficulty=NaN: want a number from 0 (easiest) to 1 (hardest)"},
		{"/generate?difficulty=nan", 400, "difficulty=nan: want a number"},
		{"/generate?difficulty=Inf", 400, "difficulty=Inf: want a number"},
		{"/generate?difficulty=-Infinity", 400, "difficulty=-Infinity: want a number"},
		{"/generate?difficulty=1e999", 400, "difficulty=1e999: want a number"},
		{"/api/corpora/nope/sample", 404, `unknown corpus "nope"`},
		// A path to a puzzle file is a corpus to the command line, never to
		// a client: the server reads no file a request names.
		{"/api/corpora/..%2Fcorpora%2Fdata%2Ftop1465.txt/sample", 404, `unknown corpus "../corpora/data/top1465.txt"`},
		{"/api/corpora/17-clue/sample?n=0", 400, "n=0: ask for 1 to 100 puzzles"},
		{"/api/corpora/17-clue/sample?hints=x", 400, "hints:"},
		{"/api/nothing", 404, "no API endpoint GET /api/nothing"},
		{"/api/solve", 405, "/api/solve takes POST, not GET"},
	}
	for _, c := range cases {
		t.Run(c.path, func(t *testing.T) {
			a := get(t, ts, c.path)
			if e := a.refusal(t); a.code != c.code || !strings.Contains(e.Error, c.msg) {
				t.Errorf("got %d %q; want %d with %q", a.code, e.Error, c.code, c.msg)
			}
		})
	}
}

// TestTooManyRequestsGet429 fills the server's one request slot with a
// hanging solve and checks that the next request is told to retry, and
// that the slot frees when the solve ends.
func TestTooManyRequestsGet429(t *testing.T) {
	s, ts := newTestServer(t, func(c *Config) { c.MaxInFlight = 1 })
	done := make(chan answer, 1)
	go func() {
		done <- post(t, ts, "/api/solve", map[string]any{"puzzle": top95, "solver": "test/hang", "timeout": "1s"})
	}()
	waitInFlight(t, s)
	a := post(t, ts, "/api/solve", map[string]any{"puzzle": top95})
	if e := a.refusal(t); a.code != http.StatusTooManyRequests || a.header.Get("Retry-After") != "1" || !strings.Contains(e.Error, "too many concurrent requests") {
		t.Errorf("second request: %d Retry-After %q %q; want 429, Retry-After 1", a.code, a.header.Get("Retry-After"), e.Error)
	}
	if first := <-done; first.code != http.StatusOK {
		t.Fatalf("hanging request: %d %s", first.code, first.body)
	}
	if a := post(t, ts, "/api/solve", map[string]any{"puzzle": top95}); a.code != http.StatusOK {
		t.Errorf("after the slot freed: %d %s", a.code, a.body)
	}
}

// waitInFlight waits until the server is answering a request.
func waitInFlight(t *testing.T, s *Server) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); len(s.inFlight) == 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the request never reached its handler")
		}
	}
}

// TestBusySolverGets503 checks that a request that waits its whole time
// limit for a worker of a busy solver is told to retry.
func TestBusySolverGets503(t *testing.T) {
	s, ts := newTestServer(t, func(c *Config) { c.Workers = 1 })
	done := make(chan answer, 1)
	go func() {
		done <- post(t, ts, "/api/solve", map[string]any{"puzzle": top95, "solver": "test/hang", "timeout": "2s"})
	}()
	waitInFlight(t, s)
	time.Sleep(200 * time.Millisecond) // from its handler, the first request takes the solver's only worker
	a := post(t, ts, "/api/solve", map[string]any{"puzzle": top95, "solver": "test/hang", "timeout": "200ms"})
	if e := a.refusal(t); a.code != http.StatusServiceUnavailable || a.header.Get("Retry-After") == "" || !strings.Contains(e.Error, "busy") {
		t.Errorf("got %d %q; want 503 with Retry-After saying the solver is busy", a.code, e.Error)
	}
	<-done
}

// TestSolveAllMarksABusySolver holds the only worker of a solver and
// compares solvers with it: the busy one is an entry with the status busy
// and the reason, beside the others' answers, not a 503 for them all.
func TestSolveAllMarksABusySolver(t *testing.T) {
	s, ts := newTestServer(t, func(c *Config) { c.Workers = 1 })
	done := make(chan answer, 1)
	go func() {
		done <- post(t, ts, "/api/solve", map[string]any{"puzzle": top95, "solver": "test/hang", "timeout": "3s"})
	}()
	waitInFlight(t, s)
	time.Sleep(200 * time.Millisecond) // from its handler, the first request takes the solver's only worker
	a := post(t, ts, "/api/solve/all", map[string]any{"puzzle": top95, "solvers": []string{"exactcover/dlx", "test/hang"}, "timeout": "300ms"})
	var res solveAllAnswer
	a.decode(t, &res)
	if a.code != http.StatusOK || len(res.Results) != 2 {
		t.Fatalf("answer %d: %s; want 200 with two results", a.code, a.body)
	}
	for _, r := range res.Results {
		switch r.Solver {
		case "exactcover/dlx":
			if r.Status != "solved" || !r.Verified {
				t.Errorf("exactcover/dlx beside a busy solver: %s, verified %v", r.Status, r.Verified)
			}
		case "test/hang":
			if r.Status != statusBusy || r.Verified || r.Solution != "" || !strings.Contains(r.Detail, "stayed busy for 300ms") {
				t.Errorf("the busy solver: status %s, verified %v, detail %q; want busy with the reason", r.Status, r.Verified, r.Detail)
			}
		}
	}
	<-done
}

// TestArticleShapes checks the article's own request and answer shapes,
// key for key: the answer adds to the article's keys the mode that every
// answer carries, the solve's time and whether it came from the cache.
func TestArticleShapes(t *testing.T) {
	_, ts := newTestServer(t, nil)
	rows := rowsOf(sudokutest.Parse(t, top95, sudoku.Classic))
	a := post(t, ts, "/solve", map[string]any{"puzzle": rows})
	var keys map[string]any
	a.decode(t, &keys)
	if got := slices.Sorted(maps.Keys(keys)); a.code != 200 || !slices.Equal(got, []string{"algorithm", "cached", "mode", "solution", "status", "wall_ns"}) {
		t.Fatalf("POST /solve: %d with keys %v, want 200 with algorithm, cached, mode, solution, status, wall_ns", a.code, got)
	}
	var solved articleSolveAnswer
	a.decode(t, &solved)
	if solved.Status != "solved" || solved.Algorithm != DefaultSolver || len(solved.Solution) != 9 {
		t.Fatalf("POST /solve: %+v", solved)
	}
	g := sudoku.NewGrid(sudoku.MustGeometry(3, sudoku.Classic))
	for r, row := range solved.Solution {
		for c, d := range row {
			g.Set(r*9+c, d)
		}
	}
	if err := sudoku.CheckSolution(sudokutest.Parse(t, top95, sudoku.Classic), g); err != nil {
		t.Errorf("POST /solve solution: %v", err)
	}
	var failed articleSolveAnswer
	post(t, ts, "/solve", map[string]any{"puzzle": rows, "algorithm": "test/wrong"}).decode(t, &failed)
	if failed.Status != "wrong" || failed.Solution != nil || failed.Algorithm != "test/wrong" {
		t.Errorf("POST /solve with a wrong solver: %+v, want wrong with a null solution", failed)
	}

	for _, d := range []float64{0, 0.5, 1} {
		a := get(t, ts, fmt.Sprintf("/generate?difficulty=%g", d))
		keys = nil
		a.decode(t, &keys)
		if got := slices.Sorted(maps.Keys(keys)); a.code != 200 || !slices.Equal(got, []string{"difficulty", "hints", "puzzle"}) {
			t.Fatalf("GET /generate: %d with keys %v", a.code, got)
		}
		var gen articleGenerated
		a.decode(t, &gen)
		p, err := gridFromRows(gen.Puzzle, sudoku.Classic)
		if err != nil {
			t.Fatal(err)
		}
		if gen.Difficulty != d || gen.Hints != hintsFor(d) || p.Hints() != gen.Hints || dlx.CountSolutions(p, 2) != 1 {
			t.Errorf("difficulty %g: %+v with %d hints and %d solutions; want %d hints, unique", d, gen, p.Hints(), dlx.CountSolutions(p, 2), hintsFor(d))
		}
	}
}

// TestGenerateGivesUniquePuzzlesBySeed checks hints, size, variant and
// uniqueness, and that a seed repeats its puzzle.
func TestGenerateGivesUniquePuzzlesBySeed(t *testing.T) {
	_, ts := newTestServer(t, nil)
	for _, q := range []string{"hints=30&seed=7", "size=4&hints=6&seed=2", "size=9&hints=35&variant=diagonal&seed=5", "size=16&hints=150&seed=1"} {
		var first, again generated
		get(t, ts, "/api/generate?"+q).decode(t, &first)
		get(t, ts, "/api/generate?"+q).decode(t, &again)
		v, _ := sudoku.ParseVariant(first.Variant)
		g := sudokutest.Parse(t, first.Puzzle, v)
		want := fmt.Sprintf("hints=%d", g.Hints())
		if !strings.Contains(q, want) || dlx.CountSolutions(g, 2) != 1 || (v == sudoku.Diagonal) != strings.Contains(q, "diagonal") {
			t.Errorf("%s: got %s %s with %s and %d solutions", q, first.Variant, first.Puzzle, want, dlx.CountSolutions(g, 2))
		}
		if again.Puzzle != first.Puzzle {
			t.Errorf("%s: the same seed gave %s then %s", q, first.Puzzle, again.Puzzle)
		}
	}
	var a, b generated
	get(t, ts, "/api/generate").decode(t, &a)
	get(t, ts, "/api/generate").decode(t, &b)
	if a.Seed == b.Seed || a.Hints != defaultHints[9] {
		t.Errorf("two unseeded puzzles: seeds %d and %d, hints %d; want random seeds and %d hints", a.Seed, b.Seed, a.Hints, defaultHints[9])
	}
	var repeat generated
	get(t, ts, fmt.Sprintf("/api/generate?seed=%d", a.Seed)).decode(t, &repeat)
	if repeat.Puzzle != a.Puzzle {
		t.Errorf("asking again with the seed returned gave another puzzle")
	}
}

// TestSolversAndCorpora checks the listings and corpus samples.
func TestSolversAndCorpora(t *testing.T) {
	_, ts := newTestServer(t, nil)
	var list struct {
		Default string        `json:"default"`
		Solvers []solverEntry `json:"solvers"`
	}
	get(t, ts, "/api/solvers").decode(t, &list)
	byName := make(map[string]solverEntry)
	for _, s := range list.Solvers {
		byName[s.Name] = s
	}
	if list.Default != DefaultSolver || !byName[DefaultSolver].Available || byName[DefaultSolver].Family != "exactcover" {
		t.Errorf("default %s, entry %+v", list.Default, byName[DefaultSolver])
	}
	if away := byName["test/away"]; away.Available || !strings.Contains(away.Unavailable, "not installed") {
		t.Errorf("test/away listed as %+v, want unavailable with the reason", away)
	}

	var cl corpusList
	get(t, ts, "/api/corpora").decode(t, &cl)
	if len(cl.Corpora) == 0 || cl.Corpora[0].Name != "17-clue" || cl.Corpora[0].Puzzles != 49158 || cl.Corpora[0].MinHints != 17 {
		t.Errorf("corpora %+v, want 17-clue first with 49,158 puzzles of 17 hints", cl.Corpora)
	}

	var s1, s2 sampled
	get(t, ts, "/api/corpora/top1465/sample?n=3&seed=4").decode(t, &s1)
	get(t, ts, "/api/corpora/top1465/sample?n=3&seed=4").decode(t, &s2)
	if len(s1.Puzzles) != 3 || fmt.Sprint(s1) != fmt.Sprint(s2) || !strings.HasPrefix(s1.Puzzles[0].ID, "top1465:") {
		t.Errorf("samples %+v and %+v; want the same 3 top1465 puzzles", s1, s2)
	}
	var derived sampled
	get(t, ts, "/api/corpora/17-clue+8/sample?n=2&seed=1&hints=25").decode(t, &derived)
	for _, p := range derived.Puzzles {
		if p.Hints != 25 || dlx.CountSolutions(sudokutest.Parse(t, p.Puzzle, sudoku.Classic), 2) != 1 {
			t.Errorf("17-clue+8 puzzle %+v: want 25 hints and unique", p)
		}
	}
	if len(derived.Puzzles) != 2 {
		t.Errorf("17-clue+8 sample: %d puzzles, want 2", len(derived.Puzzles))
	}
}
