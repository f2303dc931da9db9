package worker

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// pageSize converts /proc/<pid>/statm pages to bytes.
var pageSize = uint64(os.Getpagesize())

// residentBytes reads the resident set of one process from /proc/<pid>/statm,
// which is cheaper to read than status. A vanished process counts as zero.
func residentBytes(pid int) uint64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/statm")
	if err != nil {
		return 0
	}
	fields := strings.Fields(string(b))
	if len(fields) < 2 {
		return 0
	}
	pages, err := strconv.ParseUint(fields[1], 10, 64)
	if err != nil {
		return 0
	}
	return pages * pageSize
}

// FamilyRSS returns the resident memory of the given processes together.
func FamilyRSS(pids []int) uint64 {
	var total uint64
	for _, p := range pids {
		total += residentBytes(p)
	}
	return total
}

// Family returns pid followed by every process below it. It scans /proc for
// parent links (the per-thread children files are not always compiled into
// the kernel), so callers refresh it now and then rather than on every poll.
func Family(pid int) []int {
	kids := childrenTable()
	all := []int{pid}
	for i := 0; i < len(all); i++ {
		all = append(all, kids[all[i]]...)
	}
	return all
}

// childrenTable maps each process id to its children's ids.
func childrenTable() map[int][]int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	kids := make(map[int][]int)
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if ppid, ok := parentOf(pid); ok {
			kids[ppid] = append(kids[ppid], pid)
		}
	}
	return kids
}

// parentOf reads the parent id from /proc/<pid>/stat, whose second field (the
// command name, in parentheses) may itself hold spaces and parentheses.
func parentOf(pid int) (int, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, false
	}
	s := string(b)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(fields) < 2 {
		return 0, false
	}
	ppid, err := strconv.Atoi(fields[1])
	return ppid, err == nil
}

// KillTree kills the worker's process group and every descendant, including
// those that moved to process groups of their own (outside solvers do, to be
// killable as a unit). The group is stopped first so that nothing forks
// while the tree is gathered.
func KillTree(pid int) {
	_ = syscall.Kill(-pid, syscall.SIGSTOP)
	for _, d := range Family(pid)[1:] {
		_ = syscall.Kill(-d, syscall.SIGKILL) // its own group, if it leads one
		_ = syscall.Kill(d, syscall.SIGKILL)
	}
	_ = syscall.Kill(-pid, syscall.SIGKILL)
}
