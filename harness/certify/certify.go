// Package certify certifies a corpus's claims about its puzzles: for each
// puzzle, a solution verified against the rules and the givens, and a
// DRAT proof, written by a SAT pipeline and checked by the suite's own
// checker, that there is no other; or a checked proof that there is no
// solution at all; or two different verified solutions. It writes one
// certificate line per puzzle and a summary, in a directory of their own
// (no run's results.jsonl or manifest.json is ever touched), in corpus
// order whatever the number of workers, and resumes where a call left
// off.
//
// The package's opinion: a certificate is evidence anyone can check. The
// formula a proof must refute is built from the puzzle and the verified
// solution (cnf.Refutation), never taken from the solver; the proof's
// SHA-256 names the proof that was checked.
package certify

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/outfile"
	"github.com/sudokubench/sudokubench/harness/provenance"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/store"
	"github.com/sudokubench/sudokubench/harness/verify"
	"github.com/sudokubench/sudokubench/internal/progress"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/sudoku"
)

// DefaultTimeout is how long the pipeline may take on one puzzle.
const DefaultTimeout = time.Minute

// Config is one certification.
type Config struct {
	Corpus     string // as corpora.Lookup reads it
	CorporaDir string // "" looks it up as corpora.FindDir does
	Limit      int    // the corpus's first puzzles; 0: all
	// SkipInvalid skips the corpus's malformed lines, each a warning,
	// instead of refusing it (corpora.Options.SkipInvalid).
	SkipInvalid bool
	Out         string // the directory for certificates and summary
	// Resume goes on with the certificates already in Out, which must be
	// of the same corpus, limit and pipeline.
	Resume bool
	// Solver is a pipeline that writes DRAT proofs (Info.Proofs).
	Solver solvers.Info
	// Oracle finds a second solution of a puzzle the pipeline calls
	// multiple, and completes derived corpora; may be nil.
	Oracle  corpora.Oracle
	Workers int           // certifications side by side; 0: one per CPU
	Timeout time.Duration // the pipeline's limit per puzzle; 0: DefaultTimeout
	// KeepProofs keeps each checked proof in Out/proofs.
	KeepProofs bool
	// Command is the command line, recorded in the summary.
	Command  string
	Progress progress.Meter // nil: nothing shown
	Warn     func(string)
}

// Result says what a call did.
type Result struct {
	Summary     *Summary
	Skipped     int // puzzles already certified before this call
	Written     int // certificates written by this call
	Interrupted bool
}

// Run certifies the puzzles of cfg.Corpus not yet certified in cfg.Out,
// holding Out's writer lock throughout. When ctx is cancelled it keeps
// the certificates written, rewrites the summary, and returns with
// Interrupted set.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	puzzles, sha, err := cfg.load()
	if err != nil {
		return nil, err
	}
	// The solver is looked for once the input has been read, so that a bad
	// corpus is said as such on a machine without the solver too.
	if err := cfg.Solver.Check(); err != nil {
		return nil, err
	}
	lock, err := store.LockDir(cfg.Out, "certify")
	if err != nil {
		return nil, err
	}
	defer lock.Release()
	sum, done, err := cfg.prepare(sha)
	if err != nil {
		return nil, err
	}
	total := len(puzzles)
	pending := slices.DeleteFunc(puzzles, func(p corpora.Puzzle) bool { return done[p.ID] })
	res := &Result{Summary: sum, Skipped: total - len(pending)}
	call := Call{Started: time.Now().UTC(), Workers: cfg.workers(), Command: cfg.Command, Build: provenance.Build()}
	call.Host, _ = os.Hostname()
	res.Written, err = cfg.certifyAll(ctx, pending, res.Skipped)
	call.WallNS, call.Certificates = int64(time.Since(call.Started)), res.Written
	res.Interrupted = ctx.Err() != nil
	call.Interrupted = res.Interrupted
	if err != nil {
		return res, err
	}
	return res, cfg.finish(sum, call)
}

