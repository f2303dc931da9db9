package certify

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/sudokubench/sudokubench/harness/outfile"
	"github.com/sudokubench/sudokubench/harness/record"
)

// File names inside a certification directory; none is a run's.
const (
	CertificatesFile = "certificates.jsonl"
	SummaryFile      = "certify.json"
	ProofsDir        = "proofs"
)

// Verdicts a certificate states.
const (
	Unique   = "unique"   // one solution, and a checked proof that there is no other
	Unsat    = "unsat"    // a checked proof that there is no solution
	Multiple = "multiple" // two different solutions, both verified
	Unknown  = "unknown"  // the pipeline settled nothing (timeout, error)
)

// Certificate is one puzzle's line in CertificatesFile: its verdict and
// the evidence for it.
type Certificate struct {
	ID        string `json:"id"` // corpus:line
	PuzzleSHA string `json:"puzzle_sha256"`
	Puzzle    string `json:"puzzle"`
	// CorpusSolutions is the count the corpus states, -1 when it states
	// none.
	CorpusSolutions int    `json:"corpus_solutions"`
	Verdict         string `json:"verdict"`
	// Certified says the evidence checked: the solution verified by the
	// rules and the givens and the proof by the DRAT checker, or for
	// multiple both solutions verified.
	Certified bool   `json:"certified"`
	Solution  string `json:"solution,omitempty"`
	Second    string `json:"second_solution,omitempty"`
	// The proof checked: its SHA-256, size, lemmas, and the lemmas the
	// backward check needed.
	ProofSHA     string `json:"proof_sha256,omitempty"`
	ProofBytes   int64  `json:"proof_bytes,omitempty"`
	ProofLemmas  int    `json:"proof_lemmas,omitempty"`
	ProofChecked int    `json:"proof_lemmas_checked,omitempty"`
	// SolveNS is the pipeline's time (wall clock) to find the verdict and
	// write the proof; CheckNS the checker's.
	SolveNS int64 `json:"solve_ns"`
	CheckNS int64 `json:"check_ns"`
	// Detail says why a certificate is not certified.
	Detail string `json:"detail,omitempty"`
}

// agrees reports whether the verdict matches the corpus's count, when the
// corpus states one and the verdict is known.
func (c *Certificate) agrees() bool {
	switch {
	case c.CorpusSolutions < 0 || c.Verdict == Unknown:
		return true
	case c.Verdict == Unsat:
		return c.CorpusSolutions == 0
	case c.Verdict == Unique:
		return c.CorpusSolutions == 1
	}
	return c.CorpusSolutions > 1
}

// Summary is SummaryFile: what a certification directory holds, and how
// it was made, rewritten at the end of every call.
type Summary struct {
	Suite         string `json:"suite"` // "sudokubench certify"
	Corpus        string `json:"corpus"`
	CorpusSHA     string `json:"corpus_sha256"`
	Limit         int    `json:"limit,omitempty"` // first puzzles of the corpus; 0: all
	Solver        string `json:"solver"`
	SolverVersion string `json:"solver_version,omitempty"`
	// SolverDefinition names the definition file of a pipeline that
	// runs a program (a shipped one, or one given with --defs), and
	// SolverDefinitionSHA is its SHA-256: a resume must use the same.
	SolverDefinition    string `json:"solver_definition,omitempty"`
	SolverDefinitionSHA string `json:"solver_definition_sha256,omitempty"`
	Encoding            string `json:"encoding"`
	Checker             string `json:"checker"`

	Puzzles       int            `json:"puzzles"` // certificates in the file
	Verdicts      map[string]int `json:"verdicts"`
	Certified     int            `json:"certified"`
	NotCertified  int            `json:"not_certified"`
	Disagreements int            `json:"disagreements_with_corpus"`
	ProofBytes    int64          `json:"proof_bytes"`
	ProofLemmas   int64          `json:"proof_lemmas"`
	// SolveNS and CheckNS sum the certificates' times; WallNS is the
	// calls' wall-clock time, their workers running side by side.
	SolveNS int64 `json:"solve_ns"`
	CheckNS int64 `json:"check_ns"`
	WallNS  int64 `json:"wall_ns"`
	// Spread over the certificates with a proof: the check's and the
	// solve's time, the proof's size and the lemmas checked.
	CheckTime     Spread `json:"check_ns_spread"`
	SolveTime     Spread `json:"solve_ns_spread"`
	ProofSize     Spread `json:"proof_bytes_spread"`
	LemmasChecked Spread `json:"proof_lemmas_checked_spread"`
	Calls         []Call `json:"calls"`
}

// Spread is the median, 90th percentile and maximum of a quantity.
type Spread struct {
	Median float64 `json:"median"`
	P90    float64 `json:"p90"`
	Max    float64 `json:"max"`
}

