//go:build !purego

#include "textflag.h"

// The kernels of gemm_amd64.go. Registers: CX counts the k terms; SI, R9,
// R10 and R11 walk the rows of a (one float32 a term); DI walks the rows
// of b (ldb bytes a term); DX is c, R13 its row stride in bytes. Y0-Y7
// hold the tile of c; every term is a broadcast of a, a multiply (VMULPS)
// and an add (VADDPS), never a fused multiply-add, so that each element
// is rounded as the plain Go loop rounds it.

#define ARGS \
	MOVQ k+0(FP), CX \
	MOVQ a+8(FP), SI \
	MOVQ lda+16(FP), R8 \
	MOVQ b+24(FP), DI \
	MOVQ ldb+32(FP), R12 \
	MOVQ c+40(FP), DX \
	MOVQ ldc+48(FP), R13 \
	SHLQ $2, R8 \
	SHLQ $2, R12 \
	SHLQ $2, R13

// func gemm4x16(k int, a *float32, lda int, b *float32, ldb int, c *float32, ldc int)
TEXT ·gemm4x16(SB), NOSPLIT, $0-56
	ARGS
	LEAQ (SI)(R8*1), R9
	LEAQ (R9)(R8*1), R10
	LEAQ (R10)(R8*1), R11
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
	ADDQ $4, SI
	ADDQ $4, R9
	ADDQ $4, R10
	ADDQ $4, R11
	ADDQ R12, DI
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

// func gemm1x16(k int, a *float32, lda int, b *float32, ldb int, c *float32, ldc int)
TEXT ·gemm1x16(SB), NOSPLIT, $0-56
	ARGS
	VMOVUPS (DX), Y0
	VMOVUPS 32(DX), Y1

loop1x16:
	VBROADCASTSS (SI), Y10
	VMULPS (DI), Y10, Y12
	VMULPS 32(DI), Y10, Y13
	VADDPS Y12, Y0, Y0
	VADDPS Y13, Y1, Y1
	ADDQ $4, SI
	ADDQ R12, DI
	DECQ CX
	JNZ loop1x16

	VMOVUPS Y0, (DX)
	VMOVUPS Y1, 32(DX)
	VZEROUPPER
	RET

// func gemm4x8(k int, a *float32, lda int, b *float32, ldb int, c *float32, ldc int)
TEXT ·gemm4x8(SB), NOSPLIT, $0-56
	ARGS
	LEAQ (SI)(R8*1), R9
	LEAQ (R9)(R8*1), R10
	LEAQ (R10)(R8*1), R11
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
	ADDQ $4, SI
	ADDQ $4, R9
	ADDQ $4, R10
	ADDQ $4, R11
	ADDQ R12, DI
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

// func gemm1x8(k int, a *float32, lda int, b *float32, ldb int, c *float32, ldc int)
TEXT ·gemm1x8(SB), NOSPLIT, $0-56
	ARGS
	VMOVUPS (DX), Y0

loop1x8:
	VBROADCASTSS (SI), Y10
	VMULPS (DI), Y10, Y12
	VADDPS Y12, Y0, Y0
	ADDQ $4, SI
	ADDQ R12, DI
	DECQ CX
	JNZ loop1x8

	VMOVUPS Y0, (DX)
	VZEROUPPER
	RET
