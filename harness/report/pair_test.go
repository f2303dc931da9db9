package report

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/report/table"
	"github.com/sudokubench/sudokubench/internal/sudokutest"
)

// pairRec is one run of a pipeline on puzzle id of corpus in mode.
func pairRec(solver, corpus, id, mode, status string, cpu int64) record.Record {
	return record.Record{Solver: solver, Corpus: corpus, PuzzleID: corpus + ":" + id, PuzzleSHA: "sha-" + corpus + id,
		Hints: 17, Mode: mode, Seed: 1, Status: status, CPUNS: cpu, WallNS: cpu, TimeoutNS: 1e6}
}

// pairRun is x and y on nine puzzles in two corpora. On the six both
// solved, x's time over y's is 2, 2, 2 (c1), 4, 0.5 and 1.005 (c2); on
// c1:7 only x solved, on c2:8 only y (x's answer was wrong), c2:9
// neither.
func pairRun() []record.Record {
	type run struct {
		corpus, id string
		statusX    string
		cpuX       int64
		statusY    string
		cpuY       int64
	}
	var recs []record.Record
	for _, r := range []run{
		{"c1", "1", "solved", 2000, "solved", 1000}, {"c1", "2", "solved", 4000, "solved", 2000},
		{"c1", "3", "solved", 6000, "solved", 3000}, {"c1", "7", "solved", 5000, "timeout", 1e6},
		{"c2", "4", "solved", 8000, "solved", 2000}, {"c2", "5", "solved", 1000, "solved", 2000},
		{"c2", "6", "solved", 2010, "solved", 2000}, {"c2", "8", "wrong", 3000, "solved", 4000},
		{"c2", "9", "timeout", 1e6, "timeout", 1e6},
	} {
		recs = append(recs, pairRec("x", r.corpus, r.id, "unique", r.statusX, r.cpuX), pairRec("y", r.corpus, r.id, "unique", r.statusY, r.cpuY))
	}
	return recs
}

func TestComparePairInOneRun(t *testing.T) {
	cs, warnings, err := ComparePair([]*Runs{NewRuns(pairRun()...)}, nil, Pair{"x", "y"}, CompareConfig{})
	if err != nil || len(warnings) > 0 {
		t.Fatalf("err %v, warnings %q", err, warnings)
	}
	if len(cs) != 3 || cs[0].Corpus != "c1" || cs[1].Corpus != "c2" || cs[2].Corpus != "all" {
		t.Fatalf("rows %+v, want c1, c2, all", cs)
	}
	all := cs[2]
	// W+: |log ratios| rank 1 (1.005), 3.5 four times (2, 2, 2, 0.5),
	// 6 (4); only 0.5 is negative, so W+ = 21 − 3.5 = 17.5 and, of the 64
	// sign assignments, 6 reach W+ ≤ 3.5: p = 2·6/64.
	tests := []struct {
		name string
		got  any
		want any
	}{
		{"puzzles", all.Puzzles, 9},
		{"both/onlyA/onlyB/neither", [4]int{all.Both, all.OnlyA, all.OnlyB, all.Neither}, [4]int{6, 1, 1, 1}},
		{"wins/losses/ties", [3]int{all.Wins, all.Losses, all.Ties}, [3]int{4, 1, 1}},
		{"W+", all.Test.WPlus, 17.5},
		{"p", all.Test.P, 0.1875},
		{"exact", all.Test.Exact, true},
		{"changes", changesText(all.Changes), "solved→timeout 1, wrong→solved 1"},
		{"unsolved", unsolvedPairCell(all.UnsolvedA, all.UnsolvedB).Text, "A 1 timeout, 1 wrong · B 2 timeout"},
		{"verdict", all.Verdict(5), "no significant difference"},
		{"c1 verdict", cs[0].Verdict(5), "too few puzzles (3, need 5)"},
		{"c1 interval", math.IsNaN(cs[0].Lo) && math.IsNaN(cs[0].Hi), true},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s = %v, want %v", tt.name, tt.got, tt.want)
		}
	}
	if want := math.Pow(2*2*2*4*0.5*1.005, 1.0/6); !sudokutest.Near(all.Speedup, want, 1e-9) {
		t.Errorf("speedup %g, want the geometric mean of the ratios %g", all.Speedup, want)
	}
	if !(all.Lo < all.Speedup && all.Speedup < all.Hi && all.Lo < 1) {
		t.Errorf("interval [%g, %g] should hold %g and 1", all.Lo, all.Hi, all.Speedup)
	}
	var b bytes.Buffer
	if err := (table.Text{}).WriteTable(&b, PairTable(cs, Pair{"x", "y"}, CPU, 0, false)); err != nil || !strings.Contains(b.String(), "B = y against A = x") ||
		strings.Contains(b.String(), "drift between the runs") {
		t.Errorf("the table (err %v) should name the pair and, in one run, say nothing of drift between runs:\n%s", err, b.String())
	}
}

func TestComparePairCallsADifference(t *testing.T) {
	var recs []record.Record
	for i, cpu := range []int64{1000, 1500, 2000, 3000, 5000, 8000, 13000, 21000} {
		id := string(rune('a' + i))
		recs = append(recs, pairRec("x", "c", id, "unique", "solved", 2*cpu+int64(i)), pairRec("y", "c", id, "unique", "solved", cpu))
	}
	cs, _, err := ComparePair([]*Runs{NewRuns(recs...)}, nil, Pair{"x", "y"}, CompareConfig{})
	if err != nil || len(cs) != 1 {
		t.Fatalf("%v %+v", err, cs)
	}
	// Every ratio is just above 2: all eight signs +, p = 2/2^8.
	if c := cs[0]; c.Verdict(5) != "B 2.00× faster" || !sudokutest.Near(c.Test.P, 2.0/256, 1e-12) || !(c.Lo > 1.99 && c.Hi < 2.01) {
		t.Errorf("verdict %q, p %g, interval [%g, %g]; want B 2.00× faster, p 2/256, a narrow interval about 2", c.Verdict(5), c.Test.P, c.Lo, c.Hi)
	}
}

