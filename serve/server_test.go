package serve

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestPageIsEmbedded checks that the page and its files come from the
// binary, under a content policy that allows nothing from elsewhere.
func TestPageIsEmbedded(t *testing.T) {
	_, ts := newTestServer(t, nil)
	for path, want := range map[string]string{
		"/":          `<div id="grid" role="group"`,
		"/app.js":    "async function solveAll()",
		"/style.css": "#grid",
	} {
		a := get(t, ts, path)
		if a.code != http.StatusOK || !strings.Contains(string(a.body), want) {
			t.Errorf("%s: %d, want 200 with %q", path, a.code, want)
		}
		if a.header.Get("Content-Security-Policy") != pagePolicy {
			t.Errorf("%s: content policy %q", path, a.header.Get("Content-Security-Policy"))
		}
	}
	for _, page := range []string{"/", "/app.js", "/style.css"} {
		// The SVG namespace is a name, not a place the page loads from.
		body := strings.ReplaceAll(string(get(t, ts, page).body), `"http://www.w3.org/2000/svg"`, "")
		if strings.Contains(body, "http://") || strings.Contains(body, "https://") || strings.Contains(body, "//cdn") {
			t.Errorf("%s refers to another host", page)
		}
	}
	if a := post(t, ts, "/", "{}"); a.code != http.StatusMethodNotAllowed {
		t.Errorf("POST /: %d, want 405", a.code)
	}
	if a := get(t, ts, "/nothing.html"); a.code != http.StatusNotFound {
		t.Errorf("GET /nothing.html: %d, want 404", a.code)
	}
}

// syncBuffer is a buffer that concurrent loggers may write to.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestRequestsAreLogged checks one structured line per request.
func TestRequestsAreLogged(t *testing.T) {
	var logs syncBuffer
	_, ts := newTestServer(t, func(c *Config) { c.Logger = slog.New(slog.NewTextHandler(&logs, nil)) })
	post(t, ts, "/api/solve", map[string]any{"puzzle": top95})
	get(t, ts, "/api/generate?size=7")
	for _, want := range []string{
		"msg=request method=POST path=/api/solve status=200",
		"msg=request method=GET path=/api/generate status=400",
	} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("logs lack %q:\n%s", want, logs.String())
		}
	}
}

// TestServeShutsDownGracefully starts a real listener, cancels the server
// while a solve is in flight, and checks that the solve is answered, that
// Serve returns, and that nothing listens afterwards.
func TestServeShutsDownGracefully(t *testing.T) {
	s, err := New(Config{Registry: testRegistry(), Launch: testLaunch, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()
	url := "http://" + ln.Addr().String()

	answered := make(chan *http.Response, 1)
	go func() {
		res, err := http.Post(url+"/api/solve", "application/json",
			strings.NewReader(`{"puzzle": "`+top95+`", "solver": "test/hang", "timeout": "1s"}`))
		if err != nil {
			t.Error(err)
		}
		answered <- res
	}()
	waitInFlight(t, s)
	cancel()
	if res := <-answered; res == nil || res.StatusCode != http.StatusOK {
		t.Fatalf("the solve in flight at shutdown got %v", res)
	} else {
		res.Body.Close()
	}
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("Serve: %v", err)
		}
	case <-time.After(shutdownGrace + 5*time.Second):
		t.Fatal("Serve did not return after shutdown")
	}
	if _, err := http.Get(url + "/api/solvers"); err == nil {
		t.Error("the server still answers after shutdown")
	}
}

