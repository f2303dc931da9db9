package record

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Schema is the newest version of the record and manifest formats that
// this package writes and reads. Fields are only ever added, with
// omitempty, and an added field does not change the schema: a reader that
// does not know it ignores it and reads the rest right. The schema goes up
// only for a change that a reader of the old schema would misread: a
// field's meaning, unit or type changed, a field removed or renamed, a
// status that must not be counted as any of the old ones. Records and
// manifests written before the field existed carry none and read as
// schema 1, which is what they are. A reader refuses a schema newer than
// its own, naming the file and line, rather than misread it.
//
// Schema 2 marks what a schema-1 reader would misread: a record of an
// equivalent form (run --forms), whose run key such a reader takes for
// that of the puzzle as given, so that merge would drop it as a
// duplicate, and the manifest of a plan with forms, whose count it would
// not see. Everything else is written as schema 1, the oldest schema that
// reads it right, so that older readers go on reading it.
const Schema = 2

// schemaNeeded is the oldest schema that reads r right.
func (r *Record) schemaNeeded() int {
	if r.Form != 0 {
		return 2
	}
	return 1
}

// Record is one run of one solver on one puzzle.
type Record struct {
	// Schema is the format's version (see Schema); Writer fills it in.
	Schema  int               `json:"schema,omitempty"`
	Solver  string            `json:"solver"`
	Options map[string]string `json:"options,omitempty"`
	Family  string            `json:"family,omitempty"`
	// Stochastic marks a solver whose answer depends on the seed: each of
	// its runs is one read, not a repetition of the same measurement.
	Stochastic bool `json:"stochastic,omitempty"`

	Corpus    string `json:"corpus"`
	PuzzleID  string `json:"puzzle_id"` // corpus:line, stable
	PuzzleSHA string `json:"puzzle_sha"`
	Hints     int    `json:"hints"`
	Size      int    `json:"size"` // side: 9 for 9×9
	Variant   string `json:"variant"`

	// Puzzle is the puzzle itself on one line (digits, then letters above
	// 9, '.' for a blank), so that a derived puzzle (17-clue+8:123) reads
	// without the tool; empty in records written before it was recorded.
	Puzzle string `json:"puzzle,omitempty"`

	// Form says which presentation of the puzzle the solver was given: 0
	// (absent) the puzzle as its corpus gives it, 1..K one of the plan's K
	// random equivalent forms (run --forms K). Transform describes that
	// form's symmetry as sudoku.ParseTransform reads it; PuzzleSHA and
	// Puzzle are then of the transformed puzzle, and the corpus's puzzle is
	// the transform's inverse applied to it.
	Form      int    `json:"form,omitempty"`
	Transform string `json:"transform,omitempty"`

	Mode string `json:"mode"`
	Seed int64  `json:"seed"`
	Rep  int    `json:"rep"` // 0-based repetition

	Status string `json:"status"`
	Detail string `json:"detail,omitempty"` // why: error text, stderr tail, verification failure
	// CrossChecked says that an unsat or multiple verdict was settled by
	// the cross-checking oracle (exactcover/dlx), untimed, in the parent:
	// confirmed, or refuted and so wrong, with the oracle's finding as the
	// detail. False for other statuses, and for records written before
	// cross-checks existed.
	CrossChecked bool `json:"cross_checked,omitempty"`
	// CrossCheckNote says why an unsat or multiple verdict was not
	// cross-checked though an oracle was there: its budget ran out, or its
	// finding contradicted a verified grid and was not used.
	CrossCheckNote string `json:"cross_check_note,omitempty"`
	// CorpusContradiction says how the run's verified answer contradicts
	// what the corpus lists of the puzzle: a solution where it lists none,
	// a second verified solution or a confirmed multiple where it lists
	// one, a unique-mode solved where it lists several. The status stays
	// the run's; the corpus's listing is what is in doubt. Empty when the
	// run establishes nothing against it.
	CorpusContradiction string `json:"corpus_contradiction,omitempty"`

	WallNS int64 `json:"wall_ns"` // solve call, monotonic clock
	CPUNS  int64 `json:"cpu_ns"`  // process CPU time of the solve call
	// Timing says how WallNS and CPUNS were taken: "cpu-clock", the
	// process CPU clock read just before and after the solve (less the
	// calibrated cost of a reading) and the monotonic clock inside it;
	// "window", the solve timed by the monotonic clock alone at the end
	// of a window of untimed solves of earlier puzzles, the CPU clocks
	// read around the whole window, whose thread ran throughout;
	// "window-interrupted", the same where the thread lost the processor
	// in the window, its CPU time an estimate (docs/measurement.md).
	// Absent in records written before it was recorded, which were timed
	// by the CPU clock.
	Timing     string `json:"timing,omitempty"`
	EncodeNS   int64  `json:"encode_ns,omitempty"`
	SolveNS    int64  `json:"solve_ns,omitempty"`
	DecodeNS   int64  `json:"decode_ns,omitempty"`
	AllocBytes uint64 `json:"alloc_bytes"`
	PeakRSS    uint64 `json:"peak_rss_bytes"` // worker's VmHWM, reset before the run
	// BaseRSS is the idle worker's resident set (Go runtime and the solver
	// built, before any run), so that PeakRSS − BaseRSS is what an
	// in-process solver used; 0 when not measured.
	BaseRSS uint64 `json:"base_rss_bytes,omitempty"`
	// External marks a pipeline that runs outside programs: PeakRSS covers
	// the worker alone, and the solver's own memory is ProgramPeakRSS.
	External bool `json:"external,omitempty"`
	// ProgramPeakRSS is the outside programs' own peak resident set: the
	// sum of the peaks of the programs and of every process they started,
	// exact for processes that peak together and an upper bound for ones
	// that run one after another; 0 when it could not be measured (a
	// report shows "n/a", never PeakRSS).
	ProgramPeakRSS uint64 `json:"program_peak_rss_bytes,omitempty"`
	// OwnPeak is what the pipeline itself held at its peak, in bytes:
	// for an in-process solver the worker's peak above the idle worker's
	// (PeakRSS − BaseRSS, 0 where the peak stayed below it); for outside
	// programs the most that their process tree — the programs and every
	// process they started — held resident at one time, the largest over
	// the run's calls, where ProgramPeakRSS adds the peaks of processes
	// that ran one after another (docs/measurement.md says where each is
	// exact and where an estimate). Nil where it was not measured (no
	// peak asked for, ptrace refused, no program ran) and in records
	// written before it was recorded.
	OwnPeak *uint64 `json:"own_peak_bytes,omitempty"`

	TimeoutNS int64 `json:"timeout_ns"` // the wall-clock limit in force

	Counters map[string]float64 `json:"counters,omitempty"`
	Model    map[string]int     `json:"model,omitempty"`

	// BlankCells and BlankCellsRight are, when the corpus gives the
	// puzzle's solution and the solver returned a grid (right or wrong),
	// the puzzle's blank cells and how many of them the grid fills with
	// the solution's digit: cell accuracy, a secondary figure for neural
	// solvers. 0 blank cells means not measured.
	BlankCells      int `json:"blank_cells,omitempty"`
	BlankCellsRight int `json:"blank_cells_right,omitempty"`

	// Certified says, for a run that asked for a DRAT proof (run
	// --certify) and whose verdict needs one (unsat, or solved in unique
	// mode), whether the proof checked: true; false when it did not
	// (Status is then wrong and Detail names the failing lemma) or its
	// check could not be done (Detail says why). Absent otherwise.
	Certified *bool `json:"certified,omitempty"`
	// ProofBytes and ProofLemmas are the size of the proof checked, and
	// ProofCheckNS the parent's time to check it, outside the timed
	// section.
	ProofBytes   int64 `json:"proof_bytes,omitempty"`
	ProofLemmas  int   `json:"proof_lemmas,omitempty"`
	ProofCheckNS int64 `json:"proof_check_ns,omitempty"`

	// Provenance of the run: when it began (UTC), the host it ran on, and
	// the build that ran it: the binary's VCS revision, with "+dirty" when
	// its tree had changes, or "unknown: built without a VCS stamp".
	Started time.Time `json:"started,omitzero"`
	Host    string    `json:"host,omitempty"`
	Build   string    `json:"build,omitempty"`
}

