package solvers

import (
	"fmt"
	"sort"
	"strings"

	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Info describes a named pipeline in a Registry.
type Info struct {
	// Name is stable and parseable: family/engine/options, e.g.
	// "exactcover/dlx", "sat/gophersat/extended", "milp/cbc".
	Name string
	// Family is the way Sudoku is posed: one of Families, the one list
	// of families.
	Family string
	// Description is one line for `sudokubench solvers`.
	Description string
	// Options are the pipeline's fixed settings, recorded with every run.
	Options map[string]string
	// PureGo marks pipelines that run in-process without outside programs;
	// the default benchmark uses only these.
	PureGo bool
	// OptIn, when set, says why the pipeline runs only when it is named
	// (or selected by a prefix or "all"): a search that takes seconds per
	// hard puzzle by design, such as naive backtracking or a genetic
	// algorithm, would make the default benchmark last an hour. "pure"
	// leaves it out.
	OptIn string
	// Stochastic marks solvers whose answer depends on the seed.
	Stochastic bool
	// Incomplete marks solvers that cannot prove a puzzle unsolvable or its
	// solution unique (annealers, genetic algorithms, one-shot networks):
	// they run in first mode whatever the plan asks (see ModeFor), and an
	// end without a valid grid is gave-up.
	Incomplete bool
	// Proofs, when set, says that the pipeline writes a DRAT proof where a
	// Request asks for one (ProofPath), and of what formula; nil when it
	// cannot. A pipeline that runs a program sets it when it knows the
	// arguments that make the program write a proof.
	Proofs *ProofSpec
	// FirstOnly marks complete solvers that cannot prove a solution unique
	// (an outside program defined with unique = "none"): they run in first
	// mode whatever the plan asks, as incomplete ones do, but an end
	// without a solution is a proof of unsat, not gave-up.
	FirstOnly bool
	// Supports, when set, says which geometries the pipeline takes (a
	// defined pipeline's sizes and variants); nil means every one.
	Supports func(*sudoku.Geometry) bool
	// Source, for a pipeline defined in a solver definition file rather
	// than in Go, is that file; the manifest records it.
	Source *Source
	// Available reports whether the pipeline can run here (an outside
	// solver installed, say); nil means it always can.
	Available func() error
	// Version reports the engine's version for the manifest; may be nil.
	Version func() string
	// New makes a fresh Solver.
	New func() Solver
}

// ProofSpec says what formula a pipeline's proofs refute: the one that
// cnf.Refutation builds from the puzzle (and, for a unique verdict, the
// solution blocked) with these encoding options, as the pipeline hands
// it to its program.
type ProofSpec struct {
	Encoding cnf.Options
}

// Check returns nil if the pipeline can run here, or why it cannot.
func (in Info) Check() error {
	if in.Available == nil {
		return nil
	}
	return in.Available()
}

// Takes reports whether the pipeline takes puzzles of a geometry.
func (in Info) Takes(geo *sudoku.Geometry) bool {
	return in.Supports == nil || in.Supports(geo)
}

// Source is the solver definition file a pipeline comes from: its name
// as given, its SHA-256 and its text.
type Source struct {
	File   string
	SHA256 string
	Text   string
}

// ModeFor returns the mode the pipeline runs in when a plan asks for
// mode: an incomplete solver, or one that cannot prove a solution unique
// (FirstOnly), cannot establish uniqueness, so it runs, and is recorded,
// in first mode; every other pipeline runs as asked.
func (in Info) ModeFor(mode Mode) Mode {
	if in.Incomplete || in.FirstOnly {
		return First
	}
	return mode
}

// Registry is a set of named pipelines.
type Registry struct {
	byName map[string]Info
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{byName: make(map[string]Info)} }

// Add registers a pipeline; a duplicate or malformed name is an error.
func (r *Registry) Add(in Info) error {
	// Commas separate names in --solvers, colons pairs in --scatter A:B and
	// the slashes of a name in a Go benchmark's name (solvertest.BenchSolver).
	if in.Name == "" || strings.ContainsAny(in.Name, " \t,:") || in.New == nil {
		return fmt.Errorf("solver %q: a name without spaces, commas or colons and a constructor are required", in.Name)
	}
	if _, dup := r.byName[in.Name]; dup {
		return fmt.Errorf("solver %q registered twice", in.Name)
	}
	r.byName[in.Name] = in
	return nil
}

// Lookup returns the pipeline with that name, or an error listing the names.
func (r *Registry) Lookup(name string) (Info, error) {
	if in, ok := r.byName[name]; ok {
		return in, nil
	}
	return Info{}, fmt.Errorf("unknown solver %q; known: %s", name, strings.Join(r.Names(), ", "))
}

// Names returns every registered name, sorted.
func (r *Registry) Names() []string {
	names := make([]string, 0, len(r.byName))
	for n := range r.byName {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// All returns every pipeline, sorted by name.
func (r *Registry) All() []Info {
	var all []Info
	for _, n := range r.Names() {
		all = append(all, r.byName[n])
	}
	return all
}

// Select resolves a comma-separated list of names. Each entry may be a name,
// a prefix ending in "/" or "*" ("sat/*" is every SAT pipeline), "pure" for
// every pure-Go pipeline that is not opt-in, or "all". An empty list is
// "pure".
func (r *Registry) Select(list string) ([]Info, error) {
	if strings.TrimSpace(list) == "" {
		list = "pure"
	}
	seen := make(map[string]bool)
	var out []Info
	for _, pat := range strings.Split(list, ",") {
		pat = strings.TrimSpace(pat)
		matched := false
		for _, in := range r.All() {
			if matches(pat, in) {
				matched = true
				if !seen[in.Name] {
					seen[in.Name] = true
					out = append(out, in)
				}
			}
		}
		if !matched {
			return nil, fmt.Errorf("no solver matches %q; known: %s", pat, strings.Join(r.Names(), ", "))
		}
	}
	return out, nil
}

func matches(pat string, in Info) bool {
	switch {
	case pat == "pure":
		return in.PureGo && in.OptIn == ""
	case pat == "all" || pat == "*":
		return true
	case strings.HasSuffix(pat, "*"):
		return strings.HasPrefix(in.Name, strings.TrimSuffix(pat, "*"))
	case strings.HasSuffix(pat, "/"):
		return strings.HasPrefix(in.Name, pat)
	}
	return in.Name == pat
}
