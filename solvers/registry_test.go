package solvers

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
)

func testRegistry(t *testing.T) *Registry {
	t.Helper()
	r := NewRegistry()
	noop := func() Solver {
		return SolverFunc(func(context.Context, Request) (Result, error) { return Result{}, nil })
	}
	for _, in := range []Info{
		{Name: "exactcover/dlx", PureGo: true, New: noop},
		{Name: "sat/gophersat/extended", PureGo: true, New: noop},
		{Name: "sat/minisat/extended", New: noop, Available: func() error { return errors.New("minisat not found") }},
		{Name: "milp/cbc", New: noop},
		{Name: "direct/slow", PureGo: true, OptIn: "seconds per puzzle", New: noop},
	} {
		if err := r.Add(in); err != nil {
			t.Fatal(err)
		}
	}
	return r
}

func TestSelect(t *testing.T) {
	tests := []struct {
		list string
		want []string
	}{
		{"", []string{"exactcover/dlx", "sat/gophersat/extended"}},
		{"pure", []string{"exactcover/dlx", "sat/gophersat/extended"}},
		{"sat/*", []string{"sat/gophersat/extended", "sat/minisat/extended"}},
		{"sat/", []string{"sat/gophersat/extended", "sat/minisat/extended"}},
		{"milp/cbc, exactcover/dlx", []string{"milp/cbc", "exactcover/dlx"}},
		{"all", []string{"direct/slow", "exactcover/dlx", "milp/cbc", "sat/gophersat/extended", "sat/minisat/extended"}},
		{"direct/*", []string{"direct/slow"}},
		{"pure,direct/slow", []string{"exactcover/dlx", "sat/gophersat/extended", "direct/slow"}},
		{"exactcover/dlx,pure", []string{"exactcover/dlx", "sat/gophersat/extended"}},
	}
	r := testRegistry(t)
	for _, tt := range tests {
		t.Run("list="+tt.list, func(t *testing.T) {
			infos, err := r.Select(tt.list)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, in := range infos {
				got = append(got, in.Name)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("Select(%q) = %v, want %v", tt.list, got, tt.want)
			}
		})
	}
}

func TestSelectAndLookupNameTheKnownSolvers(t *testing.T) {
	r := testRegistry(t)
	if _, err := r.Select("sat/*,nope"); err == nil || !strings.Contains(err.Error(), `"nope"`) || !strings.Contains(err.Error(), "milp/cbc") {
		t.Errorf("Select error = %v, want the bad entry and the known names", err)
	}
	if _, err := r.Lookup("sat"); err == nil || !strings.Contains(err.Error(), "exactcover/dlx") {
		t.Errorf("Lookup error = %v, want the known names", err)
	}
}

func TestAddRefusesBadEntries(t *testing.T) {
	r := testRegistry(t)
	noop := func() Solver { return nil }
	for _, in := range []Info{
		{Name: "exactcover/dlx", New: noop},
		{Name: "has space", New: noop},
		{Name: "a,b", New: noop},
		{Name: "exactcover:dlx", New: noop},
		{Name: "no-constructor"},
	} {
		if err := r.Add(in); err == nil {
			t.Errorf("Add(%q) accepted a bad entry", in.Name)
		}
	}
}

func TestCheckReportsAvailability(t *testing.T) {
	r := testRegistry(t)
	in, _ := r.Lookup("sat/minisat/extended")
	if err := in.Check(); err == nil || !strings.Contains(err.Error(), "minisat") {
		t.Errorf("Check() = %v, want why minisat cannot run", err)
	}
	in, _ = r.Lookup("exactcover/dlx")
	if err := in.Check(); err != nil {
		t.Errorf("Check() = %v for a pipeline without requirements", err)
	}
}

func TestParseMode(t *testing.T) {
	for _, s := range []string{"first", "unique"} {
		if m, err := ParseMode(s); err != nil || string(m) != s {
			t.Errorf("ParseMode(%q) = %q, %v", s, m, err)
		}
	}
	if _, err := ParseMode("all"); err == nil || !strings.Contains(err.Error(), "first or unique") {
		t.Errorf("ParseMode(all) error = %v", err)
	}
}
