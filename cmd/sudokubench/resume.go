package main

import (
	"strings"

	"github.com/spf13/cobra"
)

// resumeArgs are the arguments that finish an interrupted benchmark or
// certification made by the command cmd (run, reproduce comparison,
// certify) in out: --out and --resume, and every flag given to this call
// that a resume needs besides the plan, which the manifest holds: the
// solver definition files (a resume without them is refused), the corpora
// directory (the corpus files must be the same), --allow-other-build, and
// --skip-invalid (without it the malformed lines skipped before refuse
// the resume); the flags named in more (the documents a comparison
// writes, what a certification must match) when they were given.
func resumeArgs(cmd *cobra.Command, out string, defs []string, more ...string) []string {
	args := append(strings.Fields(strings.TrimPrefix(cmd.CommandPath(), cmd.Root().Name())), "--out", out, "--resume")
	for _, d := range defs {
		args = append(args, "--defs", d)
	}
	if dir := cmd.Flag("corpora").Value.String(); dir != "" {
		args = append(args, "--corpora", dir)
	}
	for _, name := range []string{"allow-other-build", "skip-invalid"} {
		if f := cmd.Flags().Lookup(name); f != nil && f.Value.String() == "true" {
			args = append(args, "--"+name)
		}
	}
	for _, name := range more {
		if f := cmd.Flags().Lookup(name); f != nil && f.Changed {
			args = append(args, "--"+name+"="+f.Value.String())
		}
	}
	return args
}

// shellCommand writes sudokubench with args as a line for a POSIX shell,
// quoting what the shell would split or expand.
func shellCommand(args []string) string {
	words := []string{"sudokubench"}
	for _, a := range args {
		words = append(words, shellQuote(a))
	}
	return strings.Join(words, " ")
}

// shellQuote quotes a word for a POSIX shell where it needs it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=,+@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
