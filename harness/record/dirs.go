package record

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"time"
)

// Dirs are result directories of one plan read as one, as the report and
// export-records read them: the shards of a split, or a run and its
// pieces resumed elsewhere. Their records stream (Each), each run key
// once, so that reading them costs the same whatever their number beyond
// about 14 bytes a record (Distinct).
type Dirs struct {
	Dirs      []string
	Manifests []*Manifest // in the order of Dirs; nil where a directory has none
}

// OpenDirs reads the manifests of dirs. Directories of different plans
// are refused: one table of their records would mix their puzzles,
// limits and modes. A directory without a manifest is a warning: its
// limits come from its records and the plan's size is unknown.
func OpenDirs(dirs ...string) (*Dirs, []string, error) {
	if len(dirs) == 0 {
		return nil, nil, errors.New("no result directory given")
	}
	d := &Dirs{Dirs: dirs}
	var warnings []string
	for _, dir := range dirs {
		m, err := ReadManifest(filepath.Join(dir, ManifestFile))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			warnings = append(warnings, fmt.Sprintf("%s: no %s; limits come from the records and the plan's size is unknown", dir, ManifestFile))
			m = nil
		case err != nil:
			return nil, warnings, err
		default:
			if err := d.samePlan(dir, m); err != nil {
				return nil, warnings, err
			}
		}
		d.Manifests = append(d.Manifests, m)
	}
	return d, warnings, nil
}

// samePlan refuses a manifest whose plan differs from those read before.
func (d *Dirs) samePlan(dir string, m *Manifest) error {
	for i, prev := range d.Manifests {
		if prev != nil && !reflect.DeepEqual(prev.Plan, m.Plan) {
			first := d.Dirs[i]
			return fmt.Errorf("%s and %s hold different plans, and one table would mix their puzzles, limits and modes:\n  %s: %s\n  %s: %s\n"+
				"read them one at a time, or compare them: sudokubench compare %s -- %s",
				first, dir, first, planLine(prev.Plan), dir, planLine(m.Plan), first, dir)
		}
	}
	return nil
}

// planLine describes a plan in one line.
func planLine(p Plan) string {
	line := fmt.Sprintf("mode %s, %d rep(s), seed %d, limit %s, memory %s; solvers %s; corpora %s; %d runs",
		p.Mode, p.Reps, p.Seed, time.Duration(p.TimeoutNS), FormatBytes(float64(p.MemBytes)),
		strings.Join(p.Solvers, ","), strings.Join(p.Corpora, ","), p.Runs)
	if p.Forms > 0 {
		line += fmt.Sprintf(", %d equivalent form(s) per puzzle", p.Forms)
	}
	return line
}

// Each streams to fn the first record of each run key, directory by
// directory in their order and each in the order of its file: what a
// table of the runs counts. Every record, repeats included, is checked
// against its directory's manifest (PlanCheck). Warnings, never errors:
// truncated last lines, records that disagree with their manifest, and
// repeated keys (one line for all). Errors name the file and line, and
// a directory without records.
func (d *Dirs) Each(fn func(*Record) error) (warnings []string, err error) {
	distinct := NewDistinct(d.planned())
	defer func() {
		if closeErr := distinct.Close(); err == nil {
			err = closeErr
		}
	}()
	for i, dir := range d.Dirs {
		var check *PlanCheck
		if m := d.Manifests[i]; m != nil {
			check = NewPlanCheck(m)
		}
		w, err := distinct.Read(dir, func(r *Record, firstIn string) error {
			if check != nil {
				check.Check(r)
			}
			if firstIn != "" {
				return nil
			}
			return fn(r)
		})
		warnings = append(warnings, w...)
		if errors.Is(err, fs.ErrNotExist) {
			err = fmt.Errorf("%s: %w (is this a result directory?)", dir, err)
		}
		if err != nil {
			return warnings, err
		}
		if check != nil && check.Strays() > 0 {
			warnings = append(warnings, fmt.Sprintf("%s: %s; the manifest was edited or records of another run were added, and what it says of them (plan coverage, shards) does not hold",
				dir, check.Disagreement()))
		}
	}
	if w := distinct.RepeatsWarning(); w != "" {
		warnings = append(warnings, w)
	}
	return warnings, nil
}

// planned estimates the runs the directories hold from their manifests,
// a size for the key set: each its shards' share of the plan, at most
// the whole plan; 0 when no manifest says.
func (d *Dirs) planned() int {
	total, whole := 0, 0
	for _, m := range d.Manifests {
		if m == nil {
			continue
		}
		whole = m.Plan.Runs
		specs := m.MergedShards
		if m.Shard != "" {
			specs = append(slices.Clone(specs), m.Shard)
		}
		if len(specs) == 0 {
			total += whole
		}
		for _, spec := range specs {
			if sh, err := ParseShard(spec); err == nil && sh.Count > 0 {
				total += whole / sh.Count
			}
		}
	}
	return min(total, whole)
}
