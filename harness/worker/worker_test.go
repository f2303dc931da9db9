package worker

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/sudoku"
)

// TestWorkerPrimesEachClassicGeometryOnce checks that one-time set-up is
// paid, untimed, on a primer before the first job of a geometry, and only
// then.
func TestWorkerPrimesEachClassicGeometryOnce(t *testing.T) {
	var seen []string
	engine := dlx.NewSolver()
	reg := testSolverRegistry(t, "test/recording", func(ctx context.Context, req solvers.Request) (solvers.Result, error) {
		seen = append(seen, req.Puzzle.String())
		return engine.Solve(ctx, req)
	})
	const top95 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	const four = "1...........4..."
	diagonal := classicJob(four)
	diagonal.Variant, diagonal.Mode = "diagonal", "first"
	in := jobLines(classicJob(top95), classicJob(four), diagonal)
	var out strings.Builder
	if err := ServeWorker(reg, "test/recording", strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	primer := func(box int) string {
		g := sudoku.PatternGrid(box)
		return strings.Repeat(".", g.N()) + g.String()[g.N():]
	}
	// primer 9×9, job 1, primer 4×4, (warm-up of job 1 on the 9×9 puzzle
	// only if it was fast), job 2, job 3 with no primer for the diagonal.
	if len(seen) < 5 || seen[0] != primer(3) || seen[1] != top95 || seen[2] != primer(2) {
		t.Fatalf("solver saw %q, want the 9×9 primer, the job, then the 4×4 primer", seen)
	}
	if got := strings.Count(strings.Join(seen, " "), primer(2)); got != 1 {
		t.Errorf("4×4 primer solved %d times, want once", got)
	}
	replies := decodeReplies(t, out.String())
	if len(replies) != 3 || replies[0].Status != "solved" || replies[1].Status != "multiple" {
		t.Fatalf("replies %+v, want three, solved then multiple", replies)
	}
}

// TestWorkerPeakIsPerRun checks that a run's peak resident memory is its
// own: after a run that touched 160 MiB, the worker gives the heap back and
// resets the peak, so the small runs that follow report small peaks.
func TestWorkerPeakIsPerRun(t *testing.T) {
	const big = 160 << 20
	const top95 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	const easy = "1...........4..."
	engine := dlx.NewSolver()
	reg := testSolverRegistry(t, "test/big-then-small", func(ctx context.Context, req solvers.Request) (solvers.Result, error) {
		if req.Puzzle.String() == top95 {
			ballast := make([]byte, big)
			for i := range ballast {
				ballast[i] = 1
			}
			defer runtime.KeepAlive(ballast)
		}
		return engine.Solve(ctx, req)
	})
	in := jobLines(classicJob(top95), classicJob(easy), classicJob(easy))
	var out strings.Builder
	if err := ServeWorker(reg, "test/big-then-small", strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	replies := decodeReplies(t, out.String())
	if len(replies) != 3 {
		t.Fatalf("got %d replies, want 3", len(replies))
	}
	if replies[0].PeakRSS < big {
		t.Fatalf("the big run's peak is %s, want at least %s", record.FormatBytes(float64(replies[0].PeakRSS)), record.FormatBytes(float64(big)))
	}
	for i, r := range replies[1:] {
		if r.PeakRSS+big/2 > replies[0].PeakRSS {
			t.Errorf("small run %d reports a peak of %s after a big run's %s: the peak was not reset",
				i+1, record.FormatBytes(float64(r.PeakRSS)), record.FormatBytes(float64(replies[0].PeakRSS)))
		}
	}
}

// testSolverRegistry returns a registry holding solve under name.
func testSolverRegistry(t *testing.T, name string, solve solvers.SolverFunc) *solvers.Registry {
	t.Helper()
	reg := solvers.NewRegistry()
	if err := reg.Add(solvers.Info{Name: name, New: func() solvers.Solver { return solve }}); err != nil {
		t.Fatal(err)
	}
	return reg
}

// classicJob is a unique-mode job for a classic puzzle.
func classicJob(puzzle string) Job {
	return Job{Puzzle: puzzle, Variant: "classic", Mode: "unique", TimeoutNS: 30e9}
}

// jobLines is jobs as the parent sends them, a JSON line each.
func jobLines(jobs ...Job) string {
	var b strings.Builder
	for _, j := range jobs {
		line, _ := json.Marshal(j)
		b.Write(append(line, '\n'))
	}
	return b.String()
}

// decodeReplies reads a worker's output, skipping its hello.
func decodeReplies(t *testing.T, out string) []Reply {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(out))
	var replies []Reply
	for {
		var r Reply
		if err := dec.Decode(&r); err == io.EOF {
			return replies
		} else if err != nil {
			t.Fatal(err)
		}
		if r.Status != "" {
			replies = append(replies, r)
		}
	}
}

// TestWorkerWarmsUpOnEarlierPuzzlesInTurn checks the warm-up before a short
// run: it solves only puzzles of earlier jobs, never the coming one, and it
// cycles through them rather than re-solving one, which would train the
// processor on that puzzle's search.
func TestWorkerWarmsUpOnEarlierPuzzlesInTurn(t *testing.T) {
	var seen []string
	reg := testSolverRegistry(t, "test/instant", func(ctx context.Context, req solvers.Request) (solvers.Result, error) {
		seen = append(seen, req.Puzzle.String())
		return solvers.Result{Status: solvers.Unsat}, nil
	})
	var puzzles []string
	var sent []Job
	for i := range 5 {
		puzzles = append(puzzles, strings.Repeat(".", i)+"1"+strings.Repeat(".", 15-i))
		sent = append(sent, classicJob(puzzles[i]))
	}
	var out strings.Builder
	if err := ServeWorker(reg, "test/instant", strings.NewReader(jobLines(sent...)), &out); err != nil {
		t.Fatal(err)
	}
	jobs := 0                    // jobs whose puzzle has been seen
	warmingUp := false           // whether the previous solve was a warm-up's
	for i, p := range seen[1:] { // seen[0] is the primer
		switch {
		case jobs < len(puzzles) && p == puzzles[jobs]:
			jobs++
			warmingUp = false
			continue
		case !slices.Contains(puzzles[:jobs], p):
			t.Fatalf("solve %d was of %s before its job came", i+1, p)
		case warmingUp && jobs > 1 && p == seen[i]:
			t.Fatalf("warm-up solve %d re-solved %s right after itself, with %d earlier puzzles to cycle through", i+1, p, jobs)
		}
		warmingUp = true
	}
	if jobs != len(puzzles) {
		t.Fatalf("saw %d of %d jobs", jobs, len(puzzles))
	}
	if len(seen) < 2*len(puzzles) {
		t.Fatalf("solver saw %d solves for %d jobs: no warm-up ran", len(seen), len(puzzles))
	}
}

// slowPuzzle is a 4×4 puzzle that test solvers take longer than
// warmUpLimit on.
const slowPuzzle = "...1............"

// TestWorkerSettlesAfterALongWait checks that a worker whose job came after
// a long wait (other solvers' runs in between) warms up for at least
// settleAfterWait before the run, and that one whose job came at once after
// a long run does not warm up at all.
func TestWorkerSettlesAfterALongWait(t *testing.T) {
	type solve struct {
		puzzle string
		at     time.Time
	}
	var solves []solve
	reg := testSolverRegistry(t, "test/instant", func(ctx context.Context, req solvers.Request) (solvers.Result, error) {
		solves = append(solves, solve{req.Puzzle.String(), time.Now()})
		if req.Puzzle.String() == slowPuzzle {
			time.Sleep(2 * warmUpLimit)
		}
		return solvers.Result{Status: solvers.Unsat}, nil
	})
	puzzles := []string{"1...............", slowPuzzle, ".1..............", "..1............."}
	in, feed := io.Pipe()
	go func() {
		for i, p := range puzzles {
			if i == len(puzzles)-1 {
				time.Sleep(3 * longWait)
			}
			if _, err := io.WriteString(feed, jobLines(classicJob(p))); err != nil {
				return
			}
		}
		feed.Close()
	}()
	if err := ServeWorker(reg, "test/instant", in, io.Discard); err != nil {
		t.Fatal(err)
	}
	// The jobs' own solves, in order: the first time each puzzle is seen.
	jobAt := make(map[string]int)
	for i, s := range solves {
		if _, seen := jobAt[s.puzzle]; !seen {
			jobAt[s.puzzle] = i
		}
	}
	if got := jobAt[puzzles[2]] - jobAt[puzzles[1]]; got != 1 {
		t.Errorf("%d solves between the slow job and the next, sent at once, want none", got-1)
	}
	last, before := jobAt[puzzles[3]], jobAt[puzzles[2]]
	if last-before < 2 {
		t.Fatalf("no warm-up before the job that came after a long wait")
	}
	if settled := solves[last].at.Sub(solves[before+1].at); settled < settleAfterWait {
		t.Errorf("warm-up after a long wait lasted %s, want at least %s", settled, settleAfterWait)
	}
}

// TestCPUClockCostIsCalibrated checks that the CPU clock's own cost, which
// the worker takes off every run's CPU time, is measured: positive, and far
// below any run's time.
func TestCPUClockCostIsCalibrated(t *testing.T) {
	for _, children := range []bool{false, true} {
		if cost := cpuClockCost(children); cost <= 0 || cost > time.Millisecond {
			t.Errorf("CPU clock cost with children=%v is %s, want between 0 and 1ms", children, cost)
		}
	}
}

// pureGoRegistry returns a registry holding solve under name as a
// pure-Go pipeline, whose short runs the worker times again in a window.
func pureGoRegistry(t *testing.T, name string, solve solvers.SolverFunc) *solvers.Registry {
	t.Helper()
	reg := solvers.NewRegistry()
	if err := reg.Add(solvers.Info{Name: name, PureGo: true, New: func() solvers.Solver { return solve }}); err != nil {
		t.Fatal(err)
	}
	return reg
}

// TestWorkerTimesShortSolvesInAWindow checks how a pure-Go pipeline's runs
// are timed: a run after a short one, once earlier puzzles can open a
// window, is timed at the end of one and says so; the first run (nothing
// to open a window with), a run after a long one, runs that skip the
// warm-up (streams, the server's pool) and runs with too little of their
// limit left are timed by the CPU clock alone. Each run's puzzle is
// solved once.
func TestWorkerTimesShortSolvesInAWindow(t *testing.T) {
	const slowPuzzle = "..1............."
	var seen map[string]int // solves of each puzzle so far
	reg := pureGoRegistry(t, "test/instant", func(ctx context.Context, req solvers.Request) (solvers.Result, error) {
		seen[req.Puzzle.String()]++
		if req.Puzzle.String() == slowPuzzle {
			time.Sleep(2 * windowLimit)
		}
		return solvers.Result{Status: solvers.Unsat, Counters: map[string]float64{"seen": float64(seen[req.Puzzle.String()])}}, nil
	})
	serve := func(jobs ...Job) []Reply {
		t.Helper()
		seen = make(map[string]int)
		var out strings.Builder
		if err := ServeWorker(reg, "test/instant", strings.NewReader(jobLines(jobs...)), &out); err != nil {
			t.Fatal(err)
		}
		replies := decodeReplies(t, out.String())
		for i, r := range replies {
			if r.Counters["seen"] != 1 {
				t.Errorf("run %d timed its puzzle's solve number %v, want its first", i, r.Counters["seen"])
			}
		}
		return replies
	}
	var short []Job
	for i := range 6 {
		short = append(short, classicJob(strings.Repeat(".", 3+i)+"1"+strings.Repeat(".", 12-i)))
	}
	replies := serve(short...)
	if replies[0].Timing != TimingClock {
		t.Errorf("first run timed by %q, want %q: no earlier puzzle to open a window with", replies[0].Timing, TimingClock)
	}
	for i, r := range replies[1:] {
		if r.Timing != TimingWindow && r.Timing != TimingWindowInterrupted {
			t.Errorf("run %d, after a short one, timed by %q, want a window", i+1, r.Timing)
		}
	}

	skipping := slices.Clone(short)
	for i := range skipping {
		skipping[i].SkipWarmUp = true
	}
	afterLong := append(slices.Clone(short[:3]), classicJob(slowPuzzle), short[3])
	tight := slices.Clone(short)
	for i := range tight {
		tight[i].TimeoutNS = int64(windowMargin) // no time left for a window
	}
	for name, jobs := range map[string][]Job{"skip_warm_up": skipping, "after a long run": afterLong, "tight limit": tight} {
		replies := serve(jobs...)
		if last := replies[len(replies)-1]; last.Timing != TimingClock {
			t.Errorf("%s: the last run timed by %q, want %q", name, last.Timing, TimingClock)
		}
	}
}

// A window's solve is charged its wall time and its share of the other
// threads' CPU time; where the window's thread lost the processor, the
// loss is the solve's only where the solve took longer, and then in
// proportion.
func TestWindowCPU(t *testing.T) {
	const µs = time.Microsecond
	for _, c := range []struct {
		name   string
		win    window
		cpu    time.Duration
		timing string
	}{
		{"alone", window{span: 100 * µs, solve: 10 * µs, thread: 101 * µs, process: 101 * µs}, 10 * µs, TimingWindow},
		{"others' share", window{span: 100 * µs, solve: 10 * µs, thread: 100 * µs, process: 140 * µs}, 14 * µs, TimingWindow},
		{"a little slower", window{span: 100 * µs, solve: 10 * µs, thread: 100*µs - windowSlack, process: 100*µs - windowSlack}, 10 * µs, TimingWindow},
		{"lost longer than the solve", window{span: 100 * µs, solve: 2 * µs, thread: 88 * µs, process: 88 * µs}, 2 * µs, TimingWindowInterrupted},
		{"lost less than the solve", window{span: 200 * µs, solve: 100 * µs, thread: 180 * µs, process: 180 * µs}, 90 * µs, TimingWindowInterrupted},
		{"empty", window{}, 0, TimingWindowInterrupted},
	} {
		t.Run("window="+c.name, func(t *testing.T) {
			if cpu, timing := windowCPU(c.win); cpu != c.cpu || timing != c.timing {
				t.Errorf("windowCPU(%+v) = %d, %s; want %d, %s", c.win, cpu, timing, c.cpu, c.timing)
			}
		})
	}
}

// A worker whose first job is diagonal primes the solver with the
// classic primer of its size: what is set up once per solver (an outside
// pipeline's start-up measurement) is paid then, untimed.
func TestWorkerPrimesBeforeADiagonalFirstJob(t *testing.T) {
	var seen []string
	reg := testSolverRegistry(t, "test/recording", func(ctx context.Context, req solvers.Request) (solvers.Result, error) {
		seen = append(seen, req.Puzzle.String())
		return solvers.Result{Status: solvers.Unsat}, nil
	})
	diagonal := classicJob("1...........4...")
	diagonal.Variant = "diagonal"
	if err := ServeWorker(reg, "test/recording", strings.NewReader(jobLines(diagonal, diagonal)), io.Discard); err != nil {
		t.Fatal(err)
	}
	primer := sudoku.PatternGrid(2)
	for c := range primer.N() {
		primer.Set(c, 0)
	}
	if len(seen) < 3 || seen[0] != primer.String() || seen[1] != diagonal.Puzzle {
		t.Fatalf("solver saw %q, want the 4×4 classic primer, then the jobs", seen)
	}
	if n := strings.Count(strings.Join(seen, " "), primer.String()); n != 1 {
		t.Errorf("primer solved %d times, want once", n)
	}
}

// TestPoolJobsSkipTheWarmUp checks that a pool's jobs reach the solver
// alone: the worker primes a geometry once and re-solves nothing.
func TestPoolJobsSkipTheWarmUp(t *testing.T) {
	var seen []string
	reg := testSolverRegistry(t, "test/instant", func(ctx context.Context, req solvers.Request) (solvers.Result, error) {
		seen = append(seen, req.Puzzle.String())
		return solvers.Result{Status: solvers.Unsat}, nil
	})
	var jobs []Job
	for i := range 5 {
		j := classicJob(strings.Repeat(".", i) + "1" + strings.Repeat(".", 15-i))
		j.SkipWarmUp = true
		jobs = append(jobs, j)
	}
	var out strings.Builder
	if err := ServeWorker(reg, "test/instant", strings.NewReader(jobLines(jobs...)), &out); err != nil {
		t.Fatal(err)
	}
	if len(seen) != 1+len(jobs) {
		t.Errorf("solver saw %d solves for a primer and %d jobs: %q", len(seen), len(jobs), seen)
	}
}

// TestWorkerAsksForProofsOnlyInTheTimedSolve: the job's proof path reaches
// the solve that is timed, and no warm-up or primer solve writes there.
func TestWorkerAsksForProofsOnlyInTheTimedSolve(t *testing.T) {
	type call struct{ puzzle, proof string }
	var calls []call
	reg := testSolverRegistry(t, "test/instant", func(ctx context.Context, req solvers.Request) (solvers.Result, error) {
		calls = append(calls, call{req.Puzzle.String(), req.ProofPath})
		return solvers.Result{Status: solvers.Unsat}, nil
	})
	var sent []Job
	for i := range 4 {
		j := classicJob(strings.Repeat(".", i) + "1" + strings.Repeat(".", 15-i))
		j.ProofPath = fmt.Sprintf("proof-%d", i)
		sent = append(sent, j)
	}
	var out strings.Builder
	if err := ServeWorker(reg, "test/instant", strings.NewReader(jobLines(sent...)), &out); err != nil {
		t.Fatal(err)
	}
	asked := 0
	for _, c := range calls {
		if c.proof == "" {
			continue
		}
		if want := sent[asked]; c.proof != want.ProofPath || c.puzzle != want.Puzzle {
			t.Fatalf("a solve of %s asked for proof %q; want only job %d's, %q for %s", c.puzzle, c.proof, asked, want.ProofPath, want.Puzzle)
		}
		asked++
	}
	if asked != len(sent) || len(calls) <= len(sent) {
		t.Errorf("%d of %d solves asked for proofs, of %d jobs; want each job's once, and warm-ups besides", asked, len(calls), len(sent))
	}
}

// TestWorkerReusesResultBuffers: every solve the worker asks for is
// transient, and each reply carries its own run's counters and solution
// although the solver hands back the same map and grid every time.
func TestWorkerReusesResultBuffers(t *testing.T) {
	var buffers solvers.ResultBuffers
	persistent := 0
	reg := testSolverRegistry(t, "test/reusing", func(ctx context.Context, req solvers.Request) (solvers.Result, error) {
		if !req.Transient {
			persistent++
		}
		res := solvers.Result{Status: solvers.Solved, Counters: buffers.Counters(req), Solution: buffers.Grid(req)}
		res.Counters.Set(solvers.Nodes, float64(strings.IndexByte(req.Puzzle.String(), '1')))
		copy(res.Solution.Cells(), req.Puzzle.Cells())
		return res, nil
	})
	var sent []Job
	for i := range 5 {
		sent = append(sent, classicJob(strings.Repeat(".", i)+"1"+strings.Repeat(".", 15-i)))
	}
	var out strings.Builder
	if err := ServeWorker(reg, "test/reusing", strings.NewReader(jobLines(sent...)), &out); err != nil {
		t.Fatal(err)
	}
	replies := decodeReplies(t, out.String())
	if len(replies) != len(sent) || persistent != 0 {
		t.Fatalf("%d replies to %d jobs, %d solves not transient; want a reply each, all transient", len(replies), len(sent), persistent)
	}
	for i, r := range replies {
		if r.Solution != sent[i].Puzzle || r.Counters[string(solvers.Nodes)] != float64(i) {
			t.Errorf("job %d (%s): reply has solution %s, counters %v", i, sent[i].Puzzle, r.Solution, r.Counters)
		}
	}
}

// TestAllocBytesCountsOnlyTheSolve: a solve that allocates nothing is
// recorded as allocating nothing, timed directly or in a window; the
// readings of the allocation counter allocate nothing themselves.
func TestAllocBytesCountsOnlyTheSolve(t *testing.T) {
	result := solvers.Result{Status: solvers.Unsat}
	reg := pureGoRegistry(t, "test/still", func(context.Context, solvers.Request) (solvers.Result, error) { return result, nil })
	var sent []Job
	for i := range 6 {
		sent = append(sent, classicJob(strings.Repeat(".", i)+"1"+strings.Repeat(".", 15-i)))
	}
	var out strings.Builder
	if err := ServeWorker(reg, "test/still", strings.NewReader(jobLines(sent...)), &out); err != nil {
		t.Fatal(err)
	}
	timings := map[string]bool{}
	for i, r := range decodeReplies(t, out.String()) {
		timings[r.Timing] = true
		if r.AllocBytes != 0 {
			t.Errorf("job %d (%s timing): %d bytes allocated, want 0", i, r.Timing, r.AllocBytes)
		}
	}
	if !timings[TimingClock] || !timings[TimingWindow] && !timings[TimingWindowInterrupted] {
		t.Errorf("timings %v: want direct and windowed solves", timings)
	}
}
