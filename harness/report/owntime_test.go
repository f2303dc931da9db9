package report

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/report/figure"
	"github.com/sudokubench/sudokubench/harness/report/table"
)

// startupCPU is the outside pipeline's start-up of one call in
// ownRecords: 4 ms by the CPU clock (5 ms by the wall's), two calls a
// puzzle.
const startupCPU = 4e6

// ownRecords are an in-process pipeline and an outside one on 12
// puzzles: dlx takes i+1 µs, cadical 10+i ms of which two calls' start-up
// (8 ms of CPU time) are not its own; gophersat, in process, counts its
// own solves ("solves", the name outside calls are counted by too). With
// measured set, the outside runs carry their CPU start-up; without, they
// were written before it was measured.
func ownRecords(measured bool) []record.Record {
	var recs []record.Record
	for i := range 12 {
		id := fmt.Sprint(i)
		dlx := rec("exactcover/dlx", id, 17, "solved", int64(1000*(i+1)), 0)
		gophersat := rec("sat/gophersat/extended", id, 17, "solved", int64(2000*(i+1)), 0)
		gophersat.Counters = map[string]float64{"solves": 2}
		cadical := rec("sat/cadical/extended", id, 17, "solved", int64(10e6+1e6*i), 0)
		cadical.External = true
		cadical.WallNS = cadical.CPUNS + 2e6
		cadical.Counters = map[string]float64{"solves": 2, "startup_ns": 2 * 5e6}
		if measured {
			cadical.Counters["startup_cpu_ns"] = 2 * startupCPU
		}
		recs = append(recs, dlx, gophersat, cadical)
	}
	return recs
}

// column returns a table's cells of a column, by the row's solver.
func column(t *testing.T, tab *table.Table, name string) map[string]table.Cell {
	t.Helper()
	c := slices.IndexFunc(tab.Columns, func(c table.Column) bool { return c.Name == name })
	if c < 0 {
		return nil
	}
	out := make(map[string]table.Cell)
	for _, r := range tab.Rows {
		out[r.Cells[0].Text] = r.Cells[c]
	}
	return out
}

// figureNamed returns a report's figure of a name.
func figureNamed(t *testing.T, rep *Report, name string) figure.Figure {
	t.Helper()
	figs, err := rep.Figures()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range figs {
		if f.Name == name {
			return f
		}
	}
	t.Fatalf("no figure %s", name)
	return figure.Figure{}
}

// setupValue is a report's setup line of a label, "" where none.
func setupValue(rep *Report, label string) string {
	for _, kv := range rep.Setup() {
		if kv[0] == label {
			return kv[1]
		}
	}
	return ""
}

