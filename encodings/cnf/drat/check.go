package drat

import (
	"context"
	"errors"
	"fmt"
	"math/bits"

	"github.com/sudokubench/sudokubench/encodings/cnf"
)

// Mode is how a proof is checked.
type Mode int

const (
	// Backward adds every lemma first, finds the final conflict, and then
	// checks, from the last lemma to the first, only the lemmas that the
	// conflict and the lemmas already checked depend on, propagating
	// through clauses already known to be needed first (drat-trim's
	// backward, core-first checking). The default.
	Backward Mode = iota
	// Forward checks every lemma, in order, before adding it: simpler, and
	// it fails at the first lemma of the proof that does not follow, but
	// checks lemmas the refutation never needed.
	Forward
)

func (m Mode) String() string {
	if m == Forward {
		return "forward"
	}
	return "backward"
}

// Options tune a check.
type Options struct {
	Mode Mode
}

// Result describes a check that verified its proof.
type Result struct {
	// Lemmas and Deletions count the proof's steps.
	Lemmas, Deletions int
	// Checked counts the lemmas checked: in forward mode every lemma read
	// before the conflict, in backward mode those the refutation needs.
	Checked int
	// RAT counts the checked lemmas that are not RUP but RAT.
	RAT int
	// IgnoredDeletions counts deletions not applied: of a clause that is
	// the reason of a unit at the top level (drat-trim ignores these
	// too), or of a clause that is not in the formula.
	IgnoredDeletions int
	// Unread counts the steps after the one that closed the refutation.
	Unread int
}

// Rejection says why a proof does not refute its formula: a lemma that
// follows neither by RUP nor by RAT, or a proof that ends without a
// conflict. It is the one error Check returns for a proof that is wrong,
// as opposed to one it could not finish.
type Rejection struct {
	// Lemma is the 1-based index of the failing lemma among the proof's
	// additions; 0 when the proof ran out without a conflict.
	Lemma int
	// Where is the lemma's place in the proof, "proof.drat:14".
	Where string
	// Lits are the failing lemma's literals, as written.
	Lits   []int
	Reason string
}

func (r *Rejection) Error() string {
	if r.Lemma == 0 {
		return r.Reason
	}
	return fmt.Sprintf("lemma %d (%s) fails: %s", r.Lemma, r.Where, r.Reason)
}

// Check verifies that proof refutes formula: each lemma it needs is RUP
// (unit propagation on the clauses present, with the lemma's literals
// false, reaches a conflict) or RAT on its first literal, and the lemmas
// bring unit propagation to a conflict (the empty clause, written or
// not). A proof that fails returns a *Rejection; any other error (ctx
// done, a formula with cardinality constraints) means the proof was not
// judged.
func Check(ctx context.Context, formula *cnf.Formula, proof *Proof, opt Options) (Result, error) {
	if len(formula.Cards) > 0 {
		return Result{}, errors.New("DRAT proofs refute CNF: the formula has native cardinality constraints")
	}
	c := newChecker(ctx, formula, proof, opt.Mode)
	for _, s := range proof.steps {
		if s.del {
			c.res.Deletions++
		} else {
			c.res.Lemmas++
		}
	}
	if err := c.run(formula); err != nil {
		return Result{}, err
	}
	return c.res, nil
}

// noReason marks a variable assigned by assumption, not by a clause.
const noReason = -1

// watch is an entry of a literal's watch list: a clause watching the
// literal, and a literal of it (the blocker) whose truth spares a visit.
type watch struct {
	clause  int32
	blocker uint32
}

// clause is a clause of the database; its literals sit in the arena, the
// two watched ones first.
type clause struct {
	start          int
	hash           uint64 // of its literal set
	size           int32
	step           int32 // the proof step that added it; -1 for the formula's
	active, marked bool
}

// filter chooses the watched clauses a propagation visits.
type filter int

const (
	visitAll filter = iota
	visitMarked
	visitUnmarked
)

// checker is the state of one check. Literals are coded as 2·v + 1 when
// negative, 2·v when positive, over variables renumbered densely from 1.
type checker struct {
	ctx   context.Context
	proof *Proof
	mode  Mode
	vars  numbering
	res   Result

	val      []int8  // per literal: 1 true, -1 false, 0 unassigned
	reason   []int32 // per variable: the clause that implied it, or noReason
	pos      []int32 // per assigned variable: its place on the trail
	seen     []bool  // per variable, during conflict analysis
	trail    []uint32
	headCore int // trail position up to which core clauses have been visited
	headAll  int // trail position up to which the other clauses have
	// coreFirst makes propagation visit marked clauses before the others.
	coreFirst bool

	watches [][]watch // per literal: the clauses to visit when it becomes false
	arena   []uint32
	clauses []clause
	index   clauseIndex // active clauses by their literal sets
	stamp   []uint32    // per literal, to find duplicates and compare sets
	stamped uint32

	stepClause  []int32 // per step: the clause it added or deleted; -1 if none
	trailBefore []int32 // per step: the trail's length before it
	buf         []uint32
}

