package reproduce

import (
	"math"
	"slices"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/report"
	"github.com/sudokubench/sudokubench/harness/report/stats"
)

// MemoryKind says what a memory figure is.
type MemoryKind int

const (
	// Unmeasured: no run of the pipeline has a figure (an outside
	// program whose own peak could not be read).
	Unmeasured MemoryKind = iota
	// Own is the in-process solver's peak above the idle worker's
	// resident set (PeakRSS − BaseRSS).
	Own
	// Program is the outside programs' own peak.
	Program
	// WithWorker is the worker's whole peak, Go runtime included: the
	// records hold no idle baseline to take away.
	WithWorker
)

// Stats is one pipeline's figures over a set of runs. Times are over the
// runs it solved; NaN when there are none.
type Stats struct {
	N, Solved      int
	Rate           float64
	RateLo, RateHi float64 // Wilson 95%
	Statuses       map[string]int
	MeanNS, MaxNS  float64
	MemBytes       float64 // the highest peak of a run; NaN when unmeasured
	MemKind        MemoryKind
	// Cells and CellsRight count the cells of the grids returned on
	// corpora that give solutions, givens included, and those holding the
	// solution's digit; Blank and BlankRight the blank cells alone.
	Cells, CellsRight, Blank, BlankRight int
}

// CellsWrong reports whether some returned grid had a cell wrong: only
// then does a share of cells say anything a share of puzzles does not.
func (s Stats) CellsWrong() bool { return s.BlankRight < s.Blank }

// Unsolved returns the runs with a status other than solved, gave-up and
// wrong: timeouts, memouts, crashes, errors, and unsat or multiple claims.
func (s Stats) Unsolved() int {
	return s.N - s.Solved - s.Statuses["gave-up"] - s.Statuses["wrong"]
}

// statsOf computes a pipeline's figures from its observations (times and
// statuses) and its records (memory). A run counts as solved only with the
// status solved: every puzzle of the comparison has one solution.
func statsOf(obs []report.Obs, recs []*record.Record) Stats {
	s := Stats{N: len(obs), Statuses: make(map[string]int), MeanNS: math.NaN(), MaxNS: math.NaN(), MemBytes: math.NaN()}
	var sum float64
	for _, o := range obs {
		s.Statuses[o.Status]++
		if o.Status != "solved" {
			continue
		}
		s.Solved++
		sum += o.TimeNS
		if math.IsNaN(s.MaxNS) || o.TimeNS > s.MaxNS {
			s.MaxNS = o.TimeNS
		}
	}
	if s.Solved > 0 {
		s.MeanNS = sum / float64(s.Solved)
	}
	if s.N > 0 {
		s.Rate = float64(s.Solved) / float64(s.N)
	}
	s.RateLo, s.RateHi = stats.Wilson(s.Solved, s.N, stats.Z95)
	for _, r := range recs {
		if r.BlankCells > 0 {
			s.Blank += r.BlankCells
			s.BlankRight += r.BlankCellsRight
			s.Cells += r.BlankCells + r.Hints
			s.CellsRight += r.BlankCellsRight + r.Hints
		}
		bytes, kind := ownMemory(r)
		if kind == Unmeasured {
			continue
		}
		if math.IsNaN(s.MemBytes) || bytes > s.MemBytes {
			s.MemBytes = bytes
		}
		s.MemKind = max(s.MemKind, kind)
	}
	return s
}

// ownMemory is the memory a run's solver used itself: the outside
// programs' peak for an external pipeline, the peak above the idle worker
// for an in-process one, or the worker's whole peak when the record has no
// baseline.
func ownMemory(r *record.Record) (float64, MemoryKind) {
	switch {
	case r.External && r.ProgramPeakRSS > 0:
		return float64(r.ProgramPeakRSS), Program
	case r.External:
		return 0, Unmeasured
	case r.PeakRSS == 0:
		return 0, Unmeasured
	case r.BaseRSS > 0:
		return float64(r.PeakRSS - min(r.BaseRSS, r.PeakRSS)), Own
	}
	return float64(r.PeakRSS), WithWorker
}

// levelOf returns the index in Levels of a corpus, -1 for none.
func levelOf(corpus string) int {
	return slices.IndexFunc(Levels, func(l Level) bool { return l.Corpus == corpus })
}
