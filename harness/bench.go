package harness

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/harness/provenance"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/runner"
	"github.com/sudokubench/sudokubench/harness/store"
	"github.com/sudokubench/sudokubench/harness/verify"
	"github.com/sudokubench/sudokubench/harness/worker"
	"github.com/sudokubench/sudokubench/internal/progress"
	"github.com/sudokubench/sudokubench/solvers"
)

// The default benchmark: a fixed-seed sample of DefaultLimit puzzles from
// each shipped corpus, every pure-Go solver, unique mode, one repetition.
// With a dozen pipelines it takes about half a minute on two loaded cores.
const (
	DefaultLimit   = 50
	DefaultSeed    = 1
	DefaultTimeout = 10 * time.Second
	DefaultMem     = "2GiB"
	// DefaultResultsDir holds the result directories made for benchmarks
	// given none.
	DefaultResultsDir = "results"
)

// Config is one benchmark: what to run, under which limits, and where the
// results go.
type Config struct {
	// The plan: every shard of one benchmark must agree on these.
	Corpora []string          // corpus names, as corpora.Lookup reads them
	Hints   corpora.HintRange // only puzzles with this many hints
	Limit   int               // first puzzles per corpus; 0: all
	Sample  int               // seeded random puzzles per corpus; 0: all
	Solvers string            // a selection, as solvers.Registry.Select reads it
	Mode    solvers.Mode
	Reps    int
	// Forms is how many random equivalent forms of each puzzle run
	// beside the puzzle itself (FormOf); 0: the puzzle alone.
	Forms    int
	Seed     int64
	Timeout  time.Duration // wall-clock limit per run
	MemBytes uint64        // resident memory limit per run; 0: none
	// Certify asks pipelines that write DRAT proofs for the proof of each
	// unsat or unique verdict, which the parent checks (record.Certified).
	Certify bool

	Shard plan.Shard // the piece of the plan to run here
	// Out is the result directory; "" makes a new one below
	// DefaultResultsDir, named DirName (default "run") and the time
	// (NewResultDir).
	Out     string
	DirName string
	Resume  bool // skip runs already recorded in Out
	// AllowOtherBuild lets a resumed benchmark go on with a build other
	// than the one that recorded it (each record names its build).
	AllowOtherBuild bool

	// SkipInvalid skips the corpora's malformed lines, each a warning,
	// instead of refusing the benchmark (corpora.Options.SkipInvalid).
	SkipInvalid bool

	CorporaDir string            // "" looks it up as corpora.FindDir does
	Registry   *solvers.Registry // the parent's view of the solvers
	Launch     worker.Launcher   // starts workers that know the same solvers
	Oracle     corpora.Oracle    // completes puzzles for derived corpora; may be nil
	// CrossCheck settles every unsat and multiple verdict, untimed, in
	// this process (exactcover/dlx's oracle); nil checks none.
	CrossCheck verify.CrossChecker
	Progress   progress.Meter // nil: nothing shown
	// Warn, when set, hears each warning as it arises (a busy machine is
	// worth knowing before the runs, not after); Summary.Warnings holds
	// them all either way.
	Warn func(string)
}

// MinTimeout is the shortest wall-clock limit a run may have: below it the
// limit measures the worker's round trip, not a solver.
const MinTimeout = time.Millisecond

// MinMem is the smallest memory limit a run may have: an idle worker, its
// Go runtime and code, holds about 18 MiB (docs/measurement.md), and a
// limit under this would make every run a memout.
const MinMem = 64 << 20

// ApplyPlan sets the plan's fields of c from a recorded plan, so that a
// resumed benchmark repeats what its manifest says.
func (c *Config) ApplyPlan(p record.Plan) error {
	hints, err := corpora.ParseHintRange(p.Hints)
	if err != nil {
		return fmt.Errorf("recorded plan: %w", err)
	}
	mode, err := solvers.ParseMode(p.Mode)
	if err != nil {
		return fmt.Errorf("recorded plan: %w", err)
	}
	c.Corpora, c.Hints, c.Limit, c.Sample = slices.Clone(p.Corpora), hints, p.Limit, p.Sample
	c.Solvers, c.Mode, c.Reps, c.Seed = strings.Join(p.Solvers, ","), mode, p.Reps, p.Seed
	c.Timeout, c.MemBytes = time.Duration(p.TimeoutNS), p.MemBytes
	c.Certify, c.Forms = p.Certify, p.Forms
	return nil
}

