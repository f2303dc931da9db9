package main

import (
	"bufio"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness"
	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/harness/runner"
	"github.com/sudokubench/sudokubench/harness/worker"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/sudoku"
)

type solveOptions struct {
	solver      string
	mode        string
	variant     string
	seed        int64
	timeout     time.Duration
	asJSON      bool
	skipInvalid bool
	trace       bool
	traceLimit  int
	defs        []string
}

func newSolveCmd() *cobra.Command {
	var o solveOptions
	cmd := &cobra.Command{
		Use:   "solve [FILE|-]...",
		Short: "Solve puzzles and print one verified solution line per puzzle",
		Long: "Solve every puzzle of the files (or of standard input, '-') with one solver,\n" +
			"verify each answer against the rules and the givens, and print one line per\n" +
			"puzzle: the solution, or '# ID STATUS: DETAIL' when there is none. With --json,\n" +
			"one JSON object per puzzle. Exits 0 only if every puzzle was solved.\n\n" +
			"The puzzles go, many at a time, to one worker process, as in 'run' but without\n" +
			"the warm-up that only a benchmark's times need: --timeout means what it means\n" +
			"there, for each puzzle on its own (an answer after the limit is a timeout, and a\n" +
			"solver that does not stop is killed), and a solver that hangs or crashes costs\n" +
			"one puzzle, not the rest.\n" +
			"Puzzle ids are FILE:LINE.",
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				args = []string{"-"}
			}
			return runSolve(cmd.Context(), cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr(), args, o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.solver, "solver", "exactcover/dlx", "solver pipeline (see 'sudokubench solvers')")
	f.StringVar(&o.mode, "mode", "first", "first (any solution) or unique (prove there is no second)")
	f.StringVar(&o.variant, "variant", "classic", "classic or diagonal")
	f.Int64Var(&o.seed, "seed", 1, "seed for stochastic solvers")
	f.DurationVar(&o.timeout, "timeout", 0, "wall-clock limit per puzzle, at least 1ms (0: no limit); an answer after it is a timeout")
	f.BoolVar(&o.asJSON, "json", false, "print JSON lines: id, status, solution, counters, microseconds")
	addSkipInvalidFlag(cmd, &o.skipInvalid)
	f.BoolVar(&o.trace, "trace", false, "print the search step by step (direct search solvers); with --json, one JSON line per step")
	f.IntVar(&o.traceLimit, "trace-limit", 1000, "print at most this many steps per puzzle (all are still replayed and counted)")
	addDefsFlag(cmd, &o.defs)
	return cmd
}

// solveLine is one puzzle's outcome in --json output.
type solveLine struct {
	ID     string `json:"id"`
	Puzzle string `json:"puzzle"`
	// Mode is the mode the solver ran in; ModeAsked the one asked for,
	// where it differs (an incomplete solver asked for unique runs in
	// first).
	Mode      solvers.Mode   `json:"mode"`
	ModeAsked solvers.Mode   `json:"mode_asked,omitempty"`
	Status    solvers.Status `json:"status"`
	Solution  string         `json:"solution,omitempty"`
	Micros    float64        `json:"micros"`
	// CrossChecked says that exactcover/dlx settled an unsat or multiple
	// verdict; CrossCheckNote why it could not.
	CrossChecked   bool   `json:"cross_checked,omitempty"`
	CrossCheckNote string `json:"cross_check_note,omitempty"`
	// CorpusContradiction says how the answer contradicts what the
	// input's line lists (a count, a solution): record.CorpusContradiction.
	CorpusContradiction string             `json:"corpus_contradiction,omitempty"`
	Counters            map[string]float64 `json:"counters,omitempty"`
	Model               map[string]int     `json:"model,omitempty"`
	Detail              string             `json:"detail,omitempty"`
}

