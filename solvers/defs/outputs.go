package defs

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/sudokubench/sudokubench/encodings/formats"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/external"
	"github.com/sudokubench/sudokubench/solvers/milp"
)

// verdict is what a program said of the instance it was given.
type verdict int

const (
	unknown verdict = iota // it stopped without deciding (its own limit)
	sat
	unsat
)

// reading is what an output reader made of a program's output.
type reading struct {
	verdict   verdict
	solutions []formats.Answer
	// exhausted says the program searched for every solution it was asked
	// for (limit mode): one solution then means there is no second. Formats
	// that cannot say so count a normal end as exhausted.
	exhausted bool
	counters  map[string]float64
}

// output is how a program's answer is read.
type output struct {
	name  string
	about string
	// several says the format can hold more than one solution (unique =
	// "limit" needs it).
	several bool
	// read reads the answer (the program's standard output, or the
	// {result} file) with what the program left besides.
	read func(answer []byte, out external.Output) (reading, error)
}

var outputs = map[string]*output{
	"sat-competition": {name: "sat-competition", about: "SAT competition output (s/v lines, exit 10/20)", several: true, read: withLogCounters(readSATCompetition)},
	"pb-competition":  {name: "pb-competition", about: "PB competition output (s/v lines, v x1 -x2)", several: true, read: withLogCounters(readPBCompetition)},
	"minizinc":        {name: "minizinc", about: "MiniZinc's formats.Answer stream (----------, ==========)", several: true, read: exitCoded(readMiniZinc)},
	"smtlib":          {name: "smtlib", about: "SMT-LIB check-sat and get-value responses", read: exitCoded(readSMTLIB)},
	"clasp":           {name: "clasp", about: "clasp's answer sets (Answer:, Models:)", several: true, read: exitCoded(readClasp)},
	"grid":            {name: "grid", about: "a solution line per solution, or UNSAT", several: true, read: exitCoded(readGrid)},
	"sample":          {name: "sample", about: "a QUBO sample: qbsolv's output, or JSON of variables to 0 or 1", read: exitCoded(readSample)},
	"cbc":             {name: "cbc", about: "CBC's formats.Answer file (solu {result}) and its log", read: readMILP(milp.ReadCBC)},
	"glpk":            {name: "glpk", about: "glpsol's printable solution (-o {result}) and its log", read: readMILP(milp.ReadGLPK)},
}

// exitCoded adapts a reader of the answer text and the exit code.
func exitCoded(read func(text []byte, exit int) (reading, error)) func([]byte, external.Output) (reading, error) {
	return func(answer []byte, out external.Output) (reading, error) { return read(answer, out.ExitCode) }
}

// withLogCounters adapts a SAT or PB reader: when the answer is a {result}
// file (minisat's way), the counters come from the standard output.
func withLogCounters(read func(text []byte, exit int) (reading, error)) func([]byte, external.Output) (reading, error) {
	return func(answer []byte, out external.Output) (reading, error) {
		r, err := read(answer, out.ExitCode)
		if err == nil && !bytes.Equal(answer, out.Stdout) {
			_ = lines(out.Stdout, func(line string) error {
				addSATCounter(r.counters, line)
				return nil
			})
		}
		return r, err
	}
}

// readMILP adapts the MILP pipelines' readers of CBC's and glpsol's
// solution files.
func readMILP(read func(external.Output, []byte) (milp.Solution, error)) func([]byte, external.Output) (reading, error) {
	return func(answer []byte, out external.Output) (reading, error) {
		sol, err := read(out, answer)
		r := reading{counters: sol.Counters, exhausted: true}
		if r.counters == nil {
			r.counters = make(map[string]float64)
		}
		switch {
		case err != nil:
			return r, err
		case sol.Feasible:
			r.verdict, r.solutions = sat, []formats.Answer{{Named: sol.Values}}
		case sol.Infeasible:
			r.verdict = unsat
		}
		return r, nil
	}
}

// outputNames lists the outputs, sorted.
func outputNames() []string { return slices.Sorted(maps.Keys(outputs)) }

// Outputs lists the output conventions a definition's output may name,
// sorted: the answer readers.
func Outputs() []string { return outputNames() }

// String is the verdict's name: "sat", "unsat" or "unknown".
func (v verdict) String() string { return [...]string{"unknown", "sat", "unsat"}[v] }

