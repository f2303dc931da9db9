package report

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/report/stats"
	"github.com/sudokubench/sudokubench/solvers"
)

// Measure is the time a report reads: a clock (CPU or wall), either the
// whole solve or the solver's own part of it.
//
// An outside program's solve includes its process start-up, measured per
// worker on a trivial puzzle by both clocks (the startup_ns and
// startup_cpu_ns counters, one start-up per call the pipeline made). Own
// time is the solve less that start-up by the same clock, never below
// zero (record.Record.Own); for an in-process solver it equals the whole
// time, and so it does for records written before the CPU start-up was
// measured. Own time still holds what a call does besides starting:
// posing, writing and parsing the model file, and writing a proof where
// one was asked for.
type Measure int

const (
	// CPU is the process CPU time of the solve (the default: it does not
	// count time the machine spent on other work), start-up included.
	CPU Measure = iota
	// Wall is the monotonic wall-clock time of the solve, start-up included.
	Wall
	// OwnCPU is CPU less the outside programs' measured start-up.
	OwnCPU
	// OwnWall is Wall less the outside programs' measured start-up.
	OwnWall
)

// ParseMeasure reads a clock, "cpu" or "wall", and whether to take the
// whole time ("total", or "") or the solver's own ("own").
func ParseMeasure(clock, part string) (Measure, error) {
	var m Measure
	switch strings.ToLower(clock) {
	case "cpu", "":
		m = CPU
	case "wall":
		m = Wall
	default:
		return 0, fmt.Errorf("unknown time measure %q: use cpu or wall", clock)
	}
	switch strings.ToLower(part) {
	case "total", "":
		return m, nil
	case "own":
		return m + OwnCPU, nil
	}
	return 0, fmt.Errorf("unknown time part %q: use total (start-up included) or own (outside programs' start-up taken out)", part)
}

// Own says whether the measure takes outside programs' start-up out.
func (m Measure) Own() bool { return m >= OwnCPU }

// Clock is the measure's clock, start-up included: CPU or Wall.
func (m Measure) Clock() Measure { return m % OwnCPU }

// WithOwn is the measure's clock with start-up taken out.
func (m Measure) WithOwn() Measure { return m.Clock() + OwnCPU }

func (m Measure) String() string {
	s := "cpu"
	if m.Clock() == Wall {
		s = "wall"
	}
	if m.Own() {
		s += ", own"
	}
	return s
}

// Label names the time in prose: "CPU", "wall-clock", "own CPU".
func (m Measure) Label() string {
	s := "CPU"
	if m.Clock() == Wall {
		s = "wall-clock"
	}
	if m.Own() {
		s = "own " + s
	}
	return s
}

// Includes says in a phrase what the measure holds of an outside
// program's call, for notes and captions.
func (m Measure) Includes() string {
	if m.Own() {
		return "outside programs' measured start-up taken out (never below zero); model file writing and parsing still in"
	}
	return "outside programs' process start-up included"
}

func (m Measure) of(r *record.Record) float64 {
	wall, cpu := r.WallNS, r.CPUNS
	if m.Own() {
		wall, cpu, _ = r.Own()
	}
	if m.Clock() == Wall {
		return float64(wall)
	}
	return float64(cpu)
}

// The counters a stochastic solver may record to report several reads
// (independent restarts, annealing samples) within one run, and the
// single-variable updates it attempted over them: its work in a unit that
// does not depend on the machine's speed or load. They are the solver
// contract's, spelt as producers spell them.
const (
	CounterReads       = string(solvers.Reads)
	CounterReadsSolved = string(solvers.ReadsSolved)
	CounterUpdates     = string(solvers.UpdatesAttempted)
)

// Kinds says how to read each solver's records: a stochastic solver's runs
// are reads, and an outside solver's memory is its program's, not the
// worker's.
type Kinds struct {
	Stochastic map[string]bool
	External   map[string]bool
}

