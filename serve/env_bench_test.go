package serve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/solvers/solvertest"
)

// BenchmarkEnvHTTP measures steps per second through the HTTP API with 16
// clients, each on its own environment and connection, stepping the first
// legal action of the last observation and resetting when an episode
// ends, as an agent in another language would. Server and clients share
// the process: cpu-µs/step is both sides' CPU time per step, so that
// 2 cores at rest give about 2e6 / cpu-µs/step steps a second. With
// SUDOKUBENCH_ENV_URL set, the clients drive that server instead (a
// `sudokubench serve` of its own), and cpu-µs/step is theirs alone.
//
//	go test -run '^$' -bench EnvHTTP -benchtime 20000x ./serve
func BenchmarkEnvHTTP(b *testing.B) {
	const clients = 16
	url := os.Getenv("SUDOKUBENCH_ENV_URL")
	if url == "" {
		s, err := New(Config{Registry: testRegistry(), Launch: testLaunch, CorporaDir: corporaDir,
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		if err != nil {
			b.Fatal(err)
		}
		defer s.Close()
		ts := httptest.NewServer(s.Handler())
		defer ts.Close()
		url = ts.URL
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: clients, MaxConnsPerHost: clients}}
	ids := make([]string, clients)
	for i := range ids {
		body, err := post2(client, url+"/api/env", fmt.Sprintf(`{"corpus":"17-clue+28","deck":100,"seed":%d}`, i))
		if err != nil {
			b.Fatal(err)
		}
		var c envCreated
		if err := json.Unmarshal(body, &c); err != nil {
			b.Fatal(err)
		}
		ids[i] = c.ID
	}
	defer func() { // a server of its own keeps its environments otherwise
		for _, id := range ids {
			req, err := http.NewRequest(http.MethodDelete, url+"/api/env/"+id, nil)
			if err == nil {
				if res, err := client.Do(req); err == nil {
					res.Body.Close()
				}
			}
		}
	}()
	var steps atomic.Int64
	var wg sync.WaitGroup
	b.ResetTimer()
	cpu0, start := solvertest.ProcessCPU(), time.Now()
	for i := range clients {
		wg.Go(func() {
			base := url + "/api/env/" + ids[i]
			var answer []byte
			over := true
			for steps.Add(1) <= int64(b.N) {
				var err error
				if over {
					if answer, err = post2(client, base+"/reset", ""); err != nil {
						b.Error(err)
						return
					}
				}
				if answer, err = post2(client, base+"/step", `{"action":`+strconv.Itoa(firstLegal(answer))+`}`); err != nil {
					b.Error(err)
					return
				}
				over = bytes.Contains(answer, []byte(`"terminated":true`)) || bytes.Contains(answer, []byte(`"truncated":true`))
			}
		})
	}
	wg.Wait()
	wall, cpu := time.Since(start), solvertest.ProcessCPU()-cpu0
	b.ReportMetric(float64(b.N)/wall.Seconds(), "steps/s")
	b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-µs/step")
}

// firstLegal reads an answer's action mask as far as its first 1: the
// client's own work kept small, so that the server's shows.
func firstLegal(answer []byte) int {
	i := bytes.Index(answer, []byte(`"action_mask":[`))
	if i < 0 {
		return 0
	}
	a := 0
	for _, c := range answer[i+len(`"action_mask":[`):] {
		switch c {
		case '1':
			return a
		case ',':
			a++
		case ']':
			return 0
		}
	}
	return 0
}

// post2 posts body (none when empty) and returns the answer, or an error
// for a status other than 2xx.
func post2(c *http.Client, url, body string) ([]byte, error) {
	var rd io.Reader
	if body != "" {
		rd = bytes.NewReader([]byte(body))
	}
	res, err := c.Post(url, "application/json", rd)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err == nil && res.StatusCode >= 300 {
		err = fmt.Errorf("%s: %d %s", url, res.StatusCode, data)
	}
	return data, err
}

// BenchmarkEnvStepHandler measures a step through the server's handler
// and middleware without the network: what the server adds to the
// environment's own step.
//
//	go test -run '^$' -bench EnvStepHandler -cpu 1 ./serve
func BenchmarkEnvStepHandler(b *testing.B) {
	s, err := New(Config{Registry: testRegistry(), Launch: testLaunch, CorporaDir: corporaDir,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	h := s.Handler()
	serve := func(path, body string) []byte {
		req := httptest.NewRequest(http.MethodPost, path, bytes.NewReader([]byte(body)))
		req.RemoteAddr = "192.0.2.1:1234"
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code >= 300 {
			b.Fatalf("%s: %d %s", path, rec.Code, rec.Body)
		}
		return rec.Body.Bytes()
	}
	var c envCreated
	if err := json.Unmarshal(serve("/api/env", `{"corpus":"17-clue+28","deck":100}`), &c); err != nil {
		b.Fatal(err)
	}
	base := "/api/env/" + c.ID
	answer := serve(base+"/reset", "")
	b.ResetTimer()
	for range b.N {
		answer = serve(base+"/step", `{"action":`+strconv.Itoa(firstLegal(answer))+`}`)
		if bytes.Contains(answer, []byte(`"terminated":true`)) || bytes.Contains(answer, []byte(`"truncated":true`)) {
			answer = serve(base+"/reset", "")
		}
	}
}
