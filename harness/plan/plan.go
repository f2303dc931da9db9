package plan

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
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

// PlanSize counts the runs of a plan (NewPlan), without making it:
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
		return 0, InputError(fmt.Errorf("the plan has %s runs (%d puzzles by %d solvers: %d pairs of a puzzle and a solver that takes it, "+
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

// Plan is a benchmark's runs: puzzles, their forms (the puzzle itself
// and forms random equivalent ones, FormOf), solvers and repetitions
// crossed. It holds the puzzles and a few numbers per puzzle, never a
// run: run i is made from its index when asked for (Run, Key), so that a
// plan of millions of runs costs its puzzles and the four bytes per run
// of an order (Shuffled).
//
// Runs are indexed puzzle by puzzle, then form, solver and repetition.
// Each solver runs in the mode it can establish (solvers.Info.ModeFor):
// an incomplete solver in a unique-mode plan runs, and is recorded, in
// first mode. A solver is not planned on a puzzle whose geometry it does
// not take (solvers.Info.Takes; LeftOut says which those are).
type Plan struct {
	puzzles []corpora.Puzzle
	infos   []solvers.Info
	modes   []solvers.Mode // of each solver
	reps    int
	forms   int
	seed    int64
	// first[i] is the index of puzzle i's first run; first[len(puzzles)]
	// is the number of runs.
	first []int
	// takers[i] lists the solvers that take puzzle i, by index into infos
	// (one list per geometry, shared).
	takers [][]int
}

// NewPlan plans puzzles × forms × solvers × reps, with seed for the
// forms and the order. A plan of more than MaxPlanRuns runs is refused
// before anything is made (PlanSize); so is a puzzle whose forms cannot
// be made.
func NewPlan(puzzles []corpora.Puzzle, infos []solvers.Info, mode solvers.Mode, reps, forms int, seed int64) (*Plan, error) {
	if _, err := PlanSize(puzzles, infos, reps, forms); err != nil {
		return nil, err
	}
	p := &Plan{puzzles: puzzles, infos: infos, reps: reps, forms: forms, seed: seed, first: make([]int, len(puzzles)+1), takers: make([][]int, len(puzzles))}
	for _, in := range infos {
		p.modes = append(p.modes, in.ModeFor(mode))
	}
	byGeometry := make(map[string][]int)
	for i, pz := range puzzles {
		geo := pz.Grid.Geometry()
		takers, ok := byGeometry[geo.String()]
		if !ok {
			takers = []int{}
			for j, in := range infos {
				if in.Takes(geo) {
					takers = append(takers, j)
				}
			}
			byGeometry[geo.String()] = takers
		}
		p.takers[i] = takers
		p.first[i+1] = p.first[i] + len(takers)*(forms+1)*reps
		for form := 1; form <= forms && len(takers) > 0; form++ {
			if _, _, err := FormOf(pz, form, seed); err != nil {
				return nil, err
			}
		}
	}
	return p, nil
}

// Len is the number of runs in the plan.
func (p *Plan) Len() int { return p.first[len(p.puzzles)] }

// coordinates are where run i lies in the cross product.
type coordinates struct {
	puzzle, form, solver, rep int
}

// at finds run i in the cross product.
func (p *Plan) at(i int) coordinates {
	pz := sort.Search(len(p.puzzles), func(j int) bool { return p.first[j+1] > i })
	r := i - p.first[pz]
	perForm := len(p.takers[pz]) * p.reps
	c := coordinates{puzzle: pz, form: r / perForm}
	r %= perForm
	c.solver, c.rep = p.takers[pz][r/p.reps], r%p.reps
	return c
}

// Key is run i's key (record.Key).
func (p *Plan) Key(i int) string {
	c := p.at(i)
	return record.Key(p.infos[c.solver].Name, p.puzzles[c.puzzle].ID, string(p.modes[c.solver]), RunSeed(p.seed, c.rep), c.rep, c.form)
}

// Run makes run i.
func (p *Plan) Run(i int) (Run, error) {
	c := p.at(i)
	pz := p.puzzles[c.puzzle]
	fp, tr, err := FormOf(pz, c.form, p.seed)
	if err != nil {
		return Run{}, err
	}
	in, m, s := p.infos[c.solver], p.modes[c.solver], RunSeed(p.seed, c.rep)
	return Run{
		Key:    record.Key(in.Name, pz.ID, string(m), s, c.rep, c.form),
		Solver: in, Puzzle: fp, Mode: m, Seed: s, Rep: c.rep,
		Form: c.form, Transform: tr, Original: pz.Grid,
	}, nil
}

// Shuffled returns the plan's runs, by index, shuffled with the plan's
// seed, so that slow and fast solvers, easy and hard puzzles are spread
// over the benchmark's time (a drifting machine then blurs every solver
// alike). The same plan always gives the same order, and a plan without
// forms the order it had before forms existed.
func (p *Plan) Shuffled() []uint32 {
	order := make([]uint32, p.Len())
	for i := range order {
		order[i] = uint32(i)
	}
	rng := rand.New(rand.NewPCG(uint64(p.seed), 0x5eed_5d0c))
	rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	return order
}

// InShard keeps, in order and in order's own storage, the runs that the
// shard keeps.
func (p *Plan) InShard(s Shard, order []uint32) []uint32 {
	if s.Count <= 1 {
		return order
	}
	return slices.DeleteFunc(order, func(i uint32) bool { return !s.Keeps(p.Key(int(i))) })
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

// InBlocks orders the runs to execute: it cuts each solver's runs, in
// their order, into blocks of up to blockSize and returns the blocks
// shuffled with the plan's seed, in order's storage. Within a block one
// worker runs back to back and stays warm; solvers interleaved run by run
// evict each other's caches (in an 11-solver run that put exactcover/dlx's
// 17-clue median at 22 µs, against 16 µs alone). The blocks are cut from
// the runs a shard has left to do, after resume, so that sharding does
// not thin them.
func (p *Plan) InBlocks(order []uint32) []uint32 {
	// Each solver's runs in turn, solvers in the order they first appear.
	rank := make([]int, len(p.infos))
	var counts []int
	for _, i := range order {
		s := p.at(int(i)).solver
		if rank[s] == 0 {
			counts = append(counts, 0)
			rank[s] = len(counts)
		}
		counts[rank[s]-1]++
	}
	starts := make([]int, len(counts)+1)
	for r, n := range counts {
		starts[r+1] = starts[r] + n
	}
	bySolver := make([]uint32, len(order))
	next := slices.Clone(starts[:len(counts)])
	for _, i := range order {
		r := rank[p.at(int(i)).solver] - 1
		bySolver[next[r]] = i
		next[r]++
	}
	var blocks [][2]int // [start, end) in bySolver
	for r := range counts {
		for lo := starts[r]; lo < starts[r+1]; lo += blockSize {
			blocks = append(blocks, [2]int{lo, min(lo+blockSize, starts[r+1])})
		}
	}
	rng := rand.New(rand.NewPCG(uint64(p.seed), 0xb10c_5d0c))
	rng.Shuffle(len(blocks), func(i, j int) { blocks[i], blocks[j] = blocks[j], blocks[i] })
	out := order[:0]
	for _, b := range blocks {
		out = append(out, bySolver[b[0]:b[1]]...)
	}
	return out
}

// Shard is piece Index of Count of a plan, as record.Shard defines it
// (the manifest stores it, and reports read it).
type Shard = record.Shard

// ParseShard reads "i/n" with 1 ≤ i ≤ n ≤ record.MaxShards; "" is the
// whole plan.
func ParseShard(s string) (Shard, error) { return record.ParseShard(s) }
