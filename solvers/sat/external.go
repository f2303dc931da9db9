package sat

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/solvers/external"
)

// The outside SAT solvers, as Debian packages them.
var (
	minisatProgram = external.Program{Name: "minisat", Package: "minisat", VersionArgs: []string{"--help"}}
	cadicalProgram = external.Program{Name: "cadical", Package: "cadical", VersionArgs: []string{"--version"}}
	cmsProgram     = external.Program{Name: "cryptominisat5", Package: "cryptominisat", VersionArgs: []string{"--version"}}
)

// outsideSolver runs a SAT solver program on a DIMACS file in a temporary
// directory. resultFile says the model is written to a second file named on
// the command line (minisat's way) rather than as "s"/"v" lines on stdout.
// proofArgs, when the program can write a DRAT proof, are the arguments
// that make it, placed after the input (and result file), with
// proofPlaceholder standing for the proof's path: the hook by which any
// program-defined pipeline can declare its proofs.
type outsideSolver struct {
	program    external.Program
	args       []string
	resultFile bool
	proofArgs  []string
}

// proofPlaceholder stands for the proof's path in proofArgs.
const proofPlaceholder = "{proof}"

// Exit codes of SAT solvers by convention.
const (
	exitSat   = 10
	exitUnsat = 20
)

func (o outsideSolver) solve(ctx context.Context, inst *cnf.Instance, unique bool) (answer, error) {
	return o.solveProving(ctx, inst, unique, "")
}

// solveProving is solve that, with proof set and a program that can,
// writes the DRAT proof of each call to proof, so that the last call's
// stays: the one behind an unsat or unique verdict.
func (o outsideSolver) solveProving(ctx context.Context, inst *cnf.Instance, unique bool, proof string) (answer, error) {
	dir, cleanup, err := external.TempDir("sat")
	if err != nil {
		return answer{}, fmt.Errorf("%s: %w", o.program.Name, err)
	}
	defer cleanup()
	f := inst.Full()
	ans := answer{counters: map[string]float64{"solves": 1}}
	first, err := o.run(ctx, dir, f, proof, ans.counters)
	if err != nil || first == nil {
		return ans, err
	}
	ans.sat, ans.model = true, first
	ans.counters["propagation_only"] = boolFloat(ans.counters["decisions"] == 0)
	if !unique {
		return ans, nil
	}
	block := inst.Blocking(first)
	if len(block) == 0 {
		return ans, nil
	}
	blocked := *f
	blocked.Clauses = append(f.Clauses[:len(f.Clauses):len(f.Clauses)], block)
	ans.counters["solves"] = 2
	second, err := o.run(ctx, dir, &blocked, proof, ans.counters)
	ans.second = second != nil
	return ans, err
}

// run solves one formula, writing its proof to proof when set, and adds
// the program's counters to counters. It returns the model, or nil when
// the formula is unsatisfiable.
func (o outsideSolver) run(ctx context.Context, dir string, f *cnf.Formula, proof string, counters map[string]float64) ([]bool, error) {
	in := filepath.Join(dir, "in.cnf")
	if err := writeDIMACSFile(in, f); err != nil {
		return nil, err
	}
	out := filepath.Join(dir, "out.txt")
	res, err := external.Run(ctx, o.program.Name, o.argv(in, out, proof), nil)
	if err != nil {
		return nil, err
	}
	addCounters(counters, res.Stdout)
	counters["process_cpu_s"] += res.CPU.Seconds()
	switch res.ExitCode {
	case exitSat:
	case exitUnsat:
		return nil, nil
	default:
		return nil, fmt.Errorf("%s exited with code %d (want %d or %d): %s", o.program.Name, res.ExitCode, exitSat, exitUnsat, res.Tail(300))
	}
	text := res.Stdout
	if o.resultFile {
		if text, err = os.ReadFile(out); err != nil {
			return nil, fmt.Errorf("%s: read result: %w", o.program.Name, err)
		}
	}
	return parseModel(text, f.Vars, o.program.Name)
}

// argv is the program's arguments for the input file in, the result file
// out (used by programs that write one) and, when set, the proof file.
func (o outsideSolver) argv(in, out, proof string) []string {
	args := append(append([]string(nil), o.args...), in)
	if o.resultFile {
		args = append(args, out)
	}
	if proof != "" {
		for _, a := range o.proofArgs {
			args = append(args, strings.ReplaceAll(a, proofPlaceholder, proof))
		}
	}
	return args
}

func writeDIMACSFile(path string, f *cnf.Formula) error {
	file, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("write DIMACS: %w", err)
	}
	if err := cnf.WriteDIMACS(file, f); err != nil {
		file.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	return file.Close()
}

// parseModel reads the literals of a model from "v" lines (SAT competition
// output) or from minisat's result file ("SAT" then one line of literals).
func parseModel(text []byte, vars int, program string) ([]bool, error) {
	model := make([]bool, vars)
	sc := bufio.NewScanner(bytes.NewReader(text))
	sc.Buffer(make([]byte, 1<<16), 1<<26)
	seen := false
	for sc.Scan() {
		line := sc.Text()
		fields := strings.Fields(line)
		if len(fields) == 0 || fields[0] == "SAT" || fields[0] == "s" || fields[0] == "c" {
			continue
		}
		if fields[0] == "v" {
			fields = fields[1:]
		}
		for _, fld := range fields {
			l, err := strconv.Atoi(fld)
			if err != nil {
				return nil, fmt.Errorf("%s output: literal %q in line %q", program, fld, line)
			}
			seen = true
			if l > 0 && l <= vars {
				model[l-1] = true
			}
		}
	}
	if !seen {
		return nil, fmt.Errorf("%s reported SAT but printed no model", program)
	}
	return model, sc.Err()
}

var counterLine = regexp.MustCompile(`(?m)^(?:c\s+)?(decisions|conflicts|restarts|propagations)\s*:\s*(\d+)`)

// addCounters adds the first value the program printed for each counter.
func addCounters(counters map[string]float64, stdout []byte) {
	seen := map[string]bool{}
	for _, m := range counterLine.FindAllSubmatch(stdout, -1) {
		name := string(m[1])
		if seen[name] {
			continue
		}
		seen[name] = true
		v, _ := strconv.ParseFloat(string(m[2]), 64)
		counters[name] += v
	}
}

func boolFloat(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