func (cfg *Config) check() error {
	switch {
	case cfg.Corpus == "":
		return errors.New("no corpus given")
	case cfg.Out == "":
		return errors.New("no directory for the certificates given")
	case cfg.Solver.Proofs == nil:
		return fmt.Errorf("solver %s writes no DRAT proofs; certify with one that does (sat/cadical/*)", cfg.Solver.Name)
	case cfg.Limit < 0:
		return fmt.Errorf("limit %d: want 0 (all) or more", cfg.Limit)
	case holdsBenchmark(cfg.Out):
		return outfile.Refused(fmt.Errorf("%s holds a benchmark run: certify into a directory of its own", cfg.Out))
	}
	return store.CheckOutDir(cfg.Out, "certify")
}

// holdsBenchmark reports whether dir holds a benchmark run's records or
// manifest, which a certification must never write beside (its own
// directory holds a writer lock too, so record.HoldsRun cannot tell).
func holdsBenchmark(dir string) bool {
	if _, err := os.Stat(filepath.Join(dir, record.ManifestFile)); err == nil {
		return true
	}
	_, err := record.ResultsPath(dir)
	return err == nil
}

func (cfg *Config) workers() int {
	if cfg.Workers > 0 {
		return cfg.Workers
	}
	return runtime.NumCPU()
}

func (cfg *Config) timeout() time.Duration {
	if cfg.Timeout > 0 {
		return cfg.Timeout
	}
	return DefaultTimeout
}

func (cfg *Config) warn(w string) {
	if w != "" && cfg.Warn != nil {
		cfg.Warn(w)
	}
}

// load reads the puzzles to certify and the corpus file's SHA-256.
func (cfg *Config) load() ([]corpora.Puzzle, string, error) {
	dir, err := corpora.FindDir(cfg.CorporaDir)
	if err != nil {
		return nil, "", err
	}
	e, err := corpora.Lookup(cfg.Corpus)
	if err != nil {
		return nil, "", err
	}
	if e.Derived() {
		if e, err = corpora.Lookup(e.Base); err != nil {
			return nil, "", err
		}
	}
	sum, err := corpora.Verify(dir, e)
	if err != nil {
		return nil, "", err
	}
	cfg.warn(sum.Warning())
	var puzzles []corpora.Puzzle
	opts := corpora.Options{SkipInvalid: cfg.SkipInvalid, Limit: cfg.Limit, Oracle: cfg.Oracle}
	st, err := corpora.Load(dir, cfg.Corpus, opts, func(p corpora.Puzzle) error {
		puzzles = append(puzzles, p)
		return nil
	})
	for _, w := range st.Skipped("corpus " + cfg.Corpus) {
		cfg.warn(w)
	}
	if err != nil {
		return nil, "", fmt.Errorf("loading corpus %s: %w", cfg.Corpus, err)
	}
	return puzzles, sum.Got, nil
}

