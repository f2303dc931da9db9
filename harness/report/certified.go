package report

import (
	"fmt"

	"github.com/sudokubench/sudokubench/harness/record"
)

// Certification counts the runs whose verdicts were to be proved by a
// DRAT proof that the harness checked (run --certify).
type Certification struct {
	Certified int // the proof checked
	Rejected  int // the proof failed: the run is wrong
	Unchecked int // the check could not be done
}

// Certification counts the records that carry a certification.
func (d *Data) Certification() Certification {
	var c Certification
	for r := range d.Runs.All() {
		c.add(r)
	}
	return c
}

// add counts r in where it carries a certification.
func (c *Certification) add(r *record.Record) {
	switch {
	case r.Certified == nil:
	case *r.Certified:
		c.Certified++
	case r.Status == "wrong":
		c.Rejected++
	default:
		c.Unchecked++
	}
}

// Note says what was certified, for the trust notes under the tables; ""
// when no run asked for proofs.
func (c Certification) Note() string {
	if c == (Certification{}) {
		return ""
	}
	note := fmt.Sprintf("DRAT proofs (run --certify): %d unsat or unique verdicts certified by a checked proof", c.Certified)
	if c.Rejected > 0 {
		note += fmt.Sprintf(", %d proofs rejected (those runs count as wrong)", c.Rejected)
	}
	if c.Unchecked > 0 {
		note += fmt.Sprintf(", %d not checked (the records say why)", c.Unchecked)
	}
	return note + "."
}
