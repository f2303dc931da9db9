package serve

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/runner"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/sudoku"
)

// batchRequest is the body of POST /api/solve/batch: many puzzles, one
// solver, the settings of /api/solve for each puzzle (the timeout is each
// puzzle's own).
type batchRequest struct {
	// Puzzles are read one by one, so that a bad one is named by its
	// index.
	Puzzles []json.RawMessage `json:"puzzles"`
	Solver  string            `json:"solver"` // default exactcover/dlx
	solveSettings
}

// batchLine is one puzzle's answer in a batch: its index in the request,
// the puzzle, and the fields of /api/solve's result.
type batchLine struct {
	Index  int    `json:"index"`
	Puzzle string `json:"puzzle"`
	solveResult
}

// batchEnd is the last line of a batch cut short (the client left, the
// server is shutting down): the answers before it stand, and those after
// are missing.
type batchEnd struct {
	Error string `json:"error"`
}

// handleSolveBatch answers POST /api/solve/batch: one solver on many
// puzzles, answered as JSON lines, one per puzzle in the request's order,
// each verified (an unsat or multiple verdict cross-checked) as in
// /api/solve. The puzzles go, many at a time, to one worker process of
// the batch's own (see runner.Stream; the worker of an earlier batch of
// the same solver when one is spare): each under its own time limit,
// without the warm-up that only a benchmark needs, and a puzzle that
// hangs or crashes the worker costs that puzzle alone. Every puzzle is
// read before the first is solved: a bad one is a 400 that names its
// index, and nothing is solved.
func (s *Server) handleSolveBatch(w http.ResponseWriter, r *http.Request) {
	req, err := decodeBody[batchRequest](r)
	if err != nil {
		writeError(w, err)
		return
	}
	variant, j, err := s.settings(req.solveSettings)
	if err != nil {
		writeError(w, err)
		return
	}
	grids, err := batchGrids(req.Puzzles, variant)
	if err != nil {
		writeError(w, err)
		return
	}
	info, err := s.runnable(req.Solver)
	if err != nil {
		writeError(w, err)
		return
	}
	release, err := s.batchSlot(r.Context(), j.limits.Wait)
	if err != nil {
		writeError(w, err)
		return
	}
	defer release()
	s.streamBatch(r.Context(), w, info, j, grids)
}

// batchGrids reads a batch's puzzles; an error names the first bad one by
// its index.
func batchGrids(puzzles []json.RawMessage, v sudoku.Variant) ([]*sudoku.Grid, error) {
	if len(puzzles) == 0 {
		return nil, badRequest(`field "puzzles": no puzzle; want {"puzzles": ["4.....8.5…", …]}, each as /api/solve's "puzzle"`)
	}
	grids := make([]*sudoku.Grid, len(puzzles))
	for i, raw := range puzzles {
		p, err := readPuzzle(raw)
		var fe *fieldError
		if errors.As(err, &fe) {
			err = fe.err
		}
		if err == nil {
			grids[i], err = p.grid(v)
		}
		if err != nil {
			return nil, badRequest("puzzles[%d]: %v", i, err)
		}
	}
	return grids, nil
}

// readPuzzle reads one of a batch's puzzles: a string of printable ASCII
// without escapes (the one-line form) directly, anything else as
// /api/solve's "puzzle" is read.
func readPuzzle(raw json.RawMessage) (puzzleField, error) {
	if n := len(raw); n >= 2 && raw[0] == '"' && raw[n-1] == '"' && plainASCII(raw[1:n-1]) {
		return puzzleField{text: string(raw[1 : n-1]), set: true}, nil
	}
	var p puzzleField
	err := p.UnmarshalJSON(raw)
	return p, err
}

