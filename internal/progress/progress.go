// Package progress shows how far a long task has come: on a terminal, one
// line redrawn in place; anywhere else (a log file, CI), a plain line now
// and then. Its opinions: a terminal line is never wider than the
// terminal, so it never wraps and leaves copies of itself behind; a log
// grows by a bounded number of lines however many updates come; a time
// left is shown only once enough of the task has been seen to estimate
// it; and however a task ends (finished, failed, interrupted), the line
// it leaves is whole.
//
// A task reports to a Meter. Display is the Meter of the commands; the
// packages that run long tasks (the harness, certify, training) take any
// Meter, and Discard where nothing is to be shown.
package progress

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"golang.org/x/term"
)

// Meter is what a long task reports its progress to.
type Meter interface {
	// Start begins a task of total units (runs, puzzles, steps), done of
	// which were done before (a resumed task). A Meter may be started
	// again after Stop, for a task that follows.
	Start(unit string, total, done int)
	// Update says that done units are done; note is what else is worth
	// knowing as it happens (failures so far, a loss), "" for nothing.
	Update(done int, note string)
	// Stop ends the task; its last state stays shown.
	Stop()
}

// Discard is a Meter that shows nothing.
var Discard Meter = discard{}

type discard struct{}

func (discard) Start(string, int, int) {}
func (discard) Update(int, string)     {}
func (discard) Stop()                  {}

// Timing of a Display.
const (
	// redrawEvery is how often a terminal line is redrawn at most on
	// updates, and how often it is redrawn without one (the time moves).
	redrawEvery = 100 * time.Millisecond
	tickEvery   = time.Second
	// A plain line is written at most every tenth of the time elapsed,
	// within these bounds: about 40 lines in the first half hour, then
	// 12 an hour.
	minLineEvery = 10 * time.Second
	maxLineEvery = 5 * time.Minute
	// A time left is estimated once this many units have been done in
	// this call, over at least this long.
	minUnitsForETA = 5
	minTimeForETA  = 5 * time.Second
)

// Display is a Meter that shows the task on a terminal, or in plain lines
// elsewhere. It is safe for use by several goroutines.
type Display struct {
	out   io.Writer
	label string // the command: "run", "certify"
	fd    int    // the terminal's descriptor; -1: not a terminal
	now   func() time.Time
	tick  time.Duration // a terminal line's redraw without updates; 0: none

	mu                  sync.Mutex
	unit                string
	total, done, before int
	note                string
	started, drawn      time.Time
	active              bool // between Start and Stop
	shown               bool // a terminal line is drawn and not ended
	lines               int  // plain lines written for this task
	stopTick            chan struct{}
}

// New returns a Display writing to w, its lines headed by label (the
// command). It redraws in place when w is a terminal that says its width.
func New(w io.Writer, label string) *Display {
	d := &Display{out: w, label: label, fd: -1, now: time.Now, tick: tickEvery}
	if f, ok := w.(*os.File); ok && TerminalWidth(f) > 0 {
		d.fd = int(f.Fd())
	}
	return d
}

// TerminalWidth is the width of the terminal f, or 0 when f is no
// terminal or does not say its width.
func TerminalWidth(f *os.File) int {
	if !term.IsTerminal(int(f.Fd())) {
		return 0
	}
	width, _, err := term.GetSize(int(f.Fd()))
	if err != nil || width < 0 {
		return 0
	}
	return width
}

// Columns is the width of the Display's terminal, or 0 when it writes to
// no terminal.
func (d *Display) Columns() int {
	if d.fd < 0 {
		return 0
	}
	width, _, err := term.GetSize(d.fd)
	if err != nil || width <= 0 {
		return 80
	}
	return width
}

// Start implements Meter.
func (d *Display) Start(unit string, total, done int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.end()
	d.unit, d.total, d.done, d.before, d.note = unit, total, done, done, ""
	d.started, d.active, d.lines = d.now(), true, 0
	d.drawn = d.started
	if d.fd < 0 {
		return
	}
	d.draw()
	if d.tick > 0 {
		d.stopTick = make(chan struct{})
		go d.ticking(d.stopTick)
	}
}

// ticking redraws the terminal line every tick, so that the time shown
// moves while no update comes, until stop closes.
func (d *Display) ticking(stop chan struct{}) {
	t := time.NewTicker(d.tick)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			d.mu.Lock()
			if d.active {
				d.draw()
			}
			d.mu.Unlock()
		}
	}
}

// Update implements Meter.
func (d *Display) Update(done int, note string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.active {
		return
	}
	d.done, d.note = done, note
	now := d.now()
	switch {
	case d.fd >= 0 && (now.Sub(d.drawn) >= redrawEvery || done >= d.total):
		d.draw()
	case d.fd < 0 && now.Sub(d.drawn) >= lineEvery(now.Sub(d.started)):
		d.line(d.head() + d.body(true))
	}
}

// lineEvery is the least time between plain lines once elapsed has
// passed since the start.
func lineEvery(elapsed time.Duration) time.Duration {
	return min(max(elapsed/10, minLineEvery), maxLineEvery)
}

