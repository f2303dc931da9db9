package certify

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/harness/outfile"
	"github.com/sudokubench/sudokubench/harness/store"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/solvers/registry"
)

// proving is a pipeline that answers with exactcover/dlx in unique mode
// and writes the proof given (none when ""): its unique and unsat claims
// are certified where unit propagation refutes the formula, and its
// multiple ones by the oracle's second solution.
func proving(proof string) solvers.Info {
	return solvers.Info{
		Name: "test/dlx-proving", Family: "sat", PureGo: true,
		Proofs: &solvers.ProofSpec{Encoding: cnf.Options{Encoding: cnf.Extended}},
		New: func() solvers.Solver {
			s := dlx.NewSolver()
			return solvers.SolverFunc(func(ctx context.Context, req solvers.Request) (solvers.Result, error) {
				res, err := s.Solve(ctx, req)
				if err == nil && proof != "" {
					err = os.WriteFile(req.ProofPath, []byte(proof), 0o644)
				}
				return res, err
			})
		},
	}
}

func testConfig(t *testing.T, out string, in solvers.Info) Config {
	return Config{Corpus: "tdoku-tests", Out: out, Solver: in, Oracle: dlx.Oracle{}, Workers: 2}
}

// cadical is certify's default solver, the shipped definition of
// sat/cadical/extended.
func cadical(t *testing.T) solvers.Info {
	in, err := registry.Default().Lookup("sat/cadical/extended")
	if err != nil {
		t.Fatal(err)
	}
	if err := in.Check(); err != nil {
		t.Skip(err)
	}
	return in
}

func readAll(t *testing.T, dir string) ([]Certificate, *Summary) {
	t.Helper()
	certs, err := ReadCertificates(filepath.Join(dir, CertificatesFile))
	if err != nil {
		t.Fatal(err)
	}
	sum, err := ReadSummary(filepath.Join(dir, SummaryFile))
	if err != nil {
		t.Fatal(err)
	}
	return certs, sum
}

// TestCertifyTdokuTests certifies every verdict of tdoku's test puzzles
// with CaDiCaL: unique, unsat and multiple, each as the corpus says.
func TestCertifyTdokuTests(t *testing.T) {
	out := t.TempDir()
	cfg := testConfig(t, out, cadical(t))
	cfg.KeepProofs = true
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	certs, sum := readAll(t, out)
	if res.Written != len(certs) || sum.Puzzles != len(certs) || sum.Certified != len(certs) || sum.Disagreements != 0 {
		t.Fatalf("wrote %d, file holds %d, summary %+v", res.Written, len(certs), sum)
	}
	for _, v := range []string{Unique, Unsat, Multiple} {
		if sum.Verdicts[v] == 0 {
			t.Errorf("no %s verdict among %v", v, sum.Verdicts)
		}
	}
	for _, c := range certs {
		if !c.Certified || c.ProofSHA == "" && c.Verdict != Multiple {
			t.Errorf("%s: %+v", c.ID, c)
		}
		if c.Verdict == Multiple && (c.Second == "" || c.Second == c.Solution) {
			t.Errorf("%s: multiple without a second solution", c.ID)
		}
		if c.Verdict != Multiple {
			if _, err := os.Stat(filepath.Join(out, ProofsDir, proofFileName(c.ID))); err != nil {
				t.Errorf("%s: proof not kept: %v", c.ID, err)
			}
		}
	}
	if len(sum.Calls) != 1 || sum.Calls[0].Certificates != len(certs) || sum.WallNS <= 0 {
		t.Errorf("calls %+v, wall %d", sum.Calls, sum.WallNS)
	}
	if sum.CheckTime.Max < sum.CheckTime.Median || sum.CheckTime.Median <= 0 || sum.ProofSize.Max <= 0 {
		t.Errorf("spreads: check time %+v, proof size %+v", sum.CheckTime, sum.ProofSize)
	}
}

func TestSpread(t *testing.T) {
	for _, tc := range []struct {
		values []float64
		want   Spread
	}{
		{nil, Spread{}},
		{[]float64{7}, Spread{7, 7, 7}},
		{[]float64{10, 9, 8, 7, 6, 5, 4, 3, 2, 1}, Spread{5, 9, 10}},
		{[]float64{3, 1, 2}, Spread{2, 3, 3}},
	} {
		if got := spreadOf(tc.values); got != tc.want {
			t.Errorf("spreadOf(%v) = %+v, want %+v", tc.values, got, tc.want)
		}
	}
}

