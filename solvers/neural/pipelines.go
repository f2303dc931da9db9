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
// shot and iterative filling for each, the network-guided complete search
// for the RRN and the GCN (which guess less than DLX: the RRN in first
// mode, the GCN on the hardest puzzles in both modes), and the RRN's
// iterative filling at the other step counts of InferenceSteps.
func Pipelines() []solvers.Info {
	var infos []solvers.Info
	for _, kind := range Models {
		infos = append(infos, pipeline(kind, OneShot, 0), pipeline(kind, Iterative, 0))
	}
	infos = append(infos, pipeline("rrn", searchMethod, 0), pipeline("gcn", searchMethod, 0))
	for _, steps := range InferenceSteps {
		if steps != DefaultRRN.Steps {
			infos = append(infos, pipeline("rrn", Iterative, steps))
		}
	}
	return infos
}

// searchMethod names the complete, network-guided search.
const searchMethod Method = "search"

var kindDescription = map[string]string{
	"cnn": fmt.Sprintf("convolutional network of the GCN's shape without its adjacency: a 3×3 conv stem and %d residual blocks "+
		"of 3×3 conv %d + batch norm, per-cell softmax", DefaultCNN.Blocks, DefaultCNN.Width),
	"gcn": fmt.Sprintf("graph convolutional network: a stem and %d residual blocks of 3×3 conv %d, batch norm and "+
		"the Sudoku graph's normalised adjacency (each cell and its 20 peers), per-cell softmax",
		DefaultGCN.Blocks, DefaultGCN.Width),
	"rrn": "recurrent relational network (Palm et al.), row/column/box messages, weights shared over its steps",
}

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

// pipeline returns the entry of a kind and method; steps, for the RRN,
// runs it at another step count than it was trained with (0: its own).
func pipeline(kind string, method Method, steps int) solvers.Info {
	name := "neural/" + kind + "/" + string(method)
	opts := map[string]string{"model": kind, "method": string(method), "weights": "weights/" + kind + ".bin"}
	description := kindDescription[kind] + "; " + methodDescription[method]
	if method == Iterative {
		opts["threshold"] = strconv.FormatFloat(DefaultThreshold, 'g', -1, 64)
	}
	if kind == "rrn" {
		shown := steps
		if steps == 0 {
			shown = DefaultRRN.Steps
		}
		opts["steps"] = strconv.Itoa(shown)
		description += fmt.Sprintf("; %d message-passing steps", shown)
	}
	if steps != 0 {
		name += "-" + strconv.Itoa(steps) + "steps"
		description += fmt.Sprintf(" (trained with %d)", DefaultRRN.Steps)
	}
	return solvers.Info{
		Name:        name,
		Family:      "neural",
		Description: description,
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
		New: func() solvers.Solver { return &Solver{kind: kind, method: method, steps: steps} },
	}
}

// Solver is one neural pipeline. It keeps a predictor with its buffers
// and is not safe for concurrent use.
type Solver struct {
	kind   string
	method Method
	steps  int // the RRN's step count when not its own; 0 otherwise
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
		if rrn, ok := m.(*RRN); ok && s.steps != 0 {
			m = rrn.WithSteps(s.steps)
		}
		s.pred = NewPredictor(m)
	}
	geo := req.Puzzle.Geometry()
	if geo.N != Side || geo.Variant != sudoku.Classic {
		return solvers.Result{Status: solvers.Error, Detail: fmt.Sprintf("the networks read 9×9 classic Sudoku, not %s", geo)}, nil
	}
	var board [Cells]uint8
	copy(board[:], req.Puzzle.Cells())
	ps := s.pred.model.Params()
	res := solvers.Result{
		Counters: map[string]float64{},
		Model:    map[string]int{"parameters": ps.Count(), "weight_bytes": 4 * ps.Size()},
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
	res.Counters.Set(solvers.Nodes, float64(nodes))
	res.Counters.Set(solvers.Guesses, float64(guesses))
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
