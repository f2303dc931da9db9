package main

import (
	"bytes"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/report"
)

func newExportRecordsCmd() *cobra.Command {
	var out string
	var force bool
	cmd := &cobra.Command{
		Use:   "export-records DIR...",
		Short: "Write every run as one row of a flat CSV table, for pandas, R or a spreadsheet",
		Long: `Export-records reads the result directories of one plan (its shards are
merged, as report does) and writes one CSV row per recorded run, in the
order of the records: a column for every record field that some record
holds, named as in results.jsonl (solver, corpus, puzzle_id, puzzle, hints,
mode, seed, rep, status, wall_ns, cpu_ns, peak_rss_bytes, …), "solved"
after status (true for solved, unsat and multiple: what reports count as
solved), and the options, engine counters and model sizes flattened to
option.KEY, counter.KEY and model.KEY columns, the union over the records,
sorted, blank where a record has none. Times are in ns, memory in bytes,
statuses are text, a missing value is a blank cell.

In pandas, the report's median CPU time of the solved puzzles per solver
and corpus (one run per puzzle):

  runs = pandas.read_csv("runs.csv")
  runs[runs.solved].groupby(["solver", "corpus"]).cpu_ns.median()

The output goes to stdout, or to --out FILE, written whole or not at all;
it replaces a file that sudokubench did not write only with --force, and
never a run's results.jsonl, manifest.json or lock.`,
		Example: "  sudokubench export-records results/my-run > runs.csv\n" +
			"  sudokubench export-records results/piece-* --out runs.csv",
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, dirs []string) error {
			d, warnings, err := report.Load(dirs...)
			for _, w := range warnings {
				warn(cmd.ErrOrStderr(), w)
			}
			if err != nil {
				return usageError(err)
			}
			var b bytes.Buffer
			if err := record.WriteCSV(&b, d.Records); err != nil {
				return err
			}
			if out == "" {
				_, err := cmd.OutOrStdout().Write(b.Bytes())
				return err
			}
			_, err = report.PutFiles(map[string][]byte{out: b.Bytes()}, false, force)
			return inputErrors(err)
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "write the CSV to this file instead of stdout")
	cmd.Flags().BoolVar(&force, "force", false, "replace --out although sudokubench did not write it")
	return cmd
}
