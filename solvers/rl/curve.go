package rl

import "github.com/sudokubench/sudokubench/solvers/neural"

// Curve is an agent's learning curve, written beside its weights.
type Curve struct {
	Agent  string             `json:"agent"`
	Return []CurvePoint       `json:"training"`
	Tests  []neural.CurveTest `json:"tests"`
}

// CurveData returns the run's learning curve.
func (tr *Trained) CurveData() Curve {
	return Curve{Agent: tr.Config.Agent, Return: tr.Curve, Tests: tr.Tests}
}