// plan is the recorded form of c's plan.
func (c *Config) plan(infos []solvers.Info, runs int) record.Plan {
	p := record.Plan{
		Corpora: slices.Clone(c.Corpora), Limit: c.Limit, Sample: c.Sample,
		Mode: string(c.Mode), Reps: c.Reps, Seed: c.Seed,
		TimeoutNS: int64(c.Timeout), MemBytes: c.MemBytes, Runs: runs,
		Certify: c.Certify, Forms: c.Forms,
	}
	if c.Hints != (corpora.HintRange{}) {
		p.Hints = c.Hints.String()
	}
	for _, in := range infos {
		p.Solvers = append(p.Solvers, in.Name)
		if in.Source != nil {
			if p.Definitions == nil {
				p.Definitions = make(map[string]string)
			}
			p.Definitions[in.Name] = in.Source.SHA256
		}
	}
	return p
}

// Check refuses a configuration that cannot be meant: no corpus or solver,
// a limit below its minimum, a bad mode or shard, a corpus listed twice.
// Bench checks it first; a command line can ask before, to tell a mistake
// in its flags from a benchmark that failed.
func (c *Config) Check() error {
	switch {
	case len(c.Corpora) == 0:
		return errors.New("no corpus given")
	case strings.TrimSpace(c.Solvers) == "":
		return errors.New(`no solver given: name solvers, prefixes ("sat/*"), "pure" or "all"`)
	case c.Reps < 1 || c.Reps > plan.MaxReps:
		return fmt.Errorf("repetitions %d: need 1 to %d", c.Reps, plan.MaxReps)
	case c.Forms < 0 || c.Forms > plan.MaxForms:
		return fmt.Errorf("forms %d: need 0 (the puzzles alone) to %d equivalent forms per puzzle", c.Forms, plan.MaxForms)
	case c.Limit < 0 || c.Sample < 0:
		return fmt.Errorf("puzzles per corpus %d: need 0 (all) or more", min(c.Limit, c.Sample))
	case c.Timeout < MinTimeout:
		return fmt.Errorf("timeout %s: need a limit of at least %s", c.Timeout, MinTimeout)
	case c.MemBytes > 0 && c.MemBytes < MinMem:
		return fmt.Errorf("memory limit %s: a worker needs at least %s (an idle worker holds about 18 MiB); give more, or 0 for no limit", record.FormatBytes(float64(c.MemBytes)), record.FormatBytes(MinMem))
	case c.Shard.Check() != nil:
		return fmt.Errorf("shard %s: %w", c.Shard, c.Shard.Check())
	case c.Resume && c.Out == "":
		return errors.New("resuming needs the result directory of the benchmark to finish")
	case c.Registry == nil || c.Launch == nil:
		return errors.New("harness: Config needs a Registry and a Launcher")
	}
	if _, err := solvers.ParseMode(string(c.Mode)); err != nil {
		return err
	}
	seen := make(map[string]bool)
	for _, name := range c.Corpora {
		if seen[name] {
			return fmt.Errorf("corpus %s listed twice", name)
		}
		seen[name] = true
	}
	return nil
}

// Summary says what a call to Bench did.
type Summary struct {
	Out         string
	Planned     int  // runs in this shard of the plan
	Skipped     int  // already recorded before this call (resume)
	Done        int  // recorded by this call
	Interrupted bool // stopped early by the context; resume to finish
	Warnings    []string
	warn        func(string) // Config.Warn
}

// addWarning keeps a warning and passes it on at once; "" is none.
func (s *Summary) addWarning(w string) {
	if w == "" {
		return
	}
	s.Warnings = append(s.Warnings, w)
	if s.warn != nil {
		s.warn(w)
	}
}

