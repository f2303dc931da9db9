package corpora

import (
	"maps"
	"slices"
)

// Summary describes the puzzles of a corpus.
type Summary struct {
	Puzzles   int
	MinHints  int
	MaxHints  int
	MeanHints float64
	// Histogram maps a hint count to the number of puzzles with it.
	Histogram Histogram
	Stats     Stats
}

// Histogram maps a hint count to the number of puzzles with it.
type Histogram map[int]int

// Counts returns the hint counts present, in increasing order.
func (h Histogram) Counts() []int { return slices.Sorted(maps.Keys(h)) }

// Summarize streams a catalog or derived corpus of dir and counts its
// puzzles and hints under opts (hint range, sampling, limit).
func Summarize(dir, name string, opts Options) (Summary, error) {
	s := Summary{Histogram: Histogram{}}
	total := 0
	stats, err := Load(dir, name, opts, func(p Puzzle) error {
		s.add(p.Hints)
		total += p.Hints
		return nil
	})
	s.Stats = stats
	if s.Puzzles > 0 {
		s.MeanHints = float64(total) / float64(s.Puzzles)
	}
	return s, err
}

func (s *Summary) add(hints int) {
	if s.Puzzles == 0 || hints < s.MinHints {
		s.MinHints = hints
	}
	s.MaxHints = max(s.MaxHints, hints)
	s.Puzzles++
	s.Histogram[hints]++
}
