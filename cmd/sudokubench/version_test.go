package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/harness/provenance"
)

func TestVersionTextSaysWhatWasStamped(t *testing.T) {
	tests := []struct {
		name  string
		stamp provenance.Stamp
		want  []string
	}{
		{"stamp=vcs/modified", provenance.Stamp{
			Module: "github.com/sudokubench/sudokubench", Version: "(devel)", Revision: "0123abcd", Modified: true,
			Time: "2026-11-24T12:00:00Z", Build: "0123abcd+dirty", GoVersion: "go1.26.0",
			Settings: []provenance.Setting{{Key: "GOARCH", Value: "amd64"}, {Key: "vcs.revision", Value: "0123abcd"}},
		}, []string{"version   (devel)\n", "commit    0123abcd (modified tree)\n", "committed 2026-11-24T12:00:00Z\n",
			"build     0123abcd+dirty\n", "go        go1.26.0\n", "settings\n  GOARCH=amd64\n"}},
		{"stamp=module-version", provenance.Stamp{
			Module: "github.com/sudokubench/sudokubench", Version: "v1.2.0", Build: "v1.2.0", GoVersion: "go1.26.0",
		}, []string{"version   v1.2.0\n", "commit    not stamped", "build     v1.2.0\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := versionText(tt.stamp)
			for _, want := range tt.want {
				if !strings.Contains(got, want) {
					t.Errorf("version text lacks %q:\n%s", want, got)
				}
			}
			if strings.Contains(got, "vcs.revision=") {
				t.Errorf("the vcs settings are listed twice:\n%s", got)
			}
		})
	}
}

func TestVersionCommandAndFlagAgree(t *testing.T) {
	cmdOut, err := runCLI(t, "version")
	if err != nil {
		t.Fatal(err)
	}
	flagOut, err := runCLI(t, "--version")
	if err != nil {
		t.Fatal(err)
	}
	if cmdOut != flagOut || !strings.Contains(cmdOut, "module    github.com/sudokubench/sudokubench\n") ||
		!strings.Contains(cmdOut, "build     "+provenance.Build()+"\n") {
		t.Errorf("version:\n%s\n--version:\n%s", cmdOut, flagOut)
	}
	jsonOut, err := runCLI(t, "version", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var s provenance.Stamp
	if err := json.Unmarshal([]byte(jsonOut), &s); err != nil || s.Build != provenance.Build() || s.GoVersion == "" {
		t.Errorf("version --json = %s (%v)", jsonOut, err)
	}
}
