package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/sudokubench/sudokubench/harness"
	"github.com/sudokubench/sudokubench/harness/runner"
	"github.com/sudokubench/sudokubench/sudoku"
)

// apiError is a request the server refuses: an HTTP status and a message
// that says what was wrong and where.
type apiError struct {
	code       int
	msg        string
	retryAfter int // seconds, for 429 and 503; 0: no Retry-After
}

func (e *apiError) Error() string { return e.msg }

// badRequest is a 400 with a formatted message.
func badRequest(format string, args ...any) *apiError {
	return &apiError{code: http.StatusBadRequest, msg: fmt.Sprintf(format, args...)}
}

// errorBody is what a refused request gets: the message, and the cells it
// names ("r3c2"), for a page to highlight.
type errorBody struct {
	Error string   `json:"error"`
	Cells []string `json:"cells,omitempty"`
}

// cellName matches the cell names sudoku's messages use: r3c7.
var cellName = regexp.MustCompile(`\br\d+c\d+\b`)

// writeError answers a refused request. A puzzle that fails to parse or
// validate (a sudoku.Error) is the request's fault: 400. A solver whose
// workers all stayed busy is 503 with Retry-After. Any other error that
// is not an apiError comes from the server being unable to answer now
// (shutting down, the request cancelled): 503.
func writeError(w http.ResponseWriter, err error) {
	var ae *apiError
	var pe *sudoku.Error
	switch {
	case errors.As(err, &ae):
	case errors.As(err, &pe):
		ae = &apiError{code: http.StatusBadRequest, msg: pe.Error()}
	case errors.Is(err, runner.ErrBusy):
		ae = &apiError{code: http.StatusServiceUnavailable, msg: err.Error() + "; retry later", retryAfter: 1}
	default:
		ae = &apiError{code: http.StatusServiceUnavailable, msg: "the server could not answer: " + err.Error(), retryAfter: 1}
	}
	if ae.retryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(ae.retryAfter))
	}
	writeJSON(w, ae.code, errorBody{Error: ae.msg, Cells: cellName.FindAllString(ae.msg, -1)})
}

