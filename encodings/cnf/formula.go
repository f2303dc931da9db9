// Package cnf poses Sudoku as propositional satisfiability: a Formula of
// DIMACS-style clauses (and, for engines that take them, native cardinality
// constraints), the classic encodings — minimal, efficient, extended
// ("complete" in tdoku), augmented (with tdoku's triads for locked
// candidates), and reduced by the givens — with a choice of at-most-one
// strategy, DIMACS and OPB writers (with a legend that maps the variables
// of a written file back to cells and digits), decoding of a model back
// to a grid, and a unit propagator that is independent of any engine. What
// each encoding settles without a decision, under stronger inference too,
// is the ladder subpackage's job.
//
// The package's opinion: the encoding is the research object, so every
// formula is plain data that can be inspected, counted, written out and fed
// to any solver; nothing here knows an engine.
//
// Variables are numbered so that the digit d (1..N) of cell i (row-major) is
// variable i·N + d; variables above N³ are auxiliary (sequential counters).
package cnf

import (
	"fmt"
)

// Bound says which side a cardinality constraint limits.
type Bound int

const (
	// AtMost holds when no more than K literals are true.
	AtMost Bound = iota
	// AtLeast holds when K or more literals are true.
	AtLeast
)

// Card is a native cardinality constraint over literals.
type Card struct {
	Lits  []int
	Bound Bound
	K     int
}

// String renders the constraint as "atmost 1 of [1 2 3]".
func (c Card) String() string {
	op := "atmost"
	if c.Bound == AtLeast {
		op = "atleast"
	}
	return fmt.Sprintf("%s %d of %v", op, c.K, c.Lits)
}

// Formula is a set of clauses over variables 1..Vars, each clause a
// disjunction of non-zero literals (v true, -v false), plus optional native
// cardinality constraints. Clauses may share backing storage; treat them as
// read-only.
type Formula struct {
	Vars    int
	Clauses [][]int
	Cards   []Card
	// Comment says how the formula was made; writers emit it.
	Comment string
	// Legend, when set, says what the variables mean, one comment line
	// each after Comment (Instance.Legend); writers emit it.
	Legend []string
}

// Stats is the size of a formula.
type Stats struct {
	Variables   int
	Clauses     int
	Literals    int // over clauses and cardinality constraints
	Cardinality int // native cardinality constraints
}

// Stats counts the formula's variables, clauses and literals.
func (f *Formula) Stats() Stats {
	s := Stats{Variables: f.Vars, Clauses: len(f.Clauses), Cardinality: len(f.Cards)}
	for _, c := range f.Clauses {
		s.Literals += len(c)
	}
	for _, c := range f.Cards {
		s.Literals += len(c.Lits)
	}
	return s
}

// Map returns the statistics as the model-size map of a solver result.
func (s Stats) Map() map[string]int {
	m := map[string]int{"variables": s.Variables, "clauses": s.Clauses, "literals": s.Literals}
	if s.Cardinality > 0 {
		m["constraints"] = s.Cardinality
	}
	return m
}

// Check verifies that every literal names a variable in 1..Vars and that
// cardinality bounds are non-negative.
func (f *Formula) Check() error {
	for i, c := range f.Clauses {
		if err := f.checkLits(c); err != nil {
			return fmt.Errorf("clause %d: %w", i+1, err)
		}
	}
	for i, c := range f.Cards {
		if err := f.checkLits(c.Lits); err != nil {
			return fmt.Errorf("cardinality constraint %d: %w", i+1, err)
		}
		if c.K < 0 {
			return fmt.Errorf("cardinality constraint %d: negative bound %d", i+1, c.K)
		}
	}
	return nil
}

func (f *Formula) checkLits(lits []int) error {
	for _, l := range lits {
		if l == 0 || l > f.Vars || -l > f.Vars {
			return fmt.Errorf("literal %d outside variables 1..%d", l, f.Vars)
		}
	}
	return nil
}

// clauseBuilder appends clauses into one backing array to keep allocations
// few.
type clauseBuilder struct {
	lits   []int
	starts []int
}

func (b *clauseBuilder) add(lits ...int) {
	b.starts = append(b.starts, len(b.lits))
	b.lits = append(b.lits, lits...)
}

// finish slices the backing array into clauses.
func (b *clauseBuilder) finish() [][]int {
	return b.appendTo(make([][]int, 0, len(b.starts)))
}

// appendTo appends the clauses, sliced from the backing array, to dst.
func (b *clauseBuilder) appendTo(dst [][]int) [][]int {
	for i, s := range b.starts {
		end := len(b.lits)
		if i+1 < len(b.starts) {
			end = b.starts[i+1]
		}
		dst = append(dst, b.lits[s:end:end])
	}
	return dst
}

// reset empties the builder and keeps its storage.
func (b *clauseBuilder) reset() {
	b.lits, b.starts = b.lits[:0], b.starts[:0]
}
