//go:build !purego

#include "textflag.h"

// The kernels of gemm_amd64.go. Registers: CX counts the k terms; SI, R9,
// R10 and R11 walk the four rows of a (BX bytes a term: 4 for a row-major
// a, its row stride for a transposed one; R8 bytes from one row to the
// next); DI walks the rows of b (R12 bytes a term); DX is c, R13 its row
// stride in bytes. Y0-Y7 hold the tile of c; every term is a broadcast of
// a, a multiply (VMULPS) and an add (VADDPS), never a fused multiply-add,
// so that each element is rounded as the plain Go loop rounds it. The
// masked kernels load, multiply and store only the columns their mask
// (eight int32, -1 for a column kept) keeps.

#define ARGS \
	MOVQ k+0(FP), CX \
	MOVQ a+8(FP), SI \
	MOVQ aRow+16(FP), R8 \
	MOVQ aK+24(FP), BX \
	MOVQ b+32(FP), DI \
	MOVQ ldb+40(FP), R12 \
	MOVQ c+48(FP), DX \
	MOVQ ldc+56(FP), R13 \
	SHLQ $2, R8 \
	SHLQ $2, BX \
	SHLQ $2, R12 \
	SHLQ $2, R13

#define ROWS4 \
	LEAQ (SI)(R8*1), R9 \
	LEAQ (R9)(R8*1), R10 \
	LEAQ (R10)(R8*1), R11

#define NEXT4 \
	ADDQ BX, SI \
	ADDQ BX, R9 \
	ADDQ BX, R10 \
	ADDQ BX, R11 \
	ADDQ R12, DI

// func gemm4x16(k int, a *float32, aRow, aK int, b *float32, ldb int, c *float32, ldc int)
TEXT ·gemm4x16(SB), NOSPLIT, $0-64
	ARGS
	ROWS4
	MOVQ DX, AX
	VMOVUPS (AX), Y0
	VMOVUPS 32(AX), Y1
	ADDQ R13, AX
	VMOVUPS (AX), Y2
	VMOVUPS 32(AX), Y3
	ADDQ R13, AX
	VMOVUPS (AX), Y4
	VMOVUPS 32(AX), Y5
	ADDQ R13, AX
	VMOVUPS (AX), Y6
	VMOVUPS 32(AX), Y7

loop4x16:
	VMOVUPS (DI), Y8
	VMOVUPS 32(DI), Y9
	VBROADCASTSS (SI), Y10
	VBROADCASTSS (R9), Y11
	VMULPS Y8, Y10, Y12
	VMULPS Y9, Y10, Y13
	VMULPS Y8, Y11, Y14
	VMULPS Y9, Y11, Y15
	VADDPS Y12, Y0, Y0
	VADDPS Y13, Y1, Y1
	VADDPS Y14, Y2, Y2
	VADDPS Y15, Y3, Y3
	VBROADCASTSS (R10), Y10
	VBROADCASTSS (R11), Y11
	VMULPS Y8, Y10, Y12
	VMULPS Y9, Y10, Y13
	VMULPS Y8, Y11, Y14
	VMULPS Y9, Y11, Y15
	VADDPS Y12, Y4, Y4
	VADDPS Y13, Y5, Y5
	VADDPS Y14, Y6, Y6
	VADDPS Y15, Y7, Y7
	NEXT4
	DECQ CX
	JNZ loop4x16

	MOVQ DX, AX
	VMOVUPS Y0, (AX)
	VMOVUPS Y1, 32(AX)
	ADDQ R13, AX
	VMOVUPS Y2, (AX)
	VMOVUPS Y3, 32(AX)
	ADDQ R13, AX
	VMOVUPS Y4, (AX)
	VMOVUPS Y5, 32(AX)
	ADDQ R13, AX
	VMOVUPS Y6, (AX)
	VMOVUPS Y7, 32(AX)
	VZEROUPPER
	RET

// func gemm1x16(k int, a *float32, aRow, aK int, b *float32, ldb int, c *float32, ldc int)
TEXT ·gemm1x16(SB), NOSPLIT, $0-64
	ARGS
	VMOVUPS (DX), Y0
	VMOVUPS 32(DX), Y1

