package sudoku

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"testing"
)

// allGeometries lists every supported geometry, both variants.
func allGeometries() []*Geometry {
	var geos []*Geometry
	for box := MinBox; box <= MaxBox; box++ {
		geos = append(geos, MustGeometry(box, Classic), MustGeometry(box, Diagonal))
	}
	return geos
}

// solutionOf returns a valid full grid of geo: the pattern grid for the
// classic variant, a grid filled by a small search for the diagonal one
// (9×9 and below; larger diagonal grids are left to the structural test).
func solutionOf(t *testing.T, geo *Geometry) *Grid {
	t.Helper()
	if geo.Variant == Classic {
		return PatternGrid(geo.Box)
	}
	if geo.Box > 3 {
		return nil
	}
	g := NewGrid(geo)
	if !fillFewest(g) {
		t.Fatalf("%s: no grid found", geo)
	}
	if err := CheckSolution(NewGrid(geo), g); err != nil {
		t.Fatalf("%s: the test's own grid: %v", geo, err)
	}
	return g
}

// fillFewest completes g by depth-first search on the cell with fewest
// candidates.
func fillFewest(g *Grid) bool {
	cand := g.Candidates()
	best, fewest := -1, 99
	for i, d := range g.cells {
		if n := bits.OnesCount64(cand[i]); d == 0 && n < fewest {
			best, fewest = i, n
		}
	}
	if best < 0 {
		return true
	}
	for d := 1; d <= g.N(); d++ {
		if cand[best]&(1<<d) != 0 {
			g.Set(best, d)
			if fillFewest(g) {
				return true
			}
		}
	}
	g.Set(best, 0)
	return false
}

// blanked returns g with every third cell emptied: a puzzle it solves.
func blanked(g *Grid) *Grid {
	p := g.Clone()
	for i := 0; i < len(p.cells); i += 3 {
		p.Set(i, 0)
	}
	return p
}

