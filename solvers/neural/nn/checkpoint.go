package nn

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
)

// checkpointMagic opens every checkpoint, with the format's version.
const checkpointMagic = "sudokubench-nn 1\n"

// maxHeaderBytes bounds a checkpoint's header so that a corrupt length
// cannot ask for gigabytes.
const maxHeaderBytes = 1 << 20

// Checkpoint is a model's weights as saved: which model, its configuration
// (the model's own JSON), and each parameter's shape and values in order.
// On disk: the magic line, the header's length (uint32, little-endian),
// the header as JSON, then every value as a little-endian float32.
type Checkpoint struct {
	Model  string          `json:"model"`
	Config json.RawMessage `json:"config"`
	Params []Shape         `json:"params"`
	values [][]float32
}

// Shape names one parameter and its size.
type Shape struct {
	Name string `json:"name"`
	Rows int    `json:"rows"`
	Cols int    `json:"cols"`
}

// WriteCheckpoint saves ps with the model's name and configuration.
func WriteCheckpoint(w io.Writer, model string, config any, ps Params) error {
	raw, err := json.Marshal(config)
	if err != nil {
		return fmt.Errorf("checkpoint: config: %w", err)
	}
	c := Checkpoint{Model: model, Config: raw}
	for _, p := range ps {
		c.Params = append(c.Params, Shape{Name: p.Name, Rows: p.Value.Rows, Cols: p.Value.Cols})
	}
	bw := bufio.NewWriter(w)
	if err := WriteHeader(bw, checkpointMagic, c); err != nil {
		return err
	}
	for _, p := range ps {
		if err := binary.Write(bw, binary.LittleEndian, p.Value.Data); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// ReadCheckpoint reads a checkpoint written by WriteCheckpoint.
func ReadCheckpoint(r io.Reader) (*Checkpoint, error) {
	br := bufio.NewReader(r)
	var c Checkpoint
	notOne := errors.New("checkpoint: not a sudokubench network checkpoint (bad magic line)")
	if err := ReadHeader(br, checkpointMagic, maxHeaderBytes, "checkpoint", notOne, &c); err != nil {
		return nil, err
	}
	for _, s := range c.Params {
		if s.Rows <= 0 || s.Cols <= 0 || s.Rows*s.Cols > maxHeaderBytes {
			return nil, fmt.Errorf("checkpoint: parameter %s has an impossible shape %d×%d", s.Name, s.Rows, s.Cols)
		}
		v := make([]float32, s.Rows*s.Cols)
		if err := binary.Read(br, binary.LittleEndian, v); err != nil {
			return nil, fmt.Errorf("checkpoint: values of %s cut short: %w", s.Name, err)
		}
		for _, x := range v {
			if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
				return nil, fmt.Errorf("checkpoint: parameter %s holds %v", s.Name, x)
			}
		}
		c.values = append(c.values, v)
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return nil, errors.New("checkpoint: data after the last parameter")
	}
	return &c, nil
}

// Load copies the checkpoint's values into ps, which must have the same
// names and shapes in the same order.
func (c *Checkpoint) Load(ps Params) error {
	if len(ps) != len(c.Params) {
		return fmt.Errorf("checkpoint: holds %d parameters, the model has %d", len(c.Params), len(ps))
	}
	for i, p := range ps {
		s := c.Params[i]
		if s.Name != p.Name || s.Rows != p.Value.Rows || s.Cols != p.Value.Cols {
			return fmt.Errorf("checkpoint: parameter %d is %s %d×%d, the model wants %s %d×%d",
				i, s.Name, s.Rows, s.Cols, p.Name, p.Value.Rows, p.Value.Cols)
		}
		copy(p.Value.Data, c.values[i])
	}
	return nil
}
