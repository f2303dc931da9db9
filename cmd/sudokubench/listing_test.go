package main

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/solvers/registry"
)

// The tables fit 100 columns, the width used when the output is not a
// terminal.
func TestListingsFitAHundredColumns(t *testing.T) {
	for _, args := range [][]string{{"corpora"}, {"solvers"}} {
		t.Run("cmd="+args[0], func(t *testing.T) {
			out, _, err := runCLIInput(t, "", args...)
			if err != nil {
				t.Fatal(err)
			}
			for i, line := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
				if n := utf8.RuneCountInString(line); n > defaultWidth {
					t.Errorf("line %d is %d columns wide, more than %d:\n%s", i+1, n, defaultWidth, line)
				}
			}
		})
	}
}

func TestCorporaJSON(t *testing.T) {
	out, _, err := runCLIInput(t, "", "corpora", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var got []map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not a JSON array: %v\n%s", err, out)
	}
	if len(got) != len(corpora.Catalog()) {
		t.Fatalf("%d corpora, want the catalog's %d", len(got), len(corpora.Catalog()))
	}
	fields := []string{"name", "file", "source", "sha256", "sha256_matches", "unique", "puzzles", "min_hints", "max_hints", "mean_hints"}
	for _, c := range got {
		if len(c) != len(fields) {
			t.Errorf("%v has %d fields, want %v", c["name"], len(c), fields)
		}
		for _, f := range fields {
			if _, ok := c[f]; !ok {
				t.Errorf("%v lacks %q", c["name"], f)
			}
		}
	}
	first := got[0]
	if first["name"] != "17-clue" || first["puzzles"] != 49158.0 || first["min_hints"] != 17.0 ||
		first["unique"] != true || first["sha256_matches"] != true {
		t.Errorf("17-clue listed as %v", first)
	}
}

func TestSolversJSON(t *testing.T) {
	out, _, err := runCLIInput(t, "", "solvers", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var got []map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not a JSON array: %v\n%s", err, out)
	}
	all := registry.Default().All()
	if len(got) != len(all) {
		t.Fatalf("%d pipelines, want the registry's %d", len(got), len(all))
	}
	always := []string{"name", "family", "description", "selection", "pure_go", "stochastic", "incomplete", "available"}
	byName := make(map[string]map[string]any)
	for _, s := range got {
		for _, f := range always {
			if _, ok := s[f]; !ok {
				t.Errorf("%v lacks %q", s["name"], f)
			}
		}
		if s["available"] == false && s["unavailable"] == nil {
			t.Errorf("%v is unavailable without a reason", s["name"])
		}
		byName[s["name"].(string)] = s
	}
	dlx := byName["exactcover/dlx"]
	if dlx["family"] != "exactcover" || dlx["selection"] != "pure" || dlx["pure_go"] != true || dlx["available"] != true {
		t.Errorf("exactcover/dlx listed as %v", dlx)
	}
	if naive := byName["backtrack/naive"]; naive["selection"] != "opt-in" || naive["opt_in"] == nil {
		t.Errorf("backtrack/naive listed as %v", naive)
	}
}

// The listings write their tables in every table format: each command's
// rows come out in the format's own markup.
func TestListingsInEveryFormat(t *testing.T) {
	commands := []struct {
		args []string
		row  string // a row's first two cells
	}{
		{[]string{"corpora"}, "norvig-hardest 11"},
		{[]string{"corpora", "show", "norvig-hardest", "--rate", "11"}, "unique true"},
		{[]string{"solvers"}, "exactcover/dlx exactcover"},
	}
	formats := map[string]string{ // a row's first two cells in the format's markup, as a regexp
		"md": `\| %s \| %s \|`, "csv": `\n%s,%s[,\n]`, "latex": `\n%s & %s `, "html": `<td>%s</td><td[^>]*>%s</td>`,
	}
	for _, c := range commands {
		for format, markup := range formats {
			t.Run("cmd="+strings.Join(c.args, "-")+"/format="+format, func(t *testing.T) {
				out, _, err := runCLIInput(t, "", append(c.args, "--format", format)...)
				if err != nil {
					t.Fatal(err)
				}
				cells := strings.Fields(c.row)
				name := strings.ReplaceAll(regexp.QuoteMeta(cells[0]), "/", `/(\\allowbreak\{\})?`) // LaTeX breaks a name after its slashes
				want := fmt.Sprintf(markup, name, regexp.QuoteMeta(cells[1]))
				if !regexp.MustCompile(want).MatchString(out) {
					t.Errorf("want %s in:\n%s", want, out)
				}
			})
		}
	}
}
