// Package serve is sudokubench over HTTP: a JSON API that solves puzzles
// with any registered solver, generates puzzles and lists solvers and
// corpora; the article's own /solve and /generate shapes, so that its
// clients work unchanged; and an embedded page to type, paste, generate and
// solve puzzles and to browse benchmark results and their reports.
//
// The package's opinion: a server is a benchmark's harness facing strangers.
// Every solve runs in the harness's isolated worker processes, under a
// deadline and a memory limit, and every answer is verified before it is
// returned, so that an engine that hangs, crashes or lies costs one
// request, never the server. Input is not trusted either: a bad request gets
// a 4xx with the same precise message the command line gives (r3c7, "row 3:
// 7 at r3c2 and r3c8"), bodies and concurrency are bounded, and the results
// browser cannot read outside its directory.
package serve

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/runner"
	"github.com/sudokubench/sudokubench/harness/worker"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/dlx"
)

// Defaults of a Config's zero fields.
const (
	DefaultTimeout     = 5 * time.Second
	DefaultMaxTimeout  = time.Minute
	DefaultMaxInFlight = 64
	DefaultMaxBody     = 64 << 10
	DefaultBodyTimeout = 10 * time.Second
	DefaultSolver      = "exactcover/dlx"
	// DefaultMaxBatchBody holds 10,000 9×9 puzzles as rows of numbers
	// (about 170 bytes each), or 45,000 as one-line strings.
	DefaultMaxBatchBody = 4 << 20
	// DefaultCacheSize is the serve command's --cache-size.
	DefaultCacheSize = 10_000
)

// Ceilings of a Config's limits. A worker is a process, and each request
// holds a goroutine and may wait for a worker as long as its time limit:
// past these, a server spends its machine on waiting, not on solving.
const (
	WorkersCeiling  = 256
	InFlightCeiling = 10_000
	TimeoutCeiling  = time.Hour
	// CacheCeiling bounds the article's answer cache: an entry is about
	// a kilobyte.
	CacheCeiling = 1_000_000
)

// Config is what a Server needs.
type Config struct {
	Registry *solvers.Registry // the solvers the API offers
	Launch   worker.Launcher   // starts workers that know the same solvers

	Results    string // directory the results browser shows; "": none
	CorporaDir string // "" finds it as corpora.FindDir does; it must exist

	// The limits; New refuses values outside the ranges given, and a zero
	// field takes its default.
	Workers     int           // warm workers kept per solver, to WorkersCeiling; 0: one per CPU
	Timeout     time.Duration // a solve's limit when the request names none, harness.MinTimeout to MaxTimeout
	MaxTimeout  time.Duration // the largest limit a request may ask for, harness.MinTimeout to TimeoutCeiling
	MemBytes    uint64        // a worker's resident memory limit, at least harness.MinMem; 0: none
	MaxInFlight int           // concurrent API requests before 429, to InFlightCeiling
	MaxBody     int64         // request body bytes before 413
	// MaxBatchBody is POST /api/solve/batch's body limit, before 413.
	MaxBatchBody int64
	// Batches is how many batches run at once, each in a worker process
	// of its own, to WorkersCeiling; 0: one per CPU. A batch that finds
	// none free waits as long as its puzzles' time limit, then gets 503.
	Batches     int
	BodyTimeout time.Duration // time a request body may take to arrive before 408

	// CacheSize is how many answers of the article's POST /solve the
	// server keeps, least recently used first out; 0: none kept. The
	// API's endpoints, which report measurements, never use them.
	CacheSize int

	Logger *slog.Logger // request logs; nil: slog.Default()
}

