package harness

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/solvers"
)

// Progress follows a benchmark as it runs. Bench calls Begin once, Record
// after each run is written, and End when it stops.
type Progress interface {
	Begin(total, done int) // runs in the shard, runs already recorded
	Record(rec *record.Record)
	End()
}

type silent struct{}

func (silent) Begin(int, int)        {}
func (silent) Record(*record.Record) {}
func (silent) End()                  {}

// tally counts runs and the outcomes worth watching while they happen.
type tally struct {
	total, done int
	unsolved    int // timeouts, memouts, crashes, wrong, errors
	start       time.Time
}

func (t *tally) add(rec *record.Record) {
	t.done++
	switch solvers.Status(rec.Status) {
	case solvers.Timeout, solvers.Memout, solvers.Crash, solvers.Wrong, solvers.Error:
		t.unsolved++
	}
}

// LineProgress writes a plain status line every interval and at the end, for
// logs and pipes: no escape codes, one line per report.
type LineProgress struct {
	w        io.Writer
	interval time.Duration
	tally
	skipped int
	last    time.Time
}

// NewLineProgress reports to w at most once per interval.
func NewLineProgress(w io.Writer, interval time.Duration) *LineProgress {
	return &LineProgress{w: w, interval: interval}
}

// Begin implements Progress.
func (p *LineProgress) Begin(total, done int) {
	p.tally = tally{total: total, done: done, start: time.Now()}
	p.skipped, p.last = done, time.Now()
	fmt.Fprintf(p.w, "running %d runs (%d already recorded)\n", total-done, done)
}

// Record implements Progress.
func (p *LineProgress) Record(rec *record.Record) {
	p.add(rec)
	if time.Since(p.last) >= p.interval {
		p.report()
	}
}

// End implements Progress.
func (p *LineProgress) End() { p.report() }

func (p *LineProgress) report() {
	p.last = time.Now()
	elapsed := time.Since(p.start)
	eta := "?"
	if ran := p.done - p.skipped; ran > 0 {
		eta = (elapsed / time.Duration(ran) * time.Duration(p.total-p.done)).Round(time.Second).String()
	}
	fmt.Fprintf(p.w, "%d/%d runs (%.0f%%), %d not solved (timeout, memout, crash, wrong, error), elapsed %s, left ~%s\n",
		p.done, p.total, 100*float64(p.done)/float64(max(p.total, 1)), p.unsolved, elapsed.Round(time.Second), eta)
}

// BarProgress draws a live bar on a terminal.
type BarProgress struct {
	w   io.Writer
	mu  sync.Mutex
	p   *mpb.Progress
	bar *mpb.Bar
	tally
	lastRecord time.Time
}

// NewBarProgress draws on w, which should be a terminal.
func NewBarProgress(w io.Writer) *BarProgress { return &BarProgress{w: w} }

// Begin implements Progress.
func (b *BarProgress) Begin(total, done int) {
	b.tally = tally{total: total, done: done, start: time.Now()}
	b.p = mpb.New(mpb.WithOutput(b.w), mpb.WithRefreshRate(150*time.Millisecond))
	b.bar = b.p.AddBar(int64(total),
		mpb.PrependDecorators(decor.Name("runs "), decor.CountersNoUnit("%d/%d")),
		mpb.AppendDecorators(
			decor.Any(func(decor.Statistics) string { return b.unsolvedText() }),
			decor.Name(" "), decor.Percentage(), decor.Name(" left "), decor.EwmaETA(decor.ET_STYLE_GO, 30),
		),
	)
	b.bar.SetCurrent(int64(done))
	b.lastRecord = time.Now()
}

func (b *BarProgress) unsolvedText() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return fmt.Sprintf(" %d not solved", b.unsolved)
}

// Record implements Progress.
func (b *BarProgress) Record(rec *record.Record) {
	b.mu.Lock()
	b.add(rec)
	b.mu.Unlock()
	b.bar.EwmaIncrement(time.Since(b.lastRecord))
	b.lastRecord = time.Now()
}

// End implements Progress.
func (b *BarProgress) End() {
	if !b.bar.Completed() {
		b.bar.Abort(false)
	}
	b.p.Wait()
}
