// Package reproduce rebuilds the benchmarks of the suite's source articles
// under the harness, so that a published table can be set beside numbers
// measured the suite's way: the same isolation, limits and verification as
// any run, results in a resumable directory, and the published figures
// printed next to ours with their ratio.
//
// The comparison is the first article's table: five algorithms on 1,000
// unique puzzles, 250 per difficulty level, with average and hardest time,
// memory and accuracy. The article's levels are bands of givens; here each
// is one derived corpus (17-clue+a..b) whose puzzles spread over the band,
// drawn with a seed. Every other family the suite has can join as an extra
// row.
//
// The package's opinion: the article's figures are quoted, never
// reproduced by fitting anything to them; a row whose pipeline is not
// built says so; a statistic computed differently from the article's is
// labelled, not silently matched.
package reproduce

import (
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/solvers"
)

// Level is one difficulty level of the article: a band of givens and the
// derived corpus that spans it.
type Level struct {
	Name   string
	Lo, Hi int // givens, inclusive
	Corpus string
}

// Levels are the article's difficulty levels, easiest first: 17-clue
// puzzles with 0 to 28 cells of their solution added.
var Levels = []Level{
	{Name: "easy", Lo: 36, Hi: 45, Corpus: "17-clue+19..28"},
	{Name: "medium", Lo: 30, Hi: 35, Corpus: "17-clue+13..18"},
	{Name: "hard", Lo: 25, Hi: 29, Corpus: "17-clue+8..12"},
	{Name: "expert", Lo: 17, Hi: 24, Corpus: "17-clue+0..7"},
}

// Label names a level with its givens: "easy (36-45)".
func (l Level) Label() string { return fmt.Sprintf("%s (%d-%d)", l.Name, l.Lo, l.Hi) }

// Published is a row of the article's table, each figure as the article
// prints it ("185.6", "12,450", "timeout", "87.5%"), so that the table
// quotes it exactly; "" where the article gives none.
type Published struct {
	AvgMS, HardestMS, MemoryMB string
	// Accuracy is the share of puzzles solved. CellAccuracy is a share of
	// cells right, givens included: what the article's CNN "accuracy"
	// almost certainly is (Keras's accuracy of a per-cell softmax).
	Accuracy, CellAccuracy string
}

// number reads a published figure: "1,240.5" is 1240.5, "87.5%" is
// 0.875; NaN for "timeout" or none.
func number(s string) float64 {
	pct := strings.HasSuffix(s, "%")
	v, err := strconv.ParseFloat(strings.ReplaceAll(strings.TrimSuffix(s, "%"), ",", ""), 64)
	switch {
	case err != nil:
		return math.NaN()
	case pct:
		return v / 100
	}
	return v
}

// PublishedSetup is where the article's figures were measured.
const PublishedSetup = "Python 3.11 on an i9-13900K"

// Row is one row of the comparison: an algorithm, the pipelines that may
// stand for it (the first one registered wins; an entry ending in "/"
// takes the first registered pipeline with that prefix), and the article's
// figures when the article has the row.
type Row struct {
	Algorithm string
	Pipelines []string
	Published *Published
}

// ArticleRows are the article's five rows, its figures as it prints them.
// The CNN's "accuracy" of 94.8% is set beside our share of cells right,
// not of puzzles solved: the article gives no share of whole puzzles for
// it.
var ArticleRows = []Row{
	{Algorithm: "basic backtracking", Pipelines: []string{"backtrack/naive"},
		Published: &Published{AvgMS: "185.6", HardestMS: "12,450", MemoryMB: "8.2", Accuracy: "100%"}},
	{Algorithm: "constraint propagation", Pipelines: []string{"propagate/norvig"},
		Published: &Published{AvgMS: "23.8", HardestMS: "1,280", MemoryMB: "12.5", Accuracy: "100%"}},
	{Algorithm: "dancing links", Pipelines: []string{"exactcover/dlx"},
		Published: &Published{AvgMS: "9.7", HardestMS: "95", MemoryMB: "6.8", Accuracy: "100%"}},
	{Algorithm: "genetic algorithm", Pipelines: []string{"genetic/seed"},
		Published: &Published{AvgMS: "1,240.5", HardestMS: "timeout", MemoryMB: "45.3", Accuracy: "87.5%"}},
	{Algorithm: "CNN inference", Pipelines: []string{"neural/cnn/oneshot"},
		Published: &Published{AvgMS: "1.2", HardestMS: "1.2", MemoryMB: "220", CellAccuracy: "94.8%"}},
}

// ExtraRows are the suite's other families, beyond the article: the best
// pipeline of each that is present, in order of preference.
var ExtraRows = []Row{
	{Algorithm: "tracked backtracking", Pipelines: []string{"backtrack/tracked"}},
	{Algorithm: "bit-parallel propagation", Pipelines: []string{"propagate/bitboard"}},
	{Algorithm: "memetic genetic algorithm", Pipelines: []string{"genetic/strong"}},
	{Algorithm: "SAT", Pipelines: []string{"sat/gophersat/extended-propagated", "sat/minisat/extended", "sat/"}},
	{Algorithm: "0/1 MILP", Pipelines: []string{"milp/cbc", "milp/gophersat-pb", "milp/"}},
	{Algorithm: "QUBO annealing", Pipelines: []string{"qubo/swap/propagated", "qubo/sa/propagated", "qubo/"}},
	{Algorithm: "recurrent relational network, iterative", Pipelines: []string{"neural/rrn/iterative", "neural/rrn/"}},
	{Algorithm: "graph convolutional network, iterative", Pipelines: []string{"neural/gcn/iterative", "neural/gcn/"}},
	{Algorithm: "network-guided search", Pipelines: []string{"neural/rrn/search"}},
}

