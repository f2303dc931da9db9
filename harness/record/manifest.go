package record

import (
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/sudokubench/sudokubench/harness/outfile"
)

// File names inside a result directory.
const (
	ResultsFile  = "results.jsonl"
	ManifestFile = "manifest.json"
)

// UnknownBuild is the commit of a binary built without a VCS stamp (go
// build -buildvcs=false, or outside a repository): its source cannot be
// told, and it is never guessed from the working directory.
const UnknownBuild = "unknown: built without a VCS stamp"

// Manifest records how a set of runs was made, for reproducibility.
type Manifest struct {
	// Schema is the format's version (see Schema); WriteManifest fills it
	// in.
	Schema  int       `json:"schema,omitempty"`
	Suite   string    `json:"suite"` // "sudokubench"
	Created time.Time `json:"created"`
	// Commit is the VCS revision stamped into the binary that made the
	// runs, or UnknownBuild; Dirty says the stamp marked its tree modified.
	Commit string `json:"commit"`
	Dirty  bool   `json:"dirty"`
	// Executable is the hex SHA-256 of that binary, which tells builds
	// apart where the stamp cannot (unstamped or dirty trees); empty in
	// manifests written before it was recorded.
	Executable string `json:"executable_sha256,omitempty"`
	GoVersion  string `json:"go_version"`
	GOMAXPROCS int    `json:"gomaxprocs"`
	CPUModel   string `json:"cpu_model"`
	Kernel     string `json:"kernel"`
	OS         string `json:"os"`
	Arch       string `json:"arch"`
	Hostname   string `json:"hostname,omitempty"`

	// Dependencies maps Go module paths to versions; External maps outside
	// solver names to the version they report.
	Dependencies map[string]string `json:"dependencies"`
	External     map[string]string `json:"external,omitempty"`
	// Definitions are the solver definition files that the plan's defined
	// pipelines come from, text and all, so that a reader sees exactly
	// what ran.
	Definitions []Definition `json:"definitions,omitempty"`

	Plan Plan `json:"plan"`
	// Corpora maps corpus names to the SHA-256 of their files.
	Corpora map[string]string `json:"corpora"`
	// Shard is "i/n" when this directory holds one piece of a plan.
	Shard string `json:"shard,omitempty"`
	// Merged lists the shard directories joined into this one.
	Merged []string `json:"merged,omitempty"`
	// MergedShards lists the shards ("i/n") that the merged directories
	// held, so that a report can name the pieces a merge lacks.
	MergedShards []string `json:"merged_shards,omitempty"`
	// LoadStart and LoadEnd are the machine's 1-, 5- and 15-minute load
	// averages (/proc/loadavg) when the benchmark started and when its last
	// call ended; zero when not recorded. Other work on the machine shows
	// here, and a report warns when it was high.
	LoadStart [3]float64 `json:"load_start,omitzero"`
	LoadEnd   [3]float64 `json:"load_end,omitzero"`
}

// Definition is a solver definition file as a run used it.
type Definition struct {
	File    string   `json:"file"` // as given on the command line, or the shipped file's place in the repository
	SHA256  string   `json:"sha256"`
	Solvers []string `json:"solvers"` // the plan's pipelines it defines
	Text    string   `json:"text"`
}

// Build names the build that made the runs as records name theirs: the
// commit, with "+dirty" when its tree was modified, or UnknownBuild.
func (m *Manifest) Build() string { return BuildName(m.Commit, m.Dirty) }

// BuildName joins a commit and its modified flag into a build's name.
func BuildName(commit string, dirty bool) string {
	if dirty && commit != UnknownBuild {
		return commit + "+dirty"
	}
	return commit
}

// Plan is what was asked: the part of the manifest that must agree between
// shards of one benchmark.
type Plan struct {
	Solvers   []string `json:"solvers"`
	Corpora   []string `json:"corpora"`
	Hints     string   `json:"hints,omitempty"`  // "17-30"
	Limit     int      `json:"limit,omitempty"`  // puzzles per corpus, 0 = all
	Sample    int      `json:"sample,omitempty"` // seeded random puzzles per corpus, 0 = all
	Mode      string   `json:"mode"`
	Reps      int      `json:"reps"`
	Seed      int64    `json:"seed"`
	TimeoutNS int64    `json:"timeout_ns"`
	MemBytes  uint64   `json:"mem_bytes"`
	Runs      int      `json:"runs"` // planned runs in the whole plan
	// Certify asks the pipelines that write DRAT proofs for the proof of
	// each unsat or unique verdict, which the harness checks.
	Certify bool `json:"certify,omitempty"`
	// Forms is how many random equivalent forms of each puzzle run beside
	// the puzzle itself (run --forms K); 0: the puzzle alone.
	Forms int `json:"forms,omitempty"`
	// Definitions maps each pipeline that comes from a solver definition
	// file to that file's SHA-256: a benchmark resumed, or merged, with
	// another definition would mix two pipelines under one name.
	Definitions map[string]string `json:"definitions,omitempty"`
	// LeftOut names the puzzles of the plan that a pipeline cannot take
	// (a solver definition's sizes and variants), per pipeline, corpus and
	// geometry: they were left out when the plan was made, never run, and
	// Runs does not count them.
	LeftOut []LeftOut `json:"left_out,omitempty"`
}

// LeftOut is a share of a plan's puzzles that one pipeline does not take.
type LeftOut struct {
	Solver   string `json:"solver"`
	Corpus   string `json:"corpus"`
	Geometry string `json:"geometry"` // "16×16 classic"
	Puzzles  int    `json:"puzzles"`  // how many of the corpus's planned puzzles
	Reason   string `json:"reason"`
}

// WriteManifest writes m as indented JSON. It writes a temporary file
// beside path and renames it over path, so that a reader, or a process
// killed mid-write, never leaves half a manifest.
func WriteManifest(path string, m *Manifest) error {
	stamped := *m
	if stamped.Schema == 0 {
		stamped.Schema = 1
		if stamped.Plan.Forms != 0 {
			stamped.Schema = 2 // see Schema
		}
	}
	b, err := json.MarshalIndent(&stamped, "", "  ")
	if err != nil {
		return err
	}
	return outfile.WriteBytes(path, append(b, '\n'))
}

// ReadManifest reads a manifest.json; only a regular file is opened
// (a named pipe there is refused at once, not waited on).
func ReadManifest(path string) (*Manifest, error) {
	f, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	b, err := io.ReadAll(f)
	f.Close()
	if err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: not a manifest: %v", path, err)
	}
	if err := checkSchema(&m.Schema); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &m, nil
}
