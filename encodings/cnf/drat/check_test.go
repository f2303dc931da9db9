package drat_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/encodings/cnf/drat"
)

// The formulas of the hand-made cases.
const (
	// every8 holds all eight clauses over three variables: unsatisfiable,
	// and no single literal makes unit propagation conflict.
	every8 = `p cnf 3 8
1 2 3 0
1 2 -3 0
1 -2 3 0
1 -2 -3 0
-1 2 3 0
-1 2 -3 0
-1 -2 3 0
-1 -2 -3 0
`
	// ratUnit is unsatisfiable; the unit 1 is not RUP (1 false propagates
	// nothing) but RAT: its resolvents with the two clauses holding -1,
	// "1 2" and "1 -2", are RUP. With 1 true, propagation conflicts.
	ratUnit = `p cnf 3 6
-1 2 0
-1 -2 0
1 2 3 0
1 2 -3 0
1 -2 3 0
1 -2 -3 0
`
	// chain is unsatisfiable; propagation from its unit reaches 2 and
	// stops, so deleting the unit (the reason of 1 at the top level) must
	// be ignored for the proof to go through.
	chain = `p cnf 4 6
1 0
-1 2 0
-2 3 4 0
-2 3 -4 0
-2 -3 4 0
-2 -3 -4 0
`
	// every8Lemmas are the clauses of every8, each RUP in every16.
	every8Lemmas = "1 2 3 0\n1 2 -3 0\n1 -2 3 0\n1 -2 -3 0\n-1 2 3 0\n-1 2 -3 0\n-1 -2 3 0\n-1 -2 -3 0\n"
	// satisfiable has models; no proof may refute it.
	satisfiable = `p cnf 3 4
1 2 0
-1 3 0
-2 -3 0
1 -3 0
`
)

// every16 holds all sixteen clauses over four variables: three literals
// false make propagation conflict, two do not.
func every16() string {
	var b strings.Builder
	b.WriteString("p cnf 4 16\n")
	for signs := range 16 {
		for v := 1; v <= 4; v++ {
			if signs>>(v-1)&1 == 1 {
				b.WriteByte('-')
			}
			fmt.Fprintf(&b, "%d ", v)
		}
		b.WriteString("0\n")
	}
	return b.String()
}

// anyCount in an expected count means any count.
const anyCount = -1