// Bench plans the benchmark described by cfg, writes its manifest, and runs
// what is not yet recorded in cfg.Out, appending one record per run. When ctx
// is cancelled it abandons the run in flight, keeps everything recorded, and
// returns with Summary.Interrupted set.
//
// The benchmark holds cfg.Out's writer lock (LockDir) from start to end: a
// second process on the same directory is refused, naming the first.
func Bench(ctx context.Context, cfg Config) (_ *Summary, err error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	// The plan is made, and its corpora read and checked, before anything
	// is written: a plan refused (too large, no puzzle, no solver, bad
	// input) leaves no directory behind.
	sum := &Summary{warn: cfg.Warn}
	prov := provenance.Current()
	infos, err := selectSolvers(cfg.Registry, cfg.Solvers, sum)
	if err != nil {
		return nil, err
	}
	if cfg.Certify && !slices.ContainsFunc(infos, func(in solvers.Info) bool { return in.Proofs != nil }) {
		sum.addWarning("--certify: none of the selected solvers writes DRAT proofs (sat/cadical/* do); no verdict will be certified")
	}
	plan, stated, shas, err := planOf(cfg, infos, sum)
	if err != nil {
		return nil, err
	}
	order := plan.InShard(cfg.Shard, plan.Shuffled())
	if cfg.Out == "" {
		name := cmp.Or(cfg.DirName, "run")
		if cfg.Out, err = store.NewResultDir(DefaultResultsDir, name, time.Now()); err != nil {
			return nil, err
		}
		defer func() {
			if err != nil {
				removeUnused(cfg.Out)
			}
		}()
	}
	lock, err := store.LockDir(cfg.Out, "run")
	if err != nil {
		return nil, err
	}
	defer lock.Release()
	sum.Out = cfg.Out
	m, resumed, err := prepareOut(cfg, provenance.NewManifest(stated, cfg.Shard, infos, shas, prov), prov)
	if err != nil {
		return nil, err
	}
	sum.Planned = len(order)
	if resumed {
		if order, err = notRecorded(cfg.Out, m, plan, order); err != nil {
			return nil, err
		}
	}
	sum.Skipped = sum.Planned - len(order)
	// Said once the benchmark is sure to run, not before a refusal.
	sum.addWarning(provenance.BusyWarning(prov.LoadStart, runtime.NumCPU()))
	for _, l := range stated.LeftOut {
		sum.addWarning(fmt.Sprintf("left out of the plan: %d puzzles of %s, as %s (the manifest's plan.left_out lists them)", l.Puzzles, l.Corpus, l.Reason))
	}
	defer func() {
		if endErr := recordLoadEnd(cfg.Out, m); err == nil {
			err = endErr
		}
	}()
	return sum, execute(ctx, cfg, plan, plan.InBlocks(order), prov, sum)
}

// planOf reads the benchmark's puzzles and plans their runs. It returns
// the plan, the plan as the manifest states it, and the corpus files'
// hashes.
func planOf(cfg Config, infos []solvers.Info, sum *Summary) (*plan.Plan, record.Plan, map[string]string, error) {
	puzzles, shas, err := loadPuzzles(cfg, sum)
	if err != nil {
		return nil, record.Plan{}, nil, err
	}
	p, err := plan.NewPlan(puzzles, infos, cfg.Mode, cfg.Reps, cfg.Forms, cfg.Seed)
	if err != nil {
		return nil, record.Plan{}, nil, err
	}
	leftOut := plan.LeftOut(puzzles, infos)
	if p.Len() == 0 {
		return nil, record.Plan{}, nil, fmt.Errorf("no run to plan: %s", leftOut[0].Reason)
	}
	stated := cfg.plan(infos, p.Len())
	stated.LeftOut = leftOut
	return p, stated, shas, nil
}

// notRecorded drops from order, in its storage, the runs recorded in out
// already, and refuses records that are not among order's runs: records
// that disagree with the manifest m (record.PlanCheck names the usual
// causes), and any other that is not a run of the shard's plan (another
// mode or seed, a puzzle the plan does not draw), which a resume would
// ignore silently. The shard's keys are held in a record.KeySet, about
// 14 bytes a run, and read back from the plan, never from the records.
func notRecorded(out string, m *record.Manifest, p *plan.Plan, order []uint32) ([]uint32, error) {
	planned := record.NewKeySet(len(order), func(pos uint32) (string, error) { return p.Key(int(order[pos])), nil })
	for pos, i := range order {
		if _, _, err := planned.Add(p.Key(int(i)), uint32(pos)); err != nil {
			return nil, err
		}
	}
	done := make([]uint64, len(order)/64+1) // a bit per position in order
	check := record.NewPlanCheck(m)
	records, strays, firstStray := 0, 0, ""
	_, err := record.Read(filepath.Join(out, record.ResultsFile), func(r *record.Record) error {
		check.Check(r)
		records++
		key := r.Key()
		pos, ok, err := planned.Find(key)
		switch {
		case err != nil:
			return err
		case ok:
			done[pos/64] |= 1 << (pos % 64)
		case strays == 0 || key < firstStray:
			strays, firstStray = strays+1, key
		default:
			strays++
		}
		return nil
	})
	switch {
	case err != nil && !errors.Is(err, os.ErrNotExist):
		return nil, err
	case check.Strays() > 0:
		return nil, fmt.Errorf("cannot resume %s: %s; resuming would ignore them: restore the manifest, or move those records out", out, check.Disagreement())
	case strays > 0:
		return nil, fmt.Errorf("cannot resume %s: %d of its %d records are not runs of the plan its %s states (first: %s); resuming would ignore them: restore the manifest, or move those records out",
			out, strays, records, record.ManifestFile, firstStray)
	}
	kept := order[:0]
	for pos, i := range order {
		if done[pos/64]&(1<<(pos%64)) == 0 {
			kept = append(kept, i)
		}
	}
	return kept, nil
}

