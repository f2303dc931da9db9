package serve

import (
	"cmp"
	"context"
	"errors"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/harness/runner"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// puzzleRequest is what every solve request holds besides its solvers.
type puzzleRequest struct {
	Puzzle puzzleField `json:"puzzle"`
	solveSettings
}

// solveSettings are how a request's puzzles are read and solved.
type solveSettings struct {
	Variant string        `json:"variant"` // classic (default) or diagonal
	Mode    string        `json:"mode"`    // first (default) or unique
	Timeout durationField `json:"timeout"` // "2s", or seconds; default the server's
	Seed    *int64        `json:"seed"`    // for stochastic solvers; default 1
}

// solveRequest is the body of POST /api/solve.
type solveRequest struct {
	puzzleRequest
	Solver string `json:"solver"` // default exactcover/dlx
}

// solveAllRequest is the body of POST /api/solve/all.
type solveAllRequest struct {
	puzzleRequest
	// Solvers are names or selections as `run --solvers` reads them
	// ("sat/*", "pure"); none: every solver that can run here.
	Solvers []string `json:"solvers"`
}

// puzzleInfo describes the puzzle an answer is about.
type puzzleInfo struct {
	Puzzle  string `json:"puzzle"` // one-line form
	Size    int    `json:"size"`
	Variant string `json:"variant"`
	Hints   int    `json:"hints"`
	// Conflict is a contradiction among the givens that shows at sight
	// (sudoku.Validate), with the cells it names, so that a page can mark
	// them; the solvers still ran, and answer unsat.
	Conflict *conflictInfo `json:"conflict,omitempty"`
}

// conflictInfo is why a puzzle has no solution: "row 3: 7 at r3c2 and
// r3c8", cells r3c2 and r3c8.
type conflictInfo struct {
	Message string   `json:"message"`
	Cells   []string `json:"cells"`
}

func infoOf(g *sudoku.Grid) puzzleInfo {
	info := puzzleInfo{Puzzle: g.String(), Size: g.N(), Variant: g.Geometry().Variant.String(), Hints: g.Hints()}
	if err := g.Validate(); err != nil {
		info.Conflict = &conflictInfo{Message: err.Error(), Cells: cellName.FindAllString(err.Error(), -1)}
	}
	return info
}

// solveResult is one solver's answer: its verified solution, status and
// what its worker measured.
type solveResult struct {
	Solver string `json:"solver"`
	Mode   string `json:"mode"` // the mode it ran in: incomplete solvers run in first
	// ModeAsked is the mode the request asked for, where the solver ran in
	// another (an incomplete solver asked for unique).
	ModeAsked string `json:"mode_asked,omitempty"`
	// Status is a record's status, or, in /api/solve/all, statusBusy for
	// a solver that found no free worker (Detail says why).
	Status string `json:"status"`
	// CrossChecked says that exactcover/dlx settled an unsat or multiple
	// status (a refuted one is wrong, the detail saying why).
	CrossChecked bool `json:"cross_checked,omitempty"`
	// Verified says that Solution passed sudoku.CheckSolution against the
	// puzzle; a grid that fails is not returned, and the status is wrong.
	Verified bool   `json:"verified"`
	Solution string `json:"solution,omitempty"`
	Detail   string `json:"detail,omitempty"`

	WallNS     int64              `json:"wall_ns"` // the solve call, timed in the worker
	CPUNS      int64              `json:"cpu_ns"`
	EncodeNS   int64              `json:"encode_ns,omitempty"`
	SolveNS    int64              `json:"solve_ns,omitempty"`
	DecodeNS   int64              `json:"decode_ns,omitempty"`
	AllocBytes uint64             `json:"alloc_bytes"`
	PeakRSS    uint64             `json:"peak_rss_bytes"`
	Counters   map[string]float64 `json:"counters,omitempty"`
	Model      map[string]int     `json:"model,omitempty"`
	TimeoutNS  int64              `json:"timeout_ns"`
	// ElapsedNS is the server's time for this solve: the wait for a free
	// worker, the round trip to it, and verification.
	ElapsedNS int64 `json:"elapsed_ns"`

	verified *sudoku.Grid // the solution, when Verified
}

// solveAnswer is the answer of POST /api/solve.
type solveAnswer struct {
	puzzleInfo
	solveResult
}

// statusBusy is the status of a solver that did not run: every worker of
// it stayed busy for the request's time limit.
const statusBusy = "busy"

// solveAllAnswer is the answer of POST /api/solve/all.
type solveAllAnswer struct {
	puzzleInfo
	Results []solveResult   `json:"results"`
	Skipped []skippedSolver `json:"skipped,omitempty"`
}

// skippedSolver is a selected solver that cannot run on this machine.
type skippedSolver struct {
	Solver string `json:"solver"`
	Reason string `json:"reason"`
}

// puzzleJob is a solve request read and checked.
type puzzleJob struct {
	grid   *sudoku.Grid
	mode   solvers.Mode
	seed   int64
	limits runner.Limits
}

// job reads the puzzle, mode, variant, limit and seed of a request.
func (s *Server) job(req puzzleRequest) (puzzleJob, error) {
	variant, j, err := s.settings(req.solveSettings)
	if err != nil {
		return j, err
	}
	j.grid, err = req.Puzzle.grid(variant)
	return j, err
}

// settings reads a request's variant, mode, limit and seed: a job without
// its grid.
func (s *Server) settings(req solveSettings) (sudoku.Variant, puzzleJob, error) {
	variant, err := sudoku.ParseVariant(cmp.Or(req.Variant, "classic"))
	if err != nil {
		return variant, puzzleJob{}, badRequest("field \"variant\": %v", err)
	}
	mode, err := solvers.ParseMode(cmp.Or(req.Mode, string(solvers.First)))
	if err != nil {
		return variant, puzzleJob{}, badRequest("field \"mode\": %v", err)
	}
	timeout := cmp.Or(time.Duration(req.Timeout), s.cfg.Timeout)
	if timeout > s.cfg.MaxTimeout {
		return variant, puzzleJob{}, badRequest("field \"timeout\": %s is over this server's limit of %s", timeout, s.cfg.MaxTimeout)
	}
	seed := int64(1)
	if req.Seed != nil {
		seed = *req.Seed
	}
	// A request waits for a free worker as long as its solve may take.
	lim := runner.Limits{Timeout: timeout, MemBytes: s.cfg.MemBytes, Wait: timeout}
	return variant, puzzleJob{mode: mode, seed: seed, limits: lim}, nil
}

// runnable looks a solver up and checks that it can run here.
func (s *Server) runnable(name string) (solvers.Info, error) {
	info, err := s.cfg.Registry.Lookup(cmp.Or(name, DefaultSolver))
	if err != nil {
		return info, badRequest("%v", err)
	}
	if err := info.Check(); err != nil {
		return info, badRequest("solver %s cannot run on this server: %v", info.Name, err)
	}
	return info, nil
}

// solve runs one solver on the job in the pool. Its errors are a busy
// solver (runner.ErrBusy) and the request's end.
func (s *Server) solve(ctx context.Context, info solvers.Info, j puzzleJob) (solveResult, error) {
	run := plan.Run{
		Solver: info, Mode: info.ModeFor(j.mode), Seed: j.seed,
		Puzzle: corpora.Puzzle{ID: "request", Grid: j.grid, Hints: j.grid.Hints(), Solutions: -1},
	}
	start := time.Now()
	rec, sol, err := s.pool.Do(ctx, run, j.limits)
	if err != nil {
		return solveResult{}, err
	}
	res := resultOf(rec, sol)
	res.ElapsedNS = int64(time.Since(start))
	if run.Mode != j.mode {
		res.ModeAsked = string(j.mode)
	}
	return res, nil
}

// publicDetail is a record's detail as a server hands it out: its first
// line (a crashed solver's panic message without the worker's stack,
// which a benchmark records), with every absolute path cut to its last
// element ("fork/exec sudokubench: permission denied", "model.lp: parse
// error"): a detail comes from a worker, its program or its files, and
// may name where the server keeps them.
func publicDetail(detail string) string {
	line, _, _ := strings.Cut(detail, "\n")
	return absolutePath.ReplaceAllStringFunc(line, func(p string) string {
		before, path, _ := strings.Cut(p, "/")
		return before + filepath.Base("/"+path)
	})
}

// absolutePath matches an absolute path that starts a word, with the
// character before it: "/usr/bin/x" in "exec /usr/bin/x:", not "/exec" in
// "fork/exec".
var absolutePath = regexp.MustCompile(`(?:^|[\s"'(=])/[^\s"'():;,]+`)

// handleSolve answers POST /api/solve: one solver on one puzzle.
func (s *Server) handleSolve(w http.ResponseWriter, r *http.Request) {
	req, err := decodeBody[solveRequest](r)
	if err != nil {
		writeError(w, err)
		return
	}
	j, res, err := s.solveNamed(r.Context(), req.puzzleRequest, req.Solver)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, solveAnswer{infoOf(j.grid), res})
}