// ReadOutput reads a program's answer, saved as it printed or wrote it,
// with the reader of an output convention ("sat-competition", "cbc" …):
// its verdict ("sat", "unsat" or "unknown") and the solutions it states,
// for the input format's Decode (formats.Decode). It is how decode reads
// a solver's answer to a file the suite wrote.
func ReadOutput(output string, answer []byte) (string, []formats.Answer, error) {
	out, ok := outputs[output]
	if !ok {
		return "", nil, fmt.Errorf("unknown output %q; known: %s", output, strings.Join(outputNames(), ", "))
	}
	r, err := out.read(answer, external.Output{Stdout: answer})
	return r.verdict.String(), r.solutions, err
}

// lines calls f with each line of text, trimmed; f returns an error to stop.
func lines(text []byte, f func(line string) error) error {
	sc := bufio.NewScanner(bytes.NewReader(text))
	sc.Buffer(make([]byte, 1<<16), 1<<28)
	for sc.Scan() {
		if err := f(strings.TrimSpace(sc.Text())); err != nil {
			return err
		}
	}
	return sc.Err()
}

// satCounters are the engine counters SAT and PB solvers print, in comment
// lines as "c conflicts: 12" (CaDiCaL) or "c 12 conflicts" (picosat), or
// plain as "conflicts : 12" (minisat beside a result file).
var satCounters = regexp.MustCompile(`^(?:c\s+)?(?:(decisions|conflicts|propagations|restarts)\s*:\s*(\d+)|(\d+)\s+(decisions|conflicts|propagations|restarts)\b)`)

// satReportedTime is the CPU time a SAT solver reports it took, in
// seconds, over its whole life (parsing included): minisat's "CPU time :
// 0.003165 s" (user time, to the microsecond) and CaDiCaL's "c total
// process time since initialization: 0.01 seconds" (to the hundredth).
var satReportedTime = regexp.MustCompile(`^(?:CPU time\s*:|c\s+total process time since initialization:)\s*(\d+(?:\.\d+)?)\s`)

// addSATCounter adds the counter a comment line states, the first of each
// name only (solvers repeat them in summaries), and the time the solver
// reports.
func addSATCounter(counters map[string]float64, line string) {
	if t := satReportedTime.FindStringSubmatch(line); t != nil {
		if v, ok := external.Number(t[1]); ok {
			counters[string(solvers.ReportedCPU)] = v
		}
		return
	}
	m := satCounters.FindStringSubmatch(line)
	if m == nil {
		return
	}
	name, num := m[1], m[2]
	if name == "" {
		name, num = m[4], m[3]
	}
	if _, seen := counters[name]; !seen {
		if v, ok := external.Number(num); ok {
			counters[name] = v
		}
	}
}

// readSATCompetition reads the SAT competition's output: "s SATISFIABLE"
// or "s UNSATISFIABLE" (or "s UNKNOWN"), the model in "v" lines ending
// with 0. minisat's result file ("SAT", then the literals) reads too, and
// so do several models in a row (an enumerating solver). Without an "s"
// line, exit code 10 or 20 decides. A model whose values end without
// their 0 was cut short, and does not read.
func readSATCompetition(text []byte, exit int) (reading, error) {
	return readSV(text, exit, true, func(field string) (int, error) { return strconv.Atoi(field) })
}

// readPBCompetition reads the PB competition's output: "s SATISFIABLE",
// "s OPTIMUM FOUND", "s UNSATISFIABLE" or "s UNKNOWN", and "v" lines of
// x3 and -x4 (or ~x4).
func readPBCompetition(text []byte, exit int) (reading, error) {
	return readSV(text, exit, false, func(field string) (int, error) {
		sign := 1
		if rest, ok := strings.CutPrefix(field, "-"); ok {
			sign, field = -1, rest
		} else if rest, ok := strings.CutPrefix(field, "~"); ok {
			sign, field = -1, rest
		}
		num, ok := strings.CutPrefix(field, "x")
		n, err := strconv.Atoi(num)
		if !ok || err != nil || n < 1 {
			return 0, fmt.Errorf("want x<number>")
		}
		return sign * n, nil
	})
}

