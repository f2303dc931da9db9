package certify_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/sudokubench/sudokubench/harness/certify"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/solvers/registry"
)

// Certify the first puzzles of a corpus with CaDiCaL (apt-get install
// cadical): each certificate holds a verified solution and the SHA-256 of
// a DRAT proof, checked by the suite's own checker, that there is no
// other. The certificates and the summary go to a directory of their own.
//
// It needs CaDiCaL, which is optional, so `go test` compiles this example
// without running it; what it prints is shown in the comment at its end.
func ExampleRun() {
	cadical, err := registry.Default().Lookup("sat/cadical/extended")
	if err != nil {
		fmt.Println(err)
		return
	}
	out, err := os.MkdirTemp("", "certify")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(out)
	res, err := certify.Run(context.Background(), certify.Config{
		Corpus: "17-clue", Limit: 3, Out: out, Solver: cadical, Oracle: dlx.Oracle{}, Workers: 1,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	sum := res.Summary
	fmt.Printf("%s by %s: %d certified of %d, verdicts %v, disagreements %d\n",
		sum.Corpus, sum.Solver, sum.Certified, sum.Puzzles, sum.Verdicts, sum.Disagreements)
	certs, err := certify.ReadCertificates(filepath.Join(out, certify.CertificatesFile))
	if err != nil {
		fmt.Println(err)
		return
	}
	c := certs[0] // its ID is the corpus and the line
	fmt.Println(c.ID, c.Verdict, "proof checked:", c.Certified && c.ProofSHA != "")
	// It prints:
	// 17-clue by sat/cadical/extended: 3 certified of 3, verdicts map[unique:3], disagreements 0
	// 17-clue:5 unique proof checked: true
}
