// Package memtest measures the memory a piece of Go code holds, for the
// suite's benchmarks of what grows with a study (plans, merges, exports):
// the live heap after a collection, and the most the heap held while a
// function ran, sampled with the collector made eager so that the heap
// holds little besides what is live.
package memtest

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"sync/atomic"
	"testing"
	"time"
)

// MaxEnv names the environment variable that sets the largest size, in
// runs or records, that the memory benchmarks measure: 10⁴, 10⁵, … up to
// it. Unset, they measure 10⁴ alone, which CI's one pass of every
// benchmark can afford; SUDOKUBENCH_MEMORY_MAX=1000000 takes minutes.
const MaxEnv = "SUDOKUBENCH_MEMORY_MAX"

// BySize runs measure as a sub-benchmark for each size MaxEnv sets,
// named "unit=size": 10⁴, then ten times more up to the largest.
func BySize(b *testing.B, unit string, measure func(b *testing.B, n int)) {
	b.Helper()
	largest := 10_000
	if s := os.Getenv(MaxEnv); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 10_000 {
			b.Fatalf("%s=%q: want a count of 10000 or more", MaxEnv, s)
		}
		largest = n
	}
	for n := 10_000; n <= largest; n *= 10 {
		b.Run(fmt.Sprintf("%s=%d", unit, n), func(b *testing.B) { measure(b, n) })
	}
}

// Live is the heap's live bytes after a collection.
func Live() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// Peak runs f with the collector at GOGC=1 and returns the most the heap
// held while it ran, sampled every 100 µs, and at the end: within about 1%
// of the peak of what f kept live, plus what it allocated between two
// samples. Subtract Live taken before for what f itself held.
func Peak(f func()) uint64 {
	defer debug.SetGCPercent(debug.SetGCPercent(1))
	var peak atomic.Uint64
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		for {
			metrics.Read(sample)
			if v := sample[0].Value.Uint64(); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Microsecond):
			}
		}
	}()
	f()
	close(stop)
	<-done
	return max(peak.Load(), Live())
}
