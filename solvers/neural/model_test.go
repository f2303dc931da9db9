package neural

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sudokubench/sudokubench/internal/progress"
	"github.com/sudokubench/sudokubench/solvers/neural/nn"
	"github.com/sudokubench/sudokubench/sudoku"
)

// patternExample is a valid solution with some cells blanked, for tests
// that need a board but not a unique puzzle.
func patternExample(blanks int, seed uint64) Example {
	var ex Example
	copy(ex.Solution[:], sudoku.PatternGrid(3).Cells())
	ex.Puzzle = ex.Solution
	rng := rand.New(rand.NewPCG(seed, 0))
	for _, c := range rng.Perm(Cells)[:blanks] {
		ex.Puzzle[c] = 0
	}
	return Augment(ex, rng)
}

func batchOf(examples ...Example) Batch {
	var b Batch
	for _, ex := range examples {
		b.Boards = append(b.Boards, ex.Puzzle[:]...)
		b.Targets = append(b.Targets, blankTargets(ex.Puzzle[:], ex.Solution[:])...)
	}
	return b
}

// totalLoss is the loss a model's Train differentiates: for the RRN the
// mean over steps of each step's summed cross-entropy, for the CNN the
// summed cross-entropy.
func totalLoss(m Model, b Batch) float64 {
	var ar nn.Arena
	switch m := m.(type) {
	case *RRN:
		var sum float64
		m.forward(&ar, b, func(_ int, _ rrnStep, logits Mat) {
			l, _ := nn.SoftmaxCrossEntropy(&ar, logits, b.Targets, 0, Mat{})
			sum += l
		})
		return sum / float64(m.cfg.Steps)
	case *convNet:
		l, _ := nn.SoftmaxCrossEntropy(&ar, m.forward(&ar, b, true).logits, b.Targets, 0, Mat{})
		return l
	}
	panic("unknown model")
}

// TestModelGradients checks back-propagation through each whole model
// (through time for the RRN) against central differences of its loss.
// Every value of the small parameters is checked; of a large one an
// evenly strided sample that visits every row and column.
func TestModelGradients(t *testing.T) {
	b := batchOf(patternExample(45, 1), patternExample(30, 2))
	for _, m := range []Model{
		NewRRN(RRNConfig{Hidden: 4, Steps: 3}, rand.New(rand.NewPCG(1, 1))),
		NewCNN(CNNConfig{Width: 3, Blocks: 2}, rand.New(rand.NewPCG(1, 1))),
		NewGCN(GCNConfig{Width: 3, Blocks: 2}, rand.New(rand.NewPCG(1, 1))),
	} {
		name := fmt.Sprintf("model=%s/params=%d", m.Kind(), m.Params().Count())
		t.Run(name, func(t *testing.T) {
			var ar nn.Arena
			m.Params().ZeroGrad()
			m.Train(&ar, b, 1)
			values, bad := 0, 0
			for _, p := range m.Params() {
				if p.Stat {
					continue // batch statistics are measured, not learnt
				}
				for j := 0; j < len(p.Value.Data); j += gradStride(p) {
					values++
					if !matchesDifference(m, b, p, j) {
						bad++
						t.Logf("%s[%d]: analytic %.5f disagrees with central differences", p.Name, j, p.Grad.Data[j])
					}
				}
			}
			// A difference that straddles a ReLU's kink is no derivative;
			// with two step sizes tried, such values are rare.
			if bad > values/100 {
				t.Errorf("%d of %d gradient values disagree with central differences", bad, values)
			}
		})
	}
}