func newChecker(ctx context.Context, f *cnf.Formula, p *Proof, mode Mode) *checker {
	c := &checker{ctx: ctx, proof: p, mode: mode}
	c.vars = newNumbering(f, p)
	n := c.vars.count + 1
	c.val = make([]int8, 2*n)
	c.stamp = make([]uint32, 2*n)
	c.watches = make([][]watch, 2*n)
	c.reason = make([]int32, n)
	c.pos = make([]int32, n)
	c.seen = make([]bool, n)
	for i := range c.reason {
		c.reason[i] = noReason
	}
	lits, lemmas := len(p.lits), len(f.Clauses)
	for _, cl := range f.Clauses {
		lits += len(cl)
	}
	for _, s := range p.steps {
		if !s.del {
			lemmas++
		}
	}
	c.arena = make([]uint32, 0, lits)
	c.clauses = make([]clause, 0, lemmas)
	c.index.reserve(lemmas)
	c.sizeWatches(f, lits)
	c.stepClause = make([]int32, len(p.steps))
	c.trailBefore = make([]int32, len(p.steps))
	return c
}

// sizeWatches gives each literal's watch list, from one array, room for
// as many clauses as the literal occurs in: a clause is watched by two of
// its literals, so that is room enough unless watches move to it. A list
// that outgrows its room moves to an array of its own.
func (c *checker) sizeWatches(f *cnf.Formula, lits int) {
	occurs := make([]int32, len(c.watches))
	for _, cl := range f.Clauses {
		for _, l := range cl {
			occurs[c.vars.code(l)]++
		}
	}
	for _, s := range c.proof.steps {
		if !s.del {
			for _, l := range c.proof.stepLits(s) {
				occurs[c.vars.code(int(l))]++
			}
		}
	}
	room := make([]watch, lits)
	at := 0
	for code, n := range occurs {
		c.watches[code] = room[at : at : at+int(n)]
		at += int(n)
	}
}

// run checks the proof against the formula.
func (c *checker) run(f *cnf.Formula) error {
	conflict := int32(-1)
	for _, lits := range f.Clauses {
		id := c.store(c.codeInts(lits), -1)
		if cf := c.attach(id, true); cf >= 0 && conflict < 0 {
			conflict = cf
		}
	}
	if conflict < 0 {
		conflict = c.propagate()
	}
	last := -1 // the step that closed the refutation
	if conflict < 0 {
		var err error
		if last, conflict, err = c.forward(); err != nil {
			return err
		}
	}
	c.res.Unread = len(c.proof.steps) - last - 1
	if c.mode == Backward {
		c.analyze(conflict, 0)
		return c.backward(last)
	}
	return nil
}

// forward reads the proof's steps until one brings unit propagation to a
// conflict, and returns that step and the conflicting clause. In forward
// mode it checks each lemma before adding it.
func (c *checker) forward() (last int, conflict int32, err error) {
	for i, s := range c.proof.steps {
		if i&255 == 0 {
			if err := c.ctx.Err(); err != nil {
				return 0, 0, err
			}
		}
		c.trailBefore[i] = int32(len(c.trail))
		c.stepClause[i] = -1
		if s.del {
			c.delete(i)
			continue
		}
		if s.start == s.end {
			return 0, 0, c.reject(i, "the empty clause does not follow: unit propagation finds no conflict")
		}
		if c.mode == Forward {
			if err := c.check(i); err != nil {
				return 0, 0, err
			}
		}
		id := c.store(c.codeProof(s), int32(i))
		c.stepClause[i] = id
		cf := c.attach(id, true)
		if cf < 0 {
			cf = c.propagate()
		}
		if cf >= 0 {
			return i, cf, nil
		}
	}
	return 0, 0, &Rejection{Reason: fmt.Sprintf(
		"the proof does not refute the formula: after its %d lemmas unit propagation finds no conflict", c.res.Lemmas)}
}

