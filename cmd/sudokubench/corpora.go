package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/report/table"
	"github.com/sudokubench/sudokubench/solvers/bitboard"
)

func newCorporaCmd() *cobra.Command {
	var asJSON bool
	var format string
	cmd := &cobra.Command{
		Use:   "corpora",
		Short: "List the shipped puzzle corpora: puzzles, hint range, mean hints, source",
		Long: "List the shipped puzzle corpora, counting their puzzles by reading each file,\n" +
			"in a table that fits the terminal (100 columns when the output is not one).\n" +
			"Besides these, 17-clue+k (k = 0..64) names 17-clue puzzles with k cells of their solution added, and 17-clue+a..b spreads them over k = a to b.\n" +
			"--format md, csv, latex or html writes the table in that format.\n" +
			"--json gives one JSON array instead, an object per corpus: name, file, source,\n" +
			"sha256 (the catalog's), sha256_matches (the file read has that sum), unique\n" +
			"(every puzzle has one solution), puzzles, min_hints, max_hints, mean_hints.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			dir, err := corpora.FindDir(cmd.Flag("corpora").Value.String())
			if err != nil {
				return usageError(err)
			}
			listing, err := readCorpora(dir)
			if err != nil {
				return err
			}
			for _, c := range listing {
				if c.warning != "" {
					warn(cmd.ErrOrStderr(), c.warning)
				}
			}
			if asJSON {
				return writeJSON(cmd.OutOrStdout(), listing)
			}
			return writeListing(cmd.OutOrStdout(), format, false, corporaTable(listing, dir))
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "one JSON array, an object per corpus, instead of the table")
	addFormatFlag(cmd, &format)
	cmd.AddCommand(newCorporaShowCmd())
	return cmd
}

// corpusListing is one shipped corpus as `corpora` lists it; its JSON
// field names are a documented interface.
type corpusListing struct {
	Name          string  `json:"name"`
	File          string  `json:"file"`
	Source        string  `json:"source"`
	SHA256        string  `json:"sha256"`
	SHA256Matches bool    `json:"sha256_matches"`
	Unique        bool    `json:"unique"`
	Puzzles       int     `json:"puzzles"`
	MinHints      int     `json:"min_hints"`
	MaxHints      int     `json:"max_hints"`
	MeanHints     float64 `json:"mean_hints"`
	warning       string  // the file is not the catalog's, or unreadable
}

// readCorpora counts the puzzles of every catalog corpus and checks its file.
func readCorpora(dir string) ([]corpusListing, error) {
	var listing []corpusListing
	for _, e := range corpora.Catalog() {
		s, err := corpora.Summarize(dir, e.Name, corpora.Options{})
		if err != nil {
			return nil, err
		}
		c := corpusListing{
			Name: e.Name, File: e.File, Source: e.Source, SHA256: e.SHA256, Unique: e.Unique,
			Puzzles: s.Puzzles, MinHints: s.MinHints, MaxHints: s.MaxHints, MeanHints: s.MeanHints,
		}
		sum, err := corpora.Verify(dir, e)
		switch {
		case err != nil:
			c.warning = err.Error()
		case !sum.Match():
			c.warning = sum.Warning()
		default:
			c.SHA256Matches = true
		}
		listing = append(listing, c)
	}
	return listing, nil
}

// corporaTable is the listing, its source column wrapped to fit a
// terminal, and a note on the derived corpora.
func corporaTable(listing []corpusListing, dir string) *table.Table {
	t := &table.Table{Title: "Shipped corpora", Columns: []table.Column{{Name: "name"}, {Name: "puzzles", Right: true},
		{Name: "hints", Right: true}, {Name: "mean hints", Right: true}, {Name: "source", Wrap: true}}}
	for _, c := range listing {
		t.Rows = append(t.Rows, table.Row{Cells: []table.Cell{table.TextCell(c.Name), table.IntCell(c.Puzzles),
			table.TextCell(hintSpan(c.MinHints, c.MaxHints)), table.TextCell(fmt.Sprintf("%.2f", c.MeanHints)), table.TextCell(c.Source)}})
	}
	t.Notes = []string{fmt.Sprintf("Also: %s+k for k = 0..%d (%s with k solution cells added), and any puzzle file by its path; data %s.",
		corpora.DerivedBase, corpora.MaxAdded, corpora.DerivedBase, dataSource(dir))}
	return t
}