// gradStride is the step between the checked values of a parameter: 1 up
// to 2,000 values, else one coprime to the column count, so that some 2,000
// values spread over every row and column are checked.
func gradStride(p *nn.Param) int {
	n := len(p.Value.Data)
	if n <= 2000 {
		return 1
	}
	s := n / 2000
	for gcd(s, p.Value.Cols) != 1 {
		s++
	}
	return s
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// matchesDifference reports whether a parameter value's analytic gradient
// agrees within 2% with a central difference of the loss, at any of three
// step sizes.
func matchesDifference(m Model, b Batch, p *nn.Param, j int) bool {
	orig := p.Value.Data[j]
	defer func() { p.Value.Data[j] = orig }()
	for _, eps := range []float32{1e-2, 1e-3, 1e-4} {
		p.Value.Data[j] = orig + eps
		up := totalLoss(m, b)
		p.Value.Data[j] = orig - eps
		down := totalLoss(m, b)
		num, got := (up-down)/float64(2*eps), float64(p.Grad.Data[j])
		if math.Abs(num-got) <= 2e-2*math.Max(math.Abs(num), 1) {
			return true
		}
	}
	return false
}

func TestAugmentKeepsSudoku(t *testing.T) {
	ex, err := generateOne(42, 30)
	if err != nil {
		t.Fatal(err)
	}
	geo := sudoku.MustGeometry(3, sudoku.Classic)
	rng := rand.New(rand.NewPCG(3, 3))
	for i := range 50 {
		aug := Augment(ex, rng)
		puzzle, solution := sudoku.NewGrid(geo), sudoku.NewGrid(geo)
		copy(puzzle.Cells(), aug.Puzzle[:])
		copy(solution.Cells(), aug.Solution[:])
		if err := sudoku.CheckSolution(puzzle, solution); err != nil {
			t.Fatalf("augmentation %d: %v", i, err)
		}
		if aug.Hints() != 30 {
			t.Fatalf("augmentation %d has %d hints, want 30", i, aug.Hints())
		}
		more := WithHints(aug, 40, rng)
		copy(puzzle.Cells(), more.Puzzle[:])
		if more.Hints() != 40 || sudoku.CheckSolution(puzzle, solution) != nil {
			t.Fatalf("WithHints(40): %d hints, %v", more.Hints(), sudoku.CheckSolution(puzzle, solution))
		}
	}
}

func TestTrainAndTestStreamsAreApart(t *testing.T) {
	train, err := Generate(context.Background(), 1, trainPurpose, 30, 20, 2, progress.Discard)
	if err != nil {
		t.Fatal(err)
	}
	test, err := Generate(context.Background(), 1, testPurpose, 30, 20, 1, progress.Discard)
	if err != nil {
		t.Fatal(err)
	}
	seen := make(map[[Cells]uint8]bool)
	for _, ex := range train {
		seen[ex.Solution] = true
	}
	for i, ex := range test {
		if seen[ex.Solution] {
			t.Errorf("test puzzle %d has the solution of a training puzzle", i)
		}
	}
	again, _ := Generate(context.Background(), 1, trainPurpose, 30, 20, 1, progress.Discard)
	for i := range train {
		if train[i] != again[i] {
			t.Fatalf("puzzle %d differs between 2 workers and 1", i)
		}
	}
}

// TestTinyTrainingLearns trains each model briefly, in a narrower shape
// than the shipped one, and checks that its loss falls, that the run is a
// function of its seed whatever the number of workers, and that the saved
// weights load back to the same predictions.
func TestTinyTrainingLearns(t *testing.T) {
	for _, kind := range Models {
		t.Run("model="+kind, func(t *testing.T) {
			cfg := DefaultTraining(kind, 3, 150)
			cfg.Batch, cfg.Pool, cfg.PoolHints, cfg.Levels, cfg.Warmup = 8, 40, 30, []HintRange{{60, 75}}, 10
			switch kind {
			case "rrn":
				cfg.RRN = &RRNConfig{Hidden: 16, Steps: 4}
			case "cnn":
				cfg.CNN = &CNNConfig{Width: 16, Blocks: 1}
				cfg.Steps = 300 // without the adjacency a cell sees only 5×5 around it: it learns more slowly
			case "gcn":
				cfg.GCN = &GCNConfig{Width: 16, Blocks: 1}
			}
			tiny(t, cfg)
		})
	}
}

func tiny(t *testing.T, cfg TrainConfig) {
	run := func(cfg TrainConfig, workers int) *Trained {
		tr, err := Train(context.Background(), cfg, workers, progress.Discard)
		if err != nil {
			t.Fatal(err)
		}
		return tr
	}
	tr := run(cfg, 2)
	first, last := tr.Curve[0].Loss, tr.Curve[len(tr.Curve)-1].Loss
	if !(last < 0.85*first) {
		t.Errorf("loss went from %.3f to %.3f in %d steps; want it to fall by 15%%", first, last, tr.Steps)
	}
	// Every step splits its batch the same way on any number of workers:
	// a few steps show it.
	short := cfg
	short.Steps = 20
	var two, one bytes.Buffer
	Save(&two, run(short, 2).Model)
	Save(&one, run(short, 1).Model)
	if !bytes.Equal(two.Bytes(), one.Bytes()) {
		t.Error("the same config trained on 2 workers and on 1 gave different weights")
	}
	var a bytes.Buffer
	Save(&a, tr.Model)
	loaded, err := Load(bytes.NewReader(a.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	board := patternExample(40, 9).Puzzle
	want, got := NewPredictor(tr.Model).OneShot(board), NewPredictor(loaded).OneShot(board)
	if want != got {
		t.Error("loaded weights predict differently from the trained ones")
	}
}
