package milp

import (
	"github.com/sudokubench/sudokubench/solvers"
)

// gophersatVersion is the gophersat module version in go.mod (a test keeps
// the two in step; test binaries carry no module build information).
const gophersatVersion = "v1.4.0"

// Pipelines returns the in-process MILP pipelines, for the registry:
//
//	milp/gophersat-pb                 gophersat's PB engine
//	milp/gophersat-pb/cutting-planes  the same with cutting-planes resolution
//
// Both eliminate the givens. The outside MILP programs (milp/cbc,
// milp/glpk) are solver definitions, in solvers/defs, whose answers
// ReadCBC and ReadGLPK read.
func Pipelines() []solvers.Info {
	return []solvers.Info{
		pbInfo("milp/gophersat-pb", false),
		pbInfo("milp/gophersat-pb/cutting-planes", true),
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

func boolString(b bool) string {
	if b {
		return "true"
	}
	return "false"
}
