package provenance

import (
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokubench/sudokubench/harness/record"
)

func TestVCSStamp(t *testing.T) {
	stamped := func(version string, settings ...debug.BuildSetting) *debug.BuildInfo {
		return &debug.BuildInfo{Main: debug.Module{Path: "github.com/sudokubench/sudokubench", Version: version}, Settings: settings}
	}
	revision := debug.BuildSetting{Key: "vcs.revision", Value: "abc"}
	clean := debug.BuildSetting{Key: "vcs.modified", Value: "false"}
	modified := debug.BuildSetting{Key: "vcs.modified", Value: "true"}
	compiler := debug.BuildSetting{Key: "-compiler", Value: "gc"}
	tests := []struct {
		name       string
		bi         *debug.BuildInfo
		ok         bool
		want       string
		wantsDirty bool
	}{
		{"stamp=clean", stamped("(devel)", revision, clean), true, "abc", false},
		{"stamp=dirty", stamped("(devel)", revision, modified), true, "abc", true},
		{"stamp=vcs/version=v1.2.0", stamped("v1.2.0", revision, clean), true, "abc", false},
		{"stamp=vcs/version=pseudo+dirty", stamped("v1.2.1-0.20261124120000-abcdef123456+dirty", revision, modified), true, "abc", true},
		{"stamp=none/version=devel", stamped("(devel)", compiler), true, record.UnknownBuild, false},
		{"stamp=none/version=none", stamped("", compiler), true, record.UnknownBuild, false},
		{"stamp=none/version=v1.2.0", stamped("v1.2.0", compiler), true, "v1.2.0", false},
		{"stamp=none/version=pseudo", stamped("v0.0.0-20261124120000-abcdef123456", compiler), true, "v0.0.0-20261124120000-abcdef123456", false},
		{"stamp=none/version=v1.2.0+dirty", stamped("v1.2.0+dirty", compiler), true, "v1.2.0", true},
		{"stamp=no-build-info", nil, false, record.UnknownBuild, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			commit, dirty := vcsStamp(tt.bi, tt.ok)
			if commit != tt.want || dirty != tt.wantsDirty {
				t.Errorf("got %q dirty %v, want %q dirty %v", commit, dirty, tt.want, tt.wantsDirty)
			}
			if s := stampOf(tt.bi, tt.ok); s.Build != record.BuildName(tt.want, tt.wantsDirty) {
				t.Errorf("stamp names the build %q, want %q", s.Build, record.BuildName(tt.want, tt.wantsDirty))
			}
		})
	}
}

// A 1-minute load above the cores less one is worth a warning: the runs
// then share the processors with other work.
func TestBusyWarning(t *testing.T) {
	for _, c := range []struct {
		load  [3]float64
		cores int
		warns bool
	}{
		{[3]float64{0.3, 0.2, 0.1}, 2, false},
		{[3]float64{1.0, 0.2, 0.1}, 2, false},
		{[3]float64{1.5, 1.2, 0.9}, 2, true},
		{[3]float64{6.5, 5, 4}, 8, false},
		{[3]float64{7.5, 5, 4}, 8, true},
	} {
		w := BusyWarning(c.load, c.cores)
		if (w != "") != c.warns || (c.warns && !strings.Contains(w, strconv.FormatFloat(c.load[0], 'f', 2, 64))) {
			t.Errorf("load %v on %d cores: warning %q, want one: %v", c.load, c.cores, w, c.warns)
		}
	}
}

func TestStampReadsEveryPartOfTheBuildInfo(t *testing.T) {
	bi := &debug.BuildInfo{
		GoVersion: "go1.26.0",
		Main:      debug.Module{Path: "github.com/sudokubench/sudokubench", Version: "(devel)"},
		Settings: []debug.BuildSetting{
			{Key: "-buildmode", Value: "exe"},
			{Key: "vcs.revision", Value: "0123abcd"},
			{Key: "vcs.time", Value: "2026-11-24T12:00:00Z"},
			{Key: "vcs.modified", Value: "true"},
		},
	}
	s := stampOf(bi, true)
	if s.Module != bi.Main.Path || s.Version != "(devel)" || s.GoVersion != "go1.26.0" ||
		s.Revision != "0123abcd" || !s.Modified || s.Time != "2026-11-24T12:00:00Z" ||
		s.Build != "0123abcd+dirty" || len(s.Settings) != 4 {
		t.Errorf("stamp = %+v", s)
	}
	if none := stampOf(nil, false); none.Build != record.UnknownBuild || none.Revision != "" || none.Settings != nil {
		t.Errorf("stamp without build information = %+v", none)
	}
}
