package formats

import (
	"testing"

	"github.com/sudokubench/sudokubench/encodings/milp"
	"github.com/sudokubench/sudokubench/sudoku"
)

// A solution to a fixed MPS file names the variables as the file does
// (x1C3 for x_1_12_3) and decodes all the same; a free MPS one does not
// take those names.
func TestFixedMPSSolutionDecodes(t *testing.T) {
	want := sudoku.PatternGrid(4)
	puzzle := want.Clone()
	puzzle.Set(11, 0) // r1c12, whose digit is 12: x_1_12_12, x1CC in fixed MPS
	named := map[string]float64{"x1CC": 1}
	for _, tc := range []struct {
		format string
		ok     bool
	}{{"mps", true}, {"freemps", false}} {
		inst, err := registry[tc.format].Pose(puzzle, map[string]string{"form": "eliminated"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		g, err := inst.Decode(Answer{Named: named})
		switch {
		case tc.ok && (err != nil || !g.Equal(want)):
			t.Errorf("format=%s: %v, %v; want the solution", tc.format, g, err)
		case !tc.ok && err == nil:
			t.Errorf("format=%s: fixed MPS names decoded", tc.format)
		}
	}
	if name, err := milp.FixedMPSName("x_1_12_3"); err != nil || name != "x1C3" {
		t.Errorf("FixedMPSName(x_1_12_3) = %q, %v", name, err)
	}
}