// TestOwnTimeByDefault: a report that sets an outside program beside
// in-process solvers shows, by default, the whole time in its tables with
// the own median beside it, and own time in its figures, each saying
// which in its title, notes or caption; the setup gives the start-up.
func TestOwnTimeByDefault(t *testing.T) {
	rep, err := New(&Data{Runs: NewRuns(ownRecords(true)...)}, Config{By: []string{"all"}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.TableMeasure != CPU || rep.FigureMeasure != OwnCPU || !rep.OwnColumn {
		t.Fatalf("measures: tables %s, figures %s, own column %v; want cpu, own cpu, true", rep.TableMeasure, rep.FigureMeasure, rep.OwnColumn)
	}
	tab := rep.Sections[0].Tables[0]
	if !strings.Contains(tab.Title, "start-up included") {
		t.Errorf("the table's title %q does not say its times hold the start-up", tab.Title)
	}
	median, own := column(t, tab, "median"), column(t, tab, "own median")
	// cadical's median over 10..21 ms is 15.5 ms; less 2 × 4 ms, 7.5 ms.
	if c := own["sat/cadical/extended"]; median["sat/cadical/extended"].Value != 15.5e6 || c.Value != 7.5e6 {
		t.Errorf("cadical: median %v, own median %v; want 15.5 ms and 7.5 ms", median["sat/cadical/extended"].Value, c.Value)
	}
	for _, s := range []string{"exactcover/dlx", "sat/gophersat/extended"} {
		if own[s].Value != median[s].Value {
			t.Errorf("%s, in process: own median %v, median %v; want them equal", s, own[s].Value, median[s].Value)
		}
	}
	notes := strings.Join(tab.Notes, " ")
	for _, want := range []string{"include its process start-up", "own median leaves it out", "writing and parsing the model file"} {
		if !strings.Contains(notes, want) {
			t.Errorf("the notes do not say %q:\n%s", want, notes)
		}
	}
	cactus := figureNamed(t, rep, "cactus")
	if got := cactus.Panels[0].Plot.X.Label.Text; got != "own CPU time per puzzle" {
		t.Errorf("the cactus's time axis reads %q, want own CPU time", got)
	}
	if !strings.Contains(cactus.Caption, "own CPU time") || !strings.Contains(cactus.Caption, "start-up") || !strings.Contains(cactus.Caption, "taken out") {
		t.Errorf("the cactus's caption does not say it shows own time: %q", cactus.Caption)
	}
	// On own time, cadical's fastest puzzle is 2 ms, not 10.
	if lo := math.Pow(10, cactus.Panels[0].Plot.X.Min); lo > 2e-3/2 {
		t.Errorf("the cactus's axis starts at %g s: cadical's own times start at 2 ms", lo)
	}
	if s := setupValue(rep, "outside programs' start-up per call"); !strings.Contains(s, "sat/cadical/extended 4.00 ms CPU, 5.00 ms wall") {
		t.Errorf("the setup's start-up: %q", s)
	}
	if s := setupValue(rep, "times"); !strings.Contains(s, "own median beside it") || !strings.Contains(s, "figures: own CPU time") {
		t.Errorf("the setup's times: %q", s)
	}
}

// TestTimePartChosen: own time everywhere (PartOwn, or an own Measure),
// the whole time everywhere (PartTotal), and in-process solvers alone,
// for which the two are one and nothing is said of start-up.
func TestTimePartChosen(t *testing.T) {
	for _, tt := range []struct {
		name           string
		recs           []record.Record
		c              Config
		tables, figure Measure
		ownColumn      bool
		title          string
	}{
		{"own", ownRecords(true), Config{Part: PartOwn}, OwnCPU, OwnCPU, false, "own CPU time: outside programs' start-up taken out"},
		{"own-measure", ownRecords(true), Config{Measure: OwnWall}, OwnWall, OwnWall, false, "own wall-clock time"},
		{"total", ownRecords(true), Config{Part: PartTotal}, CPU, CPU, false, "start-up included"},
		{"in-process", ownRecords(true)[:24], Config{}, CPU, CPU, false, ""},
	} {
		t.Run("part="+tt.name, func(t *testing.T) {
			recs := tt.recs
			if tt.name == "in-process" {
				recs = slices.DeleteFunc(slices.Clone(recs), func(r record.Record) bool { return r.External })
			}
			tt.c.By = []string{"all"}
			rep, err := New(&Data{Runs: NewRuns(recs...)}, tt.c)
			if err != nil {
				t.Fatal(err)
			}
			if rep.TableMeasure != tt.tables || rep.FigureMeasure != tt.figure || rep.OwnColumn != tt.ownColumn {
				t.Errorf("tables %s, figures %s, own column %v; want %s, %s, %v", rep.TableMeasure, rep.FigureMeasure, rep.OwnColumn, tt.tables, tt.figure, tt.ownColumn)
			}
			tab := rep.Sections[0].Tables[0]
			if column(t, tab, "own median") != nil {
				t.Errorf("an own median column beside times that are all %s", tt.tables)
			}
			if tt.title == "" && strings.Contains(tab.Title, "(") || !strings.Contains(tab.Title, tt.title) {
				t.Errorf("title %q, want it to say %q", tab.Title, tt.title)
			}
			if tt.tables.Own() {
				if m := column(t, tab, "median")["sat/cadical/extended"].Value; m != 7.5e6 && tt.tables == OwnCPU {
					t.Errorf("cadical's own median %v, want 7.5 ms", m)
				}
			}
			if caption := figureNamed(t, rep, "cactus").Caption; tt.name == "in-process" && strings.Contains(caption, "start-up") {
				t.Errorf("a report without outside programs speaks of start-up: %q", caption)
			}
		})
	}
}

// TestOwnTimeNeedsTheStartUp: records written before the CPU start-up
// was measured hold no own time. By default the report shows the whole
// time and says why; asked for own time, it refuses, naming them.
func TestOwnTimeNeedsTheStartUp(t *testing.T) {
	rep, err := New(&Data{Runs: NewRuns(ownRecords(false)...)}, Config{By: []string{"all"}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.FigureMeasure != CPU || rep.OwnColumn || !strings.Contains(rep.OwnUnavailable, "sat/cadical/extended") {
		t.Errorf("figures %s, own column %v, why %q; want the whole time, saying why", rep.FigureMeasure, rep.OwnColumn, rep.OwnUnavailable)
	}
	if c := figureNamed(t, rep, "cactus").Caption; !strings.Contains(c, "start-up included") || !strings.Contains(c, "Own time is not shown") {
		t.Errorf("the cactus's caption: %q", c)
	}
	if s := setupValue(rep, "outside programs' start-up per call"); !strings.Contains(s, "sat/cadical/extended 5.00 ms wall, CPU not measured") {
		t.Errorf("the setup's start-up of old records: %q", s)
	}
	_, err = New(&Data{Runs: NewRuns(ownRecords(false)...)}, Config{Part: PartOwn})
	if err == nil || !strings.Contains(err.Error(), "sat/cadical/extended") || !strings.Contains(err.Error(), "startup_cpu_ns") {
		t.Errorf("own time asked of old records: %v", err)
	}
}

// TestTimingInTheSetup: the setup counts the runs timed each way.
func TestTimingInTheSetup(t *testing.T) {
	recs := ownRecords(true)
	recs[0].Timing, recs[1].Timing, recs[2].Timing = "window", "window", "window-interrupted"
	rep, err := New(&Data{Runs: NewRuns(recs...)}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	want := "33 by the CPU clock around the solve; 2 in a window of untimed solves (short in-process solves); 1 in a window whose thread lost the processor (CPU time estimated)"
	if got := setupValue(rep, "timing"); got != want {
		t.Errorf("timing %q, want %q", got, want)
	}
}
