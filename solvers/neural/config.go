package neural

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// TrainConfig is everything a training run's result depends on. The same
// config gives the same weights, bit for bit, whatever the machine's load,
// however many workers share the work, and however many pieces the run is
// split into (Run.Save, Resume).
type TrainConfig struct {
	Model string `json:"model"` // "cnn", "gcn" or "rrn"
	Seed  uint64 `json:"seed"`
	// Steps is the step budget: updates of Batch examples each.
	Steps int     `json:"steps"`
	Batch int     `json:"batch"`
	LR    float64 `json:"lr"` // peak learning rate of Adam
	// Warmup is how many steps the learning rate rises linearly over;
	// after it, it falls on a cosine to a twentieth of LR at Steps.
	Warmup   int     `json:"warmup"`
	ClipNorm float64 `json:"clip_norm"` // gradients are scaled down to this norm
	// Pool generated puzzles with PoolHints givens each are the data;
	// every example is one of them under a random symmetry, with solution
	// cells added up to a hint count drawn from Levels: a level (a range of
	// hint counts) uniformly, then a count uniformly within it. A count
	// below PoolHints gives the pool puzzle as it is.
	Pool      int         `json:"pool"`
	PoolHints int         `json:"pool_hints"`
	Levels    []HintRange `json:"levels"`
	// RRN, CNN or GCN is the network's shape, the one of Model.
	RRN *RRNConfig `json:"rrn,omitempty"`
	CNN *CNNConfig `json:"cnn,omitempty"`
	GCN *GCNConfig `json:"gcn,omitempty"`
}

// HintRange is a range of hint counts, both ends included.
type HintRange struct {
	Min int `json:"min"`
	Max int `json:"max"`
}

// ArticleLevels are the comparison article's four levels: easy 36–45
// givens, medium 30–35, hard 25–29, expert 17–24.
var ArticleLevels = []HintRange{{36, 45}, {30, 35}, {25, 29}, {17, 24}}

// convLevels are the CNN's and the GCN's hint levels: the article's four,
// and a fifth of boards with 46–80 givens, the ones iterative filling
// feeds them. Trained on the article's 17–45 alone, in an earlier run of
// 30,000 steps, both swung from checkpoint to checkpoint on whole puzzles
// while their cell accuracy held (the GCN's iterative filling solved 24 of
// 25 36-hint test puzzles at step 24,000, 4 at 26,000 and 9 at 30,000,
// right on 94–99% of their blank cells at steps 24,000–30,000), as the
// RRN had collapsed on boards past its range.
var convLevels = append(ArticleLevels[:len(ArticleLevels):len(ArticleLevels)], HintRange{46, 80})

// Models lists the network kinds, in the order the pipelines list them.
var Models = []string{"cnn", "gcn", "rrn"}

// DefaultTraining returns the configuration of the shipped weights of a
// model kind for a seed and step budget (DefaultSteps when steps is 0).
func DefaultTraining(model string, seed uint64, steps int) TrainConfig {
	if steps == 0 {
		steps = DefaultSteps[model]
	}
	c := TrainConfig{Model: model, Seed: seed, Steps: steps, Batch: 32, LR: 3e-3, Warmup: 200,
		ClipNorm: 5, Pool: 16000, PoolHints: 22}
	switch model {
	case "rrn":
		shape := DefaultRRN
		c.RRN = &shape
		// Palm et al.'s data: 17-clue puzzles with 0–17 solution cells
		// added (the generator's puzzles start at PoolHints), and a third
		// of boards with 35–80 givens: iterative filling feeds the network
		// boards up to 80 givens, and an RRN trained on 17–34 alone was
		// right on every blank of 25–36-hint puzzles in one pass but wrong
		// on boards past its range (at step 3,425 its iterative filling
		// solved none of them; stopping the feedback at 34 givens solved
		// every 25-hint puzzle).
		c.Levels = []HintRange{{17, 25}, {26, 34}, {35, 80}}
		// Back-propagated through 32 steps, the RRN diverged at 3e-3:
		// its loss fell to 0.46 by step 625, then climbed back to that of
		// a uniform guess (2.3) by step 1,075.
		c.LR, c.Warmup = 1e-3, 500
	case "cnn":
		shape := DefaultCNN
		c.CNN, c.Levels = &shape, convLevels
	case "gcn":
		shape := DefaultGCN
		c.GCN, c.Levels = &shape, convLevels
	}
	return c
}

// NewModel returns the configured network with fresh weights drawn from
// the seed.
func (c TrainConfig) NewModel() (Model, error) {
	rng := rand.New(rand.NewPCG(c.Seed, initStream))
	switch {
	case c.Model == "rrn" && c.RRN != nil:
		return NewRRN(*c.RRN, rng), nil
	case c.Model == "cnn" && c.CNN != nil:
		return NewCNN(*c.CNN, rng), nil
	case c.Model == "gcn" && c.GCN != nil:
		return NewGCN(*c.GCN, rng), nil
	}
	return nil, fmt.Errorf("train: model %q without its shape: use cnn, gcn or rrn", c.Model)
}

// Check reports a configuration that cannot train.
func (c TrainConfig) Check() error {
	switch {
	case c.Steps < 1 || c.Batch < 2:
		return fmt.Errorf("train: %d steps of %d examples: need at least 1 step of 2", c.Steps, c.Batch)
	case c.LR <= 0 || c.ClipNorm <= 0 || c.Warmup < 0:
		return fmt.Errorf("train: learning rate %g, clip norm %g and warm-up %d must be positive", c.LR, c.ClipNorm, c.Warmup)
	case c.Pool < 1 || c.PoolHints < 17 || c.PoolHints > Cells:
		return fmt.Errorf("train: pool of %d puzzles at %d hints: need at least one puzzle and 17 ≤ hints ≤ 81", c.Pool, c.PoolHints)
	case len(c.Levels) == 0:
		return fmt.Errorf("train: no hint levels to draw examples from")
	}
	for _, l := range c.Levels {
		if l.Min < 17 || l.Min > l.Max || l.Max > Cells {
			return fmt.Errorf("train: hint level %d..%d: need 17 ≤ min ≤ max ≤ 81", l.Min, l.Max)
		}
	}
	return nil
}

// LearningRate returns the learning rate of a step (0-based).
func (c TrainConfig) LearningRate(step int) float64 {
	warm := 1.0
	if c.Warmup > 0 {
		warm = math.Min(1, float64(step+1)/float64(c.Warmup))
	}
	cosine := 0.5 * (1 + math.Cos(math.Pi*float64(step)/float64(c.Steps)))
	return c.LR * warm * (0.05 + 0.95*cosine)
}
