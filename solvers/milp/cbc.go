package milp

import (
	"bufio"
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/external"
)

var cbcCounterPatterns = map[string]*regexp.Regexp{
	"nodes":         regexp.MustCompile(`Enumerated nodes:\s+(\d+)`),
	"lp_iterations": regexp.MustCompile(`Total iterations:\s+(\d+)`),
	// The CPU time CBC reports it took, parsing included, to the
	// hundredth of a second.
	string(solvers.ReportedCPU): regexp.MustCompile(`Total time \(CPU seconds\):\s+(\d+(?:\.\d+)?)`),
}

// ReadCBC reads COIN-OR CBC's solution file (its "solu" command) and
// standard output: a status line ("Optimal - objective value 0",
// "Infeasible - …", "Integer infeasible - …", "Stopped on time - …") then
// one "index name value reduced-cost" line per non-zero variable; the
// nodes and LP iterations from the log.
func ReadCBC(out external.Output, solution []byte) (Solution, error) {
	s := Solution{Counters: make(map[string]float64)}
	for name, re := range cbcCounterPatterns {
		if m := re.FindSubmatch(out.Stdout); m != nil {
			if v, ok := external.Number(string(m[1])); ok {
				s.Counters[name] = v
			}
		}
	}
	sc := bufio.NewScanner(bytes.NewReader(solution))
	if !sc.Scan() {
		return s, fmt.Errorf("no solution file written")
	}
	status := strings.TrimSpace(sc.Text())
	s.Objective = cbcObjective(status)
	switch {
	case strings.HasPrefix(status, "Optimal"):
		s.Feasible = true
	case strings.Contains(status, "nfeasible"):
		s.Infeasible, s.Detail = true, "cbc: "+status
		return s, nil
	case strings.HasPrefix(status, "Stopped"):
		// With a constant objective the first solution is optimal, so a
		// stop means none was found.
		s.Detail = "cbc: " + status + " (its own limit, set below the deadline)"
		return s, nil
	default:
		return s, fmt.Errorf("unknown status line %q", status)
	}
	values, err := readCBCValues(sc)
	s.Values = values
	return s, err
}

func cbcObjective(status string) float64 {
	_, after, ok := strings.Cut(status, "objective value")
	if !ok {
		return 0
	}
	if v, ok := external.Number(after); ok {
		return v
	}
	return 0 // a value that is not a number counts as none
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
		v, ok := external.Number(f[2])
		if !ok {
			return nil, fmt.Errorf("solution line %d: value of %s: %q is not a number", line, f[1], f[2])
		}
		values[f[1]] = v
	}
	return values, sc.Err()
}
