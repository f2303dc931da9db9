package external_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/sudokubench/sudokubench/solvers/external"
)

// Run an outside SAT solver on a formula given on standard input and
// read its verdict by the competition's exit codes (10 satisfiable, 20
// unsatisfiable). A Meter on the context gathers the peaks of every
// program run under it, so that the figure travels with the solve.
//
// It needs minisat, which is optional, so `go test` compiles this example
// without running it; what it prints is shown in the comment at its end.
func ExampleRun() {
	minisat := external.Program{Name: "minisat", Package: "minisat"}
	if err := minisat.Available(); err != nil {
		fmt.Println(err)
		return
	}
	ctx, meter := external.WithMeter(context.Background())
	for _, cnf := range []string{"p cnf 2 2\n1 2 0\n-1 0\n", "p cnf 1 2\n1 0\n-1 0\n"} {
		out, err := external.Run(ctx, minisat.Name, nil, strings.NewReader(cnf))
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println("exit", out.ExitCode, "wall time measured:", out.Wall > 0)
	}
	_, _, runs := meter.Peaks()
	fmt.Println("runs metered:", runs)
	// It prints:
	// exit 10 wall time measured: true
	// exit 20 wall time measured: true
	// runs metered: 2
}
