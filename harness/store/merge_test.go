package store

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/harness/plan"
	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/record/recordtest"
	"github.com/sudokubench/sudokubench/internal/memtest"
)

// Merge streams the pieces' records into one directory, the first record
// of each key kept: two shards, one of them again compressed (every
// record a duplicate), and a piece that has recorded nothing yet give the
// plan's runs once each, in the order read, the duplicates counted.
func TestMergeKeepsTheFirstRecordOfEachKey(t *testing.T) {
	tmp := t.TempDir()
	spec := func(i int, compressed bool) recordtest.Spec {
		return recordtest.Spec{Runs: 900, Reps: 2, Seed: 5, Shard: plan.Shard{Index: i, Count: 3}, Compressed: compressed}
	}
	pieces := []string{filepath.Join(tmp, "p1"), filepath.Join(tmp, "p2"), filepath.Join(tmp, "p2-again"), filepath.Join(tmp, "p3")}
	_, n1 := recordtest.MustWrite(t, pieces[0], spec(1, false))
	_, n2 := recordtest.MustWrite(t, pieces[1], spec(2, false))
	recordtest.MustWrite(t, pieces[2], spec(2, true))
	recordtest.MustWrite(t, pieces[3], spec(3, false))
	if err := removeResults(pieces[3]); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(tmp, "merged")
	sum, err := Merge(pieces, out)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Records != n1+n2 || sum.Duplicates != n2 {
		t.Errorf("merged %d records, %d duplicates; want %d and %d", sum.Records, sum.Duplicates, n1+n2, n2)
	}
	if !slices.ContainsFunc(sum.Warnings, func(w string) bool { return strings.Contains(w, "a piece is unfinished") }) {
		t.Errorf("warnings %q: none says a piece is unfinished", sum.Warnings)
	}
	var want, got []string
	for _, dir := range pieces[:2] {
		want = append(want, keysIn(t, dir)...)
	}
	got = keysIn(t, out)
	if !slices.Equal(got, want) {
		t.Errorf("the merged directory holds %d records, want the %d of the two shards in their order", len(got), len(want))
	}
	m, err := record.ReadManifest(filepath.Join(out, record.ManifestFile))
	if err != nil || !slices.Equal(m.MergedShards, []string{"1/3", "2/3", "3/3"}) {
		t.Errorf("merged manifest: %v, shards %q", err, m.MergedShards)
	}
}

// removeResults removes a directory's records, as of a piece that has
// recorded nothing yet.
func removeResults(dir string) error {
	path, err := record.ResultsPath(dir)
	if err != nil {
		return err
	}
	return os.Remove(path)
}

// keysIn lists the keys of a directory's records in their order.
func keysIn(t *testing.T, dir string) []string {
	t.Helper()
	var keys []string
	if _, err := record.Each(dir, func(r *record.Record) error {
		keys = append(keys, r.Key())
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return keys
}

// BenchmarkMergeMemory measures what a merge holds per record it reads:
// four shards of a synthetic plan of 10⁴ runs and more (memtest.BySize;
// recordtest), merged; peak-B/record is the most the heap held while
// merging (memtest.Peak), over the records merged.
func BenchmarkMergeMemory(b *testing.B) {
	memtest.BySize(b, "records", func(b *testing.B, n int) {
		tmp := b.TempDir()
		var pieces []string
		for i := 1; i <= 4; i++ {
			dir := filepath.Join(tmp, fmt.Sprintf("piece-%d", i))
			recordtest.MustWrite(b, dir, recordtest.Spec{Runs: n, Seed: 1, Shard: plan.Shard{Index: i, Count: 4}})
			pieces = append(pieces, dir)
		}
		var peak uint64
		for j := 0; b.Loop(); j++ {
			base := memtest.Live()
			peak = memtest.Peak(func() {
				if _, err := Merge(pieces, filepath.Join(tmp, fmt.Sprintf("merged-%d", j))); err != nil {
					b.Fatal(err)
				}
			}) - base
		}
		b.ReportMetric(float64(peak)/float64(n), "peak-B/record")
	})
}
