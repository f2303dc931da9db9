package main

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The figures the README and docs/ quote from BENCHMARKS.md are marked,
// in both places, as <!--fact:NAME-->VALUE<!--/fact-->: invisible once
// rendered, and checkable here.
const (
	factOpen     = "<!--fact:"
	factClose    = "<!--/fact-->"
	figureSource = "BENCHMARKS.md"
)

var quotedFigure = regexp.MustCompile(`<!--fact:([a-z0-9-]+)-->(.*?)<!--/fact-->`)

// markedFigure is one marked figure: its name, its value, and where it
// stands (file:line).
type markedFigure struct {
	name, value, where string
}

// markedFigures returns the marked figures of a document's text, or an
// error naming the first marker that does not parse (no name, no close,
// a value across lines).
func markedFigures(doc, text string) ([]markedFigure, error) {
	var figs []markedFigure
	for i, line := range strings.Split(text, "\n") {
		where := fmt.Sprintf("%s:%d", doc, i+1)
		matches := quotedFigure.FindAllStringSubmatch(line, -1)
		if opens := strings.Count(line, factOpen); opens != len(matches) || strings.Count(line, factClose) != len(matches) {
			return nil, fmt.Errorf("%s: a figure marker that does not parse: write %sNAME-->VALUE%s on one line, NAME in a-z, 0-9 and -", where, factOpen, factClose)
		}
		for _, m := range matches {
			figs = append(figs, markedFigure{name: m[1], value: m[2], where: where})
		}
	}
	return figs, nil
}

// checkQuotedFigures checks the marked figures of documents (name → text):
// each name is marked once in BENCHMARKS.md, the source, quoted in at
// least one other document, and every quote has the source's value.
func checkQuotedFigures(docs map[string]string) []error {
	var errs []error
	source := make(map[string]markedFigure)
	var quotes []markedFigure
	for _, doc := range slices.Sorted(maps.Keys(docs)) {
		figs, err := markedFigures(doc, docs[doc])
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, f := range figs {
			if doc != figureSource {
				quotes = append(quotes, f)
				continue
			}
			if first, ok := source[f.name]; ok {
				errs = append(errs, fmt.Errorf("%s: figure %q is marked twice in %s (first at %s): mark the one the others quote", f.where, f.name, figureSource, first.where))
				continue
			}
			source[f.name] = f
		}
	}
	quoted := make(map[string]bool)
	for _, q := range quotes {
		src, ok := source[q.name]
		switch {
		case !ok:
			errs = append(errs, fmt.Errorf("%s: figure %q is quoted but not marked in %s: mark it where it is measured", q.where, q.name, figureSource))
		case q.value != src.value:
			errs = append(errs, fmt.Errorf("%s: figure %q says %q, %s says %q: quote the measured value", q.where, q.name, q.value, src.where, src.value))
		}
		quoted[q.name] = true
	}
	for _, name := range slices.Sorted(maps.Keys(source)) {
		if !quoted[name] {
			errs = append(errs, fmt.Errorf("%s: figure %q is marked but quoted nowhere: drop the marker", source[name].where, name))
		}
	}
	return errs
}

// TestQuotedFiguresAgree keeps every figure that README.md, docs/ and
// ARCHITECTURE.md quote from BENCHMARKS.md equal to BENCHMARKS.md's.
func TestQuotedFiguresAgree(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	docs := make(map[string]string)
	for _, doc := range userDocuments(t) {
		text, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		docs[doc] = string(text)
	}
	figs, err := markedFigures(figureSource, docs[figureSource])
	if err != nil {
		t.Fatal(err)
	}
	if len(figs) < 10 {
		t.Fatalf("%s marks %d quoted figures, want at least 10: is the extraction broken?", figureSource, len(figs))
	}
	for _, err := range checkQuotedFigures(docs) {
		t.Error(err)
	}
}

func TestQuotedFiguresCatchADisagreement(t *testing.T) {
	mark := func(name, value string) string { return factOpen + name + "-->" + value + factClose }
	good := map[string]string{
		"BENCHMARKS.md": "the peak is at " + mark("peak", "30–40%") + " givens\n",
		"README.md":     "intro\npeaking at " + mark("peak", "30–40%") + ".\n",
	}
	if errs := checkQuotedFigures(good); len(errs) > 0 {
		t.Fatalf("agreeing copies: %v", errs)
	}
	cases := map[string]struct {
		docs map[string]string
		want string
	}{
		"quote changed": {map[string]string{
			"BENCHMARKS.md": good["BENCHMARKS.md"],
			"README.md":     "intro\npeaking at " + mark("peak", "30–45%") + ".\n",
		}, `README.md:2: figure "peak" says "30–45%", BENCHMARKS.md:1 says "30–40%"`},
		"source changed": {map[string]string{
			"BENCHMARKS.md": "the peak is at " + mark("peak", "35–40%") + " givens\n",
			"README.md":     good["README.md"],
		}, `README.md:2: figure "peak" says "30–40%", BENCHMARKS.md:1 says "35–40%"`},
		"source unmarked": {map[string]string{
			"BENCHMARKS.md": "the peak is at 30–40% givens\n",
			"README.md":     good["README.md"],
		}, `figure "peak" is quoted but not marked in BENCHMARKS.md`},
		"marked twice": {map[string]string{
			"BENCHMARKS.md": good["BENCHMARKS.md"] + good["BENCHMARKS.md"],
			"README.md":     good["README.md"],
		}, `BENCHMARKS.md:2: figure "peak" is marked twice`},
		"quoted nowhere": {map[string]string{
			"BENCHMARKS.md": good["BENCHMARKS.md"],
			"README.md":     "intro\n",
		}, `figure "peak" is marked but quoted nowhere`},
		"broken marker": {map[string]string{
			"BENCHMARKS.md": good["BENCHMARKS.md"],
			"README.md":     "intro\npeaking at " + factOpen + "peak-->30–40%.\n" + good["README.md"],
		}, `README.md:2: a figure marker that does not parse`},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			errs := checkQuotedFigures(c.docs)
			if !slices.ContainsFunc(errs, func(err error) bool { return strings.Contains(err.Error(), c.want) }) {
				t.Errorf("errors %v, want one containing %q", errs, c.want)
			}
		})
	}
}
