package main

import (
	"fmt"
	"io"
	"strconv"

	"github.com/olekukonko/tablewriter"
	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/solvers/dlx"
)

func newCorporaCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "corpora",
		Short: "List the shipped puzzle corpora: puzzles, hint range, mean hints, source",
		Long: "List the shipped puzzle corpora, counting their puzzles by reading each file.\n" +
			"Besides these, 17-clue+k (k = 0..64) names 17-clue puzzles with k cells of their solution added, and 17-clue+a..b spreads them over k = a to b.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			dir, err := corpora.FindDir(cmd.Flag("corpora").Value.String())
			if err != nil {
				return err
			}
			return listCorpora(cmd.OutOrStdout(), cmd.ErrOrStderr(), dir)
		},
	}
	cmd.AddCommand(newCorporaShowCmd())
	return cmd
}

func listCorpora(out, errOut io.Writer, dir string) error {
	table := tablewriter.NewWriter(out)
	table.Header("name", "puzzles", "hints", "mean hints", "source")
	for _, e := range corpora.Catalog() {
		s, err := corpora.Summarize(dir, e.Name, corpora.Options{})
		if err != nil {
			return err
		}
		if err := table.Append(e.Name, strconv.Itoa(s.Puzzles), hintSpan(s), fmt.Sprintf("%.2f", s.MeanHints), e.Source); err != nil {
			return err
		}
		warnChecksum(errOut, dir, e)
	}
	if err := table.Render(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(out, "also: %s+k for k = 0..%d (%s with k solution cells added), and any puzzle file by its path; data %s\n",
		corpora.DerivedBase, corpora.MaxAdded, corpora.DerivedBase, dataSource(dir))
	return err
}

// dataSource says where the shipped corpora are read from.
func dataSource(dir string) string {
	if dir == "" {
		return "built into the binary (--corpora DIR reads another copy)"
	}
	return "in " + dir
}

func hintSpan(s corpora.Summary) string {
	if s.MinHints == s.MaxHints {
		return strconv.Itoa(s.MinHints)
	}
	return fmt.Sprintf("%d-%d", s.MinHints, s.MaxHints)
}

// warnChecksum tells on stderr when a file is not the catalog's.
func warnChecksum(errOut io.Writer, dir string, e corpora.Entry) {
	sum, err := corpora.Verify(dir, e)
	switch {
	case err != nil:
		fmt.Fprintln(errOut, "warning:", err)
	case !sum.Match():
		fmt.Fprintln(errOut, "warning:", sum.Warning())
	}
}

// showOptions are the selection flags of corpora show.
type showOptions struct {
	hints  string
	sample int
	limit  int
	seed   uint64
}

func newCorporaShowCmd() *cobra.Command {
	var opts showOptions
	cmd := &cobra.Command{
		Use:   "show NAME",
		Short: "Show a corpus: hint-count histogram, SHA-256, provenance, file",
		Example: "  sudokubench corpora show 17-clue\n" +
			"  sudokubench corpora show 17-clue+8 --sample 1000 --seed 3",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir, err := corpora.FindDir(cmd.Flag("corpora").Value.String())
			if err != nil {
				return err
			}
			return showCorpus(cmd.OutOrStdout(), dir, args[0], opts)
		},
	}
	cmd.Flags().StringVar(&opts.hints, "hints", "", "count only puzzles with these hints: 17-30, 22, 25-")
	cmd.Flags().IntVar(&opts.sample, "sample", 0, "count a random sample of this many puzzles")
	cmd.Flags().IntVar(&opts.limit, "limit", 0, "count at most this many puzzles")
	cmd.Flags().Uint64Var(&opts.seed, "seed", 1, "seed for --sample and for the cells (and k) added in 17-clue+k and 17-clue+a..b")
	return cmd
}

func showCorpus(out io.Writer, dir, name string, opts showOptions) error {
	e, err := corpora.Lookup(name)
	if err != nil {
		return err
	}
	hints, err := corpora.ParseHintRange(opts.hints)
	if err != nil {
		return err
	}
	s, err := corpora.Summarize(dir, name, corpora.Options{
		Hints: hints, Sample: opts.sample, Limit: opts.limit, Seed: opts.seed, Oracle: dlx.Oracle{},
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "corpus   %s\n", e.Name)
	printFileFacts(out, dir, e)
	fmt.Fprintf(out, "unique   %v\n", e.Unique)
	fmt.Fprintf(out, "puzzles  %d (hints %s, mean %.2f)\n\n", s.Puzzles, hintSpan(s), s.MeanHints)
	if err := printHistogram(out, s); err != nil {
		return err
	}
	_, err = fmt.Fprintf(out, "\nprovenance\n%s\n", corpora.Provenance(name))
	return err
}

// printFileFacts names the file and says whether it is the catalog's.
func printFileFacts(out io.Writer, dir string, e corpora.Entry) {
	if e.Derived() {
		fmt.Fprintf(out, "file     none: derived from %s (%s)\n", e.Base, corpora.FilePath(dir, corpora.DerivedBase+".txt"))
		return
	}
	sum, err := corpora.Verify(dir, e)
	fmt.Fprintf(out, "file     %s\n", sum.Path)
	switch {
	case err != nil:
		fmt.Fprintf(out, "sha256   unreadable: %v\n", err)
	case e.IsFile():
		fmt.Fprintf(out, "sha256   %s (a puzzle file outside the catalog)\n", sum.Got)
	case sum.Match():
		fmt.Fprintf(out, "sha256   %s (matches the catalog)\n", sum.Got)
	default:
		fmt.Fprintf(out, "sha256   %s (DIFFERS from the catalog's %s)\n", sum.Got, sum.Want)
	}
}

func printHistogram(out io.Writer, s corpora.Summary) error {
	table := tablewriter.NewWriter(out)
	table.Header("hints", "puzzles", "share")
	for _, h := range s.Histogram.Counts() {
		n := s.Histogram[h]
		share := fmt.Sprintf("%.2f%%", 100*float64(n)/float64(s.Puzzles))
		if err := table.Append(strconv.Itoa(h), strconv.Itoa(n), share); err != nil {
			return err
		}
	}
	return table.Render()
}
