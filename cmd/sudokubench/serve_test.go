package main

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestServeCommandAnswersAndStopsOnSIGTERM runs `sudokubench serve` as a
// process: it listens on a loopback port, answers a solve through a worker
// of its own binary, and exits cleanly on SIGTERM.
func TestServeCommandAnswersAndStopsOnSIGTERM(t *testing.T) {
	cmd := exec.Command(os.Args[0], "serve", "--addr", "127.0.0.1:0", "--corpora", "../../corpora/data", "--results", t.TempDir())
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var logs strings.Builder
	cmd.Stderr = &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("no address announced: %v\n%s", err, logs.String())
	}
	url := regexp.MustCompile(`http://127\.0\.0\.1:\d+/`).FindString(line)
	if url == "" {
		t.Fatalf("announced %q, want a loopback URL", line)
	}

	res, err := http.Post(url+"api/solve", "application/json", strings.NewReader(
		`{"puzzle": "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", "mode": "unique"}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	var ans struct {
		Status   string `json:"status"`
		Verified bool   `json:"verified"`
	}
	if err := json.Unmarshal(body, &ans); err != nil || ans.Status != "solved" || !ans.Verified {
		t.Fatalf("solve: %d %s\n%s", res.StatusCode, body, logs.String())
	}

	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("serve exited with %v after SIGTERM\n%s", err, logs.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not exit after SIGTERM")
	}
	for _, want := range []string{"msg=request method=POST path=/api/solve status=200", `msg="shutting down"`} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("logs lack %q:\n%s", want, logs.String())
		}
	}
}

// TestServeRefusesBadFlags checks that serve refuses every flag value out
// of its range, naming the flag and the range, before it listens: each
// case also gives an --addr that cannot be listened on, so that a value
// let through fails there, not by serving.
func TestServeRefusesBadFlags(t *testing.T) {
	notDir := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(notDir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"mem=1", []string{"--mem", "1"}, "--mem 1: a worker needs at least 64 MiB"},
		{"mem=63MiB", []string{"--mem", "63MiB"}, "--mem 63MiB: a worker needs at least 64 MiB"},
		{"mem=lots", []string{"--mem", "lots"}, `--mem: memory size "lots"`},
		{"workers=100000", []string{"--workers", "100000"}, "--workers 100000: want 1 to 256 warm workers per solver, or 0 for one per CPU"},
		{"workers=-1", []string{"--workers", "-1"}, "--workers -1: want 1 to 256"},
		{"max-inflight=-1", []string{"--max-inflight", "-1"}, "--max-inflight -1: want 1 to 10000 requests at once"},
		{"max-inflight=0", []string{"--max-inflight", "0"}, "--max-inflight 0: want 1 to 10000"},
		{"max-inflight=10001", []string{"--max-inflight", "10001"}, "--max-inflight 10001: want 1 to 10000"},
		{"batches=-1", []string{"--batches", "-1"}, "--batches -1: want 1 to 256 batches at once, or 0 for one per CPU"},
		{"batches=257", []string{"--batches", "257"}, "--batches 257: want 1 to 256"},
		{"cache-size=-1", []string{"--cache-size", "-1"}, "--cache-size -1: want 0 (no cache) to 1000000 answers"},
		{"cache-size=1000001", []string{"--cache-size", "1000001"}, "--cache-size 1000001: want 0 (no cache) to 1000000"},
		{"timeout=0", []string{"--timeout", "0"}, "--timeout 0s: want 1ms to --max-timeout (1m0s)"},
		{"timeout=1ns", []string{"--timeout", "1ns"}, "--timeout 1ns: want 1ms"},
		{"timeout over max-timeout", []string{"--max-timeout", "1s"}, "--timeout 5s: want 1ms to --max-timeout (1s)"},
		{"max-timeout=0", []string{"--max-timeout", "0"}, "--max-timeout 0s: want 1ms to 1h0m0s"},
		{"max-timeout=2h", []string{"--max-timeout", "2h"}, "--max-timeout 2h0m0s: want 1ms to 1h0m0s"},
		{"results not a directory", []string{"--results", notDir}, "--results " + notDir + ": not a directory"},
		{"corpora missing", []string{"--corpora", "no-such-dir"}, "corpus data directory no-such-dir (from --corpora) does not exist"},
		{"addr unusable", nil, "--addr 256.0.0.1:0: listen tcp"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := runCLI(t, append([]string{"serve", "--addr", "256.0.0.1:0"}, c.args...)...)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("serve %s: %v (%s), want an error with %q", strings.Join(c.args, " "), err, out, c.want)
			}
		})
	}
}

// TestServeTunesGCUnlessGOGCSet checks that the server collects less
// often than Go's default, and that a GOGC in the environment wins.
func TestServeTunesGCUnlessGOGCSet(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	t.Setenv("GOGC", "")
	os.Unsetenv("GOGC")
	tuneServerGC()
	if got := debug.SetGCPercent(100); got != serverGCPercent {
		t.Errorf("GOGC unset: GC percent %d, want %d", got, serverGCPercent)
	}
	t.Setenv("GOGC", "150")
	tuneServerGC()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GOGC=150 in the environment: tuneServerGC changed the GC percent to %d", got)
	}
}
