package neural

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sync"
)

// The shipped weights and their provenance, one pair per model kind:
// weights/KIND.bin and weights/KIND.json (see weights/README.md).
//
//go:embed weights/*.bin weights/*.json
var shipped embed.FS

// Provenance says how a weights file was made and what it scored on the
// fixed test set, so that anyone can rebuild it and check it.
type Provenance struct {
	Model      string `json:"model"`
	File       string `json:"file"`
	SHA256     string `json:"sha256"`
	Bytes      int    `json:"bytes"`
	Parameters int    `json:"parameters"`
	// Command rebuilds the file bit for bit from the commit.
	Command  string      `json:"command"`
	Commit   string      `json:"commit"`
	Training TrainConfig `json:"training"`
	// StepsRun is Training.Steps unless the wall-clock cap cut the run
	// short; then the file is not what the command gives on a quiet
	// machine, and CutShort says so.
	StepsRun     int     `json:"steps_run"`
	CutShort     bool    `json:"cut_short"`
	TrainSeconds float64 `json:"train_seconds"`
	Machine      string  `json:"machine"`
	FinalLoss    float64 `json:"final_loss"`
	// Test is what the weights score on the fixed test set (TestSet) with
	// the pipelines of the commit that ships them; a test reproduces it.
	Test []TestFigure `json:"test"`
}

// TestFigure is one method's score on the puzzles of one hint count of the
// fixed test set.
type TestFigure struct {
	Hints  int    `json:"hints"`
	Method Method `json:"method"`
	Score
}

// TestSetHints and TestSetSize fix the test set recorded beside the
// weights: puzzles from the test stream of seed 1, never trained on.
var TestSetHints = []int{36, 30}

// TestSetSize is the number of puzzles per hint count in the fixed test set.
const TestSetSize = 25

// ScoreTestSet evaluates a model on the fixed test set with both methods.
func ScoreTestSet(m Model) ([]TestFigure, error) {
	var figs []TestFigure
	for _, h := range TestSetHints {
		set, err := TestSet(h, TestSetSize)
		if err != nil {
			return nil, err
		}
		for _, method := range []Method{OneShot, Iterative} {
			figs = append(figs, TestFigure{Hints: h, Method: method, Score: Evaluate(m, set, method)})
		}
	}
	return figs, nil
}

// TestSet returns count puzzles with the hint count from the test stream:
// generated with seeds no training run draws from.
func TestSet(hints, count int) ([]Example, error) {
	return generateSerial(1, testPurpose, hints, count)
}

type shippedModel struct {
	model Model
	prov  Provenance
	err   error
}

var shippedOnce = map[string]func() shippedModel{
	"rrn": sync.OnceValue(func() shippedModel { return loadShipped("rrn") }),
	"cnn": sync.OnceValue(func() shippedModel { return loadShipped("cnn") }),
}

// Shipped returns the shipped model of a kind and its provenance, loaded
// once per process and checked against the SHA-256 recorded beside it.
// The model is shared: use it through a Predictor of one's own.
func Shipped(kind string) (Model, Provenance, error) {
	load, ok := shippedOnce[kind]
	if !ok {
		return nil, Provenance{}, fmt.Errorf("no shipped %q network: use rrn or cnn", kind)
	}
	s := load()
	return s.model, s.prov, s.err
}

func loadShipped(kind string) shippedModel {
	data, err := shipped.ReadFile("weights/" + kind + ".bin")
	if err != nil {
		return shippedModel{err: err}
	}
	meta, err := shipped.ReadFile("weights/" + kind + ".json")
	if err != nil {
		return shippedModel{err: err}
	}
	var prov Provenance
	if err := json.Unmarshal(meta, &prov); err != nil {
		return shippedModel{err: fmt.Errorf("weights/%s.json: %w", kind, err)}
	}
	sum := sha256.Sum256(data)
	if got := hex.EncodeToString(sum[:]); got != prov.SHA256 {
		return shippedModel{err: fmt.Errorf("weights/%s.bin has SHA-256 %s, its provenance records %s", kind, got, prov.SHA256)}
	}
	m, err := Load(bytes.NewReader(data))
	if err != nil {
		return shippedModel{err: fmt.Errorf("weights/%s.bin: %w", kind, err)}
	}
	return shippedModel{model: m, prov: prov}
}
