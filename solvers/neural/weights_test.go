package neural

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"reflect"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// TestShippedWeightsReproduceTheirScore loads each shipped network (which
// checks the file against the SHA-256 beside it) and scores it on the
// fixed test set: the figures must be exactly those recorded when it was
// trained.
func TestShippedWeightsReproduceTheirScore(t *testing.T) {
	for _, kind := range Models {
		t.Run("model="+kind, func(t *testing.T) {
			m, prov, err := Shipped(kind)
			if err != nil {
				t.Fatal(err)
			}
			if prov.Parameters != m.Params().Count() || prov.Training.Model != kind {
				t.Errorf("provenance: %d parameters for a model of %d, model %q", prov.Parameters, m.Params().Count(), prov.Training.Model)
			}
			tc := prov.Training
			if prov.CutShort || prov.StepsRun != tc.Steps || tc.Steps != DefaultSteps[kind] ||
				!reflect.DeepEqual(tc, DefaultTraining(kind, tc.Seed, tc.Steps)) {
				t.Errorf("provenance: %d of %d steps (cut short %v), training %+v: the shipped weights must be the whole default schedule",
					prov.StepsRun, tc.Steps, prov.CutShort, tc)
			}
			if want := fmt.Sprintf("sudokubench train --model %s --seed %d --steps %d --out %s.bin", kind, tc.Seed, tc.Steps, kind); prov.Command != want {
				t.Errorf("provenance: command %q, want %q", prov.Command, want)
			}
			got, err := ScoreTestSet(m, extraSteps(m)...)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(prov.Test) {
				t.Fatalf("%d test figures, %d recorded", len(got), len(prov.Test))
			}
			for i, g := range got {
				if g != prov.Test[i] {
					t.Errorf("%d hints, %s: scored %+v, recorded %+v", g.Hints, g.Method, g.Score, prov.Test[i].Score)
				}
			}
		})
	}
}

// TestShippedPipelinesSolve runs every registered pipeline on easy puzzles
// of the test stream and checks what a user relies on: every pipeline
// returns a full board that keeps the givens, with its counters (a
// search that singles alone finish makes no pass); the complete searches
// (in unique mode), the RRN's one shot and every network's iterative
// filling get every board right.
func TestShippedPipelinesSolve(t *testing.T) {
	set, err := TestSet(45, 5)
	if err != nil {
		t.Fatal(err)
	}
	geo := sudoku.MustGeometry(3, sudoku.Classic)
	mustBeRight := map[string]bool{"neural/rrn/search": true, "neural/gcn/search": true, "neural/rrn/oneshot": true, "neural/rrn/iterative": true,
		"neural/rrn/iterative-16steps": true, "neural/rrn/iterative-64steps": true,
		"neural/cnn/iterative": true, "neural/gcn/iterative": true}
	for _, info := range Pipelines() {
		t.Run("solver="+info.Name, func(t *testing.T) {
			if err := info.Check(); err != nil {
				t.Fatal(err)
			}
			s := info.New()
			shipped, _, err := Shipped(strings.Split(info.Name, "/")[1])
			if err != nil {
				t.Fatal(err)
			}
			weightBytes := 4 * shipped.Params().Size() // batch statistics ride along
			for _, ex := range set {
				puzzle := sudoku.NewGrid(geo)
				copy(puzzle.Cells(), ex.Puzzle[:])
				res, err := s.Solve(context.Background(), solvers.Request{Puzzle: puzzle, Mode: info.ModeFor(solvers.Unique)})
				if err != nil {
					t.Fatal(err)
				}
				if res.Status != solvers.Solved || res.Solution == nil || !res.Solution.Complete() {
					t.Fatalf("%s: status %s (%s), board %v", puzzle, res.Status, res.Detail, res.Solution)
				}
				for c, d := range ex.Puzzle {
					if d != 0 && res.Solution.Cell(c) != int(d) {
						t.Fatalf("%s: given %d at %s changed to %d", puzzle, d, geo.CellName(c), res.Solution.Cell(c))
					}
				}
				if err := sudoku.CheckSolution(puzzle, res.Solution); err != nil && mustBeRight[info.Name] {
					t.Fatalf("%s: %v", puzzle, err)
				}
				if _, ok := res.Counters["passes"]; !ok || res.Model["weight_bytes"] != weightBytes {
					t.Errorf("counters %v, model %v; want %d weight bytes", res.Counters, res.Model, weightBytes)
				}
			}
		})
	}
}

// TestPredictorsShareAShippedModel runs four Predictors of one shipped
// network at once, as a server's workers may, on one puzzle: each must
// give the one-shot answer a lone Predictor gives (run with -race to see
// that they share nothing they write).
func TestPredictorsShareAShippedModel(t *testing.T) {
	for _, kind := range Models {
		m, _, err := Shipped(kind)
		if err != nil {
			t.Fatal(err)
		}
		g, err := sudoku.ParseLine("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", sudoku.Classic)
		if err != nil {
			t.Fatal(err)
		}
		var board [Cells]uint8
		copy(board[:], g.Cells())
		got := make([][Cells]uint8, 4)
		var wg sync.WaitGroup
		for i := range got {
			wg.Go(func() { got[i] = NewPredictor(m).OneShot(board) })
		}
		wg.Wait()
		want := NewPredictor(m).OneShot(board)
		for i, g := range got {
			if g != want {
				t.Errorf("%s: predictor %d of 4 in parallel answered differently from a lone one", kind, i)
			}
		}
	}
}

// TestReadShippedChecksTheWeights: shipped weights whose SHA-256 is not
// the one their provenance records are refused; missing weights say so
// as fs.ErrNotExist, which callers turn into "no weights in this build".
func TestReadShippedChecksTheWeights(t *testing.T) {
	sum := sha256.Sum256([]byte("weights"))
	good := fmt.Sprintf(`{"sha256": %q, "model": "gcn"}`, hex.EncodeToString(sum[:]))
	fsys := fstest.MapFS{
		"weights/a.bin": {Data: []byte("weights")}, "weights/a.json": {Data: []byte(good)},
		"weights/b.bin": {Data: []byte("tampered")}, "weights/b.json": {Data: []byte(good)},
	}
	var prov Provenance
	if data, err := ReadShipped(fsys, "a", &prov); err != nil || string(data) != "weights" || prov.Model != "gcn" {
		t.Errorf("a: %q, %+v, %v; want the weights and their provenance", data, prov, err)
	}
	if _, err := ReadShipped(fsys, "b", &prov); err == nil || !strings.Contains(err.Error(), "SHA-256") {
		t.Errorf("b: %v, want the SHA-256 mismatch", err)
	}
	if _, err := ReadShipped(fsys, "c", &prov); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("c: %v, want fs.ErrNotExist", err)
	}
}
