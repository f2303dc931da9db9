package harness

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Run is one planned run: one solver on one form of one puzzle, in one
// mode, one repetition.
type Run struct {
	Key    string
	Solver solvers.Info
	// Puzzle is what the solver is given: the corpus's puzzle, or for a
	// form k > 0 that puzzle (and its known solution) under Transform,
	// with the corpus's id, line, hints and count of solutions.
	Puzzle corpora.Puzzle
	Mode   solvers.Mode
	Seed   int64 // the plan's seed plus the repetition
	Rep    int
	// Form is 0 for the corpus's puzzle, 1..K for an equivalent form;
	// Transform makes the form from Original, the corpus's puzzle (nil
	// for form 0).
	Form      int
	Transform *sudoku.Transform
	Original  *sudoku.Grid
}

// RunSeed is the seed a stochastic solver gets on repetition rep: the plan's
// seed plus rep, so repetitions differ and a rerun repeats them.
func RunSeed(planSeed int64, rep int) int64 { return planSeed + int64(rep) }

// blockSize is how many runs of one solver InBlocks puts one after another.
const blockSize = 32

// Bounds of a plan, all shards together, checked before anything is made:
// far past any study one machine or a job array finishes (ten million
// runs of 10 ms each are a day on a hundred cores), and far short of what
// would exhaust a machine's memory before the first run.
const (
	// MaxReps bounds the repetitions of each run (run --reps).
	MaxReps = 1_000_000
	// MaxPlanRuns bounds the runs of a plan.
	MaxPlanRuns = 100_000_000
)

// PlanSize counts the runs that PlanRuns would make, without making them:
// the pairs of a puzzle and a solver that takes it, times forms + 1 (the
// puzzle and its equivalent forms) and reps. It refuses, with an error
// that wraps ErrInput and says the count, a plan of more than MaxPlanRuns
// runs; the count never overflows.
func PlanSize(puzzles []corpora.Puzzle, infos []solvers.Info, reps, forms int) (int, error) {
	pairs := 0
	for _, p := range puzzles {
		for _, in := range infos {
			if in.Takes(p.Grid.Geometry()) {
				pairs++
			}
		}
	}
	runs, ok := mulBounded(pairs, forms+1, MaxPlanRuns)
	if ok {
		runs, ok = mulBounded(runs, reps, MaxPlanRuns)
	}
	if !ok {
		total := "more than " + strconv.Itoa(MaxPlanRuns)
		if n, fits := mulBounded(pairs, forms+1, math.MaxInt); fits {
			if n, fits = mulBounded(n, reps, math.MaxInt); fits {
				total = strconv.Itoa(n)
			}
		}
		return 0, inputError(fmt.Errorf("the plan has %s runs (%d puzzles by %d solvers: %d pairs of a puzzle and a solver that takes it, "+
			"× %d forms of each, the puzzle and %d equivalent ones, × %d repetitions), more than the %d a benchmark may plan: "+
			"ask for fewer puzzles (--limit, --hints), solvers, forms or repetitions, or split the study into several benchmarks",
			total, len(puzzles), len(infos), pairs, forms+1, forms, reps, MaxPlanRuns))
	}
	return runs, nil
}

// mulBounded returns a·b for a, b ≥ 0 when it is at most limit.
func mulBounded(a, b, limit int) (int, bool) {
	if a < 0 || b < 0 {
		return 0, false
	}
	if a == 0 || b == 0 {
		return 0, true
	}
	if a > limit/b {
		return 0, false
	}
	return a * b, true
}