// prepare readies Out: a fresh directory gets a summary; a resumed one
// must hold a summary of the same certification, and gives the ids
// already certified, its torn last line dropped.
func (cfg *Config) prepare(corpusSHA string) (*Summary, map[string]bool, error) {
	now := &Summary{
		Suite: "sudokubench certify", Corpus: cfg.Corpus, CorpusSHA: corpusSHA, Limit: cfg.Limit,
		Solver: cfg.Solver.Name, Encoding: cfg.Solver.Proofs.Encoding.String(),
		Checker: "sudokubench drat: backward, core first, RUP and RAT",
	}
	if cfg.Solver.Version != nil {
		now.SolverVersion = cfg.Solver.Version()
	}
	if src := cfg.Solver.Source; src != nil {
		now.SolverDefinition, now.SolverDefinitionSHA = src.File, src.SHA256
	}
	sumPath, certPath := filepath.Join(cfg.Out, SummaryFile), filepath.Join(cfg.Out, CertificatesFile)
	old, err := ReadSummary(sumPath)
	switch {
	case err == nil && !cfg.Resume:
		return nil, nil, fmt.Errorf("%s already holds certificates of %s; pass --resume to finish them or choose another --out", cfg.Out, old.Corpus)
	case err == nil:
		if err := sameCertification(old, now); err != nil {
			return nil, nil, fmt.Errorf("cannot resume %s: %w", cfg.Out, err)
		}
		if err := store.TrimPartialLine(certPath); err != nil {
			return nil, nil, err
		}
		certs, err := ReadCertificates(certPath)
		done := make(map[string]bool, len(certs))
		for _, c := range certs {
			done[c.ID] = true
		}
		old.SolverVersion = now.SolverVersion
		old.SolverDefinition, old.SolverDefinitionSHA = now.SolverDefinition, now.SolverDefinitionSHA
		return old, done, err
	case !errors.Is(err, os.ErrNotExist):
		return nil, nil, err
	}
	if fi, err := os.Stat(certPath); err == nil && fi.Size() > 0 {
		return nil, nil, fmt.Errorf("%s holds certificates but no %s; choose another --out", cfg.Out, SummaryFile)
	}
	return now, map[string]bool{}, writeSummary(sumPath, now)
}

// sameCertification says how a recorded certification differs from the
// one asked for.
func sameCertification(old, now *Summary) error {
	var diff []string
	if old.Corpus != now.Corpus {
		diff = append(diff, fmt.Sprintf("corpus %s ≠ %s", old.Corpus, now.Corpus))
	}
	if old.CorpusSHA != now.CorpusSHA {
		diff = append(diff, fmt.Sprintf("corpus file SHA-256 %s ≠ %s", old.CorpusSHA, now.CorpusSHA))
	}
	if old.Limit != now.Limit {
		diff = append(diff, fmt.Sprintf("limit %d ≠ %d", old.Limit, now.Limit))
	}
	if old.Solver != now.Solver {
		diff = append(diff, fmt.Sprintf("solver %s ≠ %s", old.Solver, now.Solver))
	}
	if old.SolverDefinitionSHA != "" && old.SolverDefinitionSHA != now.SolverDefinitionSHA {
		diff = append(diff, fmt.Sprintf("the definition of %s, %s, has SHA-256 %s, not the recorded %s", now.Solver, now.SolverDefinition, now.SolverDefinitionSHA, old.SolverDefinitionSHA))
	}
	if len(diff) > 0 {
		return fmt.Errorf("it differs from the recorded certification: %s", strings.Join(diff, "; "))
	}
	return nil
}

// finish records the call, unless it found nothing to do, and rewrites
// the summary from every certificate.
func (cfg *Config) finish(sum *Summary, call Call) error {
	certs, err := ReadCertificates(filepath.Join(cfg.Out, CertificatesFile))
	if err != nil {
		return err
	}
	if call.Certificates > 0 || call.Interrupted {
		sum.Calls = append(sum.Calls, call)
	}
	sum.tally(certs)
	return writeSummary(filepath.Join(cfg.Out, SummaryFile), sum)
}

// certifyAll certifies the pending puzzles with the workers and appends
// their certificates in the puzzles' order; it returns how many it wrote.
// done is how many were certified before, for the progress.
func (cfg *Config) certifyAll(ctx context.Context, pending []corpora.Puzzle, done int) (int, error) {
	prog := cfg.Progress
	if prog == nil {
		prog = progress.Discard
	}
	prog.Start("puzzles", len(pending)+done, done)
	defer prog.Stop()
	out, err := record.OpenInPlace(filepath.Join(cfg.Out, CertificatesFile), os.O_CREATE|os.O_WRONLY|os.O_APPEND)
	if err != nil {
		return 0, err
	}
	w := newOrderedWriter(out, prog, done)
	err = cfg.runWorkers(ctx, pending, w.put)
	if closeErr := w.close(); err == nil {
		err = closeErr
	}
	return w.written, err
}

