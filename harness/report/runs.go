package report

import (
	"iter"
	"math"
	"math/bits"
	"slices"
	"time"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/solvers"
)

// Runs is the runs a report reads, one compact row each: what no table,
// figure or check reads is left out (the solver's options, the detail,
// the model, the phases' times, the counters outside reportCounters),
// every string is held once in a table and named by a 32-bit id, what
// the runs of a pipeline share (solver, family, mode, status, timing,
// host, build, limit, seed less repetition; runKind) once per kind, the
// facts of a puzzle as run (its corpus, id, hash, hints, variant, line
// and form) once per puzzle and form, and the counters in a side table
// for the runs that carry some. A row is 88 bytes where a record.Record
// is 512 and its maps more. Times and memory stay exact integers:
// compare tells a copy of a run from a repetition by them.
//
// A record read back (At, All) holds what the report reads, nothing
// else.
type Runs struct {
	rows     []runRow
	kinds    []runKind
	strs     []string
	puzzles  []puzzleFacts
	counters []counterSet
	// strIDs, kindIDs and puzIDs find a string's, a kind's and a
	// puzzle's id while runs are added; nil once adding is done
	// (settle), rebuilt by the next Add.
	strIDs  map[string]uint32
	kindIDs map[runKind]uint32
	puzIDs  map[puzzleFacts]uint32
}

// runRow is one run: ids into the kind and puzzle tables, and the
// numbers that differ from run to run.
type runRow struct {
	kind, puzzle                          uint32 // into Runs.kinds and Runs.puzzles
	counters                              int32  // into Runs.counters; -1: none kept
	rep, form                             int32
	blankCells, blankCellsRight           int32
	flags                                 runFlags
	wallNS, cpuNS                         int64
	started                               int64 // Unix nanoseconds; noStart: not recorded
	peakRSS, baseRSS, programPeakRSS, own uint64
}

// runKind is what the runs of one pipeline in one plan mostly share:
// string ids of their solver, family, mode, status, timing, host, build
// and corpus contradiction, their limit, their seed less their
// repetition (a plan's runs are seeded with its seed plus the
// repetition, plan.RunSeed), and their marks. A study of ten million runs has a few
// dozen.
type runKind struct {
	solver, family, mode, status, timing, host, build, contradiction uint32
	timeoutNS, seedLessRep                                           int64
	flags                                                            runFlags // flagStochastic, flagExternal
}

// runFlags are a run's marks.
type runFlags uint8

const (
	flagStochastic runFlags = 1 << iota
	flagExternal
	flagOwnPeak   // own was measured
	flagCertified // a proof was checked; certifiedOK says how
	flagCertifiedOK
)

// noStart marks a run whose record says not when it started.
const noStart = math.MinInt64

// puzzleFacts is a puzzle as run: string ids of its corpus, id, hash,
// variant, line and transform, and its hints.
type puzzleFacts struct {
	corpus, id, sha, variant, line, transform uint32
	hints, size                               int32
}

// reportCounters are the counters some table, figure or measure reads
// (Observations, the effort figures, robustness, record.Record.Own); a
// run keeps these alone.
var reportCounters = [...]string{
	CounterReads, CounterReadsSolved, CounterUpdates, CounterGuesses,
	string(solvers.Calls), string(solvers.Startup), string(solvers.StartupCPU),
}

// counterSet is the reportCounters a run holds: their values, and a bit
// for each it holds: 64 bytes, where a map of them is some 250.
type counterSet struct {
	values [len(reportCounters)]float64
	held   uint8
}

// counters is the set as a record holds it.
func (c *counterSet) counters() map[string]float64 {
	m := make(map[string]float64, bits.OnesCount8(c.held))
	for i, name := range reportCounters {
		if c.held&(1<<i) != 0 {
			m[name] = c.values[i]
		}
	}
	return m
}

// Certified's values, to point at.
var certifiedTrue, certifiedFalse = true, false

// NewRuns holds the records given.
func NewRuns(recs ...record.Record) *Runs {
	rs := &Runs{rows: make([]runRow, 0, len(recs))}
	for i := range recs {
		rs.Add(&recs[i])
	}
	return rs
}

