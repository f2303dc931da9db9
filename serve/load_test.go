package serve

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
)

// Bounds of the load test.
const (
	loadClients  = 32
	loadPuzzles  = 1000             // 17-clue puzzles sent in turn
	loadWarmUp   = 4000             // requests before measuring
	loadDeadline = 2 * time.Minute  // a round of b.N requests stops here
	loadTimeout  = 10 * time.Second // one solve's limit
)

// BenchmarkServeLoad is the server's load test: loadClients clients on
// 127.0.0.1, each sending the next 17-clue puzzle as soon as its previous
// answer came, to exactcover/dlx in unique mode. It reports requests per
// second, median and p99 latency, and memory: the server's heap after a
// collection and the workers' peak resident set, both taken after the
// warm-up and again after the measured requests. Any error, unverified
// answer or 429 fails it. Bound it with -benchtime, e.g.
//
//	go test -run '^$' -bench ServeLoad -benchtime 20000x ./serve
func BenchmarkServeLoad(b *testing.B) {
	lt := startLoadTest(b)
	defer lt.stop()
	lt.round(b, loadWarmUp)
	heap0, peak0 := lt.heapInUse(), lt.workerPeak.Load()
	// solver=exactcover:dlx, as solvertest.BenchSolver writes it, so that
	// benchstat keeps the name whole; units it scales: ns and bytes.
	b.Run(fmt.Sprintf("solver=exactcover:dlx/corpus=17-clue/clients=%d", loadClients), func(b *testing.B) {
		lt.workerPeak.Store(0)
		start := time.Now()
		latencies := lt.round(b, b.N)
		elapsed := time.Since(start)
		slices.Sort(latencies)
		b.ReportMetric(float64(b.N)/elapsed.Seconds(), "req/s")
		b.ReportMetric(float64(latencies[len(latencies)/2]), "p50-ns")
		b.ReportMetric(float64(latencies[len(latencies)*99/100]), "p99-ns")
		b.ReportMetric(float64(int64(lt.heapInUse())-int64(heap0)), "heap-growth-B")
		b.ReportMetric(float64(int64(lt.workerPeak.Load())-int64(peak0)), "worker-peak-growth-B")
	})
}

// loadTest is a server on a loopback port and the bodies to send it.
type loadTest struct {
	url        string
	client     *http.Client
	bodies     [][]byte
	cancel     context.CancelFunc
	served     chan error
	next       atomic.Int64  // the next body to send
	workerPeak atomic.Uint64 // the largest peak RSS a worker reported
}

