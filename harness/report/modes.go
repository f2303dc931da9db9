package report

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// ModeNote returns a note for tables in which solvers ran in different
// modes, or "" when they all ran in one: incomplete solvers (annealers,
// genetic algorithms, one-shot networks) run in first mode even in a
// unique-mode plan, and a unique-mode time also pays for proving that no
// second solution exists.
func ModeNote(obs []Obs) string {
	byMode := make(map[string][]string)
	for _, o := range obs {
		if !slices.Contains(byMode[o.Mode], o.Solver) {
			byMode[o.Mode] = append(byMode[o.Mode], o.Solver)
		}
	}
	if len(byMode) < 2 {
		return ""
	}
	var parts []string
	for _, mode := range slices.Sorted(maps.Keys(byMode)) {
		parts = append(parts, fmt.Sprintf("%d in %s mode", len(byMode[mode]), mode))
	}
	return fmt.Sprintf("Modes differ: solvers ran %s (incomplete solvers run in first mode: they cannot prove a solution unique); "+
		"a unique-mode time includes the proof that there is no second solution, so first-mode and unique-mode times are not like for like.",
		strings.Join(parts, ", "))
}