// readSV reads status and value lines; literal parses one value field,
// and closed says that a model ends with a 0.
func readSV(text []byte, exit int, closed bool, literal func(string) (int, error)) (reading, error) {
	r := reading{counters: make(map[string]float64), exhausted: true}
	stated := false
	var model []int
	inModel := false
	flush := func() {
		if inModel {
			r.solutions = append(r.solutions, formats.Answer{Lits: model})
		}
		model, inModel = nil, false
	}
	err := lines(text, func(line string) error {
		fields := strings.Fields(line)
		switch {
		case len(fields) == 0:
			return nil
		case fields[0] == "c":
			addSATCounter(r.counters, line)
			return nil
		case fields[0] == "s" || fields[0] == "SAT" || fields[0] == "UNSAT" || fields[0] == "SATISFIABLE" || fields[0] == "UNSATISFIABLE" || fields[0] == "INDET":
			flush()
			status := strings.Join(fields, " ")
			if fields[0] == "s" {
				status = strings.Join(fields[1:], " ")
			}
			if strings.HasPrefix(status, "SOLUTIONS") {
				return nil // picosat --all's count
			}
			v, ok := svStatus(status)
			if !ok {
				return fmt.Errorf("unknown status line %q", line)
			}
			if !stated || v == sat {
				r.verdict = v
			}
			stated = true
			return nil
		}
		if fields[0] == "v" {
			fields = fields[1:]
		} else if r.verdict != sat {
			return fmt.Errorf("unexpected line %q", line)
		}
		inModel = true
		for _, f := range fields {
			l, err := literal(f)
			if err != nil {
				return fmt.Errorf("value %q in line %q: %v", f, line, err)
			}
			if l == 0 {
				flush()
				inModel = false
				continue
			}
			model = append(model, l)
		}
		return nil
	})
	if err == nil && closed && inModel {
		err = fmt.Errorf("the model's values end without their closing 0: the output was cut short")
	}
	flush()
	if err != nil {
		return r, err
	}
	if !stated {
		switch exit {
		case 10:
			r.verdict = sat
		case 20:
			r.verdict = unsat
		default:
			return r, fmt.Errorf("no status line (s SATISFIABLE, s UNSATISFIABLE) and exit code %d", exit)
		}
	}
	if r.verdict == sat && len(r.solutions) == 0 {
		return r, fmt.Errorf("reported SATISFIABLE but printed no model")
	}
	return r, nil
}

// svStatus reads the status of an "s" line.
func svStatus(s string) (verdict, bool) {
	switch s {
	case "SATISFIABLE", "SAT", "OPTIMUM FOUND":
		return sat, true
	case "UNSATISFIABLE", "UNSAT":
		return unsat, true
	case "UNKNOWN", "INDET", "INDETERMINATE":
		return unknown, true
	}
	return unknown, false
}

// readMiniZinc reads MiniZinc's formats.Answer stream: each solution's text
// ends with "----------", "==========" says the search is complete,
// "=====UNSATISFIABLE=====" that there is no solution; "%%%mzn-stat:"
// lines give the statistics (minizinc -s).
func readMiniZinc(text []byte, _ int) (reading, error) {
	r := reading{counters: make(map[string]float64)}
	var current []string
	stated := false
	err := lines(text, func(line string) error {
		switch {
		case strings.HasPrefix(line, "%%%mzn-stat:"):
			addStat(r.counters, strings.TrimSpace(strings.TrimPrefix(line, "%%%mzn-stat:")))
		case strings.HasPrefix(line, "%"):
		case line == "----------":
			r.solutions = append(r.solutions, formats.Answer{Text: strings.Join(current, "\n")})
			r.verdict, stated, current = sat, true, nil
		case line == "==========":
			r.exhausted = true
		case line == "=====UNSATISFIABLE=====":
			r.verdict, stated, r.exhausted = unsat, true, true
		case line == "=====UNKNOWN=====":
			stated = true
		case line == "=====ERROR=====":
			return fmt.Errorf("MiniZinc reported an error")
		case strings.HasPrefix(line, "=====") && strings.HasSuffix(line, "====="):
			return fmt.Errorf("unknown status %q", line)
		case line != "":
			current = append(current, line)
		}
		return nil
	})
	if err == nil && !stated {
		err = fmt.Errorf("no solution and no status (=====UNSATISFIABLE=====, =====UNKNOWN=====)")
	}
	return r, err
}

