package defs

import (
	"context"
	"fmt"
	"maps"
	"os/exec"
	"strings"
	"time"

	"github.com/sudokubench/sudokubench/encodings/formats"
	"github.com/sudokubench/sudokubench/solvers"
	"github.com/sudokubench/sudokubench/solvers/external"
)

// Info makes the registry's entry for the definition: a pipeline like any
// other, outside programs and all.
func (d *Definition) Info() solvers.Info {
	opts := maps.Clone(d.Options)
	opts["engine"], opts["input"], opts["output"], opts["unique"] = d.Engine(), d.Input, d.Output, d.Unique
	var proofs *solvers.ProofSpec
	if d.Proof != "" {
		// The parser has checked the options against the cnf input.
		enc, _ := formats.CNFOptions(d.Options)
		proofs = &solvers.ProofSpec{Encoding: enc}
		opts["proof"] = d.Proof
	}
	return solvers.Info{
		Name:        d.Name,
		Family:      d.Family,
		Description: d.Description,
		Options:     opts,
		Stochastic:  d.Stochastic,
		FirstOnly:   d.Unique == "none",
		Proofs:      proofs,
		Supports:    d.Supports,
		Source:      &solvers.Source{File: d.File.Name, SHA256: d.File.SHA256, Text: string(d.File.Text)},
		Available:   d.Available,
		Version:     d.ProgramVersion,
		New:         d.NewSolver,
	}
}

// Available reports whether every program of the definition is on PATH,
// or says which is not and how to get it.
func (d *Definition) Available() error {
	for _, stage := range d.Stages {
		program := d.program(stage)
		if _, err := exec.LookPath(program); err != nil {
			how := ""
			if d.Package != "" {
				how = fmt.Sprintf("install it: apt-get install %s; ", d.Package)
			}
			where := "on PATH"
			if strings.Contains(program, "/") {
				where = "or not executable"
			}
			return fmt.Errorf("%s not found %s (%sdefined in %s:%d)", program, where, how, d.File.Name, d.Line)
		}
	}
	return nil
}

// versionLimit bounds each version command.
const versionLimit = 5 * time.Second

// ProgramVersion is what the version commands print — the first line of
// each with a digit in it, joined by "; " — with the Debian package's
// version when dpkg knows the package; "unavailable" when a program is
// missing, "unknown" when nothing says.
func (d *Definition) ProgramVersion() string {
	if d.Available() != nil {
		return "unavailable"
	}
	var parts []string
	for _, argv := range d.Version {
		if line := firstVersionLine(d.program(argv), argv[1:]); line != "" {
			parts = append(parts, line)
		}
	}
	if deb := debianVersion(d.Package); deb != "" {
		parts = append(parts, "debian "+d.Package+" "+deb)
	}
	if len(parts) == 0 {
		return "unknown"
	}
	return strings.Join(parts, "; ")
}

// maxVersionLine caps a version line's length.
const maxVersionLine = 100

// firstVersionLine runs a program and returns the first line of its output
// (stdout, then stderr) with a digit in it.
func firstVersionLine(program string, args []string) string {
	ctx, cancel := context.WithTimeout(context.Background(), versionLimit)
	defer cancel()
	out, err := external.Run(ctx, program, args, nil)
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(out.Stdout)+"\n"+string(out.Stderr), "\n") {
		line = strings.TrimSpace(line)
		if strings.ContainsAny(line, "0123456789") {
			if len(line) > maxVersionLine {
				line = line[:maxVersionLine] + "…"
			}
			return line
		}
	}
	return ""
}

// debianVersion asks dpkg for an installed package's version; "" when it
// cannot say.
func debianVersion(pkg string) string {
	if pkg == "" {
		return ""
	}
	if _, err := exec.LookPath("dpkg-query"); err != nil {
		return ""
	}
	ctx, cancel := context.WithTimeout(context.Background(), versionLimit)
	defer cancel()
	out, err := external.Run(ctx, "dpkg-query", []string{"-W", "-f", "${Version}", pkg}, nil)
	if err != nil || out.ExitCode != 0 {
		return ""
	}
	return strings.TrimSpace(string(out.Stdout))
}
