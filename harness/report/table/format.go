package table

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"html"
	"io"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

// Writer writes tables in one format.
type Writer interface {
	WriteTable(w io.Writer, t *Table) error
}

// Table formats; each is a Writer.
type (
	// Text draws a terminal table through tablewriter, with the title
	// above, each group under a heading, and the notes below. A compact
	// table wider than Width columns (0: no limit) drops its lowest-ranked
	// columns, and says so.
	Text struct{ Width int }
	// Markdown writes a GitHub-flavoured table, best values in bold.
	Markdown struct{}
	// CSV writes a header and raw values: times in ns, memory in bytes,
	// rates as fractions with their interval in separate columns.
	CSV struct{}
	// LaTeX writes a booktabs longtable, which breaks across pages, best
	// values bold; the packages it needs are named in a comment.
	LaTeX struct{}
	// HTML writes a <table> with the notes below, best values bold.
	HTML struct{}
)

// WriteTable implements Writer.
func (x Text) WriteTable(w io.Writer, t *Table) error {
	t, dropped := fitWidth(wrapCells(t, x.Width), x.Width)
	if t.Title != "" {
		if _, err := fmt.Fprintln(w, t.Title); err != nil {
			return err
		}
	}
	if err := renderText(w, t); err != nil {
		return err
	}
	notes := t.Notes
	if len(dropped) > 0 {
		notes = append(slices.Clone(notes), fmt.Sprintf("Left out to fit %d columns: %s (--wide shows every column).", x.Width, strings.Join(dropped, ", ")))
	}
	for _, n := range notes {
		if _, err := fmt.Fprintln(w, Wrap(n, x.Width, "")); err != nil {
			return err
		}
	}
	return nil
}

// Wrap breaks text at spaces into lines of at most width characters (0:
// no limit), the lines after the first beginning with indent, which
// counts in their width; a word longer than the room keeps its own line.
func Wrap(text string, width int, indent string) string {
	if width <= 0 {
		return text
	}
	var b strings.Builder
	line := 0
	for i, word := range strings.Fields(text) {
		n := utf8.RuneCountInString(word)
		switch {
		case i == 0:
		case line+1+n > width:
			b.WriteString("\n" + indent)
			line = utf8.RuneCountInString(indent)
		default:
			b.WriteString(" ")
			line++
		}
		b.WriteString(word)
		line += n
	}
	return b.String()
}

// WriteTable implements Writer.
func (Markdown) WriteTable(w io.Writer, t *Table) error { return writeMarkdown(w, t) }

// WriteTable implements Writer.
func (CSV) WriteTable(w io.Writer, t *Table) error { return writeCSV(w, t) }

// WriteTable implements Writer.
func (LaTeX) WriteTable(w io.Writer, t *Table) error { return writeLaTeX(w, t) }

// WriteTable implements Writer.
func (HTML) WriteTable(w io.Writer, t *Table) error { return writeHTMLTable(w, t) }

// wrapCells breaks the cells of the table's first Wrap column at spaces
// into the room the other columns, at their widest, leave in width
// columns (at least minWrapped; 0: no limit), each column taking
// two columns of padding.
func wrapCells(t *Table, width int) *Table {
	c := slices.IndexFunc(t.Columns, func(c Column) bool { return c.Wrap })
	if width <= 0 || c < 0 {
		return t
	}
	room := width
	for i, col := range t.Columns {
		if i == c {
			room -= textPadding
			continue
		}
		widest := utf8.RuneCountInString(col.Name)
		for _, r := range t.Rows {
			widest = max(widest, utf8.RuneCountInString(r.Cells[i].Text))
		}
		room -= widest + textPadding
	}
	out := &Table{Title: t.Title, Columns: t.Columns, Notes: t.Notes}
	for _, r := range t.Rows {
		cells := slices.Clone(r.Cells)
		cells[c].Text = Wrap(cells[c].Text, max(room, minWrapped), "")
		out.Rows = append(out.Rows, Row{Set: r.Set, Small: r.Small, Apart: r.Apart, Cells: cells})
	}
	return out
}

// textPadding is the space a text table puts after each column; minWrapped
// the least room a Wrap column keeps, however narrow the width.
const (
	textPadding = 2
	minWrapped  = 16
)

// fitWidth drops a compact table's columns until it renders within width
// columns (0: no limit), as fit does.
func fitWidth(t *Table, width int) (*Table, []string) {
	if width <= 0 {
		return t, nil
	}
	return fit(t, func(t *Table) bool { return textWidth(t) <= width })
}

