package neural

import (
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"
)

// DefaultSteps is the step budget of the shipped weights of each kind:
// what `sudokubench train --model KIND` runs unless told otherwise.
var DefaultSteps = map[string]int{"rrn": 3000, "cnn": 10000}

// NewProvenance describes a finished training run whose weights file holds
// data: everything needed to rebuild it and its score on the fixed test
// set.
func NewProvenance(tr *Trained, weightsPath string, data []byte, command, commit, machine string) (Provenance, error) {
	sum := sha256.Sum256(data)
	test, err := ScoreTestSet(tr.Model)
	if err != nil {
		return Provenance{}, err
	}
	p := Provenance{
		Model: tr.Config.Model, File: filepath.Base(weightsPath),
		SHA256: hex.EncodeToString(sum[:]), Bytes: len(data), Parameters: tr.Model.Params().Count(),
		Command: command, Commit: commit, Training: tr.Config,
		StepsRun: tr.Steps, CutShort: tr.CutShort, TrainSeconds: tr.Elapsed.Seconds(), Machine: machine,
		Test: test,
	}
	if n := len(tr.Curve); n > 0 {
		p.FinalLoss = tr.Curve[n-1].Loss
	}
	return p, nil
}