// TestCertificatesInCorpusOrder: however many workers, the certificates
// come in the corpus's order, the same.
func TestCertificatesInCorpusOrder(t *testing.T) {
	var runs [][]string
	for _, workers := range []int{1, 3} {
		out := t.TempDir()
		cfg := testConfig(t, out, proving("0\n"))
		cfg.Workers = workers
		if _, err := Run(context.Background(), cfg); err != nil {
			t.Fatal(err)
		}
		certs, _ := readAll(t, out)
		var lines []string
		for _, c := range certs {
			lines = append(lines, strings.Join([]string{c.ID, c.Verdict, c.Solution, c.Second, c.ProofSHA, c.Detail}, "|"))
		}
		runs = append(runs, lines)
	}
	if len(runs[0]) != 43 || !slices.Equal(runs[0], runs[1]) {
		t.Errorf("one worker wrote %d certificates, three %d, or they differ", len(runs[0]), len(runs[1]))
	}
	for i, l := range runs[0] {
		if want := "tdoku-tests:"; !strings.HasPrefix(l, want) || (i > 0 && lineOf(l) <= lineOf(runs[0][i-1])) {
			t.Errorf("certificate %d is %q, out of corpus order", i, l)
		}
	}
}

func lineOf(cert string) int {
	id, _, _ := strings.Cut(cert, "|")
	n := 0
	for _, c := range strings.TrimPrefix(id, "tdoku-tests:") {
		n = n*10 + int(c-'0')
	}
	return n
}

// TestUnprovedClaimsAreNotCertified: a pipeline that writes no proof gets
// no certificate for the claims unit propagation cannot settle alone.
func TestUnprovedClaimsAreNotCertified(t *testing.T) {
	out := t.TempDir()
	cfg := testConfig(t, out, proving(""))
	_, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	certs, sum := readAll(t, out)
	if sum.NotCertified == 0 {
		t.Fatal("every claim certified without proofs")
	}
	for _, c := range certs {
		if !c.Certified && !strings.Contains(c.Detail, "the proof does not check") {
			t.Errorf("%s not certified: %q", c.ID, c.Detail)
		}
	}
}

// TestResume: a certification stopped part-way, its last line torn,
// resumes without doing a puzzle twice and ends as an uninterrupted one.
func TestResume(t *testing.T) {
	whole := t.TempDir()
	if _, err := Run(context.Background(), testConfig(t, whole, proving("0\n"))); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cfg := testConfig(t, out, proving("0\n"))
	cfg.Progress = &stopAfter{n: 10, cancel: cancel}
	res, err := Run(ctx, cfg)
	if err != nil || !res.Interrupted || res.Written < 10 || res.Written >= 43 {
		t.Fatalf("interrupted call: %+v, %v", res, err)
	}
	certPath := filepath.Join(out, CertificatesFile)
	f, _ := os.OpenFile(certPath, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"id":"tdoku-tests:99","puzzle_sha`)
	f.Close()
	if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "--resume") {
		t.Fatalf("second call without resume: %v, want a refusal naming --resume", err)
	}
	cfg.Resume, cfg.Progress = true, nil
	res2, err := Run(context.Background(), cfg)
	if err != nil || res2.Skipped != res.Written || res2.Written != 43-res.Written {
		t.Fatalf("resumed: %+v, %v (first call wrote %d)", res2, err, res.Written)
	}
	got, sum := readAll(t, out)
	want, _ := readAll(t, whole)
	if len(got) != len(want) || len(sum.Calls) != 2 || sum.Puzzles != 43 {
		t.Fatalf("%d certificates, %d calls; want %d and 2", len(got), len(sum.Calls), len(want))
	}
	for i := range got {
		if got[i].ID != want[i].ID || got[i].Verdict != want[i].Verdict || got[i].Certified != want[i].Certified {
			t.Errorf("certificate %d: %s %s, want %s %s", i, got[i].ID, got[i].Verdict, want[i].ID, want[i].Verdict)
		}
	}
}

// stopAfter cancels a certification after n certificates.
type stopAfter struct {
	n      int
	seen   atomic.Int32
	cancel context.CancelFunc
}

