package main

import (
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/harness"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/internal/units"
	"github.com/sudokubench/sudokubench/serve"
)

// serveFlags are the flags of the serve command.
type serveFlags struct {
	addr, results, mem   string
	workers, maxInFlight int
	batches, cacheSize   int
	timeout, maxTimeout  time.Duration
	defs                 []string
}

func newServeCmd() *cobra.Command {
	var fl serveFlags
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the solvers over HTTP: a JSON API and a page to solve, generate and browse results",
		Long: `Serve every solver of the registry over HTTP, each solve in an isolated worker
process under a time and memory limit, every answer verified before it is
returned. The page at / types, pastes, generates and solves puzzles, compares
all solvers on one, and lists the runs under --results with their reports.

API (JSON):
  POST /api/solve        {"puzzle": "4.....8.5…", "solver": "exactcover/dlx", "mode": "unique", "timeout": "2s"}
  POST /api/solve/all    {"puzzle": "…", "solvers": ["sat/*"]}       every selected solver, side by side
  POST /api/solve/batch  {"puzzles": ["…", "…"], "solver": "propagate/bitboard"}
                         one JSON line per puzzle, in order; body up to 4 MiB (10,000 puzzles)
  GET  /api/generate?hints=30&size=9&variant=classic&seed=7
  GET  /api/solvers   GET /api/corpora   GET /api/corpora/{name}/sample?n=5&seed=1
  GET  /api/results   GET /reports/{run}
  POST /solve {"puzzle": [[5,3,0,…],…]} and GET /generate?difficulty=0.5, the article's shapes;
                         /solve answers repeated puzzles from a cache of --cache-size ("cached": true)

Errors are JSON, {"error": "…"}, and name no path of the server's. A request
body (64 KiB at most) must arrive within 10 s, and is read before the request
takes one of the --max-inflight slots. Ctrl-C or SIGTERM stops it gracefully.`,
		Example: "  sudokubench serve\n  sudokubench serve --addr 127.0.0.1:9000 --results results --workers 4",
		Args:    cobra.NoArgs,
		RunE:    func(cmd *cobra.Command, _ []string) error { return runServe(cmd, fl) },
	}
	f := cmd.Flags()
	f.StringVar(&fl.addr, "addr", "127.0.0.1:8080", "address to listen on (loopback by default: anything else is reachable from other machines)")
	f.StringVar(&fl.results, "results", "results", "directory of benchmark runs for the results browser")
	f.IntVar(&fl.workers, "workers", 0, fmt.Sprintf("warm worker processes kept per solver, 1 to %d (0: one per CPU)", serve.WorkersCeiling))
	f.DurationVar(&fl.timeout, "timeout", serve.DefaultTimeout, "time limit of a solve when the request names none, from 1ms to --max-timeout")
	f.DurationVar(&fl.maxTimeout, "max-timeout", serve.DefaultMaxTimeout, fmt.Sprintf("the largest time limit a request may ask for, 1ms to %s", serve.TimeoutCeiling))
	f.StringVar(&fl.mem, "mem", harness.DefaultMem, fmt.Sprintf("resident memory limit of a solve's worker, e.g. 2GiB; at least %s (0: none)", record.FormatBytes(harness.MinMem)))
	f.IntVar(&fl.batches, "batches", 0, fmt.Sprintf("batches (POST /api/solve/batch) solved at once, each in a worker process of its own, 1 to %d (0: one per CPU)", serve.WorkersCeiling))
	f.IntVar(&fl.cacheSize, "cache-size", serve.DefaultCacheSize, fmt.Sprintf("answers of the article's POST /solve kept for repeated puzzles, least recently used out first, 0 (none) to %d; the API's endpoints never use them", serve.CacheCeiling))
	f.IntVar(&fl.maxInFlight, "max-inflight", serve.DefaultMaxInFlight, fmt.Sprintf("requests answered at once, 1 to %d; more get 429 Too Many Requests", serve.InFlightCeiling))
	addDefsFlag(cmd, &fl.defs)
	return cmd
}

