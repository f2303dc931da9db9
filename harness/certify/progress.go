package certify

import (
	"encoding/json"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/sudokubench/sudokubench/internal/progress"
)

// orderedWriter appends certificates to the certificates file in the
// order of their puzzles, whatever order the workers finish them in,
// each line written through at once and the file synced every second.
type orderedWriter struct {
	mu      sync.Mutex
	f       *os.File
	prog    progress.Meter
	done    int // certified before and by this call, for the progress
	failed  int // not certified by this call
	next    int
	held    map[int]Certificate
	written int
	synced  time.Time
}

func newOrderedWriter(f *os.File, prog progress.Meter, done int) *orderedWriter {
	return &orderedWriter{f: f, prog: prog, done: done, held: map[int]Certificate{}, synced: time.Now()}
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
		w.done++
		if !c.Certified {
			w.failed++
		}
		w.prog.Update(w.done, failedNote(w.failed))
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

// failedNote is the progress line's note: "" while every puzzle is
// certified.
func failedNote(failed int) string {
	if failed == 0 {
		return ""
	}
	return fmt.Sprintf("%d not certified", failed)
}