func (s *stopAfter) Start(string, int, int) {}
func (s *stopAfter) Stop()                  {}
func (s *stopAfter) Update(int, string) {
	if int(s.seen.Add(1)) == s.n {
		s.cancel()
	}
}

func TestResumeRefusesAnotherCertification(t *testing.T) {
	out := t.TempDir()
	cfg := testConfig(t, out, proving("0\n"))
	cfg.Limit = 5
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		change func(*Config)
		want   string
	}{
		{"limit", func(c *Config) { c.Limit = 6 }, "limit 5 ≠ 6"},
		{"corpus", func(c *Config) { c.Corpus = "norvig-top95" }, "corpus tdoku-tests ≠ norvig-top95"},
		{"solver", func(c *Config) { c.Solver.Name = "test/other" }, "solver test/dlx-proving ≠ test/other"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := cfg
			c.Resume = true
			tc.change(&c)
			if _, err := Run(context.Background(), c); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want a refusal with %q", err, tc.want)
			}
		})
	}
}

// TestRefusesRunDirectoriesAndSecondWriters: a directory that holds a
// benchmark run (its records, plain or compressed, or its manifest) is
// refused before anything is written there, as export refuses it, and a
// directory another process writes is refused.
func TestRefusesRunDirectoriesAndSecondWriters(t *testing.T) {
	for _, file := range []string{"results.jsonl", "results.jsonl.gz", "manifest.json"} {
		t.Run("run-file="+file, func(t *testing.T) {
			out := t.TempDir()
			if err := os.WriteFile(filepath.Join(out, file), []byte("{}\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			cfg := testConfig(t, out, proving("0\n"))
			cfg.Limit = 3
			if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "holds a benchmark run") {
				t.Errorf("certify into a run's directory: %v, want a refusal", err)
			}
			if entries, _ := os.ReadDir(out); len(entries) != 1 {
				t.Errorf("the refused certification wrote %d files beside %s", len(entries)-1, file)
			}
		})
	}
	out := t.TempDir()
	lock, err := store.LockDir(out, "certify")
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Release()
	cfg := testConfig(t, out, proving("0\n"))
	if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "in use") {
		t.Errorf("a second writer: %v, want a refusal", err)
	}
}

// A resumed certification appends to its own certificates only: not
// through a file with other names, such as a cp -al copy's.
func TestResumeRefusesLinkedCertificates(t *testing.T) {
	first := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cfg := testConfig(t, first, proving("0\n"))
	cfg.Progress = &stopAfter{n: 3, cancel: cancel}
	if res, err := Run(ctx, cfg); err != nil || !res.Interrupted {
		t.Fatalf("interrupted call: %+v, %v", res, err)
	}
	copied := t.TempDir()
	for _, name := range []string{CertificatesFile, SummaryFile} {
		if err := os.Link(filepath.Join(first, name), filepath.Join(copied, name)); err != nil {
			t.Fatal(err)
		}
	}
	before, _ := os.ReadFile(filepath.Join(first, CertificatesFile))
	cfg.Out, cfg.Resume, cfg.Progress = copied, true, nil
	if _, err := Run(context.Background(), cfg); !errors.Is(err, outfile.ErrRefused) {
		t.Errorf("resume through a hard link: %v, want a refusal", err)
	}
	if after, _ := os.ReadFile(filepath.Join(first, CertificatesFile)); string(after) != string(before) {
		t.Errorf("the first certification's certificates changed: %d bytes, were %d", len(after), len(before))
	}
}

func TestRefusesPipelinesWithoutProofs(t *testing.T) {
	cfg := testConfig(t, t.TempDir(), dlx.Pipelines()[0])
	if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "writes no DRAT proofs") {
		t.Errorf("got %v", err)
	}
}

func TestProofFileName(t *testing.T) {
	for id, want := range map[string]string{
		"17-clue:12":          "17-clue-12.drat",
		"17-clue+3:5":         "17-clue+3-5.drat",
		"../my puzzles.txt:7": "..-my-puzzles.txt-7.drat",
		"dir/sub/p.txt:1":     "dir-sub-p.txt-1.drat",
	} {
		if got := proofFileName(id); got != want {
			t.Errorf("proofFileName(%q) = %q, want %q", id, got, want)
		}
	}
}
