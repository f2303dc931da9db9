package certify

import (
	"path/filepath"
	"testing"

	"github.com/sudokubench/sudokubench/corpora"
)

// TestCommitted17CluesCertificate checks the committed certification of
// the known fact that every 17-clue puzzle has exactly one solution: all
// 49,158 puzzles of the shipped file (by its SHA-256) certified unique,
// none disagreeing with the corpus, every proof checked.
func TestCommitted17CluesCertificate(t *testing.T) {
	sum, err := ReadSummary(filepath.Join("..", "..", "results", "certify-17-clue", SummaryFile))
	if err != nil {
		t.Fatal(err)
	}
	e, err := corpora.Lookup("17-clue")
	if err != nil {
		t.Fatal(err)
	}
	if sum.Corpus != "17-clue" || sum.CorpusSHA != e.SHA256 || sum.Limit != 0 || sum.Puzzles != 49158 ||
		sum.Certified != 49158 || sum.NotCertified != 0 || sum.Verdicts[Unique] != 49158 || sum.Disagreements != 0 {
		t.Errorf("summary: %+v", sum)
	}
	if sum.Solver != "sat/cadical/extended" || sum.CheckTime.Max <= 0 || sum.ProofSize.Median <= 0 || len(sum.Calls) == 0 {
		t.Errorf("summary lacks its solver, proofs or calls: %+v", sum)
	}
}
