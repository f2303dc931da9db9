package record

import (
	"fmt"
	"slices"
	"strings"
)

// PlanCheck checks the records of a result directory against the plan its
// manifest states: each record's solver and corpus must be the plan's, its
// repetition and form within the plan's, and its key one that the directory's shard
// (or the shards merged into it) keeps. A record that is not is a sign
// that the manifest was edited or records of another run were added, and
// then what the manifest says of the records (coverage, what a resume
// skips) is wrong: reports warn, resume and merge refuse.
type PlanCheck struct {
	solvers, corpora map[string]bool
	reps, forms      int
	shards           []Shard // the pieces the directory holds; none: the whole plan
	checked          int
	strays           map[string]*strays // by reason
	reasons          []string           // in the order first met
}

// strays counts the records that disagree for one reason.
type strays struct {
	n     int
	first string // the key of the first
}

// NewPlanCheck prepares the check of records against m. A shard that
// cannot be read is not checked (readers say so where they read it).
func NewPlanCheck(m *Manifest) *PlanCheck {
	c := &PlanCheck{
		solvers: make(map[string]bool), corpora: make(map[string]bool),
		reps: m.Plan.Reps, forms: m.Plan.Forms, strays: make(map[string]*strays),
	}
	for _, s := range m.Plan.Solvers {
		c.solvers[s] = true
	}
	for _, s := range m.Plan.Corpora {
		c.corpora[s] = true
	}
	specs := m.MergedShards
	if m.Shard != "" {
		specs = append(slices.Clone(specs), m.Shard)
	}
	for _, spec := range specs {
		if sh, err := ParseShard(spec); err == nil && sh.Count > 1 {
			c.shards = append(c.shards, sh)
		}
	}
	return c
}

// Check checks one record and reports whether it belongs to the plan.
func (c *PlanCheck) Check(r *Record) bool {
	c.checked++
	reason := c.reason(r)
	if reason == "" {
		return true
	}
	s := c.strays[reason]
	if s == nil {
		s = &strays{first: r.Key()}
		c.strays[reason] = s
		c.reasons = append(c.reasons, reason)
	}
	s.n++
	return false
}

// reason says why a record is not one of the plan's runs, or "".
func (c *PlanCheck) reason(r *Record) string {
	switch {
	case len(c.solvers) > 0 && !c.solvers[r.Solver]:
		return fmt.Sprintf("of solver %s, which is not among the plan's solvers", r.Solver)
	case len(c.corpora) > 0 && !c.corpora[r.Corpus]:
		return fmt.Sprintf("of corpus %s, which is not among the plan's corpora", r.Corpus)
	case c.reps > 0 && (r.Rep < 0 || r.Rep >= c.reps):
		return fmt.Sprintf("with a repetition beyond the plan's %d", c.reps)
	case r.Form < 0 || r.Form > c.forms:
		return fmt.Sprintf("of an equivalent form beyond the plan's %d", c.forms)
	case !c.kept(r.Key()):
		names := make([]string, len(c.shards))
		for i, sh := range c.shards {
			names[i] = sh.String()
		}
		return fmt.Sprintf("outside shard %s, which the manifest says the directory holds", strings.Join(names, ", "))
	}
	return ""
}

// kept reports whether one of the directory's shards keeps the key.
func (c *PlanCheck) kept(key string) bool {
	if len(c.shards) == 0 {
		return true
	}
	return slices.ContainsFunc(c.shards, func(sh Shard) bool { return sh.Keeps(key) })
}

// Strays is how many of the records checked do not belong to the plan.
func (c *PlanCheck) Strays() int {
	n := 0
	for _, s := range c.strays {
		n += s.n
	}
	return n
}

// Disagreement says in one line which records disagree with the manifest
// and why, with a count and the first key for each reason: "852 of 1704
// records disagree with manifest.json: 852 outside shard 1/2, which the
// manifest says the directory holds (first:
// exactcover/dlx|17-clue:5|unique|1|0)"; "" when none do.
func (c *PlanCheck) Disagreement() string {
	if len(c.reasons) == 0 {
		return ""
	}
	parts := make([]string, len(c.reasons))
	for i, reason := range c.reasons {
		s := c.strays[reason]
		parts[i] = fmt.Sprintf("%d %s (first: %s)", s.n, reason, s.first)
	}
	return fmt.Sprintf("%d of %d records disagree with %s: %s", c.Strays(), c.checked, ManifestFile, strings.Join(parts, "; "))
}
