// Package table is the suite's one path for tables: a format-independent
// Table of columns, rows and cells (text for people, raw values for
// machines, a value for finding the best), and the Writers that put it
// out as a terminal table, Markdown, CSV, LaTeX or HTML, each format
// declared once (FormatNames, LookupFormat). It also writes the units its
// cells use: durations, counts and percentages with three significant
// digits (FormatDuration, FormatCount, FormatSig).
//
// Its rules, the same in every format: rows with the same Set compete for
// the best value of a column that says which way is Better, rows marked
// Small or Apart never win; a time or memory column within three decades
// may share one unit, named in its header (SharedUnits); a text table too
// wide for its terminal drops its lowest-ranked columns and says so. It
// reads no records and knows no statistics: what goes into a table is the
// caller's (package report, the command line's listings).
package table