// addStat adds a numeric "name=value" statistic, its name in snake case.
func addStat(counters map[string]float64, stat string) {
	name, val, ok := strings.Cut(stat, "=")
	if !ok {
		return
	}
	v, ok := external.Number(val)
	if !ok {
		return
	}
	var b strings.Builder
	for i, ch := range strings.TrimSpace(name) {
		if unicode.IsUpper(ch) && i > 0 {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToLower(ch))
	}
	counters[b.String()] = v
}

// readSMTLIB reads an SMT solver's answer to the suite's scripts: "sat",
// "unsat" or "unknown", then, after sat, the values of the constants,
// either as the model the solver prints after check-sat (z3 -model, cvc5
// --dump-models: ((define-fun c_1_1 () Int 4) …), z3's older (model …)
// too) or as get-value's pairs ((c_1_1 4) …). Statistics printed as
// keyword pairs (z3 -st: (:conflicts 12 …)), before or after the values,
// become counters. An error response after sat is an error; after unsat
// or unknown, where a script that asks for values gets one (SMT-LIB has
// no model then), it is not.
func readSMTLIB(text []byte, _ int) (reading, error) {
	r := reading{counters: make(map[string]float64), exhausted: true}
	s := &sexpScanner{text: text}
	first, err := s.next()
	if err != nil {
		return r, fmt.Errorf("no check-sat response: %v", err)
	}
	switch first.atom {
	case "sat":
		r.verdict = sat
	case "unsat":
		r.verdict = unsat
	case "unknown":
	default:
		return r, fmt.Errorf("check-sat answered %s", first)
	}
	var values map[string]string
	for {
		e, err := s.next()
		if errors.Is(err, errEndOfOutput) {
			break
		}
		if err != nil {
			return r, err
		}
		switch {
		case isStatistics(e):
			addStatistics(r.counters, e)
		case len(e.list) > 0 && e.list[0].atom == "error":
			if r.verdict == sat {
				return r, fmt.Errorf("the solver answered sat, then %s", e)
			}
		case r.verdict == sat && values == nil:
			if values, err = smtValues(e); err != nil {
				return r, err
			}
		}
	}
	if r.verdict == sat {
		if values == nil {
			return r, fmt.Errorf("the solver answered sat but printed no values: run it with its model output on (z3 -model, cvc5 --dump-models)")
		}
		r.solutions = []formats.Answer{{Values: values}}
	}
	return r, nil
}

// isStatistics reports whether e is a keyword list, (:name value …).
func isStatistics(e sexp) bool {
	return e.isList && len(e.list) > 0 && strings.HasPrefix(e.list[0].atom, ":")
}

// addStatistics keeps the numeric values of a keyword list as counters,
// in snake case.
func addStatistics(counters map[string]float64, e sexp) {
	for i := 0; i+1 < len(e.list); i += 2 {
		key, val := e.list[i], e.list[i+1]
		name, ok := strings.CutPrefix(key.atom, ":")
		if !ok {
			return
		}
		if v, ok := external.Number(val.atom); ok {
			counters[strings.ReplaceAll(name, "-", "_")] = v
		}
	}
}

// smtValues reads the constants' values from a model, ((define-fun NAME
// () SORT VALUE) …) or (model (define-fun …) …), or from get-value's
// pairs, ((NAME VALUE) …).
func smtValues(e sexp) (map[string]string, error) {
	items := e.list
	if len(items) > 0 && items[0].atom == "model" {
		items = items[1:]
	}
	if !e.isList || len(items) == 0 {
		return nil, fmt.Errorf("want the values of the constants after sat, got %s", e)
	}
	values := make(map[string]string, len(items))
	for _, item := range items {
		switch l := item.list; {
		case len(l) == 5 && l[0].atom == "define-fun" && l[1].atom != "" && l[2].isList && len(l[2].list) == 0:
			values[l[1].atom] = l[4].value()
		case len(l) == 2 && l[0].atom != "" && l[0].atom != "define-fun":
			values[l[0].atom] = l[1].value()
		default:
			return nil, fmt.Errorf("want (define-fun NAME () SORT VALUE) or (NAME VALUE) among the values, got %s", item)
		}
	}
	return values, nil
}