// ConcatRuns holds the runs of every part, in order.
func ConcatRuns(parts ...*Runs) *Runs {
	out := NewRuns()
	for _, p := range parts {
		for r := range p.All() {
			out.Add(r)
		}
	}
	return out
}

// Filter holds the runs for which keep says so, in order.
func (rs *Runs) Filter(keep func(*record.Record) bool) *Runs {
	out := NewRuns()
	for r := range rs.All() {
		if keep(r) {
			out.Add(r)
		}
	}
	return out
}

// Len is the number of runs.
func (rs *Runs) Len() int {
	if rs == nil {
		return 0
	}
	return len(rs.rows)
}

// Add holds the part of r that the report reads.
func (rs *Runs) Add(r *record.Record) {
	if rs.strIDs == nil {
		rs.index()
	}
	row := runRow{
		kind: rs.kind(r), puzzle: rs.puzzle(r), counters: rs.keepCounters(r.Counters),
		rep: int32(r.Rep), form: int32(r.Form), blankCells: int32(r.BlankCells), blankCellsRight: int32(r.BlankCellsRight),
		flags: flagsOf(r), wallNS: r.WallNS, cpuNS: r.CPUNS, started: noStart,
		peakRSS: r.PeakRSS, baseRSS: r.BaseRSS, programPeakRSS: r.ProgramPeakRSS,
	}
	if !r.Started.IsZero() {
		row.started = r.Started.UnixNano()
	}
	if r.OwnPeak != nil {
		row.own = *r.OwnPeak
	}
	rs.rows = append(rs.rows, row)
}

// kind is the id of r's kind.
func (rs *Runs) kind(r *record.Record) uint32 {
	k := runKind{
		solver: rs.id(r.Solver), family: rs.id(r.Family), mode: rs.id(r.Mode), status: rs.id(r.Status),
		timing: rs.id(r.Timing), host: rs.id(r.Host), build: rs.id(r.Build), contradiction: rs.id(r.CorpusContradiction),
		timeoutNS: r.TimeoutNS, seedLessRep: r.Seed - int64(r.Rep), flags: flagsOf(r) & (flagStochastic | flagExternal),
	}
	return intern(&rs.kinds, rs.kindIDs, k)
}

func flagsOf(r *record.Record) runFlags {
	var f runFlags
	mark := func(on bool, flag runFlags) {
		if on {
			f |= flag
		}
	}
	mark(r.Stochastic, flagStochastic)
	mark(r.External, flagExternal)
	mark(r.OwnPeak != nil, flagOwnPeak)
	mark(r.Certified != nil, flagCertified)
	mark(r.Certified != nil && *r.Certified, flagCertifiedOK)
	return f
}

// At is run i as a record of what the report reads.
func (rs *Runs) At(i int) record.Record {
	var r record.Record
	rs.fill(&r, i)
	return r
}

// All yields every run in order. The record yielded is overwritten by the
// next: copy it (or use At) to keep it.
func (rs *Runs) All() iter.Seq[*record.Record] {
	return func(yield func(*record.Record) bool) {
		var r record.Record
		for i := range rs.Len() {
			rs.fill(&r, i)
			if !yield(&r) {
				return
			}
		}
	}
}