func TestComparePairRefuses(t *testing.T) {
	firstOnly := []record.Record{pairRec("x", "c", "1", "unique", "solved", 10), pairRec("z", "c", "1", "first", "solved", 10)}
	apart := []record.Record{pairRec("x", "c", "1", "unique", "solved", 10), pairRec("y", "d", "2", "unique", "solved", 10)}
	tests := []struct {
		name string
		recs []record.Record
		pair Pair
		want string
	}{
		{"itself", pairRun(), Pair{"x", "x"}, "a pipeline against itself in one run"},
		{"unknown", pairRun(), Pair{"x", "nope"}, `no records of pipeline "nope" in the run (pipelines there: x, y)`},
		{"modes", firstOnly, Pair{"x", "z"}, "x ran in unique mode and z in first mode"},
		{"no-puzzle-in-common", apart, Pair{"x", "y"}, "ran no puzzle in common"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, _, err := ComparePair([]*Runs{NewRuns(tt.recs...)}, nil, tt.pair, CompareConfig{}); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err %v, want %q", err, tt.want)
			}
		})
	}
}

// A pipeline that ran in both modes is compared in the mode its partner
// ran, and the other mode's runs are named as left out.
func TestComparePairSeparatesModes(t *testing.T) {
	recs := pairRun()
	recs = append(recs, pairRec("x", "c1", "1", "first", "solved", 500))
	cs, warnings, err := ComparePair([]*Runs{NewRuns(recs...)}, nil, Pair{"x", "y"}, CompareConfig{})
	if err != nil || len(cs) != 3 || cs[0].Mode != "unique" {
		t.Fatalf("err %v, rows %+v", err, cs)
	}
	if len(warnings) != 1 || warnings[0] != "x ran in first mode, y did not: those runs are left out" {
		t.Errorf("warnings %q", warnings)
	}
}

func TestComparePairAcrossRuns(t *testing.T) {
	a := []record.Record{pairRec("x", "c", "1", "unique", "solved", 2000), pairRec("x", "c", "2", "unique", "solved", 2000),
		pairRec("x", "c", "3", "unique", "solved", 2000)}
	b := []record.Record{pairRec("x", "c", "1", "unique", "solved", 1000), pairRec("x", "c", "2", "unique", "timeout", 1e6),
		pairRec("x", "c", "3", "unique", "solved", 1000), pairRec("x", "c", "4", "unique", "solved", 1000)}
	b[2].PuzzleSHA = "another puzzle"
	cs, warnings, err := ComparePair([]*Runs{NewRuns(a...)}, []*Runs{NewRuns(b...)}, Pair{"x", "x"}, CompareConfig{})
	if err != nil || len(cs) != 1 {
		t.Fatalf("err %v, rows %+v", err, cs)
	}
	if c := cs[0]; c.Puzzles != 2 || c.Both != 1 || c.OnlyA != 1 || !sudokutest.Near(c.Speedup, 2, 1e-12) {
		t.Errorf("%+v, want puzzles 1 and 2 paired, 1 solved by both at ratio 2, 1 by A only", c)
	}
	want := []string{"unique mode: 1 puzzle(s) only x ran (in B), left out",
		"unique mode: 1 puzzle id(s) name different puzzles in A and B (their corpus changed between the runs), left out"}
	if strings.Join(warnings, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings %q, want %q", warnings, want)
	}
	var buf bytes.Buffer
	if err := (table.Text{}).WriteTable(&buf, PairTable(cs, Pair{"x", "x"}, CPU, 0, true)); err != nil || !strings.Contains(buf.String(), "drift between the runs") {
		t.Errorf("across runs the table should say that drift is not covered (err %v):\n%s", err, buf.String())
	}
}

func TestCheckSolvedByBoth(t *testing.T) {
	recs := []record.Record{pairRec("x", "c", "1", "unique", "solved", 10), pairRec("y", "c", "1", "unique", "timeout", 1e6),
		pairRec("x", "c", "2", "unique", "wrong", 10), pairRec("y", "c", "2", "unique", "solved", 10)}
	cs, _, err := ComparePair([]*Runs{NewRuns(recs...)}, nil, Pair{"x", "y"}, CompareConfig{})
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckSolvedByBoth(cs); err == nil || !strings.Contains(err.Error(), "no puzzle solved by both (of 2 paired)") {
		t.Errorf("err %v", err)
	}
	cs, _, _ = ComparePair([]*Runs{NewRuns(pairRun()...)}, nil, Pair{"x", "y"}, CompareConfig{})
	if err := CheckSolvedByBoth(cs); err != nil {
		t.Errorf("a pair with puzzles solved by both: %v", err)
	}
}

func TestParsePair(t *testing.T) {
	tests := []struct {
		in   string
		want Pair
		ok   bool
	}{
		{"sat/cadical/extended,sat/minisat/extended", Pair{"sat/cadical/extended", "sat/minisat/extended"}, true},
		{" a , b ", Pair{"a", "b"}, true},
		{"a,a", Pair{"a", "a"}, true}, // refused in one run only
		{"a", Pair{}, false},
		{"a,", Pair{}, false},
		{",b", Pair{}, false},
		{"a,b,c", Pair{}, false},
	}
	for _, tt := range tests {
		got, err := ParsePair(tt.in)
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("ParsePair(%q) = %v, %v; want %v, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}
