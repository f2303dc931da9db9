// Package rl is Sudoku solved by agents of reinforcement learning: the
// environment of solvers/rl/env played to its end by a random agent (the
// baseline) and by learned agents, actors over the action mask whose
// logits come from the supervised networks' GCN (solvers/neural), trained
// here in Go by policy gradient with a leave-one-out baseline, one from
// the supervised GCN's shipped weights and one from scratch.
//
// The package's opinion: an agent is a pipeline like any other. It plays
// one episode per puzzle under the article's rules, with a horizon of
// twice the blanks, and its answer is the board the episode ends with:
// solved when the agent filled it, gave-up when the episode ended at a
// dead end or at the horizon; the harness verifies a solved board as it
// verifies every answer. Training is a function of its configuration and
// seed, resumable to the same bits; shipped weights carry their
// provenance and learning curve.
package rl

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/neural/nn"
	"github.com/sudokubench/sudokubench/solvers/rl/env"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Pipelines returns the registry entries of the agents.
func Pipelines() []solvers.Info {
	infos := []solvers.Info{{
		Name:   "rl/random",
		Family: "rl",
		Description: "random agent in the article's Gym environment: a legal move uniformly at random every step, " +
			"until solved, a dead end or a horizon of twice the blanks (the baseline)",
		Options:    map[string]string{"agent": "random", "reward": env.Article.Name, "horizon": "2×blanks"},
		PureGo:     true,
		OptIn:      "a baseline that solves almost nothing: one episode of random legal moves per puzzle",
		Stochastic: true,
		Incomplete: true,
		New:        func() solvers.Solver { return &Solver{} },
	}}
	for _, agent := range Agents {
		infos = append(infos, learned(agent))
	}
	return infos
}

var agentDescription = map[string]string{
	AgentGCN:     "the supervised GCN's weights (neural/gcn) fine-tuned by policy gradient",
	AgentScratch: "a GCN of the same shape trained by policy gradient from scratch",
}

// learned returns the entry of a learned agent.
func learned(agent string) solvers.Info {
	return solvers.Info{
		Name:   "rl/" + agent,
		Family: "rl",
		Description: "learned agent in the article's Gym environment, greedy over the action mask: " + agentDescription[agent] +
			"; one episode per puzzle, horizon twice the blanks",
		Options:    map[string]string{"agent": agent, "weights": "weights/" + agent + ".bin", "act": "greedy", "reward": env.Article.Name, "horizon": "2×blanks"},
		PureGo:     true,
		OptIn:      "one forward pass per move: up to a tenth of a second per puzzle",
		Incomplete: true,
		Supports:   func(g *sudoku.Geometry) bool { return g == classic },
		Available: func() error {
			_, _, err := Shipped(agent)
			return err
		},
		Version: func() string {
			_, prov, _ := Shipped(agent)
			return "weights sha256 " + prov.SHA256
		},
		New: func() solvers.Solver { return &Solver{agent: agent} },
	}
}

// Solver is one agent's pipeline; not safe for concurrent use.
type Solver struct {
	agent  string // "" for the random agent
	policy *Policy
	ar     nn.Arena
}

// Solve plays one episode on the puzzle and returns the board it ends
// with when the agent solved it, else gave-up saying how the episode
// ended. Counters: steps, invalid moves, the return (the article's
// reward), forward passes for a learned agent, reads for the random one.
// A request without a puzzle or with an unknown mode, or a learned agent
// given a puzzle other than 9×9 classic, is an error status.
func (s *Solver) Solve(ctx context.Context, req solvers.Request) (solvers.Result, error) {
	if _, err := req.SolutionLimit(); err != nil {
		return solvers.Result{Status: solvers.Error, Detail: err.Error()}, nil
	}
	geo := req.Puzzle.Geometry()
	if s.agent != "" {
		if geo != classic {
			return solvers.Result{Status: solvers.Error, Detail: fmt.Sprintf("the learned agents play 9×9 classic Sudoku, not %s", geo)}, nil
		}
		if s.policy == nil {
			p, _, err := Shipped(s.agent)
			if err != nil {
				return solvers.Result{}, err
			}
			s.policy = p
		}
	}
	res := solvers.Result{Counters: solvers.Counters{}}
	if s.agent == "" { // one episode is one read; it solves or not below
		res.Counters.Set(solvers.Reads, 1)
		res.Counters.Set(solvers.ReadsSolved, 0)
	}
	if req.Puzzle.Complete() && req.Puzzle.Validate() == nil {
		res.Status, res.Solution = solvers.Solved, req.Puzzle.Clone()
		if s.agent == "" {
			res.Counters.Set(solvers.ReadsSolved, 1)
		}
		return res, nil
	}
	e, err := env.Fixed(env.Config{}, geo)
	if err != nil {
		return solvers.Result{}, err
	}
	if _, _, err := e.Start(env.Puzzle{ID: "request", Grid: req.Puzzle}); err != nil {
		res.Status, res.Detail = solvers.GaveUp, err.Error()
		return res, nil
	}
	start := time.Now()
	passes, err := s.play(ctx, e, req.Seed)
	if err != nil {
		return solvers.Result{}, err
	}
	res.Phases.Solve = time.Since(start)
	info := e.Info()
	res.Counters["steps"] = float64(info.Steps)
	res.Counters["invalid_moves"] = float64(info.InvalidMoves)
	res.Counters["return"] = info.Return
	if s.agent == "" {
		res.Counters.Set(solvers.ReadsSolved, b2f(info.Solved))
	} else {
		res.Counters["passes"] = float64(passes)
	}
	switch {
	case info.Solved:
		res.Status, res.Solution = solvers.Solved, e.Grid()
	case info.DeadEnd:
		res.Status, res.Detail = solvers.GaveUp, fmt.Sprintf("dead end after %d moves: no legal move left, %d cells blank", info.Steps, info.Blanks)
	case e.Over():
		res.Status, res.Detail = solvers.GaveUp, fmt.Sprintf("horizon of %d steps reached, %d cells blank", info.Horizon, info.Blanks)
	default:
		res.Status, res.Detail = solvers.GaveUp, fmt.Sprintf("stopped after %d moves: %v", info.Steps, ctx.Err())
	}
	return res, nil
}

// play runs the episode until it ends or ctx does, and returns the
// forward passes a learned agent made.
func (s *Solver) play(ctx context.Context, e *env.Env, seed int64) (int, error) {
	if s.agent != "" {
		return s.policy.play(ctx, &s.ar, []*episode{{env: e}}, nil)
	}
	rng := rand.New(rand.NewPCG(uint64(seed), randomStream))
	legal := make([]int, 0, e.Actions())
	for !e.Over() && ctx.Err() == nil {
		legal = legal[:0]
		for a, m := range e.Observation().ActionMask {
			if m == 1 {
				legal = append(legal, a)
			}
		}
		if _, err := e.Step(legal[rng.IntN(len(legal))]); err != nil {
			return 0, err
		}
	}
	return 0, nil
}

// randomStream separates the random agent's draws from other uses of a
// run's seed.
const randomStream = 0x72616e64 // "rand"

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
