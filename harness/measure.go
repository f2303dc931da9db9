package harness

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"runtime/metrics"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"
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
// for, so that a pipeline running an outside solver program is charged for
// that program's CPU time too. Each reading costs system calls (about 1.5 µs
// for the process clock and 1 µs for the children's on this project's VMs),
// so pure-Go pipelines skip the children's.
func processCPU(children bool) time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_PROCESS_CPUTIME_ID, &ts); err != nil {
		return 0
	}
	cpu := time.Duration(ts.Nano())
	var ru unix.Rusage
	if children && unix.Getrusage(unix.RUSAGE_CHILDREN, &ru) == nil {
		cpu += time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	return cpu
}

// resetPeakRSS makes VmHWM start again from the current resident set, so
// that the next reading is the peak of one run, not of the worker's life.
func resetPeakRSS() error {
	return os.WriteFile("/proc/self/clear_refs", []byte("5"), 0)
}

// peakRSS returns this process's VmHWM in bytes.
func peakRSS() (uint64, error) {
	return statusField("/proc/self/status", "VmHWM:")
}

// statusField reads a "Name:   123 kB" line of a /proc status file.
func statusField(path, name string) (uint64, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), name)
		if !ok {
			continue
		}
		kb, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
		if err != nil {
			return 0, fmt.Errorf("%s: bad %s line %q", path, name, sc.Text())
		}
		return kb * 1024, nil
	}
	return 0, fmt.Errorf("%s: no %s line", path, name)
}
