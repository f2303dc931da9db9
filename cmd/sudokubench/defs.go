package main

import (
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/harness/record"
	"github.com/sudokubench/sudokubench/harness/worker"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/registry"
)

// addDefsFlag gives a command that takes solvers the --defs flag.
func addDefsFlag(cmd *cobra.Command, paths *[]string) {
	cmd.Flags().StringArrayVar(paths, "defs", nil, "a solver definition file (TOML) whose pipelines join the built-in ones; repeatable (see docs/solver-definitions.md)")
}

// solverRegistry is the suite's registry with the pipelines of the
// definition files added.
func solverRegistry(paths []string) (*solvers.Registry, error) {
	if len(paths) == 0 {
		return registry.Default(), nil
	}
	reg, err := registry.WithDefinitions(paths)
	return reg, usageError(err)
}

// workerLauncher starts workers that know the same definitions as this
// process: each is given the files, by absolute path, as --defs.
func workerLauncher(paths []string) (worker.Launcher, error) {
	args := []string{"worker"}
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, fmt.Errorf("--defs %s: %w", p, err)
		}
		args = append(args, "--defs", abs)
	}
	return worker.SelfLauncher(args...)
}

// missingDefinitions names the recorded plan's defined pipelines that reg
// lacks, with the file that defined them: a resume needs the same --defs.
func missingDefinitions(m *record.Manifest, reg *solvers.Registry) error {
	for _, d := range m.Definitions {
		for _, name := range d.Solvers {
			if _, err := reg.Lookup(name); err != nil {
				return fmt.Errorf("the recorded plan runs %s, defined in %s (SHA-256 %s, its text in the manifest): pass --defs %s", name, d.File, d.SHA256, d.File)
			}
		}
	}
	return nil
}