// PlanRuns crosses puzzles, their forms (the puzzle itself and forms
// random equivalent ones, FormOf), solvers and repetitions and shuffles
// the runs with seed, so that slow and fast solvers, easy and hard
// puzzles are spread over the benchmark's time (a drifting machine then
// blurs every solver alike). The same arguments always give the same
// order, and a plan without forms the order it had before forms existed.
// Each solver runs in the mode it can establish (solvers.Info.ModeFor): an
// incomplete solver in a unique-mode plan runs, and is recorded, in first
// mode. A solver is not planned on a puzzle whose geometry it does not
// take (solvers.Info.Takes; LeftOut says which those are). A plan of
// more than MaxPlanRuns runs is refused before any is made (PlanSize).
func PlanRuns(puzzles []corpora.Puzzle, infos []solvers.Info, mode solvers.Mode, reps, forms int, seed int64) ([]Run, error) {
	size, err := PlanSize(puzzles, infos, reps, forms)
	if err != nil {
		return nil, err
	}
	runs := make([]Run, 0, size)
	for _, p := range puzzles {
		for form := range forms + 1 {
			fp, tr, err := FormOf(p, form, seed)
			if err != nil {
				return nil, err
			}
			for _, in := range infos {
				if !in.Takes(p.Grid.Geometry()) {
					continue
				}
				m := in.ModeFor(mode)
				for rep := range reps {
					s := RunSeed(seed, rep)
					runs = append(runs, Run{
						Key:    record.Key(in.Name, p.ID, string(m), s, rep, form),
						Solver: in, Puzzle: fp, Mode: m, Seed: s, Rep: rep,
						Form: form, Transform: tr, Original: p.Grid,
					})
				}
			}
		}
	}
	rng := rand.New(rand.NewPCG(uint64(seed), 0x5eed_5d0c))
	rng.Shuffle(len(runs), func(i, j int) { runs[i], runs[j] = runs[j], runs[i] })
	return runs, nil
}

// LeftOut lists the puzzles that PlanRuns leaves out because a solver
// does not take their geometry (a solver definition's sizes and
// variants), one entry per solver, corpus and geometry, in the order of
// infos and then of first appearance in puzzles.
func LeftOut(puzzles []corpora.Puzzle, infos []solvers.Info) []record.LeftOut {
	var out []record.LeftOut
	for _, in := range infos {
		index := make(map[[2]string]int) // corpus and geometry to entry
		for _, p := range puzzles {
			geo := p.Grid.Geometry()
			if in.Takes(geo) {
				continue
			}
			key := [2]string{p.Corpus, geo.String()}
			i, ok := index[key]
			if !ok {
				i = len(out)
				index[key] = i
				out = append(out, record.LeftOut{Solver: in.Name, Corpus: p.Corpus, Geometry: geo.String(), Reason: notTaken(in, geo)})
			}
			out[i].Puzzles++
		}
	}
	return out
}

// notTaken says why a solver is not planned on puzzles of a geometry.
func notTaken(in solvers.Info, geo *sudoku.Geometry) string {
	why := fmt.Sprintf("%s does not take %s puzzles", in.Name, geo)
	if in.Source != nil {
		why += fmt.Sprintf(" (its definition in %s declares the sizes and variants it takes)", in.Source.File)
	}
	return why
}

// InBlocks orders the runs to execute: it cuts each solver's runs, in their
// order, into blocks of up to blockSize and returns the blocks shuffled with
// seed. Within a block one worker runs back to back and stays warm; solvers
// interleaved run by run evict each other's caches (in an 11-solver run that
// put exactcover/dlx's 17-clue median at 22 µs, against 16 µs alone). The
// blocks are cut from the runs a shard has left to do, after resume, so
// that sharding does not thin them.
func InBlocks(runs []Run, seed int64) []Run {
	rng := rand.New(rand.NewPCG(uint64(seed), 0xb10c_5d0c))
	bySolver := make(map[string][]Run)
	var names []string
	for _, r := range runs {
		if _, ok := bySolver[r.Solver.Name]; !ok {
			names = append(names, r.Solver.Name)
		}
		bySolver[r.Solver.Name] = append(bySolver[r.Solver.Name], r)
	}
	var blocks [][]Run
	for _, name := range names {
		blocks = append(blocks, slices.Collect(slices.Chunk(bySolver[name], blockSize))...)
	}
	rng.Shuffle(len(blocks), func(i, j int) { blocks[i], blocks[j] = blocks[j], blocks[i] })
	return slices.Concat(blocks...)
}

// Shard is piece Index of Count of a plan, as record.Shard defines it
// (the manifest stores it, and reports read it).
type Shard = record.Shard

// ParseShard reads "i/n" with 1 ≤ i ≤ n ≤ record.MaxShards; "" is the
// whole plan.
func ParseShard(s string) (Shard, error) { return record.ParseShard(s) }

// FilterShard returns the runs the shard keeps, in their order.
func FilterShard(s Shard, runs []Run) []Run {
	var kept []Run
	for _, r := range runs {
		if s.Keeps(r.Key) {
			kept = append(kept, r)
		}
	}
	return kept
}