// fit drops a compact table's columns, lowest Keep first and never those
// kept always, until fits says it fits, and returns the names of those
// dropped. A table with a wide-only column was asked for in full and is
// left whole.
func fit(t *Table, fits func(*Table) bool) (*Table, []string) {
	if slices.ContainsFunc(t.Columns, func(c Column) bool { return c.Keep == 0 }) {
		return t, nil
	}
	var dropped []string
	for !fits(t) {
		drop := -1
		for i, c := range t.Columns {
			if c.Keep < keepAlways && (drop < 0 || c.Keep < t.Columns[drop].Keep) {
				drop = i
			}
		}
		if drop < 0 {
			break
		}
		dropped = append(dropped, t.Columns[drop].Name)
		var keep []int
		for i := range t.Columns {
			if i != drop {
				keep = append(keep, i)
			}
		}
		t = t.project(keep)
	}
	return t, dropped
}

// keepAlways is the Keep of columns a table never drops to fit: the
// solver, the group, and what identifies a row.
const keepAlways = 10

// textWidth is the widest line of the table drawn as text.
func textWidth(t *Table) int {
	var b strings.Builder
	if err := renderText(&b, t); err != nil {
		return 0
	}
	widest := 0
	for _, line := range strings.Split(b.String(), "\n") {
		widest = max(widest, utf8.RuneCountInString(line))
	}
	return widest
}

// renderText draws the table without borders, a line under the header.
// A group column becomes a heading line above each group's rows, so that
// the table spends its width on figures.
func renderText(w io.Writer, t *Table) error {
	t, headings := groupHeadings(t)
	align := make([]tw.Align, len(t.Columns))
	head := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		head[i], align[i] = c.Name, tw.AlignLeft
		if c.Right {
			align[i] = tw.AlignRight
		}
	}
	var b bytes.Buffer
	tab := tablewriter.NewTable(&b,
		tablewriter.WithRenderer(renderer.NewBlueprint(tw.Rendition{
			Borders: tw.BorderNone,
			Symbols: tw.NewSymbols(tw.StyleLight),
			Settings: tw.Settings{
				Separators: tw.Separators{BetweenColumns: tw.Off, BetweenRows: tw.Off},
				Lines:      tw.Lines{ShowHeaderLine: tw.On},
			},
		})),
		tablewriter.WithTrimSpace(tw.Off),
		tablewriter.WithPadding(tw.Padding{Right: strings.Repeat(" ", textPadding), Overwrite: true}),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithRowAutoWrap(tw.WrapNone),
		tablewriter.WithRowAlignmentConfig(tw.CellAlignment{PerColumn: align}),
		tablewriter.WithHeaderAlignmentConfig(tw.CellAlignment{PerColumn: align}),
	)
	tab.Header(head)
	for i, r := range t.Rows {
		if h := headings[i]; h != "" {
			heading := make([]string, len(t.Columns))
			heading[0] = h
			if err := tab.Append(heading); err != nil {
				return err
			}
		}
		if err := tab.Append(r.Texts()); err != nil {
			return err
		}
	}
	if err := tab.Render(); err != nil {
		return err
	}
	_, err := io.WriteString(w, trimLines(b.String()))
	return err
}

// trimLines drops the padding at the ends of a rendered table's lines and
// cuts its rules to the width of its text.
func trimLines(table string) string {
	lines := strings.Split(strings.TrimRight(table, "\n"), "\n")
	width := 0
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
		if !strings.HasPrefix(l, "─") {
			width = max(width, utf8.RuneCountInString(lines[i]))
		}
	}
	for i, l := range lines {
		if strings.HasPrefix(l, "─") {
			lines[i] = strings.Repeat("─", width)
		}
	}
	return strings.Join(lines, "\n") + "\n"
}

// groupHeadings takes a table's group column out, indents the first
// column's cells under it, and returns the heading due before each row:
// the group's name and label where a new group starts, "" elsewhere.
func groupHeadings(t *Table) (*Table, []string) {
	headings := make([]string, len(t.Rows))
	g := slices.IndexFunc(t.Columns, func(c Column) bool { return c.Group })
	if g < 0 {
		return t, headings
	}
	var keep []int
	for i := range t.Columns {
		if i != g {
			keep = append(keep, i)
		}
	}
	out := t.project(keep)
	for i, r := range t.Rows {
		label := r.Cells[g].Text
		if i == 0 || label != t.Rows[i-1].Cells[g].Text {
			headings[i] = t.Columns[g].Name + " " + label
		}
		out.Rows[i].Cells[0].Text = "  " + out.Rows[i].Cells[0].Text
	}
	return out, headings
}