// sexp is an S-expression: an atom or a list.
type sexp struct {
	atom   string
	list   []sexp
	isList bool
}

func (e sexp) String() string {
	if !e.isList {
		return e.atom
	}
	parts := make([]string, len(e.list))
	for i, x := range e.list {
		parts[i] = x.String()
	}
	s := "(" + strings.Join(parts, " ") + ")"
	if len(s) > 120 {
		s = s[:117] + "..."
	}
	return s
}

// value is a value as a decoder wants it: an atom, or a negative number
// written (- 5) as -5.
func (e sexp) value() string {
	if e.isList && len(e.list) == 2 && e.list[0].atom == "-" && !e.list[1].isList {
		return "-" + e.list[1].atom
	}
	return e.String()
}

// sexpScanner reads S-expressions one after another.
type sexpScanner struct {
	text []byte
	pos  int
}

// maxDepth bounds the nesting of an S-expression, so that hostile output
// cannot exhaust the stack.
const maxDepth = 64

// errEndOfOutput is next's error when nothing is left to read.
var errEndOfOutput = errors.New("end of output")

func (s *sexpScanner) next() (sexp, error) { return s.parse(0) }

func (s *sexpScanner) parse(depth int) (sexp, error) {
	s.skipSpace()
	if s.pos >= len(s.text) {
		return sexp{}, errEndOfOutput
	}
	switch s.text[s.pos] {
	case '(':
		if depth >= maxDepth {
			return sexp{}, fmt.Errorf("nested deeper than %d", maxDepth)
		}
		s.pos++
		e := sexp{isList: true}
		for {
			s.skipSpace()
			if s.pos >= len(s.text) {
				return sexp{}, fmt.Errorf("unclosed parenthesis")
			}
			if s.text[s.pos] == ')' {
				s.pos++
				return e, nil
			}
			x, err := s.parse(depth + 1)
			if err != nil {
				return sexp{}, err
			}
			e.list = append(e.list, x)
		}
	case ')':
		return sexp{}, fmt.Errorf("unexpected )")
	case '"':
		end := bytes.IndexByte(s.text[s.pos+1:], '"')
		if end < 0 {
			return sexp{}, fmt.Errorf("unclosed string")
		}
		atom := string(s.text[s.pos : s.pos+end+2])
		s.pos += end + 2
		return sexp{atom: atom}, nil
	}
	start := s.pos
	for s.pos < len(s.text) && !isDelimiter(s.text[s.pos]) {
		s.pos++
	}
	return sexp{atom: string(s.text[start:s.pos])}, nil
}

func (s *sexpScanner) skipSpace() {
	for s.pos < len(s.text) {
		switch ch := s.text[s.pos]; {
		case ch == ';':
			for s.pos < len(s.text) && s.text[s.pos] != '\n' {
				s.pos++
			}
		case ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r':
			s.pos++
		default:
			return
		}
	}
}

func isDelimiter(ch byte) bool {
	return ch == '(' || ch == ')' || ch == '"' || ch == ';' || ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'
}

// claspCounters are the statistics clasp prints with --stats.
var claspCounters = regexp.MustCompile(`^(Choices|Conflicts|Restarts)\s*:\s*(\d+)`)

// readClasp reads clasp's (and clingo's) output: each "Answer: k" line is
// followed by the answer set's atoms; SATISFIABLE, UNSATISFIABLE or
// UNKNOWN give the verdict; "Models : 2" (no +) says the search was
// exhausted.
func readClasp(text []byte, exit int) (reading, error) {
	r := reading{counters: make(map[string]float64)}
	stated, atomsNext := false, false
	err := lines(text, func(line string) error {
		switch {
		case atomsNext:
			r.solutions = append(r.solutions, formats.Answer{Atoms: strings.Fields(line)})
			atomsNext = false
		case strings.HasPrefix(line, "Answer:"):
			atomsNext = true
		case line == "SATISFIABLE" || line == "OPTIMUM FOUND":
			r.verdict, stated = sat, true
		case line == "UNSATISFIABLE":
			r.verdict, stated, r.exhausted = unsat, true, true
		case line == "UNKNOWN" || line == "INTERRUPTED":
			stated = true
		case strings.HasPrefix(line, "Models"):
			_, count, _ := strings.Cut(line, ":")
			r.exhausted = r.exhausted || !strings.HasSuffix(strings.TrimSpace(count), "+")
		default:
			if m := claspCounters.FindStringSubmatch(line); m != nil {
				if v, ok := external.Number(m[2]); ok {
					r.counters[strings.ToLower(m[1])] = v
				}
			}
		}
		return nil
	})
	switch {
	case err != nil:
		return r, err
	case !stated:
		return r, fmt.Errorf("no verdict (SATISFIABLE, UNSATISFIABLE, UNKNOWN) and exit code %d", exit)
	case r.verdict == sat && len(r.solutions) == 0:
		return r, fmt.Errorf("reported SATISFIABLE but printed no answer set")
	}
	if exit == 30 || exit == 20 {
		r.exhausted = true
	}
	return r, nil
}