// checkLimits refuses limits outside their ranges; zero is a default.
func (c Config) checkLimits() error {
	short := func(d time.Duration) bool { return d < 0 || (d > 0 && d < harness.MinTimeout) }
	switch {
	case c.Workers < 0 || c.Workers > WorkersCeiling:
		return fmt.Errorf("Config.Workers %d: want 1 to %d, or 0 for one per CPU", c.Workers, WorkersCeiling)
	case short(c.Timeout) || c.Timeout > TimeoutCeiling:
		return fmt.Errorf("Config.Timeout %s: want %s to %s", c.Timeout, harness.MinTimeout, TimeoutCeiling)
	case short(c.MaxTimeout) || c.MaxTimeout > TimeoutCeiling:
		return fmt.Errorf("Config.MaxTimeout %s: want %s to %s", c.MaxTimeout, harness.MinTimeout, TimeoutCeiling)
	case c.MemBytes > 0 && c.MemBytes < harness.MinMem:
		return fmt.Errorf("Config.MemBytes %s: a worker needs at least %s, or 0 for no limit", record.FormatBytes(float64(c.MemBytes)), record.FormatBytes(harness.MinMem))
	case c.MaxInFlight < 0 || c.MaxInFlight > InFlightCeiling:
		return fmt.Errorf("Config.MaxInFlight %d: want 1 to %d", c.MaxInFlight, InFlightCeiling)
	case c.MaxBody < 0 || c.MaxBatchBody < 0 || c.BodyTimeout < 0:
		return fmt.Errorf("Config.MaxBody %d, MaxBatchBody %d, BodyTimeout %s: want positive limits, or 0 for the defaults", c.MaxBody, c.MaxBatchBody, c.BodyTimeout)
	case c.Batches < 0 || c.Batches > WorkersCeiling:
		return fmt.Errorf("Config.Batches %d: want 1 to %d, or 0 for one per CPU", c.Batches, WorkersCeiling)
	case c.CacheSize < 0 || c.CacheSize > CacheCeiling:
		return fmt.Errorf("Config.CacheSize %d: want 0 (no cache) to %d answers", c.CacheSize, CacheCeiling)
	}
	return nil
}

// withDefaults fills the zero fields of c.
func (c Config) withDefaults() Config {
	if c.Workers <= 0 {
		c.Workers = runtime.NumCPU()
	}
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.MaxTimeout <= 0 {
		c.MaxTimeout = max(DefaultMaxTimeout, c.Timeout)
	}
	if c.MaxInFlight <= 0 {
		c.MaxInFlight = DefaultMaxInFlight
	}
	if c.MaxBody <= 0 {
		c.MaxBody = DefaultMaxBody
	}
	if c.MaxBatchBody <= 0 {
		c.MaxBatchBody = DefaultMaxBatchBody
	}
	if c.Batches <= 0 {
		c.Batches = runtime.NumCPU()
	}
	if c.BodyTimeout <= 0 {
		c.BodyTimeout = DefaultBodyTimeout
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	return c
}

// Server answers the API and serves the page. Close it to end its workers.
type Server struct {
	cfg      Config
	pool     *runner.Pool
	corpora  string         // the corpus files' directory, absolute; "": those built in
	inFlight chan struct{}  // a token per API request being answered
	batches  chan struct{}  // a token per batch being solved
	spares   *runner.Spares // the workers of batches that ended
	cache    *answerCache   // the article's answers; nil: none kept
	handler  http.Handler
	// solverList and corpusList are computed once: asking outside
	// solvers their version runs programs, and counting the corpora reads
	// every file.
	solverList func() []solverEntry
	corpusList func() ([]corpusEntry, error)
	reports    reportCache
}

// New returns a server for cfg.
func New(cfg Config) (*Server, error) {
	if cfg.Registry == nil || cfg.Launch == nil {
		return nil, errors.New("serve: Config needs a Registry and a Launcher")
	}
	if err := cfg.checkLimits(); err != nil {
		return nil, fmt.Errorf("serve: %w", err)
	}
	cfg = cfg.withDefaults()
	if cfg.Timeout > cfg.MaxTimeout {
		return nil, fmt.Errorf("serve: default timeout %s exceeds the maximum %s", cfg.Timeout, cfg.MaxTimeout)
	}
	corporaDir, err := absCorporaDir(cfg.CorporaDir)
	if err != nil {
		return nil, err
	}
	s := &Server{
		cfg:      cfg,
		corpora:  corporaDir,
		pool:     runner.NewPool(cfg.Launch, cfg.Workers).CrossCheckWith(dlx.Oracle{}),
		inFlight: make(chan struct{}, cfg.MaxInFlight),
		batches:  make(chan struct{}, cfg.Batches),
		spares:   runner.NewSpares(1),
		cache:    newAnswerCache(cfg.CacheSize),
	}
	s.solverList = sync.OnceValue(s.listSolvers)
	s.corpusList = sync.OnceValues(s.summarizeCorpora)
	s.handler = s.routes()
	return s, nil
}

// absCorporaDir finds the corpus files as corpora.FindDir does, and makes
// a directory absolute, so that the server's answers can leave it out of
// the paths they name.
func absCorporaDir(explicit string) (string, error) {
	dir, err := corpora.FindDir(explicit)
	if err != nil || dir == "" {
		return dir, err
	}
	return filepath.Abs(dir)
}

// Handler returns the server's routes, with request logs.
func (s *Server) Handler() http.Handler { return s.handler }

// Close ends the server's workers.
func (s *Server) Close() {
	s.pool.Close()
	s.spares.Close()
}

// routes maps every path. The API and the reports read their request's
// body whole, then pass the in-flight limit; the page's static files do
// neither.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	api := func(pattern string, h http.HandlerFunc) { mux.Handle(pattern, s.readBody(s.cfg.MaxBody, s.limited(h))) }
	api("POST /api/solve", s.handleSolve)
	api("POST /api/solve/all", s.handleSolveAll)
	mux.Handle("POST /api/solve/batch", s.readBody(s.cfg.MaxBatchBody, s.limited(s.handleSolveBatch)))
	api("GET /api/generate", s.handleGenerate)
	api("GET /api/solvers", s.handleSolvers)
	api("GET /api/corpora", s.handleCorpora)
	api("GET /api/corpora/{name}/sample", s.handleSample)
	api("GET /api/results", s.handleResults)
	api("GET /reports/{run...}", s.handleReport)
	api("POST /solve", s.handleArticleSolve)
	api("GET /generate", s.handleArticleGenerate)
	s.envRoutes(api)
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		if allow := otherMethod(mux, r); allow != "" {
			w.Header().Set("Allow", allow)
			writeError(w, &apiError{code: http.StatusMethodNotAllowed, msg: r.URL.Path + " takes " + allow + ", not " + r.Method})
			return
		}
		writeError(w, &apiError{code: http.StatusNotFound, msg: "no API endpoint " + r.Method + " " + r.URL.Path})
	})
	mux.Handle("/", pageHandler())
	return s.logged(limitHeaders(mux))
}