// solveNamed reads the request's puzzle and solves it with the named
// solver (the default when empty), as both /api/solve and the article's
// /solve do.
func (s *Server) solveNamed(ctx context.Context, pr puzzleRequest, solver string) (puzzleJob, solveResult, error) {
	j, err := s.job(pr)
	if err != nil {
		return j, solveResult{}, err
	}
	info, err := s.runnable(solver)
	if err != nil {
		return j, solveResult{}, err
	}
	res, err := s.solve(ctx, info, j)
	return j, res, err
}

// handleSolveAll answers POST /api/solve/all: every selected solver on one
// puzzle, side by side. The solvers run at once, each in its own worker:
// their CPU times compare fairly, their wall times share the machine.
func (s *Server) handleSolveAll(w http.ResponseWriter, r *http.Request) {
	req, err := decodeBody[solveAllRequest](r)
	if err != nil {
		writeError(w, err)
		return
	}
	j, err := s.job(req.puzzleRequest)
	if err != nil {
		writeError(w, err)
		return
	}
	infos, skipped, err := s.selection(req.Solvers)
	if err != nil {
		writeError(w, err)
		return
	}
	results := make([]solveResult, len(infos))
	errs := make([]error, len(infos))
	var wg sync.WaitGroup
	for i, info := range infos {
		wg.Go(func() { results[i], errs[i] = s.solveOrBusy(r.Context(), info, j) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, solveAllAnswer{puzzleInfo: infoOf(j.grid), Results: results, Skipped: skipped})
}

// solveOrBusy is solve for one of several solvers: a solver whose workers
// all stayed busy for the request's limit is a result with the status
// busy and the reason, and the others' answers still come back.
func (s *Server) solveOrBusy(ctx context.Context, info solvers.Info, j puzzleJob) (solveResult, error) {
	start := time.Now()
	res, err := s.solve(ctx, info, j)
	if errors.Is(err, runner.ErrBusy) {
		return solveResult{
			Solver: info.Name, Mode: string(info.ModeFor(j.mode)), Status: statusBusy,
			Detail:    strings.TrimPrefix(err.Error(), runner.ErrBusy.Error()+": ") + "; retry later",
			TimeoutNS: int64(j.limits.Timeout), ElapsedNS: int64(time.Since(start)),
		}, nil
	}
	return res, err
}

// selection resolves a solve/all request's solvers and sets aside those
// that cannot run here.
func (s *Server) selection(list []string) ([]solvers.Info, []skippedSolver, error) {
	sel := "all"
	if len(list) > 0 {
		sel = strings.Join(list, ",")
	}
	infos, err := s.cfg.Registry.Select(sel)
	if err != nil {
		return nil, nil, badRequest("field \"solvers\": %v", err)
	}
	var usable []solvers.Info
	var skipped []skippedSolver
	for _, in := range infos {
		if err := in.Check(); err != nil {
			skipped = append(skipped, skippedSolver{Solver: in.Name, Reason: err.Error()})
			continue
		}
		if len(list) == 0 && in.OptIn != "" {
			skipped = append(skipped, skippedSolver{Solver: in.Name, Reason: "opt-in (" + in.OptIn + "): name it in \"solvers\" to run it"})
			continue
		}
		usable = append(usable, in)
	}
	if len(usable) == 0 {
		return nil, nil, badRequest("none of the solvers selected by %q can run on this server", sel)
	}
	return usable, skipped, nil
}
