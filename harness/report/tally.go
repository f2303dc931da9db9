package report

import (
	"cmp"
	"io"
	"slices"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/report/table"
)

// Tally is the report's summary over every puzzle run of one result
// directory (Config.By "all"), made from its records streamed: of each
// run it keeps what folding reads, 64 bytes (tallyRun), and while reading
// its key's rest and the duplicates' key set, some 30 more, where a
// report holds the run's row and its observation, several hundred; the
// tables' notes and warnings are counted as the records pass. Its tables are those of a Report by "all" of the same
// directory, to the byte, and so are the warnings NewTally returns
// (Load's): the runs are folded by the report's own rules (fold) and
// summarised by its summarizer. What it does not make: figures, other
// groupings, the portfolio, the tidy CSV table.
type Tally struct {
	config   Config
	data     *Data // the directory's source, its runs not held
	dups     *duplicates
	strs     []string
	strIDs   map[string]uint32
	puzzles  []tallyPuzzle
	puzIDs   map[tallyPuzzle]uint32
	runs     []tallyRun
	keys     []tallyKey   // the runs' seeds and repetitions, while reading
	extras   []tallyExtra // what few runs hold besides
	limits   []int64      // the runs' limits, each once
	limitIDs map[int64]uint32
	forms    bool // some run is of an equivalent form

	kinds         Kinds
	noStartup     map[string]bool // solvers with a run that holds no measured start-up (record.Record.Own)
	maxTimeoutNS  int64
	builds, hosts map[string]int
	cert          Certification
	cells         *cellCounts
	contradicting *Runs // the runs that contradict their corpus, a few
}

// tallyPuzzle is a puzzle as folding reads it: string ids of its corpus
// and its id, and its hints.
type tallyPuzzle struct {
	corpus, id uint32
	hints      int32
}

// tallyRun is what a Tally keeps of a run, 64 bytes: string ids, the
// times by the configured clock, whole and own (start-up taken out), its
// limit's id, its own peak memory, and where it holds more (a stochastic
// solver's counters, an old record's memory), their place.
type tallyRun struct {
	solver, puzzle, mode, status uint32 // puzzle: into Tally.puzzles
	form                         int32
	extra                        int32  // into Tally.extras; -1: none
	limit                        uint32 // into Tally.limits
	flags                        tallyFlags
	timeNS, ownNS                int64
	guesses                      float64 // CounterGuesses, where tallyGuesses says it was recorded
	ownPeak                      uint64  // own_peak_bytes, where tallyOwnPeak says it was recorded
}

type tallyFlags uint8

const (
	tallyOwnPeak tallyFlags = 1 << iota
	tallyGuesses
)

// tallyKey is the rest of a run's key, which reading alone needs.
type tallyKey struct {
	seed int64
	rep  int32
}

// tallyExtra is what folding reads of a run that few runs hold: a
// stochastic solver's counters, and where a record predates own memory,
// the figures ownMemory falls back on (the outside programs' summed
// peak, the worker's peak above the idle worker's where both were
// recorded).
type tallyExtra struct {
	counters          [len(tallyCounterNames)]float64
	held              uint8 // a bit per counter held
	workerMeasured    bool
	programPeak, over uint64
}

// tallyCounterNames are the counters folding reads, a stochastic
// solver's.
var tallyCounterNames = [...]string{CounterReads, CounterReadsSolved, CounterUpdates}

// NewTally reads the records of the result directory dir, one at a time,
// and returns its tally with the warnings Load gives of dir. Only the
// parts of c that a report by "all" reads count: Measure, Part, Outside,
// Wide and Width.
func NewTally(dir string, c Config) (*Tally, []string, error) {
	var warnings []string
	m, err := readManifest(dir, &warnings)
	if err != nil {
		return nil, warnings, err
	}
	t := newTally(dir, m, c)
	if err := readRecords(dir, m, &warnings, t.add); err != nil {
		return nil, warnings, err
	}
	warnings = append(warnings, t.dups.warnings()...)
	t.strIDs, t.puzIDs, t.limitIDs, t.dups, t.keys = nil, nil, nil, nil, nil // what only reading needs
	warnings = append(warnings, t.coverage().warning()...)
	warnings = append(warnings, provenanceWarnings(recordedCounts(t.builds), recordedCounts(t.hosts), t.data.Sources)...)
	warnings = append(warnings, (&Data{Runs: t.contradicting}).corpusContradictions()...)
	return t, warnings, nil
}

