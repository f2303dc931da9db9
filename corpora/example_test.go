package corpora_test

import (
	"fmt"

	"github.com/sudokubench/sudokubench/corpora"
)

// Load reads a shipped corpus from the copies built into the binary (dir
// ""), here its first three puzzles; each keeps its id "corpus:line".
func ExampleLoad() {
	stats, err := corpora.Load("", "norvig-top95", corpora.Options{Limit: 3}, func(p corpora.Puzzle) error {
		fmt.Println(p.ID, p.Hints, "hints", p.Grid)
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(stats.Puzzles, "puzzles read,", stats.Yielded, "yielded")
	// Output:
	// norvig-top95:1 17 hints 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
	// norvig-top95:2 17 hints 52...6.........7.13...........4..8..6......5...........418.........3..2...87.....
	// norvig-top95:3 17 hints 6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....
	// 95 puzzles read, 3 yielded
}

// A seeded sample draws the same puzzles for the same seed, as `run
// --sample N --seed S` does; a hint range filters before the draw.
func ExampleLoad_sample() {
	hints, err := corpora.ParseHintRange("17-17")
	if err != nil {
		fmt.Println(err)
		return
	}
	opts := corpora.Options{Hints: hints, Sample: 2, Seed: 7}
	_, err = corpora.Load("", "top1465", opts, func(p corpora.Puzzle) error {
		fmt.Println(p.ID, p.Hints)
		return nil
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// top1465:538 17
	// top1465:1008 17
}
