package solvers

import (
	"slices"
	"testing"
)

// The list of families names each once, the direct solvers' among them,
// and a caller that changes its copy changes no one else's.
func TestFamilies(t *testing.T) {
	fs := Families()
	if len(slices.Compact(slices.Sorted(slices.Values(fs)))) != len(fs) || !slices.Contains(fs, "direct") {
		t.Errorf("Families() = %q, want each once, direct among them", fs)
	}
	fs[0] = "changed"
	if Families()[0] == "changed" {
		t.Error("Families() shares its list with its callers")
	}
}
