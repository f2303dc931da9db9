package report

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/sudokubench/sudokubench/harness/record"
)

// Data is the records of one or more result directories, merged.
type Data struct {
	Dirs      []string
	Manifests []*record.Manifest // one per directory that has one, in Dirs order
	Records   []record.Record
}

// Load reads results.jsonl and manifest.json from each directory and merges
// them. A run key seen twice keeps its first record and is reported as a
// warning, as are truncated last lines and directories without a manifest.
// Errors name the file and line.
func Load(dirs ...string) (*Data, []string, error) {
	if len(dirs) == 0 {
		return nil, nil, errors.New("no result directory given")
	}
	d := &Data{Dirs: dirs}
	var warnings []string
	seen := make(map[string]string)
	for _, dir := range dirs {
		m, err := record.ReadManifest(filepath.Join(dir, record.ManifestFile))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			warnings = append(warnings, fmt.Sprintf("%s: no %s; limits come from the records", dir, record.ManifestFile))
		case err != nil:
			return nil, warnings, err
		default:
			d.Manifests = append(d.Manifests, m)
		}
		path := filepath.Join(dir, record.ResultsFile)
		if _, err := os.Stat(path); err != nil {
			return nil, warnings, fmt.Errorf("%s: %w (is this a result directory?)", dir, err)
		}
		w, err := record.Read(path, func(r *record.Record) error {
			k := r.Key()
			if first, dup := seen[k]; dup {
				warnings = append(warnings, fmt.Sprintf("%s: run %s already read from %s; kept the first", path, k, first))
				return nil
			}
			seen[k] = path
			d.Records = append(d.Records, *r)
			return nil
		})
		warnings = append(warnings, w...)
		if err != nil {
			return nil, warnings, err
		}
	}
	return d, warnings, nil
}

// LimitNS returns the wall-clock limit stated for the runs: the manifests'
// plan timeout, or failing that the largest limit a record carries (0 when
// none is known). A warning says when the sources disagree.
func (d *Data) LimitNS() (int64, []string) {
	var limit int64
	var warnings []string
	for i, m := range d.Manifests {
		t := m.Plan.TimeoutNS
		if limit != 0 && t != limit {
			warnings = append(warnings, fmt.Sprintf("manifest %d states limit %s, another %s; PAR-2 uses the larger",
				i+1, FormatDuration(float64(t)), FormatDuration(float64(limit))))
		}
		limit = max(limit, t)
	}
	if limit > 0 {
		return limit, warnings
	}
	for _, r := range d.Records {
		limit = max(limit, r.TimeoutNS)
	}
	return limit, warnings
}
