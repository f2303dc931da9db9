package main

import (
	"strings"
	"testing"
)

func TestAnalyzeUnitPropagation(t *testing.T) {
	tests := []struct {
		name   string
		corpus string
		allRow string
	}{
		// Every top95 puzzle needs search under both encodings.
		{"corpus=norvig-top95", "norvig-top95", "│ all   │ 20      │ 0.0% (0) │ 0.0% (0) │"},
		// With 60 of 81 cells given, singles finish every puzzle, but the
		// minimal encoding cannot derive a hidden single.
		{"corpus=17-clue+43", "17-clue+43", "│ all   │ 20      │"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := runCLI(t, "--corpora", "../../corpora/data", "analyze", "--up", "--corpus", tt.corpus, "--limit", "20")
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out, tt.allRow) {
				t.Errorf("output lacks %q:\n%s", tt.allRow, out)
			}
			if tt.corpus == "17-clue+43" && !strings.Contains(out, "100.0% (20) │") {
				t.Errorf("extended encoding should settle every 60-hint puzzle:\n%s", out)
			}
		})
	}
}

func TestAnalyzeQUBOSizes(t *testing.T) {
	out, err := runCLI(t, "--corpora", "../../corpora/data", "analyze", "--qubo", "--corpus", "17-clue+18", "--limit", "5")
	if err != nil {
		t.Fatal(err)
	}
	// D-Wave's formulation keeps 729 − 35 variables; at 35 givens singles
	// settle every puzzle of this sample, so propagated leaves nothing.
	for _, want := range []string{"FIXED VARS", "PROPAGATED EMPTY", "│ 35    │ 5       │ 694.0      │", "│ 0.0                 │ 100.0% (5)       │"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestAnalyzeNeedsOneAnalysis(t *testing.T) {
	for _, args := range [][]string{{"analyze"}, {"analyze", "--up", "--lp"}, {"analyze", "--up", "--qubo"}} {
		if _, err := runCLI(t, args...); err == nil || !strings.Contains(err.Error(), "choose one analysis") {
			t.Errorf("%v: err = %v, want a request to choose", args, err)
		}
	}
}
