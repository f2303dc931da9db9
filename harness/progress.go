package harness

import (
	"fmt"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/solvers"
)

// failures counts, for the progress shown while a benchmark runs, the
// runs that ended without an answer through no choice of the solver's:
// timeouts, memouts, crashes, wrong answers and errors.
type failures int

func (f *failures) add(rec *record.Record) {
	switch solvers.Status(rec.Status) {
	case solvers.Timeout, solvers.Memout, solvers.Crash, solvers.Wrong, solvers.Error:
		*f++
	}
}

// note is the progress line's note: "" while there is none.
func (f failures) note() string {
	if f == 0 {
		return ""
	}
	return fmt.Sprintf("%d not solved (timeout, memout, crash, wrong, error)", f)
}
