package cputest

import (
	"runtime"
	"testing"
)

// TestProcessGrowsWithWork checks that spinning for a while shows as CPU
// time, where the system reports it.
func TestProcessGrowsWithWork(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("no process CPU time here")
	}
	start := Process()
	x := 0
	for Process()-start == 0 {
		for i := range 1_000_000 {
			x ^= i
		}
	}
	if Process() < start || x < 0 {
		t.Errorf("CPU time went back: %v after %v", Process(), start)
	}
}
