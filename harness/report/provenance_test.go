package report

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/harness/record"
)

// resultDir writes a result directory: a manifest of plan with the given
// shard, and the records.
func resultDir(t *testing.T, plan record.Plan, shard string, recs []record.Record) string {
	t.Helper()
	dir := t.TempDir()
	m := &record.Manifest{Suite: "sudokubench", Plan: plan, Shard: shard}
	if err := record.WriteManifest(filepath.Join(dir, record.ManifestFile), m); err != nil {
		t.Fatal(err)
	}
	w, err := record.Append(filepath.Join(dir, record.ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	for i := range recs {
		if err := w.Write(&recs[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return dir
}

// runsOf makes n solved runs of solver "s" on puzzles first, first+1, ….
func runsOf(first, n int) []record.Record {
	var recs []record.Record
	for i := first; i < first+n; i++ {
		recs = append(recs, rec("s", fmt.Sprint(i), 17, "solved", 1000, 0))
	}
	return recs
}

var plan12 = record.Plan{Solvers: []string{"s"}, Corpora: []string{"c"}, Mode: "unique", Reps: 1, Seed: 1, TimeoutNS: 100, Runs: 12}

func hasWarning(ws []string, part string) bool {
	for _, w := range ws {
		if strings.Contains(w, part) {
			return true
		}
	}
	return false
}

// TestEveryFormatStatesCoverage loads two of three shards of a plan: the
// warnings name the missing shard, and every format says how much of the
// plan the records are.
func TestEveryFormatStatesCoverage(t *testing.T) {
	a := resultDir(t, plan12, "1/3", runsOf(0, 4))
	b := resultDir(t, plan12, "2/3", runsOf(4, 4))
	d, warnings, err := Load(a, b)
	if err != nil {
		t.Fatal(err)
	}
	cov := d.Coverage()
	if cov.Planned != 12 || cov.Recorded != 8 || cov.Missing.Count != 1 || cov.Missing.String() != "3/3" || cov.Complete() {
		t.Errorf("coverage %+v, want 8 of 12 recorded, shard 3/3 missing", cov)
	}
	if !hasWarning(warnings, "shards 3/3 of the plan are not loaded") {
		t.Errorf("no warning of the missing shard: %q", warnings)
	}
	rep, err := New(d, Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"text", "md", "latex", "html"} {
		var b bytes.Buffer
		if err := rep.WriteDocument(&b, format, nil, "", ""); err != nil {
			t.Fatal(err)
		}
		// Apostrophe and percent sign as each format escapes them.
		if !strings.Contains(b.String(), "12 runs recorded (66.7") || !strings.Contains(b.String(), "shards loaded: 1/3, 2/3; shards missing: 3/3") {
			t.Errorf("format=%s does not state the coverage:\n%s", format, b.String())
		}
	}
	var csv bytes.Buffer
	if err := rep.WriteDocument(&csv, "csv", nil, "", ""); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(csv.String(), "\n")
	if !strings.HasSuffix(lines[0], "plan_runs,recorded_runs,missing_shards") || !strings.HasSuffix(lines[1], ",12,8,1") {
		t.Errorf("CSV does not carry the coverage:\n%s", csv.String())
	}
}

// TestMergedShardsCovered loads a merge of two of three shards: the report
// names the shard the merge lacks.
func TestMergedShardsCovered(t *testing.T) {
	dir := resultDir(t, plan12, "", runsOf(0, 8))
	m := &record.Manifest{Suite: "sudokubench", Plan: plan12, Merged: []string{"a", "b"}, MergedShards: []string{"1/3", "2/3"}}
	if err := record.WriteManifest(filepath.Join(dir, record.ManifestFile), m); err != nil {
		t.Fatal(err)
	}
	d, warnings, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if cov := d.Coverage(); cov.Missing.Count != 1 || cov.Missing.String() != "3/3" {
		t.Errorf("coverage %+v, want shard 3/3 missing", cov)
	}
	if !hasWarning(warnings, "shards 3/3 of the plan are not loaded") {
		t.Errorf("no warning of the missing shard: %q", warnings)
	}
}

// TestHugeShardCountCounted loads one piece of a plan split far beyond
// record.MaxShards (a manifest written before the bound, or edited), and
// pieces of splits up to it: the report says it cannot read the first,
// counts the missing pieces of the others and names five, and never lists
// them all (10¹¹ names took 24 GB).
func TestHugeShardCountCounted(t *testing.T) {
	for _, c := range []struct {
		shards []string
		want   string
	}{
		{[]string{"2/99999999999"}, `shard "2/99999999999": 99999999999 pieces is more than the 1000000 a plan may be split into)`},
		{[]string{"2/1000000"}, "shards missing: 1/1000000, 3/1000000, 4/1000000, 5/1000000, 6/1000000 and 999994 more"},
		{[]string{"1/9", "2/9", "3/9", "5/9"}, "shards loaded: 1/9, 2/9, 3/9, 5/9; shards missing: 4/9, 6/9, 7/9, 8/9, 9/9"},
		{[]string{"1/3", "1/2"}, "shards loaded: 1/2, 1/3; no shard coverage stated (pieces of different splits)"},
	} {
		t.Run("shards="+strings.Join(c.shards, ","), func(t *testing.T) {
			dir := resultDir(t, plan12, "", runsOf(0, 4))
			m := &record.Manifest{Suite: "sudokubench", Plan: plan12, MergedShards: c.shards}
			if err := record.WriteManifest(filepath.Join(dir, record.ManifestFile), m); err != nil {
				t.Fatal(err)
			}
			d, _, err := Load(dir)
			if err != nil {
				t.Fatal(err)
			}
			if cov := d.Coverage(); !strings.Contains(cov.String(), c.want) || len(cov.Missing.First) > record.NamedShards {
				t.Errorf("coverage %q names %d shards, want it to say %q", cov, len(cov.Missing.First), c.want)
			}
		})
	}
}

// TestRecordsThatDisagreeWithTheManifestWarned: a whole-plan run whose
// manifest was edited to "shard 1/2" read as "100% recorded; shards
// missing: 2/2". The report now says which records disagree, and how many.
func TestRecordsThatDisagreeWithTheManifestWarned(t *testing.T) {
	recs := runsOf(0, 12)
	outside := 0
	for _, r := range recs {
		if !(record.Shard{Index: 1, Count: 2}).Keeps(r.Key()) {
			outside++
		}
	}
	other := rec("t", "0", 17, "solved", 1000, 0)
	for _, c := range []struct {
		name  string
		shard string
		recs  []record.Record
		want  string
	}{
		{"manifest=shard-1/2", "1/2", recs, fmt.Sprintf("%d of 12 records disagree with manifest.json: %d outside shard 1/2, which the manifest says the directory holds", outside, outside)},
		{"record=other-solver", "", append(runsOf(0, 11), other), "1 of 12 records disagree with manifest.json: 1 of solver t, which is not among the plan's solvers (first: t|c:0|unique|1|0)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if outside == 0 || outside == 12 {
				t.Fatalf("%d of 12 keys outside shard 1/2: the case tests nothing", outside)
			}
			_, warnings, err := Load(resultDir(t, plan12, c.shard, c.recs))
			if err != nil {
				t.Fatal(err)
			}
			if !hasWarning(warnings, c.want) {
				t.Errorf("warnings %q, want one saying %q", warnings, c.want)
			}
		})
	}
	if _, warnings, _ := Load(resultDir(t, plan12, "", recs)); hasWarning(warnings, "disagree") {
		t.Errorf("records that agree with their manifest warned of: %q", warnings)
	}
}

func TestInterruptedRunWarned(t *testing.T) {
	_, warnings, err := Load(resultDir(t, plan12, "", runsOf(0, 5)))
	if err != nil {
		t.Fatal(err)
	}
	if !hasWarning(warnings, "the results are incomplete: 5 of the plan's 12 runs recorded") {
		t.Errorf("an interrupted run is not warned of: %q", warnings)
	}
}

func TestDifferentPlansRefused(t *testing.T) {
	other := plan12
	other.TimeoutNS = 1e6
	a, b := resultDir(t, plan12, "", runsOf(0, 12)), resultDir(t, other, "", runsOf(0, 12))
	_, _, err := Load(a, b)
	if err == nil || !strings.Contains(err.Error(), "different plans") || !strings.Contains(err.Error(), a) || !strings.Contains(err.Error(), b) {
		t.Errorf("two plans in one report: %v", err)
	}
}

func TestProvenanceWarnings(t *testing.T) {
	recs := runsOf(0, 12)
	for i := range recs {
		recs[i].Build, recs[i].Host = "abc", "node1"
		if i >= 9 {
			recs[i].Build, recs[i].Host = "def+dirty", "node2"
		}
	}
	dir := resultDir(t, plan12, "", recs)
	m, err := record.ReadManifest(filepath.Join(dir, record.ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	m.LoadStart, m.LoadEnd = [3]float64{2.5, 2, 1.5}, [3]float64{3, 2.5, 2}
	if err := record.WriteManifest(filepath.Join(dir, record.ManifestFile), m); err != nil {
		t.Fatal(err)
	}
	_, warnings, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"records come from 2 builds: abc (9 runs), def+dirty (3 runs)",
		"records come from 2 hosts: node1 (9 runs), node2 (3 runs)",
		"the machine was busy with other work (load average 2.50/2.00/1.50 at the start, 3.00/2.50/2.00 at the end",
	} {
		if !hasWarning(warnings, want) {
			t.Errorf("no warning %q in %q", want, warnings)
		}
	}
	m.LoadStart, m.LoadEnd = [3]float64{0.1, 0.2, 0.3}, [3]float64{1.2, 0.8, 0.4}
	if err := record.WriteManifest(filepath.Join(dir, record.ManifestFile), m); err != nil {
		t.Fatal(err)
	}
	if _, warnings, _ := Load(dir); hasWarning(warnings, "busy") {
		t.Errorf("a quiet machine (its own run's load only) warned of: %q", warnings)
	}
}

// TestLoadNotRecordedSaysSo: a run that stopped before it rewrote its
// manifest (a full disk) has no end load; the report says so rather than
// showing 0.00/0.00/0.00 as if measured, on stderr and in the documents.
func TestLoadNotRecordedSaysSo(t *testing.T) {
	for _, c := range []struct {
		name       string
		start, end [3]float64
		want       string
	}{
		{"end=missing", [3]float64{2.5, 2, 1.5}, [3]float64{}, "load average 2.50/2.00/1.50 at the start, not recorded at the end"},
		{"start=missing", [3]float64{}, [3]float64{3, 2.5, 2}, "load average not recorded at the start, 3.00/2.50/2.00 at the end"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := resultDir(t, plan12, "", runsOf(0, 12))
			m := &record.Manifest{Suite: "sudokubench", Plan: plan12, LoadStart: c.start, LoadEnd: c.end}
			if err := record.WriteManifest(filepath.Join(dir, record.ManifestFile), m); err != nil {
				t.Fatal(err)
			}
			d, warnings, err := Load(dir)
			if err != nil {
				t.Fatal(err)
			}
			if !hasWarning(warnings, c.want) || hasWarning(warnings, "0.00/0.00/0.00") {
				t.Errorf("warnings %q, want one saying %q", warnings, c.want)
			}
			rep, err := New(d, Config{})
			if err != nil {
				t.Fatal(err)
			}
			rep.Warnings = append(warnings, rep.Warnings...)
			for _, format := range []string{"md", "html"} {
				var b bytes.Buffer
				if err := rep.WriteDocument(&b, format, nil, "", ""); err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(b.String(), c.want) || strings.Contains(b.String(), "0.00/0.00/0.00") {
					t.Errorf("format=%s does not say the load was not recorded:\n%s", format, b.String())
				}
			}
		})
	}
}

func TestOldRecordsLoad(t *testing.T) {
	dir := t.TempDir()
	old := `{"solver":"s","corpus":"c","puzzle_id":"c:1","hints":17,"mode":"unique","seed":1,"rep":0,"status":"solved","wall_ns":10,"cpu_ns":8,"alloc_bytes":1,"peak_rss_bytes":1048576,"timeout_ns":100}` + "\n"
	if err := os.WriteFile(filepath.Join(dir, record.ResultsFile), []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	d, warnings, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := New(d, Config{})
	if err != nil {
		t.Fatal(err)
	}
	// No idle worker's figure: the whole peak is not the solver's.
	if s := rep.Sections[0].Summaries[0]; !math.IsNaN(s.OwnMem) || hasWarning(warnings, "builds") {
		t.Errorf("an old record: own mem %g, warnings %q", s.OwnMem, warnings)
	}
}

// A plan that left puzzles out (a pipeline that does not take them) is
// complete without them, and its coverage line names them.
func TestCoverageNamesWhatThePlanLeftOut(t *testing.T) {
	plan := plan12
	plan.LeftOut = []record.LeftOut{{Solver: "t", Corpus: "c", Geometry: "16×16 classic", Puzzles: 4, Reason: "t does not take 16×16 classic puzzles"}}
	d, warnings, err := Load(resultDir(t, plan, "", runsOf(0, 12)))
	if err != nil {
		t.Fatal(err)
	}
	cov := d.Coverage()
	if !cov.Complete() || hasWarning(warnings, "incomplete") {
		t.Errorf("coverage %s, warnings %q: want complete", cov, warnings)
	}
	if want := "left out when planned, as the pipelines do not take them: 4 16×16 classic puzzles of c for t"; !strings.Contains(cov.String(), want) {
		t.Errorf("coverage %q does not say %q", cov, want)
	}
}
