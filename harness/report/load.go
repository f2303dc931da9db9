package report

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/report/table"
)

// Data is the records of one or more result directories of one plan,
// merged.
type Data struct {
	Sources []Source
	Runs    *Runs // each run once, as the report reads it
}

// Source is one result directory loaded.
type Source struct {
	Dir      string
	Manifest *record.Manifest // nil when the directory has none
}

// Manifests returns the manifests of the directories that have one, in
// the order they were loaded.
func (d *Data) Manifests() []*record.Manifest {
	var ms []*record.Manifest
	for _, s := range d.Sources {
		if s.Manifest != nil {
			ms = append(ms, s.Manifest)
		}
	}
	return ms
}

// Load reads results.jsonl and manifest.json from each directory and merges
// them. Directories of different plans are refused: their statistics would
// mix puzzles, limits and modes. A run key seen twice keeps its first
// record. Warnings, never errors: a plan recorded in part (runs or shards
// missing), duplicates (one line for all of them), truncated last lines,
// directories without a manifest, records that disagree with their
// manifest's plan (record.PlanCheck), records from more than one build or
// host, runs made while the machine was busy, and runs whose answers
// contradict what their corpus lists. Errors name the file and line.
func Load(dirs ...string) (*Data, []string, error) {
	if len(dirs) == 0 {
		return nil, nil, errors.New("no result directory given")
	}
	d := &Data{Runs: NewRuns()}
	var warnings []string
	dups := d.newDuplicates()
	for _, dir := range dirs {
		m, err := readManifest(dir, &warnings)
		if err != nil {
			return nil, warnings, err
		}
		if m != nil {
			if err := d.samePlan(dir, m); err != nil {
				return nil, warnings, err
			}
			// Room for the plan's runs at once: a slice grown as records
			// come copies them over and over, and holds a quarter more.
			d.Runs.rows = slices.Grow(d.Runs.rows, max(m.Plan.Runs-d.Runs.Len(), 0))
		}
		d.Sources = append(d.Sources, Source{Dir: dir, Manifest: m})
		dups.from(len(d.Sources)-1, d.Runs.Len())
		err = readRecords(dir, m, &warnings, func(r *record.Record) error {
			first, err := dups.seen(r.Key(), d.Runs.Len())
			if err == nil && first {
				d.Runs.Add(r)
			}
			return err
		})
		if err != nil {
			return nil, warnings, err
		}
	}
	d.Runs.settle()
	warnings = append(warnings, dups.warnings()...)
	warnings = append(warnings, d.Coverage().warning()...)
	warnings = append(warnings, d.provenanceWarnings()...)
	warnings = append(warnings, d.corpusContradictions()...)
	return d, warnings, nil
}

// readManifest reads dir's manifest; a directory without one is read
// with a warning, and nil returned.
func readManifest(dir string, warnings *[]string) (*record.Manifest, error) {
	m, err := record.ReadManifest(filepath.Join(dir, record.ManifestFile))
	if errors.Is(err, fs.ErrNotExist) {
		*warnings = append(*warnings, fmt.Sprintf("%s: no %s; limits come from the records and the plan's size is unknown", dir, record.ManifestFile))
		return nil, nil
	}
	return m, err
}

// readRecords gives each record of dir to each, in file order, checking
// them against the plan of m where there is one, and adds the reader's
// warnings and the plan check's.
func readRecords(dir string, m *record.Manifest, warnings *[]string, each func(*record.Record) error) error {
	path, err := record.ResultsPath(dir)
	if err != nil {
		return fmt.Errorf("%s: %w (is this a result directory?)", dir, err)
	}
	var check *record.PlanCheck
	if m != nil {
		check = record.NewPlanCheck(m)
	}
	w, err := record.Read(path, func(r *record.Record) error {
		if check != nil {
			check.Check(r)
		}
		return each(r)
	})
	*warnings = append(*warnings, w...)
	if err != nil {
		return err
	}
	if check != nil && check.Strays() > 0 {
		*warnings = append(*warnings, fmt.Sprintf("%s: %s; the manifest was edited or records of another run were added, and what it says of them (plan coverage, shards) does not hold",
			dir, check.Disagreement()))
	}
	return nil
}

// corpusContradictions warns of runs whose verified answers contradict
// what their corpus lists of the puzzle (record.CorpusContradiction): the
// corpus, not the solver, is then in doubt.
func (d *Data) corpusContradictions() []string {
	var first record.Record
	runs, puzzles := 0, make(map[string]bool)
	for r := range d.Runs.All() {
		if r.CorpusContradiction == "" {
			continue
		}
		if runs == 0 {
			first = *r
		}
		runs++
		puzzles[r.PuzzleID] = true
	}
	if runs == 0 {
		return nil
	}
	return []string{fmt.Sprintf("%d run(s) on %d puzzle(s) contradict what their corpus lists of the puzzle (each record's corpus_contradiction says how); first, %s by %s: %s",
		runs, len(puzzles), first.PuzzleID, first.Solver, first.CorpusContradiction)}
}

