package formats

import (
	"fmt"
	"io"
	"strconv"

	"github.com/sudokubench/sudokubench/encodings/qubo"
	"github.com/sudokubench/sudokubench/sudoku"
)

// quboInstance is the QUBO model in one of its file formats. A sampler
// cannot exclude a solution: QUBO formats run in first mode.
type quboInstance struct {
	model  *qubo.Model
	format string
	// info goes into a BQM file's info object (its header).
	info map[string]string
}

func poseQUBO(f *Format, p *sudoku.Grid, opts map[string]string, _ Cache) (Instance, error) {
	form, err := qubo.ParseFormulation(opts["formulation"])
	if err != nil {
		return nil, err
	}
	opt := qubo.Options{Formulation: form}
	if w := opts["weights"]; w != "" {
		if opt.Weights, err = qubo.ParseWeights(w); err != nil {
			return nil, err
		}
	}
	model, err := qubo.Pose(p, opt)
	if err != nil {
		return nil, err
	}
	return &quboInstance{model: model, format: f.Name}, nil
}

func (q *quboInstance) Write(w io.Writer) error {
	if q.format == "bqm" {
		return qubo.WriteBQMInfo(w, q.model, q.info)
	}
	write, err := qubo.WriterFor(q.format)
	if err != nil {
		return err
	}
	return write(w, q.model)
}

func (q *quboInstance) Exclude(*sudoku.Grid) (bool, error) {
	return false, fmt.Errorf("a QUBO cannot exclude a solution")
}

// Decode reads a sample: a value for every variable, keyed by its index
// (qbsolv, COO) or its label (BQM, "row,column_digit"). A sample above
// energy 0 is not a solution: the error names the constraints it breaks.
func (q *quboInstance) Decode(a Answer) (*sudoku.Grid, error) {
	if a.Sample == nil {
		return nil, fmt.Errorf("want a sample of the QUBO's variables")
	}
	m := q.model
	x := make([]uint8, len(m.Vars))
	used := 0
	for i := range m.Vars {
		v, ok := a.Sample[strconv.Itoa(i)]
		if !ok {
			v, ok = a.Sample[m.Label(i)]
		}
		if !ok {
			return nil, fmt.Errorf("the sample has no value for variable %d (%s)", i, m.Label(i))
		}
		if v > 1 {
			return nil, fmt.Errorf("variable %d (%s) = %d: want 0 or 1", i, m.Label(i), v)
		}
		x[i] = v
		used++
	}
	if used != len(a.Sample) {
		return nil, fmt.Errorf("the sample has %d values, the model %d variables", len(a.Sample), len(m.Vars))
	}
	if m.Conflict != "" {
		return nil, fmt.Errorf("%w: the model has no solution at energy 0 (%s)", ErrNotASolution, m.Conflict)
	}
	g, vs, err := m.Decode(x)
	if err != nil {
		return nil, err
	}
	if len(vs) > 0 {
		return nil, fmt.Errorf("%w: the sample has energy %d above 0, breaking %s", ErrNotASolution, m.Energy(x), qubo.Summarize(vs))
	}
	return g, nil
}

func (q *quboInstance) Sizes() map[string]int { return q.model.Stats().Sizes() }