// backward undoes the steps from last down to the first, checking each
// marked lemma against the clauses present before it.
func (c *checker) backward(last int) error {
	c.coreFirst = true
	for i := last; i >= 0; i-- {
		if i&255 == 0 {
			if err := c.ctx.Err(); err != nil {
				return err
			}
		}
		id := c.stepClause[i]
		if id < 0 {
			continue
		}
		if c.proof.steps[i].del {
			c.clauses[id].active = true
			c.attach(id, false)
			continue
		}
		c.detach(id)
		c.backtrack(int(c.trailBefore[i]))
		if c.clauses[id].marked {
			if err := c.check(i); err != nil {
				return err
			}
		}
	}
	return nil
}

// check verifies the lemma of step i against the active clauses: RUP, or
// else RAT on its first literal. In backward mode it marks the clauses
// the derivation used.
func (c *checker) check(i int) error {
	c.res.Checked++
	lemma := c.codeProof(c.proof.steps[i])
	saved := len(c.trail)
	defer c.backtrack(saved)
	if c.rup(lemma) {
		return nil
	}
	if c.rat(lemma) {
		c.res.RAT++
		return nil
	}
	return c.reject(i, fmt.Sprintf("%s is neither RUP nor RAT on %d",
		formatClause(c.proof.stepLits(c.proof.steps[i])), c.proof.lits[c.proof.steps[i].start]))
}

// reject makes the rejection of step i's lemma.
func (c *checker) reject(i int, reason string) *Rejection {
	s := c.proof.steps[i]
	index := 0
	for _, t := range c.proof.steps[:i+1] {
		if !t.del {
			index++
		}
	}
	lits := make([]int, 0, s.end-s.start)
	for _, l := range c.proof.stepLits(s) {
		lits = append(lits, int(l))
	}
	return &Rejection{Lemma: index, Where: c.proof.where(s), Lits: lits, Reason: reason}
}

// rup assigns the lemma's literals false and propagates; it reports
// whether that reaches a conflict, leaving the assignment for rat.
func (c *checker) rup(lemma []uint32) bool { return c.falsify(lemma, noLiteral) }

// rat checks, with the lemma's literals already false and propagated,
// that every resolvent on its first literal p is RUP: for each active
// clause D holding ¬p, assigning D's other literals false too brings a
// conflict.
func (c *checker) rat(lemma []uint32) bool {
	if len(lemma) == 0 {
		return false
	}
	notPivot := lemma[0] ^ 1
	base := len(c.trail)
	for id := range c.clauses {
		cl := &c.clauses[id]
		if !cl.active || !c.holds(cl, notPivot) {
			continue
		}
		ok := c.resolventConflicts(cl, notPivot)
		c.backtrack(base)
		if !ok {
			return false
		}
	}
	return true
}

// holds reports whether a clause has the literal.
func (c *checker) holds(cl *clause, lit uint32) bool {
	for _, l := range c.arena[cl.start : cl.start+int(cl.size)] {
		if l == lit {
			return true
		}
	}
	return false
}

// resolventConflicts assigns false the literals of cl other than notPivot
// and reports whether propagation then conflicts.
func (c *checker) resolventConflicts(cl *clause, notPivot uint32) bool {
	return c.falsify(c.arena[cl.start:cl.start+int(cl.size)], notPivot)
}

// noLiteral is no literal: falsify skips nothing.
const noLiteral = ^uint32(0)

// falsify assigns false every literal of lits but skip, then propagates;
// it reports whether that reaches a conflict (a literal already true is
// one), analysed for the core.
func (c *checker) falsify(lits []uint32, skip uint32) bool {
	for _, l := range lits {
		if l == skip {
			continue
		}
		switch c.val[l] {
		case 1:
			c.analyze(-1, l>>1)
			return true
		case 0:
			c.assign(l^1, noReason)
		}
	}
	if cf := c.propagate(); cf >= 0 {
		c.analyze(cf, 0)
		return true
	}
	return false
}

// assign makes a literal true, implied by reason.
func (c *checker) assign(l uint32, reason int32) {
	c.val[l], c.val[l^1] = 1, -1
	c.reason[l>>1] = reason
	c.pos[l>>1] = int32(len(c.trail))
	c.trail = append(c.trail, l)
}

// backtrack unassigns the trail down to length n, a state that unit
// propagation had brought to its fixpoint: every literal left on the trail
// counts as visited.
func (c *checker) backtrack(n int) {
	for len(c.trail) > n {
		l := c.trail[len(c.trail)-1]
		c.trail = c.trail[:len(c.trail)-1]
		c.val[l], c.val[l^1] = 0, 0
		c.reason[l>>1] = noReason
	}
	c.headCore, c.headAll = len(c.trail), len(c.trail)
}