// check refuses flag values outside the ranges serve takes, naming the
// flag and the range, and returns --mem in bytes.
func (fl serveFlags) check() (uint64, error) {
	switch {
	case fl.workers < 0 || fl.workers > serve.WorkersCeiling:
		return 0, fmt.Errorf("--workers %d: want 1 to %d warm workers per solver, or 0 for one per CPU", fl.workers, serve.WorkersCeiling)
	case fl.maxTimeout < harness.MinTimeout || fl.maxTimeout > serve.TimeoutCeiling:
		return 0, fmt.Errorf("--max-timeout %s: want %s to %s", fl.maxTimeout, harness.MinTimeout, serve.TimeoutCeiling)
	case fl.timeout < harness.MinTimeout || fl.timeout > fl.maxTimeout:
		return 0, fmt.Errorf("--timeout %s: want %s to --max-timeout (%s)", fl.timeout, harness.MinTimeout, fl.maxTimeout)
	case fl.batches < 0 || fl.batches > serve.WorkersCeiling:
		return 0, fmt.Errorf("--batches %d: want 1 to %d batches at once, or 0 for one per CPU", fl.batches, serve.WorkersCeiling)
	case fl.cacheSize < 0 || fl.cacheSize > serve.CacheCeiling:
		return 0, fmt.Errorf("--cache-size %d: want 0 (no cache) to %d answers", fl.cacheSize, serve.CacheCeiling)
	case fl.maxInFlight < 1 || fl.maxInFlight > serve.InFlightCeiling:
		return 0, fmt.Errorf("--max-inflight %d: want 1 to %d requests at once", fl.maxInFlight, serve.InFlightCeiling)
	}
	mem, err := units.ParseBytes(fl.mem)
	if err != nil {
		return 0, fmt.Errorf("--mem: %w", err)
	}
	if mem > 0 && mem < harness.MinMem {
		return 0, fmt.Errorf("--mem %s: a worker needs at least %s (an idle worker holds about 18 MiB); give more, or 0 for no limit", fl.mem, record.FormatBytes(harness.MinMem))
	}
	if info, err := os.Stat(fl.results); err == nil && !info.IsDir() {
		return 0, fmt.Errorf("--results %s: not a directory", fl.results)
	}
	return mem, nil
}

func runServe(cmd *cobra.Command, fl serveFlags) error {
	mem, err := fl.check()
	if err != nil {
		return usageError(err)
	}
	reg, err := solverRegistry(fl.defs)
	if err != nil {
		return err
	}
	launch, err := workerLauncher(fl.defs)
	if err != nil {
		return err
	}
	tuneServerGC()
	logger := slog.New(slog.NewTextHandler(cmd.ErrOrStderr(), nil))
	srv, err := serve.New(serve.Config{
		Registry: reg, Launch: launch,
		Results: fl.results, CorporaDir: cmd.Flag("corpora").Value.String(),
		Workers: fl.workers, Timeout: fl.timeout, MaxTimeout: fl.maxTimeout, MemBytes: mem,
		MaxInFlight: fl.maxInFlight, Batches: fl.batches, CacheSize: fl.cacheSize, Logger: logger,
	})
	if err != nil {
		return usageError(err)
	}
	ln, err := net.Listen("tcp", fl.addr)
	if err != nil {
		srv.Close()
		return fmt.Errorf("--addr %s: %w", fl.addr, err)
	}
	if host, _, _ := net.SplitHostPort(ln.Addr().String()); !net.ParseIP(host).IsLoopback() {
		logger.Warn("listening beyond this machine: anyone who reaches it can run solves", "addr", ln.Addr().String())
	}
	if _, err := os.Stat(fl.results); errors.Is(err, fs.ErrNotExist) {
		logger.Warn("the results directory does not exist yet: the results browser lists runs once a benchmark writes there", "results", fl.results)
	}
	fmt.Fprintf(cmd.OutOrStdout(), "sudokubench serving on http://%s/ (Ctrl-C stops)\n", ln.Addr())
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return srv.Serve(ctx, ln)
}

// serverGCPercent is the server process's GOGC unless the environment
// sets one. The server keeps a few MB live, so at Go's default of 100 it
// collected about ten times per batch of 10,000 puzzles, which cost it
// about a tenth of its CPU; at 400 a batch through the bitboard went from
// about 52,500 to 57,000 puzzles/s (medians of 30 batches). The workers,
// separate processes whose memory a benchmark measures, keep the default.
const serverGCPercent = 400

// tuneServerGC sets the server's GC percent, unless GOGC is set.
func tuneServerGC() {
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(serverGCPercent)
	}
}
