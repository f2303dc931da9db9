package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/harness/report"
)

func newCompareCmd() *cobra.Command {
	var format, measure string
	var wide bool
	cmd := &cobra.Command{
		Use:   "compare A B | compare A1 A2 ... -- B1 B2 ...",
		Short: "Compare result directories: B against A, judged across runs",
		Long: `Compare sets side B against side A, each one or more runs (result
directories) of a benchmark, per solver and corpus: the ratio of A's
geometric-mean time over B's on the puzzles solved in every run of both
sides, puzzles B solved faster and slower, and puzzles whose status changed.
A deterministic solver's repetitions fold into one observation per puzzle.

Two runs of one build on one machine differ by several percent: the machine
drifts. So significance is judged across runs: with two runs or more a
side, each run's geometric mean is one observation, and Welch's t test on
their logarithms (each side its own variance, Welch–Satterthwaite degrees
of freedom) gives the interval and p. A difference is called only when
that interval excludes 1.

  sudokubench compare base1 base2 base3 -- new1 new2 new3

With one run on a side (compare A B) the interval is a bootstrap over
puzzles, which does not cover that drift: it is shown, and no significance
is claimed. Each run counts once: a directory given twice (by any path),
or two directories holding the same runs (a copy, a merge beside its
pieces), are refused. Runs made while the machine was busy are warned
about.`,
		Args: cobra.MinimumNArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			m, err := report.ParseMeasure(measure, "")
			if err != nil {
				return usageError(err)
			}
			tw, err := report.TableFormat(format)
			if err != nil {
				return usageError(err)
			}
			dirsA, dirsB, err := compareSides(args, cmd.ArgsLenAtDash())
			if err != nil {
				return usageError(err)
			}
			a, b, wl, err := report.LoadSides(dirsA, dirsB)
			if err != nil {
				return usageError(err)
			}
			cs, wc := report.Compare(a, b, report.CompareConfig{Measure: m})
			for _, w := range append(wl, wc...) {
				warn(cmd.ErrOrStderr(), w)
			}
			if len(cs) == 0 {
				return usageError(fmt.Errorf("nothing to compare: A (%s) and B (%s) share no puzzle that one solver ran in one mode on both sides",
					strings.Join(dirsA, " "), strings.Join(dirsB, " ")))
			}
			fmt.Fprintf(cmd.OutOrStdout(), "A = %s\nB = %s\n\n", strings.Join(dirsA, " "), strings.Join(dirsB, " "))
			t := report.CompareTable(cs, m, 0)
			if txt, ok := tw.(report.Text); ok && !wide {
				txt.Width = terminalWidth(cmd.OutOrStdout())
				tw = txt
			}
			return tw.WriteTable(cmd.OutOrStdout(), t)
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "table format: "+strings.Join(report.DocFormatNames(), ", "))
	cmd.Flags().StringVar(&measure, "time", "cpu", "time measure: cpu or wall")
	cmd.Flags().BoolVar(&wide, "wide", false, "every column, whatever the terminal's width")
	return cmd
}

// compareSides splits the arguments at "--" into the sides' directories;
// without "--", they must be exactly A and B.
func compareSides(args []string, dash int) (a, b []string, err error) {
	switch {
	case dash < 0 && len(args) == 2:
		return args[:1], args[1:], nil
	case dash < 0:
		return nil, nil, errors.New("several runs a side need \"--\" between them: compare A1 A2 A3 -- B1 B2 B3")
	case dash == 0 || dash == len(args):
		return nil, nil, errors.New("each side needs at least one result directory: compare A1 A2 -- B1 B2")
	}
	return args[:dash], args[dash:], nil
}
