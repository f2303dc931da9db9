package env_test

import (
	"context"
	"fmt"

	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/solvers/rl/env"
)

// An episode in Go: make an environment of 45-hint puzzles, reset it
// with a seed, and play legal moves (the first of the mask) until it
// ends.
func Example() {
	e, err := env.Options{Corpus: "17-clue+28", Seed: 1, Deck: 10}.Build("", dlx.Oracle{})
	if err != nil {
		fmt.Println(err)
		return
	}
	obs, info, err := e.ResetSeed(context.Background(), 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("actions:", e.Actions(), "hints:", info.Hints, "reward:", info.Rules.Reward.Name)
	for !e.Over() {
		a := 0
		for a < len(obs.ActionMask) && obs.ActionMask[a] == 0 {
			a++
		}
		t, err := e.Step(a)
		if err != nil {
			fmt.Println(err)
			return
		}
		obs = t.Observation
	}
	end := e.Info()
	fmt.Println("steps:", end.Steps, "solved:", end.Solved, "dead end:", end.DeadEnd, "return:", end.Return)
	// Output:
	// actions: 729 hints: 45 reward: article
	// steps: 30 solved: false dead end: true return: 30
}
