package provenance_test

import (
	"fmt"

	"github.com/sudokubench/sudokubench/harness/provenance"
)

// Say whether a machine was busy as a benchmark started: one run takes a
// core and the parent watches it, so a 1-minute load average above the
// cores less one means other work ran beside it.
func ExampleBusyWarning() {
	for _, load := range [][3]float64{{0.6, 0.8, 1.1}, {3.5, 2.9, 2.0}} {
		if w := provenance.BusyWarning(load, 2); w != "" {
			fmt.Println(w)
		} else {
			fmt.Printf("load %.1f on 2 cores: quiet\n", load[0])
		}
	}
	// Output:
	// load 0.6 on 2 cores: quiet
	// the machine is busy: load average 3.50 over the last minute on 2 cores; times will be slower and noisier than on a quiet machine (the manifest records the load at start and end)
}
