package solvertest

import "strings"

// BenchSolver is the part of a Go benchmark's name that names a pipeline:
// "solver=" and its name with each '/' written as ':' (solver=exactcover:dlx).
// Go's benchmark names put '/' between sub-benchmarks, and benchstat reads
// each part between slashes as one key=value, so the name as it is would
// come apart (benchstat -col /solver would show "exactcover" and lose
// "dlx"). A colon means nothing to go test or benchstat, stands in a -bench
// pattern as it is, and no pipeline's name holds one, so the name reads
// back by putting the slashes back. A benchmark should end its name with a
// part such as mode=unique: at GOMAXPROCS=1 go test adds no -N suffix, and
// benchstat would read a last part ending in -digits (corpus=hardest-1106)
// as one.
func BenchSolver(name string) string {
	return "solver=" + strings.ReplaceAll(name, "/", ":")
}
