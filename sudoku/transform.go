package sudoku

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// Transform is a symmetry of Sudoku on one geometry: it maps every grid to
// an equivalent one, a valid solution to a valid solution, a puzzle to a
// puzzle with as many solutions. Applied to a grid it first transposes it
// (when Transpose is set), then moves row i to row Rows[i] and column j to
// column Cols[j], and writes digit d as Digits[d].
//
// On a classic geometry the row map permutes the rows within each band and
// the bands, the column map the columns within each stack and the stacks.
// On the diagonal variant only the maps that send the two diagonals onto
// the two diagonals are symmetries: the column map is the row map or its
// mirror (j → N−1−Rows[j]), and the row map commutes with the mirror
// (Rows[N−1−i] = N−1−Rows[i]); transposition and any relabelling of the
// digits keep the diagonals as they are.
//
// A Transform is immutable once made; Identity, RandomTransform,
// ParseTransform, Inverse and Compose make only such symmetries.
type Transform struct {
	geo       *Geometry
	transpose bool
	rows      []int // row i goes to rows[i] (after the transposition)
	cols      []int // column j goes to cols[j]
	digits    []int // digit d becomes digits[d]; digits[0] = 0 (blank)
}

// Identity returns the transform that changes nothing.
func Identity(geo *Geometry) *Transform {
	t := &Transform{geo: geo, rows: identityPerm(geo.N), cols: identityPerm(geo.N)}
	t.digits = identityPerm(geo.N + 1)
	return t
}

func identityPerm(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	return p
}

// check says why t is no symmetry of its geometry.
func (t *Transform) check() error {
	n, box := t.geo.N, t.geo.Box
	switch {
	case !isPerm(t.rows, 0, n):
		return fmt.Errorf("rows %s: not a permutation of 1..%d", oneBased(t.rows), n)
	case !isPerm(t.cols, 0, n):
		return fmt.Errorf("columns %s: not a permutation of 1..%d", oneBased(t.cols), n)
	case len(t.digits) != n+1 || !isPerm(t.digits[1:], 1, n):
		return fmt.Errorf("digits %s: not a permutation of 1..%d", joinInts(t.digits[1:]), n)
	case !keepsBlocks(t.rows, box):
		return fmt.Errorf("rows %s: splits a band of %d rows", oneBased(t.rows), box)
	case !keepsBlocks(t.cols, box):
		return fmt.Errorf("columns %s: splits a stack of %d columns", oneBased(t.cols), box)
	case t.geo.Variant == Diagonal && !t.keepsDiagonals():
		return fmt.Errorf("rows %s, columns %s: moves cells off the diagonals of a %s grid", oneBased(t.rows), oneBased(t.cols), t.geo)
	}
	return nil
}

// isPerm reports whether p holds each of lo..lo+n−1 once.
func isPerm(p []int, lo, n int) bool {
	if len(p) != n {
		return false
	}
	seen := make([]bool, n)
	for _, v := range p {
		if v < lo || v >= lo+n || seen[v-lo] {
			return false
		}
		seen[v-lo] = true
	}
	return true
}

// keepsBlocks reports whether the permutation p sends each block of box
// consecutive lines (a band or a stack) onto one block.
func keepsBlocks(p []int, box int) bool {
	for i, v := range p {
		if v/box != p[i-i%box]/box {
			return false
		}
	}
	return true
}

// keepsDiagonals reports whether the cell map sends the main diagonal and
// the anti-diagonal onto the two diagonals.
func (t *Transform) keepsDiagonals() bool {
	n := t.geo.N
	kind := func(cell int) int { // 1 main, 2 anti, 3 both (the centre), 0 neither
		r, c, k := cell/n, cell%n, 0
		if r == c {
			k |= 1
		}
		if r+c == n-1 {
			k |= 2
		}
		return k
	}
	for _, diag := range [][2]int{{0, n + 1}, {n - 1, n - 1}} { // first cell, step
		first := kind(t.cell(diag[0]))
		for i := range n {
			k := kind(t.cell(diag[0] + i*diag[1]))
			if k == 0 || k&first == 0 {
				return false
			}
			first &= k
		}
	}
	return true
}

// cell returns where t moves the cell with row-major index i.
func (t *Transform) cell(i int) int {
	n := t.geo.N
	r, c := i/n, i%n
	if t.transpose {
		r, c = c, r
	}
	return t.rows[r]*n + t.cols[c]
}

// Geometry returns the geometry t applies to.
func (t *Transform) Geometry() *Geometry { return t.geo }

