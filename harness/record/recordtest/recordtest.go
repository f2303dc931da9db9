// Package recordtest writes synthetic runs for the tests and benchmarks
// of what reads records (merge, the report, export-records): plausible
// records of several solvers, corpora and puzzles, with a manifest that
// states their plan, at any size. Records are made one at a time and
// streamed to the file, so that writing ten million of them holds one.
// The values are drawn with a seed: the same Spec writes the same bytes.
package recordtest

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/sudoku"
)

// Spec says what to write.
type Spec struct {
	// Runs is the number of runs in the whole plan: the puzzles of the
	// corpora in turn, each by every solver in every repetition, the last
	// puzzle by as many as fit.
	Runs    int
	Solvers []string // default DefaultSolvers
	Corpora []string // default DefaultCorpora
	Reps    int      // default 1
	Seed    int64    // the plan's seed, and the draws of the values
	// Shard writes only the runs that this piece of the plan keeps, and
	// says so in the manifest; the zero value writes the whole plan.
	Shard record.Shard
	// Compressed writes results.jsonl.gz, as committed runs keep them.
	Compressed bool
}

// Solvers whose records Write makes by default: fast and slow, exact and
// stochastic (anneal: its runs are reads, some give up), in process and
// outside (minisat).
var DefaultSolvers = []string{"propagate/bitboard", "exactcover/dlx", "sat/minisat/extended", "qubo/anneal/eliminated", "backtrack"}

// DefaultCorpora are the corpora Write draws puzzle ids from by default.
var DefaultCorpora = []string{"17-clue", "top1465"}

// Timeout is the per-run limit the synthetic plan states.
const Timeout = 10 * time.Second

// Write writes the runs of s to dir, made if needed: manifest.json and
// results.jsonl (or results.jsonl.gz). It returns the manifest and the
// number of records written.
func Write(dir string, s Spec) (*record.Manifest, int, error) {
	s = s.withDefaults()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, 0, err
	}
	m := s.manifest()
	if err := record.WriteManifest(filepath.Join(dir, record.ManifestFile), m); err != nil {
		return nil, 0, err
	}
	name := record.ResultsFile
	if s.Compressed {
		name = record.CompressedResultsFile
	}
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		return nil, 0, err
	}
	n, err := s.writeRecords(f)
	if closeErr := f.Close(); err == nil {
		err = closeErr
	}
	return m, n, err
}

// MustWrite is Write for a test or benchmark, which fails on its error.
func MustWrite(tb testing.TB, dir string, s Spec) (*record.Manifest, int) {
	tb.Helper()
	m, n, err := Write(dir, s)
	if err != nil {
		tb.Fatal(err)
	}
	return m, n
}

func (s Spec) withDefaults() Spec {
	if s.Solvers == nil {
		s.Solvers = DefaultSolvers
	}
	if s.Corpora == nil {
		s.Corpora = DefaultCorpora
	}
	s.Reps = max(s.Reps, 1)
	return s
}

// manifest states the plan of s.
func (s Spec) manifest() *record.Manifest {
	corpora := make(map[string]string)
	for _, c := range s.Corpora {
		corpora[c] = fmt.Sprintf("%064x", fnv64(c))
	}
	return &record.Manifest{
		Suite: "sudokubench", Created: time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC),
		Commit: "synthetic", GoVersion: "go1.26", GOMAXPROCS: 2, CPUModel: "synthetic", Kernel: "6.0", OS: "linux", Arch: "amd64",
		Dependencies: map[string]string{},
		Plan: record.Plan{
			Solvers: s.Solvers, Corpora: s.Corpora, Mode: "unique", Reps: s.Reps, Seed: s.Seed,
			TimeoutNS: int64(Timeout), MemBytes: 2 << 30, Runs: s.Runs,
		},
		Corpora: corpora,
		Shard:   s.Shard.String(),
	}
}