// runWorkers hands the puzzles, by index, to the workers, each with a
// solver and a proof directory of its own, and passes every finished
// certificate to put. It stops handing out puzzles when ctx is done;
// certificates cut short by ctx are dropped.
func (cfg *Config) runWorkers(ctx context.Context, pending []corpora.Puzzle, put func(int, Certificate) error) error {
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	fail := func(err error) {
		mu.Lock()
		defer mu.Unlock()
		if firstErr == nil {
			firstErr = err
		}
	}
	for range min(cfg.workers(), max(len(pending), 1)) {
		wg.Go(func() {
			w, err := cfg.newWorker()
			if err != nil {
				fail(err)
				for range jobs {
				}
				return
			}
			defer w.close()
			for i := range jobs {
				c, err := w.certify(ctx, pending[i])
				if ctx.Err() != nil {
					continue
				}
				if err == nil {
					err = put(i, c)
				}
				if err != nil {
					fail(err)
				}
			}
		})
	}
	for i := range pending {
		if ctx.Err() != nil {
			break
		}
		mu.Lock()
		stop := firstErr != nil
		mu.Unlock()
		if stop {
			break
		}
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return firstErr
}

// worker certifies puzzles one at a time with its own solver.
type worker struct {
	cfg      *Config
	solver   solvers.Solver
	dir      string
	proof    string
	keepDir  string
	removeIt func()
}

func (cfg *Config) newWorker() (*worker, error) {
	dir, err := os.MkdirTemp("", "sudokubench-certify-")
	if err != nil {
		return nil, fmt.Errorf("a directory for proofs: %w", err)
	}
	w := &worker{cfg: cfg, solver: cfg.Solver.New(), dir: dir, proof: filepath.Join(dir, "proof.drat"), removeIt: func() { os.RemoveAll(dir) }}
	if cfg.KeepProofs {
		w.keepDir = filepath.Join(cfg.Out, ProofsDir)
		if err := os.MkdirAll(w.keepDir, 0o755); err != nil {
			w.close()
			return nil, err
		}
	}
	return w, nil
}

func (w *worker) close() { w.removeIt() }

// certify makes one puzzle's certificate. The error is for failures of
// the machinery (a proof that cannot be kept); what the puzzle's evidence
// lacks goes in the certificate's Detail.
func (w *worker) certify(ctx context.Context, pz corpora.Puzzle) (Certificate, error) {
	g := pz.Grid
	c := Certificate{ID: pz.ID, PuzzleSHA: g.SHA256(), Puzzle: g.String(), CorpusSolutions: pz.Solutions, Verdict: Unknown}
	os.Remove(w.proof)
	if err := g.Validate(); err != nil {
		// Givens that break the rules: no solution, which unit propagation
		// shows on the formula alone (an empty proof).
		c.Verdict, c.Detail = Unsat, "the givens break the rules: "+err.Error()
		w.checkProof(ctx, &c, g, nil)
		return c, nil
	}
	sctx, cancel := context.WithTimeout(ctx, w.cfg.timeout())
	start := time.Now()
	res, err := w.solver.Solve(sctx, solvers.Request{Puzzle: g, Mode: solvers.Unique, ProofPath: w.proof})
	c.SolveNS = int64(time.Since(start))
	cancel()
	switch {
	case err != nil:
		c.Detail = "the pipeline failed: " + err.Error()
	case sctx.Err() != nil && res.Status != solvers.Solved && res.Status != solvers.Unsat && res.Status != solvers.Multiple:
		c.Detail = fmt.Sprintf("the pipeline settled nothing within %s", w.cfg.timeout())
	case res.Status == solvers.Unsat:
		c.Verdict = Unsat
		w.checkProof(ctx, &c, g, nil)
	case res.Status == solvers.Solved:
		c.Verdict = Unique
		if w.verified(&c, g, res.Solution) {
			w.checkProof(ctx, &c, g, res.Solution)
		}
	case res.Status == solvers.Multiple:
		c.Verdict = Multiple
		if w.verified(&c, g, res.Solution) {
			w.secondSolution(&c, pz, res.Solution)
		}
	default:
		c.Detail = fmt.Sprintf("the pipeline answered %s: %s", res.Status, res.Detail)
	}
	return c, w.keep(c)
}

// verified checks a solution against the rules and the givens and records
// it; a solution that fails leaves the certificate uncertified.
func (w *worker) verified(c *Certificate, puzzle, solution *sudoku.Grid) bool {
	if solution == nil {
		c.Detail = "the pipeline returned no solution"
		return false
	}
	c.Solution = solution.String()
	if err := sudoku.CheckSolution(puzzle, solution); err != nil {
		c.Detail = "the solution fails verification: " + err.Error()
		return false
	}
	return true
}

// checkProof checks the proof the pipeline wrote for the verdict and
// records it in the certificate.
func (w *worker) checkProof(ctx context.Context, c *Certificate, puzzle, solution *sudoku.Grid) {
	cctx, cancel := context.WithTimeout(ctx, verify.ProofCheckLimit(w.cfg.timeout()))
	defer cancel()
	pc, err := verify.CheckProof(cctx, *w.cfg.Solver.Proofs, puzzle, solution, w.proof)
	c.ProofBytes, c.ProofLemmas, c.ProofChecked, c.CheckNS = pc.Bytes, pc.Lemmas, pc.Result.Checked, int64(pc.Time)
	if b, readErr := os.ReadFile(w.proof); readErr == nil {
		sum := sha256.Sum256(b)
		c.ProofSHA = hex.EncodeToString(sum[:])
	} else {
		sum := sha256.Sum256(nil)
		c.ProofSHA = hex.EncodeToString(sum[:]) // no file: the empty proof
	}
	if err != nil {
		c.Detail = joinDetail(c.Detail, "the proof does not check: "+err.Error())
		return
	}
	c.Certified = true
}

// secondSolutionTries is how many random completions the oracle draws
// looking for one other than the pipeline's.
const secondSolutionTries = 64

// secondSolution certifies a multiple verdict by a second, different,
// verified solution that the oracle finds.
func (w *worker) secondSolution(c *Certificate, pz corpora.Puzzle, first *sudoku.Grid) {
	if w.cfg.Oracle == nil {
		c.Detail = "no oracle to find a second solution"
		return
	}
	rng := rand.New(rand.NewPCG(uint64(pz.Line), 0x5ec0_4d))
	for range secondSolutionTries {
		sol, ok := w.cfg.Oracle.RandomSolution(pz.Grid, rng)
		if !ok {
			break
		}
		if !sol.Equal(first) && sudoku.CheckSolution(pz.Grid, sol) == nil {
			c.Second, c.Certified = sol.String(), true
			return
		}
	}
	c.Detail = fmt.Sprintf("no second solution found in %d tries", secondSolutionTries)
}

// keep copies a certified proof into Out/proofs when asked to.
func (w *worker) keep(c Certificate) error {
	if w.keepDir == "" || c.ProofSHA == "" {
		return nil
	}
	b, err := os.ReadFile(w.proof)
	if errors.Is(err, os.ErrNotExist) {
		b, err = nil, nil
	}
	if err != nil {
		return err
	}
	return outfile.WriteBytes(filepath.Join(w.keepDir, proofFileName(c.ID)), b)
}

// proofFileName is the name under which a puzzle's proof is kept: its id
// with every character but letters, digits, '.', '+' and '-' made '-'
// ("17-clue:12" is 17-clue-12.drat).
func proofFileName(id string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '+', r == '-':
			return r
		}
		return '-'
	}, id) + ".drat"
}

func joinDetail(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}