// IsIdentity reports whether t changes nothing.
func (t *Transform) IsIdentity() bool { return t.Equal(Identity(t.geo)) }

// Equal reports whether t and u map every grid alike.
func (t *Transform) Equal(u *Transform) bool {
	return u != nil && t.geo == u.geo && t.transpose == u.transpose &&
		slices.Equal(t.rows, u.rows) && slices.Equal(t.cols, u.cols) && slices.Equal(t.digits, u.digits)
}

// Apply returns the transformed grid; g is left as it is. A grid of
// another geometry is refused.
func (t *Transform) Apply(g *Grid) (*Grid, error) {
	if g.geo != t.geo {
		return nil, errorf(ErrShape, "grid is %s, the transform is for %s", g.geo, t.geo)
	}
	out := NewGrid(t.geo)
	for i, d := range g.cells {
		out.cells[t.cell(i)] = uint8(t.digits[d])
	}
	return out, nil
}

// Inverse returns the transform that undoes t.
func (t *Transform) Inverse() *Transform {
	inv := &Transform{geo: t.geo, transpose: t.transpose, digits: invert(t.digits)}
	// t: (r, c) → τ → (r', c') → (rows[r'], cols[c']). Undo the maps, then
	// τ again; in the normal form (τ first), a transposition swaps which
	// map acts on rows.
	inv.rows, inv.cols = invert(t.rows), invert(t.cols)
	if t.transpose {
		inv.rows, inv.cols = inv.cols, inv.rows
	}
	return inv
}

func invert(p []int) []int {
	inv := make([]int, len(p))
	for i, v := range p {
		inv[v] = i
	}
	return inv
}

// Compose returns t∘u: the transform that applies u, then t. Both must be
// for one geometry.
func (t *Transform) Compose(u *Transform) (*Transform, error) {
	if t.geo != u.geo {
		return nil, fmt.Errorf("composing a transform for %s with one for %s", t.geo, u.geo)
	}
	// u sends (r, c) to (ρu(a), κu(b)) with (a, b) = τu(r, c); t then
	// swaps the two coordinates when it transposes, before its own maps.
	c := &Transform{geo: t.geo, transpose: t.transpose != u.transpose, digits: compose(t.digits, u.digits)}
	if t.transpose {
		c.rows, c.cols = compose(t.rows, u.cols), compose(t.cols, u.rows)
	} else {
		c.rows, c.cols = compose(t.rows, u.rows), compose(t.cols, u.cols)
	}
	return c, nil
}

// compose returns p∘q: i → p[q[i]].
func compose(p, q []int) []int {
	out := make([]int, len(q))
	for i, v := range q {
		out[i] = p[v]
	}
	return out
}

// RandomTransform draws a symmetry of geo with a seeded generator: same
// seed, same transform. Every part is drawn uniformly among the
// symmetries the geometry allows (see Transform): on a classic geometry
// any order of the bands and of the rows within each band, the same for
// stacks and columns, transposition or not, any relabelling of the
// digits; on the diagonal variant the row map is drawn among those that
// commute with the mirror and the column map is it or its mirror.
func RandomTransform(geo *Geometry, seed uint64) *Transform {
	rng := rand.New(rand.NewPCG(seed, 0x7a05_f0e3))
	t := &Transform{geo: geo, transpose: rng.IntN(2) == 1}
	if geo.Variant == Diagonal {
		t.rows = mirroredBlockPerm(rng, geo.Box)
		t.cols = slices.Clone(t.rows)
		if rng.IntN(2) == 1 {
			for i, v := range t.cols {
				t.cols[i] = geo.N - 1 - v
			}
		}
	} else {
		t.rows, t.cols = blockPerm(rng, geo.Box), blockPerm(rng, geo.Box)
	}
	t.digits = append([]int{0}, rng.Perm(geo.N)...)
	for d := 1; d <= geo.N; d++ {
		t.digits[d]++
	}
	return t
}

// blockPerm draws a permutation of box² lines that keeps blocks of box
// lines together: an order of the blocks, and one of the lines in each.
func blockPerm(rng *rand.Rand, box int) []int {
	blocks := rng.Perm(box)
	p := make([]int, box*box)
	for b := range box {
		for k, v := range rng.Perm(box) {
			p[b*box+k] = blocks[b]*box + v
		}
	}
	return p
}

