// Package registry assembles the suite's named pipelines into the default
// Registry that the command line and the harness's workers share. Engines
// join by adding their Pipelines here; nothing else lists them.
package registry

import (
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/anneal"
	"github.com/sudokubench/sudokubench/solvers/backtrack"
	"github.com/sudokubench/sudokubench/solvers/bitboard"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/solvers/genetic"
	"github.com/sudokubench/sudokubench/solvers/milp"
	"github.com/sudokubench/sudokubench/solvers/neural"
	"github.com/sudokubench/sudokubench/solvers/propagate"
	"github.com/sudokubench/sudokubench/solvers/sat"
)

// Default returns a fresh registry of every pipeline the suite ships.
func Default() *solvers.Registry {
	reg := solvers.NewRegistry()
	for _, group := range [][]solvers.Info{
		dlx.Pipelines(), sat.Pipelines(), milp.Pipelines(),
		backtrack.Pipelines(),
		propagate.Pipelines(), bitboard.Pipelines(),
		genetic.Pipelines(),
		anneal.Pipelines(),
		neural.Pipelines(),
	} {
		for _, in := range group {
			if err := reg.Add(in); err != nil {
				panic("registry: " + err.Error()) // a duplicate name is a programming error
			}
		}
	}
	return reg
}
