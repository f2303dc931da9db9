package record

import (
	"bytes"
	"cmp"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"
)

// SolvedColumn is the column that WriteCSV adds after status: true where
// the run settled the question asked (Record.Solved: solved, unsat, or
// multiple), which is what reports count as solved.
const SolvedColumn = "solved"

// mapPrefix names the columns of a map field: options.encoding is
// option.encoding, counters.nodes is counter.nodes; any other map field
// keeps its own name (model.clauses).
var mapPrefix = map[string]string{"options": "option", "counters": "counter"}

// WriteCSV writes records as one flat CSV table, a row per record, for
// tools that read CSV (pandas' read_csv, R, a spreadsheet):
//
//   - a column for every record field that some record holds, named as in
//     the JSON line and in the order of Record (solver, family, …, corpus,
//     puzzle_id, …, status, detail, wall_ns, …); the fields every JSON
//     line has (solver, corpus, puzzle_id, puzzle_sha, hints, size,
//     variant, mode, seed, rep, status, wall_ns, cpu_ns, alloc_bytes,
//     peak_rss_bytes, timeout_ns) have one even without records;
//   - SolvedColumn after status;
//   - a column per map entry, named field.key (option.encoding,
//     counter.nodes, model.clauses), the union over the records, sorted
//     within each field;
//   - values as in the JSON line: times and memory as integers (ns,
//     bytes), statuses as text, the start time in RFC 3339; a cell is
//     blank where the record lacks the field (not recorded, or an old
//     record), and a flag it lacks is false.
func WriteCSV(w io.Writer, recs []Record) error {
	var cols CSVColumns
	for i := range recs {
		if err := cols.Add(&recs[i]); err != nil {
			return fmt.Errorf("record %d (%s): %w", i+1, recs[i].Key(), err)
		}
	}
	cw, err := NewCSVWriter(w, &cols)
	if err != nil {
		return err
	}
	for i := range recs {
		if err := cw.Write(&recs[i]); err != nil {
			return err
		}
	}
	return cw.Flush()
}

// CSVColumns gathers the columns of WriteCSV's table from the records, so
// that a stream of records can be written in two passes, holding none:
// the first adds every record, the second writes them (CSVWriter). It
// holds the names of the columns, not the records.
type CSVColumns struct {
	present map[string]bool
}

// Add adds the columns that r has.
func (c *CSVColumns) Add(r *Record) error {
	cells, err := rawCells(r)
	if err != nil {
		return err
	}
	if c.present == nil {
		c.present = map[string]bool{SolvedColumn: true}
	}
	for col := range cells {
		c.present[col] = true
	}
	return nil
}

// CSVWriter writes records as rows of WriteCSV's table, one at a time.
type CSVWriter struct {
	cw     *csv.Writer
	header []string
	flags  map[string]bool
	line   []string
}

// NewCSVWriter writes the header of the columns cols gathered and
// returns a writer of rows under it.
func NewCSVWriter(w io.Writer, cols *CSVColumns) (*CSVWriter, error) {
	header := csvHeader(cols.present)
	cw := csv.NewWriter(w)
	if err := cw.Write(header); err != nil {
		return nil, err
	}
	return &CSVWriter{cw: cw, header: header, flags: flagFields(), line: make([]string, len(header))}, nil
}

// Write writes r as a row. A column r has that the header lacks (r was
// not added to the columns) is an error.
func (w *CSVWriter) Write(r *Record) error {
	row, err := flatten(r)
	if err != nil {
		return fmt.Errorf("record %s: %w", r.Key(), err)
	}
	for j, col := range w.header {
		v, ok := row[col]
		if !ok && w.flags[col] {
			v = "false"
		}
		w.line[j] = v
	}
	if !w.covers(row) {
		return fmt.Errorf("record %s has a column the table's header lacks: gather the columns of every record written (CSVColumns.Add)", r.Key())
	}
	return w.cw.Write(w.line)
}

// covers reports whether every column of row is in the header.
func (w *CSVWriter) covers(row map[string]string) bool {
	n := 0
	for _, col := range w.header {
		if _, ok := row[col]; ok {
			n++
		}
	}
	return n == len(row)
}

// Flush writes out what is buffered, and reports any error of the writes.
func (w *CSVWriter) Flush() error {
	w.cw.Flush()
	return w.cw.Error()
}

// flatten maps a record's columns to their text, from its JSON line, so
// that a column exists exactly where the line has the field.
func flatten(r *Record) (map[string]string, error) {
	raw, err := rawCells(r)
	if err != nil {
		return nil, err
	}
	row := make(map[string]string, len(raw))
	for col, v := range raw {
		row[col] = cellText(v)
	}
	row[SolvedColumn] = fmt.Sprint(r.Solved())
	return row, nil
}

// rawCells maps a record's columns, SolvedColumn aside, to their JSON
// values: each field of its JSON line, each entry of a map field under
// field.key.
func rawCells(r *Record) (map[string]json.RawMessage, error) {
	b, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(b, &fields); err != nil {
		return nil, err
	}
	for name, raw := range fields {
		if !bytes.HasPrefix(raw, []byte("{")) {
			continue
		}
		var entries map[string]json.RawMessage
		if err := json.Unmarshal(raw, &entries); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		delete(fields, name)
		prefix := cmp.Or(mapPrefix[name], name)
		for key, v := range entries {
			fields[prefix+"."+key] = v
		}
	}
	return fields, nil
}

// cellText is a JSON value as a CSV cell: a string unquoted, anything else
// as written.
func cellText(raw json.RawMessage) string {
	if len(raw) >= 2 && raw[0] == '"' && bytes.IndexByte(raw, '\\') < 0 {
		return string(raw[1 : len(raw)-1]) // a string without escapes
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return string(raw)
}

// csvHeader orders the columns present: Record's fields in declaration
// order, SolvedColumn after status, then each map field's entries sorted.
func csvHeader(present map[string]bool) []string {
	var header []string
	var maps []string
	for _, f := range recordFields() {
		if f.isMap {
			maps = append(maps, cmp.Or(mapPrefix[f.name], f.name)+".")
			continue
		}
		if present[f.name] || f.always {
			header = append(header, f.name)
		}
		if f.name == "status" {
			header = append(header, SolvedColumn)
		}
	}
	for _, prefix := range maps {
		var cols []string
		for col := range present {
			if strings.HasPrefix(col, prefix) {
				cols = append(cols, col)
			}
		}
		slices.Sort(cols)
		header = append(header, cols...)
	}
	return header
}

type recordField struct {
	name                  string
	isMap, isFlag, always bool // always: every JSON line has it
}

// recordFields lists Record's JSON fields in declaration order.
func recordFields() []recordField {
	t := reflect.TypeFor[Record]()
	fields := make([]recordField, 0, t.NumField())
	for f := range t.Fields() {
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		fields = append(fields, recordField{
			name: name, isMap: f.Type.Kind() == reflect.Map, isFlag: f.Type.Kind() == reflect.Bool,
			always: !strings.Contains(opts, "omitempty") && !strings.Contains(opts, "omitzero"),
		})
	}
	return fields
}

// flagFields is the set of Record's boolean fields, which JSON leaves out
// when false.
func flagFields() map[string]bool {
	flags := make(map[string]bool)
	for _, f := range recordFields() {
		if f.isFlag {
			flags[f.name] = true
		}
	}
	return flags
}
