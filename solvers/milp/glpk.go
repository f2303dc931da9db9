package milp

import (
	"bufio"
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/sudokubench/sudokubench/solvers/external"
)

var (
	// glpkProgress matches glpsol's progress lines: "*    12: obj = …" for
	// the simplex and "+    40: mip = … (3; 7)" for branch and bound, the
	// number before the colon counting simplex iterations and the pair
	// counting active and finished subproblems.
	glpkProgress  = regexp.MustCompile(`(?m)^[ *+]\s*(\d+):`)
	glpkNodes     = regexp.MustCompile(`\((\d+); (\d+)\)\s*$`)
	glpkObjective = regexp.MustCompile(`Objective:\s+\S+ = (\S+)`)
)

// ReadGLPK reads GLPK glpsol's printable solution (-o) and standard
// output: a "Status:" line, an "Objective:" line, then the rows and the
// columns tables; the LP iterations and nodes from the progress lines.
func ReadGLPK(out external.Output, solution []byte) (Solution, error) {
	s := Solution{Counters: glpkCounters(out.Stdout)}
	status, err := glpkStatus(solution)
	if err != nil {
		return s, err
	}
	switch {
	case status == "INTEGER OPTIMAL" || status == "OPTIMAL" || status == "INTEGER NON-OPTIMAL":
		s.Feasible = true
		if m := glpkObjective.FindSubmatch(solution); m != nil {
			var ok bool
			if s.Objective, ok = external.Number(string(m[1])); !ok {
				return s, fmt.Errorf("objective %q is not a number", m[1])
			}
		}
		s.Values, err = glpkColumns(solution)
		return s, err
	case strings.Contains(status, "EMPTY") || strings.Contains(status, "INFEASIBLE") ||
		bytes.Contains(out.Stdout, []byte("NO PRIMAL FEASIBLE")) || bytes.Contains(out.Stdout, []byte("NO INTEGER FEASIBLE")):
		s.Infeasible, s.Detail = true, "glpsol: "+status
	case bytes.Contains(out.Stdout, []byte("TIME LIMIT EXCEEDED")):
		s.Detail = "glpsol: time limit exceeded (its own limit, set below the deadline)"
	default:
		return s, fmt.Errorf("solution status %q", status)
	}
	return s, nil
}

func glpkStatus(solution []byte) (string, error) {
	sc := bufio.NewScanner(bytes.NewReader(solution))
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "Status:"); ok {
			return strings.TrimSpace(rest), nil
		}
	}
	return "", fmt.Errorf("no Status line in the solution file")
}

func glpkCounters(stdout []byte) map[string]float64 {
	c := make(map[string]float64)
	for _, m := range glpkProgress.FindAllSubmatch(stdout, -1) {
		if v, ok := external.Number(string(m[1])); ok {
			c["lp_iterations"] = max(c["lp_iterations"], v)
		}
	}
	for _, line := range bytes.Split(stdout, []byte("\n")) {
		if m := glpkNodes.FindSubmatch(line); m != nil && bytes.HasPrefix(bytes.TrimSpace(line), []byte("+")) {
			active, ok1 := external.Number(string(m[1]))
			done, ok2 := external.Number(string(m[2]))
			if ok1 && ok2 {
				c["nodes"] = active + done
			}
		}
	}
	return c
}

// glpkColumns reads the column table: "No. name [*|St] activity lower upper";
// a name too long for its field sits alone on its line, the numbers on the
// next.
func glpkColumns(solution []byte) (map[string]float64, error) {
	_, table, ok := bytes.Cut(solution, []byte("Column name"))
	if !ok {
		return nil, fmt.Errorf("no column table in the solution file")
	}
	values := make(map[string]float64)
	lines := strings.Split(string(table), "\n")
	for i := 2; i < len(lines); i++ {
		f := strings.Fields(lines[i])
		if len(f) == 0 {
			break
		}
		if len(f) == 2 && i+1 < len(lines) {
			i++
			f = append(f, strings.Fields(lines[i])...)
		}
		if len(f) > 3 && !isNumber(f[2]) { // "*" marks a MIP integer, B/NL/NU/NS/NF an LP basis status
			f = append(f[:2], f[3:]...)
		}
		if len(f) < 3 {
			return nil, fmt.Errorf("column table: cannot read %q", lines[i])
		}
		v, ok := external.Number(f[2])
		if !ok {
			return nil, fmt.Errorf("column table: value of %s: %q is not a number", f[1], f[2])
		}
		values[f[1]] = v
	}
	return values, nil
}

func isNumber(s string) bool {
	_, ok := external.Number(s)
	return ok
}
