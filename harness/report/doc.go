// Package report turns result records into statistics, tables, plots and
// documents (text, Markdown, CSV, LaTeX, HTML), and compares result sets.
// It stands on three packages of one job each: stats (the statistics, no
// formatting), table (the one table path and its formats) and figure
// (layout, styles and plot formats); what it adds is how records become
// observations, groups, summaries and figures, and the opinions below.
//
// Its opinions, stated once here so every output follows them:
//
//   - Statistics count puzzles. A deterministic solver's repetitions on a
//     puzzle measure the clock, not the solver: they fold into one
//     observation (most frequent status, median time). A stochastic
//     solver's runs are reads: success per read and TTS99 come from every
//     read (and UTS99, the same in attempted updates, where the solver
//     counts them: a cost the machine's load does not move), and the
//     puzzle counts once, solved when more than half of its runs solved
//     it, its time the median over its runs with unsolved runs at their
//     limit. Counting repetitions would narrow the intervals dishonestly.
//   - A run that did not settle the question (timeout, memout, crash, wrong,
//     error, gave-up) has no time. Time statistics (median, IQR, p90, max)
//     are over solved puzzles only; PAR-2 is the one figure that mixes both,
//     charging every unsolved puzzle twice its own run's limit, and the
//     limit is always printed beside it.
//   - Quantiles are Hyndman and Fan's type 7 (R's and NumPy's default):
//     linear interpolation between order statistics at h = (n−1)p.
//   - Success rates carry a Wilson 95% score interval, which stays inside
//     [0, 1] and behaves at 0 and n.
//   - Groups with fewer than MinN puzzles are flagged as small, and no best
//     value is marked among them (benchstat's rule: no stars without enough
//     data). First-mode times beside unique-mode ones are marked, and never
//     best: uniqueness was not proved.
//   - Memory is the pipeline's own (own_peak_bytes): an in-process
//     solver's peak above the idle worker's (the Go runtime is not the
//     solver's), an outside program's process tree's peak at one time,
//     "n/a" where that was not measured — never the worker's figure in its
//     place.
//   - A time says whether it holds an outside program's process start-up.
//     Own time is the solve less the measured start-up, never below zero;
//     by default tables show the whole time with the own median beside
//     it, and figures own time (TimePart), each saying which.
//   - A report says what it covers: the plan's size, how much of it is
//     recorded, which shards are missing. It refuses to mix plans.
//   - Two runs of one build differ: the machine drifts. A comparison judges
//     significance across runs, each run one observation (Welch's t test on
//     the logarithms of the runs' geometric means: each side its own
//     variance); with one run on a side it claims none. A run is counted
//     once: a directory given twice, or a copy of a run, is refused.
//   - Two pipelines are set against each other puzzle by puzzle, in one
//     mode: the geometric mean of their time ratios with a t interval,
//     and Wilcoxon's signed-rank test (exact up to 20 ratios). A portfolio
//     (virtual best, single best, unique solves, marginal contributions)
//     is per mode, never mixing complete and incomplete pipelines, and
//     reads the figures' time (TimePart): own time where outside programs
//     take part, by default, so that their start-up does not decide which
//     pipeline is fastest.
//   - A figure answers one question, in its title or its caption. Up to
//     MaxSeries pipelines share a panel; more are drawn as small
//     multiples, a panel per family with shared axes, and each pipeline
//     keeps its colour (Okabe–Ito), glyph and dash in every report, no two
//     alike in a panel. A point drawn from fewer than FewN puzzles is
//     hollow, and no line joins groups across hint counts without puzzles.
//     Figures are laid out for a print width, their text at least 7 pt
//     there, and no text may collide with other text or with data.
//   - Tables write numbers with three significant digits, a column's unit
//     in its header where one unit serves all its values.
//   - Output depends only on the input: rows are sorted, styles follow the
//     pipelines' names and families, resampling uses a fixed seed, and
//     no clock is read, so generated files do not churn.
//
// Tally makes the tables over every puzzle run (a report by "all") from
// a directory's records streamed, folding by the same rules and holding
// some 85 bytes a run where a loaded report holds hundreds: `run` ends
// with them at any size.
//
// Problems that do not stop a report (a truncated line, a duplicate run, an
// incomplete plan, a busy machine) are returned as warnings, never printed.
package report
