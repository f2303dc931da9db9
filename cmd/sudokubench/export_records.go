package main

import (
	"bufio"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/harness/outfile"
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
never a run's results.jsonl, manifest.json or lock. The records are read
twice, once for the columns and once for the rows, and never held: an
export of millions of runs takes about 14 bytes of memory a run.`,
		Example: "  sudokubench export-records results/my-run > runs.csv\n" +
			"  sudokubench export-records results/piece-* --out runs.csv",
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, dirs []string) error {
			if out != "" {
				if err := report.CheckFiles([]string{out}, force); err != nil {
					return inputErrors(err)
				}
			}
			d, warnings, err := record.OpenDirs(dirs...)
			var cols record.CSVColumns
			if err == nil {
				var more []string
				more, err = d.Each(cols.Add)
				warnings = append(warnings, more...)
			}
			for _, w := range warnings {
				warn(cmd.ErrOrStderr(), w)
			}
			if err != nil {
				return usageError(err)
			}
			return inputErrors(exportRecords(cmd.OutOrStdout(), out, d, &cols))
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "write the CSV to this file instead of stdout")
	cmd.Flags().BoolVar(&force, "force", false, "replace --out although sudokubench did not write it")
	return cmd
}

// exportRecords reads the records of d a second time and writes them
// under the columns gathered, to stdout or to out (whole or not at all,
// claimed in its directory's ledger).
func exportRecords(stdout io.Writer, out string, d *record.Dirs, cols *record.CSVColumns) error {
	write := func(w io.Writer) error {
		bw := bufio.NewWriterSize(w, 1<<16)
		cw, err := record.NewCSVWriter(bw, cols)
		if err != nil {
			return err
		}
		if _, err := d.Each(cw.Write); err != nil {
			return err
		}
		if err := cw.Flush(); err != nil {
			return err
		}
		return bw.Flush()
	}
	if out == "" {
		return write(stdout)
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	if err := outfile.Write(out, write); err != nil {
		return err
	}
	return outfile.Claim(out)
}
