package serve

import (
	"container/list"
	"sync"
)

// answerCache keeps the article's /solve answers, at most size of them:
// the least recently used goes when a new one would pass the bound. Only
// settled answers are kept (see settled). Each keeps the time measured
// when it was solved. A nil cache keeps nothing.
//
// Only the article's endpoint uses it: the API's endpoints report what a
// solver measured on this request, and a benchmark must never be served
// from memory.
type answerCache struct {
	mu      sync.Mutex
	size    int
	order   *list.List // of *cacheEntry, most recently used first
	entries map[cacheKey]*list.Element

	hits, misses, evictions int
}

// cacheKey is what an answer depends on: the solver, and the puzzle in
// its one-line form with its variant (a diagonal grid reads as a classic
// one).
type cacheKey struct {
	solver, variant, puzzle string
}

type cacheEntry struct {
	key    cacheKey
	answer articleSolveAnswer
}

// newAnswerCache returns a cache of size answers; nil for size 0.
func newAnswerCache(size int) *answerCache {
	if size <= 0 {
		return nil
	}
	return &answerCache{size: size, order: list.New(), entries: make(map[cacheKey]*list.Element)}
}

// get returns the answer kept for k, if any, marked as cached.
func (c *answerCache) get(k cacheKey) (articleSolveAnswer, bool) {
	if c == nil {
		return articleSolveAnswer{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.entries[k]
	if !ok {
		c.misses++
		return articleSolveAnswer{}, false
	}
	c.hits++
	c.order.MoveToFront(el)
	a := el.Value.(*cacheEntry).answer
	a.Cached = true
	return a, true
}

// put keeps an answer for k, evicting the least recently used one when
// full. The caller keeps only settled answers (see settled).
func (c *answerCache) put(k cacheKey, a articleSolveAnswer) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.entries[k]; ok {
		el.Value.(*cacheEntry).answer = a
		c.order.MoveToFront(el)
		return
	}
	if c.order.Len() >= c.size {
		oldest := c.order.Back()
		c.order.Remove(oldest)
		delete(c.entries, oldest.Value.(*cacheEntry).key)
		c.evictions++
	}
	c.entries[k] = c.order.PushFront(&cacheEntry{key: k, answer: a})
}

// settled says whether an answer would be the same on any later solve,
// and may be kept: a verified solution, or an unsat or multiple verdict
// that exactcover/dlx confirmed. A timeout, a crash, a wrong answer or a
// verdict the cross-check could not settle is not kept.
func settled(res solveResult) bool {
	switch res.Status {
	case "solved":
		return res.Verified
	case "unsat", "multiple":
		return res.CrossChecked
	}
	return false
}

// cacheStats are a cache's counts, for tests and logs.
type cacheStats struct {
	Entries, Hits, Misses, Evictions int
}

func (c *answerCache) stats() cacheStats {
	if c == nil {
		return cacheStats{}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return cacheStats{Entries: c.order.Len(), Hits: c.hits, Misses: c.misses, Evictions: c.evictions}
}
