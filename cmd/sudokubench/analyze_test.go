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
		{"corpus=norvig-top95", "norvig-top95", "all 20 0.0% (0) 0.0% (0)"},
		// With 60 of 81 cells given, singles finish every puzzle, but the
		// minimal encoding cannot derive a hidden single.
		{"corpus=17-clue+43", "17-clue+43", "all 20"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := runCLI(t, "--corpora", "../../corpora/data", "analyze", "--up", "--corpus", tt.corpus, "--limit", "20")
			if err != nil {
				t.Fatal(err)
			}
			out = squeezeSpaces(out)
			if !strings.Contains(out, tt.allRow) {
				t.Errorf("output lacks %q:\n%s", tt.allRow, out)
			}
			if tt.corpus == "17-clue+43" && !strings.Contains(out, "100.0% (20)") {
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
	for _, want := range []string{"fixed vars", "propagated empty", "35 5 694.0", "0.0 100.0% (5)"} {
		if !strings.Contains(squeezeSpaces(out), want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestAnalyzeInference pins the inference ladder's counts on fixed samples
// (table cells with their spaces squeezed) beside the published figures of
// the whole corpora: on 17-clue, unit
// propagation on extended solves 12 of these 20 (tdoku: 44.5% of all),
// on augmented 18 (76.1%), failed literals on extended all 20 (Lynce and
// Ouaknine: all or nearly all); top1465 needs failed literals everywhere
// but on the minimal and efficient encodings, where it takes double
// lookahead.
func TestAnalyzeInference(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		wants []string
	}{
		{"corpus=17-clue", []string{"--corpus", "17-clue", "--limit", "20"}, []string{
			"sample of 20 of 49158, seed 1",
			"minimal unit propagation 20 0.0% (0) 0.0% (tdoku)",
			"minimal double lookahead 20 90.0% (18)",
			"efficient failed literals 20 10.0% (2)",
			"extended unit propagation 20 60.0% (12) 44.5% (tdoku)",
			"extended failed literals 20 100.0% (20) all or nearly all (Lynce & Ouaknine)",
			"augmented unit propagation 20 90.0% (18) 76.1% (tdoku)",
			"17 20 0.0% (0) 0.0% (0) 60.0% (12) 90.0% (18)",
			"2 up-extended unit propagation on extended 60.0% (12)",
			"3 up-augmented unit propagation on augmented 30.0% (6)",
			"4 failed-literals failed literals on augmented 10.0% (2)",
		}},
		{"corpus=top1465", []string{"--corpus", "top1465", "--limit", "30", "--seed", "1"}, []string{
			"minimal failed literals 30 20.0% (6)",
			"efficient double lookahead 30 100.0% (30)",
			"extended failed literals 30 100.0% (30)",
			"augmented unit propagation 30 0.0% (0) 4.0% (tdoku)",
			"4 failed-literals failed literals on augmented 100.0% (30)",
		}},
		// tdoku's fixture holds puzzles with no solution, which are left
		// out, and with several, which need a decision.
		{"corpus=tdoku-tests", []string{"--corpus", "tdoku-tests", "--limit", "12"}, []string{
			"6 puzzles left out: reasoning proved that they have no solution",
			"6 search none: needs a decision 50.0% (3)",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := runCLI(t, append([]string{"--corpora", "../../corpora/data", "analyze", "--inference"}, tt.args...)...)
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range tt.wants {
				if !strings.Contains(squeezeSpaces(out), want) {
					t.Errorf("output lacks %q:\n%s", want, out)
				}
			}
		})
	}
}

// squeezeSpaces collapses runs of spaces, so that tests do not depend on
// the tables' column widths.
func squeezeSpaces(s string) string {
	for strings.Contains(s, "  ") {
		s = strings.ReplaceAll(s, "  ", " ")
	}
	return s
}

// TestAnalyzeInferenceWorkers checks that the number of workers changes
// nothing but the timing line.
func TestAnalyzeInferenceWorkers(t *testing.T) {
	var tables []string
	for _, workers := range []string{"1", "3"} {
		out, err := runCLI(t, "--corpora", "../../corpora/data", "analyze", "--inference", "--corpus", "top1465", "--limit", "12", "--seed", "7", "--workers", workers)
		if err != nil {
			t.Fatal(err)
		}
		table, _, ok := strings.Cut(out, "12 puzzles in ")
		if !ok {
			t.Fatalf("no timing line:\n%s", out)
		}
		tables = append(tables, table)
	}
	if tables[0] != tables[1] {
		t.Errorf("1 worker:\n%s\n3 workers:\n%s", tables[0], tables[1])
	}
	if _, err := runCLI(t, "analyze", "--inference", "--workers", "0"); err == nil || !strings.Contains(err.Error(), "--workers 0") {
		t.Errorf("--workers 0: %v", err)
	}
}

// A table's title says how many puzzles it covers: a sample as drawn, or
// the whole corpus when --limit asks for more than it holds.
func TestAnalyzeTitleSaysTheSampleSize(t *testing.T) {
	for limit, want := range map[string]string{
		"10":            "Solved by unit propagation alone, norvig-top95 (sample of 10 of 95, seed 1)",
		"1000000000000": "Solved by unit propagation alone, norvig-top95 (all 95 puzzles)",
		"0":             "Solved by unit propagation alone, norvig-top95 (all 95 puzzles)",
	} {
		out, err := runCLI(t, "analyze", "--up", "--corpus", "norvig-top95", "--limit", limit)
		if err != nil || !strings.HasPrefix(out, want+"\n") {
			t.Errorf("--limit %s: %v, title %q, want %q", limit, err, strings.SplitN(out, "\n", 2)[0], want)
		}
	}
}

func TestAnalyzeNeedsOneAnalysis(t *testing.T) {
	for _, args := range [][]string{{"analyze"}, {"analyze", "--up", "--lp"}, {"analyze", "--up", "--qubo"}, {"analyze", "--up", "--inference"}} {
		if _, err := runCLI(t, args...); err == nil || !strings.Contains(err.Error(), "choose one analysis") {
			t.Errorf("%v: err = %v, want a request to choose", args, err)
		}
	}
}

// TestAnalyzeFormats checks that analyze writes its tables in report's
// formats: CSV with raw counts and fractions (the inference ladder as one
// tidy table, the notes left out), LaTeX and Markdown; an unknown format is
// a usage error.
func TestAnalyzeFormats(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		wants []string
	}{
		{"inference=csv", []string{"--inference", "--corpus", "17-clue", "--limit", "12", "--format", "csv"}, []string{
			"hints,puzzles,encoding,inference,solved,solved share,published for the whole corpus\n",
			"\n17,12,extended,unit propagation,4,0.333333,\n",
			"\nall,12,extended,failed literals,12,1,all or nearly all (Lynce & Ouaknine)\n",
			"\n\nrating,rung,puzzles,puzzles share\n",
			"\n2 up-extended,unit propagation on extended,4,0.333333\n",
		}},
		{"up=latex", []string{"--up", "--corpus", "norvig-top95", "--limit", "5", "--format", "latex"}, []string{
			`\caption{Solved by unit propagation alone, norvig-top95 (sample of 5 of 95, seed 1)}`,
			`all & 5 & 0.0\% (0) & 0.0\% (0) \\`,
		}},
		{"qubo=md", []string{"--qubo", "--corpus", "17-clue+18", "--limit", "5", "--format", "md"}, []string{
			"### QUBO model sizes (means), 17-clue+18 (sample of 5",
			"| all | 5 | 694.0 |",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := runCLI(t, append([]string{"--corpora", "../../corpora/data", "analyze"}, tt.args...)...)
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range tt.wants {
				if !strings.Contains(out, want) {
					t.Errorf("output lacks %q:\n%s", want, out)
				}
			}
			if strings.Contains(out, "│") || strings.Contains(out, "puzzles in ") {
				t.Errorf("a text table or the timing note in %s:\n%s", tt.name, out)
			}
		})
	}
	_, err := runCLI(t, "analyze", "--up", "--format", "docx")
	if exitCode(err) != 2 || !strings.Contains(err.Error(), `--format: unknown format "docx"`) {
		t.Errorf("--format docx: exit %d, %v; want 2, an unknown format", exitCode(err), err)
	}
}
