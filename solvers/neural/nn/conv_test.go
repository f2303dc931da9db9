package nn

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestConv3MatchesDirectConvolution checks the im2col convolution against
// the textbook sum over the 3×3 window with zero padding.
func TestConv3MatchesDirectConvolution(t *testing.T) {
	const side, in, out, boards = 5, 2, 3, 2
	rng := rand.New(rand.NewPCG(3, 3))
	var ps Params
	c := NewConv3(&ps, "c", side, in, out, rng)
	randomize(ps, rng)
	x := randMat(rng, boards*side*side, in)
	var ar Arena
	y, _ := c.Forward(&ar, x)
	w, b := c.W.Value, c.B.Value.Data
	for board := range boards {
		for r := range side {
			for col := range side {
				for o := range out {
					want := float64(b[o])
					for dr := -1; dr <= 1; dr++ {
						for dc := -1; dc <= 1; dc++ {
							nr, nc := r+dr, col+dc
							if nr < 0 || nr >= side || nc < 0 || nc >= side {
								continue
							}
							k := (dr+1)*3 + dc + 1
							for i := range in {
								want += float64(x.Row(board*side*side + nr*side + nc)[i]) * float64(w.Row(k*in + i)[o])
							}
						}
					}
					got := float64(y.Row(board*side*side + r*side + col)[o])
					if math.Abs(got-want) > 1e-4 {
						t.Fatalf("board %d r%dc%d channel %d: %v, want %v", board, r, col, o, got, want)
					}
				}
			}
		}
	}
}
