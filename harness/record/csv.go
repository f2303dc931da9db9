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
	rows := make([]map[string]string, len(recs))
	present := make(map[string]bool)
	for i := range recs {
		row, err := flatten(&recs[i])
		if err != nil {
			return fmt.Errorf("record %d (%s): %w", i+1, recs[i].Key(), err)
		}
		for col := range row {
			present[col] = true
		}
		rows[i] = row
	}
	header := csvHeader(present)
	cw := csv.NewWriter(w)
	if err := cw.Write(header); err != nil {
		return err
	}
	flags := flagFields()
	line := make([]string, len(header))
	for _, row := range rows {
		for j, col := range header {
			v, ok := row[col]
			if !ok && flags[col] {
				v = "false"
			}
			line[j] = v
		}
		if err := cw.Write(line); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// flatten maps a record's columns to their text, from its JSON line, so
// that a column exists exactly where the line has the field.
func flatten(r *Record) (map[string]string, error) {
	b, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(b, &fields); err != nil {
		return nil, err
	}
	row := make(map[string]string, len(fields)+1)
	for name, raw := range fields {
		if !bytes.HasPrefix(raw, []byte("{")) {
			row[name] = cellText(raw)
			continue
		}
		var entries map[string]json.RawMessage
		if err := json.Unmarshal(raw, &entries); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		prefix := cmp.Or(mapPrefix[name], name)
		for key, v := range entries {
			row[prefix+"."+key] = cellText(v)
		}
	}
	row[SolvedColumn] = fmt.Sprint(r.Solved())
	return row, nil
}

// cellText is a JSON value as a CSV cell: a string unquoted, anything else
// as written.
func cellText(raw json.RawMessage) string {
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
