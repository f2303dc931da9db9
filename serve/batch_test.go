package serve

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/internal/sudokutest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// batchLines reads a batch's answer: its JSON lines in order.
func batchLines(t *testing.T, a answer) []batchLine {
	t.Helper()
	if a.code != http.StatusOK || !strings.HasPrefix(a.header.Get("Content-Type"), "application/x-ndjson") {
		t.Fatalf("answer %d %s: %s", a.code, a.header.Get("Content-Type"), a.body)
	}
	var lines []batchLine
	sc := bufio.NewScanner(bytes.NewReader(a.body))
	for sc.Scan() {
		var l batchLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("not a JSON line: %q", sc.Text())
		}
		lines = append(lines, l)
	}
	return lines
}

// TestBatchAnswersEachPuzzleInOrder checks that a batch far longer than
// the stream's window answers every puzzle in order, each verified or
// cross-checked, whatever form each puzzle takes.
func TestBatchAnswersEachPuzzleInOrder(t *testing.T) {
	_, ts := newTestServer(t, nil)
	dup := top95[:18] + ".7....7.." + top95[27:]
	cycle := []struct {
		puzzle any
		line   string
		status string
	}{
		{puzzle17, puzzle17, "solved"},
		{display(t, top95), top95, "solved"},
		{rowsOf(sudokutest.Parse(t, top95, sudoku.Classic)), top95, "solved"},
		{dup, dup, "unsat"},
	}
	var puzzles []any
	for i := range 150 {
		puzzles = append(puzzles, cycle[i%len(cycle)].puzzle)
	}
	lines := batchLines(t, post(t, ts, "/api/solve/batch", map[string]any{"puzzles": puzzles, "mode": "unique"}))
	if len(lines) != len(puzzles) {
		t.Fatalf("%d lines for %d puzzles", len(lines), len(puzzles))
	}
	for i, l := range lines {
		want := cycle[i%len(cycle)]
		if l.Index != i || l.Puzzle != want.line || l.Status != want.status || l.Solver != DefaultSolver || l.Mode != "unique" {
			t.Fatalf("line %d: index %d, puzzle %s, %s %s %s; want %d, %s, %s", i, l.Index, l.Puzzle, l.Solver, l.Mode, l.Status, i, want.line, want.status)
		}
		if want.status == "solved" {
			checkSolution(t, want.line, l.Solution, sudoku.Classic)
		}
		if l.Verified != (want.status == "solved") || l.CrossChecked != (want.status == "unsat") {
			t.Errorf("line %d: verified %v, cross-checked %v for %s", i, l.Verified, l.CrossChecked, l.Status)
		}
	}
}

// TestBatchFaultCostsOnePuzzle checks that a puzzle that times out costs
// only itself: a batch of a hanging solver answers each puzzle a timeout,
// in order, and a wrong answer is caught as in /api/solve.
func TestBatchFaultCostsOnePuzzle(t *testing.T) {
	_, ts := newTestServer(t, nil)
	tests := []struct {
		solver, status, detail string
	}{
		{"test/hang", "timeout", "deadline"},
		{"test/wrong", "wrong", "wrong solution"},
		{"test/panic", "crash", "planted panic"},
	}
	for _, tt := range tests {
		t.Run("solver="+tt.solver, func(t *testing.T) {
			body := map[string]any{"puzzles": []string{top95, puzzle17, top95}, "solver": tt.solver, "timeout": "100ms"}
			lines := batchLines(t, post(t, ts, "/api/solve/batch", body))
			if len(lines) != 3 {
				t.Fatalf("%d lines for 3 puzzles", len(lines))
			}
			for i, l := range lines {
				if l.Index != i || l.Status != tt.status || !strings.Contains(l.Detail, tt.detail) || l.Solution != "" {
					t.Errorf("line %d: index %d, %s %q, solution %q; want %s with %q", i, l.Index, l.Status, l.Detail, l.Solution, tt.status, tt.detail)
				}
			}
		})
	}
}