// readGrid reads a program that prints its solutions as lines, one per
// solution, or UNSAT (UNSATISFIABLE) when there is none, or UNKNOWN when it
// gave up. Blank lines and lines starting with # are comments.
func readGrid(text []byte, _ int) (reading, error) {
	r := reading{counters: make(map[string]float64), exhausted: true}
	stated := false
	err := lines(text, func(line string) error {
		switch strings.ToUpper(line) {
		case "":
			return nil
		case "UNSAT", "UNSATISFIABLE":
			if len(r.solutions) == 0 {
				r.verdict = unsat
			}
			stated = true
			return nil
		case "UNKNOWN":
			stated = true
			return nil
		}
		if strings.HasPrefix(line, "#") {
			return nil
		}
		r.solutions = append(r.solutions, formats.Answer{Grid: line})
		r.verdict, stated = sat, true
		return nil
	})
	if err == nil && !stated {
		err = fmt.Errorf("printed neither a solution line nor UNSAT")
	}
	return r, err
}

// readSample reads a QUBO sampler's answer: qbsolv's output (the line of
// bits after "Number of bits in solution", one per variable in index
// order), a line of bits alone, a JSON object of variables (by index or
// label) to 0 or 1, as json.dumps of dimod's best sample as a dict of
// ints writes it, or a JSON list of values in index order. A sample is
// an answer, not a verdict: whether it is a solution is for the model to
// say (energy 0), so it reads as sat.
func readSample(text []byte, _ int) (reading, error) {
	r := reading{counters: make(map[string]float64), verdict: sat}
	sample, err := parseSample(bytes.TrimSpace(text))
	if err != nil {
		return r, err
	}
	r.solutions = []formats.Answer{{Sample: sample}}
	return r, nil
}

func parseSample(text []byte) (map[string]uint8, error) {
	sample := make(map[string]uint8)
	switch {
	case len(text) == 0:
		return nil, fmt.Errorf("no sample")
	case text[0] == '{':
		var values map[string]int
		if err := json.Unmarshal(text, &values); err != nil {
			return nil, fmt.Errorf("a JSON sample: %v", err)
		}
		for k, v := range values {
			if v != 0 && v != 1 {
				return nil, fmt.Errorf("variable %s = %d: want 0 or 1", k, v)
			}
			sample[k] = uint8(v)
		}
		return sample, nil
	case text[0] == '[':
		var values []int
		if err := json.Unmarshal(text, &values); err != nil {
			return nil, fmt.Errorf("a JSON sample: %v", err)
		}
		return bitsSample(values)
	}
	var bits string
	err := lines(text, func(line string) error {
		if bits == "" && strings.Trim(line, "01") == "" && line != "" {
			bits = line
		}
		return nil
	})
	if err != nil || bits == "" {
		return nil, fmt.Errorf("no line of 0s and 1s (qbsolv prints one after \"Number of bits in solution\"), nor a JSON sample")
	}
	values := make([]int, len(bits))
	for i := range bits {
		values[i] = int(bits[i] - '0')
	}
	return bitsSample(values)
}

// bitsSample keys values by their index.
func bitsSample(values []int) (map[string]uint8, error) {
	sample := make(map[string]uint8, len(values))
	for i, v := range values {
		if v != 0 && v != 1 {
			return nil, fmt.Errorf("value %d at index %d: want 0 or 1", v, i)
		}
		sample[strconv.Itoa(i)] = uint8(v)
	}
	return sample, nil
}
