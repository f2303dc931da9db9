package record

import (
	"bytes"
	"encoding/csv"
	"slices"
	"testing"
	"time"
)

func TestWriteCSVFlattensRecordsIntoOneTable(t *testing.T) {
	dlx := sampleRecord("top1465:3", "solved")
	dlx.Options = map[string]string{"engine": "dlx"}
	dlx.Started = time.Date(2026, 11, 24, 12, 0, 0, 500, time.UTC)
	sat := sampleRecord("top1465:4", "timeout")
	sat.Solver, sat.External, sat.Detail = "sat/minisat/extended", true, "killed at 10s"
	sat.Options = map[string]string{"encoding": "extended", "engine": "minisat"}
	sat.Counters = map[string]float64{"conflicts": 27, "process_cpu_s": 0.020565}
	sat.Model = nil
	multiple := sampleRecord("top1465:5", "multiple")
	multiple.Counters, multiple.Model = nil, nil

	var b bytes.Buffer
	if err := WriteCSV(&b, []Record{dlx, sat, multiple}); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatalf("the CSV does not parse: %v\n%s", err, b.String())
	}
	wantHeader := []string{"solver", "corpus", "puzzle_id", "puzzle_sha", "hints", "size", "variant",
		"mode", "seed", "rep", "status", "solved", "detail", "wall_ns", "cpu_ns", "alloc_bytes", "peak_rss_bytes",
		"external", "timeout_ns", "started",
		"option.encoding", "option.engine", "counter.conflicts", "counter.nodes", "counter.process_cpu_s", "model.items"}
	if !slices.Equal(rows[0], wantHeader) {
		t.Fatalf("header\n %q\nwant\n %q", rows[0], wantHeader)
	}
	if len(rows) != 4 {
		t.Fatalf("%d rows, want a header and one per record", len(rows))
	}
	cell := func(row int, col string) string { return rows[row][slices.Index(rows[0], col)] }
	for _, tt := range []struct {
		row       int
		col, want string
	}{
		{1, "solver", "exactcover/dlx"}, {1, "status", "solved"}, {1, "solved", "true"}, {1, "wall_ns", "1234"},
		{1, "external", "false"}, {1, "started", "2026-11-24T12:00:00.0000005Z"}, {1, "option.engine", "dlx"},
		{1, "option.encoding", ""}, {1, "counter.nodes", "7"}, {1, "model.items", "324"}, {1, "detail", ""},
		{2, "status", "timeout"}, {2, "solved", "false"}, {2, "external", "true"}, {2, "detail", "killed at 10s"},
		{2, "counter.process_cpu_s", "0.020565"}, {2, "counter.nodes", ""}, {2, "model.items", ""}, {2, "started", ""},
		{3, "solved", "true"}, {3, "counter.conflicts", ""},
	} {
		if got := cell(tt.row, tt.col); got != tt.want {
			t.Errorf("row %d, %s = %q, want %q", tt.row, tt.col, got, tt.want)
		}
	}
}

func TestWriteCSVOfNoRecordsIsAHeader(t *testing.T) {
	var b bytes.Buffer
	if err := WriteCSV(&b, nil); err != nil {
		t.Fatal(err)
	}
	want := "solver,corpus,puzzle_id,puzzle_sha,hints,size,variant,mode,seed,rep,status,solved,wall_ns,cpu_ns,alloc_bytes,peak_rss_bytes,timeout_ns\n"
	if got := b.String(); got != want {
		t.Errorf("no records gave %q", got)
	}
}
