package report

import (
	"testing"

	"github.com/sudokubench/sudokubench/harness/record"
)

func TestCertificationNote(t *testing.T) {
	yes, no := true, false
	rec := func(status string, certified *bool) record.Record {
		return record.Record{Solver: "sat/cadical/extended", Status: status, Certified: certified}
	}
	for _, tc := range []struct {
		name string
		recs []record.Record
		want string
	}{
		{"none-asked", []record.Record{rec("solved", nil)}, ""},
		{"all-certified", []record.Record{rec("solved", &yes), rec("unsat", &yes), rec("multiple", nil)},
			"DRAT proofs (run --certify): 2 unsat or unique verdicts certified by a checked proof."},
		{"rejected-and-unchecked", []record.Record{rec("solved", &yes), rec("wrong", &no), rec("solved", &no)},
			"DRAT proofs (run --certify): 1 unsat or unique verdicts certified by a checked proof, 1 proofs rejected (those runs count as wrong), 1 not checked (the records say why)."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := (&Data{Runs: NewRuns(tc.recs...)}).Certification().Note(); got != tc.want {
				t.Errorf("note %q, want %q", got, tc.want)
			}
		})
	}
}
