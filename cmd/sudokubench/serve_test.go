package main

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"regexp"
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
