package neural

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Pipelines returns the registry entries of the shipped networks: one
// shot and iterative filling for both, and the network-guided complete
// search for the RRN.
func Pipelines() []solvers.Info {
	var infos []solvers.Info
	for _, kind := range []string{"cnn", "rrn"} {
		infos = append(infos, pipeline(kind, OneShot), pipeline(kind, Iterative))
	}
	return append(infos, pipeline("rrn", searchMethod))
}

// searchMethod names the complete, network-guided search.
const searchMethod Method = "search"

var kindDescription = map[string]string{
	"cnn": fmt.Sprintf("the article's CNN (conv 3×3 %d → conv 3×3 %d) and its dense layer over the whole board, so that "+
		"every cell sees its row, column and box, bottlenecked: a 1×1 conv takes %d channels to %d per cell, then dense "+
		"from all 81·%d to 81·9 logits (%s head weights instead of the article's %s)",
		DefaultCNN.Conv1, DefaultCNN.Conv2, DefaultCNN.Conv2, DefaultCNN.Bottleneck, DefaultCNN.Bottleneck,
		millions(DefaultCNN.HeadWeights()), millions(articleDenseWeights)),
	"rrn": "recurrent relational network (Palm et al.), row/column/box messages, weights shared over its steps",
}

// millions writes a weight count to two significant figures: 7.6M.
func millions(n int) string { return fmt.Sprintf("%.2gM", float64(n)/1e6) }

var methodDescription = map[Method]string{
	OneShot:      "one forward pass, every blank takes its most probable digit",
	Iterative:    fmt.Sprintf("fill blanks at ≥ %g confidence (else the most confident), feed back, repeat", DefaultThreshold),
	searchMethod: "complete search: singles forced, the network picks the cell and orders its digits, backtracking",
}

// methodOptIn says why a method is left out of the default "pure"
// selection: one forward pass per puzzle is cheap, these are not.
var methodOptIn = map[Method]string{
	Iterative:    "up to one forward pass per blank cell: a fraction of a second on each hard puzzle",
	searchMethod: "a forward pass per search node: seconds on the hardest puzzles",
}

func pipeline(kind string, method Method) solvers.Info {
	opts := map[string]string{"model": kind, "method": string(method), "weights": "weights/" + kind + ".bin"}
	if method == Iterative {
		opts["threshold"] = strconv.FormatFloat(DefaultThreshold, 'g', -1, 64)
	}
	return solvers.Info{
		Name:        "neural/" + kind + "/" + string(method),
		Family:      "neural",
		Description: kindDescription[kind] + "; " + methodDescription[method],
		Options:     opts,
		PureGo:      true,
		Incomplete:  method != searchMethod,
		OptIn:       methodOptIn[method],
		Available: func() error {
			_, _, err := Shipped(kind)
			return err
		},
		Version: func() string {
			_, prov, _ := Shipped(kind)
			return "weights sha256 " + prov.SHA256
		},
		New: func() solvers.Solver { return &Solver{kind: kind, method: method} },
	}
}

// Solver is one neural pipeline. It keeps a predictor with its buffers
// and is not safe for concurrent use.
type Solver struct {
	kind   string
	method Method
	pred   *Predictor
}

// Solve runs the pipeline's method on a 9×9 classic puzzle. One shot and
// iterative return the full board the network made, which the caller
// verifies (a board that breaks a rule is wrong), and give up without a
// pass on a puzzle whose givens contradict each other at sight
// (sudoku.Validate); the search returns what it proved. Counters: passes
// (forward passes), nodes and guesses for the search; model: parameters
// and weight bytes. A request without a puzzle or with an unknown mode is
// an error status.
func (s *Solver) Solve(ctx context.Context, req solvers.Request) (solvers.Result, error) {
	if _, err := req.SolutionLimit(); err != nil {
		return solvers.Result{Status: solvers.Error, Detail: err.Error()}, nil
	}
	if s.pred == nil {
		m, _, err := Shipped(s.kind)
		if err != nil {
			return solvers.Result{}, err
		}
		s.pred = NewPredictor(m)
	}
	geo := req.Puzzle.Geometry()
	if geo.N != Side || geo.Variant != sudoku.Classic {
		return solvers.Result{Status: solvers.Error, Detail: fmt.Sprintf("the networks read 9×9 classic Sudoku, not %s", geo)}, nil
	}
	var board [Cells]uint8
	copy(board[:], req.Puzzle.Cells())
	params := s.pred.model.Params().Count()
	res := solvers.Result{
		Counters: map[string]float64{},
		Model:    map[string]int{"parameters": params, "weight_bytes": 4 * params},
	}
	if s.method != searchMethod {
		// No board can keep givens that contradict each other: a network
		// that fills one anyway has not answered, it has given up.
		if err := req.Puzzle.Validate(); err != nil {
			res.Counters["passes"] = 0
			res.Status, res.Detail = solvers.GaveUp, "no grid can keep these givens: "+err.Error()
			return res, nil
		}
	}
	start, passes := time.Now(), s.pred.Passes
	switch s.method {
	case OneShot:
		board = s.pred.OneShot(board)
		res.Status = solvers.Solved
	case Iterative:
		board, _ = s.pred.Iterative(board, DefaultThreshold)
		res.Status = solvers.Solved
	default:
		s.search(ctx, req.Mode, &board, &res)
	}
	res.Phases.Solve = time.Since(start)
	res.Counters["passes"] = float64(s.pred.Passes - passes)
	if res.Status == solvers.Solved || res.Status == solvers.Multiple {
		res.Solution = sudoku.NewGrid(geo)
		copy(res.Solution.Cells(), board[:])
	}
	return res, nil
}

// search runs the complete search in the request's mode.
func (s *Solver) search(ctx context.Context, mode solvers.Mode, board *[Cells]uint8, res *solvers.Result) {
	limit := 1
	if mode == solvers.Unique {
		limit = 2
	}
	first, found, nodes, guesses, interrupted := s.pred.Search(ctx, *board, limit)
	res.Counters["nodes"], res.Counters["guesses"] = float64(nodes), float64(guesses)
	*board = first
	switch {
	case interrupted && found == 0:
		res.Status, res.Detail = solvers.GaveUp, fmt.Sprintf("stopped after %d nodes: %v", nodes, ctx.Err())
	case interrupted && mode == solvers.Unique:
		res.Status, res.Detail = solvers.GaveUp, "stopped before proving the solution unique"
	case found == 0:
		res.Status = solvers.Unsat
	case found > 1:
		res.Status = solvers.Multiple
	default:
		res.Status = solvers.Solved
	}
}