func formula(t testing.TB, text string) *cnf.Formula {
	t.Helper()
	f, err := drat.ParseDIMACS(strings.NewReader(text), "formula.cnf")
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func proof(t testing.TB, text string) *drat.Proof {
	t.Helper()
	p, err := drat.ParseProof(strings.NewReader(text), "proof.drat")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

var modes = []drat.Mode{drat.Backward, drat.Forward}

func TestCheckAccepts(t *testing.T) {
	for _, tc := range []struct {
		name, formula, proof string
		// want holds, per mode, the lemmas checked and those that needed RAT.
		checked, rat [2]int
		ignored      int
	}{
		{name: "rup/every8", formula: every8, proof: "1 2 0\n1 0\n2 0\n0\n", checked: [2]int{3, 3}},
		{name: "rup/every8/no-empty-clause", formula: every8, proof: "1 2 0\n1 0\n2 0\n", checked: [2]int{3, 3}},
		{name: "rup/every8/comments-and-spacing", formula: every8, proof: "c learnt\n1 2\n 0 1 0\n\n2 0 0\n", checked: [2]int{3, 3}},
		{name: "rup/every8/lemmas-after-conflict-unread", formula: every8, proof: "1 2 0\n1 0\n2 0\n0\n3 0\n-3 0\n", checked: [2]int{3, 3}},
		{name: "rup/every8/unneeded-lemma-skipped-backward", formula: every8, proof: "1 2 4 0\n1 2 0\n1 0\n2 0\n0\n", checked: [2]int{3, 4}},
		{name: "rat/unit-needed", formula: ratUnit, proof: "1 0\n0\n", checked: [2]int{1, 1}, rat: [2]int{1, 1}},
		{
			name: "rat/extended-resolution-definition", formula: every16(),
			// x5 ↔ x1 ∧ x2: "-5 1" and "-5 2" are RAT on the fresh -5 (no
			// clause holds 5), "5 -1 -2" on 5 (its resolvents with them are
			// tautologies); none is RUP, as two literals false propagate
			// nothing here. Then a refutation that does not need them:
			// backward checking leaves them out.
			proof:   "-5 1 0\n-5 2 0\n5 -1 -2 0\n" + every8Lemmas + "1 2 0\n1 0\n2 0\n0\n",
			checked: [2]int{anyCount, 14}, rat: [2]int{0, 3},
		},
		{
			name: "deletion/after-use-restored-backward", formula: every8,
			proof:   "1 2 0\nd 1 2 3 0\nd 1 2 -3 0\n1 0\n2 0\n0\n",
			checked: [2]int{3, 3},
		},
		{
			name: "deletion/literals-in-any-order", formula: every8,
			proof:   "1 2 0\nd -3 2 1 0\n1 0\n2 0\n0\n",
			checked: [2]int{3, 3},
		},
		{
			name: "deletion/of-a-reason-ignored", formula: chain,
			proof:   "d 1 0\n3 0\n0\n",
			checked: [2]int{1, 1}, ignored: 1,
		},
		{
			name: "deletion/of-a-clause-not-present-ignored", formula: every8,
			proof:   "d 1 2 0\n1 2 0\n1 0\n2 0\n0\n",
			checked: [2]int{3, 3}, ignored: 1,
		},
		{name: "formula/refuted-by-propagation", formula: "p cnf 2 3\n1 0\n-1 2 0\n-2 0\n", proof: "", checked: [2]int{0, 0}},
		{name: "formula/holds-empty-clause", formula: "p cnf 1 2\n1 0\n0\n", proof: "1 0\n", checked: [2]int{0, 0}},
	} {
		for m, mode := range modes {
			t.Run(tc.name+"/mode="+mode.String(), func(t *testing.T) {
				res, err := drat.Check(context.Background(), formula(t, tc.formula), proof(t, tc.proof), drat.Options{Mode: mode})
				if err != nil {
					t.Fatalf("rejected: %v", err)
				}
				if (tc.checked[m] != anyCount && res.Checked != tc.checked[m]) || res.RAT != tc.rat[m] || res.IgnoredDeletions != tc.ignored {
					t.Errorf("checked %d lemmas (%d RAT), ignored %d deletions; want %d (%d RAT), %d",
						res.Checked, res.RAT, res.IgnoredDeletions, tc.checked[m], tc.rat[m], tc.ignored)
				}
			})
		}
	}
}

func TestCheckRejects(t *testing.T) {
	for _, tc := range []struct {
		name, formula, proof string
		// lemma is, per mode, the failing lemma's index (0: the proof ends
		// without a conflict): backward checking meets the needed lemmas
		// last first, forward checking every lemma in order.
		lemma [2]int
		want  string
	}{
		{name: "lemma-deleted/closing-lemma", formula: every8, proof: "1 2 0\n2 0\n0\n", lemma: [2]int{3, 3}, want: "the empty clause does not follow"},
		{name: "lemma-deleted/no-empty-clause", formula: every8, proof: "1 2 0\n2 0\n", want: "after its 2 lemmas unit propagation finds no conflict"},
		{name: "lemma-changed/neither-rup-nor-rat", formula: chain, proof: "-2 0\n0\n", lemma: [2]int{1, 1}, want: "-2 0 is neither RUP nor RAT on -2"},
		{name: "lemma-changed/rat-but-useless", formula: ratUnit, proof: "3 0\n0\n", lemma: [2]int{2, 2}, want: "the empty clause does not follow"},
		{name: "deletion/of-a-clause-needed-later", formula: ratUnit, proof: "d -1 -2 0\n1 0\n0\n", lemma: [2]int{2, 2}, want: "the empty clause does not follow"},
		{name: "deletion/before-the-lemma-needing-it", formula: every8, proof: "d 1 2 3 0\nd 1 2 -3 0\n1 2 0\n1 0\n2 0\n0\n", lemma: [2]int{1, 1}, want: "1 2 0 is neither RUP nor RAT on 1"},
		{name: "satisfiable/empty-proof", formula: satisfiable, proof: "", want: "does not refute"},
		{name: "satisfiable/contradicting-units", formula: satisfiable, proof: "1 0\n-1 0\n0\n", lemma: [2]int{2, 1}, want: "is neither RUP nor RAT"},
	} {
		for m, mode := range modes {
			t.Run(tc.name+"/mode="+mode.String(), func(t *testing.T) {
				_, err := drat.Check(context.Background(), formula(t, tc.formula), proof(t, tc.proof), drat.Options{Mode: mode})
				var rej *drat.Rejection
				if !errors.As(err, &rej) {
					t.Fatalf("got %v, want a rejection", err)
				}
				if rej.Lemma != tc.lemma[m] || !strings.Contains(rej.Error(), tc.want) {
					t.Errorf("rejected lemma %d: %q; want lemma %d and %q", rej.Lemma, rej, tc.lemma[m], tc.want)
				}
				if rej.Lemma > 0 && !strings.HasPrefix(rej.Where, "proof.drat:") {
					t.Errorf("where = %q, want proof.drat:LINE", rej.Where)
				}
			})
		}
	}
}

// TestCheckRejectsFailingLemmaWithItsPlace names the lemma's index among
// the additions and its line, deletions and comments counted in lines only.
func TestCheckRejectsFailingLemmaWithItsPlace(t *testing.T) {
	p := proof(t, "c a comment\nd 5 0\n3 4 0\n\n-2 0\n0\n")
	_, err := drat.Check(context.Background(), formula(t, chain), p, drat.Options{Mode: drat.Forward})
	var rej *drat.Rejection
	if !errors.As(err, &rej) {
		t.Fatalf("got %v, want a rejection", err)
	}
	want := "lemma 2 (proof.drat:5) fails: -2 0 is neither RUP nor RAT on -2"
	if rej.Error() != want || len(rej.Lits) != 1 || rej.Lits[0] != -2 {
		t.Errorf("got %q with literals %v, want %q", rej, rej.Lits, want)
	}
}

func TestCheckRefusesCardinality(t *testing.T) {
	f := &cnf.Formula{Vars: 2, Cards: []cnf.Card{{Lits: []int{1, 2}, Bound: cnf.AtMost, K: 1}}}
	_, err := drat.Check(context.Background(), f, proof(t, ""), drat.Options{})
	var rej *drat.Rejection
	if err == nil || errors.As(err, &rej) || !strings.Contains(err.Error(), "cardinality") {
		t.Errorf("got %v, want an error that is not a rejection and names cardinality", err)
	}
}

func TestCheckStopsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := drat.Check(ctx, formula(t, every8), proof(t, "1 2 0\n1 0\n2 0\n0\n"), drat.Options{})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}
}

// TestCheckRenumbersHugeVariables: a proof naming a variable near the
// limit is checked without arrays of that size.
func TestCheckRenumbersHugeVariables(t *testing.T) {
	res, err := drat.Check(context.Background(), formula(t, ratUnit), proof(t, "-2147483647 1 0\n1 0\n0\n"), drat.Options{Mode: drat.Forward})
	if err != nil || res.RAT != 2 {
		t.Errorf("got %+v, %v; want both lemmas RAT", res, err)
	}
}