func runSolve(ctx context.Context, stdin io.Reader, out, errOut io.Writer, files []string, o solveOptions) error {
	mode, err := solvers.ParseMode(o.mode)
	if err != nil {
		return usageError(err)
	}
	variant, err := sudoku.ParseVariant(o.variant)
	if err != nil {
		return usageError(err)
	}
	if o.timeout < 0 || (o.timeout > 0 && o.timeout < harness.MinTimeout) {
		return usageError(fmt.Errorf("--timeout %s: give a limit of at least %s, or 0 for none", o.timeout, harness.MinTimeout))
	}
	reg, err := solverRegistry(o.defs)
	if err != nil {
		return err
	}
	info, err := reg.Lookup(o.solver)
	if err != nil {
		return usageError(err)
	}
	if err := info.Check(); err != nil {
		return usageError(fmt.Errorf("solver %s cannot run here: %w", info.Name, err))
	}
	launch, err := workerLauncher(o.defs)
	if err != nil {
		return err
	}
	s := &puzzleSolver{launch: launch, info: info, timeout: o.timeout, mode: info.ModeFor(mode), seed: o.seed, asJSON: o.asJSON,
		out: bufio.NewWriter(out), errOut: &lockedWriter{w: errOut}}
	if s.mode != mode {
		s.modeAsked = mode
		fmt.Fprintf(errOut, "note: %s cannot prove a solution unique (an incomplete solver): it runs in %s mode, not %s\n", info.Name, s.mode, mode)
	}
	opts := corpora.Options{Variant: variant, SkipInvalid: o.skipInvalid}
	if o.trace {
		if err := s.traceWith(info, o.traceLimit); err != nil {
			return usageError(err)
		}
	}
	if err := s.solveFiles(ctx, stdin, files, opts); err != nil {
		return err
	}
	switch {
	case s.total == 0:
		return usageError(errors.New("no puzzle read: every line was skipped"))
	case s.unsolved > 0:
		return &exitError{code: exitNo, err: fmt.Errorf("%d of %d puzzles not solved", s.unsolved, s.total)}
	}
	return nil
}

// puzzleSolver solves puzzles in input order and prints each outcome:
// through a stream of jobs to one worker process, or in this process
// with --trace.
type puzzleSolver struct {
	launch          worker.Launcher
	info            solvers.Info
	timeout         time.Duration
	mode            solvers.Mode // the mode the solver runs in
	modeAsked       solvers.Mode // the mode asked for, where it differs
	seed            int64
	asJSON          bool
	out             *bufio.Writer
	errOut          io.Writer
	total, unsolved int
	tracer          solvers.Tracer // nil unless --trace
	traceLimit      int
}

// solveFiles reads and checks every file, then solves their puzzles and
// prints their outcomes in input order. Its error is bad input (exit 2,
// before any puzzle is solved), an interruption, or output that could
// not be written.
func (s *puzzleSolver) solveFiles(ctx context.Context, stdin io.Reader, files []string, opts corpora.Options) error {
	puzzles, err := s.readFiles(stdin, files, opts)
	if err != nil {
		return err
	}
	if s.tracer != nil {
		for _, p := range puzzles {
			if err = s.print(p, s.solveTraced(ctx, p)); err != nil {
				break
			}
		}
		return cmp.Or(err, s.out.Flush())
	}
	stream, err := s.stream(ctx)
	if err != nil {
		return err
	}
	var addErr error
	for _, p := range puzzles {
		if addErr = stream.Add(plan.Run{Solver: s.info, Puzzle: p, Mode: s.mode, Seed: s.seed}); addErr != nil {
			break
		}
	}
	// The stream's own failure, if any, is why Add failed.
	closeErr := stream.Close()
	flushErr := s.out.Flush()
	return cmp.Or(closeErr, addErr, flushErr)
}

