package serve

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
)

// checkJSONError fails unless a is a JSON error of the given status that
// names none of paths.
func checkJSONError(t *testing.T, a answer, code int, paths []string) {
	t.Helper()
	if !strings.HasPrefix(a.header.Get("Content-Type"), "application/json") {
		t.Errorf("answer %d of type %q: %s; want a JSON error", a.code, a.header.Get("Content-Type"), a.body)
		return
	}
	if e := a.refusal(t); a.code != code || e.Error == "" {
		t.Errorf("answer %d %q, want %d with a message", a.code, e.Error, code)
	}
	for _, p := range paths {
		if strings.Contains(string(a.body), p) {
			t.Errorf("answer %d names the server's path %s: %s", a.code, p, a.body)
		}
	}
}

// TestOversizedHeadersGetJSON431 sends headers over the server's limit to
// a server started as the command starts it: the answer is the API's JSON
// 431, not net/http's plain text.
func TestOversizedHeadersGetJSON431(t *testing.T) {
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
	defer func() {
		cancel()
		<-served
	}()
	req, err := http.NewRequest("GET", "http://"+ln.Addr().String()+"/api/solvers", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("X-Padding", strings.Repeat("x", 100<<10))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	a := read(t, res)
	checkJSONError(t, a, http.StatusRequestHeaderFieldsTooLarge, nil)
	if e := a.refusal(t); !strings.Contains(e.Error, "over the limit of 64 KiB") {
		t.Errorf("message %q, want the limit", e.Error)
	}
}
