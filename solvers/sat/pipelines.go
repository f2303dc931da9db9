package sat

import (
	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/solvers"
)

// Pipelines returns the in-process SAT pipelines, named
// sat/gophersat/<encoding>. The outside SAT programs (minisat, CaDiCaL,
// CryptoMiniSat, PicoSAT) are solver definitions, in solvers/defs.
func Pipelines() []solvers.Info {
	extended := cnf.Options{Encoding: cnf.Extended}
	minimal := cnf.Options{Encoding: cnf.Minimal}
	gophersat := []struct {
		opt  cnf.Options
		desc string
	}{
		{minimal, "minimal CNF (cell at-least-one, unit×digit at-most-one pairwise)"},
		{extended, "extended CNF (exactly-one per cell and per unit×digit, pairwise)"},
		{cnf.Options{Encoding: cnf.Extended, AtMostOne: cnf.Sequential}, "extended CNF with Sinz sequential-counter at-most-one"},
		{cnf.Options{Encoding: cnf.Minimal, Reduce: true}, "minimal CNF reduced by the givens and what they eliminate directly"},
		{cnf.Options{Encoding: cnf.Extended, Reduce: true}, "extended CNF reduced by the givens and what they eliminate directly"},
		{cnf.Options{Encoding: cnf.Extended, Propagate: true}, "extended CNF reduced by full unit propagation of the givens before the engine"},
		{cnf.Options{Encoding: cnf.Extended, AtMostOne: cnf.Native, Propagate: true}, "extended encoding, at-most-one as native cardinality constraints, reduced by full unit propagation of the givens before the engine"},
	}
	var out []solvers.Info
	for _, g := range gophersat {
		out = append(out, gophersatInfo(g.opt.String(), g.opt, "gophersat in-process, "+g.desc, freshSolver(g.opt)))
	}
	out = append(out,
		gophersatInfo("extended-incremental", extended,
			"gophersat in-process, extended CNF built once per geometry, givens as assumptions (Solver.Assume)",
			func() solvers.Solver { return newPipeline(extended, newGophersatIncremental()) }),
		gophersatInfo("pb", cnf.Options{Encoding: cnf.Extended, AtMostOne: cnf.Native},
			"gophersat in-process, extended encoding with native cardinality constraints for at-most-one",
			freshSolver(cnf.Options{Encoding: cnf.Extended, AtMostOne: cnf.Native})),
	)
	return out
}

// freshSolver makes the pipeline that builds a gophersat problem per
// puzzle with the options: from the formula that encodings/cnf makes or,
// for the extended encoding reduced by unit propagation (pairwise or
// native at-most-one), from candidate masks (boardReducer), which makes
// the same formula faster.
func freshSolver(opt cnf.Options) func() solvers.Solver {
	if opt.Encoding == cnf.Extended && opt.Propagate && (opt.AtMostOne == cnf.Pairwise || opt.AtMostOne == cnf.Native) {
		return func() solvers.Solver { return newBoardPipeline(opt.AtMostOne == cnf.Pairwise) }
	}
	return func() solvers.Solver { return newPipeline(opt, &gophersatFresh{}) }
}

func gophersatInfo(variant string, opt cnf.Options, desc string, newSolver func() solvers.Solver) solvers.Info {
	return solvers.Info{
		Name:        "sat/gophersat/" + variant,
		Family:      "sat",
		Description: desc,
		Options:     optionMap(opt, "gophersat"),
		PureGo:      true,
		Version:     func() string { return GophersatVersion },
		New:         newSolver,
	}
}

func optionMap(opt cnf.Options, engine string) map[string]string {
	reduce := "none"
	switch {
	case opt.Propagate:
		reduce = "propagated"
	case opt.Reduce:
		reduce = "givens"
	}
	return map[string]string{
		"engine":      engine,
		"encoding":    opt.Encoding.String(),
		"at_most_one": opt.AtMostOne.String(),
		"reduce":      reduce,
	}
}
