package neural

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/sudokubench/sudokubench/solvers/neural/nn"
)

// maxWidth bounds the widths a checkpoint may ask for.
const maxWidth = 4096

// Load reads a checkpoint written by Save and returns its model.
func Load(r io.Reader) (Model, error) {
	c, err := nn.ReadCheckpoint(r)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(0, 0)) // overwritten by the checkpoint's values
	var m Model
	switch c.Model {
	case "rrn":
		var cfg RRNConfig
		if err := json.Unmarshal(c.Config, &cfg); err != nil || cfg.Hidden < 1 || cfg.Hidden > maxWidth || cfg.Steps < 1 || cfg.Steps > maxWidth {
			return nil, fmt.Errorf("checkpoint: rrn configuration %s is not usable", c.Config)
		}
		m = NewRRN(cfg, rng)
	case "cnn":
		var cfg CNNConfig
		if err := json.Unmarshal(c.Config, &cfg); err != nil || !convShapeOK(cfg.Width, cfg.Blocks) {
			return nil, fmt.Errorf("checkpoint: cnn configuration %s is not usable", c.Config)
		}
		m = NewCNN(cfg, rng)
	case "gcn":
		var cfg GCNConfig
		if err := json.Unmarshal(c.Config, &cfg); err != nil || !convShapeOK(cfg.Width, cfg.Blocks) {
			return nil, fmt.Errorf("checkpoint: gcn configuration %s is not usable", c.Config)
		}
		m = NewGCN(cfg, rng)
	default:
		return nil, fmt.Errorf("checkpoint: unknown model %q (want cnn, gcn or rrn)", c.Model)
	}
	if err := c.Load(m.Params()); err != nil {
		return nil, err
	}
	return m, nil
}

// convShapeOK reports whether a convolutional network's width and depth
// are ones a checkpoint may ask for.
func convShapeOK(width, blocks int) bool {
	return width >= 1 && width <= maxWidth && blocks >= 0 && blocks <= maxBlocks
}

// maxBlocks bounds the depth a checkpoint may ask for.
const maxBlocks = 256
