package env_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/solvers/rl/env"
	"github.com/sudokubench/sudokubench/solvers/solvertest"
)

// BenchmarkStep measures the environment's steps per second on 9×9, in
// process: episodes on 45-, 30- and 25-hint puzzles replaying recorded
// trajectories of random play (a legal action three times in four), the
// episode's Start counted in when one ends. The agent's choice is not
// timed: only the environment's transitions. steps/s is per second of
// the wall clock, steps/cpu-s per second of the process's CPU time: on a
// loaded machine the second is the environment's own speed on one core.
//
//	go test -run '^$' -bench Step -cpu 1 ./solvers/rl/env
func BenchmarkStep(b *testing.B) {
	var puzzles []env.Puzzle
	for _, corpus := range []string{"17-clue+28", "17-clue+13", "17-clue+8"} {
		for _, p := range solvertest.Corpus(b, corpus, 20) {
			puzzles = append(puzzles, env.Puzzle{ID: p.ID, Grid: p.Grid})
		}
	}
	deck, err := env.NewDeck(puzzles)
	if err != nil {
		b.Fatal(err)
	}
	e, err := env.New(env.Config{}, deck, 1)
	if err != nil {
		b.Fatal(err)
	}
	episodes := make([][]int, len(puzzles))
	rng := rand.New(rand.NewPCG(1, 1))
	for i, p := range puzzles {
		episodes[i] = record(b, e, p, rng)
	}
	b.ReportAllocs()
	b.ResetTimer()
	start, cpu := time.Now(), solvertest.ProcessCPU()
	steps := 0
	for i := 0; steps < b.N; i++ {
		k := i % len(puzzles)
		if _, _, err := e.Start(puzzles[k]); err != nil {
			b.Fatal(err)
		}
		for _, a := range episodes[k] {
			if _, err := e.Step(a); err != nil {
				b.Fatal(err)
			}
			steps++
		}
	}
	b.ReportMetric(float64(steps)/time.Since(start).Seconds(), "steps/s")
	b.ReportMetric(float64(steps)/(solvertest.ProcessCPU()-cpu).Seconds(), "steps/cpu-s")
}

// record plays one episode at random and returns its actions.
func record(b *testing.B, e *env.Env, p env.Puzzle, rng *rand.Rand) []int {
	if _, _, err := e.Start(p); err != nil {
		b.Fatal(err)
	}
	var actions []int
	for !e.Over() {
		var legal []int
		for a, m := range e.Observation().ActionMask {
			if m == 1 {
				legal = append(legal, a)
			}
		}
		a := rng.IntN(e.Actions())
		if len(legal) > 0 && rng.IntN(4) > 0 {
			a = legal[rng.IntN(len(legal))]
		}
		if _, err := e.Step(a); err != nil {
			b.Fatal(err)
		}
		actions = append(actions, a)
	}
	return actions
}
