package figure_test

import (
	"fmt"
	"io"

	"gonum.org/v1/plot/plotter"

	"github.com/sudokubench/sudokubench/harness/report/figure"
)

// A figure of one panel at a column's width: a line in the first style
// slot's colour and dashes, its legend under the panel, checked for what
// a reader would not print and written as a PDF.
func Example() {
	p := figure.NewPlot("step", "loss", figure.ValueGrid(false))
	line, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 2}, {X: 500, Y: 0.9}, {X: 1000, Y: 0.4}})
	if err != nil {
		panic(err)
	}
	line.Color, line.Dashes, line.Width = figure.SlotColor(0), figure.SlotDashes(0), figure.LineWidth
	p.Add(line)
	legend := []figure.LegendEntry{{Label: "cnn", Thumb: figure.Thumb{Color: figure.SlotColor(0), Line: true}}}
	f := figure.Figure{Name: "loss", Title: "How fast does the loss fall?", Width: figure.ColumnWidth,
		Panels: []figure.Panel{{Plot: p, Legend: legend}}}
	w, _ := f.Size()
	fmt.Printf("%.0f pt wide, problems: %d\n", w.Points(), len(figure.Check(f)))
	fmt.Println(figure.WriteFigure(io.Discard, f, "pdf"))
	// Output:
	// 252 pt wide, problems: 0
	// <nil>
}
