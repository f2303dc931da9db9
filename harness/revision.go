package harness

import (
	"runtime/debug"

	"github.com/sudokubench/sudokubench/harness/record"
)

// Build names the build of this binary as records and manifests do: its
// VCS revision, "+dirty" when its tree had changes, or record.UnknownBuild;
// for other records of provenance (trained weights, say).
func Build() string { return record.BuildName(vcsStamp(debug.ReadBuildInfo())) }
