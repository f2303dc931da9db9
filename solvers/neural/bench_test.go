package neural

import "testing"

// BenchmarkForward times one forward pass on one puzzle, the unit of every
// pipeline, for the shipped shapes (the weights do not change the cost).
// Run it on one core: go test -run '^$' -bench Forward -cpu 1 ./solvers/neural
func BenchmarkForward(b *testing.B) {
	board := patternExample(50, 1).Puzzle
	cfgs := map[string]TrainConfig{"cnn": DefaultTraining("cnn", 1, 1), "rrn": DefaultTraining("rrn", 1, 1)}
	for _, kind := range []string{"cnn", "rrn"} {
		b.Run("model="+kind, func(b *testing.B) {
			m, err := cfgs[kind].NewModel()
			if err != nil {
				b.Fatal(err)
			}
			p := NewPredictor(m)
			for b.Loop() {
				p.Probabilities(&board)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/puzzle")
			b.ReportMetric(float64(m.Params().Count()), "parameters")
		})
	}
}

// BenchmarkTrainStep times one training step of 32 puzzles on the
// shipped shapes.
func BenchmarkTrainStep(b *testing.B) {
	pool := []Example{patternExample(40, 2)}
	for _, kind := range []string{"cnn", "rrn"} {
		b.Run("model="+kind, func(b *testing.B) {
			cfg := DefaultTraining(kind, 1, 1)
			m, err := cfg.NewModel()
			if err != nil {
				b.Fatal(err)
			}
			t := newTrainer(m, cfg)
			batch := NewSampler(pool, 30, 50, 1).Next(cfg.Batch)
			for b.Loop() {
				t.step(batch, 1e-4, 2)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/step")
		})
	}
}
