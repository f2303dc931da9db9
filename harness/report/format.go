package report

import (
	"encoding/csv"
	"fmt"
	"html"
	"io"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/tw"
)

// TableWriter writes tables in one format.
type TableWriter interface {
	WriteTable(w io.Writer, t *Table) error
}

// Table formats; each is a TableWriter.
type (
	// Text draws a bordered terminal table through tablewriter, with the
	// title above and the notes below.
	Text struct{}
	// Markdown writes a GitHub-flavoured table, best values in bold.
	Markdown struct{}
	// CSV writes a header and raw values: times in ns, memory in bytes,
	// rates as fractions with their interval in separate columns.
	CSV struct{}
	// LaTeX writes a booktabs tabular in a table float, best values bold.
	LaTeX struct{}
	// HTML writes a <table> with the notes below, best values bold.
	HTML struct{}
)

// WriteTable implements TableWriter.
func (Text) WriteTable(w io.Writer, t *Table) error { return writeText(w, t) }

// WriteTable implements TableWriter.
func (Markdown) WriteTable(w io.Writer, t *Table) error { return writeMarkdown(w, t) }

// WriteTable implements TableWriter.
func (CSV) WriteTable(w io.Writer, t *Table) error { return writeCSV(w, t) }

// WriteTable implements TableWriter.
func (LaTeX) WriteTable(w io.Writer, t *Table) error { return writeLaTeX(w, t) }

// WriteTable implements TableWriter.
func (HTML) WriteTable(w io.Writer, t *Table) error { return writeHTMLTable(w, t) }

func writeText(w io.Writer, t *Table) error {
	if _, err := fmt.Fprintln(w, t.Title); err != nil {
		return err
	}
	align := make([]tw.Align, len(t.Columns))
	head := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		head[i], align[i] = c.Name, tw.AlignLeft
		if c.Right {
			align[i] = tw.AlignRight
		}
	}
	tab := tablewriter.NewTable(w,
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithRowAlignmentConfig(tw.CellAlignment{PerColumn: align}),
		tablewriter.WithHeaderAlignmentConfig(tw.CellAlignment{PerColumn: align}),
	)
	tab.Header(head)
	for _, r := range t.Rows {
		if err := tab.Append(texts(r)); err != nil {
			return err
		}
	}
	if err := tab.Render(); err != nil {
		return err
	}
	for _, n := range t.Notes {
		if _, err := fmt.Fprintln(w, n); err != nil {
			return err
		}
	}
	return nil
}

func texts(r Row) []string {
	s := make([]string, len(r.Cells))
	for i, c := range r.Cells {
		s[i] = c.Text
	}
	return s
}

var mdEscaper = strings.NewReplacer(`|`, `\|`, `*`, `\*`, `_`, `\_`)