// TestBatchRefusesBadInput checks that a bad batch is refused whole, with
// a 4xx that names the puzzle by its index and the cell, before anything
// is solved.
func TestBatchRefusesBadInput(t *testing.T) {
	_, ts := newTestServer(t, func(c *Config) { c.MaxBatchBody = 8 << 10 })
	badCell := top95[:40] + "x" + top95[41:]
	tests := []struct {
		name string
		body any
		code int
		says string
	}{
		{"puzzles=none", map[string]any{"puzzles": []string{}}, 400, `field "puzzles": no puzzle`},
		{"puzzles=missing", map[string]any{"solver": "exactcover/dlx"}, 400, `field "puzzles": no puzzle`},
		{"puzzle=bad-cell", map[string]any{"puzzles": []string{top95, top95, badCell}}, 400, "puzzles[2]: "},
		{"puzzle=short-row", map[string]any{"puzzles": []any{top95, [][]int{{1, 2}}}}, 400, "puzzles[1]: puzzle has 1 rows"},
		{"puzzle=number", map[string]any{"puzzles": []any{top95, 7}}, 400, "puzzles[1]: got 7"},
		{"puzzle=null", map[string]any{"puzzles": []any{nil}}, 400, "puzzles[0]: no puzzle"},
		{"solver=unknown", map[string]any{"puzzles": []string{top95}, "solver": "nope"}, 400, `unknown solver "nope"`},
		{"mode=bad", map[string]any{"puzzles": []string{top95}, "mode": "all"}, 400, `field "mode"`},
		{"field=unknown", map[string]any{"puzzles": []string{top95}, "puzzle": top95}, 400, `unknown field "puzzle"`},
		{"body=over-limit", map[string]any{"puzzles": strings.Split(strings.Repeat(top95+",", 100), ",")}, 413, "over the limit of 8 KiB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := post(t, ts, "/api/solve/batch", tt.body)
			if e := a.refusal(t); a.code != tt.code || !strings.Contains(e.Error, tt.says) {
				t.Errorf("got %d %q; want %d with %q", a.code, e.Error, tt.code, tt.says)
			}
		})
	}
	a := post(t, ts, "/api/solve/batch", map[string]any{"puzzles": []string{top95, badCell}})
	if e := a.refusal(t); len(e.Cells) != 1 || !strings.Contains(e.Error, "r5c5") {
		t.Errorf("bad cell: %q with cells %v; want r5c5 named and marked", e.Error, e.Cells)
	}
}

// TestBatchDefaultBodyHoldsTenThousandPuzzles checks the documented body
// limit: 10,000 9×9 puzzles as rows of numbers fit.
func TestBatchDefaultBodyHoldsTenThousandPuzzles(t *testing.T) {
	rows := rowsOf(sudokutest.Parse(t, top95, sudoku.Classic))
	puzzles := make([][][]int, 10_000)
	for i := range puzzles {
		puzzles[i] = rows
	}
	b, err := json.Marshal(map[string]any{"puzzles": puzzles})
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > DefaultMaxBatchBody {
		t.Errorf("10,000 puzzles as rows take %d bytes, over the default limit of %d", len(b), DefaultMaxBatchBody)
	}
}

// TestBatchBusyGets503 checks that a batch that finds every batch worker
// busy for its time limit is told to retry, as a busy solve is.
func TestBatchBusyGets503(t *testing.T) {
	s, ts := newTestServer(t, func(c *Config) { c.Batches = 1 })
	done := make(chan answer, 1)
	go func() {
		done <- post(t, ts, "/api/solve/batch", map[string]any{"puzzles": []string{top95}, "solver": "test/hang", "timeout": "2s"})
	}()
	waitInFlight(t, s)
	for deadline := time.Now().Add(10 * time.Second); len(s.batches) == 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the first batch never took its slot")
		}
	}
	a := post(t, ts, "/api/solve/batch", map[string]any{"puzzles": []string{top95}, "timeout": "200ms"})
	if e := a.refusal(t); a.code != http.StatusServiceUnavailable || a.header.Get("Retry-After") == "" || !strings.Contains(e.Error, "all 1 batch workers stayed busy for 200ms") {
		t.Errorf("got %d %q; want 503 with Retry-After saying the batch workers are busy", a.code, e.Error)
	}
	if lines := batchLines(t, <-done); len(lines) != 1 || lines[0].Status != "timeout" {
		t.Errorf("the first batch: %+v, want one timeout", lines)
	}
}

// TestBatchLimitsAreChecked checks that New refuses batch limits outside
// their ranges.
func TestBatchLimitsAreChecked(t *testing.T) {
	for _, tt := range []struct {
		name      string
		configure func(*Config)
		says      string
	}{
		{"batches=-1", func(c *Config) { c.Batches = -1 }, "Batches -1"},
		{fmt.Sprintf("batches=%d", WorkersCeiling+1), func(c *Config) { c.Batches = WorkersCeiling + 1 }, "Batches 257"},
		{"max-batch-body=-1", func(c *Config) { c.MaxBatchBody = -1 }, "MaxBatchBody -1"},
		{"cache-size=-1", func(c *Config) { c.CacheSize = -1 }, "CacheSize -1"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cfg := Config{Registry: testRegistry(), Launch: testLaunch, CorporaDir: corporaDir}
			tt.configure(&cfg)
			if _, err := New(cfg); err == nil || !strings.Contains(err.Error(), tt.says) {
				t.Errorf("New: %v, want a refusal naming %q", err, tt.says)
			}
		})
	}
}

// TestBatchReadsEscapedStrings checks that a puzzle string with JSON
// escapes means what encoding/json makes of it, as in /api/solve.
func TestBatchReadsEscapedStrings(t *testing.T) {
	_, ts := newTestServer(t, nil)
	escaped := strings.Replace(top95, ".", `\u002e`, 1)
	lines := batchLines(t, post(t, ts, "/api/solve/batch", `{"puzzles": ["`+escaped+`", "`+top95+`"]}`))
	if len(lines) != 2 || lines[0].Puzzle != top95 || lines[0].Status != "solved" || lines[1].Puzzle != top95 {
		t.Errorf("lines %+v, want top95 solved twice", lines)
	}
}