// removeUnused removes a result directory made for a benchmark that did
// not start: empty, or holding only its lock file.
func removeUnused(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) > 1 || (len(entries) == 1 && entries[0].Name() != store.LockFile) {
		return
	}
	_ = os.RemoveAll(dir)
}

// recordLoadEnd rewrites the manifest with the load averages at the end of
// this call.
func recordLoadEnd(out string, m *record.Manifest) error {
	load, err := provenance.LoadAverages()
	if err != nil {
		return nil // nothing to record on a system without /proc/loadavg
	}
	m.LoadEnd = load
	return record.WriteManifest(filepath.Join(out, record.ManifestFile), m)
}

// execute runs the plan's runs in order, recording each as it finishes,
// with its start time, host and build.
func execute(ctx context.Context, cfg Config, p *plan.Plan, order []uint32, prov provenance.Origin, sum *Summary) (err error) {
	w, err := record.Append(filepath.Join(cfg.Out, record.ResultsFile))
	if err != nil {
		return err
	}
	defer func() {
		if closeErr := w.Close(); err == nil {
			err = closeErr
		}
	}()
	ex := runner.NewExecutor(cfg.Launch, cfg.Timeout, cfg.MemBytes).CrossCheckWith(cfg.CrossCheck)
	defer ex.Close()
	if cfg.Certify {
		dir, remove, err := runner.ProofDir()
		if err != nil {
			return err
		}
		defer remove()
		ex.ProofsIn(dir)
	}
	prog := cfg.Progress
	if prog == nil {
		prog = progress.Discard
	}
	prog.Start("runs", sum.Planned, sum.Skipped)
	defer prog.Stop()
	var failed failures
	for _, i := range order {
		if ctx.Err() != nil {
			sum.Interrupted = true
			return nil
		}
		run, err := p.Run(int(i))
		if err != nil {
			return err
		}
		rec, err := ex.Do(ctx, run)
		if errors.Is(err, runner.ErrInterrupted) {
			sum.Interrupted = true
			return nil
		}
		if err != nil {
			return err
		}
		rec.Host, rec.Build = prov.Host, prov.Build()
		if err := w.Write(&rec); err != nil {
			return err
		}
		sum.Done++
		failed.add(&rec)
		prog.Update(sum.Skipped+sum.Done, failed.note())
	}
	return nil
}

// selectSolvers resolves the selection and drops, with a warning, the
// pipelines that cannot run on this machine.
func selectSolvers(reg *solvers.Registry, selection string, sum *Summary) ([]solvers.Info, error) {
	infos, err := reg.Select(selection)
	if err != nil {
		return nil, err
	}
	var usable []solvers.Info
	for _, in := range infos {
		if err := in.Check(); err != nil {
			sum.addWarning(fmt.Sprintf("solver %s skipped: %v", in.Name, err))
			continue
		}
		usable = append(usable, in)
	}
	if len(usable) == 0 {
		return nil, fmt.Errorf("none of the solvers selected by %q can run here", selection)
	}
	return usable, nil
}

// loadPuzzles reads the plan's puzzles from every corpus and hashes the
// corpus files for the manifest.
func loadPuzzles(cfg Config, sum *Summary) ([]corpora.Puzzle, map[string]string, error) {
	dir, err := corpora.FindDir(cfg.CorporaDir)
	if err != nil {
		return nil, nil, err
	}
	var puzzles []corpora.Puzzle
	shas := make(map[string]string)
	for _, name := range cfg.Corpora {
		e, err := corpora.Lookup(name)
		if err != nil {
			return nil, nil, err
		}
		if shas[name], err = corpusSHA(dir, e, sum); err != nil {
			return nil, nil, err
		}
		opts := corpora.Options{
			SkipInvalid: cfg.SkipInvalid, Hints: cfg.Hints, Limit: cfg.Limit, Sample: cfg.Sample,
			Seed: uint64(cfg.Seed), Oracle: cfg.Oracle,
		}
		st, err := corpora.Load(dir, name, opts, func(p corpora.Puzzle) error {
			puzzles = append(puzzles, p)
			return nil
		})
		for _, w := range st.Skipped("corpus " + name) {
			sum.addWarning(w)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("loading corpus %s: %w", name, err)
		}
	}
	if len(puzzles) == 0 {
		return nil, nil, fmt.Errorf("no puzzle of %s has hints in %s", strings.Join(cfg.Corpora, ", "), cfg.Hints)
	}
	return puzzles, shas, nil
}

