package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/harness/report"
)

func newCompareCmd() *cobra.Command {
	var format, measure string
	cmd := &cobra.Command{
		Use:   "compare A B",
		Short: "Paired per-instance comparison of two result directories",
		Long: `Compare pairs the runs of two result directories on solver, puzzle, mode,
seed and repetition (a deterministic solver's repetitions folded into their
median) and reports, per solver and corpus, the geometric-mean speedup of B
over A with a 95% bootstrap interval, wins and losses with a sign test, and
the instances whose status changed. It says "no significant difference" when
the interval contains 1, and gives no verdict on fewer than 5 pairs.`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			m, err := report.ParseMeasure(measure)
			if err != nil {
				return err
			}
			tw, err := report.TableFormat(format)
			if err != nil {
				return err
			}
			a, wa, err := report.Load(args[0])
			if err != nil {
				return err
			}
			b, wb, err := report.Load(args[1])
			if err != nil {
				return err
			}
			cs, wc := report.Compare(a.Records, b.Records, report.CompareConfig{Measure: m})
			for _, w := range append(append(wa, wb...), wc...) {
				fmt.Fprintln(cmd.ErrOrStderr(), "warning:", w)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "A = %s\nB = %s\n\n", args[0], args[1])
			return tw.WriteTable(cmd.OutOrStdout(), report.CompareTable(cs, m, 0))
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "table format: text, md, csv, latex or html")
	cmd.Flags().StringVar(&measure, "time", "cpu", "time measure: cpu or wall")
	return cmd
}
