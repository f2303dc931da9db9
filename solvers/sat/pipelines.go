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
		out = append(out, gophersatInfo(g.opt.String(), g.opt, "gophersat in-process, "+g.desc, func() engine { return &gophersatFresh{} }))
	}
	out = append(out,
		gophersatInfo("extended-incremental", extended,
			"gophersat in-process, extended CNF built once per geometry, givens as assumptions (Solver.Assume)",
			func() engine { return newGophersatIncremental() }),
		gophersatInfo("pb", cnf.Options{Encoding: cnf.Extended, AtMostOne: cnf.Native},
			"gophersat in-process, extended encoding with native cardinality constraints for at-most-one",
			func() engine { return &gophersatFresh{} }),
	)
	return out
}

func gophersatInfo(variant string, opt cnf.Options, desc string, newEngine func() engine) solvers.Info {
	return solvers.Info{
		Name:        "sat/gophersat/" + variant,
		Family:      "sat",
		Description: desc,
		Options:     optionMap(opt, "gophersat"),
		PureGo:      true,
		Version:     func() string { return GophersatVersion },
		New:         func() solvers.Solver { return newPipeline(opt, newEngine()) },
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