// corpusSHA hashes a corpus file (the base file of a derived corpus) and
// warns when it differs from the catalog.
func corpusSHA(dir string, e corpora.Entry, sum *Summary) (string, error) {
	if e.Generated() {
		return "", nil // no file: the name and the seed make the puzzles
	}
	if e.Derived() {
		base, err := corpora.Lookup(e.Base)
		if err != nil {
			return "", err
		}
		e = base
	}
	c, err := corpora.Verify(dir, e)
	if err != nil {
		return "", err
	}
	sum.addWarning(c.Warning())
	return c.Got, nil
}

// prepareOut readies the result directory and returns its manifest, and
// whether the benchmark resumes one recorded there. A fresh benchmark
// needs a directory without results and writes m; a resumed one needs a
// manifest with the same plan, shard and corpora, made by the same build
// unless cfg.AllowOtherBuild, and keeps it.
func prepareOut(cfg Config, m *record.Manifest, prov provenance.Origin) (*record.Manifest, bool, error) {
	manifestPath := filepath.Join(cfg.Out, record.ManifestFile)
	resultsPath := filepath.Join(cfg.Out, record.ResultsFile)
	old, err := record.ReadManifest(manifestPath)
	if _, zerr := os.Stat(filepath.Join(cfg.Out, record.CompressedResultsFile)); zerr == nil {
		return nil, false, plan.InputError(fmt.Errorf("%s holds compressed records (%s), as a committed run does: runs append to %s only; gunzip it to resume, or choose another --out", cfg.Out, record.CompressedResultsFile, record.ResultsFile))
	}
	switch {
	case err == nil && !cfg.Resume:
		return nil, false, plan.InputError(fmt.Errorf("%s already holds a benchmark; pass --resume to finish it or choose another --out", cfg.Out))
	case err == nil:
		if err := resumable(old, m, prov, cfg.AllowOtherBuild); err != nil {
			return nil, false, plan.InputError(fmt.Errorf("cannot resume %s: %w", cfg.Out, err))
		}
		return old, true, store.TrimPartialLine(resultsPath)
	case !errors.Is(err, os.ErrNotExist):
		return nil, false, err
	}
	if fi, err := os.Stat(resultsPath); err == nil && fi.Size() > 0 {
		return nil, false, plan.InputError(fmt.Errorf("%s holds results but no manifest; choose another --out", cfg.Out))
	}
	return m, false, record.WriteManifest(manifestPath, m)
}

// resumable reports why a recorded benchmark cannot be resumed as now.
func resumable(old, now *record.Manifest, prov provenance.Origin, otherBuild bool) error {
	if err := sameBenchmark(old, now); err != nil {
		return err
	}
	if err := provenance.SameBuild(old, prov); err != nil && !otherBuild {
		return fmt.Errorf("%w; pass --allow-other-build to go on with this one (each record names its build)", err)
	}
	return nil
}

// sameBenchmark reports how two manifests' plans, shards or corpora differ.
func sameBenchmark(old, now *record.Manifest) error {
	if err := sameDefinitions(old, now); err != nil {
		return err
	}
	if diff := store.PlanDiff(old.Plan, now.Plan); len(diff) > 0 {
		return fmt.Errorf("the plan differs from the recorded one: %s", strings.Join(diff, "; "))
	}
	if old.Shard != now.Shard {
		return fmt.Errorf("recorded shard %q, asked for %q", old.Shard, now.Shard)
	}
	for name, sha := range now.Corpora {
		if old.Corpora[name] != sha {
			return fmt.Errorf("corpus %s changed since the recorded run (SHA-256 %s, now %s)", name, old.Corpora[name], sha)
		}
	}
	return nil
}

// sameDefinitions reports a defined pipeline whose definition file is not
// the one the recorded benchmark ran: same name, another pipeline.
func sameDefinitions(old, now *record.Manifest) error {
	for _, name := range old.Plan.Solvers {
		was, is := old.Plan.Definitions[name], now.Plan.Definitions[name]
		switch {
		case was == is:
		case was == "":
			return fmt.Errorf("%s ran built in, and now comes from a definition file (SHA-256 %s): choose another name for the defined one", name, is)
		case is == "":
			return fmt.Errorf("%s came from a definition file (SHA-256 %s; %s holds its text) that this call was not given: pass it with --defs", name, was, record.ManifestFile)
		default:
			return fmt.Errorf("the definition of %s changed since the recorded run (SHA-256 %s, now %s): a benchmark resumes with the definitions it started with (%s holds their text); start a new --out for the new one", name, was, is, record.ManifestFile)
		}
	}
	return nil
}
