package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/harness"
	"github.com/sudokubench/sudokubench/harness/runner"
	"github.com/sudokubench/sudokubench/internal/units"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/sudoku"
)

// checkSolverFlags are the flags of check-solver.
type checkSolverFlags struct {
	defs    []string
	sizes   string
	mem     string
	timeout time.Duration
}

func newCheckSolverCmd() *cobra.Command {
	var fl checkSolverFlags
	cmd := &cobra.Command{
		Use:   "check-solver [--defs FILE]... NAME",
		Short: "Check a pipeline (defined or built in) on a conformance set before benchmarking it",
		Long: `check-solver runs one pipeline — one from a solver definition file given with
--defs, or a built-in one — on a conformance set, each puzzle in a worker
under the benchmark's limits with every answer verified: solvable 9×9
puzzles (17-clue) in first and unique mode, puzzles with several solutions
(serg) that unique mode must call multiple, unsolvable ones (tdoku-tests)
that must be unsat, and generated puzzles of the other sizes (--sizes) and
of the diagonal variant. Checks the pipeline cannot take (its definition's
sizes or variants, unique mode for unique = "none", unsat for an
incomplete solver) are skipped and say why. Each failure shows what came
back, with the end of the program's output for an error. Exits 0 only if
every check passed.`,
		Example: "  sudokubench check-solver --defs my-solvers.toml sat/picosat/sequential\n" +
			"  sudokubench check-solver --sizes 4,9,16,25 cp/minizinc/gecode",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runCheckSolver(cmd, args[0], fl) },
	}
	f := cmd.Flags()
	addDefsFlag(cmd, &fl.defs)
	f.StringVar(&fl.sizes, "sizes", "4,9,16", "grid sides to check, comma-separated: 4, 9, 16, 25")
	f.DurationVar(&fl.timeout, "timeout", 30*time.Second, "wall-clock limit per puzzle")
	f.StringVar(&fl.mem, "mem", harness.DefaultMem, "resident memory limit per puzzle (0: none)")
	return cmd
}

func runCheckSolver(cmd *cobra.Command, name string, fl checkSolverFlags) error {
	sides, err := parseSides(fl.sizes)
	if err != nil {
		return usageError(err)
	}
	if fl.timeout < harness.MinTimeout {
		return usageError(fmt.Errorf("--timeout %s: give a limit of at least %s", fl.timeout, harness.MinTimeout))
	}
	mem, err := units.ParseBytes(fl.mem)
	if err != nil {
		return usageError(fmt.Errorf("--mem: %w", err))
	}
	reg, err := solverRegistry(fl.defs)
	if err != nil {
		return err
	}
	info, err := reg.Lookup(name)
	if err != nil {
		return usageError(err)
	}
	if err := info.Check(); err != nil {
		return fmt.Errorf("solver %s cannot run here: %w", name, err)
	}
	cases, err := harness.ConformanceCases(info, cmd.Flag("corpora").Value.String(), dlx.Oracle{}, sides)
	if err != nil {
		return err
	}
	launch, err := workerLauncher(fl.defs)
	if err != nil {
		return err
	}
	ex := runner.NewExecutor(launch, fl.timeout, mem)
	defer ex.Close()
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	out := cmd.OutOrStdout()
	from := "built in"
	if info.Source != nil {
		from = "defined in " + info.Source.File
	}
	fmt.Fprintf(out, "%s (%s), %s per puzzle:\n", info.Name, from, fl.timeout)
	var passed, failed, skipped int
	err = harness.CheckConformance(ctx, ex, info, cases, func(o harness.CheckOutcome) {
		switch {
		case o.Case.Skip != "":
			skipped++
		case o.OK():
			passed++
		default:
			failed++
		}
		printOutcome(out, o)
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "%d checks passed, %d failed, %d skipped\n", passed, failed, skipped)
	if failed > 0 {
		return &exitError{code: 1, err: fmt.Errorf("%s failed %d of %d checks", info.Name, failed, passed+failed)}
	}
	return nil
}

// printOutcome writes one case's line and its failures below it.
func printOutcome(out io.Writer, o harness.CheckOutcome) {
	c := o.Case
	switch {
	case c.Skip != "":
		fmt.Fprintf(out, "  skip  %s: %s\n", c.Name, c.Skip)
	case o.OK():
		fmt.Fprintf(out, "  pass  %s: %d of %d %s\n", c.Name, o.Passed, len(c.Puzzles), c.Want)
	default:
		fmt.Fprintf(out, "  FAIL  %s: %d of %d %s\n", c.Name, o.Passed, len(c.Puzzles), c.Want)
		for _, f := range o.Failures {
			fmt.Fprintf(out, "        %s\n", f)
		}
	}
}

// parseSides reads --sizes.
func parseSides(s string) ([]int, error) {
	var sides []int
	for _, field := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(field))
		if err != nil {
			return nil, fmt.Errorf("--sizes %q: want grid sides such as 4,9,16", s)
		}
		if _, err := sudoku.GeometryForSide(n, sudoku.Classic); err != nil {
			return nil, fmt.Errorf("--sizes %q: %w", s, err)
		}
		sides = append(sides, n)
	}
	if len(sides) == 0 {
		return nil, errors.New("--sizes: give at least one grid side")
	}
	return sides, nil
}
