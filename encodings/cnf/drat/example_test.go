package drat_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/sudokubench/sudokubench/encodings/cnf/drat"
)

// Check verifies a DRAT refutation of a formula, as drat-trim does: here
// the four clauses over two variables that no assignment satisfies, and
// a proof that learns x1 and then the empty clause.
func ExampleCheck() {
	formula, err := drat.ParseDIMACS(strings.NewReader("p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n"), "four.cnf")
	if err != nil {
		fmt.Println(err)
		return
	}
	proof, err := drat.ParseProof(strings.NewReader("1 0\n0\n"), "four.drat")
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := drat.Check(context.Background(), formula, proof, drat.Options{})
	fmt.Printf("verified: %v, %d lemmas\n", err == nil, res.Lemmas)

	wrong, _ := drat.ParseProof(strings.NewReader("0\n"), "short.drat")
	_, err = drat.Check(context.Background(), formula, wrong, drat.Options{})
	fmt.Println("the empty clause alone verified:", err == nil)
	// Output:
	// verified: true, 2 lemmas
	// the empty clause alone verified: false
}
