package serve

import (
	"math"
	"net/http"

	"github.com/sudokubench/sudokubench/internal/units"
	"github.com/sudokubench/sudokubench/sudoku"
)

// The source article's service answers POST /solve and GET
// /generate?difficulty= with 9×9 grids as rows of numbers, 0 for a blank.
// These handlers give its clients the same shapes, served by the same
// isolated, verified solves and the same generator as the API.

// articleSolveRequest is the article's solve body, with the solver as an
// optional "algorithm".
type articleSolveRequest struct {
	Puzzle    puzzleField `json:"puzzle"`
	Algorithm string      `json:"algorithm"` // default exactcover/dlx
}

// articleSolveAnswer is the article's solve answer, with the mode the
// solver ran in (always first) beside the article's fields, the solve's
// time as its worker measured it, and whether the answer came from the
// server's cache (see answerCache), in which case the time is the one
// measured when it was solved.
type articleSolveAnswer struct {
	Status    string  `json:"status"`
	Solution  [][]int `json:"solution"` // null unless solved and verified
	Algorithm string  `json:"algorithm"`
	Mode      string  `json:"mode"`
	WallNS    int64   `json:"wall_ns"`
	Cached    bool    `json:"cached"`
}

// articleGenerated is the article's generate answer.
type articleGenerated struct {
	Puzzle     [][]int `json:"puzzle"`
	Difficulty float64 `json:"difficulty"`
	Hints      int     `json:"hints"`
}

// handleArticleSolve answers POST /solve {"puzzle": [[5,3,0,…],…]} with
// {status, solution, algorithm}, in first mode, from the server's cache
// when it holds the answer.
func (s *Server) handleArticleSolve(w http.ResponseWriter, r *http.Request) {
	req, err := decodeBody[articleSolveRequest](r)
	if err != nil {
		writeError(w, err)
		return
	}
	j, err := s.job(puzzleRequest{Puzzle: req.Puzzle})
	if err != nil {
		writeError(w, err)
		return
	}
	info, err := s.runnable(req.Algorithm)
	if err != nil {
		writeError(w, err)
		return
	}
	key := cacheKey{solver: info.Name, variant: j.grid.Geometry().Variant.String(), puzzle: j.grid.String()}
	if answer, ok := s.cache.get(key); ok {
		writeJSON(w, http.StatusOK, answer)
		return
	}
	res, err := s.solve(r.Context(), info, j)
	if err != nil {
		writeError(w, err)
		return
	}
	answer := articleSolveAnswer{Status: res.Status, Algorithm: res.Solver, Mode: res.Mode, WallNS: res.WallNS}
	if res.verified != nil {
		answer.Solution = rowsOf(res.verified)
	}
	if settled(res) {
		s.cache.put(key, answer)
	}
	writeJSON(w, http.StatusOK, answer)
}

// Hints of the article's difficulties: 0 gives hintsEasiest, 1 gives
// hintsHardest, linearly between. 24 is about the fewest hints the
// generator's random removal reaches on 9×9 at once; 46 leaves a puzzle
// that singles alone solve.
const (
	hintsEasiest = 46
	hintsHardest = 24
)

// hintsFor maps a difficulty in [0, 1] to a 9×9 hint count.
func hintsFor(difficulty float64) int {
	return int(math.Round(hintsEasiest - difficulty*(hintsEasiest-hintsHardest)))
}

// handleArticleGenerate answers GET /generate?difficulty=0.5 with
// {puzzle, difficulty, hints}: a unique 9×9 puzzle, fewer hints for a
// higher difficulty. An optional seed repeats a puzzle.
func (s *Server) handleArticleGenerate(w http.ResponseWriter, r *http.Request) {
	if err := knownParams(r, "difficulty", "seed"); err != nil {
		writeError(w, err)
		return
	}
	difficulty := 0.5
	if q := r.URL.Query().Get("difficulty"); q != "" {
		d, err := units.ParseFinite(q)
		if err != nil || d < 0 || d > 1 {
			writeError(w, badRequest("difficulty=%s: want a number from 0 (easiest) to 1 (hardest)", q))
			return
		}
		difficulty = d
	}
	seed, err := querySeed(r)
	if err != nil {
		writeError(w, err)
		return
	}
	g, err := s.generate(r.Context(), generateSpec{size: 9, hints: hintsFor(difficulty), variant: sudoku.Classic, seed: seed})
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, articleGenerated{Puzzle: rowsOf(g), Difficulty: difficulty, Hints: g.Hints()})
}
