package neural

import (
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/internal/cputest"
	"github.com/sudokubench/sudokubench/solvers/neural/nn"
)

// reportPer reports wall and CPU milliseconds per unit (puzzle, step).
func reportPer(b *testing.B, cpuStart time.Duration, units int, unit string) {
	n := float64(b.N * units)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e6/n, "ms/"+unit)
	b.ReportMetric(float64((cputest.Process()-cpuStart).Nanoseconds())/1e6/n, "cpu-ms/"+unit)
}

// BenchmarkForward times one forward pass on one puzzle, the unit of every
// pipeline, for the shipped shapes (the weights do not change the cost).
// Run it on one core: go test -run '^$' -bench Forward -cpu 1 ./solvers/neural
func BenchmarkForward(b *testing.B) {
	board := patternExample(50, 1).Puzzle
	for _, kind := range Models {
		b.Run("model="+kind, func(b *testing.B) {
			m, err := DefaultTraining(kind, 1, 1).NewModel()
			if err != nil {
				b.Fatal(err)
			}
			p := NewPredictor(m)
			p.Probabilities(&board)
			start := cputest.Process()
			for b.Loop() {
				p.Probabilities(&board)
			}
			reportPer(b, start, 1, "puzzle")
			b.ReportMetric(float64(m.Params().Count()), "parameters")
		})
	}
}

// BenchmarkForwardBatch times batched inference, 64 boards a pass, in
// puzzles per second of CPU.
func BenchmarkForwardBatch(b *testing.B) {
	const boards = 64
	var batch Batch
	for i := range boards {
		ex := patternExample(50, uint64(i))
		batch.Boards = append(batch.Boards, ex.Puzzle[:]...)
	}
	for _, kind := range Models {
		b.Run("model="+kind, func(b *testing.B) {
			m, err := DefaultTraining(kind, 1, 1).NewModel()
			if err != nil {
				b.Fatal(err)
			}
			var ar nn.Arena
			m.Predict(&ar, batch)
			start := cputest.Process()
			for b.Loop() {
				ar.Reset()
				m.Predict(&ar, batch)
			}
			reportPer(b, start, boards, "puzzle")
			b.ReportMetric(float64(b.N*boards)/(cputest.Process()-start).Seconds(), "puzzles/cpu-s")
		})
	}
}

// BenchmarkTrainStep times one training step of 32 puzzles on the
// shipped shapes.
func BenchmarkTrainStep(b *testing.B) {
	pool := []Example{patternExample(40, 2)}
	for _, kind := range Models {
		b.Run("model="+kind, func(b *testing.B) {
			cfg := DefaultTraining(kind, 1, 1)
			m, err := cfg.NewModel()
			if err != nil {
				b.Fatal(err)
			}
			t := newTrainer(m, cfg)
			batch := NewSampler(pool, []HintRange{{30, 50}}, 1).Next(cfg.Batch)
			t.step(batch, 1e-4, 2)
			start := cputest.Process()
			for b.Loop() {
				t.step(batch, 1e-4, 2)
			}
			reportPer(b, start, 1, "step")
		})
	}
}
