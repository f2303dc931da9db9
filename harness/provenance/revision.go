package provenance

import (
	"runtime/debug"
	"strings"

	"github.com/sudokubench/sudokubench/harness/record"
)

// Build names the build of this binary as records and manifests do: its
// VCS revision, "+dirty" when its tree had changes, the module version
// that `go install …@vX` stamped where there is no VCS stamp, or
// record.UnknownBuild; for other records of provenance (trained weights,
// say).
func Build() string { return record.BuildName(vcsStamp(debug.ReadBuildInfo())) }

// Stamp is what the Go toolchain stamped into a binary, for `sudokubench
// version`: the main module, its version, the VCS revision and the build
// settings.
type Stamp struct {
	Module string `json:"module"`
	// Version is the main module's version: a release (v1.2.0) or a
	// pseudo-version for `go install …@version`, "(devel)" for a build
	// from a checkout whose version go could not tell.
	Version  string `json:"version"`
	Revision string `json:"revision,omitempty"` // VCS revision; "" when none was stamped
	Modified bool   `json:"modified,omitempty"` // the stamped tree had changes
	Time     string `json:"time,omitempty"`     // the revision's commit time
	// Build is the name records and manifests give this build.
	Build     string    `json:"build"`
	GoVersion string    `json:"go_version"`
	Settings  []Setting `json:"settings"`
}

// Setting is one build setting (-buildmode, CGO_ENABLED, GOARCH, vcs…).
type Setting struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// ReadStamp reads this binary's stamp.
func ReadStamp() Stamp { return stampOf(debug.ReadBuildInfo()) }

// stampOf extracts the stamp from build information; ok false (a binary
// without it) gives an empty stamp named record.UnknownBuild.
func stampOf(bi *debug.BuildInfo, ok bool) Stamp {
	s := Stamp{Build: record.BuildName(vcsStamp(bi, ok))}
	if !ok {
		return s
	}
	s.Module, s.Version, s.GoVersion = bi.Main.Path, bi.Main.Version, bi.GoVersion
	for _, set := range bi.Settings {
		s.Settings = append(s.Settings, Setting{set.Key, set.Value})
		switch set.Key {
		case "vcs.revision":
			s.Revision = set.Value
		case "vcs.modified":
			s.Modified = set.Value == "true"
		case "vcs.time":
			s.Time = set.Value
		}
	}
	return s
}

// vcsStamp returns the revision stamped into a build and whether its tree
// was modified, from the build information alone: a binary built at one
// commit and run in a checkout of another must name its own. Without a VCS
// stamp (go build -buildvcs=false, go test, a build outside a repository)
// it falls back to the module version that `go install …@v1.2.0` stamps,
// which names a release as exactly as a commit does; where there is
// neither (a checkout's "(devel)") it returns record.UnknownBuild rather
// than guess.
func vcsStamp(bi *debug.BuildInfo, ok bool) (commit string, dirty bool) {
	if !ok {
		return record.UnknownBuild, false
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			commit = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if commit != "" {
		return commit, dirty
	}
	return moduleVersion(bi.Main.Version)
}

// moduleVersion turns a stamped module version into a build's name: the
// version itself, its "+dirty" suffix as the modified flag, or
// record.UnknownBuild for none or "(devel)".
func moduleVersion(v string) (commit string, dirty bool) {
	if v == "" || v == "(devel)" {
		return record.UnknownBuild, false
	}
	if base, ok := strings.CutSuffix(v, "+dirty"); ok {
		return base, true
	}
	return v, false
}
