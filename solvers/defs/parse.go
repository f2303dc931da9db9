package defs

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// value is one TOML value as written, with the line of the key that
// holds it; only the kinds a definition uses are kept.
type value struct {
	key   string // the full key: "name", "options.encoding", "command[2]"
	line  int
	kind  unstable.Kind
	str   string
	num   int64
	truth bool
	list  []*value
	table map[string]*value
	order []string // the table's keys as written
}

// entry is one [[solver]] table as written.
type entry struct {
	line  int // of its [[solver]] header
	keys  map[string]*value
	order []string
}

// positioned is an error at a line of a definition file.
type positioned struct {
	file string
	line int // 0: the file as a whole
	msg  string
}

func (e *positioned) Error() string {
	if e.line == 0 {
		return fmt.Sprintf("%s: %s", e.file, e.msg)
	}
	return fmt.Sprintf("%s:%d: %s", e.file, e.line, e.msg)
}

// readEntries reads the [[solver]] tables of a definition file. TOML's
// own rules are checked first by go-toml's decoder, whose errors carry a
// position; the document is then walked with its parser, which gives the
// line of every key.
func readEntries(file string, text []byte) ([]*entry, error) {
	var doc map[string]any
	tomlErr := toml.Unmarshal(text, &doc)
	var de *toml.DecodeError
	if errors.As(tomlErr, &de) {
		return nil, tomlError(file, tomlErr)
	}
	w := walker{file: file}
	w.p.Reset(text)
	for w.p.NextExpression() {
		w.expression(w.p.Expression())
	}
	if err := w.p.Error(); err != nil {
		w.errs = append(w.errs, &positioned{file: file, msg: "not valid TOML: " + err.Error()})
	}
	if tomlErr != nil && len(w.errs) == 0 {
		// The decoder's semantic errors (a key defined twice) have no
		// position; the walk names most of them with their line.
		w.errs = append(w.errs, tomlError(file, tomlErr))
	}
	if len(w.entries) == 0 && len(w.errs) == 0 {
		w.errs = append(w.errs, &positioned{file: file, msg: "no [[solver]] table: a definition file holds one [[solver]] table per pipeline"})
	}
	return w.entries, errors.Join(w.errs...)
}

// tomlError gives go-toml's error its file and line.
func tomlError(file string, err error) error {
	var de *toml.DecodeError
	if errors.As(err, &de) {
		row, col := de.Position()
		return &positioned{file: file, line: row, msg: fmt.Sprintf("column %d: not valid TOML: %s", col, strings.TrimPrefix(de.Error(), "toml: "))}
	}
	return &positioned{file: file, msg: "not valid TOML: " + strings.TrimPrefix(err.Error(), "toml: ")}
}

// walker gathers entries from the parser's top-level expressions.
type walker struct {
	file    string
	p       unstable.Parser
	entries []*entry
	errs    []error
}

func (w *walker) errorf(line int, format string, args ...any) {
	w.errs = append(w.errs, &positioned{file: w.file, line: line, msg: fmt.Sprintf(format, args...)})
}

// line is the line a node starts on; 0 when the node has no position.
func (w *walker) line(n *unstable.Node) int {
	if n == nil || n.Raw.Length == 0 && n.Raw.Offset == 0 {
		return 0
	}
	return w.p.Shape(n.Raw).Start.Line
}

// keyOf returns a table's or key-value's dotted key and the line of its
// first part.
func (w *walker) keyOf(n *unstable.Node) ([]string, int) {
	var parts []string
	line := 0
	it := n.Key()
	for it.Next() {
		k := it.Node()
		if line == 0 {
			line = w.line(k)
		}
		parts = append(parts, string(k.Data))
	}
	return parts, line
}

func (w *walker) expression(n *unstable.Node) {
	switch n.Kind {
	case unstable.ArrayTable:
		key, line := w.keyOf(n)
		if strings.Join(key, ".") != "solver" {
			w.errorf(line, "[[%s]]: a definition file holds [[solver]] tables only", strings.Join(key, "."))
			return
		}
		w.entries = append(w.entries, &entry{line: line, keys: make(map[string]*value)})
	case unstable.Table:
		key, line := w.keyOf(n)
		w.errorf(line, "[%s]: a definition file holds [[solver]] tables only; write options inline: options = { encoding = \"extended\" }", strings.Join(key, "."))
	case unstable.KeyValue:
		key, line := w.keyOf(n)
		if len(w.entries) == 0 {
			w.errorf(line, "key %s outside any [[solver]] table: start each pipeline with [[solver]]", strings.Join(key, "."))
			return
		}
		w.set(w.entries[len(w.entries)-1], key, line, n.Value())
	}
}

// set stores a key's value in an entry; of dotted keys only options.NAME
// is taken.
func (w *walker) set(e *entry, key []string, line int, n *unstable.Node) {
	name := strings.Join(key, ".")
	switch {
	case len(key) == 2 && key[0] == "options":
		opts, ok := e.keys["options"]
		if !ok {
			opts = &value{key: "options", line: line, kind: unstable.InlineTable, table: make(map[string]*value)}
			e.keys["options"] = opts
			e.order = append(e.order, "options")
		}
		if opts.table == nil {
			w.errorf(line, "key %s: options is not a table", name)
			return
		}
		w.put(opts, key[1], line, n)
	case len(key) > 1:
		w.errorf(line, "key %s: of dotted keys only options.NAME is known", name)
	default:
		if prev, dup := e.keys[name]; dup {
			w.errorf(line, "key %s given twice in this [[solver]] (first on line %d)", name, prev.line)
			return
		}
		e.keys[name] = w.convert(name, line, n)
		e.order = append(e.order, name)
	}
}

// put adds a key to a table value, refusing a duplicate.
func (w *walker) put(t *value, key string, line int, n *unstable.Node) {
	full := t.key + "." + key
	if prev, dup := t.table[key]; dup {
		w.errorf(line, "key %s given twice (first on line %d)", full, prev.line)
		return
	}
	t.table[key] = w.convert(full, line, n)
	t.order = append(t.order, key)
}

// convert copies a value node out of the parser's buffers.
func (w *walker) convert(key string, line int, n *unstable.Node) *value {
	v := &value{key: key, line: line, kind: n.Kind}
	switch n.Kind {
	case unstable.String:
		v.str = string(n.Data)
	case unstable.Bool:
		v.truth = bytes.Equal(n.Data, []byte("true"))
	case unstable.Integer:
		num, err := strconv.ParseInt(strings.ReplaceAll(string(n.Data), "_", ""), 0, 64)
		if err != nil {
			w.errorf(line, "key %s: integer %s out of range", key, n.Data)
		}
		v.num = num
	case unstable.Array:
		it := n.Children()
		for i := 0; it.Next(); i++ {
			v.list = append(v.list, w.convert(fmt.Sprintf("%s[%d]", key, i+1), line, it.Node()))
		}
	case unstable.InlineTable:
		v.table = make(map[string]*value)
		it := n.Children()
		for it.Next() {
			kv := it.Node()
			sub, subLine := w.keyOf(kv)
			if len(sub) != 1 {
				w.errorf(subLine, "key %s.%s: dotted keys are not taken here", key, strings.Join(sub, "."))
				continue
			}
			w.put(v, sub[0], subLine, kv.Value())
		}
	}
	return v
}
