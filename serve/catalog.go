package serve

import (
	"net/http"
	"path/filepath"
	"strings"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/solvers/bitboard"
)

// solverEntry describes a solver for GET /api/solvers.
type solverEntry struct {
	Name        string            `json:"name"`
	Family      string            `json:"family"`
	Description string            `json:"description"`
	Options     map[string]string `json:"options,omitempty"`
	PureGo      bool              `json:"pure_go"`
	Stochastic  bool              `json:"stochastic"`
	Incomplete  bool              `json:"incomplete"`           // runs in first mode only
	FirstOnly   bool              `json:"first_only,omitempty"` // complete, but runs in first mode only
	Available   bool              `json:"available"`
	Unavailable string            `json:"unavailable,omitempty"` // why not
	Version     string            `json:"version,omitempty"`
}

// listSolvers describes every registered solver, asking the available
// outside ones for their versions.
func (s *Server) listSolvers() []solverEntry {
	var list []solverEntry
	for _, in := range s.cfg.Registry.All() {
		e := solverEntry{
			Name: in.Name, Family: in.Family, Description: in.Description, Options: in.Options,
			PureGo: in.PureGo, Stochastic: in.Stochastic, Incomplete: in.Incomplete, FirstOnly: in.FirstOnly, Available: true,
		}
		if err := in.Check(); err != nil {
			e.Available, e.Unavailable = false, err.Error()
		} else if in.Version != nil {
			e.Version = in.Version()
		}
		list = append(list, e)
	}
	return list
}

// handleSolvers answers GET /api/solvers.
func (s *Server) handleSolvers(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"default": DefaultSolver, "solvers": s.solverList()})
}

// corpusEntry describes a shipped corpus for GET /api/corpora.
type corpusEntry struct {
	Name      string  `json:"name"`
	Source    string  `json:"source"`
	Unique    bool    `json:"unique"` // every puzzle has one solution
	Puzzles   int     `json:"puzzles"`
	MinHints  int     `json:"min_hints"`
	MaxHints  int     `json:"max_hints"`
	MeanHints float64 `json:"mean_hints"`
}

// corpusList is the answer of GET /api/corpora.
type corpusList struct {
	Corpora []corpusEntry `json:"corpora"`
	// Derived names the corpora made from another: 17-clue+k.
	Derived string `json:"derived"`
}

// summarizeCorpora counts the puzzles and hints of every shipped corpus.
// The server does it once (see Server.corpusList): the files do not change
// while it runs, and 17-clue alone is 49,158 lines.
func (s *Server) summarizeCorpora() ([]corpusEntry, error) {
	var list []corpusEntry
	for _, e := range corpora.Catalog() {
		sum, err := corpora.Summarize(s.corpora, e.Name, corpora.Options{SkipInvalid: true})
		if err != nil {
			return nil, s.corpusError(err)
		}
		list = append(list, corpusEntry{
			Name: e.Name, Source: e.Source, Unique: e.Unique, Puzzles: sum.Puzzles,
			MinHints: sum.MinHints, MaxHints: sum.MaxHints, MeanHints: sum.MeanHints,
		})
	}
	return list, nil
}

// corpusError says why a shipped corpus cannot be read: the server's
// files are at fault, 500, and the message names them by their names in
// the corpus directory, not by where the server keeps them.
func (s *Server) corpusError(err error) *apiError {
	msg := err.Error()
	if s.corpora != "" {
		msg = strings.ReplaceAll(msg, s.corpora+string(filepath.Separator), "")
	}
	return &apiError{code: http.StatusInternalServerError, msg: "the corpus files cannot be read: " + msg}
}

// handleCorpora answers GET /api/corpora.
func (s *Server) handleCorpora(w http.ResponseWriter, _ *http.Request) {
	list, err := s.corpusList()
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, corpusList{Corpora: list, Derived: "17-clue+k for k = 0..64: 17-clue puzzles with k cells of their solution added"})
}

// maxSample bounds the puzzles one sample request returns.
const maxSample = 100

// sampled is the answer of GET /api/corpora/{name}/sample.
type sampled struct {
	Corpus  string         `json:"corpus"`
	Seed    uint64         `json:"seed"`
	Puzzles []samplePuzzle `json:"puzzles"`
}

type samplePuzzle struct {
	ID     string `json:"id"` // corpus:line
	Puzzle string `json:"puzzle"`
	Hints  int    `json:"hints"`
}

// handleSample answers GET /api/corpora/{name}/sample?n=&seed=&hints=: a
// seeded uniform sample of a corpus's puzzles, in file order.
func (s *Server) handleSample(w http.ResponseWriter, r *http.Request) {
	spec, err := sampleQuery(r)
	if err != nil {
		writeError(w, err)
		return
	}
	name := r.PathValue("name")
	if _, err := corpora.LookupShipped(name); err != nil {
		writeError(w, &apiError{code: http.StatusNotFound, msg: err.Error()})
		return
	}
	out := sampled{Corpus: name, Seed: spec.Seed, Puzzles: []samplePuzzle{}}
	_, err = corpora.Load(s.corpora, name, spec, func(p corpora.Puzzle) error {
		out.Puzzles = append(out.Puzzles, samplePuzzle{ID: p.ID, Puzzle: p.Grid.String(), Hints: p.Hints})
		return nil
	})
	if err != nil {
		writeError(w, s.corpusError(err))
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// sampleQuery reads n (default 1), seed (default random) and hints.
func sampleQuery(r *http.Request) (corpora.Options, error) {
	if err := knownParams(r, "n", "seed", "hints"); err != nil {
		return corpora.Options{}, err
	}
	n, err := queryInt(r, "n", 1)
	if err != nil {
		return corpora.Options{}, err
	}
	if n < 1 || n > maxSample {
		return corpora.Options{}, badRequest("n=%d: ask for 1 to %d puzzles", n, maxSample)
	}
	seed, err := querySeed(r)
	if err != nil {
		return corpora.Options{}, err
	}
	hints, err := corpora.ParseHintRange(r.URL.Query().Get("hints"))
	if err != nil {
		return corpora.Options{}, badRequest("hints: %v", err)
	}
	return corpora.Options{Sample: n, Seed: seed, Hints: hints, SkipInvalid: true, Oracle: bitboard.Oracle{}}, nil
}