func startLoadTest(b *testing.B) *loadTest {
	b.Helper()
	lt := &loadTest{served: make(chan error, 1)}
	_, err := corpora.Load(corporaDir, "17-clue", corpora.Options{Limit: loadPuzzles}, func(p corpora.Puzzle) error {
		body, err := json.Marshal(map[string]any{"puzzle": p.Grid.String(), "mode": "unique", "timeout": loadTimeout.String()})
		lt.bodies = append(lt.bodies, body)
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	s, err := New(Config{Registry: testRegistry(), Launch: testLaunch, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		b.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	var ctx context.Context
	ctx, lt.cancel = context.WithCancel(context.Background())
	go func() { lt.served <- s.Serve(ctx, ln) }()
	lt.url = "http://" + ln.Addr().String() + "/api/solve"
	lt.client = &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: loadClients, MaxConnsPerHost: loadClients}}
	return lt
}

func (lt *loadTest) stop() {
	lt.cancel()
	<-lt.served
}

// round sends n requests from loadClients clients and returns their
// latencies; it fails the benchmark on any error, unverified answer or
// refusal, or when it runs past loadDeadline.
func (lt *loadTest) round(b *testing.B, n int) []time.Duration {
	ctx, cancel := context.WithTimeout(context.Background(), loadDeadline)
	defer cancel()
	var left atomic.Int64
	left.Store(int64(n))
	latencies := make([][]time.Duration, loadClients)
	errs := make([]error, loadClients)
	var wg sync.WaitGroup
	for c := range loadClients {
		wg.Go(func() {
			for left.Add(-1) >= 0 && errs[c] == nil {
				if ctx.Err() != nil {
					errs[c] = fmt.Errorf("past the load test's %s bound", loadDeadline)
					return
				}
				start := time.Now()
				errs[c] = lt.solve(ctx)
				latencies[c] = append(latencies[c], time.Since(start))
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			b.Fatal(err)
		}
	}
	return slices.Concat(latencies...)
}

// solve sends the next puzzle and checks that its answer is verified.
func (lt *loadTest) solve(ctx context.Context) error {
	body := lt.bodies[int(lt.next.Add(1))%len(lt.bodies)]
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, lt.url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	res, err := lt.client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return err
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("%d: %s", res.StatusCode, raw)
	}
	var ans solveAnswer
	if err := json.Unmarshal(raw, &ans); err != nil {
		return err
	}
	if ans.Status != "solved" || !ans.Verified {
		return fmt.Errorf("%s answered %s (%s), not a verified solution", ans.Puzzle, ans.Status, ans.Detail)
	}
	for old := lt.workerPeak.Load(); ans.PeakRSS > old && !lt.workerPeak.CompareAndSwap(old, ans.PeakRSS); old = lt.workerPeak.Load() {
	}
	return nil
}

// heapInUse is the benchmark process's heap after a collection: the server
// and its clients.
func (lt *loadTest) heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// batchPuzzles is the size of BenchmarkServeBatch's batch.
const batchPuzzles = 10_000

// BenchmarkServeBatch sends the first batchPuzzles 17-clue puzzles as one
// POST /api/solve/batch to a server on 127.0.0.1, per solver, and reports
// puzzles per second, from the request's start to its last line read.
// Every line must be a verified solution of its puzzle, in order.
//
//	go test -run '^$' -bench ServeBatch -benchtime 5x ./serve
func BenchmarkServeBatch(b *testing.B) {
	var puzzles []string
	_, err := corpora.Load(corporaDir, "17-clue", corpora.Options{Limit: batchPuzzles}, func(p corpora.Puzzle) error {
		puzzles = append(puzzles, p.Grid.String())
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	s, err := New(Config{Registry: workerRegistry(), Launch: testLaunch, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()
	defer func() { cancel(); <-served }()
	url := "http://" + ln.Addr().String() + "/api/solve/batch"
	for _, solver := range []string{"propagate/bitboard", "exactcover/dlx"} {
		body, err := json.Marshal(map[string]any{"puzzles": puzzles, "solver": solver})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("solver=%s/corpus=17-clue/puzzles=%d", strings.ReplaceAll(solver, "/", ":"), len(puzzles)), func(b *testing.B) {
			start := time.Now()
			for range b.N {
				if err := postBatch(url, body, puzzles); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N*len(puzzles))/time.Since(start).Seconds(), "puzzles/s")
		})
	}
}

// postBatch sends one batch and checks each line of its answer.
func postBatch(url string, body []byte, puzzles []string) error {
	res, err := http.Post(url, "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		raw, _ := io.ReadAll(res.Body)
		return fmt.Errorf("%d: %s", res.StatusCode, raw)
	}
	sc := bufio.NewScanner(res.Body)
	n := 0
	for ; sc.Scan(); n++ {
		var l batchLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return fmt.Errorf("line %d: %v", n+1, err)
		}
		if l.Index != n || l.Puzzle != puzzles[n] || l.Status != "solved" || !l.Verified {
			return fmt.Errorf("line %d: puzzle %d %s, %s (%s); want puzzle %d, a verified solution", n+1, l.Index, l.Puzzle, l.Status, l.Detail, n)
		}
	}
	if n != len(puzzles) {
		return fmt.Errorf("%d lines for %d puzzles: %v", n, len(puzzles), sc.Err())
	}
	return sc.Err()
}