loop1x16:
	VBROADCASTSS (SI), Y10
	VMULPS (DI), Y10, Y12
	VMULPS 32(DI), Y10, Y13
	VADDPS Y12, Y0, Y0
	VADDPS Y13, Y1, Y1
	ADDQ BX, SI
	ADDQ R12, DI
	DECQ CX
	JNZ loop1x16

	VMOVUPS Y0, (DX)
	VMOVUPS Y1, 32(DX)
	VZEROUPPER
	RET

// func gemm4x8(k int, a *float32, aRow, aK int, b *float32, ldb int, c *float32, ldc int)
TEXT ·gemm4x8(SB), NOSPLIT, $0-64
	ARGS
	ROWS4
	MOVQ DX, AX
	VMOVUPS (AX), Y0
	ADDQ R13, AX
	VMOVUPS (AX), Y1
	ADDQ R13, AX
	VMOVUPS (AX), Y2
	ADDQ R13, AX
	VMOVUPS (AX), Y3

loop4x8:
	VMOVUPS (DI), Y8
	VBROADCASTSS (SI), Y10
	VBROADCASTSS (R9), Y11
	VMULPS Y8, Y10, Y12
	VMULPS Y8, Y11, Y13
	VADDPS Y12, Y0, Y0
	VADDPS Y13, Y1, Y1
	VBROADCASTSS (R10), Y10
	VBROADCASTSS (R11), Y11
	VMULPS Y8, Y10, Y14
	VMULPS Y8, Y11, Y15
	VADDPS Y14, Y2, Y2
	VADDPS Y15, Y3, Y3
	NEXT4
	DECQ CX
	JNZ loop4x8

	MOVQ DX, AX
	VMOVUPS Y0, (AX)
	ADDQ R13, AX
	VMOVUPS Y1, (AX)
	ADDQ R13, AX
	VMOVUPS Y2, (AX)
	ADDQ R13, AX
	VMOVUPS Y3, (AX)
	VZEROUPPER
	RET

// func gemm1x8(k int, a *float32, aRow, aK int, b *float32, ldb int, c *float32, ldc int)
TEXT ·gemm1x8(SB), NOSPLIT, $0-64
	ARGS
	VMOVUPS (DX), Y0

loop1x8:
	VBROADCASTSS (SI), Y10
	VMULPS (DI), Y10, Y12
	VADDPS Y12, Y0, Y0
	ADDQ BX, SI
	ADDQ R12, DI
	DECQ CX
	JNZ loop1x8

	VMOVUPS Y0, (DX)
	VZEROUPPER
	RET

// func gemm4x8m(k int, a *float32, aRow, aK int, b *float32, ldb int, c *float32, ldc int, mask *int32)
TEXT ·gemm4x8m(SB), NOSPLIT, $0-72
	ARGS
	ROWS4
	MOVQ mask+64(FP), AX
	VMOVDQU (AX), Y9
	MOVQ DX, AX
	VMASKMOVPS (AX), Y9, Y0
	ADDQ R13, AX
	VMASKMOVPS (AX), Y9, Y1
	ADDQ R13, AX
	VMASKMOVPS (AX), Y9, Y2
	ADDQ R13, AX
	VMASKMOVPS (AX), Y9, Y3

loop4x8m:
	VMASKMOVPS (DI), Y9, Y8
	VBROADCASTSS (SI), Y10
	VBROADCASTSS (R9), Y11
	VMULPS Y8, Y10, Y12
	VMULPS Y8, Y11, Y13
	VADDPS Y12, Y0, Y0
	VADDPS Y13, Y1, Y1
	VBROADCASTSS (R10), Y10
	VBROADCASTSS (R11), Y11
	VMULPS Y8, Y10, Y14
	VMULPS Y8, Y11, Y15
	VADDPS Y14, Y2, Y2
	VADDPS Y15, Y3, Y3
	NEXT4
	DECQ CX
	JNZ loop4x8m

	MOVQ DX, AX
	VMASKMOVPS Y0, Y9, (AX)
	ADDQ R13, AX
	VMASKMOVPS Y1, Y9, (AX)
	ADDQ R13, AX
	VMASKMOVPS Y2, Y9, (AX)
	ADDQ R13, AX
	VMASKMOVPS Y3, Y9, (AX)
	VZEROUPPER
	RET