// plainASCII reports whether b is printable ASCII with no quote or
// backslash: a JSON string's content that means itself.
func plainASCII(b []byte) bool {
	for _, c := range b {
		if c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// batchSlot waits up to wait for one of the Batches slots, as a solve
// waits for a free worker: past it, runner.ErrBusy (503, Retry-After).
func (s *Server) batchSlot(ctx context.Context, wait time.Duration) (release func(), err error) {
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case s.batches <- struct{}{}:
		return func() { <-s.batches }, nil
	case <-timer.C:
		return nil, fmt.Errorf("%w: all %d batch workers stayed busy for %s", runner.ErrBusy, cap(s.batches), wait)
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// streamBatch solves the grids through a stream and writes each answer as
// it comes, flushed whenever the stream has caught up with the puzzles
// added and whenever the buffer fills.
func (s *Server) streamBatch(ctx context.Context, w http.ResponseWriter, info solvers.Info, j puzzleJob, grids []*sudoku.Grid) {
	w.Header().Set("Content-Type", "application/x-ndjson; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	out := bufio.NewWriterSize(&deadlineWriter{w: w, rc: http.NewResponseController(w), extend: s.writeTimeout()}, 64<<10)
	flush := func() error {
		if err := out.Flush(); err != nil {
			return err
		}
		return http.NewResponseController(w).Flush()
	}
	var buf []byte // a line, reused
	added := make([]time.Time, len(grids))
	runMode := info.ModeFor(j.mode)
	opts := runner.StreamOptions{Timeout: j.limits.Timeout, MemBytes: j.limits.MemBytes, Checker: dlx.Oracle{}, Spares: s.spares, Idle: flush}
	stream := runner.NewStream(ctx, s.cfg.Launch, info.Name, opts, func(o runner.Outcome) error {
		line := batchLine{Index: o.Run.Puzzle.Line, Puzzle: o.Record.Puzzle, solveResult: resultOf(o.Record, o.Solution)}
		line.ElapsedNS = int64(time.Since(added[line.Index]))
		if runMode != j.mode {
			line.ModeAsked = string(j.mode)
		}
		buf = append(appendBatchLine(buf[:0], &line), '\n')
		_, err := out.Write(buf)
		return err
	})
	var err error
	for i, g := range grids {
		added[i] = time.Now()
		// The puzzle's Line is its index, for its answer's line.
		p := corpora.Puzzle{ID: "puzzles[" + strconv.Itoa(i) + "]", Line: i, Grid: g, Hints: g.Hints(), Solutions: -1}
		if err = stream.Add(plan.Run{Solver: info, Puzzle: p, Mode: runMode, Seed: j.seed}); err != nil {
			break
		}
	}
	if closeErr := stream.Close(); closeErr != nil {
		err = closeErr
	}
	if err != nil {
		b, _ := json.Marshal(batchEnd{Error: "the batch was cut short: " + err.Error()})
		out.Write(append(b, '\n'))
	}
	_ = flush()
}

// resultOf is a judged record as /api/solve reports it, without the
// server's elapsed time.
func resultOf(rec record.Record, sol *sudoku.Grid) solveResult {
	res := solveResult{
		Solver: rec.Solver, Mode: rec.Mode, Status: rec.Status, CrossChecked: rec.CrossChecked,
		Verified: sol != nil, Detail: publicDetail(rec.Detail),
		WallNS: rec.WallNS, CPUNS: rec.CPUNS, EncodeNS: rec.EncodeNS, SolveNS: rec.SolveNS, DecodeNS: rec.DecodeNS,
		AllocBytes: rec.AllocBytes, PeakRSS: rec.PeakRSS, Counters: rec.Counters, Model: rec.Model,
		TimeoutNS: rec.TimeoutNS, verified: sol,
	}
	if sol != nil {
		res.Solution = sol.String()
	}
	return res
}

// deadlineWriter moves the connection's write deadline on before each
// write: a batch's answer may take longer in all than the server's write
// timeout, which then bounds each write rather than the whole.
type deadlineWriter struct {
	w      http.ResponseWriter
	rc     *http.ResponseController
	extend time.Duration
}

func (d *deadlineWriter) Write(b []byte) (int, error) {
	if err := d.rc.SetWriteDeadline(time.Now().Add(d.extend)); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return 0, err
	}
	return d.w.Write(b)
}
