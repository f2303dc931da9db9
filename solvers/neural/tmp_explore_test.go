package neural

import (
	"os"
	"testing"
	"time"

	"github.com/sudokubench/sudokubench/corpora"
	"github.com/sudokubench/sudokubench/solvers/dlx"
)

func TestTmpGenSpeed(t *testing.T) {
	if os.Getenv("TMPX") == "" {
		t.Skip()
	}
	for _, h := range []int{24, 23, 22, 21} {
		start := time.Now()
		ok := 0
		for i := range 20 {
			gen, _ := corpora.NewGenerator(dlx.Oracle{}, corpora.GenerateOptions{Box: 3, Hints: h, Seed: uint64(i), Attempts: 5000})
			if _, err := gen.Next(); err == nil {
				ok++
			}
		}
		t.Logf("hints %d: %d/20 in %v", h, ok, time.Since(start)/20)
	}
}
