package report

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"maps"
	"os"
	"slices"
	"time"

	"github.com/sudokubench/sudokubench/harness/record"
)

// LoadSides loads the result directories of Compare's sides, each as one
// run (a directory's records are not merged with another's), and refuses
// a run counted more than once: each counts as an independent observation
// of the machine's drift, so a repeat shrinks the variance and fakes a
// significant difference (compare A A A -- B B B found p = 0 between two
// runs of one build). Refused, naming both directories:
//
//   - one directory given twice, on one side or across the sides, by any
//     path to it (relative, with "..", through a symbolic link);
//   - two directories that share a run: a record with the same key, start
//     time, host and times, as a copy of a run, a merge beside its pieces,
//     or a copy resumed elsewhere hold;
//   - two directories with the same records, compared by a fingerprint of
//     them all (records that carry no start time, written before records
//     said when they started, can only be caught whole).
func LoadSides(a, b []string) (runsA, runsB []*Runs, warnings []string, err error) {
	dirs := slices.Concat(a, b)
	if err := distinctDirs(dirs); err != nil {
		return nil, nil, nil, err
	}
	runs := make([]*Runs, len(dirs))
	for i, dir := range dirs {
		d, w, err := Load(dir)
		warnings = append(warnings, w...)
		if err != nil {
			return nil, nil, warnings, err
		}
		runs[i] = d.Runs
	}
	if err := distinctRuns(dirs, runs); err != nil {
		return nil, nil, warnings, err
	}
	return runs[:len(a)], runs[len(a):], warnings, nil
}

// distinctDirs refuses a directory named twice, whatever the paths.
func distinctDirs(dirs []string) error {
	infos := make([]os.FileInfo, len(dirs))
	for i, dir := range dirs {
		fi, err := os.Stat(dir)
		if err != nil {
			return fmt.Errorf("compare: %w", err)
		}
		infos[i] = fi
		for j := range i {
			if os.SameFile(infos[j], fi) {
				return fmt.Errorf("compare: %s and %s are the same directory: a run given twice counts as two runs that agree exactly, which fakes significance; give each run once", dirs[j], dir)
			}
		}
	}
	return nil
}

// runIdentity is what tells one measured run from every other: its key,
// when and where it started, its status and its times. A copy of a record
// has the same; a run repeated has another start time and other times.
type runIdentity [sha256.Size]byte

func identify(r *record.Record) runIdentity {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00", r.Key(), r.Started.UTC().Format(time.RFC3339Nano), r.Host, r.Status)
	_ = binary.Write(h, binary.LittleEndian, [2]int64{r.WallNS, r.CPUNS})
	return runIdentity(h.Sum(nil))
}

// distinctRuns refuses two directories that share a timed run, or whose
// records are the same altogether.
func distinctRuns(dirs []string, runs []*Runs) error {
	owner := make(map[runIdentity]int)
	prints := make(map[runIdentity]int)
	for i, recs := range runs {
		ids := make([]runIdentity, 0, recs.Len())
		shared := make(map[int]int) // earlier directory → runs shared with it
		for r := range recs.All() {
			ids = append(ids, identify(r))
			if r.Started.IsZero() {
				continue
			}
			if j, seen := owner[ids[len(ids)-1]]; seen && j != i {
				shared[j]++
				continue
			}
			owner[ids[len(ids)-1]] = i
		}
		if len(shared) > 0 {
			j := slices.Min(slices.Collect(maps.Keys(shared)))
			return fmt.Errorf("compare: %s and %s share %d run(s) (same key, start time, host and times): one holds a copy of the other's runs (a copy, a merge of it, or a copy resumed), and a run counted twice fakes significance; compare independent runs",
				dirs[j], dirs[i], shared[j])
		}
		fp := fingerprint(ids)
		if j, seen := prints[fp]; seen && recs.Len() > 0 {
			return fmt.Errorf("compare: %s and %s hold the same records (SHA-256 %x…): one is a copy of the other, and a run counted twice fakes significance; compare independent runs",
				dirs[j], dirs[i], fp[:8])
		}
		prints[fp] = i
	}
	return nil
}

// fingerprint hashes a directory's run identities in sorted order, so that
// the order of the lines does not matter.
func fingerprint(ids []runIdentity) runIdentity {
	sorted := slices.Clone(ids)
	slices.SortFunc(sorted, func(x, y runIdentity) int { return bytes.Compare(x[:], y[:]) })
	h := sha256.New()
	for _, id := range sorted {
		h.Write(id[:])
	}
	return runIdentity(h.Sum(nil))
}
