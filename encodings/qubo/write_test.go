package qubo

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/internal/sudokutest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// readBack is a model as another tool sees it: linear and quadratic terms
// by variable index, and the offset the file carries.
type readBack struct {
	vars   int
	linear map[int]float64
	quad   map[[2]int]float64
	offset float64
}

func (r *readBack) energy(x []uint8) float64 {
	e := r.offset
	for i, a := range r.linear {
		e += a * float64(x[i])
	}
	for p, w := range r.quad {
		e += w * float64(x[p[0]]) * float64(x[p[1]])
	}
	return e
}

// add records "i j value" as qbsolv and COO mean it: a linear term when
// i = j, else a quadratic one (summed if repeated).
func (r *readBack) add(t *testing.T, fields []string) {
	t.Helper()
	i, err1 := strconv.Atoi(fields[0])
	j, err2 := strconv.Atoi(fields[1])
	v, err3 := strconv.ParseFloat(fields[2], 64)
	if err1 != nil || err2 != nil || err3 != nil || i < 0 || j < 0 || i >= r.vars || j >= r.vars {
		t.Fatalf("bad term %q", strings.Join(fields, " "))
	}
	if i == j {
		r.linear[i] += v
		return
	}
	r.quad[[2]int{min(i, j), max(i, j)}] += v
}

// readQbsolv reads a .qubo file the way qbsolv does, taking the offset
// from the comment this package writes.
func readQbsolv(t *testing.T, text string) *readBack {
	r := &readBack{vars: -1, linear: map[int]float64{}, quad: map[[2]int]float64{}}
	var nodes, couplers, seenNodes, seenCouplers int
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		switch {
		case len(f) == 0:
		case f[0] == "c":
			if len(f) > 2 && f[1] == "offset" {
				r.offset = mustFloat(t, strings.TrimSuffix(f[2], ":"))
			}
		case f[0] == "p":
			if len(f) != 6 || f[1] != "qubo" || f[2] != "0" {
				t.Fatalf("program line %q", sc.Text())
			}
			r.vars = int(mustFloat(t, f[3]))
			nodes, couplers = int(mustFloat(t, f[4])), int(mustFloat(t, f[5]))
		case r.vars < 0:
			t.Fatalf("term %q before the p line", sc.Text())
		default:
			if f[0] == f[1] {
				if seenCouplers > 0 {
					t.Fatalf("node %q after the couplers", sc.Text())
				}
				seenNodes++
			} else {
				if mustFloat(t, f[0]) > mustFloat(t, f[1]) {
					t.Fatalf("coupler %q: i > j", sc.Text())
				}
				seenCouplers++
			}
			r.add(t, f)
		}
	}
	if seenNodes != nodes || seenCouplers != couplers {
		t.Fatalf("p line says %d nodes, %d couplers; file has %d, %d", nodes, couplers, seenNodes, seenCouplers)
	}
	return r
}

// readCOO reads dimod's COO format as dimod.serialization.coo does: lines
// "i j bias", a "# vartype=" header, other comments skipped.
func readCOO(t *testing.T, text string, vars int) *readBack {
	r := &readBack{vars: vars, linear: map[int]float64{}, quad: map[[2]int]float64{}}
	sc := bufio.NewScanner(strings.NewReader(text))
	vartype := ""
	for sc.Scan() {
		line := sc.Text()
		if v, ok := strings.CutPrefix(line, "# vartype="); ok {
			vartype = v
		}
		if v, ok := strings.CutPrefix(line, "# offset="); ok {
			r.offset = mustFloat(t, v)
		}
		if f := strings.Fields(line); len(f) == 3 && !strings.HasPrefix(line, "#") {
			r.add(t, f)
		}
	}
	if vartype != "BINARY" {
		t.Fatalf("vartype %q", vartype)
	}
	return r
}