// func gemm1x8m(k int, a *float32, aRow, aK int, b *float32, ldb int, c *float32, ldc int, mask *int32)
TEXT ·gemm1x8m(SB), NOSPLIT, $0-72
	ARGS
	MOVQ mask+64(FP), AX
	VMOVDQU (AX), Y9
	VMASKMOVPS (DX), Y9, Y0

loop1x8m:
	VMASKMOVPS (DI), Y9, Y8
	VBROADCASTSS (SI), Y10
	VMULPS Y8, Y10, Y12
	VADDPS Y12, Y0, Y0
	ADDQ BX, SI
	ADDQ R12, DI
	DECQ CX
	JNZ loop1x8m

	VMASKMOVPS Y0, Y9, (DX)
	VZEROUPPER
	RET

// func addVec(dst, src *float32, n int)
// dst[i] += src[i] for i < n, n a multiple of 8: 32 values a round, then 8.
TEXT ·addVec(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	CMPQ CX, $32
	JLT  tail

loop32:
	VMOVUPS (DI), Y0
	VMOVUPS 32(DI), Y1
	VMOVUPS 64(DI), Y2
	VMOVUPS 96(DI), Y3
	VADDPS (SI), Y0, Y0
	VADDPS 32(SI), Y1, Y1
	VADDPS 64(SI), Y2, Y2
	VADDPS 96(SI), Y3, Y3
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	ADDQ $128, DI
	ADDQ $128, SI
	SUBQ $32, CX
	CMPQ CX, $32
	JGE  loop32

tail:
	CMPQ CX, $8
	JLT  done
	VMOVUPS (DI), Y0
	VADDPS (SI), Y0, Y0
	VMOVUPS Y0, (DI)
	ADDQ $32, DI
	ADDQ $32, SI
	SUBQ $8, CX
	JMP  tail

done:
	VZEROUPPER
	RET

// func reluVec(x *float32, n int)
// x[i] = max(x[i], 0) for i < n, n a multiple of 8. VMAXPS returns its
// second source (zero) when x[i] is a NaN or a zero of either sign, as
// the plain loop's "x > 0 ? x : 0" does.
TEXT ·reluVec(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), DI
	MOVQ n+8(FP), CX
	VXORPS Y15, Y15, Y15

reluLoop:
	CMPQ CX, $8
	JLT  reluDone
	VMOVUPS (DI), Y0
	VMAXPS Y15, Y0, Y0
	VMOVUPS Y0, (DI)
	ADDQ $32, DI
	SUBQ $8, CX
	JMP  reluLoop

reluDone:
	VZEROUPPER
	RET

// func reluBackVec(y, dy, dx *float32, n int)
// dx[i] += (y[i] > 0 ? dy[i] : +0) for i < n, n a multiple of 8.
TEXT ·reluBackVec(SB), NOSPLIT, $0-32
	MOVQ y+0(FP), SI
	MOVQ dy+8(FP), DX
	MOVQ dx+16(FP), DI
	MOVQ n+24(FP), CX
	VXORPS Y15, Y15, Y15

backLoop:
	CMPQ CX, $8
	JLT  backDone
	VMOVUPS (SI), Y0
	VCMPPS $0x1e, Y15, Y0, Y1 // y > 0 (greater-than, ordered, quiet)
	VANDPS (DX), Y1, Y1
	VADDPS (DI), Y1, Y1
	VMOVUPS Y1, (DI)
	ADDQ $32, SI
	ADDQ $32, DX
	ADDQ $32, DI
	SUBQ $8, CX
	JMP  backLoop

backDone:
	VZEROUPPER
	RET