// Key identifies a run within a plan: the same key is the same run, so a
// resumed run skips it and merge keeps one copy.
func (r *Record) Key() string {
	return Key(r.Solver, r.PuzzleID, r.Mode, r.Seed, r.Rep, r.Form)
}

// Key builds a run key from its parts: "solver|puzzle|mode|seed|rep", and
// "|form=k" after it for an equivalent form k > 0, so that the runs of
// the original form keep the keys (and so the shards) they had before
// forms existed.
func Key(solver, puzzleID, mode string, seed int64, rep, form int) string {
	key := strings.Join([]string{solver, puzzleID, mode, strconv.FormatInt(seed, 10), strconv.Itoa(rep)}, "|")
	if form > 0 {
		key += "|form=" + strconv.Itoa(form)
	}
	return key
}

// Solved reports whether the run produced a verified answer that settles the
// question asked: solved, unsat, or multiple in unique mode.
func (r *Record) Solved() bool {
	switch r.Status {
	case "solved", "unsat", "multiple":
		return true
	}
	return false
}

// SyncInterval is how often a Writer forces its records to disk. Each
// record reaches the operating system as soon as it is written, so a killed
// process loses at most the line being written; only a machine that goes
// down can take the records since the last sync. Syncing every record
// instead costs a disk flush per run, whose I/O lands while the next run is
// being timed.
const SyncInterval = time.Second

