//go:build !amd64 || purego

package nn

// vectorKernels is false where there are no vector kernels.
var vectorKernels = false

// gemmVector leaves the product to gemmColumns.
func gemmVector(a Mat, transA bool, b, c Mat) bool { return false }

// addVector leaves every value to the plain loop.
func addVector(dst, src []float32) int { return 0 }

// reluVector leaves every value to the plain loop.
func reluVector(x []float32) int { return 0 }

// reluBackVector leaves every value to the plain loop.
func reluBackVector(y, dy, dx []float32) int { return 0 }