// TestConfigDefaultsAndChecks checks New's refusals and the timeouts it
// derives.
func TestConfigDefaultsAndChecks(t *testing.T) {
	if _, err := New(Config{}); err == nil {
		t.Error("New without a registry and a launcher succeeded")
	}
	for _, c := range []struct {
		name   string
		change func(*Config)
		want   string
	}{
		{"timeout over the maximum", func(c *Config) { c.Timeout, c.MaxTimeout = time.Hour-time.Second, time.Minute }, "default timeout 59m59s exceeds the maximum 1m0s"},
		{"workers=-1", func(c *Config) { c.Workers = -1 }, "Config.Workers -1: want 1 to 256, or 0 for one per CPU"},
		{"workers=100000", func(c *Config) { c.Workers = 100000 }, "Config.Workers 100000: want 1 to 256"},
		{"timeout=1ns", func(c *Config) { c.Timeout = time.Nanosecond }, "Config.Timeout 1ns: want 1ms to 1h0m0s"},
		{"max-timeout=-1s", func(c *Config) { c.MaxTimeout = -time.Second }, "Config.MaxTimeout -1s: want 1ms to 1h0m0s"},
		{"max-timeout=2h", func(c *Config) { c.MaxTimeout = 2 * time.Hour }, "Config.MaxTimeout 2h0m0s: want 1ms to 1h0m0s"},
		{"mem=1B", func(c *Config) { c.MemBytes = 1 }, "Config.MemBytes 1 B: a worker needs at least 64 MiB, or 0 for no limit"},
		{"max-inflight=-1", func(c *Config) { c.MaxInFlight = -1 }, "Config.MaxInFlight -1: want 1 to 10000"},
		{"max-body=-1", func(c *Config) { c.MaxBody = -1 }, "Config.MaxBody -1"},
		{"corpora missing", func(c *Config) { c.CorporaDir = "no-such-corpora" }, "corpus data directory no-such-corpora (from --corpora) does not exist"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := Config{Registry: testRegistry(), Launch: testLaunch}
			c.change(&cfg)
			s, err := New(cfg)
			if err == nil {
				s.Close()
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("New: %v, want an error with %q", err, c.want)
			}
		})
	}
	s, err := New(Config{Registry: testRegistry(), Launch: testLaunch})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.cfg.Timeout != DefaultTimeout || s.cfg.BodyTimeout != DefaultBodyTimeout || s.cfg.Workers < 1 || cap(s.inFlight) != DefaultMaxInFlight || s.writeTimeout() <= 2*s.cfg.MaxTimeout {
		t.Errorf("defaults: %+v, write timeout %s", s.cfg, s.writeTimeout())
	}
}

// TestSlowBodiesHoldNoRequestSlot opens more connections than the server
// has request slots, each sending a solve's headers and the first byte of
// its body, then nothing: a client trickling its body, or one gone. A
// normal request beside them must be answered, and each slow one must get
// 408 once its body's time is up.
func TestSlowBodiesHoldNoRequestSlot(t *testing.T) {
	const slots, slow = 2, 4
	s, _ := newTestServer(t, func(c *Config) { c.MaxInFlight = slots; c.BodyTimeout = 2 * time.Second })
	var entered atomic.Int32
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		entered.Add(1)
		s.Handler().ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close) // after the connections close
	conns := make([]net.Conn, slow)
	for i := range conns {
		conns[i] = startSlowBody(t, ts.Listener.Addr().String())
	}
	if !waitUntil(t, 10*time.Second, func() bool { return entered.Load() == slow }) {
		t.Fatal("the slow requests never reached the server's handler")
	}
	// Had the slow requests taken slots on entering, they would fill
	// them now.
	waitUntil(t, 500*time.Millisecond, func() bool { return len(s.inFlight) == slots })

	a := post(t, ts, "/api/solve", map[string]any{"puzzle": top95})
	if a.code != http.StatusOK {
		t.Errorf("a solve beside %d slow bodies: %d %s, want 200", slow, a.code, a.body)
	}
	for i, conn := range conns {
		if err := conn.SetReadDeadline(time.Now().Add(30 * time.Second)); err != nil {
			t.Fatal(err)
		}
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("slow request %d: %v", i, err)
		}
		a := read(t, res)
		if e := a.refusal(t); a.code != http.StatusRequestTimeout || !strings.Contains(e.Error, "did not arrive within 2s") {
			t.Errorf("slow request %d: %d %q, want 408 saying the body is late", i, a.code, e.Error)
		}
	}
}

// startSlowBody sends a solve request's headers and one byte of its
// 200-byte body, and leaves the connection open.
func startSlowBody(t *testing.T, addr string) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	head := "POST /api/solve HTTP/1.1\r\nHost: " + addr + "\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"
	if _, err := io.WriteString(conn, head); err != nil {
		t.Fatal(err)
	}
	return conn
}

// waitUntil polls cond until it holds or d has passed, and says which.
func waitUntil(t *testing.T, d time.Duration, cond func() bool) bool {
	t.Helper()
	for deadline := time.Now().Add(d); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			return false
		}
	}
	return true
}
