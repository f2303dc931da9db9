package neural

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
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
	// Command rebuilds the file bit for bit from the commit, in one go;
	// Pieces are the invocations that made it when it was trained in
	// pieces (train --stop-at, then --resume), which give the same bits.
	Command  string      `json:"command"`
	Commit   string      `json:"commit"`
	Pieces   []Piece     `json:"pieces,omitempty"`
	Training TrainConfig `json:"training"`
	// StepsRun is Training.Steps unless the run was stopped before its
	// budget (--stop-at, the wall-clock cap, an interrupt); then CutShort
	// says so, and Command stops where it stopped.
	StepsRun int  `json:"steps_run"`
	CutShort bool `json:"cut_short"`
	// Continue, for weights cut short, resumes the training checkpoint
	// that Command leaves beside them to the whole budget.
	Continue     string  `json:"continue,omitempty"`
	TrainSeconds float64 `json:"train_seconds"`
	Machine      string  `json:"machine"`
	FinalLoss    float64 `json:"final_loss"`
	// Test is what the weights score on the fixed test set (TestSetHints)
	// with the pipelines of the commit that ships them; a test reproduces
	// it. For the RRN it includes iterative filling at InferenceSteps.
	Test []TestFigure `json:"test"`
}

type shippedModel struct {
	model Model
	prov  Provenance
	err   error
}

var shippedOnce = map[string]func() shippedModel{
	"cnn": sync.OnceValue(func() shippedModel { return loadShipped("cnn") }),
	"gcn": sync.OnceValue(func() shippedModel { return loadShipped("gcn") }),
	"rrn": sync.OnceValue(func() shippedModel { return loadShipped("rrn") }),
}

// Shipped returns the shipped model of a kind and its provenance, loaded
// once per process and checked against the SHA-256 recorded beside it.
// The model is shared: use it through a Predictor of one's own.
func Shipped(kind string) (Model, Provenance, error) {
	load, ok := shippedOnce[kind]
	if !ok {
		return nil, Provenance{}, fmt.Errorf("no shipped %q network: use cnn, gcn or rrn", kind)
	}
	s := load()
	return s.model, s.prov, s.err
}

func loadShipped(kind string) shippedModel {
	var prov Provenance
	data, err := ReadShipped(shipped, kind, &prov)
	if err != nil {
		return shippedModel{err: err}
	}
	m, err := Load(bytes.NewReader(data))
	if err != nil {
		return shippedModel{err: fmt.Errorf("weights/%s.bin: %w", kind, err)}
	}
	return shippedModel{model: m, prov: prov}
}

// ReadShipped reads shipped weights from fsys: weights/NAME.bin, and its
// provenance weights/NAME.json into prov, and checks the weights against
// the SHA-256 the provenance records (its "sha256"). A missing file's
// error wraps fs.ErrNotExist. The networks' and the agents' shipped
// weights are read so.
func ReadShipped(fsys fs.FS, name string, prov any) ([]byte, error) {
	data, err := fs.ReadFile(fsys, "weights/"+name+".bin")
	if err != nil {
		return nil, err
	}
	meta, err := fs.ReadFile(fsys, "weights/"+name+".json")
	if err != nil {
		return nil, fmt.Errorf("weights/%s.bin without its provenance: %w", name, err)
	}
	var recorded struct {
		SHA256 string `json:"sha256"`
	}
	if err := json.Unmarshal(meta, &recorded); err != nil {
		return nil, fmt.Errorf("weights/%s.json: %w", name, err)
	}
	if err := json.Unmarshal(meta, prov); err != nil {
		return nil, fmt.Errorf("weights/%s.json: %w", name, err)
	}
	sum := sha256.Sum256(data)
	if got := hex.EncodeToString(sum[:]); got != recorded.SHA256 {
		return nil, fmt.Errorf("weights/%s.bin has SHA-256 %s, its provenance records %s", name, got, recorded.SHA256)
	}
	return data, nil
}