// writeJSON answers with v as JSON.
func writeJSON(w http.ResponseWriter, code int, v any) {
	b, err := json.Marshal(v)
	if err != nil { // only a programming error gets here: every type is plain data
		code, b = http.StatusInternalServerError, []byte(`{"error":"encoding the answer failed"}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(code)
	_, _ = w.Write(append(b, '\n'))
}

// decodeBody reads one JSON object of type T from the request body, which
// readBody has read and bounded, with no field T does not have.
func decodeBody[T any](r *http.Request) (T, error) {
	var v T
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return v, jsonError(err, reflect.TypeFor[T]())
	}
	if err := dec.Decode(&struct{}{}); !errors.Is(err, io.EOF) {
		return v, badRequest("request body holds more than one JSON value")
	}
	return v, nil
}

// jsonError turns a decoding error into the message a client can act on.
func jsonError(err error, t reflect.Type) *apiError {
	var (
		syntax  *json.SyntaxError
		wrong   *json.UnmarshalTypeError
		invalid *fieldError
	)
	switch {
	case errors.Is(err, io.EOF):
		return badRequest(`empty request body: want a JSON object such as {"puzzle": "..."}`)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return badRequest("malformed JSON: the body ends in the middle of a value")
	case errors.As(err, &syntax):
		return badRequest("malformed JSON at byte %d: %s", syntax.Offset, strings.TrimPrefix(syntax.Error(), "json: "))
	case errors.As(err, &wrong) && wrong.Field == "":
		return badRequest("the body is JSON %s; want an object with the fields %s", wrong.Value, fieldNames(t))
	case errors.As(err, &wrong):
		// Field is a path through embedded structs: "puzzleRequest.mode".
		field := wrong.Field[strings.LastIndexByte(wrong.Field, '.')+1:]
		return badRequest("field %q: got JSON %s, want %s", field, wrong.Value, jsonKind(wrong.Type))
	case errors.As(err, &invalid):
		return badRequest("%s", invalid.Error())
	}
	if field, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return badRequest("unknown field %s; known fields: %s", field, fieldNames(t))
	}
	return badRequest("malformed JSON: %s", strings.TrimPrefix(err.Error(), "json: "))
}

// jsonKind names a Go type as the JSON a client should send.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int64, reflect.Int32, reflect.Uint64:
		return "a whole number"
	case reflect.Float64:
		return "a number"
	case reflect.Slice:
		return "an array of " + strings.TrimPrefix(jsonKind(t.Elem()), "a ") + "s"
	}
	return "a " + t.String()
}

// fieldNames lists the JSON names of a struct's fields, embedded ones too.
func fieldNames(t reflect.Type) string {
	var names []string
	for f := range t.Fields() {
		if f.Anonymous {
			names = append(names, fieldNames(f.Type))
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		names = append(names, name)
	}
	return strings.Join(names, ", ")
}

// fieldError is a field whose JSON has the right type but a value the
// field's own decoder refuses.
type fieldError struct {
	field string
	err   error
}

func (e *fieldError) Error() string { return fmt.Sprintf("field %q: %v", e.field, e.err) }

// puzzleField is a puzzle as a request gives it: a string (the one-line or
// the display form) or rows of numbers, 0 for a blank. It is read into a
// grid once the request's variant is known.
type puzzleField struct {
	text string
	rows [][]int
	set  bool
}

func (p *puzzleField) UnmarshalJSON(b []byte) error {
	p.set = true
	switch b = bytes.TrimSpace(b); {
	case len(b) > 0 && b[0] == '"':
		return json.Unmarshal(b, &p.text)
	case len(b) > 0 && b[0] == '[':
		if err := json.Unmarshal(b, &p.rows); err != nil {
			return &fieldError{"puzzle", errors.New("want rows of whole numbers, 0 for a blank: [[5,3,0,…],…]")}
		}
		return nil
	case string(b) == "null":
		p.set = false
		return nil
	}
	return &fieldError{"puzzle", fmt.Errorf("got %.20s; want a string (one line or the display form) or rows of numbers, 0 for a blank", b)}
}

// grid reads the puzzle for a variant, with sudoku's messages: "char 5
// (r1c5): unknown symbol …". A well-formed puzzle without a solution (two
// equal givens in a unit) is no bad request: the solvers answer it unsat.
func (p puzzleField) grid(v sudoku.Variant) (*sudoku.Grid, error) {
	var g *sudoku.Grid
	var err error
	switch {
	case !p.set:
		return nil, badRequest(`no puzzle: send {"puzzle": "..."} with the one-line or display form, or rows of numbers`)
	case p.rows != nil:
		g, err = gridFromRows(p.rows, v)
	default:
		g, err = sudoku.Parse(p.text, v)
	}
	if err != nil {
		return nil, err
	}
	return g, nil
}

// gridFromRows reads rows of numbers, 0 for a blank.
func gridFromRows(rows [][]int, v sudoku.Variant) (*sudoku.Grid, error) {
	geo, err := sudoku.GeometryForSide(len(rows), v)
	if err != nil {
		return nil, badRequest("puzzle has %d rows: %v", len(rows), err)
	}
	g := sudoku.NewGrid(geo)
	for r, row := range rows {
		if len(row) != geo.N {
			return nil, badRequest("puzzle row %d has %d cells; a %d×%d grid needs %d", r+1, len(row), geo.N, geo.N, geo.N)
		}
		for c, d := range row {
			if d < 0 || d > geo.N {
				return nil, badRequest("r%dc%d: %d is not a digit of a %d×%d grid (1 to %d, 0 for a blank)", r+1, c+1, d, geo.N, geo.N, geo.N)
			}
			g.Set(r*geo.N+c, d)
		}
	}
	return g, nil
}

// rowsOf writes a grid as rows of numbers, 0 for a blank.
func rowsOf(g *sudoku.Grid) [][]int {
	n := g.N()
	rows := make([][]int, n)
	for r := range rows {
		rows[r] = make([]int, n)
		for c := range rows[r] {
			rows[r][c] = g.At(r, c)
		}
	}
	return rows
}

// durationField is a time limit: a Go duration string ("500ms", "2s") or a
// number of seconds.
type durationField time.Duration

func (d *durationField) UnmarshalJSON(b []byte) error {
	var err error
	var v time.Duration
	var text string
	var secs float64
	if err = json.Unmarshal(b, &text); err == nil {
		v, err = time.ParseDuration(text)
	} else if err = json.Unmarshal(b, &secs); err == nil {
		v = time.Duration(secs * float64(time.Second))
	}
	if err != nil || v < harness.MinTimeout {
		return &fieldError{"timeout", fmt.Errorf("got %s; want a duration of at least %s such as \"2s\" or \"500ms\", or a number of seconds", b, harness.MinTimeout)}
	}
	*d = durationField(v)
	return nil
}

// queryInt reads an optional whole-number query parameter.
func queryInt(r *http.Request, name string, def int) (int, error) {
	s := r.URL.Query().Get(name)
	if s == "" {
		return def, nil
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, badRequest("%s=%s: want a whole number", name, s)
	}
	return v, nil
}
