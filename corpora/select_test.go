package corpora_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/corpora"
)

func TestParseHintRange(t *testing.T) {
	tests := []struct {
		in   string
		want corpora.HintRange
		str  string
	}{
		{"17-30", corpora.HintRange{Min: 17, Max: 30}, "17-30"},
		{"22", corpora.HintRange{Min: 22, Max: 22}, "22"},
		{"25-", corpora.HintRange{Min: 25}, "25-"},
		{"-30", corpora.HintRange{Max: 30}, "0-30"},
		{" 20-24 ", corpora.HintRange{Min: 20, Max: 24}, "20-24"},
		{"", corpora.HintRange{}, "any"},
	}
	for _, tt := range tests {
		t.Run("range="+tt.in, func(t *testing.T) {
			got, err := corpora.ParseHintRange(tt.in)
			if err != nil || got != tt.want || got.String() != tt.str {
				t.Errorf("got %+v (%q), %v; want %+v (%q)", got, got.String(), err, tt.want, tt.str)
			}
		})
	}
	for _, bad := range []string{"x", "30-17", "17-30-40", "-", "-0", "0", "17-x", "-5-"} {
		t.Run("bad="+bad, func(t *testing.T) {
			if r, err := corpora.ParseHintRange(bad); err == nil {
				t.Errorf("accepted as %+v", r)
			}
		})
	}
}

func TestHintRangeContains(t *testing.T) {
	r := corpora.HintRange{Min: 20, Max: 22}
	for hints, want := range map[int]bool{19: false, 20: true, 22: true, 23: false} {
		if r.Contains(hints) != want {
			t.Errorf("%v contains %d: %v", r, hints, !want)
		}
	}
	if !(corpora.HintRange{}).Contains(81) {
		t.Error("the zero range must admit every puzzle")
	}
}

func TestHintFilter(t *testing.T) {
	s, err := corpora.Summarize(dataDir, "top1465", corpora.Options{Hints: corpora.HintRange{Min: 22, Max: 23}})
	if err != nil {
		t.Fatal(err)
	}
	if s.Puzzles != 242+370 || s.MinHints != 22 || s.MaxHints != 23 {
		t.Errorf("got %d puzzles in %d-%d, want 612 in 22-23", s.Puzzles, s.MinHints, s.MaxHints)
	}
}

// A limit keeps the first puzzles, and the rest of the file is still
// read, so that a bad line past the limit is found (TestBadLineRefusesTheInput).
func TestLimit(t *testing.T) {
	var got []corpora.Puzzle
	stats, err := corpora.Load(dataDir, "17-clue", corpora.Options{Limit: 3}, collect(&got))
	if err != nil || len(got) != 3 || got[2].Line != 7 || stats.Puzzles != 49158 || stats.Yielded != 3 {
		t.Fatalf("got %d puzzles, the last at line %d, of %d read (%v); want the 3 up to line 7 of 49158",
			len(got), got[len(got)-1].Line, stats.Puzzles, err)
	}
}

func sampleIDs(t *testing.T, corpus string, opts corpora.Options) []string {
	t.Helper()
	var ids []string
	_, err := corpora.Load(dataDir, corpus, opts, func(p corpora.Puzzle) error {
		ids = append(ids, p.ID)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

func TestSampling(t *testing.T) {
	opts := corpora.Options{Sample: 20, Seed: 7, Hints: corpora.HintRange{Min: 23, Max: 24}}
	a := sampleIDs(t, "top1465", opts)
	b := sampleIDs(t, "top1465", opts)
	opts.Seed = 8
	c := sampleIDs(t, "top1465", opts)
	if len(a) != 20 || len(c) != 20 {
		t.Fatalf("sample sizes %d and %d, want 20", len(a), len(c))
	}
	if !slices.Equal(a, b) {
		t.Errorf("same seed, different samples:\n%v\n%v", a, b)
	}
	if slices.Equal(a, c) {
		t.Errorf("seeds 7 and 8 gave the same sample %v", a)
	}
	if !slices.IsSortedFunc(a, func(x, y string) int { return line(t, x) - line(t, y) }) {
		t.Errorf("sample not in file order: %v", a)
	}
}

func TestSampleLargerThanCorpus(t *testing.T) {
	ids := sampleIDs(t, "norvig-hardest", corpora.Options{Sample: 50, Seed: 1})
	if len(ids) != 11 {
		t.Errorf("sample of 50 from 11 puzzles gave %d", len(ids))
	}
}

func TestSampleWithLimit(t *testing.T) {
	ids := sampleIDs(t, "top1465", corpora.Options{Sample: 10, Limit: 4, Seed: 3})
	all := sampleIDs(t, "top1465", corpora.Options{Sample: 10, Seed: 3})
	if !slices.Equal(ids, all[:4]) {
		t.Errorf("limit 4 of a sample gave %v, want the first 4 of %v", ids, all)
	}
}

// TestSamplingIsUniform checks that every line is picked about equally
// often over many seeds: a biased reservoir would favour early or late lines.
func TestSamplingIsUniform(t *testing.T) {
	const seeds, k = 400, 5
	var early, late int
	for seed := range uint64(seeds) {
		for _, id := range sampleIDs(t, "norvig-top95", corpora.Options{Sample: k, Seed: seed}) {
			if line(t, id) <= 48 {
				early++
			} else {
				late++
			}
		}
	}
	if early+late != seeds*k || early < 850 || late < 850 {
		t.Errorf("picks from the first and second half: %d and %d, want about 1000 each", early, late)
	}
}

func line(t *testing.T, id string) int {
	t.Helper()
	n, err := strconv.Atoi(id[strings.LastIndex(id, ":")+1:])
	if err != nil {
		t.Fatalf("id %q does not end in a line number", id)
	}
	return n
}
