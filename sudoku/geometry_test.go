package sudoku

import (
	"fmt"
	"slices"
	"testing"
)

func TestGeometryShapes(t *testing.T) {
	for box := MinBox; box <= MaxBox; box++ {
		for _, v := range []Variant{Classic, Diagonal} {
			geo := MustGeometry(box, v)
			t.Run(fmt.Sprintf("size=%d/variant=%s", geo.N, v), func(t *testing.T) {
				n := box * box
				units := 3 * n
				if v == Diagonal {
					units += 2
				}
				if geo.N != n || geo.Cells != n*n || len(geo.Units) != units {
					t.Fatalf("N %d, cells %d, units %d", geo.N, geo.Cells, len(geo.Units))
				}
				for _, u := range geo.Units {
					if len(u.Cells) != n {
						t.Errorf("%s has %d cells", u.Name(), len(u.Cells))
					}
				}
				// A classic cell sees its row, column and box: 3(N−1) − 2(box−1) peers.
				if want := 3*(n-1) - 2*(box-1); v == Classic && len(geo.Peers[0]) != want {
					t.Errorf("r1c1 has %d peers, want %d", len(geo.Peers[0]), want)
				}
			})
		}
	}
}

func TestDiagonalUnits(t *testing.T) {
	geo := MustGeometry(3, Diagonal)
	main, anti := geo.Units[27], geo.Units[28]
	if main.Name() != "main diagonal" || !slices.Equal(main.Cells, []int{0, 10, 20, 30, 40, 50, 60, 70, 80}) {
		t.Errorf("main diagonal %s %v", main.Name(), main.Cells)
	}
	if anti.Name() != "anti-diagonal" || !slices.Equal(anti.Cells, []int{8, 16, 24, 32, 40, 48, 56, 64, 72}) {
		t.Errorf("anti-diagonal %s %v", anti.Name(), anti.Cells)
	}
	if got := len(geo.CellUnits[40]); got != 5 {
		t.Errorf("the centre is in %d units, want 5", got)
	}
	if got := len(geo.CellUnits[1]); got != 3 {
		t.Errorf("r1c2 is in %d units, want 3", got)
	}
	// r1c1 sees, beyond its 20 classic peers, the other 6 cells of the main diagonal outside its box.
	if got := len(geo.Peers[0]); got != 26 {
		t.Errorf("r1c1 has %d peers, want 26", got)
	}
	classic := MustGeometry(3, Classic)
	if len(classic.Units) != 27 || len(classic.CellUnits[40]) != 3 {
		t.Errorf("classic geometry has %d units, centre in %d", len(classic.Units), len(classic.CellUnits[40]))
	}
}

func TestGeometryErrorsAndNames(t *testing.T) {
	if _, err := NewGeometry(7, Classic); err == nil {
		t.Error("box 7 accepted")
	}
	if _, err := GeometryForSide(12, Classic); err == nil {
		t.Error("side 12 accepted")
	}
	geo, err := GeometryForSide(16, Diagonal)
	if err != nil || geo.String() != "16×16 diagonal" || geo != MustGeometry(4, Diagonal) {
		t.Errorf("GeometryForSide(16) = %v, %v", geo, err)
	}
	nine := MustGeometry(3, Classic)
	if got := nine.CellName(2*9 + 6); got != "r3c7" {
		t.Errorf("CellName = %q, want r3c7", got)
	}
	if got := nine.BoxOf(4, 7); got != 5 {
		t.Errorf("BoxOf(4, 7) = %d, want 5", got)
	}
	names := []string{nine.Units[2].Name(), nine.Units[9+6].Name(), nine.Units[18+1].Name()}
	if !slices.Equal(names, []string{"row 3", "column 7", "box 2"}) {
		t.Errorf("unit names %v", names)
	}
}
