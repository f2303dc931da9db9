package sat

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/sudokubench/sudokubench/encodings/cnf"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/external"
)

// Pipelines returns the SAT pipelines, named sat/<engine>/<encoding>.
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
	for _, prog := range []struct {
		short string
		o     outsideSolver
	}{
		{"minisat", outsideSolver{program: minisatProgram, args: []string{"-verb=1"}, resultFile: true}},
		{"cadical", outsideSolver{program: cadicalProgram, proofArgs: []string{proofPlaceholder}}},
		{"cryptominisat", outsideSolver{program: cmsProgram}},
	} {
		for _, opt := range []cnf.Options{extended, minimal} {
			out = append(out, outsideInfo(prog.short, opt, prog.o))
		}
	}
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

func outsideInfo(short string, opt cnf.Options, o outsideSolver) solvers.Info {
	var proofs *solvers.ProofSpec
	if len(o.proofArgs) > 0 {
		proofs = &solvers.ProofSpec{Encoding: opt}
	}
	return solvers.Info{
		Name:        fmt.Sprintf("sat/%s/%s", short, opt),
		Family:      "sat",
		Description: fmt.Sprintf("%s on a DIMACS file, %s encoding, a fresh process per solve", o.program.Name, opt.Encoding),
		Options:     optionMap(opt, o.program.Name),
		Proofs:      proofs,
		Available:   o.program.Available,
		Version:     func() string { return programVersion(o.program) },
		New:         func() solvers.Solver { return newPipeline(opt, o) },
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

// programVersion is what the program says of its version (minisat says
// nothing) with the Debian package version when dpkg knows it.
func programVersion(p external.Program) string {
	v := ""
	if p.Name != minisatProgram.Name {
		v = p.Version()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	out, err := external.Run(ctx, "dpkg-query", []string{"-W", "-f", "${Version}", p.Package}, nil)
	if deb := strings.TrimSpace(string(out.Stdout)); err == nil && out.ExitCode == 0 && deb != "" {
		if v == "" || v == "unknown" {
			return "debian " + deb
		}
		return fmt.Sprintf("%s (debian %s)", v, deb)
	}
	if v == "" {
		return "unknown"
	}
	return v
}