// propagate runs unit propagation from the trail's unvisited literals and
// returns a conflicting clause, or -1. With coreFirst it visits marked
// clauses to their fixpoint before each visit of another clause's
// watches, so that a derivation uses clauses already needed where it can.
func (c *checker) propagate() int32 {
	for {
		if c.coreFirst {
			for c.headCore < len(c.trail) {
				l := c.trail[c.headCore]
				c.headCore++
				if cf := c.visit(l^1, visitMarked); cf >= 0 {
					return cf
				}
			}
		}
		if c.headAll >= len(c.trail) {
			return -1
		}
		l := c.trail[c.headAll]
		c.headAll++
		f := visitAll
		if c.coreFirst {
			f = visitUnmarked
		}
		if cf := c.visit(l^1, f); cf >= 0 {
			return cf
		}
	}
}

// visit visits the clauses watching literal f, which has just become
// false: each moves its watch to another literal that is not false, or
// implies its other watched literal, or conflicts.
func (c *checker) visit(f uint32, which filter) int32 {
	ws := c.watches[f]
	j := 0
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		cl := &c.clauses[w.clause]
		if (which == visitMarked && !cl.marked) || (which == visitUnmarked && cl.marked) || c.val[w.blocker] == 1 {
			ws[j] = w
			j++
			continue
		}
		lits := c.arena[cl.start : cl.start+int(cl.size)]
		if lits[0] == f {
			lits[0], lits[1] = lits[1], lits[0]
		}
		first := lits[0]
		if c.val[first] == 1 {
			ws[j] = watch{w.clause, first}
			j++
			continue
		}
		if c.moveWatch(lits, w.clause) {
			continue
		}
		ws[j] = w
		j++
		if c.val[first] == -1 {
			j += copy(ws[j:], ws[i+1:])
			c.watches[f] = ws[:j]
			return w.clause
		}
		c.assign(first, w.clause)
	}
	c.watches[f] = ws[:j]
	return -1
}

// moveWatch looks for a literal of a clause, past its two watched ones,
// that is not false, and watches it in place of lits[1].
func (c *checker) moveWatch(lits []uint32, id int32) bool {
	for k := 2; k < len(lits); k++ {
		if c.val[lits[k]] != -1 {
			lits[1], lits[k] = lits[k], lits[1]
			c.watches[lits[1]] = append(c.watches[lits[1]], watch{id, lits[0]})
			return true
		}
	}
	return false
}

// analyze marks the clauses a conflict depends on: the conflicting clause
// (or, with cf < 0, the reason of variable v, a literal found true where
// it was to be made false) and, walking the trail back, the reason of
// every variable involved. Only backward checking needs the marks.
func (c *checker) analyze(cf int32, v uint32) {
	if c.mode != Backward {
		return
	}
	pending := 0
	if cf >= 0 {
		pending += c.markClause(cf, 0)
	} else {
		c.seen[v] = true
		pending++
	}
	for i := len(c.trail) - 1; i >= 0 && pending > 0; i-- {
		u := c.trail[i] >> 1
		if !c.seen[u] {
			continue
		}
		c.seen[u] = false
		pending--
		if r := c.reason[u]; r >= 0 {
			pending += c.markClause(r, u)
		}
	}
}

// markClause marks a clause as needed and sees its variables other than
// skip; it returns how many it newly saw.
func (c *checker) markClause(id int32, skip uint32) int {
	cl := &c.clauses[id]
	cl.marked = true
	n := 0
	for _, l := range c.arena[cl.start : cl.start+int(cl.size)] {
		if u := l >> 1; u != skip && !c.seen[u] {
			c.seen[u] = true
			n++
		}
	}
	return n
}

// store puts a clause in the database, its duplicate literals dropped, and
// indexes it for deletion; it is not yet watched.
func (c *checker) store(lits []uint32, step int32) int32 {
	c.stamped++
	start := len(c.arena)
	for _, l := range lits {
		if c.stamp[l] != c.stamped {
			c.stamp[l] = c.stamped
			c.arena = append(c.arena, l)
		}
	}
	id := int32(len(c.clauses))
	h := hashSet(c.arena[start:])
	c.clauses = append(c.clauses, clause{start: start, hash: h, size: int32(len(c.arena) - start), step: step, active: true})
	c.index.insert(id, h, c.hashOf)
	return id
}

