package milp

import (
	"github.com/sudokubench/sudokubench/solvers"
)

// gophersatVersion is the gophersat module version in go.mod (a test keeps
// the two in step; test binaries carry no module build information).
const gophersatVersion = "v1.4.0"

// Pipelines returns the MILP pipelines, for the registry:
//
//	milp/gophersat-pb                 gophersat's PB engine, in-process
//	milp/gophersat-pb/cutting-planes  the same with cutting-planes resolution
//	milp/cbc                          COIN-OR CBC on a free-MPS file
//	milp/glpk                         GLPK's glpsol on a CPLEX-LP file
//
// Every pipeline eliminates the givens. The outside ones report the counter
// startup_ns: the program's wall time on a one-variable model, measured once
// per solver instance, times the processes started.
func Pipelines() []solvers.Info {
	return []solvers.Info{
		pbInfo("milp/gophersat-pb", false),
		pbInfo("milp/gophersat-pb/cutting-planes", true),
		externalInfo("milp/cbc", "COIN-OR CBC branch and cut on the 0/1 model as free MPS", cbcTool{}),
		externalInfo("milp/glpk", "GLPK glpsol branch and bound on the 0/1 model as CPLEX LP", glpkTool{}),
	}
}

func pbInfo(name string, cuttingPlanes bool) solvers.Info {
	desc := "0/1 model rows as pseudo-Boolean constraints, gophersat CDCL (in-process)"
	if cuttingPlanes {
		desc = "0/1 model rows as pseudo-Boolean constraints, gophersat with cutting planes (in-process; unsound in v1.4.0: claims unsat on some solvable puzzles)"
	}
	return solvers.Info{
		Name:        name,
		Family:      "milp",
		Description: desc,
		Options:     map[string]string{"engine": "gophersat", "form": "eliminated", "cutting-planes": boolString(cuttingPlanes)},
		PureGo:      true,
		Version:     func() string { return gophersatVersion },
		New: func() solvers.Solver {
			return &pipeline{name: name, engine: pbEngine{cuttingPlanes: cuttingPlanes}}
		},
	}
}

func externalInfo(name, desc string, t tool) solvers.Info {
	prog := t.program()
	return solvers.Info{
		Name:        name,
		Family:      "milp",
		Description: desc,
		Options:     map[string]string{"engine": prog.Name, "form": "eliminated", "format": t.format()},
		Available:   prog.Available,
		Version:     prog.Version,
		New: func() solvers.Solver {
			return &pipeline{name: name, engine: &externalEngine{tool: t}}
		},
	}
}

func boolString(b bool) string {
	if b {
		return "true"
	}
	return "false"
}
