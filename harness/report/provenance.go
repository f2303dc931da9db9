package report

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/report/table"
)

// Coverage says how much of a plan the loaded records are.
type Coverage struct {
	Planned  int      // runs in the whole plan; 0 when no manifest states it
	Recorded int      // distinct runs loaded
	Shards   []string // the pieces loaded, "i/n", when every directory is one
	// Missing are the pieces of the plan not loaded: counted, the first
	// few named, never listed.
	Missing record.Gaps
	// Unsplit notes pieces that state no one split: of different counts
	// (2/4 beside 1/3), or unreadable; coverage is then stated in runs.
	Unsplit string
	Merged  int // directories merged into the loaded ones
	// LeftOut are the plan's puzzles that a pipeline does not take, left
	// out when the plan was made (record.Plan.LeftOut): never runs, so
	// neither missing nor counted in Planned.
	LeftOut []record.LeftOut
}

// Coverage compares the records with the plan their manifests state: a
// directory holds the whole plan, one shard, or the shards merged into it.
func (d *Data) Coverage() Coverage {
	c := Coverage{Recorded: d.Runs.Len()}
	var pieces []record.Shard
	whole := false
	for _, s := range d.Sources {
		m := s.Manifest
		if m == nil {
			continue
		}
		c.Planned = m.Plan.Runs
		c.Merged += len(m.Merged)
		c.LeftOut = m.Plan.LeftOut // the same in every piece of one plan
		specs := m.MergedShards
		if m.Shard != "" {
			specs = append(slices.Clone(specs), m.Shard)
		}
		if len(specs) == 0 {
			whole = true
			continue
		}
		for _, spec := range specs {
			sh, err := record.ParseShard(spec)
			if err != nil {
				c.Unsplit = fmt.Sprintf("%s: %v", s.Dir, err)
				continue
			}
			pieces = append(pieces, sh)
		}
	}
	if whole || len(pieces) == 0 {
		return c
	}
	slices.SortFunc(pieces, func(a, b record.Shard) int {
		return cmp.Or(cmp.Compare(a.Count, b.Count), cmp.Compare(a.Index, b.Index))
	})
	for _, p := range slices.Compact(pieces) {
		c.Shards = append(c.Shards, p.String())
	}
	gaps, ok := record.ShardGaps(pieces)
	if !ok {
		c.Unsplit = cmp.Or(c.Unsplit, "pieces of different splits")
		return c
	}
	c.Missing = gaps
	return c
}

// Complete reports whether every run of the plan is recorded.
func (c Coverage) Complete() bool {
	return c.Missing.Count == 0 && c.Recorded >= c.Planned
}

// loadedText names the shards loaded, or counts them when there are many.
func (c Coverage) loadedText() string {
	if len(c.Shards) > record.NamedShards {
		return fmt.Sprintf("%d pieces", len(c.Shards))
	}
	return strings.Join(c.Shards, ", ")
}

// String says in one line what the records cover: "5320 of the plan's
// 5320 runs recorded (100.0%)", with the shards loaded and missing.
func (c Coverage) String() string {
	var b strings.Builder
	if c.Planned > 0 {
		fmt.Fprintf(&b, "%d of the plan's %d runs recorded (%s)", c.Recorded, c.Planned,
			table.FormatPercent(float64(c.Recorded)/float64(c.Planned)))
	} else {
		fmt.Fprintf(&b, "%d runs recorded; no manifest states the plan's size", c.Recorded)
	}
	if len(c.Shards) > 0 {
		fmt.Fprintf(&b, "; shards loaded: %s", c.loadedText())
	}
	if c.Missing.Count > 0 {
		fmt.Fprintf(&b, "; shards missing: %s", c.Missing)
	}
	if c.Unsplit != "" {
		fmt.Fprintf(&b, "; no shard coverage stated (%s)", c.Unsplit)
	}
	if c.Merged > 0 {
		fmt.Fprintf(&b, "; merged from %d directories", c.Merged)
	}
	if len(c.LeftOut) > 0 {
		fmt.Fprintf(&b, "; left out when planned, as the pipelines do not take them: %s", leftOutText(c.LeftOut))
	}
	return b.String()
}

// namedLeftOut is how many shares of left-out puzzles a coverage line
// names.
const namedLeftOut = 3

// leftOutText names the first few shares of puzzles left out of a plan
// and counts the rest.
func leftOutText(l []record.LeftOut) string {
	var parts []string
	for _, o := range l[:min(len(l), namedLeftOut)] {
		parts = append(parts, fmt.Sprintf("%d %s puzzles of %s for %s", o.Puzzles, o.Geometry, o.Corpus, o.Solver))
	}
	if more := len(l) - len(parts); more > 0 {
		parts = append(parts, fmt.Sprintf("%d more (the manifest's plan.left_out)", more))
	}
	return strings.Join(parts, ", ")
}

// warning says what an incomplete coverage means, or nothing.
func (c Coverage) warning() []string {
	switch {
	case c.Complete():
		return nil
	case c.Missing.Count > 0:
		return []string{fmt.Sprintf("shards %s of the plan are not loaded: %s; the statistics cover part of the plan",
			c.Missing, c)}
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
	return provenanceWarnings(countBy(d.Runs, func(r *record.Record) string { return r.Build }),
		countBy(d.Runs, func(r *record.Record) string { return r.Host }), d.Sources)
}

// provenanceWarnings says it of the records' counts by build and by host
// (countBy) and of the sources' manifests.
func provenanceWarnings(builds, hosts map[string]int, sources []Source) []string {
	var ws []string
	if len(builds) > 1 {
		ws = append(ws, "records come from "+strconv.Itoa(len(builds))+" builds: "+describeCounts(builds)+"; differences between them may be the builds'")
	}
	if len(hosts) > 1 {
		ws = append(ws, "records come from "+strconv.Itoa(len(hosts))+" hosts: "+describeCounts(hosts)+"; their times are not comparable")
	}
	for _, s := range sources {
		if w := loadWarning(s); w != "" {
			ws = append(ws, w)
		}
	}
	return ws
}

// countBy counts the records by a field, leaving the field out when no
// record has it and counting "not recorded" where some do.
func countBy(runs *Runs, field func(*record.Record) string) map[string]int {
	n := make(map[string]int)
	for r := range runs.All() {
		n[field(r)]++
	}
	return recordedCounts(n)
}

// recordedCounts is n, the count of records by a field's value, as
// countBy gives it: nil where every record has one value, and "" named
// "not recorded".
func recordedCounts(n map[string]int) map[string]int {
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
func recordedValues(runs *Runs, field func(*record.Record) string) string {
	n := make(map[string]int)
	for r := range runs.All() {
		if v := field(r); v != "" {
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

// loadTriple writes load averages as "1.20/0.80/0.40", or "not recorded"
// for the zero a manifest holds when they were not measured (a run
// stopped before it could rewrite its manifest, a full disk).
func loadTriple(l [3]float64) string {
	if l == [3]float64{} {
		return "not recorded"
	}
	return fmt.Sprintf("%.2f/%.2f/%.2f", l[0], l[1], l[2])
}