// Entry is a row resolved against a registry: the pipeline that stands for
// it, or why none can run.
type Entry struct {
	Row
	Solver  string // the pipeline; "" when none is registered
	Missing string // "not built", or why the pipeline cannot run here
}

// Select resolves a selection of rows: "article" (the default), "extra",
// "all" (both), or pipeline names, comma-separated. A pipeline name that
// stands for a row takes that row's name and figures; any other registered
// pipeline is a row of its own. A pipeline appears once.
func Select(reg *solvers.Registry, selection string) ([]Entry, error) {
	if strings.TrimSpace(selection) == "" {
		selection = "article"
	}
	var rows []Row
	for _, item := range strings.Split(selection, ",") {
		switch item = strings.TrimSpace(item); item {
		case "article":
			rows = append(rows, ArticleRows...)
		case "extra":
			rows = append(rows, ExtraRows...)
		case "all":
			rows = append(append(rows, ArticleRows...), ExtraRows...)
		default:
			row, err := rowOf(reg, item)
			if err != nil {
				return nil, err
			}
			rows = append(rows, row)
		}
	}
	var entries []Entry
	for _, row := range rows {
		if e := resolve(reg, row); !slices.ContainsFunc(entries, e.same) {
			entries = append(entries, e)
		}
	}
	return entries, nil
}

// same reports whether two entries are one row: the same pipeline, or the
// same algorithm with none.
func (e Entry) same(o Entry) bool {
	if e.Solver != "" || o.Solver != "" {
		return e.Solver == o.Solver
	}
	return e.Algorithm == o.Algorithm
}

// rowOf returns the row a pipeline name stands for: the row whose
// pipelines name it, or a row of its own if it is registered.
func rowOf(reg *solvers.Registry, name string) (Row, error) {
	if row, ok := knownRow(name); ok {
		return row, nil
	}
	if _, err := reg.Lookup(name); err != nil {
		return Row{}, fmt.Errorf("--solvers: %q is neither article, extra, all nor a pipeline: %w", name, err)
	}
	return Row{Algorithm: name, Pipelines: []string{name}}, nil
}

// knownRow returns the article's or an extra row that names a pipeline
// exactly, with that pipeline alone.
func knownRow(name string) (Row, bool) {
	for _, row := range slices.Concat(ArticleRows, ExtraRows) {
		if slices.Contains(row.Pipelines, name) {
			return Row{Algorithm: row.Algorithm, Pipelines: []string{name}, Published: row.Published}, true
		}
	}
	return Row{}, false
}

// matches reports whether a row's pipeline pattern (a name, or a prefix
// ending in "/") covers a pipeline name.
func matches(pattern, name string) bool {
	return name == pattern || strings.HasSuffix(pattern, "/") && strings.HasPrefix(name, pattern)
}

// resolve finds the first pipeline of a row that is registered and can
// run here.
func resolve(reg *solvers.Registry, row Row) Entry {
	e := Entry{Row: row, Missing: "not built"}
	for _, p := range row.Pipelines {
		for _, name := range reg.Names() {
			if !matches(p, name) {
				continue
			}
			in, _ := reg.Lookup(name)
			if err := in.Check(); err != nil {
				if e.Missing == "not built" {
					e.Missing = fmt.Sprintf("%s cannot run here: %v", name, err)
				}
				continue
			}
			e.Solver, e.Missing = name, ""
			return e
		}
	}
	return e
}

// Recorded returns the rows of a finished comparison, from its manifest
// alone: the article's rows, then the extra rows if the run had any of
// them, each with the pipeline the run used for it (or "not built" when
// this program has none, "not in these results" when the run left it
// out), then a row for every other pipeline the run used.
func Recorded(dir string, reg *solvers.Registry) ([]Entry, error) {
	m, err := record.ReadManifest(filepath.Join(dir, record.ManifestFile))
	if err != nil {
		return nil, fmt.Errorf("reading the comparison in %s: %w", dir, err)
	}
	if !slices.Equal(m.Plan.Corpora, levelCorpora()) {
		return nil, fmt.Errorf("%s holds a benchmark of %s, not the comparison's levels (%s): run `reproduce comparison --out` on a directory of its own",
			dir, strings.Join(m.Plan.Corpora, ", "), strings.Join(levelCorpora(), ", "))
	}
	ran := m.Plan.Solvers
	rows := ArticleRows
	if slices.ContainsFunc(ExtraRows, func(r Row) bool { return firstRan(r, ran) != "" }) {
		rows = slices.Concat(ArticleRows, ExtraRows)
	}
	used := make(map[string]bool)
	var entries []Entry
	for _, row := range rows {
		e := Entry{Row: row, Solver: firstRan(row, ran)}
		switch {
		case e.Solver != "":
			used[e.Solver] = true
		case resolve(reg, row).Missing == "not built":
			e.Missing = "not built"
		default:
			e.Missing = "not in these results"
		}
		entries = append(entries, e)
	}
	for _, name := range ran {
		if !used[name] {
			entries = append(entries, Entry{Row: Row{Algorithm: name, Pipelines: []string{name}}, Solver: name})
		}
	}
	return entries, nil
}

// firstRan returns the first of ran that a row's pipelines cover, in the
// row's order of preference.
func firstRan(row Row, ran []string) string {
	for _, p := range row.Pipelines {
		for _, name := range ran {
			if matches(p, name) {
				return name
			}
		}
	}
	return ""
}

// levelCorpora returns the levels' corpora, in order.
func levelCorpora() []string {
	var names []string
	for _, l := range Levels {
		names = append(names, l.Corpus)
	}
	return names
}
