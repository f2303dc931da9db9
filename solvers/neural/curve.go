package neural

// CurveTest is the fixed test set's figures after a number of steps: the
// points of the learning curve's accuracy.
type CurveTest struct {
	Step    int          `json:"step"`
	Figures []TestFigure `json:"figures"`
}

// Curve is the learning curve's data, written beside the weights.
type Curve struct {
	Model string       `json:"model"`
	Loss  []CurvePoint `json:"loss"`
	Tests []CurveTest  `json:"tests"`
}

// scoreCurve scores the fixed test set for the learning curve.
func (r *Run) scoreCurve() error {
	figs, err := r.score(r.model)
	if err != nil {
		return err
	}
	r.tests = append(r.tests, CurveTest{Step: r.step, Figures: figs})
	return nil
}
