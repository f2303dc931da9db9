// Package figure draws the suite's figures: a Figure of one or more
// panels (gonum plots) laid out for a print width, and written as SVG,
// PNG, PDF or TikZ, each format declared once (PlotFormatNames,
// LookupPlotFormat).
//
// Its rules, the same for every figure the suite draws:
//
//   - A figure is laid out for a print width (PageWidth or ColumnWidth),
//     its text at least 7 pt there; panels share their axes, their
//     legends under them, and no text may collide with other text or
//     with data, nor leave the canvas (Check tests exactly that).
//   - Colours are Okabe and Ito's, its yellow replaced by grey; each of
//     MaxSeries slots has a colour, a glyph and a dash pattern, so that a
//     figure printed in grey still tells its series apart (SlotColor,
//     SlotDashes, SlotGlyph).
//   - Styles gives each pipeline its slot, the same in every report, and
//     lays out more than MaxSeries pipelines as small multiples, a panel
//     per family in the order the caller gives.
//   - Output depends only on the input: PDFs carry a fixed date and embed
//     their fonts, PNGs state their resolution, so generated files do
//     not churn.
//
// It reads no records: what a figure shows is its caller's (package
// report for the records' figures, package neural for learning curves).
package figure