// samePlan refuses a manifest whose plan differs from those loaded before.
func (d *Data) samePlan(dir string, m *record.Manifest) error {
	for _, prev := range d.Sources {
		if prev.Manifest != nil && !reflect.DeepEqual(prev.Manifest.Plan, m.Plan) {
			return fmt.Errorf("%s and %s hold different plans, and one report would mix their puzzles, limits and modes:\n  %s: %s\n  %s: %s\n"+
				"report them one at a time, or compare them: sudokubench compare %s -- %s",
				prev.Dir, dir, prev.Dir, planSummary(prev.Manifest.Plan), dir, planSummary(m.Plan), prev.Dir, dir)
		}
	}
	return nil
}

// planSummary describes a plan in one line.
func planSummary(pl record.Plan) string {
	return fmt.Sprintf("%s; solvers %s; corpora %s; %d runs", planLine(pl),
		strings.Join(pl.Solvers, ","), strings.Join(pl.Corpora, ","), pl.Runs)
}

// planLine gives a plan's mode, repetitions, seed and limits.
func planLine(pl record.Plan) string {
	line := fmt.Sprintf("mode %s, %d rep(s), seed %d, limit %s, memory %s",
		pl.Mode, pl.Reps, pl.Seed, table.FormatDuration(float64(pl.TimeoutNS)), record.FormatBytes(float64(pl.MemBytes)))
	if pl.Forms > 0 {
		line += fmt.Sprintf(", %d equivalent form(s) per puzzle", pl.Forms)
	}
	return line
}

// duplicates tracks run keys across directories and counts the repeats.
// It holds no key: a compact set (record.KeySet) of the kept records'
// keys, read back from the records where two hashes match.
type duplicates struct {
	d      *Data
	keys   *record.KeySet
	starts []int             // the index of each source's first run in d.Runs
	dir    int               // the source being read
	count  map[[2]string]int // (directory, first directory) → repeats
	order  [][2]string
}

func (d *Data) newDuplicates() *duplicates {
	dups := &duplicates{d: d}
	dups.keys = record.NewKeySet(0, func(ref uint32) (string, error) {
		r := d.Runs.At(int(ref))
		return r.Key(), nil
	})
	return dups
}

// from says that the records read next are source dir's, the first of
// them kept at index start.
func (d *duplicates) from(dir, start int) {
	d.dir = dir
	d.starts = append(d.starts, start)
}

// seen records key, to be kept at index next, and reports whether it is
// new.
func (d *duplicates) seen(key string, next int) (bool, error) {
	ref, dup, err := d.keys.Add(key, uint32(next))
	if err != nil || !dup {
		return !dup, err
	}
	first := d.d.Sources[d.sourceOf(int(ref))].Dir
	if d.count == nil {
		d.count = make(map[[2]string]int)
	}
	pair := [2]string{d.d.Sources[d.dir].Dir, first}
	if d.count[pair] == 0 {
		d.order = append(d.order, pair)
	}
	d.count[pair]++
	return false, nil
}

// sourceOf is the source whose records hold index i.
func (d *duplicates) sourceOf(i int) int {
	s := len(d.starts) - 1
	for s > 0 && d.starts[s] > i {
		s--
	}
	return s
}

// warnings summarises every repeat in one line.
func (d *duplicates) warnings() []string {
	if len(d.order) == 0 {
		return nil
	}
	total := 0
	var parts []string
	for _, pair := range d.order {
		n := d.count[pair]
		total += n
		where := pair[0]
		if pair[0] != pair[1] {
			where += " (first read from " + pair[1] + ")"
		}
		parts = append(parts, fmt.Sprintf("%d in %s", n, where))
	}
	return []string{fmt.Sprintf("%d run(s) recorded more than once (same solver, puzzle, mode, seed and repetition); the first copy of each is kept: %s",
		total, strings.Join(parts, ", "))}
}

// LimitNS returns the wall-clock limit the plan states, or failing that
// the largest limit a record carries (0 when none is known). PAR-2 charges
// each run its own limit and falls back on this one for records that do
// not carry theirs.
func (d *Data) LimitNS() int64 {
	var limit int64
	for _, m := range d.Manifests() {
		limit = max(limit, m.Plan.TimeoutNS)
	}
	if limit > 0 {
		return limit
	}
	for _, k := range d.Runs.kinds {
		limit = max(limit, k.timeoutNS)
	}
	return limit
}