// DetectKinds decides from the records of every set of runs given: a
// solver is stochastic when a record of it is marked so or carries a
// "reads" counter, and outside when a record of it is marked so. Records
// written before the outside mark need the caller's knowledge of the
// solvers (MarkOutside).
func DetectKinds(sets ...*Runs) Kinds {
	k := newKinds()
	for _, runs := range sets {
		for i := range runs.Len() {
			kind := runs.kindOf(i)
			solver := runs.strs[kind.solver]
			if kind.flags&flagStochastic != 0 || runs.holdsCounter(i, CounterReads) {
				k.Stochastic[solver] = true
			}
			if kind.flags&flagExternal != 0 {
				k.External[solver] = true
			}
		}
	}
	return k
}

func newKinds() Kinds {
	return Kinds{Stochastic: make(map[string]bool), External: make(map[string]bool)}
}

// add reads what r says of its solver's kind.
func (k Kinds) add(r *record.Record) {
	if _, reads := r.Counters[CounterReads]; r.Stochastic || reads {
		k.Stochastic[r.Solver] = true
	}
	if r.External {
		k.External[r.Solver] = true
	}
}

// MarkOutside marks the solvers for which outside says so as outside
// solvers: for records written before records carried the mark. It asks
// once for each kind of run, not for each run.
func (k Kinds) MarkOutside(runs *Runs, outside func(solver string) bool) {
	for _, kind := range runs.kinds {
		k.markOutside(runs.strs[kind.solver], outside)
	}
}

// markOutside marks solver as an outside solver where outside says so.
func (k Kinds) markOutside(solver string, outside func(solver string) bool) {
	if !k.External[solver] && outside(solver) {
		k.External[solver] = true
	}
}

// Obs is one observation: one solver on one puzzle in one mode, all its
// runs folded together (repetitions of a deterministic solver, reads of a
// stochastic one), so that statistics count puzzles. What it shares with
// the observations of its pipeline (ObsPipeline) and of its puzzle
// (ObsPuzzle) it points at, held once: a study's observations are as
// many as its runs. Those are read as its own (o.Solver, o.Corpus) and
// must not be written through an observation.
type Obs struct {
	*ObsPipeline
	*ObsPuzzle
	Runs   int32 // runs folded in
	Solved bool
	// OldMem says that some run's OwnMem came from a record written
	// before own_peak_bytes, read as ownMemory says.
	OldMem bool
	// CountsUpdates says that every run of a stochastic solver recorded
	// CounterUpdates.
	CountsUpdates bool
	Status        string
	TimeNS        float64 // in the chosen Measure
	// LimitNS is the largest limit of its runs; 0: not recorded.
	LimitNS float64
	// OwnMem is the pipeline's own peak memory in bytes (ownMemory): an
	// in-process solver's peak above the idle worker's, an outside
	// program's process tree's peak at one time; NaN where not measured.
	OwnMem float64
	// Reads and ReadsSolved count a stochastic solver's reads over all its
	// runs; ReadTimeNS is what those runs cost, a timed-out run its limit.
	Reads, ReadsSolved, ReadTimeNS float64
	// Updates sums a stochastic solver's attempted updates over its runs.
	Updates float64
}

// ObsPipeline is what the observations of one pipeline in one mode
// share: its solver, family and mode, and its kind (Kinds).
type ObsPipeline struct {
	Solver, Family, Mode string
	External, Stochastic bool
}

// ObsPuzzle is what the observations of one puzzle share: its corpus, id
// and hints.
type ObsPuzzle struct {
	Corpus, PuzzleID string
	Hints            int
}

// Observations folds records into one observation per solver, puzzle and
// mode, sorted by solver, corpus, puzzle and mode.
//
// A deterministic solver's repetitions measure the clock, not the solver:
// the observation takes their most frequent status and the median time and
// memory of the runs with that status. A stochastic solver's runs are
// reads: the puzzle counts as solved when more than half of its runs
// solved it, and its time is the median over all its runs with unsolved
// runs counted at their limit (with most runs solved, that is a median of
// solved times); success per read and TTS99 come from every read.
func Observations(runs *Runs, m Measure, k Kinds) []Obs {
	var out []Obs
	heads := runs.obsHeads(k)
	runs.eachObservation(func(n, first int, rs []*record.Record) {
		if out == nil {
			out = make([]Obs, 0, n)
		}
		out = append(out, fold(heads.of(first), rs, m))
	})
	return out
}

