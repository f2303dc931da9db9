package reproduce

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness"
	"github.com/sudokubench/sudokubench/harness/verify"
	"github.com/sudokubench/sudokubench/harness/worker"
	"github.com/sudokubench/sudokubench/internal/progress"
	"github.com/sudokubench/sudokubench/solvers"
)

// The comparison's defaults: the article's 250 puzzles per level, first
// mode (the article's solvers look for a solution), and a limit per run
// that the budgets of naive backtracking and the genetic algorithm stay
// under. With the article's rows the default run took 6 minutes on the
// project's 2-core machine, loaded by other work.
const (
	DefaultPerLevel = 250
	DefaultTimeout  = 10 * time.Second
	DefaultMode     = solvers.First
)

// Config is one comparison run.
type Config struct {
	Entries  []Entry
	PerLevel int // puzzles drawn per level, seeded
	Seed     int64
	Mode     solvers.Mode
	Timeout  time.Duration
	MemBytes uint64

	// Out is the result directory; "" makes a new one below
	// harness.DefaultResultsDir, named comparison-<time>.
	Out    string
	Resume bool
	// AllowOtherBuild lets a resumed comparison go on with another build.
	AllowOtherBuild bool
	// SkipInvalid skips malformed lines of the corpus read (a copy in
	// CorporaDir), each a warning, instead of refusing it.
	SkipInvalid bool

	CorporaDir string
	Registry   *solvers.Registry
	Launch     worker.Launcher
	Oracle     corpora.Oracle // completes the derived corpora (exactcover/dlx)
	// CrossCheck settles every unsat and multiple verdict (exactcover/dlx).
	CrossCheck verify.CrossChecker
	Progress   progress.Meter
}

// Bench runs every entry's pipeline on every level's puzzles through the
// harness (isolated, limited, verified, resumable) into cfg.Out.
func Bench(ctx context.Context, cfg Config) (*harness.Summary, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	return harness.Bench(ctx, cfg.harness())
}

// Check refuses a comparison that cannot be meant, before anything is
// written: no row with a pipeline that can run here, fewer than one
// puzzle per level, and what harness.Config.Check refuses (a limit below
// its minimum, an unknown mode).
func (cfg Config) Check() error {
	if len(runnable(cfg.Entries)) == 0 {
		return errors.New("no row of the selection has a pipeline that can run here")
	}
	if cfg.PerLevel < 1 {
		return fmt.Errorf("%d puzzles per level: need at least 1", cfg.PerLevel)
	}
	h := cfg.harness()
	return h.Check()
}

// harness is the run as the harness takes it.
func (cfg Config) harness() harness.Config {
	return harness.Config{
		Corpora: levelCorpora(), Sample: cfg.PerLevel, Solvers: strings.Join(runnable(cfg.Entries), ","),
		Mode: cfg.Mode, Reps: 1, Seed: cfg.Seed, Timeout: cfg.Timeout, MemBytes: cfg.MemBytes,
		Out: cfg.Out, DirName: "comparison", Resume: cfg.Resume, AllowOtherBuild: cfg.AllowOtherBuild, SkipInvalid: cfg.SkipInvalid,
		CorporaDir: cfg.CorporaDir, Registry: cfg.Registry, Launch: cfg.Launch, Oracle: cfg.Oracle,
		CrossCheck: cfg.CrossCheck, Progress: cfg.Progress,
	}
}

// runnable returns the pipelines of the entries that have one.
func runnable(entries []Entry) []string {
	var names []string
	for _, e := range entries {
		if e.Solver != "" {
			names = append(names, e.Solver)
		}
	}
	return names
}