func newTally(dir string, m *record.Manifest, c Config) *Tally {
	planned := 0 // room for the runs at once, a shard's share where dir is one
	if m != nil {
		planned = m.Plan.Runs
		if sh, err := record.ParseShard(m.Shard); m.Shard != "" && err == nil {
			planned = planned/sh.Count + 1
		}
	}
	t := &Tally{
		config: c, data: &Data{Sources: []Source{{Dir: dir, Manifest: m}}, Runs: NewRuns()},
		strIDs: make(map[string]uint32), puzIDs: make(map[tallyPuzzle]uint32),
		runs: make([]tallyRun, 0, planned), keys: make([]tallyKey, 0, planned), limitIDs: make(map[int64]uint32),
		kinds: newKinds(), noStartup: make(map[string]bool),
		builds: make(map[string]int), hosts: make(map[string]int),
		cells: newCellCounts(All{}), contradicting: NewRuns(),
	}
	t.dups = &duplicates{d: t.data, keys: record.NewKeySet(planned, t.keyAt)}
	t.dups.from(0, 0)
	return t
}

// add keeps what the tally reads of r, unless its run was recorded
// before.
func (t *Tally) add(r *record.Record) error {
	first, err := t.dups.seen(r.Key(), len(t.runs))
	if err != nil || !first {
		return err
	}
	t.kinds.add(r)
	wall, cpu, ok := r.Own()
	if !ok {
		t.noStartup[r.Solver] = true
	}
	run := tallyRun{
		solver: t.id(r.Solver), mode: t.id(r.Mode), status: t.id(r.Status),
		puzzle: intern(&t.puzzles, t.puzIDs, tallyPuzzle{corpus: t.id(r.Corpus), id: t.id(r.PuzzleID), hints: int32(r.Hints)}),
		form:   int32(r.Form), extra: t.keepExtra(r), limit: intern(&t.limits, t.limitIDs, r.TimeoutNS),
		timeNS: r.CPUNS, ownNS: cpu,
	}
	if t.config.Measure.Clock() == Wall {
		run.timeNS, run.ownNS = r.WallNS, wall
	}
	if r.OwnPeak != nil {
		run.ownPeak, run.flags = *r.OwnPeak, tallyOwnPeak
	}
	if g, ok := r.Counters[CounterGuesses]; ok {
		run.guesses, run.flags = g, run.flags|tallyGuesses
	}
	t.keys = append(t.keys, tallyKey{seed: r.Seed, rep: int32(r.Rep)})
	t.runs = append(t.runs, run)
	t.forms = t.forms || r.Form > 0
	t.maxTimeoutNS = max(t.maxTimeoutNS, r.TimeoutNS)
	t.builds[r.Build]++
	t.hosts[r.Host]++
	t.cert.add(r)
	t.cells.add(r)
	if r.CorpusContradiction != "" {
		t.contradicting.Add(r)
	}
	return nil
}

// id is s's id in the string table.
func (t *Tally) id(s string) uint32 { return intern(&t.strs, t.strIDs, s) }

// keepExtra holds what r holds of tallyExtra and returns its index, -1
// when it holds none.
func (t *Tally) keepExtra(r *record.Record) int32 {
	var e tallyExtra
	for i, name := range tallyCounterNames {
		if v, ok := r.Counters[name]; ok {
			e.counters[i], e.held = v, e.held|1<<i
		}
	}
	if r.OwnPeak == nil {
		e.programPeak = r.ProgramPeakRSS
		if r.PeakRSS > 0 && r.BaseRSS > 0 {
			e.workerMeasured, e.over = true, r.PeakRSS-min(r.BaseRSS, r.PeakRSS)
		}
	}
	if e == (tallyExtra{}) {
		return -1
	}
	t.extras = append(t.extras, e)
	return int32(len(t.extras) - 1)
}

// keyAt is the run key of the run kept at ref, for the duplicates' set.
func (t *Tally) keyAt(ref uint32) (string, error) {
	run, k := &t.runs[ref], &t.keys[ref]
	return record.Key(t.strs[run.solver], t.strs[t.puzzles[run.puzzle].id], t.strs[run.mode], k.seed, int(k.rep), int(run.form)), nil
}

// Len is the number of runs tallied, each once.
func (t *Tally) Len() int { return len(t.runs) }

// coverage is what the runs cover of the plan.
func (t *Tally) coverage() Coverage {
	c := t.data.Coverage()
	c.Recorded = len(t.runs)
	return c
}

