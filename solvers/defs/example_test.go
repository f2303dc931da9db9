package defs_test

import (
	"fmt"

	"github.com/sudokubench/sudokubench/solvers/defs"
)

// A definition file puts a program in the suite with no Go written: the
// input the suite writes for it, its command, how its answer reads and how
// it proves a solution unique. Every problem is reported at once, each
// naming the file, line and key.
func ExampleParse() {
	text := `[[solver]]
name    = "sat/picosat/extended"
input   = "cnf"
options = { encoding = "extended" }
command = ["picosat", "-v", "{input}"]
output  = "sat-competition"
unique  = "block"
`
	f, err := defs.Parse("picosat.toml", []byte(text))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, d := range f.Definitions {
		fmt.Println(d.Name, d.Family, d.Input, d.Stages, d.Output, d.Unique)
	}

	_, err = defs.Parse("typo.toml", []byte(`[[solver]]
name    = "sat/picosat/extended"
input   = "cnf"
command = ["picosat", "{input}"]
output  = "sat-competiton"
`))
	fmt.Println(err)
	// Output:
	// sat/picosat/extended sat cnf [[picosat -v {input}]] sat-competition block
	// typo.toml:5: [[solver]] sat/picosat/extended: key output: unknown output "sat-competiton"; known: cbc, clasp, glpk, grid, minizinc, pb-competition, sample, sat-competition, smtlib
	// typo.toml:1: [[solver]] sat/picosat/extended: key unique: missing
}
