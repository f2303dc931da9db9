package progress_test

import (
	"fmt"
	"os"

	"github.com/sudokubench/sudokubench/internal/progress"
)

// A long task reports to a Meter: a command passes a Display, a library
// call that shows nothing Discard. On a terminal the Display redraws one
// line in place; in a log it writes a plain line now and then, and none
// for a task shorter than its first interval, as here. Warnings go
// through the Display, so that on a terminal they land above its line.
func ExampleNew() {
	d := progress.New(os.Stdout, "certify")
	d.Start("puzzles", 3, 1) // one done by an earlier call
	d.Update(2, "")
	fmt.Fprintln(d, "warning: 17-clue:7 is malformed, skipped")
	d.Update(3, "1 failed")
	d.Stop()
	// Output:
	// warning: 17-clue:7 is malformed, skipped
}
