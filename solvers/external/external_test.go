package external

import (
	"context"
	"strings"
	"testing"
	"time"
)

func TestRunReportsOutputAndExitCode(t *testing.T) {
	out, err := Run(context.Background(), "sh", []string{"-c", "echo out; echo err >&2; exit 10"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(string(out.Stdout)); got != "out" {
		t.Errorf("stdout = %q, want out", got)
	}
	if out.ExitCode != 10 {
		t.Errorf("exit code = %d, want 10", out.ExitCode)
	}
	if out.Tail(100) != "err" {
		t.Errorf("tail = %q, want stderr's err", out.Tail(100))
	}
}

func TestRunFeedsStdin(t *testing.T) {
	out, err := Run(context.Background(), "cat", nil, strings.NewReader("p cnf 1 1\n"))
	if err != nil || string(out.Stdout) != "p cnf 1 1\n" {
		t.Fatalf("cat echoed %q, err %v", out.Stdout, err)
	}
}

func TestRunKillsTheProcessGroupOnCancel(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	// The shell's child sleep would keep the pipes open if only the shell died.
	out, err := Run(ctx, "sh", []string{"-c", "sleep 30 & sleep 30; echo never"}, nil)
	if err != context.DeadlineExceeded {
		t.Fatalf("err = %v, want deadline exceeded", err)
	}
	if strings.Contains(string(out.Stdout), "never") {
		t.Fatal("the program ran to the end")
	}
}

func TestAvailableNamesThePackage(t *testing.T) {
	p := Program{Name: "no-such-solver-xyz", Package: "no-such-package"}
	err := p.Available()
	if err == nil || !strings.Contains(err.Error(), "apt-get install no-such-package") {
		t.Fatalf("Available() = %v, want an install hint", err)
	}
	if v := p.Version(); v != "unavailable" {
		t.Errorf("Version() = %q, want unavailable", v)
	}
	if (Program{Name: "sh", Package: "dash"}).Available() != nil {
		t.Error("sh should be available")
	}
}