// record is run i as a record of what folding reads, its times those of
// the configured clock, own where own is set: fold it with the clock
// alone. Its memory fields give ownMemory's figure for either kind of
// solver, not the worker's peaks.
func (t *Tally) record(i int, own bool) record.Record {
	run := &t.runs[i]
	p := &t.puzzles[run.puzzle]
	r := record.Record{
		Solver: t.strs[run.solver], Corpus: t.strs[p.corpus], PuzzleID: t.strs[p.id], Hints: int(p.hints),
		Mode: t.strs[run.mode], Status: t.strs[run.status], Form: int(run.form),
		CPUNS: run.timeNS, WallNS: run.timeNS, TimeoutNS: t.limits[run.limit],
	}
	if own {
		r.CPUNS, r.WallNS = run.ownNS, run.ownNS
	}
	if run.flags&tallyOwnPeak != 0 {
		r.OwnPeak = &run.ownPeak
	}
	guesses := t.forms && run.flags&tallyGuesses != 0 // the robustness table's alone
	if run.extra >= 0 || guesses {
		r.Counters = make(map[string]float64)
	}
	if run.extra >= 0 {
		e := &t.extras[run.extra]
		for k, name := range tallyCounterNames {
			if e.held&(1<<k) != 0 {
				r.Counters[name] = e.counters[k]
			}
		}
		r.ProgramPeakRSS = e.programPeak
		if e.workerMeasured {
			r.PeakRSS, r.BaseRSS = e.over+1, 1 // ownMemory reads their difference
		}
	}
	if guesses {
		r.Counters[CounterGuesses] = run.guesses
	}
	return r
}

// observationGroups returns the runs' indices with each observation's
// runs together in the order they were read, observation g's runs
// starting at starts[g] (and the last ending at the last start), the
// observations in Observations' order: by solver, corpus, puzzle id and
// mode.
func (t *Tally) observationGroups() (order, starts []int32) {
	order = make([]int32, len(t.runs))
	for i := range order {
		order[i] = int32(i)
	}
	sameObs := func(a, b int32) int {
		x, y := &t.runs[a], &t.runs[b]
		return cmp.Or(cmp.Compare(x.solver, y.solver), cmp.Compare(t.puzzles[x.puzzle].id, t.puzzles[y.puzzle].id), cmp.Compare(x.mode, y.mode))
	}
	slices.SortFunc(order, func(a, b int32) int { return cmp.Or(sameObs(a, b), cmp.Compare(a, b)) })
	for i := range order {
		if i == 0 || sameObs(order[i-1], order[i]) != 0 {
			starts = append(starts, int32(i))
		}
	}
	starts = append(starts, int32(len(order)))
	key := func(g int) [4]string {
		x := &t.runs[order[starts[g]]]
		p := &t.puzzles[x.puzzle]
		return [4]string{t.strs[x.solver], t.strs[p.corpus], t.strs[p.id], t.strs[x.mode]}
	}
	groups := make([]int, len(starts)-1)
	for g := range groups {
		groups[g] = g
	}
	slices.SortFunc(groups, func(a, b int) int {
		x, y := key(a), key(b)
		return cmp.Or(cmp.Compare(x[0], y[0]), cmp.Compare(x[1], y[1]), cmp.Compare(x[2], y[2]), cmp.Compare(x[3], y[3]))
	})
	sortedOrder, sortedStarts := make([]int32, 0, len(order)), make([]int32, 0, len(starts))
	for _, g := range groups {
		sortedStarts = append(sortedStarts, int32(len(sortedOrder)))
		sortedOrder = append(sortedOrder, order[starts[g]:starts[g+1]]...)
	}
	return sortedOrder, append(sortedStarts, int32(len(sortedOrder)))
}

// Tables returns the tables a Report by "all" of the directory shows, as
// its documents show them.
func (t *Tally) Tables() ([]*table.Table, error) {
	t.markOutside()
	tableM, _, ownColumn, _, err := decideTimeParts(t.config, t.kinds, t.withoutStartup)
	if err != nil {
		return nil, err
	}
	sums, mixed, spreads := t.summaries(tableM, ownColumn)
	o := TableOptions{Measure: tableM, MixedModes: mixed, NoGroup: true, OwnColumn: ownColumn}
	tables := []*table.Table{SummaryTable(sums, All{}, o)}
	if s := StochasticTable(sums, All{}, o); s != nil {
		tables = append(tables, s)
	}
	if c := t.cells.table(); c != nil {
		tables = append(tables, c)
	}
	cov := t.coverage()
	notes := sectionNotes(cov, t.cert)
	for i, tab := range tables {
		tables[i] = asShown(tab, t.config.Wide, notes...).SharedUnits()
	}
	if rob := robustnessTable(spreads.sorted(), tableM); rob != nil {
		tables = append(tables, asShown(rob, t.config.Wide, "Runs: "+cov.String()+"."))
	}
	return tables, nil
}

