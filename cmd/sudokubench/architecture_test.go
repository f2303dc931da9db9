package main

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const modulePath = "github.com/sudokubench/sudokubench"

var (
	layerItem  = regexp.MustCompile(`^(\d+)\. (.*)`)
	backticked = regexp.MustCompile("`([^`]+)`")
)

// layers are ARCHITECTURE.md's import layers, from the bottom: each a
// list of package paths relative to the module, a trailing /* standing
// for every package below that path.
type layers [][]string

// readLayers reads the numbered list of the "## Arrows" section: the
// package names in code spans before an item's first ": ".
func readLayers(text string) (layers, error) {
	_, section, ok := strings.Cut(text, "\n## Arrows\n")
	if !ok {
		return nil, fmt.Errorf("no \"## Arrows\" section")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var items []string
	for _, line := range strings.Split(section, "\n") {
		switch m := layerItem.FindStringSubmatch(line); {
		case m != nil:
			if n, _ := strconv.Atoi(m[1]); n != len(items)+1 {
				return nil, fmt.Errorf("layer %s follows layer %d", m[1], len(items))
			}
			items = append(items, m[2])
		case len(items) > 0 && strings.HasPrefix(line, "   ") && strings.TrimSpace(line) != "":
			items[len(items)-1] += " " + strings.TrimSpace(line)
		}
	}
	var ls layers
	for i, item := range items {
		names, _, _ := strings.Cut(item, ": ")
		var layer []string
		for _, m := range backticked.FindAllStringSubmatch(names, -1) {
			layer = append(layer, m[1])
		}
		if len(layer) == 0 {
			return nil, fmt.Errorf("layer %d names no package", i+1)
		}
		ls = append(ls, layer)
	}
	if len(ls) < 2 {
		return nil, fmt.Errorf("%d layers: is the list there?", len(ls))
	}
	return ls, nil
}

// of returns the layer of a package (relative to the module), 1 at the
// bottom, or 0 where no layer places it. A name outranks a pattern, and
// a longer pattern a shorter one.
func (ls layers) of(pkg string) int {
	best, bestLen := 0, -1
	for i, layer := range ls {
		for _, name := range layer {
			prefix, pattern := strings.CutSuffix(name, "/*")
			switch {
			case !pattern && name == pkg:
				return i + 1
			case pattern && strings.HasPrefix(pkg, prefix+"/") && len(prefix) > bestLen:
				best, bestLen = i+1, len(prefix)
			}
		}
	}
	return best
}

// moduleImports returns, for every package of the module under root (its
// path relative to the module), the module's packages that its non-test
// files import.
func moduleImports(root string) (map[string][]string, error) {
	imports := make(map[string][]string)
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); p != root && (name == "testdata" || name == "results" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, filepath.Dir(p))
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(rel)
		if _, ok := imports[pkg]; !ok {
			imports[pkg] = nil // a package that imports nothing of the module
		}
		for _, spec := range f.Imports {
			imp, _ := strconv.Unquote(spec.Path.Value)
			if dep, ok := strings.CutPrefix(imp, modulePath+"/"); ok && !slices.Contains(imports[pkg], dep) {
				imports[pkg] = append(imports[pkg], dep)
			}
		}
		return nil
	})
	return imports, err
}

// checkArrows returns an error for every package the layers do not place
// and every import that runs up a layer.
func checkArrows(ls layers, imports map[string][]string) []error {
	var errs []error
	for _, pkg := range slices.Sorted(maps.Keys(imports)) {
		from := ls.of(pkg)
		if from == 0 {
			errs = append(errs, fmt.Errorf("ARCHITECTURE.md's layers do not place %s: add it to its layer", pkg))
			continue
		}
		for _, dep := range slices.Sorted(slices.Values(imports[pkg])) {
			if to := ls.of(dep); to > from {
				errs = append(errs, fmt.Errorf("%s (layer %d) imports %s (layer %d): an arrow that runs up", pkg, from, dep, to))
			}
		}
	}
	return errs
}

// TestImportsPointDown holds the code to ARCHITECTURE.md's layers: every
// package is placed in one, and none imports a package of a layer above.
func TestImportsPointDown(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	text, err := os.ReadFile("ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	ls, err := readLayers(string(text))
	if err != nil {
		t.Fatalf("ARCHITECTURE.md: %v", err)
	}
	imports, err := moduleImports(".")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := imports[path.Join("cmd", "sudokubench")]; !ok || len(imports) < 20 {
		t.Fatalf("found %d packages, want cmd/sudokubench among 20 or more: is the walk broken?", len(imports))
	}
	for _, err := range checkArrows(ls, imports) {
		t.Error(err)
	}
}

func TestImportsPointDownCatchesAnArrowUp(t *testing.T) {
	ls, err := readLayers("# A\n\n## Arrows\n\n1. `sudoku`, `internal/*`: leaves.\n2. `solvers`,\n   `solvers/*`.\n3. `harness`.\n\n## Next\n\n1. `ignored`\n")
	if err != nil {
		t.Fatal(err)
	}
	if want := (layers{{"sudoku", "internal/*"}, {"solvers", "solvers/*"}, {"harness"}}); !slices.EqualFunc(ls, want, slices.Equal) {
		t.Fatalf("layers %q, want %q", ls, want)
	}
	imports := map[string][]string{
		"sudoku":          nil,
		"internal/x":      nil,
		"solvers/dlx":     {"sudoku", "solvers"},
		"harness":         {"solvers/dlx"},
		"sudoku/extra":    nil,
		"internal/bad":    {"harness"},
		"solvers/sideway": {"solvers/dlx"},
	}
	var got []string
	for _, err := range checkArrows(ls, imports) {
		got = append(got, err.Error())
	}
	want := []string{
		"internal/bad (layer 1) imports harness (layer 3): an arrow that runs up",
		"ARCHITECTURE.md's layers do not place sudoku/extra: add it to its layer",
	}
	if !slices.Equal(got, want) {
		t.Errorf("errors\n%q\nwant\n%q", got, want)
	}
}
