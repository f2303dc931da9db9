package reproduce_test

import (
	"fmt"

	"github.com/sudokubench/sudokubench/harness/report"
	"github.com/sudokubench/sudokubench/harness/reproduce"
	"github.com/sudokubench/sudokubench/solvers/registry"
)

// Read a comparison run (here the one the repository ships, made by
// `sudokubench reproduce comparison`) back into the article's table: each
// row's pipeline and its share of puzzles solved over the four levels,
// beside what the article published. WriteTables and WriteFiles write the
// whole table as Markdown, CSV or LaTeX.
func ExampleLoad() {
	dir := "../../results/comparison"
	entries, err := reproduce.Recorded(dir, registry.Default())
	if err != nil {
		fmt.Println(err)
		return
	}
	c, err := reproduce.Load(dir, entries, report.CPU)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range c.Entries[:len(reproduce.ArticleRows)] {
		s := c.Overall[e.Solver]
		published := e.Published.Accuracy
		if published == "" {
			published = e.Published.CellAccuracy + " of cells"
		}
		fmt.Printf("%-22s %-22s solved %4d of %4d (article: %s)\n", e.Algorithm, e.Solver+e.Missing, s.Solved, s.N, published)
	}
	// Output:
	// basic backtracking     backtrack/naive        solved  968 of 1000 (article: 100%)
	// constraint propagation propagate/norvig       solved 1000 of 1000 (article: 100%)
	// dancing links          exactcover/dlx         solved 1000 of 1000 (article: 100%)
	// genetic algorithm      genetic/seed           solved  251 of 1000 (article: 87.5%)
	// CNN inference          neural/cnn/oneshot     solved    0 of 1000 (article: 94.8% of cells)
}
