package neural

// Method turns a network's beliefs into a full board.
type Method string

// The inference methods of the pipelines that can be evaluated in bulk.
const (
	OneShot   Method = "oneshot"
	Iterative Method = "iterative"
)

// DefaultThreshold is the iterative pipeline's confidence threshold. On
// validation puzzles (a stream neither trained nor tested on) of 25 and 30
// hints, 0.999 solved as many as filling one cell per pass (84 and 95 of
// 100) with half the passes; 0.95 solved 72 and 89.
const DefaultThreshold = 0.999

// Score counts what a method got right on a set of examples.
type Score struct {
	Puzzles int `json:"puzzles"`
	Solved  int `json:"solved"` // puzzles whose every blank cell is right
	Blanks  int `json:"blank_cells"`
	Right   int `json:"blank_cells_right"` // blank cells filled with the solution's digit
	// Cells and CellsRight count all 81 cells of every board, givens
	// included (always right): the "accuracy" Keras reports for a network
	// that outputs every cell, the comparison article's metric.
	Cells      int `json:"cells"`
	CellsRight int `json:"cells_right"`
}

// Add counts one puzzle's answer.
func (s *Score) Add(ex *Example, answer [Cells]uint8) {
	s.Puzzles++
	s.Cells += Cells
	wrong := 0
	for c, d := range ex.Puzzle {
		if d != 0 {
			s.CellsRight++
			continue
		}
		s.Blanks++
		if answer[c] == ex.Solution[c] {
			s.Right++
			s.CellsRight++
		} else {
			wrong++
		}
	}
	if wrong == 0 {
		s.Solved++
	}
}

// SolvedRate returns the share of whole puzzles solved.
func (s Score) SolvedRate() float64 { return float64(s.Solved) / float64(max(s.Puzzles, 1)) }

// CellAccuracy returns the share of blank cells filled right.
func (s Score) CellAccuracy() float64 { return float64(s.Right) / float64(max(s.Blanks, 1)) }

// AllCellAccuracy returns the share of all cells right, givens included
// (Keras's accuracy over the whole board).
func (s Score) AllCellAccuracy() float64 { return float64(s.CellsRight) / float64(max(s.Cells, 1)) }

// Plus returns the two scores added.
func (s Score) Plus(o Score) Score {
	return Score{Puzzles: s.Puzzles + o.Puzzles, Solved: s.Solved + o.Solved, Blanks: s.Blanks + o.Blanks,
		Right: s.Right + o.Right, Cells: s.Cells + o.Cells, CellsRight: s.CellsRight + o.CellsRight}
}

// Evaluate runs the method on every example. The examples have unique
// solutions, so a puzzle is solved exactly when its answer is the solution.
func Evaluate(m Model, examples []Example, method Method) Score {
	p := NewPredictor(m)
	var s Score
	for i := range examples {
		ex := &examples[i]
		var answer [Cells]uint8
		if method == OneShot {
			answer = p.OneShot(ex.Puzzle)
		} else {
			answer, _ = p.Iterative(ex.Puzzle, DefaultThreshold)
		}
		s.Add(ex, answer)
	}
	return s
}
