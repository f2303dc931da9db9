//go:build !amd64 || purego

package bitboard

// vectorKernels is false where there is no vector kernel: the band board
// searches 9×9 classic puzzles.
var vectorKernels = false

// propagateVector is never called without a vector kernel.
func propagateVector(*vectorBoard, *linePatterns) int {
	panic("bitboard: no vector kernel on this platform")
}
