package worker

import (
	"errors"
	"io"
	"os"
	"runtime/metrics"
	"slices"
	"time"

	"golang.org/x/sys/unix"

	"github.com/sudokubench/sudokubench/solvers/external"
)

// allocMetric counts every byte the Go heap has handed out.
const allocMetric = "/gc/heap/allocs:bytes"

// allocatedBytes returns the heap bytes allocated by this process so far.
func allocatedBytes() uint64 {
	sample := []metrics.Sample{{Name: allocMetric}}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return sample[0].Value.Uint64()
}

// processCPU returns the CPU time used by every thread of this process and,
// with children set, that of its children that have exited and been waited
// for (external.CPUTime), so that a pipeline running an outside solver
// program is charged for that program's CPU time too. Each reading costs
// system calls (about 1.5 µs for the process clock and 1 µs for the
// children's on this project's VMs), so pure-Go pipelines skip the
// children's.
func processCPU(children bool) time.Duration { return external.CPUTime(children) }

// threadCPU returns the CPU time of the calling thread.
func threadCPU() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}

// clockSamples is how many back-to-back readings cpuClockCost takes.
const clockSamples = 201

// cpuClockCost returns the CPU time that a pair of processCPU readings
// charges to whatever runs between them: the part of the first reading's
// system calls after the kernel samples the clock, and the part of the
// second's before. It is the median over clockSamples back-to-back pairs,
// about 1.8 µs on this project's VMs, a tenth of a 17-clue puzzle's solve;
// the worker subtracts it from every run's CPU time.
func cpuClockCost(children bool) time.Duration {
	costs := make([]time.Duration, clockSamples)
	for i := range costs {
		start := processCPU(children)
		costs[i] = processCPU(children) - start
	}
	slices.Sort(costs)
	return costs[len(costs)/2]
}

// peakMeter reads and resets this process's peak resident set through
// /proc files it keeps open, so that a run costs one system call before the
// solve and one after, instead of an open, read or write, and close each
// time: on this project's VMs every system call flushes the TLB, and the
// solve that follows pays for it.
type peakMeter struct {
	clearRefs *os.File // nil when /proc refuses: VmHWM is then the lifetime peak
	status    *os.File
	buf       []byte
}

func openPeakMeter() (*peakMeter, error) {
	status, err := os.Open("/proc/self/status")
	if err != nil {
		return nil, err
	}
	m := &peakMeter{status: status, buf: make([]byte, 8192)}
	if f, err := os.OpenFile("/proc/self/clear_refs", os.O_WRONLY, 0); err == nil {
		m.clearRefs = f
	}
	return m, nil
}

// reset makes VmHWM start again from the current resident set, so that the
// next reading is the peak of one run, not of the worker's life.
func (m *peakMeter) reset() {
	if m.clearRefs != nil {
		_, _ = m.clearRefs.WriteAt([]byte("5"), 0)
	}
}

// peak returns VmHWM in bytes.
func (m *peakMeter) peak() (uint64, error) {
	n, err := m.status.ReadAt(m.buf, 0)
	if err != nil && !errors.Is(err, io.EOF) {
		return 0, err
	}
	return external.VmHWM(m.buf[:n])
}
