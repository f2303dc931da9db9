package worker

import (
	"fmt"
	"os"
	"os/exec"
)

// Launcher makes the command that starts a worker child for one solver. The
// harness adds the pipes, the process group and the parent-death signal.
type Launcher func(solver string) *exec.Cmd

// SelfLauncher starts this same executable as a worker: the program's path,
// then args, then "--solver" and the solver's name.
func SelfLauncher(args ...string) (Launcher, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("finding this program to start workers: %w", err)
	}
	return func(solver string) *exec.Cmd {
		return exec.Command(exe, append(append([]string{}, args...), "--solver", solver)...)
	}, nil
}
