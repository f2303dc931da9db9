package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudokubench/sudokubench/harness/provenance"
)

func newVersionCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Say which build this is: module version, commit, Go version, build settings",
		Long: "Print what the Go toolchain stamped into this binary: the module and its\n" +
			"version (a release for `go install …@v1.2.0`, \"(devel)\" for a build from a\n" +
			"checkout), the commit with its modified flag, the Go version and the build\n" +
			"settings. \"build\" is the name that records and manifests give this binary.\n" +
			"`sudokubench --version` prints the same.",
		Example: "  sudokubench version\n  sudokubench version --json",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if asJSON {
				enc := json.NewEncoder(cmd.OutOrStdout())
				enc.SetIndent("", "  ")
				return enc.Encode(provenance.ReadStamp())
			}
			_, err := io.WriteString(cmd.OutOrStdout(), versionText(provenance.ReadStamp()))
			return err
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "one JSON object: module, version, revision, modified, time, build, go_version, settings")
	return cmd
}

// versionText lays a build's stamp out for a reader.
func versionText(s provenance.Stamp) string {
	var b strings.Builder
	line := func(key, value string) { fmt.Fprintf(&b, "%-9s %s\n", key, value) }
	line("module", orNone(s.Module, "not stamped"))
	line("version", orNone(s.Version, "not stamped"))
	switch {
	case s.Revision == "":
		line("commit", "not stamped (built with -buildvcs=false, by go run or go test, or outside a repository)")
	case s.Modified:
		line("commit", s.Revision+" (modified tree)")
	default:
		line("commit", s.Revision)
	}
	if s.Time != "" {
		line("committed", s.Time)
	}
	line("build", s.Build)
	line("go", orNone(s.GoVersion, "not stamped"))
	if len(s.Settings) > 0 {
		b.WriteString("settings\n")
	}
	for _, set := range s.Settings {
		if !strings.HasPrefix(set.Key, "vcs.") {
			fmt.Fprintf(&b, "  %s=%s\n", set.Key, set.Value)
		}
	}
	return b.String()
}

func orNone(s, none string) string {
	if s == "" {
		return none
	}
	return s
}