func mustApply(t *testing.T, tr *Transform, g *Grid) *Grid {
	t.Helper()
	out, err := tr.Apply(g)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestTransformKeepsSolutionsValid(t *testing.T) {
	for _, geo := range allGeometries() {
		sol := solutionOf(t, geo)
		if sol == nil {
			continue
		}
		puzzle := blanked(sol)
		t.Run("geometry="+strings.ReplaceAll(geo.String(), " ", "-"), func(t *testing.T) {
			for seed := range uint64(40) {
				tr := RandomTransform(geo, seed)
				tsol, tpuz := mustApply(t, tr, sol), mustApply(t, tr, puzzle)
				if err := CheckSolution(tpuz, tsol); err != nil {
					t.Fatalf("seed %d (%s): the transformed solution does not solve the transformed puzzle: %v", seed, tr, err)
				}
				if tpuz.Hints() != puzzle.Hints() {
					t.Fatalf("seed %d: %d hints, want %d", seed, tpuz.Hints(), puzzle.Hints())
				}
			}
		})
	}
}

// TestTransformMapsUnitsOntoUnits checks the property behind validity on
// every geometry, the large diagonal ones included: each unit's cells go
// to the cells of one unit of the same geometry.
func TestTransformMapsUnitsOntoUnits(t *testing.T) {
	for _, geo := range allGeometries() {
		units := make(map[string]bool)
		for _, u := range geo.Units {
			units[cellSet(u.Cells)] = true
		}
		t.Run("geometry="+strings.ReplaceAll(geo.String(), " ", "-"), func(t *testing.T) {
			for seed := range uint64(40) {
				tr := RandomTransform(geo, seed)
				for _, u := range geo.Units {
					moved := make([]int, len(u.Cells))
					for i, c := range u.Cells {
						moved[i] = tr.cell(c)
					}
					if !units[cellSet(moved)] {
						t.Fatalf("seed %d (%s): %s goes to cells that form no unit", seed, tr, u.Name())
					}
				}
			}
		})
	}
}

func cellSet(cells []int) string {
	s := slices.Sorted(slices.Values(cells))
	return fmt.Sprint(s)
}

func TestTransformGroupLaws(t *testing.T) {
	for _, geo := range allGeometries() {
		g := blanked(PatternGrid(geo.Box))
		if geo.Variant == Diagonal {
			g = NewGrid(geo) // any grid will do: the laws hold for every grid
			copy(g.cells, blanked(PatternGrid(geo.Box)).cells)
		}
		id := Identity(geo)
		t.Run("geometry="+strings.ReplaceAll(geo.String(), " ", "-"), func(t *testing.T) {
			for seed := range uint64(30) {
				a, b, c := RandomTransform(geo, seed), RandomTransform(geo, seed+100), RandomTransform(geo, seed+200)
				for name, got := range map[string]*Transform{
					"inverse∘a":  must(a.Inverse().Compose(a)),
					"a∘inverse":  must(a.Compose(a.Inverse())),
					"a∘identity": must(a.Compose(id)),
					"identity∘a": must(id.Compose(a)),
				} {
					want := id
					if strings.Contains(name, "identity") {
						want = a
					}
					if !got.Equal(want) {
						t.Fatalf("seed %d: %s = %s, want %s", seed, name, got, want)
					}
				}
				if !must(must(a.Compose(b)).Compose(c)).Equal(must(a.Compose(must(b.Compose(c))))) {
					t.Fatalf("seed %d: composition is not associative", seed)
				}
				if back := mustApply(t, a.Inverse(), mustApply(t, a, g)); !back.Equal(g) {
					t.Fatalf("seed %d: the inverse of %s does not give the grid back", seed, a)
				}
				if ab, abg := mustApply(t, must(a.Compose(b)), g), mustApply(t, a, mustApply(t, b, g)); !ab.Equal(abg) {
					t.Fatalf("seed %d: (a∘b)(g) differs from a(b(g))", seed)
				}
			}
		})
	}
}

func must(t *Transform, err error) *Transform {
	if err != nil {
		panic(err)
	}
	return t
}

func TestRandomTransformIsDeterministicPerSeed(t *testing.T) {
	for _, geo := range allGeometries() {
		distinct := make(map[string]bool)
		for seed := range uint64(20) {
			a, b := RandomTransform(geo, seed), RandomTransform(geo, seed)
			if !a.Equal(b) {
				t.Fatalf("%s seed %d: two draws differ: %s and %s", geo, seed, a, b)
			}
			distinct[a.String()] = true
		}
		if len(distinct) < 15 {
			t.Errorf("%s: 20 seeds drew only %d distinct transforms", geo, len(distinct))
		}
	}
}

// TestRandomTransformCoversTheSymmetries checks, on the small geometries,
// that the draws reach every symmetry of the cells, and nothing else:
// enumerated by brute force over every transposition, row map and column
// map that keeps bands and stacks (and, on the diagonal variant, that
// keeps the diagonals), 128 on 4×4 classic, 16 on 4×4 diagonal (2 band
// orders × 2 row orders in the first band, the columns the same or
// mirrored, transposed or not) and 96 on 9×9 diagonal (2 band orders × 6
// row orders in the first band × 2 in the middle one, × 2 × 2).
func TestRandomTransformCoversTheSymmetries(t *testing.T) {
	for _, tc := range []struct {
		geo  *Geometry
		want int
	}{
		{MustGeometry(2, Classic), 128},
		{MustGeometry(2, Diagonal), 16},
		{MustGeometry(3, Diagonal), 96},
	} {
		t.Run("geometry="+strings.ReplaceAll(tc.geo.String(), " ", "-"), func(t *testing.T) {
			all := cellSymmetries(tc.geo)
			if len(all) != tc.want {
				t.Fatalf("brute force finds %d symmetries, want %d", len(all), tc.want)
			}
			drawn := make(map[string]bool)
			for seed := range uint64(40 * tc.want) {
				tr := RandomTransform(tc.geo, seed)
				key := cellMapKey(tr)
				if !all[key] {
					t.Fatalf("seed %d draws %s, which is no symmetry", seed, tr)
				}
				drawn[key] = true
			}
			if len(drawn) != len(all) {
				t.Errorf("%d draws reached %d of the %d symmetries", 40*tc.want, len(drawn), len(all))
			}
		})
	}
}

// cellSymmetries enumerates the cell maps (digits left alone) that check
// accepts for geo, over every line permutation that keeps blocks.
func cellSymmetries(geo *Geometry) map[string]bool {
	perms := slices.DeleteFunc(allPerms(geo.N), func(p []int) bool { return !keepsBlocks(p, geo.Box) })
	found := make(map[string]bool)
	for _, transpose := range []bool{false, true} {
		for _, rows := range perms {
			for _, cols := range perms {
				if geo.Variant == Diagonal && !diagonalOntoDiagonal(rows, cols) {
					continue // check would refuse it; this only saves time
				}
				tr := Identity(geo)
				tr.transpose, tr.rows, tr.cols = transpose, rows, cols
				if tr.check() == nil {
					found[cellMapKey(tr)] = true
				}
			}
		}
	}
	return found
}

// diagonalOntoDiagonal reports whether the rows and columns maps send the
// main diagonal's cells all onto the main or all onto the anti-diagonal.
func diagonalOntoDiagonal(rows, cols []int) bool {
	main, anti := true, true
	for i := range rows {
		main = main && rows[i] == cols[i]
		anti = anti && rows[i]+cols[i] == len(rows)-1
	}
	return main || anti
}

func cellMapKey(tr *Transform) string {
	return fmt.Sprint(tr.transpose, tr.rows, tr.cols)
}

// allPerms lists every permutation of 0..n−1.
func allPerms(n int) [][]int {
	if n == 0 {
		return [][]int{{}}
	}
	var out [][]int
	for _, p := range allPerms(n - 1) {
		for pos := 0; pos <= len(p); pos++ {
			q := slices.Insert(slices.Clone(p), pos, n-1)
			out = append(out, q)
		}
	}
	return out
}

func TestParseTransformReadsWhatStringWrites(t *testing.T) {
	for _, geo := range allGeometries() {
		for seed := range uint64(10) {
			tr := RandomTransform(geo, seed)
			back, err := ParseTransform(geo, tr.String())
			if err != nil {
				t.Fatalf("%s seed %d: %v", geo, seed, err)
			}
			if !back.Equal(tr) {
				t.Fatalf("%s seed %d: read back %s, want %s", geo, seed, back, tr)
			}
		}
		if id, err := ParseTransform(geo, Identity(geo).String()); err != nil || !id.IsIdentity() {
			t.Fatalf("%s: identity read back as %v, %v", geo, id, err)
		}
	}
}

func TestParseTransformRefusesWhatIsNoSymmetry(t *testing.T) {
	classic, diagonal := MustGeometry(3, Classic), MustGeometry(3, Diagonal)
	for _, tc := range []struct {
		name string
		geo  *Geometry
		text string
		want string
	}{
		{"splits-band", classic, "rows 1 2 4 3 5 6 7 8 9", "splits a band of 3 rows"},
		{"splits-stack", classic, "columns 4 2 3 1 5 6 7 8 9", "splits a stack of 3 columns"},
		{"repeats-row", classic, "rows 1 1 3 4 5 6 7 8 9", "not a permutation of 1..9"},
		{"row-zero", classic, "rows 0 2 3 4 5 6 7 8 9", "not a permutation of 1..9"},
		{"digit-ten", classic, "digits 1 2 3 4 5 6 7 8 10", "not a permutation of 1..9"},
		{"too-few", classic, "digits 1 2 3", "3 numbers, want 9"},
		{"not-a-number", classic, "rows 1 2 x 4 5 6 7 8 9", `"x" is not a number`},
		{"unknown-part", classic, "rotate 90", `unknown part "rotate"`},
		{"twice", classic, "transpose; transpose", "transpose given twice"},
		{"empty-part", classic, "transpose;", "an empty part"},
		{"off-diagonal", diagonal, "rows 2 1 3 4 5 6 7 8 9", "moves cells off the diagonals"},
		{"columns-alone", diagonal, "columns 3 2 1 4 5 6 7 8 9", "moves cells off the diagonals"},
	} {
		t.Run("case="+tc.name, func(t *testing.T) {
			_, err := ParseTransform(tc.geo, tc.text)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("ParseTransform(%q) = %v, want an error saying %q", tc.text, err, tc.want)
			}
		})
	}
	// Rows and columns mirrored together keep the diagonals; digits are free.
	if _, err := ParseTransform(diagonal, "rows 9 8 7 6 5 4 3 2 1; columns 9 8 7 6 5 4 3 2 1; digits 2 1 3 4 5 6 7 8 9; transpose"); err != nil {
		t.Errorf("a mirror of the diagonal grid refused: %v", err)
	}
}

func TestApplyRefusesAnotherGeometry(t *testing.T) {
	tr := RandomTransform(MustGeometry(3, Classic), 1)
	_, err := tr.Apply(PatternGrid(2))
	if !errors.Is(err, ErrShape) {
		t.Fatalf("Apply on a 4×4 grid: %v, want ErrShape", err)
	}
	if _, err := tr.Compose(RandomTransform(MustGeometry(3, Diagonal), 1)); err == nil {
		t.Fatal("composing transforms of two geometries succeeded")
	}
}
