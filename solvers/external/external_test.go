package external

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// allocEnv makes the test binary a program that touches that many MiB and
// exits: a child whose peak is known.
const allocEnv = "SUDOKUBENCH_TEST_ALLOC_MIB"

// holdEnv makes the allocating test binary, once it has touched its
// memory, create the file it names and wait to be killed: a descendant
// that a program leaves running.
const holdEnv = "SUDOKUBENCH_TEST_HOLD"

func TestMain(m *testing.M) {
	if mib, err := strconv.Atoi(os.Getenv(allocEnv)); err == nil {
		b := make([]byte, mib<<20)
		for i := 0; i < len(b); i += 4096 {
			b[i] = 1
		}
		fmt.Println(b[len(b)/2])
		if ready := os.Getenv(holdEnv); ready != "" {
			os.WriteFile(ready, nil, 0o600)
			time.Sleep(time.Minute)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// heldByParent is touched memory the parent holds while it runs programs:
// a child's rusage peak would include it (Go starts children with vfork
// semantics), its own peak must not.
var heldByParent []byte

// An outside program's peak is its own: the test binary touching 64 MiB
// while its parent holds 256 MiB reports between 64 and 128 MiB.
func TestPeakIsTheProgramsOwn(t *testing.T) {
	heldByParent = make([]byte, 256<<20)
	for i := 0; i < len(heldByParent); i += 4096 {
		heldByParent[i] = 1
	}
	defer func() { heldByParent = nil }()
	t.Setenv(allocEnv, "64")
	ctx, meter := WithMeter(context.Background())
	out, err := Run(ctx, os.Args[0], nil, nil)
	if err != nil || out.ExitCode != 0 {
		t.Fatalf("exit %d, %v: %s", out.ExitCode, err, out.Tail(200))
	}
	if noTrace.Load() {
		if out.PeakRSS != 0 {
			t.Fatalf("untraced run reported a peak of %d bytes", out.PeakRSS)
		}
		t.Skip("this kernel refuses ptrace here: peaks are not measured (reported as 0)")
	}
	if out.PeakRSS < 64<<20 || out.PeakRSS > 128<<20 || out.TreePeakRSS != out.PeakRSS {
		t.Errorf("peak %d MiB, tree %d MiB; want the program's own 64-128 MiB (its parent holds 256 MiB), both the same", out.PeakRSS>>20, out.TreePeakRSS>>20)
	}
	if sum, tree, runs := meter.Peaks(); sum != out.PeakRSS || tree != out.TreePeakRSS || runs != 1 {
		t.Errorf("the context's meter says %d, %d bytes over %d runs; want the run's %d, %d over 1", sum, tree, runs, out.PeakRSS, out.TreePeakRSS)
	}
}

// A Meter gathers the runs under its own context only, the largest of
// each figure, and knows no figure once a run's peak is unknown.
func TestMeterTravelsWithItsContext(t *testing.T) {
	t.Setenv(allocEnv, "32")
	ctx, meter := WithMeter(context.Background())
	other, otherMeter := WithMeter(context.Background())
	for _, c := range []context.Context{ctx, ctx, other, context.Background()} {
		if out, err := Run(c, os.Args[0], nil, nil); err != nil || out.ExitCode != 0 {
			t.Fatalf("exit %d, %v: %s", out.ExitCode, err, out.Tail(200))
		}
	}
	if noTrace.Load() {
		t.Skip("this kernel refuses ptrace here: peaks are not measured (reported as 0)")
	}
	if sum, tree, runs := meter.Peaks(); runs != 2 || sum < 32<<20 || tree < 32<<20 {
		t.Errorf("meter: %d runs, peaks %d and %d bytes; want 2 runs of at least 32 MiB", runs, sum, tree)
	}
	if _, _, runs := otherMeter.Peaks(); runs != 1 {
		t.Errorf("the other context's meter counted %d runs, want 1", runs)
	}
	meter.add(Output{}) // a run whose peak could not be read
	if sum, tree, runs := meter.Peaks(); sum != 0 || tree != 0 || runs != 3 {
		t.Errorf("after a run of unknown peak: %d, %d bytes over %d runs; want 0, 0 over 3", sum, tree, runs)
	}
}

func TestRunReturnsOutputAndExitCode(t *testing.T) {
	out, err := Run(context.Background(), "sh", []string{"-c", "cat; echo out; echo err >&2; exit 3"}, strings.NewReader("in\n"))
	if err != nil {
		t.Fatal(err)
	}
	if out.ExitCode != 3 || string(out.Stdout) != "in\nout\n" || string(out.Stderr) != "err\n" || out.Tail(10) != "err" {
		t.Errorf("exit %d, stdout %q, stderr %q", out.ExitCode, out.Stdout, out.Stderr)
	}
}

func TestRunStopsAtTheContextsEnd(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	out, err := Run(ctx, "sh", []string{"-c", "sleep 10 & sleep 10; wait"}, nil)
	if !errors.Is(err, context.DeadlineExceeded) || out.ExitCode != -1 {
		t.Errorf("exit %d, error %v; want the context's error and a killed process", out.ExitCode, err)
	}
	if elapsed := time.Since(start); elapsed > 5*time.Second {
		t.Errorf("returned after %s: the process group was not killed", elapsed)
	}
}

func TestRunNamesAMissingProgram(t *testing.T) {
	_, err := Run(context.Background(), "sudokubench-no-such-program", nil, nil)
	if err == nil || !strings.Contains(err.Error(), "sudokubench-no-such-program") {
		t.Errorf("error %v, want one naming the program", err)
	}
}

// Directories of dead processes are removed; those of live ones, and
// anything else, stay.
func TestRemoveStale(t *testing.T) {
	parent := t.TempDir()
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{ // name: should remain
		fmt.Sprintf("sudokubench-sat-%d-123", dead.Process.Pid):  false,
		fmt.Sprintf("sudokubench-milp-%d-456", dead.Process.Pid): false,
		fmt.Sprintf("sudokubench-sat-%d-789", os.Getpid()):       true,
		"sudokubench-sat-1-1": true, // init
		"sudokubench-sat-abc": true, // not ours to judge
		"other-1234-5":        true,
	}
	for name := range names {
		if err := os.Mkdir(filepath.Join(parent, name), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	if n := RemoveStale(parent); n != 2 {
		t.Errorf("removed %d directories, want 2", n)
	}
	for name, remains := range names {
		_, err := os.Stat(filepath.Join(parent, name))
		if (err == nil) != remains {
			t.Errorf("%s: remains %v, want %v", name, err == nil, remains)
		}
	}
}

func TestTempDirNamesItsOwner(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	dir, cleanup, err := TempDir("sat")
	if err != nil {
		t.Fatal(err)
	}
	if pid, ok := ownerPID(filepath.Base(dir)); !ok || pid != os.Getpid() {
		t.Errorf("%s: owner %d, %v; want this process", dir, pid, ok)
	}
	cleanup()
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("cleanup left %s", dir)
	}
}

// A pipeline feeds each program's output to the next and returns the
// last one's, with every program's exit status and all their stderr.
func TestRunPipelineConnectsThePrograms(t *testing.T) {
	out, err := RunPipeline(context.Background(), []Command{
		{Name: "sh", Args: []string{"-c", "tr a-z A-Z; echo first >&2; exit 3"}},
		{Name: "sh", Args: []string{"-c", "cat; echo second >&2; exit 4"}},
	}, strings.NewReader("in\n"))
	if err != nil {
		t.Fatal(err)
	}
	if string(out.Stdout) != "IN\n" || out.ExitCode != 4 || !slices.Equal(out.Exits, []int{3, 4}) {
		t.Errorf("stdout %q, exit %d, exits %v; want IN, 4, [3 4]", out.Stdout, out.ExitCode, out.Exits)
	}
	if s := string(out.Stderr); !strings.Contains(s, "first") || !strings.Contains(s, "second") {
		t.Errorf("stderr %q lacks a program's", s)
	}
}

// A done context kills every program of a pipeline, not only the last.
func TestRunPipelineStopsEveryProgram(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	out, err := RunPipeline(ctx, []Command{
		{Name: "sh", Args: []string{"-c", "sleep 10; echo late"}},
		{Name: "cat"},
	}, nil)
	if !errors.Is(err, context.DeadlineExceeded) || out.ExitCode != -1 {
		t.Errorf("exit %d, error %v; want the context's error and killed programs", out.ExitCode, err)
	}
	if elapsed := time.Since(start); elapsed > 5*time.Second {
		t.Errorf("returned after %s: the pipeline was not killed", elapsed)
	}
}

// A pipeline whose second program is missing starts nothing and says which.
func TestRunPipelineNamesAMissingProgram(t *testing.T) {
	_, err := RunPipeline(context.Background(), []Command{{Name: "cat"}, {Name: "sudokubench-no-such-program"}}, nil)
	if err == nil || !strings.Contains(err.Error(), "sudokubench-no-such-program") {
		t.Errorf("error %v, want one naming the missing program", err)
	}
}

// The peak of a pipeline is the sum of its programs' own peaks: they run
// at the same time.
func TestPipelinePeakIsTheSum(t *testing.T) {
	t.Setenv(allocEnv, "48")
	out, err := RunPipeline(context.Background(), []Command{{Name: os.Args[0]}, {Name: os.Args[0]}}, nil)
	if err != nil || out.ExitCode != 0 {
		t.Fatalf("exit %d, %v: %s", out.ExitCode, err, out.Tail(200))
	}
	if noTrace.Load() {
		t.Skip("this kernel refuses ptrace here: peaks are not measured (reported as 0)")
	}
	if out.PeakRSS < 96<<20 || out.PeakRSS > 192<<20 || out.TreePeakRSS != out.PeakRSS {
		t.Errorf("peak %d MiB, tree %d MiB; want both the sum of two programs' 48-96 MiB", out.PeakRSS>>20, out.TreePeakRSS>>20)
	}
}

// The tree's peak adds the processes that live at the same time and
// only those: a wrapper that runs two memory-hungry children one after
// another peaks at about one child's, one that runs them together at
// about the sum, and one that replaces itself by a child (exec) at about
// the child's. The sum of lifetime peaks (PeakRSS) adds them all.
func TestTreePeakAddsOnlyWhatLivesTogether(t *testing.T) {
	t.Setenv(allocEnv, "96")
	const child = 96 << 20
	for _, c := range []struct {
		name, script string
		lo, hi       uint64 // the tree's peak
		sumAtLeast   uint64
	}{
		{"one after another", `"$0"; "$0"; true`, child, child + 32<<20, 2 * child},
		{"together", `"$0" & "$0"; wait`, 2 * child, 2*child + 32<<20, 2 * child},
		{"exec", `exec "$0"`, child, child + 32<<20, child},
		{"exec of a wrapper", `exec sh -c '"$0"; "$0"; true' "$0"`, child, child + 32<<20, 2 * child},
	} {
		t.Run("wrapper="+c.name, func(t *testing.T) {
			out, err := Run(context.Background(), "sh", []string{"-c", c.script, os.Args[0]}, nil)
			if err != nil || out.ExitCode != 0 {
				t.Fatalf("exit %d, %v: %s", out.ExitCode, err, out.Tail(200))
			}
			if noTrace.Load() {
				t.Skip("this kernel refuses ptrace here: peaks are not measured (reported as 0)")
			}
			t.Logf("tree peak %d MiB, sum of peaks %d MiB", out.TreePeakRSS>>20, out.PeakRSS>>20)
			if out.TreePeakRSS < c.lo || out.TreePeakRSS > c.hi {
				t.Errorf("tree peak %d MiB, want %d-%d MiB", out.TreePeakRSS>>20, c.lo>>20, c.hi>>20)
			}
			if out.PeakRSS < c.sumAtLeast {
				t.Errorf("sum of peaks %d MiB, want at least %d MiB", out.PeakRSS>>20, c.sumAtLeast>>20)
			}
		})
	}
}

// A process that a program leaves running is killed when the programs
// end, and its memory counts in the tree's peak: it was alive with them.
func TestTreePeakCountsALeftoverDescendant(t *testing.T) {
	ready := filepath.Join(t.TempDir(), "ready")
	t.Setenv(allocEnv, "96")
	t.Setenv(holdEnv, ready)
	script := `"$0" >/dev/null & while [ ! -e "$1" ]; do sleep 0.01; done`
	out, err := Run(context.Background(), "sh", []string{"-c", script, os.Args[0], ready}, nil)
	if err != nil || out.ExitCode != 0 {
		t.Fatalf("exit %d, %v: %s", out.ExitCode, err, out.Tail(200))
	}
	if noTrace.Load() {
		t.Skip("this kernel refuses ptrace here: peaks are not measured (reported as 0)")
	}
	if out.TreePeakRSS < 96<<20 {
		t.Errorf("tree peak %d MiB, want the 96 MiB the leftover process held, and more", out.TreePeakRSS>>20)
	}
}

// treePeak adds the images that are alive at one event, and only those.
func TestTreePeakOfImages(t *testing.T) {
	for _, c := range []struct {
		name   string
		images []image
		want   uint64
	}{
		{"none", nil, 0},
		{"one", []image{{0, 5, 7}}, 7},
		{"a parent and two children in turn", []image{{0, 10, 3}, {2, 4, 50}, {5, 8, 40}}, 53},
		{"a parent and two children together", []image{{0, 10, 3}, {2, 6, 50}, {3, 8, 40}}, 93},
		{"an image ends as the next begins", []image{{0, 4, 50}, {4, 8, 40}}, 50},
	} {
		t.Run("images="+c.name, func(t *testing.T) {
			if got := treePeak(c.images); got != c.want {
				t.Errorf("treePeak = %d, want %d", got, c.want)
			}
		})
	}
}

// A program that replaces itself (a wrapper script's exec, a pyenv shim)
// runs to its end: the exec's trap stop is resumed, not delivered.
func TestRunFollowsExec(t *testing.T) {
	out, err := Run(context.Background(), "sh", []string{"-c", "exec sh -c 'exec echo replaced'"}, nil)
	if err != nil || out.ExitCode != 0 || string(out.Stdout) != "replaced\n" {
		t.Errorf("exit %d, stdout %q, err %v; want exit 0 and the exec'd program's output", out.ExitCode, out.Stdout, err)
	}
}

// A program's peak includes the processes it starts: a shell that runs
// the test binary touching 200 MiB, and waits for it, reports at least
// that.
func TestPeakFollowsForks(t *testing.T) {
	t.Setenv(allocEnv, "200")
	out, err := Run(context.Background(), "sh", []string{"-c", `"$0"; true`, os.Args[0]}, nil)
	if err != nil || out.ExitCode != 0 {
		t.Fatalf("exit %d, %v: %s", out.ExitCode, err, out.Tail(200))
	}
	if noTrace.Load() {
		t.Skip("this kernel refuses ptrace here: peaks are not measured (reported as 0)")
	}
	if out.PeakRSS < 200<<20 || out.PeakRSS > 400<<20 {
		t.Errorf("peak %d MiB, want the forked program's 200 MiB and the shell's few", out.PeakRSS>>20)
	}
}

// A process that a program leaves running ends with the run.
func TestRunEndsLeftoverDescendants(t *testing.T) {
	out, err := Run(context.Background(), "sh", []string{"-c", "sleep 60 >/dev/null 2>&1 & echo $!"}, nil)
	if err != nil || out.ExitCode != 0 {
		t.Fatalf("exit %d, %v: %s", out.ExitCode, err, out.Tail(200))
	}
	if noTrace.Load() {
		t.Skip("this kernel refuses ptrace here: descendants are not traced")
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(out.Stdout)))
	if err != nil {
		t.Fatalf("stdout %q: %v", out.Stdout, err)
	}
	if state := processState(pid); state != "" && state != "Z" {
		t.Errorf("the background sleep (pid %d) outlived the run: state %s", pid, state)
	}
}

// processState is the state letter of a process ("Z" for a zombie), ""
// when there is no such process.
func processState(pid int) string {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return ""
	}
	// The command name, in parentheses, may hold spaces: the state
	// follows its closing parenthesis.
	_, rest, _ := strings.Cut(string(stat), ") ")
	state, _, _ := strings.Cut(rest, " ")
	return state
}

// A process that leaves the program's process group (as MiniZinc's
// solver does) is still followed: the program that waits for it ends,
// and its peak counts.
func TestPeakFollowsAProcessThatLeavesTheGroup(t *testing.T) {
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("needs setsid (util-linux)")
	}
	t.Setenv(allocEnv, "64")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	out, err := Run(ctx, "sh", []string{"-c", `setsid "$0"; true`, os.Args[0]}, nil)
	if err != nil || out.ExitCode != 0 {
		t.Fatalf("exit %d, %v: %s", out.ExitCode, err, out.Tail(200))
	}
	if noTrace.Load() {
		t.Skip("this kernel refuses ptrace here: peaks are not measured (reported as 0)")
	}
	if out.PeakRSS < 64<<20 {
		t.Errorf("peak %d MiB, want the 64 MiB of the process in a session of its own and more", out.PeakRSS>>20)
	}
}
