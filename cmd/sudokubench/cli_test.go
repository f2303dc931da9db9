package main

import (
	"bytes"
	"strings"
	"testing"
)

// runCLI runs the command line with args and returns stdout and stderr
// together.
func runCLI(t *testing.T, args ...string) (string, error) {
	t.Helper()
	out, errOut, err := runCLIInput(t, "", args...)
	return out + errOut, err
}

// runCLIInput runs the command line with args and stdin, and returns stdout
// and stderr apart.
func runCLIInput(t *testing.T, stdin string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	root := newRootCmd()
	var out, errOut bytes.Buffer
	root.SetIn(strings.NewReader(stdin))
	root.SetOut(&out)
	root.SetErr(&errOut)
	root.SetArgs(args)
	err = root.Execute()
	return out.String(), errOut.String(), err
}