func writeMarkdown(w io.Writer, t *Table) error {
	var b strings.Builder
	fmt.Fprintf(&b, "### %s\n\n|", t.Title)
	for _, c := range t.Columns {
		fmt.Fprintf(&b, " %s |", mdEscaper.Replace(c.Name))
	}
	b.WriteString("\n|")
	for _, c := range t.Columns {
		if c.Right {
			b.WriteString("---:|")
		} else {
			b.WriteString("---|")
		}
	}
	b.WriteString("\n")
	for _, r := range t.Rows {
		b.WriteString("|")
		for _, c := range r.Cells {
			text := mdEscaper.Replace(c.Text)
			if c.Best {
				text = "**" + text + "**"
			}
			fmt.Fprintf(&b, " %s |", text)
		}
		b.WriteString("\n")
	}
	for i, n := range t.Notes {
		if i == 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%s\n", mdEscaper.Replace(n))
		if i < len(t.Notes)-1 {
			b.WriteString("\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeCSV(w io.Writer, t *Table) error {
	cw := csv.NewWriter(w)
	var head []string
	for _, c := range t.Columns {
		if c.CSV == nil {
			head = append(head, c.Name)
		} else {
			head = append(head, c.CSV...)
		}
	}
	if err := cw.Write(head); err != nil {
		return err
	}
	for _, r := range t.Rows {
		var rec []string
		for _, c := range r.Cells {
			rec = append(rec, c.Raw...)
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

var latexEscaper = strings.NewReplacer(
	`\`, `\textbackslash{}`, `&`, `\&`, `%`, `\%`, `$`, `\$`, `#`, `\#`, `_`, `\_`,
	`{`, `\{`, `}`, `\}`, `~`, `\textasciitilde{}`, `^`, `\textasciicircum{}`,
	`µ`, `\textmu{}`, `–`, `--`, `×`, `$\times$`, `∞`, `$\infty$`, `−`, `$-$`,
	`·`, `$\cdot$`, `≥`, `$\geq$`,
)

func writeLaTeX(w io.Writer, t *Table) error {
	var b strings.Builder
	b.WriteString("\\begin{table}\n\\centering\n")
	fmt.Fprintf(&b, "\\caption{%s}\n\\begin{tabular}{", latexEscaper.Replace(t.Title))
	for _, c := range t.Columns {
		if c.Right {
			b.WriteString("r")
		} else {
			b.WriteString("l")
		}
	}
	b.WriteString("}\n\\toprule\n")
	names := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		names[i] = latexEscaper.Replace(c.Name)
	}
	fmt.Fprintf(&b, "%s \\\\\n\\midrule\n", strings.Join(names, " & "))
	for _, r := range t.Rows {
		cells := make([]string, len(r.Cells))
		for i, c := range r.Cells {
			cells[i] = latexEscaper.Replace(c.Text)
			if c.Best {
				cells[i] = "\\textbf{" + cells[i] + "}"
			}
		}
		fmt.Fprintf(&b, "%s \\\\\n", strings.Join(cells, " & "))
	}
	b.WriteString("\\bottomrule\n\\end{tabular}\n")
	if len(t.Notes) > 0 {
		b.WriteString("\\par\\smallskip\\footnotesize\n")
		for _, n := range t.Notes {
			fmt.Fprintf(&b, "%s\\par\n", latexEscaper.Replace(n))
		}
	}
	b.WriteString("\\end{table}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func writeHTMLTable(w io.Writer, t *Table) error {
	var b strings.Builder
	fmt.Fprintf(&b, "<h3>%s</h3>\n<table>\n<thead><tr>", html.EscapeString(t.Title))
	for _, c := range t.Columns {
		fmt.Fprintf(&b, "<th%s>%s</th>", alignAttr(c), html.EscapeString(c.Name))
	}
	b.WriteString("</tr></thead>\n<tbody>\n")
	for _, r := range t.Rows {
		b.WriteString("<tr>")
		for i, c := range r.Cells {
			text := html.EscapeString(c.Text)
			if c.Best {
				text = "<b>" + text + "</b>"
			}
			fmt.Fprintf(&b, "<td%s>%s</td>", alignAttr(t.Columns[i]), text)
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody>\n</table>\n")
	for _, n := range t.Notes {
		fmt.Fprintf(&b, "<p class=\"note\">%s</p>\n", html.EscapeString(n))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func alignAttr(c Column) string {
	if c.Right {
		return ` class="num"`
	}
	return ""
}

// TableFormat returns the table writer for a format name: text, md
// (markdown), csv, latex (tex) or html.
func TableFormat(name string) (TableWriter, error) {
	switch strings.ToLower(name) {
	case "text", "txt", "":
		return Text{}, nil
	case "md", "markdown":
		return Markdown{}, nil
	case "csv":
		return CSV{}, nil
	case "latex", "tex":
		return LaTeX{}, nil
	case "html":
		return HTML{}, nil
	}
	return nil, fmt.Errorf("unknown format %q: use text, md, csv, latex or html", name)
}