// writeJSON writes v as indented JSON.
func writeJSON(out io.Writer, v any) error {
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// dataSource says where the shipped corpora are read from.
func dataSource(dir string) string {
	if dir == "" {
		return "built into the binary (--corpora DIR reads another copy)"
	}
	return "in " + dir
}

// hintSpan writes a hint range: "17", or "17-28".
func hintSpan(lo, hi int) string {
	if lo == hi {
		return strconv.Itoa(lo)
	}
	return fmt.Sprintf("%d-%d", lo, hi)
}

// showOptions are the selection flags of corpora show, and its table
// format.
type showOptions struct {
	hints  string
	sample int
	limit  int
	seed   uint64
	rate   int
	format string
}

func newCorporaShowCmd() *cobra.Command {
	var opts showOptions
	cmd := &cobra.Command{
		Use:   "show NAME",
		Short: "Show a corpus: hint-count and rating histograms, SHA-256, provenance, file",
		Long: "Show a corpus: its file and SHA-256, the histogram of its hint counts, the histogram of\n" +
			"its puzzles' ratings, and its provenance. A rating is the weakest rung of the inference\n" +
			"ladder (see analyze --inference) that solves the puzzle without a decision, then the mean\n" +
			"guesses of propagate/bitboard over random equivalent forms of it. A rating takes about\n" +
			"0.3 ms of CPU time for a 17-clue puzzle, 7 ms for one of hardest-1106, so it rates a\n" +
			"seeded sample of --rate puzzles (default 1000; 0: none), on every CPU. --format md, csv,\n" +
			"latex or html writes its tables in that format.",
		Example: "  sudokubench corpora show 17-clue\n" +
			"  sudokubench corpora show 17-clue+8 --sample 1000 --seed 3\n" +
			"  sudokubench corpora show top1465 --rate 1465",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir, err := corpora.FindDir(cmd.Flag("corpora").Value.String())
			if err != nil {
				return usageError(err)
			}
			return showCorpus(cmd.OutOrStdout(), dir, args[0], opts)
		},
	}
	addFormatFlag(cmd, &opts.format)
	cmd.Flags().StringVar(&opts.hints, "hints", "", "count only puzzles with these hints: 17-30, 22, 25-")
	cmd.Flags().IntVar(&opts.sample, "sample", 0, "count a random sample of this many puzzles")
	cmd.Flags().IntVar(&opts.limit, "limit", 0, "count at most this many puzzles")
	cmd.Flags().Uint64Var(&opts.seed, "seed", 1, "seed for --sample, --rate's sample and the cells (and k) added in 17-clue+k and 17-clue+a..b")
	cmd.Flags().IntVar(&opts.rate, "rate", DefaultRated, "rate a seeded sample of this many of the puzzles counted (0: no ratings)")
	return cmd
}

func showCorpus(out io.Writer, dir, name string, opts showOptions) error {
	e, err := corpora.Lookup(name)
	if err != nil {
		return usageError(err)
	}
	hints, err := corpora.ParseHintRange(opts.hints)
	if err != nil {
		return usageError(err)
	}
	for _, count := range []struct {
		flag string
		n    int
		zero string
	}{{"sample", opts.sample, "all"}, {"limit", opts.limit, "all"}, {"rate", opts.rate, "no ratings"}} {
		if err := notNegative(count.flag, count.n, count.zero); err != nil {
			return err
		}
	}
	selection := corpora.Options{Hints: hints, Sample: opts.sample, Limit: opts.limit, Seed: opts.seed, Oracle: bitboard.Oracle{}}
	s, err := corpora.Summarize(dir, name, selection)
	if err != nil {
		return inputErrors(err)
	}
	tables := []*table.Table{corpusFacts(dir, e, s), hintsTable(s)}
	if opts.rate > 0 {
		sample, err := ratingSample(dir, name, selection, opts.rate)
		if err != nil {
			return err
		}
		tables = append(tables, ratingsTable(sample, s.Puzzles))
	}
	return writeListing(out, opts.format, false, tables...)
}

// corpusFacts is a corpus's file, whether it is the catalog's, its
// puzzles counted, and its provenance below.
func corpusFacts(dir string, e corpora.Entry, s corpora.Summary) *table.Table {
	t := &table.Table{Title: "Corpus " + e.Name, Columns: []table.Column{{Name: "fact"}, {Name: "value"}}}
	for _, f := range fileFacts(dir, e) {
		t.Rows = append(t.Rows, textRow(f[0], f[1]))
	}
	t.Rows = append(t.Rows, textRow("unique", strconv.FormatBool(e.Unique)),
		textRow("puzzles", fmt.Sprintf("%d (hints %s, mean %.2f)", s.Puzzles, hintSpan(s.MinHints, s.MaxHints), s.MeanHints)))
	t.Notes = append([]string{"", "Provenance"}, strings.Split(corpora.Provenance(e.Name), "\n")...)
	return t
}

// fileFacts name the file and say whether it is the catalog's.
func fileFacts(dir string, e corpora.Entry) [][2]string {
	if e.Generated() {
		return [][2]string{{"file", fmt.Sprintf("none: generated from --seed, %d puzzles of %d givens (%s)", corpora.GeneratedSize, e.GeneratedHints(), e.Source)}}
	}
	if e.Derived() {
		return [][2]string{{"file", fmt.Sprintf("none: derived from %s (%s)", e.Base, corpora.FilePath(dir, corpora.DerivedBase+".txt"))}}
	}
	sum, err := corpora.Verify(dir, e)
	file := [2]string{"file", sum.Path}
	switch {
	case err != nil:
		return [][2]string{file, {"sha256", fmt.Sprintf("unreadable: %v", err)}}
	case e.IsFile():
		return [][2]string{file, {"sha256", sum.Got + " (a puzzle file outside the catalog)"}}
	case sum.Match():
		return [][2]string{file, {"sha256", sum.Got + " (matches the catalog)"}}
	}
	return [][2]string{file, {"sha256", fmt.Sprintf("%s (DIFFERS from the catalog's %s)", sum.Got, sum.Want)}}
}

// hintsTable is the histogram of the puzzles' hint counts.
func hintsTable(s corpora.Summary) *table.Table {
	t := &table.Table{Title: "Puzzles by hints", Columns: []table.Column{
		{Name: "hints", Right: true}, {Name: "puzzles", Right: true}, {Name: "share", Right: true}}}
	for _, h := range s.Histogram.Counts() {
		n := s.Histogram[h]
		share := float64(n) / float64(s.Puzzles)
		t.Rows = append(t.Rows, table.Row{Cells: []table.Cell{table.IntCell(h), table.IntCell(n), percentCell(share)}})
	}
	return t
}

// percentCell is a share of puzzles as a percentage with two decimals.
func percentCell(share float64) table.Cell {
	return table.Cell{Text: fmt.Sprintf("%.2f%%", 100*share), Raw: []string{table.RawFloat(share)}, Value: share}
}