// writeRecords writes the records of the runs the shard keeps to w, in a
// scrambled order, as a run's shuffled plan writes them.
func (s Spec) writeRecords(w io.Writer) (int, error) {
	var zw *gzip.Writer
	if s.Compressed {
		zw = gzip.NewWriter(w)
		w = zw
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	step := coprimeStep(s.Runs)
	written := 0
	for i := range s.Runs {
		r := s.record(int((uint64(i)*step + 7) % uint64(s.Runs)))
		if !s.Shard.Keeps(r.Key()) {
			continue
		}
		b, err := json.Marshal(r)
		if err != nil {
			return written, err
		}
		if _, err := bw.Write(append(b, '\n')); err != nil {
			return written, err
		}
		written++
	}
	err := bw.Flush()
	if zw != nil && err == nil {
		err = zw.Close()
	}
	return written, err
}

// coprimeStep is a step that visits every index below n once: i·step mod n.
func coprimeStep(n int) uint64 {
	step := uint64(2654435761) // Knuth's multiplicative hash constant, a prime
	for n > 1 && gcd(step, uint64(n)) != 1 {
		step += 2
	}
	return step
}

func gcd(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// record makes run i of the plan.
func (s Spec) record(i int) *record.Record {
	solvers := len(s.Solvers)
	solver := s.Solvers[i%solvers]
	rep := i / solvers % s.Reps
	puzzle := i / (solvers * s.Reps)
	corpus := s.Corpora[puzzle%len(s.Corpora)]
	line := puzzle/len(s.Corpora) + 1
	id := fmt.Sprintf("%s:%d", corpus, line)
	rng := rand.New(rand.NewPCG(uint64(s.Seed), fnv64(fmt.Sprintf("%s|%s|%d", solver, id, rep))))
	grid, hints := puzzleLine(s.Seed, id)
	r := &record.Record{
		Schema: 1, Solver: solver, Family: family(solver), Options: options(solver),
		Stochastic: strings.Contains(solver, "anneal"), External: strings.Contains(solver, "minisat"),
		Corpus: corpus, PuzzleID: id, PuzzleSHA: sudoku.LineSHA256(grid, sudoku.Classic), Puzzle: grid,
		Hints: hints, Size: 9, Variant: "classic", Mode: "unique", Seed: s.Seed + int64(rep), Rep: rep,
		TimeoutNS: int64(Timeout), Timing: "cpu-clock",
		Started: time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Millisecond),
		Host:    "synthetic-host", Build: "synthetic",
	}
	if r.Stochastic {
		r.Mode = "first"
	}
	s.measure(r, rng, hints)
	return r
}

// measure draws the run's outcome, times, memory and counters.
func (s Spec) measure(r *record.Record, rng *rand.Rand, hints int) {
	median := map[string]float64{"propagate/bitboard": 3e3, "exactcover/dlx": 2e4, "sat/minisat/extended": 2e6, "qubo/anneal/eliminated": 5e7, "backtrack": 1e6}[r.Solver]
	if median == 0 {
		median = 1e5
	}
	cpu := median * math.Exp(0.9*rng.NormFloat64()+0.05*float64(30-hints))
	r.Status = "solved"
	switch u := rng.Float64(); {
	case r.Stochastic && u < 0.3:
		r.Status, r.Detail = "gave-up", "energy 2 after 1000 sweeps"
	case cpu > float64(Timeout):
		r.Status, r.Detail, cpu = "timeout", "killed at the limit", float64(Timeout)
	case u < 0.002:
		r.Status, r.Detail = "crash", "worker exited: signal: killed"
	}
	r.CPUNS = int64(cpu)
	r.WallNS = int64(cpu * (1 + 0.05*rng.Float64()))
	r.SolveNS = r.WallNS * 9 / 10
	r.EncodeNS = r.WallNS / 20
	r.AllocBytes = uint64(1e4 + cpu*rng.Float64())
	r.BaseRSS = 17 << 20
	own := uint64(1<<20 + rng.IntN(8<<20))
	r.PeakRSS = r.BaseRSS + own
	r.OwnPeak = &own
	if r.External {
		r.ProgramPeakRSS = own * 3
	}
	r.Counters = map[string]float64{"nodes": float64(1 + rng.IntN(5000)), "propagations": float64(rng.IntN(100000))}
	if r.Stochastic {
		reads := float64(1 + rng.IntN(10))
		r.Counters["reads"], r.Counters["updates_attempted"] = reads, reads*1e6
		if r.Solved() {
			r.Counters["reads_solved"] = 1
		}
	}
	if strings.HasPrefix(r.Solver, "sat/") || strings.HasPrefix(r.Solver, "exactcover/") {
		r.Model = map[string]int{"variables": 729, "clauses": 11745 - 40*hints}
	}
}

// puzzleLine is a plausible puzzle for id: a full grid with all but 17 to
// 35 cells blanked, and its hints.
func puzzleLine(seed int64, id string) (string, int) {
	rng := rand.New(rand.NewPCG(uint64(seed), fnv64(id)))
	cells := []byte(sudoku.PatternGrid(3).String())
	hints := 17 + rng.IntN(19)
	for _, i := range rng.Perm(len(cells))[hints:] {
		cells[i] = '.'
	}
	return string(cells), hints
}

func family(solver string) string {
	head, _, _ := strings.Cut(solver, "/")
	return head
}

func options(solver string) map[string]string {
	parts := strings.Split(solver, "/")
	if len(parts) < 2 {
		return nil
	}
	o := map[string]string{"engine": parts[1]}
	if len(parts) > 2 {
		o["encoding"] = parts[2]
	}
	return o
}

func fnv64(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}