// obsTimes are the observations' times in another measure: TimeNS and
// ReadTimeNS, the fields that depend on the measure, in Observations'
// order. Eight bytes each where the observations are some two hundred.
type obsTimes struct{ time, readTime []float64 }

// timesIn folds the runs in m and keeps the times alone.
func timesIn(runs *Runs, m Measure, k Kinds) *obsTimes {
	t := &obsTimes{}
	heads := runs.obsHeads(k)
	runs.eachObservation(func(n, first int, rs []*record.Record) {
		if t.time == nil {
			t.time, t.readTime = make([]float64, 0, n), make([]float64, 0, n)
		}
		o := fold(heads.of(first), rs, m)
		t.time, t.readTime = append(t.time, o.TimeNS), append(t.readTime, o.ReadTimeNS)
	})
	return t
}

// swap exchanges the times of obs, the observations they were folded
// with, and t's: twice restores both.
func (t *obsTimes) swap(obs []Obs) {
	for i := range obs {
		obs[i].TimeNS, t.time[i] = t.time[i], obs[i].TimeNS
		obs[i].ReadTimeNS, t.readTime[i] = t.readTime[i], obs[i].ReadTimeNS
	}
}

// eachObservation calls f with the runs of each observation (solver,
// puzzle id and mode), in the order they were added, observations sorted
// by solver, corpus, puzzle id and mode; n is the number of
// observations, first the index of the observation's first run. The
// records are f's only for the call.
func (rs *Runs) eachObservation(f func(n, first int, rs []*record.Record)) {
	order, starts, groups := rs.observationGroups()
	var group []record.Record
	var ptrs []*record.Record
	for _, g := range groups {
		group, ptrs = group[:0], ptrs[:0]
		for _, i := range order[starts[g]:starts[g+1]] {
			group = append(group, rs.At(int(i)))
		}
		for i := range group {
			ptrs = append(ptrs, &group[i])
		}
		f(len(groups), int(order[starts[g]]), ptrs)
	}
}

// observationGroups returns the runs' indices with each observation's
// runs together (byObservation), where observation g's runs begin
// (starts[g], and the end after the last), and the observations in
// Observations' order.
func (rs *Runs) observationGroups() (order, starts, groups []int32) {
	order = rs.byObservation()
	for i := range order {
		if i == 0 || !rs.sameObservation(int(order[i-1]), int(order[i])) {
			starts = append(starts, int32(i))
		}
	}
	groups = make([]int32, len(starts))
	for g := range groups {
		groups[g] = int32(g)
	}
	rank := rs.ranks()
	key := func(g int32) [4]uint32 { // solver, corpus, puzzle id, mode
		i := int(order[starts[g]])
		p := &rs.puzzles[rs.rows[i].puzzle]
		return [4]uint32{rank[rs.solver(i)], rank[p.corpus], rank[p.id], rank[rs.mode(i)]}
	}
	slices.SortFunc(groups, func(a, b int32) int {
		x, y := key(a), key(b)
		return cmp.Or(cmp.Compare(x[0], y[0]), cmp.Compare(x[1], y[1]), cmp.Compare(x[2], y[2]), cmp.Compare(x[3], y[3]))
	})
	return order, append(starts, int32(len(order))), groups
}

// ranks gives each string id the place of its string in the table
// sorted: ids compare as their strings do.
func (rs *Runs) ranks() []uint32 {
	ids := make([]uint32, len(rs.strs))
	for i := range ids {
		ids[i] = uint32(i)
	}
	slices.SortFunc(ids, func(a, b uint32) int { return cmp.Compare(rs.strs[a], rs.strs[b]) })
	rank := make([]uint32, len(ids))
	for place, id := range ids {
		rank[id] = uint32(place)
	}
	return rank
}

