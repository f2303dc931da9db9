package sudoku

import (
	"fmt"
	"testing"
)

func TestPatternGridIsAValidSolution(t *testing.T) {
	for box := MinBox; box <= MaxBox; box++ {
		t.Run(fmt.Sprintf("box=%d", box), func(t *testing.T) {
			g := PatternGrid(box)
			if err := CheckSolution(NewGrid(g.Geometry()), g); err != nil {
				t.Fatalf("pattern grid breaks a rule: %v", err)
			}
		})
	}
}
