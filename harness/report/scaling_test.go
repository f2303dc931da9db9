package report

import (
	"math"
	"strings"
	"testing"
)

// Generated corpora group by their share of givens, placed in percent;
// other corpora stand off the line.
func TestShareOfGivens(t *testing.T) {
	for _, c := range []struct {
		corpus string
		label  string
		place  float64
	}{
		{"holes-16@0.40", "40%", 40}, {"holes-25@0.2", "20%", 20}, {"unique-9@0.45", "45%", 45},
	} {
		t.Run("corpus="+c.corpus, func(t *testing.T) {
			g := ShareOfGivens{}.Group(&Obs{ObsPuzzle: &ObsPuzzle{Corpus: c.corpus}})
			if g.Label != c.label || (ShareOfGivens{}).Place(g) != c.place {
				t.Errorf("group %+v placed at %v, want %s at %v", g, ShareOfGivens{}.Place(g), c.label, c.place)
			}
		})
	}
	if g := (ShareOfGivens{}).Group(&Obs{ObsPuzzle: &ObsPuzzle{Corpus: "top1465"}}); g.Label != "top1465" || g.Order != math.MaxInt {
		t.Errorf("a shipped corpus grouped as %+v", g)
	}
}

// A peak time that grows as side³ is fitted with exponent 3, ratios of
// (16/9)³ and (25/16)³, and an interval that holds 3.
func TestGrowthsFitsAPowerLaw(t *testing.T) {
	var peaks []Peak
	for _, side := range []int{9, 16, 25} {
		v := 1e3 * math.Pow(float64(side), 3)
		peaks = append(peaks, Peak{Solver: "a", Side: side, PAR2: v, Solved: 3, N: 3, PAR2Samples: []float64{v * 0.9, v, v * 1.1}})
	}
	peaks = append(peaks, Peak{Solver: "only-one-side", Side: 9, PAR2: 1, N: 1, PAR2Samples: []float64{1}})
	gs := Growths(peaks)
	if len(gs) != 1 {
		t.Fatalf("%d growths, want 1 (a pipeline on one side has none)", len(gs))
	}
	g := gs[0]
	if math.Abs(g.Exponent-3) > 1e-9 || g.ExpLo > 3 || g.ExpHi < 3 || g.CensoredAtPeak {
		t.Errorf("exponent %v in [%v, %v], censored %v; want 3 inside, not censored", g.Exponent, g.ExpLo, g.ExpHi, g.CensoredAtPeak)
	}
	if want := math.Pow(16.0/9, 3); math.Abs(g.Ratios[0]-want) > 1e-9 {
		t.Errorf("ratio 9→16 %v, want %v", g.Ratios[0], want)
	}
}

// A directory mixing sides, or holding a shipped corpus, is refused.
func TestOneSideRefusesMixedDirectories(t *testing.T) {
	for _, c := range []struct {
		name string
		obs  []Obs
	}{
		{"mixed-sides", []Obs{{ObsPuzzle: &ObsPuzzle{Corpus: "holes-9@0.40"}}, {ObsPuzzle: &ObsPuzzle{Corpus: "holes-16@0.40"}}}},
		{"shipped", []Obs{{ObsPuzzle: &ObsPuzzle{Corpus: "holes-9@0.40"}}, {ObsPuzzle: &ObsPuzzle{Corpus: "top1465"}}}},
		{"empty", nil},
	} {
		t.Run("dir="+c.name, func(t *testing.T) {
			if _, err := oneSide(c.name, c.obs); err == nil || !strings.Contains(err.Error(), c.name) {
				t.Errorf("error %v, want one naming the directory", err)
			}
		})
	}
	if side, err := oneSide("ok", []Obs{{ObsPuzzle: &ObsPuzzle{Corpus: "holes-25@0.30"}}, {ObsPuzzle: &ObsPuzzle{Corpus: "holes-25@0.70"}}}); err != nil || side != 25 {
		t.Errorf("side %d, error %v", side, err)
	}
}
