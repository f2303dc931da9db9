package serve

import (
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
