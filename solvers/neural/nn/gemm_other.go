//go:build !amd64 || purego

package nn

// vectorKernels is false where there are no vector kernels.
var vectorKernels = false

// gemmVector leaves every column to gemmColumns.
func gemmVector(a, b, c Mat) int { return 0 }
