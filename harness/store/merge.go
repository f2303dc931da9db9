package store

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"github.com/sudokubench/sudokubench/harness/outfile"
	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/harness/record"
)

// PlanDiff lists, field by field, how plan b differs from plan a
// ("seed: 1 ≠ 2"); an empty list means they are the same benchmark.
func PlanDiff(a, b record.Plan) []string {
	fa, fb := planFields(a), planFields(b)
	keys := make([]string, 0, len(fa)+len(fb))
	for k := range fa {
		keys = append(keys, k)
	}
	for k := range fb {
		if _, ok := fa[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	var diff []string
	for _, k := range keys {
		if !reflect.DeepEqual(fa[k], fb[k]) {
			diff = append(diff, fmt.Sprintf("%s: %s ≠ %s", k, fa[k], fb[k]))
		}
	}
	return diff
}

// planFields maps a plan's JSON field names to their encoded values.
func planFields(p record.Plan) map[string]json.RawMessage {
	b, _ := json.Marshal(p) // a Plan always encodes
	var fields map[string]json.RawMessage
	_ = json.Unmarshal(b, &fields)
	for k, v := range fields {
		fields[k] = json.RawMessage(slices.Clone(v))
	}
	return fields
}

// MergeSummary says what Merge joined.
type MergeSummary struct {
	Records    int      // written to the merged directory
	Duplicates int      // dropped because their key was already taken
	Warnings   []string // truncated lines and the like
}

// Merge joins the result directories of one plan's shards (or of runs
// resumed elsewhere) into out. It refuses directories whose plans differ,
// keeps the first record of each key, and writes a manifest naming the
// pieces. out must not hold results already.
//
// Like a run, a merge holds out's writer lock (LockDir) while it writes.
// Pieces that cannot be merged are refused before out is made, with an
// error that wraps ErrInput.
func Merge(dirs []string, out string) (*MergeSummary, error) {
	if len(dirs) == 0 {
		return nil, plan.InputError(errors.New("merge: no result directory given"))
	}
	merged, records, err := mergedManifest(dirs) // before the lock makes out
	if err != nil {
		return nil, plan.InputError(err)
	}
	lock, err := LockDir(out, "merge")
	if err != nil {
		return nil, fmt.Errorf("merge: %w", err)
	}
	defer lock.Release()
	if _, err := os.Stat(filepath.Join(out, record.ManifestFile)); err == nil {
		return nil, plan.InputError(fmt.Errorf("merge: %s already holds a benchmark; choose an empty --out", out))
	}
	sum, err := mergeRecords(dirs, records, filepath.Join(out, record.ResultsFile))
	if err != nil {
		return nil, err
	}
	if sum.Records < merged.Plan.Runs {
		sum.Warnings = append(sum.Warnings, fmt.Sprintf("%d of the plan's %d runs merged: %s", sum.Records, merged.Plan.Runs, missingPieces(merged.MergedShards)))
	}
	return sum, record.WriteManifest(filepath.Join(out, record.ManifestFile), merged)
}

// missingPieces says which shards a merge lacks, naming a few and
// counting the rest (a split may have up to record.MaxShards pieces), or
// that a piece is unfinished.
func missingPieces(specs []string) string {
	var pieces []plan.Shard
	for _, spec := range specs {
		if sh, err := plan.ParseShard(spec); err == nil {
			pieces = append(pieces, sh)
		}
	}
	gaps, ok := record.ShardGaps(pieces)
	if !ok || gaps.Count == 0 {
		return "a piece is unfinished (finish it with run --resume)"
	}
	return fmt.Sprintf("%d shard(s) missing: %s (run them, then merge again)", gaps.Count, gaps)
}

// mergedManifest checks that every piece ran the same plan on the same
// corpora and returns the first piece's manifest as the merged one, naming
// the pieces and the shards they held, and the number of records the
// pieces hold.
func mergedManifest(dirs []string) (*record.Manifest, int, error) {
	var first *record.Manifest
	var shards []string
	records := 0
	for _, dir := range dirs {
		m, err := pieceManifest(dir)
		if err != nil {
			return nil, 0, err
		}
		pieces := m.MergedShards
		if m.Shard != "" {
			pieces = append(slices.Clone(pieces), m.Shard)
		}
		for _, spec := range pieces {
			if _, err := plan.ParseShard(spec); err != nil {
				return nil, 0, fmt.Errorf("merge: %s: %w", filepath.Join(dir, record.ManifestFile), err)
			}
		}
		shards = append(shards, pieces...)
		n, err := recordsAgree(dir, m)
		if err != nil {
			return nil, 0, err
		}
		records += n
		if first == nil {
			first = m
			continue
		}
		if diff := PlanDiff(first.Plan, m.Plan); len(diff) > 0 {
			return nil, 0, fmt.Errorf("merge: %s and %s hold different plans: %s", dirs[0], dir, strings.Join(diff, "; "))
		}
		for name, sha := range m.Corpora {
			if first.Corpora[name] != sha {
				return nil, 0, fmt.Errorf("merge: %s and %s read different %s files (SHA-256 %s, %s)", dirs[0], dir, name, first.Corpora[name], sha)
			}
		}
	}
	first.Shard = ""
	first.Merged = slices.Clone(dirs)
	slices.Sort(shards)
	first.MergedShards = slices.Compact(shards)
	return first, records, nil
}

// pieceManifest reads the manifest of a piece to merge, saying what is
// wrong with a directory that holds none.
func pieceManifest(dir string) (*record.Manifest, error) {
	m, err := record.ReadManifest(filepath.Join(dir, record.ManifestFile))
	if !errors.Is(err, os.ErrNotExist) {
		if err != nil {
			return nil, fmt.Errorf("merge: %w", err)
		}
		return m, nil
	}
	if fi, statErr := os.Stat(dir); statErr != nil || !fi.IsDir() {
		return nil, fmt.Errorf("merge: %s is not a directory; name the result directories of the pieces (run --shard i/n --out DIR)", dir)
	}
	return nil, fmt.Errorf("merge: %s holds no run (it has no %s); name the result directories of the pieces (run --shard i/n --out DIR)", dir, record.ManifestFile)
}

// recordsAgree refuses a piece whose records disagree with its manifest's
// plan (record.PlanCheck): merged, they would be kept under a manifest
// that does not describe them. It returns the number of records, none
// where the piece has no records yet.
func recordsAgree(dir string, m *record.Manifest) (int, error) {
	check := record.NewPlanCheck(m)
	n := 0
	_, err := record.Each(dir, func(r *record.Record) error {
		check.Check(r)
		n++
		return nil
	})
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return 0, fmt.Errorf("merge: %w", err)
	}
	if check.Strays() > 0 {
		return 0, fmt.Errorf("merge: %s: %s; restore its manifest, or move those records out", dir, check.Disagreement())
	}
	return n, nil
}

// mergeRecords streams every piece's records to path, the first record
// of each key kept (record.Distinct, sized for the records the pieces
// hold), whole or not at all (outfile): a merge that fails leaves no
// records and is simply run again.
func mergeRecords(dirs []string, records int, path string) (_ *MergeSummary, err error) {
	f, err := outfile.Create(path)
	if err != nil {
		return nil, err
	}
	defer f.Abort()
	distinct := record.NewDistinct(records)
	defer func() {
		if closeErr := distinct.Close(); err == nil {
			err = closeErr
		}
	}()
	bw := bufio.NewWriterSize(f, 1<<16)
	sum := &MergeSummary{}
	for _, dir := range dirs {
		if _, err := record.ResultsPath(dir); errors.Is(err, os.ErrNotExist) {
			continue // a piece that has recorded nothing yet
		}
		warn, err := distinct.Read(dir, func(r *record.Record, firstIn string) error {
			if firstIn != "" {
				sum.Duplicates++
				return nil
			}
			sum.Records++
			return writeLine(bw, r)
		})
		sum.Warnings = append(sum.Warnings, warn...)
		if err != nil {
			return nil, fmt.Errorf("merge: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return nil, fmt.Errorf("merge: writing %s: %w", path, err)
	}
	return sum, f.Commit()
}

// writeLine writes one record as a JSON line.
func writeLine(w *bufio.Writer, r *record.Record) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
