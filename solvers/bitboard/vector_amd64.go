//go:build !purego

package bitboard

import "golang.org/x/sys/cpu"

// vectorKernels says whether 9×9 classic puzzles search on the vector
// board, whose propagation is the AVX-512 kernel of vector_amd64.s. A
// variable, so that tests can run the band board where the kernel runs.
var vectorKernels = cpu.X86.HasAVX512F

// propagateVector applies the band board's rules to a vector board until
// nothing changes, and returns vectorContradiction, vectorSolved, or
// vectorBranch plus the target to branch on, whose patterns it leaves in
// lines.
//
//go:noescape
func propagateVector(board *vectorBoard, lines *linePatterns) int
