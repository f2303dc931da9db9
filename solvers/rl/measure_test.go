package rl

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/harness/report/stats"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/neural"
)

// measureEnv turns on the measurement of the agents by hint count; its
// value is the number of puzzles per hint count:
//
//	SUDOKUBENCH_RL_MEASURE=100 go test -run MeasureAgents -v -timeout 2h ./solvers/rl
const measureEnv = "SUDOKUBENCH_RL_MEASURE"

// measureHints are results/families' hint counts.
var measureHints = []int{17, 22, 25, 30, 36, 40, 45}

// TestMeasureAgents plays every agent on the same puzzles of 17-clue+k
// at each hint count (sampled with seed 1, as the fixed test set), beside
// the greedy policy of the supervised GCN before any reinforcement (the
// rl/gcn agent's start) and the supervised GCN's iterative filling, and
// prints whole puzzles solved with Wilson 95% intervals. It checks the
// targets: rl/gcn solves at least 90% at 45 hints, and more than the
// random agent, intervals apart, wherever the random agent solves under
// half.
func TestMeasureAgents(t *testing.T) {
	n, err := strconv.Atoi(os.Getenv(measureEnv))
	if err != nil || n < 1 {
		t.Skipf("set %s=N (puzzles per hint count) to measure the agents", measureEnv)
	}
	m, _, err := neural.Shipped("gcn")
	if err != nil {
		t.Fatal(err)
	}
	start, err := neural.WithLegalInputs(m)
	if err != nil {
		t.Fatal(err)
	}
	players := []player{
		{"rl/random", playRandom},
		{"gcn start, greedy (no RL)", greedyPlayer(&Policy{Net: start, Temperature: 1})},
	}
	for _, agent := range Agents {
		p, _, err := Shipped(agent)
		if err != nil {
			t.Fatal(err)
		}
		players = append(players, player{"rl/" + agent, greedyPlayer(p)})
	}
	players = append(players, player{"neural/gcn/iterative", func(set []neural.Example) (int, error) {
		return neural.Evaluate(m, set, neural.Iterative).Solved, nil
	}})
	var head strings.Builder
	head.WriteString("| hints |")
	for _, p := range players {
		head.WriteString(" " + p.name + " |")
	}
	t.Log(head.String())
	for _, h := range measureHints {
		set, err := neural.PalmSet(h, n)
		if err != nil {
			t.Fatal(err)
		}
		row := fmt.Sprintf("| %d |", h)
		solved := map[string]int{}
		for _, p := range players {
			begin := time.Now()
			k, err := p.play(set)
			if err != nil {
				t.Fatal(err)
			}
			solved[p.name] = k
			lo, hi := stats.Wilson(k, len(set), stats.Z95)
			row += fmt.Sprintf(" %.1f%% [%.1f, %.1f] |", 100*float64(k)/float64(len(set)), 100*lo, 100*hi)
			t.Logf("%d hints, %s: %d/%d in %s", h, p.name, k, len(set), time.Since(begin).Round(time.Second))
		}
		t.Log(row)
		checkTargets(t, h, len(set), solved)
	}
}

// player plays a set of puzzles and says how many it solved.
type player struct {
	name string
	play func([]neural.Example) (int, error)
}

// checkTargets checks the targets at one hint count.
func checkTargets(t *testing.T, hints, n int, solved map[string]int) {
	agent := solved["rl/"+AgentGCN]
	if hints == 45 && 10*agent < 9*n {
		t.Errorf("rl/gcn solves %d of %d 45-hint puzzles: the target is 90%%", agent, n)
	}
	random := solved["rl/random"]
	if 2*random >= n {
		return
	}
	_, randomHi := stats.Wilson(random, n, stats.Z95)
	if lo, _ := stats.Wilson(agent, n, stats.Z95); lo <= randomHi {
		t.Errorf("%d hints: rl/gcn's %d of %d is not above the random agent's %d, intervals apart", hints, agent, n, random)
	}
}

// playRandom plays the random agent once per puzzle, seeded by its index.
func playRandom(set []neural.Example) (int, error) {
	k := 0
	for i := range set {
		res, err := (&Solver{}).Solve(context.Background(), solvers.Request{Puzzle: classicGrid(set[i].Puzzle[:]), Mode: solvers.First, Seed: int64(i)})
		if err != nil {
			return 0, err
		}
		if res.Status == solvers.Solved {
			k++
		}
	}
	return k, nil
}

// greedyPlayer plays a policy greedily on a set, as its pipeline does.
func greedyPlayer(p *Policy) func([]neural.Example) (int, error) {
	return func(set []neural.Example) (int, error) {
		s, err := p.Evaluate(set)
		return s.Solved, err
	}
}
