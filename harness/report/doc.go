// Package report turns result records into statistics, tables, plots and
// documents (text, Markdown, CSV, LaTeX, HTML).
//
// Its opinions, stated once here so every output follows them:
//
//   - A run that did not settle the question (timeout, memout, crash, wrong,
//     error, gave-up) has no time. Time statistics (median, IQR, p90, max)
//     are over solved runs only; PAR-2 is the one figure that mixes both,
//     counting every unsolved run as twice the stated limit, and the limit is
//     always printed beside it.
//   - Quantiles are Hyndman and Fan's type 7 (R's and NumPy's default):
//     linear interpolation between order statistics at h = (n−1)p.
//   - Success rates carry a Wilson 95% score interval, which stays inside
//     [0, 1] and behaves at 0 and n.
//   - Repetitions of a deterministic solver on one puzzle are one
//     observation (median time, most frequent status): they measure the
//     clock, not the solver, and counting them would narrow the intervals
//     dishonestly. Each run of a stochastic solver is one read, and success
//     per read and TTS99 are reported for it.
//   - Groups with fewer than MinN observations are flagged as small, and no
//     best value is marked among them (benchstat's rule: no stars without
//     enough data).
//   - Output depends only on the input: rows are sorted, colours follow the
//     sorted solver names, resampling uses a fixed seed, and no clock is
//     read, so generated files do not churn.
//
// Problems that do not stop a report (a truncated line, conflicting limits, a
// duplicate run) are returned as warnings, never printed.
package report