// otherMethod returns the method an API endpoint takes at r's path when it
// is not r's, or "" when no endpoint is there: this catch-all would
// otherwise answer a wrong method with 404, as if the endpoint did not
// exist.
func otherMethod(mux *http.ServeMux, r *http.Request) string {
	for _, method := range []string{http.MethodGet, http.MethodPost} {
		if method == r.Method {
			continue
		}
		other := r.Clone(r.Context())
		other.Method = method
		if _, pattern := mux.Handler(other); pattern != "/api/" {
			return method
		}
	}
	return ""
}

// writeTimeout bounds a whole request: the longest solve a request may ask
// for, as long again to wait for a free worker, a worker's start-up, and
// slack for the answer.
func (s *Server) writeTimeout() time.Duration {
	return 2*s.cfg.MaxTimeout + 45*time.Second
}

// Serve answers on ln until ctx ends, then shuts down gracefully: it stops
// accepting, lets requests in flight finish (up to a limit), and ends the
// workers.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{
		Handler:           s.handler,
		ReadHeaderTimeout: readHeaderTimeout,
		// readBody gives an API request's body BodyTimeout from its
		// handler's start; this bounds the bodies no handler reads.
		ReadTimeout:    readHeaderTimeout + s.cfg.BodyTimeout,
		WriteTimeout:   s.writeTimeout(),
		IdleTimeout:    2 * time.Minute,
		MaxHeaderBytes: hardHeaderBytes,
		ErrorLog:       slog.NewLogLogger(s.cfg.Logger.Handler(), slog.LevelWarn),
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		s.Close()
		return err
	case <-ctx.Done():
	}
	s.cfg.Logger.Info("shutting down", "grace", shutdownGrace)
	shutdownCtx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	err := srv.Shutdown(shutdownCtx)
	if errors.Is(err, context.DeadlineExceeded) {
		srv.Close() // cancels the requests left, whose workers are then killed
		err = fmt.Errorf("requests still running after %s were cut off", shutdownGrace)
	}
	s.Close()
	return err
}

// readHeaderTimeout bounds the wait for a request's headers.
const readHeaderTimeout = 5 * time.Second

// shutdownGrace is how long a shutdown waits for requests in flight.
const shutdownGrace = 10 * time.Second