// mirroredBlockPerm draws a block-keeping permutation of box² lines that
// commutes with the mirror i → box²−1−i: the blocks in mirrored order
// (mirroredPerm), each pair of mirror blocks with one drawn order of its
// lines and its mirror image, a middle block with a mirrored order.
func mirroredBlockPerm(rng *rand.Rand, box int) []int {
	blocks := mirroredPerm(rng, box)
	p := make([]int, box*box)
	for b := range (box + 1) / 2 {
		inner := rng.Perm(box)
		if b == box-1-b {
			inner = mirroredPerm(rng, box)
		}
		for k, v := range inner {
			p[b*box+k] = blocks[b]*box + v
			mb, mk := box-1-b, box-1-k // the mirror line of b*box+k
			p[mb*box+mk] = box*box - 1 - p[b*box+k]
		}
	}
	return p
}

// mirroredPerm draws a permutation p of 0..n−1 with p[n−1−i] = n−1−p[i]:
// the pairs {i, n−1−i} permuted, each pair turned or not; a middle element
// stays.
func mirroredPerm(rng *rand.Rand, n int) []int {
	p := make([]int, n)
	if n%2 == 1 {
		p[n/2] = n / 2
	}
	for i, pair := range rng.Perm(n / 2) {
		v := pair
		if rng.IntN(2) == 1 {
			v = n - 1 - pair
		}
		p[i], p[n-1-i] = v, n-1-v
	}
	return p
}

// String describes t so that ParseTransform reads it back, 1-based:
// "transpose; rows 2 3 1 …; columns …; digits …", parts that change
// nothing left out, and "identity" for the identity.
func (t *Transform) String() string {
	var parts []string
	if t.transpose {
		parts = append(parts, "transpose")
	}
	id := identityPerm(t.geo.N)
	if !slices.Equal(t.rows, id) {
		parts = append(parts, "rows "+oneBased(t.rows))
	}
	if !slices.Equal(t.cols, id) {
		parts = append(parts, "columns "+oneBased(t.cols))
	}
	if !slices.Equal(t.digits, identityPerm(t.geo.N+1)) {
		parts = append(parts, "digits "+joinInts(t.digits[1:]))
	}
	if len(parts) == 0 {
		return "identity"
	}
	return strings.Join(parts, "; ")
}

func oneBased(p []int) string {
	q := make([]int, len(p))
	for i, v := range p {
		q[i] = v + 1
	}
	return joinInts(q)
}

func joinInts(p []int) string {
	s := make([]string, len(p))
	for i, v := range p {
		s[i] = strconv.Itoa(v)
	}
	return strings.Join(s, " ")
}

// ParseTransform reads what Transform.String writes, for geo, and checks
// that it is a symmetry of geo.
func ParseTransform(geo *Geometry, s string) (*Transform, error) {
	t := Identity(geo)
	s = strings.TrimSpace(s)
	if s == "identity" {
		return t, nil
	}
	seen := make(map[string]bool)
	for part := range strings.SplitSeq(s, ";") {
		fields := strings.Fields(part)
		if len(fields) == 0 {
			return nil, fmt.Errorf("transform %q: an empty part", s)
		}
		name := fields[0]
		if seen[name] {
			return nil, fmt.Errorf("transform %q: %s given twice", s, name)
		}
		seen[name] = true
		if err := t.setPart(name, fields[1:]); err != nil {
			return nil, fmt.Errorf("transform %q: %w", s, err)
		}
	}
	if err := t.check(); err != nil {
		return nil, fmt.Errorf("transform %q: %w", s, err)
	}
	return t, nil
}

// setPart sets one named part of t from its numbers.
func (t *Transform) setPart(name string, values []string) error {
	if name == "transpose" {
		if len(values) > 0 {
			return errors.New("transpose takes no numbers")
		}
		t.transpose = true
		return nil
	}
	if name != "rows" && name != "columns" && name != "digits" {
		return fmt.Errorf("unknown part %q: use transpose, rows, columns or digits", name)
	}
	nums := make([]int, len(values))
	for i, v := range values {
		n, err := strconv.Atoi(v)
		if err != nil {
			return fmt.Errorf("%s: %q is not a number", name, v)
		}
		nums[i] = n
	}
	if len(nums) != t.geo.N {
		return fmt.Errorf("%s: %d numbers, want %d", name, len(nums), t.geo.N)
	}
	switch name {
	case "rows", "columns":
		p := make([]int, len(nums))
		for i, n := range nums {
			p[i] = n - 1
		}
		if name == "rows" {
			t.rows = p
		} else {
			t.cols = p
		}
	default:
		t.digits = append([]int{0}, nums...)
	}
	return nil
}
