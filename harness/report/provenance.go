package report

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokubench/sudokubench/harness/record"
)

// Coverage says how much of a plan the loaded records are.
type Coverage struct {
	Planned  int      // runs in the whole plan; 0 when no manifest states it
	Recorded int      // distinct runs loaded
	Shards   []string // the pieces loaded, "i/n", when every directory is one
	Missing  []string // the pieces of the plan not loaded, "i/n"
	Merged   int      // directories merged into the loaded ones
}

// Coverage compares the records with the plan their manifests state: a
// directory holds the whole plan, one shard, or the shards merged into it.
func (d *Data) Coverage() Coverage {
	c := Coverage{Recorded: len(d.Records)}
	loaded := make(map[int]bool)
	count, whole := 0, false
	for _, s := range d.Sources {
		m := s.Manifest
		if m == nil {
			continue
		}
		c.Planned = m.Plan.Runs
		c.Merged += len(m.Merged)
		pieces := m.MergedShards
		if m.Shard != "" {
			pieces = append(slices.Clone(pieces), m.Shard)
		}
		if len(pieces) == 0 {
			whole = true
			continue
		}
		for _, piece := range pieces {
			if i, n, ok := parseShard(piece); ok {
				loaded[i], count = true, n
			}
		}
	}
	if whole || count == 0 {
		return c
	}
	for i := 1; i <= count; i++ {
		shard := fmt.Sprintf("%d/%d", i, count)
		if loaded[i] {
			c.Shards = append(c.Shards, shard)
		} else {
			c.Missing = append(c.Missing, shard)
		}
	}
	return c
}

// parseShard reads "i/n"; ok is false for the whole plan ("").
func parseShard(s string) (i, n int, ok bool) {
	is, ns, found := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(is)
	n, err2 := strconv.Atoi(ns)
	return i, n, found && err1 == nil && err2 == nil && n > 0
}

// Complete reports whether every run of the plan is recorded.
func (c Coverage) Complete() bool {
	return len(c.Missing) == 0 && c.Recorded >= c.Planned
}

// String says in one line what the records cover: "5320 of the plan's
// 5320 runs recorded (100.0%)", with the shards loaded and missing.
func (c Coverage) String() string {
	var b strings.Builder
	if c.Planned > 0 {
		fmt.Fprintf(&b, "%d of the plan's %d runs recorded (%s)", c.Recorded, c.Planned,
			FormatPercent(float64(c.Recorded)/float64(c.Planned)))
	} else {
		fmt.Fprintf(&b, "%d runs recorded; no manifest states the plan's size", c.Recorded)
	}
	if len(c.Shards) > 0 {
		fmt.Fprintf(&b, "; shards loaded: %s", strings.Join(c.Shards, ", "))
	}
	if len(c.Missing) > 0 {
		fmt.Fprintf(&b, "; shards missing: %s", strings.Join(c.Missing, ", "))
	}
	if c.Merged > 0 {
		fmt.Fprintf(&b, "; merged from %d directories", c.Merged)
	}
	return b.String()
}

// warning says what an incomplete coverage means, or nothing.
func (c Coverage) warning() []string {
	switch {
	case c.Complete():
		return nil
	case len(c.Missing) > 0:
		return []string{fmt.Sprintf("shards %s of the plan are not loaded: %s; the statistics cover part of the plan",
			strings.Join(c.Missing, ", "), c)}
	}
	return []string{fmt.Sprintf("the results are incomplete: %s; finish an interrupted run with `sudokubench run --out DIR --resume`, or merge the missing shard", c)}
}

// LoadThreshold is how much other work, in runnable tasks on average over
// a minute, makes a report warn that a run shared its machine. A run keeps
// about one CPU busy itself, so its end is judged above 1 + LoadThreshold.
const LoadThreshold = 0.5

// provenanceWarnings says when the records come from several builds or
// hosts, and when a run's machine was busy with other work.
func (d *Data) provenanceWarnings() []string {
	var ws []string
	builds := countBy(d.Records, func(r *record.Record) string { return r.Build })
	if len(builds) > 1 {
		ws = append(ws, "records come from "+strconv.Itoa(len(builds))+" builds: "+describeCounts(builds)+"; differences between them may be the builds'")
	}
	hosts := countBy(d.Records, func(r *record.Record) string { return r.Host })
	if len(hosts) > 1 {
		ws = append(ws, "records come from "+strconv.Itoa(len(hosts))+" hosts: "+describeCounts(hosts)+"; their times are not comparable")
	}
	for _, s := range d.Sources {
		if w := loadWarning(s); w != "" {
			ws = append(ws, w)
		}
	}
	return ws
}

// countBy counts the records by a field, leaving the field out when no
// record has it and counting "not recorded" where some do.
func countBy(recs []record.Record, field func(*record.Record) string) map[string]int {
	n := make(map[string]int)
	for i := range recs {
		n[field(&recs[i])]++
	}
	if len(n) == 1 {
		return nil
	}
	if c, ok := n[""]; ok {
		delete(n, "")
		n["not recorded"] = c
	}
	return n
}

// recordedValues lists the values a field takes in the records with their
// counts, "" when no record has it.
func recordedValues(recs []record.Record, field func(*record.Record) string) string {
	n := make(map[string]int)
	for i := range recs {
		if v := field(&recs[i]); v != "" {
			n[v]++
		}
	}
	if len(n) == 0 {
		return ""
	}
	return describeCounts(n)
}

// describeCounts lists "value (n runs)", most runs first.
func describeCounts(n map[string]int) string {
	keys := slices.SortedFunc(maps.Keys(n), func(a, b string) int {
		return cmp.Or(cmp.Compare(n[b], n[a]), cmp.Compare(a, b))
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s (%d runs)", k, n[k])
	}
	return strings.Join(parts, ", ")
}

// loadWarning says when the 1-minute load average at a run's start, or
// beyond the run's own at its end, reached LoadThreshold.
func loadWarning(s Source) string {
	if s.Manifest == nil {
		return ""
	}
	start, end := s.Manifest.LoadStart, s.Manifest.LoadEnd
	if start[0] < LoadThreshold && end[0] < 1+LoadThreshold {
		return ""
	}
	return fmt.Sprintf("%s: the machine was busy with other work (load average %s at the start, %s at the end; the run itself adds about 1): its times may be inflated",
		s.Dir, loadTriple(start), loadTriple(end))
}

func loadTriple(l [3]float64) string {
	return fmt.Sprintf("%.2f/%.2f/%.2f", l[0], l[1], l[2])
}
