package sudoku

import (
	"fmt"
	"testing"
)

// grid9 returns an empty 9×9 classic grid with the given digits set; keys
// are "r3c7" cell names.
func grid9(t *testing.T, digits map[string]int) *Grid {
	t.Helper()
	g := NewGrid(MustGeometry(3, Classic))
	for name, d := range digits {
		var r, c int
		if _, err := fmt.Sscanf(name, "r%dc%d", &r, &c); err != nil {
			t.Fatalf("cell %q: %v", name, err)
		}
		g.Set((r-1)*9+c-1, d)
	}
	return g
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name   string
		digits map[string]int
		kind   error
		msg    string
	}{
		{"duplicate-row", map[string]int{"r3c2": 7, "r3c8": 7}, ErrDuplicate, "row 3: 7 at r3c2 and r3c8"},
		{"duplicate-column", map[string]int{"r1c5": 4, "r9c5": 4}, ErrDuplicate, "column 5: 4 at r1c5 and r9c5"},
		{"duplicate-box", map[string]int{"r4c4": 2, "r6c6": 2}, ErrDuplicate, "box 5: 2 at r4c4 and r6c6"},
		{"no-candidate", map[string]int{
			"r1c2": 1, "r1c3": 2, "r1c4": 3, "r1c5": 4, "r1c6": 5, "r1c7": 6, "r1c8": 7, "r1c9": 8, "r2c1": 9,
		}, ErrNoCandidate, "r1c1: no candidate left, every digit is already seen by its peers"},
		{"same-single", map[string]int{
			"r1c3": 1, "r1c4": 2, "r1c5": 3, "r1c6": 4, "r1c7": 5, "r1c8": 6, "r1c9": 7, "r4c1": 9, "r7c2": 9,
		}, ErrSameSingle, "row 1: r1c1 and r1c2 can only be 8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkError(t, grid9(t, tt.digits).Validate(), tt.kind, tt.msg)
		})
	}
}

func TestValidateAccepts(t *testing.T) {
	for box := MinBox; box <= MaxBox; box++ {
		full := pattern(box)
		puzzle := full.Clone()
		for i := 0; i < len(puzzle.Cells()); i += 2 {
			puzzle.Set(i, 0)
		}
		for _, g := range []*Grid{NewGrid(full.Geometry()), full, puzzle} {
			if err := g.Validate(); err != nil {
				t.Errorf("%s %s: %v", full.Geometry(), g, err)
			}
		}
	}
}

func TestValidateDiagonal(t *testing.T) {
	g := NewGrid(MustGeometry(3, Diagonal))
	g.Set(0, 5)  // r1c1
	g.Set(80, 5) // r9c9
	checkError(t, g.Validate(), ErrDuplicate, "main diagonal: 5 at r1c1 and r9c9")
	g = NewGrid(MustGeometry(3, Diagonal))
	g.Set(8, 3)  // r1c9
	g.Set(72, 3) // r9c1
	checkError(t, g.Validate(), ErrDuplicate, "anti-diagonal: 3 at r1c9 and r9c1")
}

func TestCandidates(t *testing.T) {
	g := grid9(t, map[string]int{"r1c2": 1, "r2c1": 2, "r9c1": 3, "r1c9": 4, "r5c5": 5})
	cand := g.Candidates()
	if want := uint64(0b1111100000); cand[0] != want {
		t.Errorf("r1c1 candidates %b, want %b", cand[0], want)
	}
	if cand[1] != 0 {
		t.Errorf("filled r1c2 has candidates %b", cand[1])
	}
}

func TestCheckSolution(t *testing.T) {
	full := pattern(3)
	puzzle := full.Clone()
	for i := 0; i < 81; i += 2 {
		puzzle.Set(i, 0)
	}
	if err := CheckSolution(puzzle, full); err != nil {
		t.Fatalf("the pattern grid: %v", err)
	}
	emptyCell := full.Clone()
	emptyCell.Set(40, 0)
	changed := full.Clone()
	changed.Set(1, 9) // r1c2 is a given 2 in puzzle
	swapped := full.Clone()
	swapped.Set(0, full.Cell(2)) // r1c1 and r1c3 are blank in puzzle
	swapped.Set(2, full.Cell(0))
	tests := []struct {
		name     string
		solution *Grid
		kind     error
		msg      string
	}{
		{"nil", nil, ErrShape, "no solution grid"},
		{"shape", pattern(2), ErrShape, "solution is 4×4 classic, puzzle is 9×9 classic"},
		{"empty-cell", emptyCell, ErrEmptyCell, "r5c5: no digit in the solution"},
		{"given-changed", changed, ErrGivenChanged, "r1c2: given 2 changed to 9"},
		{"unit-broken", swapped, ErrRuleBroken, "column 1: 3 at r1c1 and r7c1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkError(t, CheckSolution(puzzle, tt.solution), tt.kind, tt.msg)
		})
	}
}

func TestCheckSolutionDiagonal(t *testing.T) {
	// The pattern grid keeps rows, columns and boxes but not the diagonals.
	line := pattern(3).String()
	g, _ := ParseLine(line, Diagonal)
	checkError(t, CheckSolution(NewGrid(g.Geometry()), g), ErrRuleBroken, "main diagonal: 5 at r2c2 and r4c4")
}

// On 36×36 the candidates reach digit 36, past a 32-bit mask.
func TestCandidatesSize36(t *testing.T) {
	g := NewGrid(MustGeometry(6, Classic))
	g.Set(1, 36) // r1c2
	g.Set(2, 1)  // r1c3
	cand := g.Candidates()
	if want := (uint64(1)<<37 - 2) &^ (1<<36 | 1<<1); cand[0] != want {
		t.Errorf("r1c1 candidates %b, want %b", cand[0], want)
	}
	if cand[36*36-1] != uint64(1)<<37-2 {
		t.Errorf("r36c36 candidates %b, want every digit 1..36", cand[36*36-1])
	}
}
