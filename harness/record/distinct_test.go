package record_test

import (
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/record/recordtest"
)

// Distinct passes on the first record of each key and names, for each
// repeat, the directory its key was first read from, across plain and
// compressed files, whether keys' hashes differ or collide in droves
// (then keys are read back from their files to tell them apart).
func TestDistinctKeepsTheFirstRecordOfEachKey(t *testing.T) {
	tmp := t.TempDir()
	spec := recordtest.Spec{Runs: 400, Reps: 2, Seed: 3}
	dirs := map[string]recordtest.Spec{"plain": spec, "packed": spec, "half": spec, "other": spec}
	dirs["packed"] = recordtest.Spec{Runs: 400, Reps: 2, Seed: 3, Compressed: true}
	dirs["half"] = recordtest.Spec{Runs: 400, Reps: 2, Seed: 3, Shard: record.Shard{Index: 1, Count: 2}}
	dirs["other"] = recordtest.Spec{Runs: 200, Reps: 2, Seed: 4, Compressed: true} // other seeds: other keys
	for name, s := range dirs {
		recordtest.MustWrite(t, filepath.Join(tmp, name), s)
	}
	keysOf := func(name string) []string {
		var keys []string
		if _, err := record.Each(filepath.Join(tmp, name), func(r *record.Record) error {
			keys = append(keys, r.Key())
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return keys
	}
	for _, order := range [][]string{{"plain", "packed", "half", "other"}, {"packed", "other", "half", "plain", "plain"}} {
		for _, hash := range []string{"maphash", "colliding"} {
			t.Run(fmt.Sprintf("order=%s/hash=%s", strings.Join(order, ","), hash), func(t *testing.T) {
				d := record.NewDistinct(0)
				defer d.Close()
				if hash == "colliding" {
					record.PlantHash(d, func(k string) uint64 { return fnv64(k) % 509 }) // about 3 keys a hash
				}
				var want, got []string
				wantFirst := make(map[string]string)
				for _, name := range order {
					for _, k := range keysOf(name) {
						if _, seen := wantFirst[k]; !seen {
							wantFirst[k] = name
							want = append(want, k)
						}
					}
					dir := filepath.Join(tmp, name)
					if _, err := d.Read(dir, func(r *record.Record, firstIn string) error {
						switch first := wantFirst[r.Key()]; {
						case firstIn == "":
							got = append(got, r.Key())
						case firstIn != filepath.Join(tmp, first):
							t.Errorf("%s in %s: first read in %s, want %s", r.Key(), name, firstIn, first)
						}
						return nil
					}); err != nil {
						t.Fatal(err)
					}
				}
				if !slices.Equal(got, want) {
					t.Errorf("%d first records, want %d, in the order read", len(got), len(want))
				}
				if d.Len() != len(want) {
					t.Errorf("Len = %d, want %d", d.Len(), len(want))
				}
				repeats := 0
				for _, r := range d.Repeats() {
					repeats += r.N
				}
				if repeats != d.Records()-len(want) || !strings.Contains(d.RepeatsWarning(), fmt.Sprintf("%d run(s) recorded more than once", repeats)) {
					t.Errorf("repeats %+v of %d records, warning %q", d.Repeats(), d.Records(), d.RepeatsWarning())
				}
			})
		}
	}
}

// A file rewritten while a Distinct reads it back is an error, never a
// repeat let through as a new run.
func TestDistinctNoticesAFileThatChanged(t *testing.T) {
	tmp := t.TempDir()
	a, b := filepath.Join(tmp, "a"), filepath.Join(tmp, "b")
	recordtest.MustWrite(t, a, recordtest.Spec{Runs: 200, Seed: 1})
	recordtest.MustWrite(t, b, recordtest.Spec{Runs: 200, Seed: 1})
	d := record.NewDistinct(0)
	defer d.Close()
	record.PlantHash(d, func(k string) uint64 { return fnv64(k) % 5 }) // every key read back
	if _, err := d.Read(a, func(*record.Record, string) error { return nil }); err != nil {
		t.Fatal(err)
	}
	recordtest.MustWrite(t, a, recordtest.Spec{Runs: 200, Seed: 2}) // other keys in its place
	_, err := d.Read(b, func(*record.Record, string) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "changed while it was read") {
		t.Errorf("reading on after %s changed: %v, want an error saying so", a, err)
	}
}

func fnv64(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

// Dirs reads one plan's directories as one: each key once, warnings for
// records that disagree with their manifest, a torn last line and a
// directory without a manifest; directories of different plans refused.
func TestDirsReadOnePlanAsOne(t *testing.T) {
	tmp := t.TempDir()
	spec := recordtest.Spec{Runs: 500, Seed: 1}
	pieces := []string{filepath.Join(tmp, "p1"), filepath.Join(tmp, "p2"), filepath.Join(tmp, "p2-again")}
	recordtest.MustWrite(t, pieces[0], recordtest.Spec{Runs: 500, Seed: 1, Shard: record.Shard{Index: 1, Count: 2}})
	recordtest.MustWrite(t, pieces[1], recordtest.Spec{Runs: 500, Seed: 1, Shard: record.Shard{Index: 2, Count: 2}})
	recordtest.MustWrite(t, pieces[2], recordtest.Spec{Runs: 500, Seed: 1, Shard: record.Shard{Index: 2, Count: 2}, Compressed: true})
	f, err := os.OpenFile(filepath.Join(pieces[1], record.ResultsFile), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"solver":"exactcover/dlx","puzz`) // killed mid-write
	f.Close()
	d, warnings, err := record.OpenDirs(pieces...)
	if err != nil || len(warnings) != 0 {
		t.Fatalf("OpenDirs: %v, %q", err, warnings)
	}
	n := 0
	warnings, err = d.Each(func(*record.Record) error { n++; return nil })
	if err != nil {
		t.Fatal(err)
	}
	if n != spec.Runs {
		t.Errorf("%d records, want the plan's %d, each once", n, spec.Runs)
	}
	for _, says := range []string{"incomplete last line skipped", "recorded more than once", "(first read from " + pieces[1] + ")"} {
		if !slices.ContainsFunc(warnings, func(w string) bool { return strings.Contains(w, says) }) {
			t.Errorf("warnings %q: none says %q", warnings, says)
		}
	}

	// A piece whose manifest says it holds the other shard: its records
	// disagree with it.
	m, err := record.ReadManifest(filepath.Join(pieces[0], record.ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	m.Shard = "2/2"
	if err := record.WriteManifest(filepath.Join(pieces[0], record.ManifestFile), m); err != nil {
		t.Fatal(err)
	}
	d, _, _ = record.OpenDirs(pieces[0])
	if warnings, err := d.Each(func(*record.Record) error { return nil }); err != nil || len(warnings) != 1 || !strings.Contains(warnings[0], "outside shard 2/2") {
		t.Errorf("records outside their manifest's shard: %v, warnings %q", err, warnings)
	}

	other := filepath.Join(tmp, "other")
	recordtest.MustWrite(t, other, recordtest.Spec{Runs: 500, Seed: 2})
	if _, _, err := record.OpenDirs(pieces[1], other); err == nil || !strings.Contains(err.Error(), "hold different plans") || !strings.Contains(err.Error(), "sudokubench compare") {
		t.Errorf("directories of two plans: %v, want a refusal pointing to compare", err)
	}
	if err := os.Remove(filepath.Join(other, record.ManifestFile)); err != nil {
		t.Fatal(err)
	}
	if _, warnings, err := record.OpenDirs(other); err != nil || len(warnings) != 1 || !strings.Contains(warnings[0], "no manifest.json") {
		t.Errorf("a directory without a manifest: %v, warnings %q", err, warnings)
	}
}
