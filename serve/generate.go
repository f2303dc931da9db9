package serve

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/solvers/bitboard"
	"github.com/sudokubench/sudokubench/sudoku"
)

// generateSpec is what a generate request asks for.
type generateSpec struct {
	size, hints int
	variant     sudoku.Variant
	seed        uint64
}

// generated is the answer of GET /api/generate.
type generated struct {
	puzzleInfo
	Seed uint64 `json:"seed"` // the same seed gives the same puzzle
}

// defaultHints are the hints of a generated puzzle of each side when the
// request names none: quick to reach (from a third of the cells on 9×9
// to three fifths on 36×36, where fewer take the uniqueness checks long).
var defaultHints = map[int]int{4: 6, 9: 30, 16: 110, 25: 300, 36: 780}

// handleGenerate answers GET /api/generate?hints=&size=&variant=&seed=.
func (s *Server) handleGenerate(w http.ResponseWriter, r *http.Request) {
	if err := knownParams(r, "hints", "size", "variant", "seed"); err != nil {
		writeError(w, err)
		return
	}
	spec, err := generateQuery(r)
	if err != nil {
		writeError(w, err)
		return
	}
	g, err := s.generate(r.Context(), spec)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, generated{puzzleInfo: infoOf(g), Seed: spec.seed})
}

// generateQuery reads the size, hints, variant and seed of a request.
func generateQuery(r *http.Request) (generateSpec, error) {
	size, err := queryInt(r, "size", 9)
	if err != nil {
		return generateSpec{}, err
	}
	if _, ok := defaultHints[size]; !ok {
		return generateSpec{}, badRequest("size=%d: use 4, 9, 16, 25 or 36", size)
	}
	spec := generateSpec{size: size}
	if spec.hints, err = queryInt(r, "hints", defaultHints[size]); err != nil {
		return generateSpec{}, err
	}
	if spec.variant, err = sudoku.ParseVariant(cmp.Or(r.URL.Query().Get("variant"), "classic")); err != nil {
		return generateSpec{}, badRequest("variant: %v", err)
	}
	if spec.seed, err = querySeed(r); err != nil {
		return generateSpec{}, err
	}
	return spec, nil
}

// querySeed reads the seed parameter; without one, a random seed is drawn
// (and returned with the puzzle, so that it can be asked for again).
func querySeed(r *http.Request) (uint64, error) {
	s := r.URL.Query().Get("seed")
	if s == "" {
		return rand.Uint64(), nil
	}
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, badRequest("seed=%s: want a whole number from 0 to %d", s, uint64(1<<64-1))
	}
	return v, nil
}

// knownParams refuses query parameters the endpoint does not read, so that
// a misspelt one ("hint=30") does not go unnoticed.
func knownParams(r *http.Request, known ...string) error {
	for name := range r.URL.Query() {
		if !slices.Contains(known, name) {
			return badRequest("unknown query parameter %q; known: %v", name, known)
		}
	}
	return nil
}

// generate makes a unique puzzle in the server's process with the suite's
// generator, giving up at the server's solve limit: few hints on a large
// grid can take the uniqueness checks minutes.
func (s *Server) generate(ctx context.Context, spec generateSpec) (*sudoku.Grid, error) {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	geo, err := sudoku.GeometryForSide(spec.size, spec.variant)
	if err != nil {
		return nil, badRequest("size=%d: %v", spec.size, err)
	}
	gen, err := corpora.NewGenerator(bitboard.Oracle{}, corpora.GenerateOptions{
		Box: geo.Box, Variant: spec.variant, Hints: spec.hints, Seed: spec.seed,
	})
	if err != nil {
		return nil, badRequest("%v", err)
	}
	g, err := gen.NextContext(ctx)
	switch {
	case err == nil:
		if err := g.Validate(); err != nil { // the generator's promise, checked
			return nil, &apiError{code: http.StatusInternalServerError, msg: fmt.Sprintf("generated puzzle %s is invalid: %v", g, err)}
		}
		return g, nil
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return nil, unprocessable("generating a %s puzzle with %d hints took over %s; ask for more hints", geo, spec.hints, s.cfg.Timeout)
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case errors.Is(err, corpora.ErrUnreachable):
		return nil, unprocessable("%v", err)
	}
	return nil, err
}

// unprocessable is a 422: a well-formed request the server cannot meet.
func unprocessable(format string, args ...any) *apiError {
	return &apiError{code: http.StatusUnprocessableEntity, msg: fmt.Sprintf(format, args...)}
}
