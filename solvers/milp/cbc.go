package milp

import (
	"bufio"
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/sudokubench/sudokubench/solvers/external"
)

// cbcProgram is COIN-OR CBC, which reads the model as free MPS.
var cbcProgram = external.Program{Name: "cbc", Package: "coinor-cbc", VersionArgs: []string{"-quit"}}

type cbcTool struct{}

func (cbcTool) program() external.Program { return cbcProgram }
func (cbcTool) format() string            { return "mps" }

func (cbcTool) args(model, solution string, limit float64) []string {
	args := []string{model}
	if limit > 0 {
		args = append(args, "sec", strconv.FormatFloat(limit, 'f', 2, 64))
	}
	return append(args, "solve", "solu", solution)
}

var cbcCounterPatterns = map[string]*regexp.Regexp{
	"nodes":         regexp.MustCompile(`Enumerated nodes:\s+(\d+)`),
	"lp_iterations": regexp.MustCompile(`Total iterations:\s+(\d+)`),
}

// read parses CBC's solution file: a status line ("Optimal - objective value
// 0", "Infeasible - …", "Integer infeasible - …", "Stopped on time - …")
// then one "index name value reduced-cost" line per non-zero variable.
func (cbcTool) read(out external.Output, solution []byte) (outcome, error) {
	o := outcome{counters: make(map[string]float64)}
	for name, re := range cbcCounterPatterns {
		if m := re.FindSubmatch(out.Stdout); m != nil {
			v, _ := strconv.ParseFloat(string(m[1]), 64)
			o.counters[name] = v
		}
	}
	sc := bufio.NewScanner(bytes.NewReader(solution))
	if !sc.Scan() {
		return o, fmt.Errorf("no solution file written")
	}
	status := strings.TrimSpace(sc.Text())
	o.objective = cbcObjective(status)
	switch {
	case strings.HasPrefix(status, "Optimal"):
		o.verdict = feasible
	case strings.Contains(status, "nfeasible"):
		o.verdict, o.detail = infeasible, "cbc: "+status
		return o, nil
	case strings.HasPrefix(status, "Stopped"):
		// With a constant objective the first solution is optimal, so a
		// stop means none was found.
		o.verdict, o.detail = stopped, "cbc: "+status+" (its own limit, set below the deadline)"
		return o, nil
	default:
		return o, fmt.Errorf("unknown status line %q", status)
	}
	values, err := readCBCValues(sc)
	o.values = values
	return o, err
}

func cbcObjective(status string) float64 {
	_, after, ok := strings.Cut(status, "objective value")
	if !ok {
		return 0
	}
	v, _ := strconv.ParseFloat(strings.TrimSpace(after), 64)
	return v
}

func readCBCValues(sc *bufio.Scanner) (map[string]float64, error) {
	values := make(map[string]float64)
	for line := 2; sc.Scan(); line++ {
		f := strings.Fields(sc.Text())
		if len(f) > 0 && f[0] == "**" { // marks an infeasible row or column
			f = f[1:]
		}
		if len(f) < 3 {
			return nil, fmt.Errorf("solution line %d: %q: want index, name, value", line, sc.Text())
		}
		v, err := strconv.ParseFloat(f[2], 64)
		if err != nil {
			return nil, fmt.Errorf("solution line %d: value of %s: %w", line, f[1], err)
		}
		values[f[1]] = v
	}
	return values, sc.Err()
}
