package serve

import (
	"fmt"
	"testing"

	"github.com/sudokubench/sudokubench/internal/sudokutest"
	"github.com/sudokubench/sudokubench/sudoku"
)

// TestAnswerCacheKeepsTheMostRecentlyUsed checks hits, misses and the
// order of eviction of a bounded cache, and that a nil cache keeps
// nothing.
func TestAnswerCacheKeepsTheMostRecentlyUsed(t *testing.T) {
	key := func(i int) cacheKey {
		return cacheKey{solver: "exactcover/dlx", variant: "classic", puzzle: fmt.Sprint(i)}
	}
	c := newAnswerCache(2)
	c.put(key(1), articleSolveAnswer{Status: "solved", WallNS: 1})
	c.put(key(2), articleSolveAnswer{Status: "solved", WallNS: 2})
	if a, ok := c.get(key(1)); !ok || !a.Cached || a.WallNS != 1 {
		t.Fatalf("get 1: %+v, %v; want the answer kept, cached, with its time", a, ok)
	}
	c.put(key(3), articleSolveAnswer{Status: "unsat", WallNS: 3}) // evicts 2, the least recently used
	steps := []struct {
		key  int
		kept bool
	}{{2, false}, {1, true}, {3, true}}
	for _, s := range steps {
		if _, ok := c.get(key(s.key)); ok != s.kept {
			t.Errorf("get %d: kept %v, want %v", s.key, ok, s.kept)
		}
	}
	if got, want := c.stats(), (cacheStats{Entries: 2, Hits: 3, Misses: 1, Evictions: 1}); got != want {
		t.Errorf("stats %+v, want %+v", got, want)
	}
	other := cacheKey{solver: "sat/minisat", variant: "classic", puzzle: "1"}
	if _, ok := c.get(other); ok {
		t.Error("another solver's answer to the same puzzle came from the cache")
	}
	var none *answerCache = newAnswerCache(0)
	none.put(key(1), articleSolveAnswer{Status: "solved"})
	if _, ok := none.get(key(1)); ok || none != nil {
		t.Error("a cache of size 0 kept an answer")
	}
}

// TestSettledAnswersOnly checks which answers may be kept.
func TestSettledAnswersOnly(t *testing.T) {
	tests := []struct {
		res  solveResult
		keep bool
	}{
		{solveResult{Status: "solved", Verified: true}, true},
		{solveResult{Status: "unsat", CrossChecked: true}, true},
		{solveResult{Status: "multiple", CrossChecked: true}, true},
		{solveResult{Status: "unsat"}, false}, // the cross-check could not settle it
		{solveResult{Status: "timeout"}, false},
		{solveResult{Status: "crash"}, false},
		{solveResult{Status: "wrong", CrossChecked: true}, false},
		{solveResult{Status: "gave-up"}, false},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("status=%s/checked=%v", tt.res.Status, tt.res.CrossChecked), func(t *testing.T) {
			if got := settled(tt.res); got != tt.keep {
				t.Errorf("settled %v, want %v", got, tt.keep)
			}
		})
	}
}

// TestArticleSolveIsCachedAndBenchmarksAreNot checks the cache through
// the server: the article's /solve answers a repeated puzzle from the
// cache, saying so, with the time first measured; a wrong answer is not
// kept; and the API's endpoints neither read nor fill the cache.
func TestArticleSolveIsCachedAndBenchmarksAreNot(t *testing.T) {
	s, ts := newTestServer(t, func(c *Config) { c.CacheSize = 8 })
	rows := rowsOf(sudokutest.Parse(t, top95, sudoku.Classic))
	solve := func() articleSolveAnswer {
		var a articleSolveAnswer
		post(t, ts, "/solve", map[string]any{"puzzle": rows}).decode(t, &a)
		return a
	}
	// The API's endpoints first: they leave the cache untouched.
	for _, r := range []struct {
		path string
		body map[string]any
	}{
		{"/api/solve", map[string]any{"puzzle": top95}},
		{"/api/solve/all", map[string]any{"puzzle": top95, "solvers": []string{DefaultSolver}}},
		{"/api/solve/batch", map[string]any{"puzzles": []string{top95}}},
	} {
		if a := post(t, ts, r.path, r.body); a.code != 200 {
			t.Fatalf("%s: %d %s", r.path, a.code, a.body)
		}
	}
	if st := s.cache.stats(); st != (cacheStats{}) {
		t.Fatalf("the API's endpoints used the cache: %+v", st)
	}
	first := solve()
	if first.Status != "solved" || first.Cached || first.WallNS <= 0 {
		t.Fatalf("first /solve: %+v, want solved, measured, not cached", first)
	}
	second := solve()
	if !second.Cached || second.WallNS != first.WallNS || fmt.Sprint(second.Solution) != fmt.Sprint(first.Solution) {
		t.Errorf("second /solve: %+v, want the first answer, cached, with its time %d", second, first.WallNS)
	}
	// The API still solves the same puzzle afresh, and reports no cache.
	var fresh map[string]any
	post(t, ts, "/api/solve", map[string]any{"puzzle": top95}).decode(t, &fresh)
	if _, ok := fresh["cached"]; ok || fresh["status"] != "solved" {
		t.Errorf("/api/solve after a cached /solve: %v", fresh)
	}
	var wrong articleSolveAnswer
	for range 2 {
		post(t, ts, "/solve", map[string]any{"puzzle": rows, "algorithm": "test/wrong"}).decode(t, &wrong)
		if wrong.Status != "wrong" || wrong.Cached {
			t.Errorf("a wrong answer: %+v, want wrong, never cached", wrong)
		}
	}
	if got, want := s.cache.stats(), (cacheStats{Entries: 1, Hits: 1, Misses: 3}); got != want {
		t.Errorf("cache stats %+v, want %+v", got, want)
	}
}
