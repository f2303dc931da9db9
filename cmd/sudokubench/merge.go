package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/harness/store"
)

func newMergeCmd() *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "merge DIR... --out DIR",
		Short: "Join the result directories of one plan's shards",
		Long: `Merge joins result directories made by 'run --shard i/n' (or resumed on
other machines) into one. It refuses directories whose plans or corpus files
differ, and a directory whose records its manifest does not describe
(another shard, solver, corpus or repetition), keeps the first record of
each run key, and writes a manifest that lists the pieces; missing shards
are counted and the first five named. Like a run, it holds --out's writer lock while it writes,
and is refused while another process writes there. A SLURM job array, one
shard per task:

  #!/bin/bash
  #SBATCH --array=1-8
  sudokubench run --seed 1 --shard "$SLURM_ARRAY_TASK_ID/8" \
      --out "results/piece-$SLURM_ARRAY_TASK_ID" --resume

and once every task has finished:

  sudokubench merge results/piece-* --out results/all`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, dirs []string) error {
			if out == "" {
				return usageError(errors.New("merge: --out DIR is required"))
			}
			sum, err := store.Merge(dirs, out)
			if err != nil {
				return inputErrors(err)
			}
			for _, w := range sum.Warnings {
				warn(cmd.ErrOrStderr(), w)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "merged %d records from %d directories into %s (%d duplicates dropped)\n",
				sum.Records, len(dirs), out, sum.Duplicates)
			return nil
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "directory to write the merged results into")
	return cmd
}
