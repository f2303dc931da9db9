package neural

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/solvers/dlx"
)

func valSet(t *testing.T, hints, n int) []Example {
	var out []Example
	opts := corpora.Options{Oracle: dlx.Oracle{}, Sample: n, Seed: 7}
	_, err := corpora.Load("", fmt.Sprintf("17-clue+%d", hints-17), opts, func(p corpora.Puzzle) error {
		out = append(out, exampleOf(p.Grid, p.Solution))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func cachedPool(t *testing.T, seed uint64, hints, n int) []Example {
	path := fmt.Sprintf("/tmp/i24/pool-%d-%d-%d.bin", seed, hints, n)
	if data, err := os.ReadFile(path); err == nil {
		pool := make([]Example, n)
		for i := range pool {
			copy(pool[i].Puzzle[:], data[i*162:])
			copy(pool[i].Solution[:], data[i*162+81:])
		}
		return pool
	}
	pool, err := Generate(context.Background(), seed, trainPurpose, hints, n, 2)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(path, poolBytes(pool), 0o644)
	return pool
}

func TestTmpExplore(t *testing.T) {
	spec := os.Getenv("TMPX_CFG")
	if spec == "" {
		t.Skip()
	}
	var cfg TrainConfig
	if err := json.Unmarshal([]byte(spec), &cfg); err != nil {
		t.Fatal(err)
	}
	every := 1000
	if v := os.Getenv("TMPX_EVERY"); v != "" {
		fmt.Sscan(v, &every)
	}
	pool := cachedPool(t, cfg.Seed, cfg.PoolHints, cfg.Pool)
	model, err := cfg.NewModel()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("params %d", model.Params().Count())
	r := newRun(cfg, model, pool)
	type lv struct {
		h   int
		set []Example
	}
	var levels []lv
	for _, h := range []int{17, 21, 25, 30, 36, 42} {
		levels = append(levels, lv{h, valSet(t, h, 50)})
	}
	start := time.Now()
	for r.step < cfg.Steps {
		r.Train(context.Background(), min(r.step+every, cfg.Steps), 2, "", "", func(Progress) {})
		line := fmt.Sprintf("step %d (%.0fs) loss %.4f |", r.step, time.Since(start).Seconds(), r.curve[len(r.curve)-1].Loss)
		var mixOne, mixIt Score
		for _, l := range levels {
			o := Evaluate(model, l.set, OneShot)
			line += fmt.Sprintf(" %d:%d/%.1f", l.h, o.Solved, 100*o.CellAccuracy())
			if l.h != 21 && l.h != 42 {
				mixOne = mixOne.Plus(o)
			}
			if os.Getenv("TMPX_ITER") != "" || r.step == cfg.Steps {
				it := Evaluate(model, l.set, Iterative)
				line += fmt.Sprintf("(it %d)", it.Solved)
				mixIt = mixIt.Plus(it)
			}
		}
		line += fmt.Sprintf(" | one-shot all-cells %.2f%% blank %.2f%%", 100*mixOne.AllCellAccuracy(), 100*mixOne.CellAccuracy())
		t.Log(line)
		fmt.Fprintln(os.Stderr, line)
	}
}
