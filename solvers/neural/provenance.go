package neural

import (
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"
)

// DefaultSteps is the step budget of the shipped weights of each kind:
// what `sudokubench train --model KIND` runs unless told otherwise.
var DefaultSteps = map[string]int{"cnn": 20000, "gcn": 20000, "rrn": 30000}

// NewProvenance describes a finished training run whose weights file holds
// data: everything needed to rebuild it and its score on the fixed test
// set.
func NewProvenance(tr *Trained, weightsPath string, data []byte, command, commit, machine string) (Provenance, error) {
	sum := sha256.Sum256(data)
	test, err := ScoreTestSet(tr.Model, extraSteps(tr.Model)...)
	if err != nil {
		return Provenance{}, err
	}
	p := Provenance{
		Model: tr.Config.Model, File: filepath.Base(weightsPath),
		SHA256: hex.EncodeToString(sum[:]), Bytes: len(data), Parameters: tr.Model.Params().Count(),
		Command: command, Commit: commit, Training: tr.Config,
		Pieces: tr.Pieces, StepsRun: tr.Steps, CutShort: tr.CutShort, TrainSeconds: tr.Elapsed.Seconds(), Machine: machine,
		Test: test,
	}
	if n := len(tr.Curve); n > 0 {
		p.FinalLoss = tr.Curve[n-1].Loss
	}
	return p, nil
}

// extraSteps are the step counts of InferenceSteps an RRN was not trained
// with: its pipelines and test figures at other depths.
func extraSteps(m Model) []int {
	rrn, ok := m.(*RRN)
	if !ok {
		return nil
	}
	var out []int
	for _, s := range InferenceSteps {
		if s != rrn.cfg.Steps {
			out = append(out, s)
		}
	}
	return out
}
