// Package registry assembles the suite's named pipelines into the default
// Registry that the command line and the harness's workers share: the
// engines written in Go, the definitions the suite ships, and the
// definition files a user gives. Engines join by adding their Pipelines
// here; nothing else lists them.
package registry

import (
	"errors"

	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/anneal"
	"github.com/sudokubench/sudokubench/solvers/backtrack"
	"github.com/sudokubench/sudokubench/solvers/bitboard"
	"github.com/sudokubench/sudokubench/solvers/defs"
	"github.com/sudokubench/sudokubench/solvers/dlx"
	"github.com/sudokubench/sudokubench/solvers/genetic"
	"github.com/sudokubench/sudokubench/solvers/milp"
	"github.com/sudokubench/sudokubench/solvers/neural"
	"github.com/sudokubench/sudokubench/solvers/propagate"
	"github.com/sudokubench/sudokubench/solvers/rl"
	"github.com/sudokubench/sudokubench/solvers/sat"
)

// Default returns a fresh registry of every pipeline the suite ships: the
// Go engines' and the shipped definitions'.
func Default() *solvers.Registry {
	reg := solvers.NewRegistry()
	groups := [][]solvers.Info{
		dlx.Pipelines(), sat.Pipelines(), milp.Pipelines(),
		backtrack.Pipelines(),
		propagate.Pipelines(), bitboard.Pipelines(),
		genetic.Pipelines(),
		anneal.Pipelines(),
		neural.Pipelines(),
		rl.Pipelines(),
	}
	for _, f := range defs.Shipped() {
		groups = append(groups, infos(f))
	}
	for _, group := range groups {
		for _, in := range group {
			if err := reg.Add(in); err != nil {
				panic("registry: " + err.Error()) // a duplicate name is a programming error
			}
		}
	}
	return reg
}

// infos are the pipelines a definition file defines.
func infos(f *defs.File) []solvers.Info {
	out := make([]solvers.Info, len(f.Definitions))
	for i, d := range f.Definitions {
		out[i] = d.Info()
	}
	return out
}

// WithDefinitions returns the default registry with the pipelines of the
// definition files at paths added. A file that does not parse, or a name
// that another pipeline has, is an error naming the file, the line and
// the key; every problem of every file is reported.
func WithDefinitions(paths []string) (*solvers.Registry, error) {
	reg := Default()
	var errs []error
	defined := make(map[string]*defs.Definition) // by the files given
	for _, path := range paths {
		f, err := defs.Load(path)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, d := range f.Definitions {
			if err := add(reg, d, defined); err != nil {
				errs = append(errs, err)
			}
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return reg, nil
}

// add registers one definition, saying what a clashing name belongs to.
func add(reg *solvers.Registry, d *defs.Definition, defined map[string]*defs.Definition) error {
	if prev, ok := defined[d.Name]; ok {
		return d.Errorf("name", "%s is already defined in %s:%d", d.Name, prev.File.Name, prev.Line)
	}
	if in, err := reg.Lookup(d.Name); err == nil {
		where := "built into the suite"
		if in.Source != nil {
			where = "shipped with the suite, in " + in.Source.File
		}
		return d.Errorf("name", "%s is a pipeline already, %s: choose another name", d.Name, where)
	}
	defined[d.Name] = d
	if err := reg.Add(d.Info()); err != nil {
		return d.Errorf("name", "%v", err)
	}
	return nil
}
