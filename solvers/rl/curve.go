package rl

import (
	"fmt"
	"io"

	"github.com/sudokubench/sudokubench/solvers/neural"
)

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

// PlotCurve draws the learning curve with the supervised networks'
// plotting code (neural.PlotLearningCurve) and writes it to w in the
// format of path's extension (path names the file in messages): the
// training episodes' mean return and share solved by update (the policy
// sampling), and the fixed test set's puzzles solved, greedily, by
// update and hint count.
func PlotCurve(w io.Writer, tr *Trained, path string) error {
	ret := neural.Series{Label: "mean return (" + tr.Config.Reward + " reward)"}
	solved := neural.Series{Label: "% of training episodes solved", Min: 0, Max: 100}
	for _, c := range tr.Curve {
		ret.Steps, ret.Values = append(ret.Steps, c.Update), append(ret.Values, c.Return)
		solved.Steps, solved.Values = append(solved.Steps, c.Update), append(solved.Values, 100*c.Solved)
	}
	cfg := tr.Config
	title := fmt.Sprintf("rl/%s, seed %d, %d updates of %d puzzles × %d rollouts", cfg.Agent, cfg.Seed, tr.Updates, cfg.Puzzles, cfg.Rollouts)
	return neural.PlotLearningCurve(w, neural.LearningCurve{Title: title, Series: []neural.Series{ret, solved}, Tests: tr.Tests,
		TestTitle: "fixed test set (17-clue+k), greedy: whole puzzles solved", StepLabel: "update"}, path)
}