// WriteText writes the tables as text, a blank line between them, as wide
// as Config.Width allows.
func (t *Tally) WriteText(w io.Writer) error {
	tables, err := t.Tables()
	if err != nil {
		return err
	}
	return table.WriteAll(w, table.Text{Width: t.config.Width}, tables)
}

// summaries folds each observation's runs and summarises them per solver
// and mode, with the own median beside where ownColumn says, or the
// median itself where the tables are on own time; mixed says that the
// observations hold both modes; spreads are the robustness table's.
func (t *Tally) summaries(m Measure, ownColumn bool) (sums []Summary, mixed bool, spreads spreadsByKey) {
	limit := float64(cmp.Or(t.data.LimitNS(), t.maxTimeoutNS))
	total, own := make(summarizers), make(summarizers)
	spreads = make(spreadsByKey)
	order, starts := t.observationGroups()
	var recs []record.Record
	var ptrs []*record.Record
	for g := range len(starts) - 1 {
		runs := order[starts[g]:starts[g+1]]
		recs, ptrs = t.group(recs[:0], ptrs[:0], runs, m.Own())
		head := headOf(ptrs[0], t.kinds)
		o := fold(head, ptrs, m.Clock())
		mixed = mixed || o.Mode != t.strs[t.runs[order[0]].mode]
		total.add(&o, limit)
		if t.forms {
			t.addSpread(spreads, recs, m.Clock())
		}
		if ownColumn {
			recs, ptrs = t.group(recs[:0], ptrs[:0], runs, true)
			ownObs := fold(head, ptrs, m.Clock())
			own.add(&ownObs, limit)
		}
	}
	for k, a := range total {
		s := a.finish()
		switch {
		case m.Own():
			s.OwnMedian = s.Median
		case ownColumn:
			s.OwnMedian = own[k].finish().Median
		}
		sums = append(sums, s)
	}
	slices.SortFunc(sums, func(a, b Summary) int { return cmp.Or(cmp.Compare(a.Solver, b.Solver), cmp.Compare(a.Mode, b.Mode)) })
	return sums, mixed, spreads
}

// summarizers summarise observations by solver and mode, in one group.
type summarizers map[[2]string]*summarizer

// add adds o to its solver's and mode's summarizer, made where needed.
func (by summarizers) add(o *Obs, fallbackLimitNS float64) {
	k := [2]string{o.Solver, o.Mode}
	a := by[k]
	if a == nil {
		a = newSummarizer(o.Solver, o.Mode, All{}.Group(o), fallbackLimitNS)
		by[k] = a
	}
	a.add(o)
}

// group sets recs to the records of the runs given (record) and ptrs to
// point at them.
func (t *Tally) group(recs []record.Record, ptrs []*record.Record, runs []int32, own bool) ([]record.Record, []*record.Record) {
	for _, i := range runs {
		recs = append(recs, t.record(int(i), own))
	}
	for i := range recs {
		ptrs = append(ptrs, &recs[i])
	}
	return recs, ptrs
}

// addSpread adds the spread of one observation's runs across its
// puzzle's forms, where it ran in two or more.
func (t *Tally) addSpread(spreads spreadsByKey, recs []record.Record, m Measure) {
	forms := make(map[int][]int)
	for i := range recs {
		forms[recs[i].Form] = append(forms[recs[i].Form], i)
	}
	if len(forms) < 2 {
		return
	}
	first := &recs[0]
	spreads.add(first.Solver, first.Mode, spreadOf(first.PuzzleID, forms, NewRuns(recs...), m))
}

// markOutside marks the solvers that Config.Outside says run outside
// programs, as Kinds.MarkOutside does of a report's runs.
func (t *Tally) markOutside() {
	if t.config.Outside == nil {
		return
	}
	solvers := make(map[uint32]bool)
	for i := range t.runs {
		solvers[t.runs[i].solver] = true
	}
	for id := range solvers {
		t.kinds.markOutside(t.strs[id], t.config.Outside)
	}
}

// withoutStartup lists the outside pipelines with a run that holds no
// measured start-up, sorted, as withoutStartup does of a report's runs.
func (t *Tally) withoutStartup() []string {
	var out []string
	for s := range t.noStartup {
		if t.kinds.External[s] {
			out = append(out, s)
		}
	}
	slices.Sort(out)
	return out
}