// fill sets r to run i.
func (rs *Runs) fill(r *record.Record, i int) {
	row := &rs.rows[i]
	k := &rs.kinds[row.kind]
	p := &rs.puzzles[row.puzzle]
	*r = record.Record{
		Solver: rs.strs[k.solver], Family: rs.strs[k.family], Stochastic: k.flags&flagStochastic != 0,
		Corpus: rs.strs[p.corpus], PuzzleID: rs.strs[p.id], PuzzleSHA: rs.strs[p.sha], Hints: int(p.hints), Size: int(p.size),
		Variant: rs.strs[p.variant], Puzzle: rs.strs[p.line], Form: int(row.form), Transform: rs.strs[p.transform],
		Mode: rs.strs[k.mode], Seed: k.seedLessRep + int64(row.rep), Rep: int(row.rep), Status: rs.strs[k.status],
		CorpusContradiction: rs.strs[k.contradiction], WallNS: row.wallNS, CPUNS: row.cpuNS, Timing: rs.strs[k.timing],
		PeakRSS: row.peakRSS, BaseRSS: row.baseRSS, External: k.flags&flagExternal != 0, ProgramPeakRSS: row.programPeakRSS,
		TimeoutNS: k.timeoutNS, BlankCells: int(row.blankCells), BlankCellsRight: int(row.blankCellsRight),
		Host: rs.strs[k.host], Build: rs.strs[k.build],
	}
	if row.flags&flagOwnPeak != 0 {
		r.OwnPeak = &row.own
	}
	if row.flags&flagCertified != 0 {
		r.Certified = &certifiedFalse
		if row.flags&flagCertifiedOK != 0 {
			r.Certified = &certifiedTrue
		}
	}
	if row.counters >= 0 {
		r.Counters = rs.counters[row.counters].counters()
	}
	if row.started != noStart {
		r.Started = time.Unix(0, row.started).UTC()
	}
}

// index builds the maps from strings, kinds and puzzles to their ids.
func (rs *Runs) index() {
	rs.strIDs, rs.kindIDs, rs.puzIDs = idsOf(rs.strs), idsOf(rs.kinds), idsOf(rs.puzzles)
}

// settle frees what only adding runs needs: a study's strings and
// puzzles are many, and their maps hold more than the tables.
func (rs *Runs) settle() { rs.strIDs, rs.kindIDs, rs.puzIDs = nil, nil, nil }

// id is s's id in the string table.
func (rs *Runs) id(s string) uint32 { return intern(&rs.strs, rs.strIDs, s) }

// puzzle is the id of r's puzzle as run.
func (rs *Runs) puzzle(r *record.Record) uint32 {
	p := puzzleFacts{corpus: rs.id(r.Corpus), id: rs.id(r.PuzzleID), sha: rs.id(r.PuzzleSHA), variant: rs.id(r.Variant),
		line: rs.id(r.Puzzle), transform: rs.id(r.Transform), hints: int32(r.Hints), size: int32(r.Size)}
	return intern(&rs.puzzles, rs.puzIDs, p)
}

// intern returns v's index in table, appending it where ids, the map
// from table's values to their indices, does not hold it.
func intern[V comparable](table *[]V, ids map[V]uint32, v V) uint32 {
	if id, ok := ids[v]; ok {
		return id
	}
	id := uint32(len(*table))
	*table = append(*table, v)
	ids[v] = id
	return id
}

// idsOf maps each value of table to its index.
func idsOf[V comparable](table []V) map[V]uint32 {
	ids := make(map[V]uint32, len(table))
	for id, v := range table {
		ids[v] = uint32(id)
	}
	return ids
}

// keepCounters holds the counters of reportCounters that all holds and
// returns their index, -1 when it holds none.
func (rs *Runs) keepCounters(all map[string]float64) int32 {
	var kept counterSet
	for i, name := range reportCounters {
		if v, ok := all[name]; ok {
			kept.values[i], kept.held = v, kept.held|1<<i
		}
	}
	if kept.held == 0 {
		return -1
	}
	rs.counters = append(rs.counters, kept)
	return int32(len(rs.counters) - 1)
}

// puzzleID is run i's puzzle id's string id: the runs of one puzzle in
// different forms share it.
func (rs *Runs) puzzleID(i int) uint32 { return rs.puzzles[rs.rows[i].puzzle].id }

// kindOf is run i's kind.
func (rs *Runs) kindOf(i int) *runKind { return &rs.kinds[rs.rows[i].kind] }

// solver and mode are run i's solver's and mode's string ids.
func (rs *Runs) solver(i int) uint32 { return rs.kindOf(i).solver }
func (rs *Runs) mode(i int) uint32   { return rs.kindOf(i).mode }

// holdsCounter says whether run i holds the counter name, one of
// reportCounters.
func (rs *Runs) holdsCounter(i int, name string) bool {
	c := rs.rows[i].counters
	return c >= 0 && rs.counters[c].held&(1<<slices.Index(reportCounters[:], name)) != 0
}