// attach watches an active clause under the current assignment: its two
// best literals (not false, else the latest falsified) go first. With
// imply, it returns the clause if all its literals are false, and assigns
// the remaining one if all others are; else it returns -1.
func (c *checker) attach(id int32, imply bool) int32 {
	cl := &c.clauses[id]
	lits := c.arena[cl.start : cl.start+int(cl.size)]
	switch len(lits) {
	case 0:
		return id
	case 1:
		if !imply {
			return -1
		}
		switch c.val[lits[0]] {
		case -1:
			return id
		case 0:
			c.assign(lits[0], id)
		}
		return -1
	}
	c.pickWatches(lits)
	c.watches[lits[0]] = append(c.watches[lits[0]], watch{id, lits[1]})
	c.watches[lits[1]] = append(c.watches[lits[1]], watch{id, lits[0]})
	if !imply || c.val[lits[1]] != -1 {
		return -1
	}
	switch c.val[lits[0]] {
	case -1:
		return id
	case 0:
		c.assign(lits[0], id)
	}
	return -1
}

// pickWatches moves the two literals best to watch to the front: those
// not false first, then the false ones assigned last.
func (c *checker) pickWatches(lits []uint32) {
	for k := range 2 {
		best := k
		for i := k + 1; i < len(lits); i++ {
			if c.rank(lits[i]) > c.rank(lits[best]) {
				best = i
			}
		}
		lits[k], lits[best] = lits[best], lits[k]
	}
}

// rank orders literals for watching: unassigned or true above false, a
// false one by how late it was assigned.
func (c *checker) rank(l uint32) int {
	if c.val[l] != -1 {
		return len(c.trail) + 1
	}
	return int(c.pos[l>>1])
}

// detach stops watching a clause and makes it inactive.
func (c *checker) detach(id int32) {
	cl := &c.clauses[id]
	cl.active = false
	if cl.size < 2 {
		return
	}
	lits := c.arena[cl.start : cl.start+int(cl.size)]
	for _, l := range lits[:2] {
		ws := c.watches[l]
		for i, w := range ws {
			if w.clause == id {
				ws[i] = ws[len(ws)-1]
				c.watches[l] = ws[:len(ws)-1]
				break
			}
		}
	}
}

// delete applies the deletion of step i, unless the clause is not present
// or is the reason of a unit at the top level.
func (c *checker) delete(i int) {
	lits := c.codeProof(c.proof.steps[i])
	id := c.find(lits)
	if id < 0 || c.isReason(id) {
		c.res.IgnoredDeletions++
		return
	}
	c.detach(id)
	c.stepClause[i] = id
}

// find returns an active clause with exactly the literal set given, or -1,
// and drops it from the deletion index.
func (c *checker) find(lits []uint32) int32 {
	c.stamped++
	n := 0
	for _, l := range lits {
		if c.stamp[l] != c.stamped {
			c.stamp[l] = c.stamped
			lits[n] = l
			n++
		}
	}
	slot := c.index.find(hashSet(lits[:n]), c.hashOf, func(id int32) bool {
		cl := &c.clauses[id]
		return cl.active && int(cl.size) == n && c.allStamped(cl)
	})
	if slot < 0 {
		return -1
	}
	id := c.index.id(slot)
	c.index.remove(slot)
	return id
}

func (c *checker) hashOf(id int32) uint64 { return c.clauses[id].hash }

func (c *checker) allStamped(cl *clause) bool {
	for _, l := range c.arena[cl.start : cl.start+int(cl.size)] {
		if c.stamp[l] != c.stamped {
			return false
		}
	}
	return true
}

// isReason reports whether a clause implied a literal now on the trail.
func (c *checker) isReason(id int32) bool {
	cl := &c.clauses[id]
	if cl.size == 0 {
		return false
	}
	l := c.arena[cl.start]
	return c.val[l] == 1 && c.reason[l>>1] == id
}

// hashSet hashes a set of literals, whatever their order.
func hashSet(lits []uint32) uint64 {
	var sum, xor uint64
	for _, l := range lits {
		m := mix(uint64(l))
		sum += m
		xor ^= bits.RotateLeft64(m, 23)
	}
	return sum ^ bits.RotateLeft64(xor, 11) ^ uint64(len(lits))
}

// mix is SplitMix64's finalizer.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// codeProof returns a step's literals as codes, in c.buf.
func (c *checker) codeProof(s step) []uint32 {
	c.buf = c.buf[:0]
	for _, l := range c.proof.stepLits(s) {
		c.buf = append(c.buf, c.vars.code(int(l)))
	}
	return c.buf
}

// codeInts returns a formula clause's literals as codes, in c.buf.
func (c *checker) codeInts(lits []int) []uint32 {
	c.buf = c.buf[:0]
	for _, l := range lits {
		c.buf = append(c.buf, c.vars.code(l))
	}
	return c.buf
}
