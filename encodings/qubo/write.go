package qubo

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
)

// Writer writes a model in one exchange format.
type Writer func(w io.Writer, m *Model) error

// Formats lists the exchange formats by their names in `encode --to`.
func Formats() []string { return []string{"qubo", "coo", "bqm"} }

// WriterFor returns the writer of a format: "qubo" (qbsolv), "coo" (dimod
// COO) or "bqm" (dimod's BQM JSON serialisation).
func WriterFor(format string) (Writer, error) {
	switch format {
	case "qubo":
		return WriteQbsolv, nil
	case "coo":
		return WriteCOO, nil
	case "bqm":
		return WriteBQM, nil
	}
	return nil, fmt.Errorf("unknown QUBO format %q: use qubo (qbsolv), coo (dimod COO) or bqm (dimod BQM JSON)", format)
}

// comment describes a model in one line for the text formats' headers.
func (m *Model) comment() string {
	return fmt.Sprintf("sudokubench QUBO of %s, %s, formulation %s, weights %s",
		m.Puzzle.Geometry(), m.Puzzle, m.Formulation, m.Weights)
}

// WriteQbsolv writes the model as a qbsolv .qubo file: comment lines
// (the model, the constant offset qbsolv cannot hold, each variable's
// label), the "p qubo 0 nodes nodes couplers" line, every variable's
// linear term as "i i value", then every coupler as "i j value", i < j.
func WriteQbsolv(w io.Writer, m *Model) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "c %s\nc offset %d: add it to qbsolv's energy; a solution has energy 0\n", m.comment(), m.Offset)
	for i := range m.Vars {
		fmt.Fprintf(bw, "c variable %d is %s\n", i, m.Label(i))
	}
	fmt.Fprintf(bw, "p qubo 0 %d %d %d\n", len(m.Vars), len(m.Vars), len(m.Couplers))
	writeTriples(bw, m)
	return bw.Flush()
}

// WriteCOO writes the model in dimod's COO text format: a "# vartype=BINARY"
// header, comments with the model, its offset (COO has no constant;
// dimod skips the comments) and each variable's label, then "i i bias"
// per variable and "i j bias" per coupler.
func WriteCOO(w io.Writer, m *Model) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# vartype=BINARY\n# %s\n# offset=%d\n", m.comment(), m.Offset)
	for i := range m.Vars {
		fmt.Fprintf(bw, "# variable %d is %s\n", i, m.Label(i))
	}
	writeTriples(bw, m)
	return bw.Flush()
}

func writeTriples(bw *bufio.Writer, m *Model) {
	for i, a := range m.Linear {
		fmt.Fprintf(bw, "%d %d %d\n", i, i, a)
	}
	for _, c := range m.Couplers {
		fmt.Fprintf(bw, "%d %d %d\n", c.I, c.J, c.W)
	}
}

// bqmJSON is dimod's BinaryQuadraticModel serialisation, schema 3.0.0 with
// plain lists (use_bytes false), as BinaryQuadraticModel.to_serializable
// writes it and from_serializable reads it.
type bqmJSON struct {
	Type            string            `json:"type"`
	Version         map[string]string `json:"version"`
	UseBytes        bool              `json:"use_bytes"`
	IndexType       string            `json:"index_type"`
	BiasType        string            `json:"bias_type"`
	NumVariables    int               `json:"num_variables"`
	NumInteractions int               `json:"num_interactions"`
	VariableLabels  []string          `json:"variable_labels"`
	VariableType    string            `json:"variable_type"`
	Offset          float64           `json:"offset"`
	Info            map[string]string `json:"info"`
	LinearBiases    []float64         `json:"linear_biases"`
	QuadraticBiases []float64         `json:"quadratic_biases"`
	QuadraticHead   []int32           `json:"quadratic_head"`
	QuadraticTail   []int32           `json:"quadratic_tail"`
}

// WriteBQM writes the model as dimod's BQM JSON serialisation (schema
// 3.0.0), offset included, variables labelled "row,column_digit" as in
// D-Wave's Sudoku example; dimod reads it back with
// BinaryQuadraticModel.from_serializable(json.load(f)). Every integer
// weight is exact in float64, so nothing is lost.
func WriteBQM(w io.Writer, m *Model) error { return WriteBQMInfo(w, m, nil) }

// WriteBQMInfo is WriteBQM with entries for the serialisation's info
// object, which dimod keeps as the model's info.
func WriteBQMInfo(w io.Writer, m *Model, info map[string]string) error {
	if info == nil {
		info = map[string]string{}
	}
	b := bqmJSON{
		Type:            "BinaryQuadraticModel",
		Version:         map[string]string{"bqm_schema": "3.0.0"},
		IndexType:       "int32",
		BiasType:        "float64",
		NumVariables:    len(m.Vars),
		NumInteractions: len(m.Couplers),
		VariableLabels:  make([]string, len(m.Vars)),
		VariableType:    "BINARY",
		Offset:          float64(m.Offset),
		Info:            info,
		LinearBiases:    make([]float64, len(m.Vars)),
		QuadraticBiases: make([]float64, len(m.Couplers)),
		QuadraticHead:   make([]int32, len(m.Couplers)),
		QuadraticTail:   make([]int32, len(m.Couplers)),
	}
	for i, a := range m.Linear {
		b.VariableLabels[i], b.LinearBiases[i] = m.Label(i), float64(a)
	}
	for k, c := range m.Couplers {
		b.QuadraticBiases[k], b.QuadraticHead[k], b.QuadraticTail[k] = float64(c.W), c.I, c.J
	}
	enc := json.NewEncoder(w)
	return enc.Encode(b)
}
