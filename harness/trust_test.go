package harness

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/harness/outfile"
	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/harness/provenance"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/store"
	"github.com/sudokubench/sudokubench/internal/harnesstest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// tinyConfig is one solver on two puzzles, once each.
func tinyConfig(out, solver string) Config {
	cfg := testConfig(out)
	cfg.Solvers, cfg.Corpora, cfg.Limit, cfg.Reps = solver, []string{"norvig-top95"}, 2, 1
	return cfg
}

// Every record says when it started, on which host and by which build; the
// manifest names the build from the binary's own stamp, never from git in
// the working directory (this test runs inside a git checkout, and a test
// binary carries no stamp), hashes the binary, and records the load.
func TestRecordsCarryProvenance(t *testing.T) {
	cfg := tinyConfig(t.TempDir(), "exactcover/dlx")
	before := time.Now().UTC()
	if _, err := Bench(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	after := time.Now().UTC()
	host, _ := os.Hostname()
	recs := readRecords(t, cfg.Out)
	for _, r := range recs {
		if r.Started.Before(before) || r.Started.After(after) || r.Started.Location() != time.UTC {
			t.Errorf("%s started %v, want a UTC time between %v and %v", r.Key(), r.Started, before, after)
		}
		if r.Host != host || r.Build != record.UnknownBuild {
			t.Errorf("%s: host %q build %q, want %q and %q", r.Key(), r.Host, r.Build, host, record.UnknownBuild)
		}
		if g, err := sudoku.ParseLine(r.Puzzle, sudoku.Classic); err != nil || g.SHA256() != r.PuzzleSHA || r.Schema != 1 {
			t.Errorf("%s: puzzle %q (%v) schema %d, want the puzzle whose SHA-256 is %s, schema 1", r.Key(), r.Puzzle, err, r.Schema, r.PuzzleSHA)
		}
	}
	m, err := record.ReadManifest(filepath.Join(cfg.Out, record.ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	exe, _ := corpora.FileSHA256(os.Args[0])
	if m.Commit != record.UnknownBuild || m.Dirty || m.Executable != exe || len(exe) != 64 {
		t.Errorf("manifest build %q dirty %v executable %q, want %q, false, %q", m.Commit, m.Dirty, m.Executable, record.UnknownBuild, exe)
	}
	now, err := provenance.LoadAverages()
	if err != nil || (now[2] > 0 && (m.LoadStart[2] == 0 || m.LoadEnd[2] == 0)) {
		t.Errorf("manifest load at start %v, at end %v (now %v, %v)", m.LoadStart, m.LoadEnd, now, err)
	}
}

// A benchmark recorded by another build is not resumed unless asked.
func TestResumeRefusesAnotherBuild(t *testing.T) {
	cfg := tinyConfig(t.TempDir(), "exactcover/dlx")
	if _, err := Bench(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(cfg.Out, record.ManifestFile)
	m, err := record.ReadManifest(path)
	if err != nil {
		t.Fatal(err)
	}
	own := *m
	cfg.Resume = true
	for _, other := range []func(*record.Manifest){
		func(m *record.Manifest) { m.Commit, m.Dirty = "0123abcd", false },
		func(m *record.Manifest) { m.Executable = strings.Repeat("0", 64) },
	} {
		changed := own
		other(&changed)
		if err := record.WriteManifest(path, &changed); err != nil {
			t.Fatal(err)
		}
		cfg.AllowOtherBuild = false
		if _, err := Bench(context.Background(), cfg); !errors.Is(err, plan.ErrInput) || !strings.Contains(err.Error(), "--allow-other-build") {
			t.Errorf("resume under another build: %v, want a refusal (a usage error) naming --allow-other-build", err)
		}
		cfg.AllowOtherBuild = true
		if _, err := Bench(context.Background(), cfg); err != nil {
			t.Errorf("resume with --allow-other-build: %v", err)
		}
	}
}

// A directory has one writer: a second run or a merge into it is refused
// with the holder's pid, and the lock goes when its holder does.
func TestOneWriterPerDirectory(t *testing.T) {
	out := t.TempDir()
	held, err := store.LockDir(out, "run")
	if err != nil {
		t.Fatal(err)
	}
	cfg := tinyConfig(out, "exactcover/dlx")
	pid := "pid " + strconv.Itoa(os.Getpid())
	if _, err := Bench(context.Background(), cfg); !errors.Is(err, store.ErrLocked) || !strings.Contains(err.Error(), pid) {
		t.Errorf("second writer: %v, want a refusal naming %s", err, pid)
	}
	piece := tinyConfig(t.TempDir(), "exactcover/dlx")
	if _, err := Bench(context.Background(), piece); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Merge([]string{piece.Out}, out); !errors.Is(err, store.ErrLocked) {
		t.Errorf("merge into a held directory: %v, want a refusal", err)
	}
	if err := held.Release(); err != nil {
		t.Fatal(err)
	}
	if _, err := Bench(context.Background(), cfg); err != nil {
		t.Errorf("after the holder let go: %v", err)
	}
}

// A run's files written in place (its writer lock, its records, its
// certificates) are never written through a symbolic link or into a file
// with other names: the lock's holder line would replace a user's file,
// and a run copied with cp -al would append to the original's records.
// Nothing is written, and the refusal is a usage error.
func TestRunFilesAreWrittenOnlyInTheirOwnDirectory(t *testing.T) {
	mine := func(t *testing.T) (string, string) {
		t.Helper()
		path := filepath.Join(t.TempDir(), "notes.md")
		if err := os.WriteFile(path, []byte("my notes\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return path, "my notes\n"
	}
	tests := []struct {
		name, file string
		link       func(old, new string) error
		resume     bool
	}{
		{"lock=symlink", store.LockFile, os.Symlink, false},
		{"lock=hard-link", store.LockFile, os.Link, false},
		{"records=symlink", record.ResultsFile, os.Symlink, true},
		{"records=hard-link", record.ResultsFile, os.Link, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := tinyConfig(t.TempDir(), "exactcover/dlx")
			if tt.resume {
				if _, err := Bench(context.Background(), cfg); err != nil {
					t.Fatal(err)
				}
				if err := os.Remove(filepath.Join(cfg.Out, tt.file)); err != nil {
					t.Fatal(err)
				}
				cfg.Resume = true
			}
			other, content := mine(t)
			if err := tt.link(other, filepath.Join(cfg.Out, tt.file)); err != nil {
				t.Fatal(err)
			}
			_, err := Bench(context.Background(), cfg)
			if !errors.Is(err, outfile.ErrRefused) || !strings.Contains(err.Error(), tt.file) {
				t.Errorf("run: %v, want a refusal naming %s", err, tt.file)
			}
			if b, _ := os.ReadFile(other); string(b) != content {
				t.Errorf("the file behind %s now holds %q, want %q", tt.file, b, content)
			}
		})
	}
	t.Run("merge", func(t *testing.T) {
		piece := tinyConfig(t.TempDir(), "exactcover/dlx")
		if _, err := Bench(context.Background(), piece); err != nil {
			t.Fatal(err)
		}
		out := t.TempDir()
		other, content := mine(t)
		if err := os.Symlink(other, filepath.Join(out, store.LockFile)); err != nil {
			t.Fatal(err)
		}
		if _, err := store.Merge([]string{piece.Out}, out); !errors.Is(err, outfile.ErrRefused) {
			t.Errorf("merge: %v, want a refusal", err)
		}
		if b, _ := os.ReadFile(other); string(b) != content {
			t.Errorf("the file behind the lock now holds %q, want %q", b, content)
		}
	})
}

// Values that cannot be meant are refused before anything is written.
func TestConfigRefusesNonsense(t *testing.T) {
	tests := []struct {
		name string
		set  func(*Config)
		says string
	}{
		{"limit=-5", func(c *Config) { c.Limit = -5 }, "need 0 (all) or more"},
		{"sample=-5", func(c *Config) { c.Sample = -5 }, "need 0 (all) or more"},
		{"mem=1KiB", func(c *Config) { c.MemBytes = 1 << 10 }, "a worker needs at least 64 MiB"},
		{"solvers=empty", func(c *Config) { c.Solvers = " " }, "no solver given"},
		{"reps=0", func(c *Config) { c.Reps = 0 }, "need 1 to 1000000"},
		{"reps=huge", func(c *Config) { c.Reps = 99999999999999 }, "repetitions 99999999999999: need 1 to 1000000"},
		{"timeout=0", func(c *Config) { c.Timeout = 0 }, "at least 1ms"},
		{"timeout=-1s", func(c *Config) { c.Timeout = -time.Second }, "at least 1ms"},
		{"timeout=1ns", func(c *Config) { c.Timeout = 1 }, "at least 1ms"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := tinyConfig(filepath.Join(t.TempDir(), "out"), "exactcover/dlx")
			tt.set(&cfg)
			if _, err := Bench(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), tt.says) {
				t.Errorf("error %v, want one that says %q", err, tt.says)
			}
			if _, err := os.Stat(cfg.Out); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("a refused benchmark created %s", cfg.Out)
			}
		})
	}
}

// Every record carries the idle worker's resident set; an outside
// program's own peak is recorded beside the worker's, and only for
// pipelines that run one; the pipeline's own memory is the peak above
// the idle worker's for an in-process solver, the program's for an
// outside one.
func TestMemoryBesideTheWorkersPeak(t *testing.T) {
	for _, solver := range []string{"exactcover/dlx", "test/outside"} {
		cfg := tinyConfig(t.TempDir(), solver)
		if _, err := Bench(context.Background(), cfg); err != nil {
			t.Fatal(err)
		}
		for _, r := range readRecords(t, cfg.Out) {
			if r.Status != "solved" || r.BaseRSS == 0 || r.BaseRSS > r.PeakRSS {
				t.Errorf("%s: status %s (%s), base %d, peak %d; want solved with 0 < base ≤ peak", r.Key(), r.Status, r.Detail, r.BaseRSS, r.PeakRSS)
			}
			inside := solver == "exactcover/dlx"
			if r.External == inside {
				t.Errorf("%s: external %v", r.Key(), r.External)
			}
			switch {
			case inside && r.ProgramPeakRSS != 0:
				t.Errorf("%s: a pure-Go run has a program peak of %d bytes", r.Key(), r.ProgramPeakRSS)
			case !inside && r.ProgramPeakRSS == 0:
				t.Logf("%s: program peak not measured here (ptrace refused?)", r.Key())
			case !inside && (r.ProgramPeakRSS < harnesstest.OutsideMiB<<20 || r.ProgramPeakRSS > 4*harnesstest.OutsideMiB<<20):
				t.Errorf("%s: program peak %d MiB, want the shell's own %d-%d MiB", r.Key(), r.ProgramPeakRSS>>20, harnesstest.OutsideMiB, 4*harnesstest.OutsideMiB)
			}
			switch {
			case inside && (r.OwnPeak == nil || *r.OwnPeak != r.PeakRSS-r.BaseRSS):
				t.Errorf("%s: own peak %v, want the peak above the idle worker's, %d", r.Key(), r.OwnPeak, r.PeakRSS-r.BaseRSS)
			case !inside && r.ProgramPeakRSS == 0 && r.OwnPeak != nil:
				t.Errorf("%s: own peak %d with the program's unmeasured", r.Key(), *r.OwnPeak)
			case !inside && r.ProgramPeakRSS != 0 && (r.OwnPeak == nil || *r.OwnPeak != r.ProgramPeakRSS):
				t.Errorf("%s: own peak %v, want the one program's %d", r.Key(), r.OwnPeak, r.ProgramPeakRSS)
			}
		}
	}
}

// Without --out a benchmark gets a directory of its own below results/; one
// that does not start leaves none behind.
func TestDefaultResultDirectory(t *testing.T) {
	t.Chdir(t.TempDir())
	cfg := tinyConfig("", "exactcover/dlx")
	cfg.CorporaDir = ""
	sum, err := Bench(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Dir(sum.Out) != DefaultResultsDir || len(readRecords(t, sum.Out)) != 2 {
		t.Errorf("results in %q, want 2 records in a directory below %s", sum.Out, DefaultResultsDir)
	}
	cfg.Corpora = []string{"no-such-corpus"}
	if _, err := Bench(context.Background(), cfg); err == nil {
		t.Fatal("a benchmark of an unknown corpus started")
	}
	if entries, _ := os.ReadDir(DefaultResultsDir); len(entries) != 1 {
		t.Errorf("%d directories in %s, want the first benchmark's alone", len(entries), DefaultResultsDir)
	}
}

// A defined pipeline's program peak includes the processes its program
// starts: a wrapper script that runs a program touching forkingMiB before
// CaDiCaL records a peak above forkingMiB. Its own peak, the most its
// process tree held at once, does not add CaDiCaL's, which ran after.
func TestDefinedPipelinePeakIncludesItsProgramsChildren(t *testing.T) {
	harnesstest.NeedCadical(t)
	cfg := tinyConfig(t.TempDir(), "sat/forking-cadical")
	cfg.Timeout = 30 * time.Second // a busy machine, and 200 MiB touched per call
	in, err := cfg.Registry.Lookup("sat/forking-cadical")
	if err != nil {
		t.Fatal(err)
	}
	if err := in.Check(); err != nil {
		t.Skip(err)
	}
	if _, err := Bench(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	for _, r := range readRecords(t, cfg.Out) {
		switch {
		case r.Status != "solved":
			t.Errorf("%s: status %s (%s), want solved", r.Key(), r.Status, r.Detail)
		case r.ProgramPeakRSS == 0:
			t.Logf("%s: program peak not measured here (ptrace refused?)", r.Key())
		case r.ProgramPeakRSS < harnesstest.ForkingMiB<<20:
			t.Errorf("%s: program peak %d MiB, want above the %d MiB its wrapper's child touched", r.Key(), r.ProgramPeakRSS>>20, harnesstest.ForkingMiB)
		case r.OwnPeak == nil || *r.OwnPeak < harnesstest.ForkingMiB<<20 || *r.OwnPeak >= r.ProgramPeakRSS:
			t.Errorf("%s: own peak %v, want at least the %d MiB its wrapper's child touched and below the sum of peaks, %d MiB", r.Key(), r.OwnPeak, harnesstest.ForkingMiB, r.ProgramPeakRSS>>20)
		}
	}
}