// Texts are the row's cells' texts.
func (r Row) Texts() []string {
	s := make([]string, len(r.Cells))
	for i, c := range r.Cells {
		s[i] = c.Text
	}
	return s
}

// EscapeMarkdown escapes the characters Markdown would read as a table's
// bars or as emphasis.
func EscapeMarkdown(s string) string { return mdEscaper.Replace(s) }

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
	notes := notesWithBold(t)
	for i, n := range notes {
		if i == 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%s\n", mdEscaper.Replace(n))
		if i < len(notes)-1 {
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

// EscapeLaTeX writes text for LaTeX: its special characters escaped, and
// the symbols the tables and figures use (µ, –, ×, ∞, †, …) as LaTeX
// writes them.
func EscapeLaTeX(s string) string { return latexEscaper.Replace(s) }

var latexEscaper = strings.NewReplacer(
	`\`, `\textbackslash{}`, `&`, `\&`, `%`, `\%`, `$`, `\$`, `#`, `\#`, `_`, `\_`,
	`{`, `\{`, `}`, `\}`, `~`, `\textasciitilde{}`, `^`, `\textasciicircum{}`, `<`, `\textless{}`, `>`, `\textgreater{}`,
	`µ`, `\textmu{}`, `–`, `--`, `×`, `$\times$`, `∞`, `$\infty$`, `−`, `$-$`,
	`·`, `$\cdot$`, `≥`, `$\geq$`, `†`, `\dag{}`, `→`, `$\to$`, `ε`, `$\varepsilon$`,
)

// nameBreaks finds the slashes of pipelines' names in a note (a slash
// before a letter, not one of "3/4"): the only places where a long list
// of names can break.
var nameBreaks = regexp.MustCompile(`/([A-Za-z])`)

// LaTeXPackages are the packages a LaTeX table needs in the preamble.
const LaTeXPackages = `\usepackage{array,booktabs,longtable}`

// nameBreaker lets a wrapped pipeline name break after its slashes and
// hyphens ("extended-native-propagated" is wider than the column).
var nameBreaker = strings.NewReplacer("/", "/\\allowbreak{}", "-", "-\\allowbreak{}")

// latexWrap is the length of a first-column entry (a solver's name) beyond
// which the column wraps its entries at latexWrapWidth, at slashes and
// hyphens, so that the table fits a page.
const (
	latexWrap      = 20
	latexWrapWidth = "7em"
)

// latexKeep is the least Keep of the columns a compact LaTeX table shows:
// the rest would not fit a page.
const latexKeep = 4

func writeLaTeX(w io.Writer, t *Table) error {
	t, dropped := fit(t, func(t *Table) bool {
		return !slices.ContainsFunc(t.Columns, func(c Column) bool { return c.Keep < latexKeep })
	})
	if len(dropped) > 0 {
		t.Notes = append(slices.Clone(t.Notes), fmt.Sprintf("Left out to fit the page: %s (the wide table has every column).", strings.Join(dropped, ", ")))
	}
	t, headings := groupHeadings(t)
	wrapFirst := slices.ContainsFunc(t.Rows, func(r Row) bool { return utf8.RuneCountInString(r.Cells[0].Text) > latexWrap })
	var b strings.Builder
	fmt.Fprintf(&b, "%% Generated by sudokubench. Needs in the preamble: %s\n", LaTeXPackages)
	b.WriteString("{\\footnotesize\\setlength{\\tabcolsep}{2pt}\n\\begin{longtable}{")
	for i, c := range t.Columns {
		switch {
		case i == 0 && wrapFirst:
			b.WriteString(">{\\raggedright\\arraybackslash}p{" + latexWrapWidth + "}")
		case c.Right:
			b.WriteString("r")
		default:
			b.WriteString("l")
		}
	}
	names := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		names[i] = latexHeader(c)
	}
	head := strings.Join(names, " & ") + " \\\\\n\\midrule\n"
	fmt.Fprintf(&b, "}\n\\caption{%s}\\\\\n\\toprule\n%s\\endfirsthead\n", latexEscaper.Replace(t.Title), head)
	fmt.Fprintf(&b, "\\multicolumn{%d}{l}{\\emph{%s (continued)}}\\\\\n\\toprule\n%s\\endhead\n", len(t.Columns), latexEscaper.Replace(t.Title), head)
	b.WriteString("\\bottomrule\n\\endfoot\n")
	for i, r := range t.Rows {
		if h := headings[i]; h != "" {
			if i > 0 {
				b.WriteString("\\midrule\n")
			}
			fmt.Fprintf(&b, "\\multicolumn{%d}{l}{\\textit{%s}} \\\\\n", len(t.Columns), latexEscaper.Replace(h))
		}
		cells := make([]string, len(r.Cells))
		for i, c := range r.Cells {
			cells[i] = latexEscaper.Replace(strings.TrimSpace(c.Text))
			if i == 0 && wrapFirst {
				cells[i] = nameBreaker.Replace(cells[i])
			}
			if c.Best {
				cells[i] = "\\textbf{" + cells[i] + "}"
			}
		}
		fmt.Fprintf(&b, "%s \\\\\n", strings.Join(cells, " & "))
	}
	b.WriteString("\\end{longtable}\n")
	for _, n := range notesWithBold(t) {
		fmt.Fprintf(&b, "%s\\par\n", nameBreaks.ReplaceAllString(latexEscaper.Replace(n), "/\\allowbreak{}$1"))
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// latexHeader is a column's heading on two lines, so that it widens no
// column of short numbers: a unit in parentheses on a line of its own,
// or else a heading of several words broken at its last space; both
// lines set on the column's side.
func latexHeader(c Column) string {
	first, second, ok := strings.Cut(c.Name, " (")
	if ok && strings.HasSuffix(second, ")") && !strings.Contains(second, "(") {
		second = "(" + second
	} else if i := strings.LastIndex(c.Name, " "); i > 0 && !strings.Contains(c.Name, "[") {
		first, second = c.Name[:i], c.Name[i+1:]
	} else {
		return latexEscaper.Replace(c.Name)
	}
	side := "l"
	if c.Right {
		side = "r"
	}
	return fmt.Sprintf("\\begin{tabular}[b]{@{}%s@{}}%s\\\\%s\\end{tabular}", side, latexEscaper.Replace(first), latexEscaper.Replace(second))
}

// notesWithBold adds the note on bold cells where a table has them.
func notesWithBold(t *Table) []string {
	if !t.HasBest() {
		return t.Notes
	}
	return append(slices.Clone(t.Notes), boldNote)
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
	for _, n := range notesWithBold(t) {
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

// Format is a format for tables and documents. Every one the suite
// writes is declared once, in formats: the command line, documents and
// tests take their list from there (plot formats are in package figure).
type Format struct {
	Name    string   // the --format value
	Aliases []string // other names it answers to
	Ext     string   // a document's file extension
	Writer  Writer
}

var formats = []Format{
	{Name: "text", Aliases: []string{"txt", ""}, Ext: "txt", Writer: Text{}},
	{Name: "md", Aliases: []string{"markdown"}, Ext: "md", Writer: Markdown{}},
	{Name: "csv", Ext: "csv", Writer: CSV{}},
	{Name: "latex", Aliases: []string{"tex"}, Ext: "tex", Writer: LaTeX{}},
	{Name: "html", Ext: "html", Writer: HTML{}},
}

// FormatNames lists the table and document formats' names.
func FormatNames() []string {
	names := make([]string, len(formats))
	for i, f := range formats {
		names[i] = f.Name
	}
	return names
}

// LookupFormat returns the table and document format of a name or an
// alias, in any case.
func LookupFormat(name string) (Format, error) {
	name = strings.ToLower(name)
	for _, f := range formats {
		if f.Name == name || slices.Contains(f.Aliases, name) {
			return f, nil
		}
	}
	return Format{}, fmt.Errorf("unknown format %q: use %s", name, strings.Join(FormatNames(), ", "))
}

// WriterFor returns the table writer for a format name (LookupFormat).
func WriterFor(name string) (Writer, error) {
	f, err := LookupFormat(name)
	return f.Writer, err
}

// WriteAll writes tables in one format, a blank line between them.
func WriteAll(w io.Writer, tw Writer, tables []*Table) error {
	for i, t := range tables {
		if i > 0 {
			if _, err := io.WriteString(w, "\n"); err != nil {
				return err
			}
		}
		if err := tw.WriteTable(w, t); err != nil {
			return err
		}
	}
	return nil
}