// Writer appends records to a JSONL file, one line per record, written
// through to the operating system at once and synced to disk at least every
// SyncInterval and on Close.
type Writer struct {
	f      *os.File
	synced time.Time
}

// Append opens path for appending, creating it if needed; it refuses a
// path that is not the directory's own file (OpenInPlace).
func Append(path string) (*Writer, error) {
	f, err := OpenInPlace(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND)
	if err != nil {
		return nil, err
	}
	return &Writer{f: f, synced: time.Now()}, nil
}

// Write appends one record, marked with the oldest schema that reads it
// right where it carries none, and syncs the file when SyncInterval has passed since the
// last sync.
func (w *Writer) Write(r *Record) error {
	rec := *r
	if rec.Schema == 0 {
		rec.Schema = rec.schemaNeeded()
	}
	b, err := json.Marshal(&rec)
	if err != nil {
		return err
	}
	if _, err := w.f.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("%s: %w", w.f.Name(), err)
	}
	if time.Since(w.synced) < SyncInterval {
		return nil
	}
	w.synced = time.Now()
	return w.f.Sync()
}

// Close syncs and closes the file.
func (w *Writer) Close() error {
	if err := w.f.Sync(); err != nil {
		w.f.Close()
		return fmt.Errorf("%s: %w", w.f.Name(), err)
	}
	return w.f.Close()
}

// ReadAll returns every record of a JSONL file.
func ReadAll(path string) ([]Record, []string, error) {
	var all []Record
	warn, err := Read(path, func(r *Record) error {
		all = append(all, *r)
		return nil
	})
	return all, warn, err
}

// checkSchema reads a missing schema as 1 and refuses one newer than this
// package's.
func checkSchema(schema *int) error {
	switch {
	case *schema == 0:
		*schema = 1
	case *schema > Schema:
		return fmt.Errorf("written in schema %d, newer than the schema %d this sudokubench reads: read it with a newer sudokubench (sudokubench version says which this is)", *schema, Schema)
	}
	return nil
}
