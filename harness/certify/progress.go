package certify

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// Progress follows a certification: Begin once, Add for each certificate
// written, End when it stops.
type Progress interface {
	Begin(total, done int) // puzzles to certify, certificates already written
	Add(c Certificate)
	End()
}

type silent struct{}

func (silent) Begin(int, int)  {}
func (silent) Add(Certificate) {}
func (silent) End()            {}

// LineProgress reports how far a certification has come: on a terminal
// (live) one line redrawn in place a few times a second, elsewhere a line
// every interval; a last line at the end either way.
type LineProgress struct {
	w        io.Writer
	live     bool
	interval time.Duration

	total, done, before, failed int
	start, drawn                time.Time
	width                       int
}

// NewLineProgress reports to w, redrawing in place when live.
func NewLineProgress(w io.Writer, live bool, interval time.Duration) *LineProgress {
	if live {
		interval = 200 * time.Millisecond
	}
	return &LineProgress{w: w, live: live, interval: interval}
}

// Begin implements Progress.
func (p *LineProgress) Begin(total, done int) {
	p.total, p.done, p.before, p.start, p.drawn = total, done, done, time.Now(), time.Now()
	fmt.Fprintf(p.w, "certifying %d puzzles (%d already certified)\n", total-done, done)
}

// Add implements Progress.
func (p *LineProgress) Add(c Certificate) {
	p.done++
	if !c.Certified {
		p.failed++
	}
	if time.Since(p.drawn) >= p.interval {
		p.draw()
	}
}

// End implements Progress.
func (p *LineProgress) End() {
	p.draw()
	if p.live {
		fmt.Fprintln(p.w)
	}
}

func (p *LineProgress) draw() {
	p.drawn = time.Now()
	elapsed := time.Since(p.start)
	rate, left := 0.0, "?"
	if n := p.done - p.before; n > 0 {
		rate = float64(n) / elapsed.Seconds()
		left = (elapsed / time.Duration(n) * time.Duration(p.total-p.done)).Round(time.Second).String()
	}
	line := fmt.Sprintf("%d/%d puzzles (%.1f%%), %d not certified, %.1f/s, elapsed %s, left ~%s",
		p.done, p.total, 100*float64(p.done)/float64(max(p.total, 1)), p.failed, rate, elapsed.Round(time.Second), left)
	if !p.live {
		fmt.Fprintln(p.w, line)
		return
	}
	pad := max(p.width-len(line), 0)
	p.width = len(line)
	fmt.Fprint(p.w, "\r"+line+strings.Repeat(" ", pad))
}

// orderedWriter appends certificates to the certificates file in the
// order of their puzzles, whatever order the workers finish them in,
// each line written through at once and the file synced every second.
type orderedWriter struct {
	mu      sync.Mutex
	f       *os.File
	prog    Progress
	next    int
	held    map[int]Certificate
	written int
	synced  time.Time
}

func newOrderedWriter(f *os.File, prog Progress) *orderedWriter {
	return &orderedWriter{f: f, prog: prog, held: map[int]Certificate{}, synced: time.Now()}
}

// put takes the certificate of pending puzzle i and writes every one that
// is now next in order.
func (w *orderedWriter) put(i int, c Certificate) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.held[i] = c
	for {
		c, ok := w.held[w.next]
		if !ok {
			break
		}
		delete(w.held, w.next)
		b, err := json.Marshal(c)
		if err != nil {
			return err
		}
		if _, err := w.f.Write(append(b, '\n')); err != nil {
			return fmt.Errorf("writing %s: %w", CertificatesFile, err)
		}
		w.next++
		w.written++
		w.prog.Add(c)
	}
	if time.Since(w.synced) < time.Second {
		return nil
	}
	w.synced = time.Now()
	return w.f.Sync()
}

func (w *orderedWriter) close() error {
	if err := w.f.Sync(); err != nil {
		w.f.Close()
		return err
	}
	return w.f.Close()
}
