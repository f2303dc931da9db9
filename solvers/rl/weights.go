package rl

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sync"

	"github.com/sudokubench/sudokubench/solvers/neural"
)

// The shipped weights and their provenance, one pair per learned agent:
// weights/AGENT.bin and weights/AGENT.json (see weights/README.md).
//
//go:embed weights
var shipped embed.FS

// Provenance says how an agent's weights were made and what they scored
// on the fixed test set, so that anyone can rebuild them and check them.
type Provenance struct {
	Agent      string `json:"agent"`
	File       string `json:"file"`
	SHA256     string `json:"sha256"`
	Bytes      int    `json:"bytes"`
	Parameters int    `json:"parameters"`
	// Command rebuilds the file bit for bit from the commit, in one go;
	// Pieces are the invocations that made it.
	Command  string      `json:"command"`
	Commit   string      `json:"commit"`
	Pieces   []Piece     `json:"pieces,omitempty"`
	Training TrainConfig `json:"training"`
	// UpdatesRun is Training.Updates unless the run was stopped before
	// its budget; then CutShort says so, and Continue resumes it.
	UpdatesRun   int     `json:"updates_run"`
	CutShort     bool    `json:"cut_short"`
	Continue     string  `json:"continue,omitempty"`
	TrainSeconds float64 `json:"train_seconds"`
	// SkippedUpdates counts the updates left out because their gradients
	// were not finite numbers.
	SkippedUpdates int    `json:"skipped_updates"`
	Machine        string `json:"machine"`
	// Test is the greedy agent's score on the fixed test set
	// (TestSetHints) with the code of the commit that ships it; a test
	// reproduces it.
	Test []neural.TestFigure `json:"test"`
}

// NewProvenance describes a finished training run whose weights file
// holds data.
func NewProvenance(tr *Trained, weightsPath string, data []byte, command, commit, machine string) (Provenance, error) {
	sum := sha256.Sum256(data)
	test, err := ScoreTestSet(tr.Policy)
	if err != nil {
		return Provenance{}, err
	}
	return Provenance{
		Agent: tr.Config.Agent, File: filepath.Base(weightsPath), SHA256: hex.EncodeToString(sum[:]), Bytes: len(data),
		Parameters: tr.Policy.Net.Params().Count(), Command: command, Commit: commit, Pieces: tr.Pieces,
		Training: tr.Config, UpdatesRun: tr.Updates, CutShort: tr.CutShort, TrainSeconds: tr.Elapsed.Seconds(), SkippedUpdates: tr.Skipped,
		Machine: machine, Test: test,
	}, nil
}

type shippedAgent struct {
	policy *Policy
	prov   Provenance
	err    error
}

var shippedOnce = map[string]func() shippedAgent{
	AgentGCN:     sync.OnceValue(func() shippedAgent { return loadShipped(AgentGCN) }),
	AgentScratch: sync.OnceValue(func() shippedAgent { return loadShipped(AgentScratch) }),
}

// Shipped returns an agent's shipped policy and its provenance, loaded
// once per process and checked against the SHA-256 recorded beside it.
// The policy's network is shared: run it, never train it.
func Shipped(agent string) (*Policy, Provenance, error) {
	load, ok := shippedOnce[agent]
	if !ok {
		return nil, Provenance{}, fmt.Errorf("no shipped agent %q: use %s or %s", agent, AgentGCN, AgentScratch)
	}
	s := load()
	return s.policy, s.prov, s.err
}

func loadShipped(agent string) shippedAgent {
	var prov Provenance
	data, err := neural.ReadShipped(shipped, agent, &prov)
	if errors.Is(err, fs.ErrNotExist) {
		return shippedAgent{err: fmt.Errorf("agent %s: no weights in this build (train them with sudokubench train --model rl-%s): %w", agent, agent, err)}
	}
	if err != nil {
		return shippedAgent{err: err}
	}
	p, err := Load(bytes.NewReader(data), prov.Training.Temperature)
	if err != nil {
		return shippedAgent{err: fmt.Errorf("weights/%s.bin: %w", agent, err)}
	}
	return shippedAgent{policy: p, prov: prov}
}