// byObservation orders the runs' indices so that the runs of one
// observation (solver, puzzle id and mode) stand together, in the order
// they were added.
func (rs *Runs) byObservation() []int32 {
	order := make([]int32, rs.Len())
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int {
		x, y := int(a), int(b)
		return cmp.Or(cmp.Compare(rs.solver(x), rs.solver(y)), cmp.Compare(rs.puzzleID(x), rs.puzzleID(y)),
			cmp.Compare(rs.mode(x), rs.mode(y)), cmp.Compare(a, b))
	})
	return order
}

// sameObservation says whether runs i and j fold into one observation.
func (rs *Runs) sameObservation(i, j int) bool {
	return rs.solver(i) == rs.solver(j) && rs.mode(i) == rs.mode(j) && rs.puzzleID(i) == rs.puzzleID(j)
}

// obsHeads hands out the pipelines and puzzles of observations, one of
// each for all the observations that share it.
type obsHeads struct {
	rs        *Runs
	pipelines []*ObsPipeline // by run kind
	puzzles   []ObsPuzzle    // by puzzle as run
}

// obsHeads makes the pipelines and puzzles of the runs' observations.
func (rs *Runs) obsHeads(k Kinds) *obsHeads {
	h := &obsHeads{rs: rs, pipelines: make([]*ObsPipeline, len(rs.kinds)), puzzles: make([]ObsPuzzle, len(rs.puzzles))}
	shared := make(map[ObsPipeline]*ObsPipeline)
	for i, kind := range rs.kinds {
		p := k.pipeline(rs.strs[kind.solver], rs.strs[kind.family], rs.strs[kind.mode])
		if shared[p] == nil {
			shared[p] = &p
		}
		h.pipelines[i] = shared[p]
	}
	for i, p := range rs.puzzles {
		h.puzzles[i] = ObsPuzzle{Corpus: rs.strs[p.corpus], PuzzleID: rs.strs[p.id], Hints: int(p.hints)}
	}
	return h
}

// of is an observation whose first run is run i, its pipeline and
// puzzle set.
func (h *obsHeads) of(i int) Obs {
	row := &h.rs.rows[i]
	return Obs{ObsPipeline: h.pipelines[row.kind], ObsPuzzle: &h.puzzles[row.puzzle]}
}

// headOf is an observation whose first run is r, its pipeline and puzzle
// its own.
func headOf(r *record.Record, k Kinds) Obs {
	p := k.pipeline(r.Solver, r.Family, r.Mode)
	return Obs{ObsPipeline: &p, ObsPuzzle: &ObsPuzzle{Corpus: r.Corpus, PuzzleID: r.PuzzleID, Hints: r.Hints}}
}

// pipeline is the pipeline of a solver's observations in a mode, its
// kind as k says.
func (k Kinds) pipeline(solver, family, mode string) ObsPipeline {
	return ObsPipeline{Solver: solver, Family: family, Mode: mode, External: k.External[solver], Stochastic: k.Stochastic[solver]}
}

// fold folds the runs rs of one observation into o, whose pipeline and
// puzzle are set (obsHeads.of, headOf).
func fold(o Obs, rs []*record.Record, m Measure) Obs {
	o.Runs = int32(len(rs))
	for _, r := range rs {
		o.LimitNS = max(o.LimitNS, float64(r.TimeoutNS))
	}
	if o.Stochastic {
		foldReads(&o, rs, m)
	} else {
		foldRepetitions(&o, rs, m)
	}
	return o
}

// foldRepetitions gives a deterministic solver's observation the most
// frequent status of its runs and the median time and memory of the runs
// with that status.
func foldRepetitions(o *Obs, rs []*record.Record, m Measure) {
	o.Status = majority(rs)
	o.Solved = statusSolved(o.Status)
	var same []*record.Record
	var times []float64
	for _, r := range rs {
		if r.Status == o.Status {
			same = append(same, r)
			times = append(times, m.of(r))
		}
	}
	o.TimeNS = stats.Median(stats.Sorted(times))
	o.OwnMem, o.OldMem = memory(same, o.External)
}