// stream starts the stream of jobs that solves the puzzles in a worker
// process: no warm-up (it is for benchmarks), several jobs ahead of the
// worker, each under --timeout, each answer verified and cross-checked in
// this process (see runner.Stream).
func (s *puzzleSolver) stream(ctx context.Context) (*runner.Stream, error) {
	opts := runner.StreamOptions{Timeout: s.timeout, Checker: dlx.Oracle{}, Idle: s.out.Flush}
	return runner.NewStream(ctx, s.launch, s.info.Name, opts, func(o runner.Outcome) error {
		return s.print(o.Run.Puzzle, s.lineOf(o))
	}), nil
}

// readFiles reads the puzzles of every file, in order, and tells the lines
// --skip-invalid skipped; bad input in any file is exit 2.
func (s *puzzleSolver) readFiles(stdin io.Reader, files []string, opts corpora.Options) ([]corpora.Puzzle, error) {
	var puzzles []corpora.Puzzle
	for _, file := range files {
		stats, err := scanInput(stdin, file, opts, func(p corpora.Puzzle) error {
			puzzles = append(puzzles, p)
			return nil
		})
		warnSkipped(s.errOut, inputName(file), stats)
		if err != nil {
			return nil, inputError(err)
		}
	}
	return puzzles, nil
}

// scanInput streams the puzzles of a file, or of standard input for "-".
func scanInput(stdin io.Reader, file string, opts corpora.Options, yield func(corpora.Puzzle) error) (corpora.Stats, error) {
	if file == "-" {
		return corpora.Scan(stdin, inputName(file), "stdin", opts, yield)
	}
	return corpora.ScanFile(file, opts, yield)
}

// inputName names a file argument in messages.
func inputName(file string) string {
	if file == "-" {
		return "stdin"
	}
	return file
}

// lineOf is the outcome of a puzzle solved in a worker.
func (s *puzzleSolver) lineOf(o runner.Outcome) solveLine {
	rec := o.Record
	line := solveLine{
		ID: o.Run.Puzzle.ID, Puzzle: o.Record.Puzzle, Mode: s.mode, ModeAsked: s.modeAsked,
		Status: solvers.Status(rec.Status), Detail: rec.Detail,
		Micros:       float64(rec.WallNS) / float64(time.Microsecond),
		CrossChecked: rec.CrossChecked, CrossCheckNote: rec.CrossCheckNote, CorpusContradiction: rec.CorpusContradiction,
		Counters: rec.Counters, Model: rec.Model,
	}
	if o.Solution != nil {
		line.Solution = o.Solution.String()
	}
	return line
}

// print writes one puzzle's outcome; an unsolved one, and an answer that
// contradicts what the puzzle's line lists, are also told on standard
// error by the puzzle's id, FILE:LINE, after what was printed before it.
func (s *puzzleSolver) print(p corpora.Puzzle, line solveLine) error {
	s.total++
	if line.Status != solvers.Solved || line.CorpusContradiction != "" {
		if err := s.out.Flush(); err != nil {
			return err
		}
	}
	if line.Status != solvers.Solved {
		s.unsolved++
		fmt.Fprintf(s.errOut, "%s: %s%s\n", p.ID, line.Status, prefixed(": ", line.Detail))
	}
	if line.CorpusContradiction != "" {
		fmt.Fprintf(s.errOut, "warning: %s: %s\n", p.ID, line.CorpusContradiction)
	}
	if s.asJSON {
		b, err := json.Marshal(line)
		if err != nil {
			return err
		}
		s.out.Write(b)
		return s.out.WriteByte('\n')
	}
	if line.Status == solvers.Solved {
		s.out.WriteString(line.Solution)
		return s.out.WriteByte('\n')
	}
	_, err := fmt.Fprintf(s.out, "# %s %s%s\n", line.ID, line.Status, prefixed(": ", line.Detail))
	return err
}

// lockedWriter serializes writes from the goroutine that prints outcomes
// and the one that reads the input.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

func prefixed(prefix, s string) string {
	if s == "" {
		return ""
	}
	return prefix + s
}
