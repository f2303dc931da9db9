package record

import (
	"fmt"
	"strings"
	"testing"
)

func TestParseShard(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Shard
		err  string // part of the error; "" when accepted
	}{
		{"", Shard{}, ""},
		{"2/8", Shard{Index: 2, Count: 8}, ""},
		{"1/1", Shard{Index: 1, Count: 1}, ""},
		{" 3 / 4 ", Shard{Index: 3, Count: 4}, ""},
		{"1000000/1000000", Shard{Index: MaxShards, Count: MaxShards}, ""},
		{"2/1000001", Shard{}, "1000001 pieces is more than the 1000000"},
		{"2/99999999999", Shard{}, "99999999999 pieces is more than the 1000000"},
		{"1/99999999999999999999", Shard{}, "want i/n"},
		{"0/3", Shard{}, "want i/n"},
		{"4/3", Shard{}, "want i/n"},
		{"-1/3", Shard{}, "want i/n"},
		{"2", Shard{}, "want i/n"},
		{"a/b", Shard{}, "want i/n"},
	} {
		t.Run("spec="+c.in, func(t *testing.T) {
			got, err := ParseShard(c.in)
			switch {
			case c.err == "" && (err != nil || got != c.want):
				t.Errorf("ParseShard(%q) = %v, %v; want %v", c.in, got, err, c.want)
			case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
				t.Errorf("ParseShard(%q) = %v, %v; want an error saying %q", c.in, got, err, c.err)
			}
		})
	}
}

// FuzzParseShard checks that no spec makes ParseShard panic, that what it
// accepts is a shard Check accepts, and that an accepted spec reads back
// the same from its String.
func FuzzParseShard(f *testing.F) {
	for _, s := range []string{"", "2/8", "1/1", " 3 / 4 ", "0/3", "4/3", "2/99999999999", "+1/2", "1/1000000", "/", "1/", "9223372036854775807/9223372036854775807"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		sh, err := ParseShard(spec)
		if err != nil {
			if sh != (Shard{}) {
				t.Errorf("ParseShard(%q) refused with %v but returned %v", spec, err, sh)
			}
			return
		}
		if err := sh.Check(); err != nil {
			t.Errorf("ParseShard(%q) accepted %v, which Check refuses: %v", spec, sh, err)
		}
		again, err := ParseShard(sh.String())
		if err != nil || again != sh {
			t.Errorf("ParseShard(%q) = %v, whose String %q reads back as %v, %v", spec, sh, sh.String(), again, err)
		}
	})
}

func TestShardGaps(t *testing.T) {
	for _, c := range []struct {
		pieces []Shard
		want   string
		count  int
		ok     bool
	}{
		{nil, "", 0, false},
		{[]Shard{{1, 3}, {2, 3}}, "3/3", 1, true},
		{[]Shard{{2, 3}, {2, 3}}, "1/3, 3/3", 2, true},
		{[]Shard{{1, 9}, {2, 9}, {3, 9}, {5, 9}}, "4/9, 6/9, 7/9, 8/9, 9/9", 5, true},
		{[]Shard{{2, MaxShards}}, "1/1000000, 3/1000000, 4/1000000, 5/1000000, 6/1000000 and 999994 more", MaxShards - 1, true},
		{[]Shard{{1, 2}, {1, 3}}, "", 0, false},
	} {
		t.Run(fmt.Sprint("pieces=", c.pieces), func(t *testing.T) {
			g, ok := ShardGaps(c.pieces)
			if g.String() != c.want || g.Count != c.count || ok != c.ok || len(g.First) > NamedShards {
				t.Errorf("ShardGaps = %q (%d, %d named), %v; want %q (%d), %v", g, g.Count, len(g.First), ok, c.want, c.count, c.ok)
			}
		})
	}
}

// TestPlanCheckMergedShards: a merge of shards 1/3 and 2/3 holds no run
// of shard 3/3; a record of one is counted and named.
func TestPlanCheckMergedShards(t *testing.T) {
	m := &Manifest{Plan: Plan{Solvers: []string{"s"}, Corpora: []string{"c"}, Reps: 1}, MergedShards: []string{"1/3", "2/3"}}
	check := NewPlanCheck(m)
	want := 0
	for i := range 30 {
		r := &Record{Solver: "s", Corpus: "c", PuzzleID: fmt.Sprintf("c:%d", i), Mode: "unique", Seed: 1}
		if (Shard{Index: 3, Count: 3}).Keeps(r.Key()) {
			want++
		}
		check.Check(r)
	}
	if want == 0 || check.Strays() != want || !strings.Contains(check.Disagreement(), fmt.Sprintf("%d of 30 records disagree with manifest.json: %d outside shard 1/3, 2/3", want, want)) {
		t.Errorf("%d strays (%s), want %d", check.Strays(), check.Disagreement(), want)
	}
}

// TestPlanCheckForms: a record of form k is the plan's for k up to the
// plan's forms, and a stray beyond it or when the plan has none.
func TestPlanCheckForms(t *testing.T) {
	for _, tc := range []struct {
		planForms, form int
		stray           bool
	}{
		{0, 0, false}, {0, 1, true}, {4, 0, false}, {4, 4, false}, {4, 5, true}, {4, -1, true},
	} {
		t.Run(fmt.Sprintf("plan=%d/form=%d", tc.planForms, tc.form), func(t *testing.T) {
			check := NewPlanCheck(&Manifest{Plan: Plan{Solvers: []string{"s"}, Corpora: []string{"c"}, Reps: 1, Forms: tc.planForms}})
			r := &Record{Solver: "s", Corpus: "c", PuzzleID: "c:1", Mode: "unique", Seed: 1, Form: tc.form}
			if got := !check.Check(r); got != tc.stray {
				t.Fatalf("stray = %v, want %v (%s)", got, tc.stray, check.Disagreement())
			}
			if tc.stray && !strings.Contains(check.Disagreement(), "of an equivalent form beyond the plan's") {
				t.Errorf("disagreement %q does not name the form", check.Disagreement())
			}
		})
	}
}