// foldReads gives a stochastic solver's observation the outcome of most
// of its runs, the median run's time and the count of its reads.
func foldReads(o *Obs, rs []*record.Record, m Measure) {
	var solved, unsolved []*record.Record
	var times []float64
	o.CountsUpdates = true
	for _, r := range rs {
		t := m.of(r)
		if r.Solved() {
			solved = append(solved, r)
		} else {
			unsolved = append(unsolved, r)
			t = unsolvedCost(r, t)
		}
		times = append(times, t)
		countReads(o, r, m)
	}
	o.Solved = 2*len(solved) > len(rs)
	if o.Solved {
		o.Status = majority(solved)
	} else {
		o.Status = majority(unsolved)
	}
	o.TimeNS = stats.Median(stats.Sorted(times))
	o.OwnMem, o.OldMem = memory(rs, o.External)
}

// countReads adds a run's reads, solved reads, read time and attempted
// updates to o. A run without reads counters is one read.
func countReads(o *Obs, r *record.Record, m Measure) {
	reads, readsSolved := 1.0, 0.0
	if r.Solved() {
		readsSolved = 1
	}
	if n, ok := r.Counters[CounterReads]; ok && n > 0 {
		reads, readsSolved = n, r.Counters[CounterReadsSolved]
	}
	o.Reads += reads
	o.ReadsSolved += readsSolved
	o.ReadTimeNS += readCost(r, m.of(r))
	updates, ok := r.Counters[CounterUpdates]
	o.Updates += updates
	o.CountsUpdates = o.CountsUpdates && ok
}

// unsolvedCost is the time an unsolved run of a stochastic solver counts
// with in its puzzle's median: its limit, or its own time where no limit
// was recorded.
func unsolvedCost(r *record.Record, t float64) float64 {
	if r.TimeoutNS > 0 {
		return float64(r.TimeoutNS)
	}
	return t
}

// readCost is what a run cost its reads: its measured time, or the limit
// when it was stopped there (a killed run's own clock may be unreliable).
func readCost(r *record.Record, t float64) float64 {
	if r.Status == "timeout" && r.TimeoutNS > 0 {
		return float64(r.TimeoutNS)
	}
	return t
}

// memory returns the median of the runs' own memory (ownMemory), NaN
// where none was measured, and whether some run's figure is an old
// record's.
func memory(rs []*record.Record, external bool) (own float64, old bool) {
	var mems []float64
	for _, r := range rs {
		m, fromOld := ownMemory(r, external)
		if !math.IsNaN(m) {
			mems = append(mems, m)
			old = old || fromOld
		}
	}
	return stats.Median(stats.Sorted(mems)), old
}

// ownMemory is what a run's pipeline held itself at its peak, in bytes:
// own_peak_bytes (0 is a peak at or below the idle worker's). A record
// written before that was measured falls back on what it holds: an
// in-process solver's worker peak less the idle worker's, an outside
// solver's sum of its programs' peaks (an upper bound where they ran one
// after another), with fromOld set; NaN where neither was measured. The
// worker's whole peak (peak_rss_bytes) is never a pipeline's own memory.
func ownMemory(r *record.Record, external bool) (bytes float64, fromOld bool) {
	switch {
	case r.OwnPeak != nil:
		return float64(*r.OwnPeak), false
	case external && r.ProgramPeakRSS > 0:
		return float64(r.ProgramPeakRSS), true
	case !external && r.PeakRSS > 0 && r.BaseRSS > 0:
		return float64(r.PeakRSS - min(r.BaseRSS, r.PeakRSS)), true
	}
	return math.NaN(), false
}

func statusSolved(s string) bool { return (&record.Record{Status: s}).Solved() }

// majority returns the most frequent status, ties going to the
// alphabetically first so the result does not depend on record order.
func majority(rs []*record.Record) string {
	count := make(map[string]int)
	best := ""
	for _, r := range rs {
		count[r.Status]++
	}
	for s, c := range count {
		if best == "" || c > count[best] || c == count[best] && s < best {
			best = s
		}
	}
	return best
}