// spreadOf returns the spread of values (the nearest-rank percentiles);
// zero for none.
func spreadOf(values []float64) Spread {
	if len(values) == 0 {
		return Spread{}
	}
	slices.Sort(values)
	at := func(q float64) float64 { return values[int(math.Ceil(q*float64(len(values))))-1] }
	return Spread{Median: at(0.5), P90: at(0.9), Max: values[len(values)-1]}
}

// Call is one invocation that wrote certificates.
type Call struct {
	Started      time.Time `json:"started"`
	WallNS       int64     `json:"wall_ns"`
	Certificates int       `json:"certificates"` // written by this call
	Workers      int       `json:"workers"`
	Interrupted  bool      `json:"interrupted,omitempty"`
	Command      string    `json:"command,omitempty"`
	Build        string    `json:"build"`
	Host         string    `json:"host,omitempty"`
}

// tally sets the summary's counts from every certificate.
func (s *Summary) tally(certs []Certificate) {
	s.Puzzles, s.Verdicts = len(certs), map[string]int{}
	s.Certified, s.NotCertified, s.Disagreements = 0, 0, 0
	s.ProofBytes, s.ProofLemmas, s.SolveNS, s.CheckNS = 0, 0, 0, 0
	for i := range certs {
		c := &certs[i]
		s.Verdicts[c.Verdict]++
		if c.Certified {
			s.Certified++
		} else {
			s.NotCertified++
		}
		if !c.agrees() {
			s.Disagreements++
		}
		s.ProofBytes += c.ProofBytes
		s.ProofLemmas += int64(c.ProofLemmas)
		s.SolveNS += c.SolveNS
		s.CheckNS += c.CheckNS
	}
	s.WallNS = 0
	for _, call := range s.Calls {
		s.WallNS += call.WallNS
	}
	var check, solve, size, checked []float64
	for i := range certs {
		if c := &certs[i]; c.ProofSHA != "" {
			check, solve = append(check, float64(c.CheckNS)), append(solve, float64(c.SolveNS))
			size, checked = append(size, float64(c.ProofBytes)), append(checked, float64(c.ProofChecked))
		}
	}
	s.CheckTime, s.SolveTime, s.ProofSize, s.LemmasChecked = spreadOf(check), spreadOf(solve), spreadOf(size), spreadOf(checked)
}

func durationOf(ns float64) time.Duration { return time.Duration(ns).Round(time.Microsecond) }

// ReadCertificates reads a certificates file; a missing file holds none.
// Every line must be a certificate: trim a torn last line first
// (store.TrimPartialLine).
func ReadCertificates(path string) ([]Certificate, error) {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var certs []Certificate
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		var c Certificate
		if err := json.Unmarshal([]byte(text), &c); err != nil || c.ID == "" {
			return nil, fmt.Errorf("%s:%d: not a certificate", filepath.Base(path), line)
		}
		certs = append(certs, c)
	}
	return certs, sc.Err()
}

// ReadSummary reads a summary file.
func ReadSummary(path string) (*Summary, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var s Summary
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, fmt.Errorf("%s: not a certification summary: %v", filepath.Base(path), err)
	}
	return &s, nil
}

// writeSummary writes the summary whole or not at all (outfile), so that
// no reader sees half of it and a full disk leaves the old one.
func writeSummary(path string, s *Summary) error {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return outfile.WriteBytes(path, append(b, '\n'))
}

// String says in a few lines what the summary holds.
func (s *Summary) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d puzzles of %s: %d certified, %d not", s.Puzzles, s.Corpus, s.Certified, s.NotCertified)
	for _, v := range []string{Unique, Unsat, Multiple, Unknown} {
		if n := s.Verdicts[v]; n > 0 {
			fmt.Fprintf(&b, "; %s %d", v, n)
		}
	}
	fmt.Fprintf(&b, "\n%d disagree with the corpus's solution counts\n", s.Disagreements)
	fmt.Fprintf(&b, "%s to solve and write proofs, %s to check the proofs (%s, %d lemmas); %s of wall-clock time\n",
		time.Duration(s.SolveNS).Round(time.Second), time.Duration(s.CheckNS).Round(time.Second),
		record.FormatBytes(float64(s.ProofBytes)), s.ProofLemmas, time.Duration(s.WallNS).Round(time.Second))
	if s.CheckTime.Max > 0 {
		fmt.Fprintf(&b, "per proof: check %s median, %s p90, %s max; %s median, %s max; %.0f lemmas checked median, %.0f max\n",
			durationOf(s.CheckTime.Median), durationOf(s.CheckTime.P90), durationOf(s.CheckTime.Max),
			record.FormatBytes(float64(s.ProofSize.Median)), record.FormatBytes(float64(s.ProofSize.Max)),
			s.LemmasChecked.Median, s.LemmasChecked.Max)
	}
	return b.String()
}
