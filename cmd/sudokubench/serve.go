package main

import (
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/harness"
	"github.com/sudokubench/sudokubench/serve"
	"github.com/sudokubench/sudokubench/solvers/registry"
)

// serveFlags are the flags of the serve command.
type serveFlags struct {
	addr, results, mem   string
	workers, maxInFlight int
	timeout, maxTimeout  time.Duration
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
  GET  /api/generate?hints=30&size=9&variant=classic&seed=7
  GET  /api/solvers   GET /api/corpora   GET /api/corpora/{name}/sample?n=5&seed=1
  GET  /api/results   GET /reports/{run}
  POST /solve {"puzzle": [[5,3,0,…],…]} and GET /generate?difficulty=0.5, the article's shapes

Ctrl-C or SIGTERM stops it gracefully.`,
		Example: "  sudokubench serve\n  sudokubench serve --addr 127.0.0.1:9000 --results results --workers 4",
		Args:    cobra.NoArgs,
		RunE:    func(cmd *cobra.Command, _ []string) error { return runServe(cmd, fl) },
	}
	f := cmd.Flags()
	f.StringVar(&fl.addr, "addr", "127.0.0.1:8080", "address to listen on (loopback by default: anything else is reachable from other machines)")
	f.StringVar(&fl.results, "results", "results", "directory of benchmark runs for the results browser")
	f.IntVar(&fl.workers, "workers", 0, "warm worker processes kept per solver (0: one per CPU)")
	f.DurationVar(&fl.timeout, "timeout", serve.DefaultTimeout, "time limit of a solve when the request names none")
	f.DurationVar(&fl.maxTimeout, "max-timeout", serve.DefaultMaxTimeout, "the largest time limit a request may ask for")
	f.StringVar(&fl.mem, "mem", harness.DefaultMem, "resident memory limit of a solve's worker, e.g. 2GiB (0: none)")
	f.IntVar(&fl.maxInFlight, "max-inflight", serve.DefaultMaxInFlight, "requests answered at once; more get 429 Too Many Requests")
	return cmd
}

func runServe(cmd *cobra.Command, fl serveFlags) error {
	mem, err := harness.ParseBytes(fl.mem)
	if err != nil {
		return usageError(fmt.Errorf("--mem: %w", err))
	}
	launch, err := harness.SelfLauncher("worker")
	if err != nil {
		return err
	}
	logger := slog.New(slog.NewTextHandler(cmd.ErrOrStderr(), nil))
	srv, err := serve.New(serve.Config{
		Registry: registry.Default(), Launch: launch,
		Results: fl.results, CorporaDir: cmd.Flag("corpora").Value.String(),
		Workers: fl.workers, Timeout: fl.timeout, MaxTimeout: fl.maxTimeout, MemBytes: mem,
		MaxInFlight: fl.maxInFlight, Logger: logger,
	})
	if err != nil {
		return usageError(err)
	}
	ln, err := net.Listen("tcp", fl.addr)
	if err != nil {
		srv.Close()
		return err
	}
	if host, _, _ := net.SplitHostPort(ln.Addr().String()); !net.ParseIP(host).IsLoopback() {
		logger.Warn("listening beyond this machine: anyone who reaches it can run solves", "addr", ln.Addr().String())
	}
	fmt.Fprintf(cmd.OutOrStdout(), "sudokubench serving on http://%s/ (Ctrl-C stops)\n", ln.Addr())
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return srv.Serve(ctx, ln)
}