// Stop implements Meter: on a terminal the line is drawn a last time,
// without a time left, and ended; elsewhere a last line is written if the
// task wrote any (a task shorter than the first interval writes none).
func (d *Display) Stop() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.end()
}

// end stops the task in hand, if any.
func (d *Display) end() {
	if !d.active {
		return
	}
	d.active = false
	if d.stopTick != nil {
		close(d.stopTick)
		d.stopTick = nil
	}
	switch {
	case d.fd >= 0:
		d.drawLine(false)
		io.WriteString(d.out, "\n")
		d.shown = false
	case d.lines > 0:
		d.line(d.head() + d.body(false))
	}
}

// Write writes p, whole lines, above the terminal line: the line is
// cleared, p written and the line drawn again. Elsewhere p is written as
// it is. Warnings printed while a task runs go through here.
func (d *Display) Write(p []byte) (int, error) {
	return d.Above(d.out).Write(p)
}

// Above returns a writer to w (the same terminal as the Display's, such
// as standard output beside standard error) whose writes go above the
// terminal line, as Write's do.
func (d *Display) Above(w io.Writer) io.Writer {
	return aboveWriter{d: d, w: w}
}

type aboveWriter struct {
	d *Display
	w io.Writer
}

func (a aboveWriter) Write(p []byte) (int, error) {
	d := a.d
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.shown {
		return a.w.Write(p)
	}
	io.WriteString(d.out, "\r\x1b[K")
	n, err := a.w.Write(p)
	if len(p) > 0 && p[len(p)-1] != '\n' {
		io.WriteString(a.w, "\n")
	}
	d.draw()
	return n, err
}

// draw redraws the terminal line.
func (d *Display) draw() {
	d.drawLine(true)
	d.shown = true
}

// barWidth is the width of a terminal line's bar, drawn where the line
// has room for it.
const barWidth = 20

// echoRoom is the columns a terminal line leaves free at its end: a line
// that fills the last column makes some terminals wrap, and Ctrl-C echoes
// "^C" at the cursor, which must not wrap either (the line after it is
// drawn over; a wrapped part would stay).
const echoRoom = 3

// drawLine writes the status over the terminal line, with a bar where
// there is room, cut to leave echoRoom columns free; running says whether
// the task goes on.
func (d *Display) drawLine(running bool) {
	d.drawn = d.now()
	width := d.Columns() - echoRoom
	head, body := d.head(), d.body(running)
	text := head + body
	if utf8.RuneCountInString(text)+barWidth+3 <= width {
		text = head + bar(d.done, d.total) + " " + body
	}
	io.WriteString(d.out, "\r"+fit(text, width)+"\x1b[K")
}

// bar draws done of total as "[#####---------------]".
func bar(done, total int) string {
	filled := barWidth
	if total > 0 && done < total {
		filled = barWidth * done / total
	}
	return "[" + strings.Repeat("#", filled) + strings.Repeat("-", barWidth-filled) + "]"
}

// line writes a plain line.
func (d *Display) line(text string) {
	d.drawn = d.now()
	d.lines++
	io.WriteString(d.out, text+"\n")
}

// head is what begins every line: the command.
func (d *Display) head() string { return d.label + ": " }

// body describes the task: "37/120 runs (31%), 1m05s, about 2m20s left,
// 3 not solved"; once it is no longer running, as it ended: "120/120 runs
// (100%) in 3m12s, 4 not solved".
func (d *Display) body(running bool) string {
	elapsed := d.now().Sub(d.started)
	s := fmt.Sprintf("%d/%d %s (%d%%)", d.done, d.total, d.unit, percent(d.done, d.total))
	if running {
		s += ", " + roundDuration(elapsed).String()
		if eta, ok := d.eta(elapsed); ok {
			s += ", about " + roundDuration(eta).String() + " left"
		}
	} else {
		s += " in " + roundDuration(elapsed).String()
	}
	if d.note != "" {
		s += ", " + d.note
	}
	return s
}

// eta estimates the time left from the rate of this call's units, once
// there is evidence enough: minUnitsForETA units over minTimeForETA.
// A units done before this call (a resumed task) say nothing of the rate.
func (d *Display) eta(elapsed time.Duration) (time.Duration, bool) {
	ran, left := d.done-d.before, d.total-d.done
	if ran < minUnitsForETA || elapsed < minTimeForETA || left <= 0 {
		return 0, false
	}
	return max(time.Duration(float64(elapsed)*float64(left)/float64(ran)), time.Second), true
}

// percent is done of total in whole percent, never 100 before the end.
func percent(done, total int) int {
	if total <= 0 || done >= total {
		return 100
	}
	return min(100*done/total, 99)
}

// roundDuration rounds d to what a reader wants: seconds under an hour,
// minutes above.
func roundDuration(d time.Duration) time.Duration {
	if d < time.Hour {
		return d.Round(time.Second)
	}
	return d.Round(time.Minute)
}

// fit cuts text to at most width characters, ending a cut one with "…".
func fit(text string, width int) string {
	if utf8.RuneCountInString(text) <= width {
		return text
	}
	if width <= 0 {
		return ""
	}
	runes := []rune(text)
	return strings.TrimRight(string(runes[:width-1]), " ") + "…"
}
