package external

import (
	"time"

	"golang.org/x/sys/unix"
)

// CPUTime returns the CPU time used by every thread of this process and,
// with children set, that of its children that have exited and been
// waited for: the programs Run ran, with what they waited for. 0 where
// the process clock cannot be read.
func CPUTime(children bool) time.Duration {
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
