package store

import (
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// Default result directories never collide, even when runs start in the
// same second.
func TestNewResultDirIsUnique(t *testing.T) {
	parent, now := t.TempDir(), time.Now()
	dirs := make([]string, 8)
	var wg sync.WaitGroup
	for i := range dirs {
		wg.Go(func() {
			var err error
			if dirs[i], err = NewResultDir(parent, "run", now); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	seen := make(map[string]bool)
	for _, d := range dirs {
		if seen[d] || !strings.HasPrefix(filepath.Base(d), "run-"+now.Format("20060102-150405")) {
			t.Errorf("directory %q taken twice or misnamed (all: %v)", d, dirs)
		}
		seen[d] = true
	}
}