// readBQM reads dimod's BQM serialisation (schema 3.0.0, use_bytes false)
// and maps its labels back to the model's variables.
func readBQM(t *testing.T, text string, m *Model) *readBack {
	var b struct {
		Type            string            `json:"type"`
		Version         map[string]string `json:"version"`
		UseBytes        bool              `json:"use_bytes"`
		NumVariables    int               `json:"num_variables"`
		NumInteractions int               `json:"num_interactions"`
		VariableLabels  []string          `json:"variable_labels"`
		VariableType    string            `json:"variable_type"`
		Offset          float64           `json:"offset"`
		LinearBiases    []float64         `json:"linear_biases"`
		QuadraticBiases []float64         `json:"quadratic_biases"`
		QuadraticHead   []int             `json:"quadratic_head"`
		QuadraticTail   []int             `json:"quadratic_tail"`
	}
	if err := json.Unmarshal([]byte(text), &b); err != nil {
		t.Fatal(err)
	}
	if b.Type != "BinaryQuadraticModel" || b.Version["bqm_schema"] != "3.0.0" || b.UseBytes || b.VariableType != "BINARY" ||
		b.NumVariables != len(b.VariableLabels) || b.NumVariables != len(b.LinearBiases) ||
		b.NumInteractions != len(b.QuadraticBiases) || len(b.QuadraticHead) != len(b.QuadraticTail) || len(b.QuadraticHead) != b.NumInteractions {
		t.Fatalf("malformed BQM header: %.300s", text)
	}
	// The labels name cells and digits: "row,column_digit", 0-based cells.
	n := m.Puzzle.N()
	index := map[string]int{}
	for i, v := range m.Vars {
		index[fmt.Sprintf("%d,%d_%d", v.Cell/n, v.Cell%n, v.Digit)] = i
	}
	pos := make([]int, len(b.VariableLabels))
	for k, label := range b.VariableLabels {
		i, ok := index[label]
		if !ok {
			t.Fatalf("label %q names no variable", label)
		}
		pos[k] = i
	}
	r := &readBack{vars: len(m.Vars), linear: map[int]float64{}, quad: map[[2]int]float64{}, offset: b.Offset}
	for k, a := range b.LinearBiases {
		r.linear[pos[k]] += a
	}
	for k, w := range b.QuadraticBiases {
		i, j := pos[b.QuadraticHead[k]], pos[b.QuadraticTail[k]]
		r.quad[[2]int{min(i, j), max(i, j)}] += w
	}
	return r
}

func mustFloat(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestWritersReadBackToTheSameEnergy writes every formulation in every
// format, reads it back with a small reader of that format, and compares
// energies, offset included, on random assignments and on the solution.
func TestWritersReadBackToTheSameEnergy(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	sol := sudokutest.Parse(t, diagonalSolution, sudoku.Diagonal)
	puzzle := sudokutest.Blank(sol, 0.6, rng)
	for _, f := range Formulations {
		m := build(t, puzzle, f)
		for _, format := range Formats() {
			t.Run(fmt.Sprintf("formulation=%s/format=%s", f, format), func(t *testing.T) {
				write, err := WriterFor(format)
				if err != nil {
					t.Fatal(err)
				}
				var buf bytes.Buffer
				if err := write(&buf, m); err != nil {
					t.Fatal(err)
				}
				var r *readBack
				switch format {
				case "qubo":
					r = readQbsolv(t, buf.String())
				case "coo":
					r = readCOO(t, buf.String(), len(m.Vars))
				case "bqm":
					r = readBQM(t, buf.String(), m)
				}
				if r.vars != len(m.Vars) {
					t.Fatalf("%d variables read, model has %d", r.vars, len(m.Vars))
				}
				assignments := [][]uint8{m.Assignment(sol)}
				for k := 0; k < 50; k++ {
					x := make([]uint8, len(m.Vars))
					for i := range x {
						x[i] = uint8(rng.IntN(2))
					}
					assignments = append(assignments, x)
				}
				for _, x := range assignments {
					if got, want := r.energy(x), float64(m.Energy(x)); got != want {
						t.Fatalf("read back energy %v, model %v", got, want)
					}
				}
			})
		}
	}
}

func TestWriterForRejectsUnknownFormats(t *testing.T) {
	if _, err := WriterFor("lp"); err == nil || !strings.Contains(err.Error(), "use qubo (qbsolv), coo (dimod COO) or bqm") {
		t.Fatalf("err = %v", err)
	}
}

func TestBQMLabelsFollowDWavesExample(t *testing.T) {
	m := build(t, sudoku.NewGrid(sudoku.MustGeometry(3, sudoku.Classic)), Pruned)
	var buf bytes.Buffer
	if err := WriteBQM(&buf, m); err != nil {
		t.Fatal(err)
	}
	// x[r1c1, 1] is the first variable, x[r9c9, 9] the last.
	if !strings.Contains(buf.String(), `"variable_labels":["0,0_1","0,0_2",`) || !strings.Contains(buf.String(), `"8,8_9"]`) {
		t.Fatalf("labels: %.200s", buf.String())
	}
}
