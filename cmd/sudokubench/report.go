package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/harness/report"
)

func newReportCmd() *cobra.Command {
	var (
		format, plots, out, doc, by, measure string
		check                                bool
	)
	cmd := &cobra.Command{
		Use:   "report DIR...",
		Short: "Statistics, tables and plots from result directories",
		Long: `Report reads results.jsonl and manifest.json from each directory (merged on
load) and writes statistics per solver and hint-count bucket and per solver and
corpus: success rate with a Wilson 95% interval, unsolved runs by status,
PAR-2 with the limit stated, median, IQR, p90 and max time over solved runs,
and peak memory; success per read and TTS99 for stochastic solvers.

Without --out the document goes to stdout. With --out DIR, report.<ext> and
the plots (--plots svg,png,pdf) are written there; Markdown links the plots
relatively, so

  sudokubench report results/ref --format md --plots svg --out DIR

makes a report.md that can be committed with its figures. --doc FILE puts the
document elsewhere, linking the plots in --out relative to it, and --check
writes nothing but fails if the files on disk differ from what the results
give. BENCHMARKS.md is made, and checked, this way:

  sudokubench report results/reference --format md --plots svg \
      --out results/reference/plots --doc BENCHMARKS.md [--check]`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, dirs []string) error {
			m, err := report.ParseMeasure(measure)
			if err != nil {
				return err
			}
			if _, err := report.TableFormat(format); err != nil {
				return err
			}
			plotFormats, err := reportPlotFormats(plots)
			if err != nil {
				return err
			}
			if (len(plotFormats) > 0 || doc != "" || check) && out == "" {
				return errors.New("--plots, --doc and --check need --out DIR for the plot files")
			}
			data, warnings, err := report.Load(dirs...)
			if err != nil {
				return err
			}
			rep, err := report.New(data, report.Config{Measure: m, By: reportList(by)})
			if err != nil {
				return err
			}
			rep.Warnings = append(warnings, rep.Warnings...)
			for _, w := range rep.Warnings {
				fmt.Fprintln(cmd.ErrOrStderr(), "warning:", w)
			}
			if out == "" {
				return reportStdout(cmd, rep, format)
			}
			files, err := rep.WriteFiles(report.Files{Doc: doc, PlotDir: out, Check: check}, format, plotFormats)
			verb := map[bool]string{false: "wrote", true: "checked"}[check]
			for _, f := range files {
				fmt.Fprintln(cmd.OutOrStdout(), verb, f)
			}
			return err
		},
	}
	f := cmd.Flags()
	f.StringVar(&format, "format", "text", "document format: text, md, csv, latex or html")
	f.StringVar(&plots, "plots", "", "plot formats to write with --out, comma-separated: svg, png, pdf")
	f.StringVar(&out, "out", "", "directory to write report.<ext> and plots into (default: document to stdout)")
	f.StringVar(&doc, "doc", "", "with --out: write the document to this file instead of DIR/report.<ext>")
	f.BoolVar(&check, "check", false, "write nothing; fail if the document or plots on disk differ from what the results give")
	f.StringVar(&by, "by", "hints,corpus", "groupings, comma-separated: hints, corpus")
	f.StringVar(&measure, "time", "cpu", "time measure: cpu or wall")
	return cmd
}

func reportStdout(cmd *cobra.Command, rep *report.Report, format string) error {
	var figs []report.Figure
	if report.Extension(format) == "html" {
		var err error
		if figs, err = rep.Figures(); err != nil {
			return err
		}
	}
	return rep.WriteDocument(cmd.OutOrStdout(), format, figs, "", "")
}

func reportPlotFormats(s string) ([]string, error) {
	fs := reportList(s)
	for _, f := range fs {
		switch f {
		case "svg", "png", "pdf":
		default:
			return nil, fmt.Errorf("unknown plot format %q: use svg, png or pdf", f)
		}
	}
	return fs, nil
}

// reportList splits a comma-separated flag value, dropping empty items; it
// returns nil for an empty value.
func reportList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
