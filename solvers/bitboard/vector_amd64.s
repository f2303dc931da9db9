//go:build !purego

#include "textflag.h"

// The vector kernel of vector_amd64.go: the band board's propagation with
// AVX-512F, one band per register (Z0, Z1, Z2), digit d in lane d, lanes
// 9 to 15 zero. Every rule is applied to all nine digits and all cells of
// a band at once; the cross-digit ones (hidden and naked singles, and the
// intersection counts) reduce over the lanes with four shuffles, after
// which every lane holds the result.
//
// A round applies, in order: the digit rules (AB: the matching of a band's
// rows to its boxes, then of a stack's bands to its columns, which is what
// the band board's column rules reach when they repeat), hidden singles
// in rows (C: a cell alone in its row for a digit loses every other
// digit), and naked singles (D: a cell left with one digit clears that
// digit from the rest of its row; the digit rules do its box and column
// in the next round). The rounds alternate two phases, AB and C with D,
// and end when two phases in a row change nothing. Then two checks that
// the rounds leave to the end: no cell is alone in its
// row for two digits, and no row holds two cells settled to one digit.
// Then the intersection rules (EF), as intersect.go applies them; when
// they remove a candidate, the rounds start again. Every rule only
// removes candidates and each is sound, so the fixpoint is the one the
// band board reaches, whatever the order.
//
// Registers: Z0-Z2 the board; Z3-Z5 the board before the phase; Z6-Z20
// scratch; Z21-Z26 the six configurations of a band as minirow flags (bit
// 9r+3k for row r in box k); Z27 a band's 27 cells; Z28 the first minirow
// of each row (bits 0, 9, 18); Z29 the first column of each box (bits 0,
// 3, 6); Z30 nine columns; Z31 the first cell of each minirow. K1 the nine
// digit lanes; K7 gathers contradictions; K2-K6 scratch.

DATA consts<>+0x00(SB)/4, $0x01001001 // configurations, as minirow flags
DATA consts<>+0x04(SB)/4, $0x00208001
DATA consts<>+0x08(SB)/4, $0x01000208
DATA consts<>+0x0c(SB)/4, $0x00048008
DATA consts<>+0x10(SB)/4, $0x00200240
DATA consts<>+0x14(SB)/4, $0x00041040
DATA consts<>+0x18(SB)/4, $0x07ffffff // a band's cells
DATA consts<>+0x1c(SB)/4, $0x00040201 // the first minirow of each row
DATA consts<>+0x20(SB)/4, $0x00000049 // the first column of each box
DATA consts<>+0x24(SB)/4, $0x000001ff // nine columns
DATA consts<>+0x28(SB)/4, $0x01249249 // the first cell of each minirow
DATA consts<>+0x2c(SB)/4, $0x001c0e07 // interleaved minirow flags: box 0 of each row of each band
DATA consts<>+0x30(SB)/4, $0x00000007 // three bits, in each of three bytes
DATA consts<>+0x34(SB)/4, $0x00000700
DATA consts<>+0x38(SB)/4, $0x00070000
DATA consts<>+0x3c(SB)/4, $0x000000ff
DATA consts<>+0x40(SB)/4, $0x00010101 // the low bit of each of three bytes
DATA consts<>+0x44(SB)/4, $0x00000007 // a multiplier: x·7 = x | x<<1 | x<<2 for bits three apart
GLOBL consts<>(SB), RODATA|NOPTR, $72

// unitKeys holds, for each unit u, u<<16 + 9u: what a unit adds to a
// lane's branch key besides its counts (see KEY).
DATA unitKeys<>+0x00(SB)/4, $0x00000000
DATA unitKeys<>+0x04(SB)/4, $0x00010009
DATA unitKeys<>+0x08(SB)/4, $0x00020012
DATA unitKeys<>+0x0c(SB)/4, $0x0003001b
DATA unitKeys<>+0x10(SB)/4, $0x00040024
DATA unitKeys<>+0x14(SB)/4, $0x0005002d
GLOBL unitKeys<>(SB), RODATA|NOPTR, $24

DATA lanes<>+0x00(SB)/4, $0
DATA lanes<>+0x04(SB)/4, $1
DATA lanes<>+0x08(SB)/4, $2
DATA lanes<>+0x0c(SB)/4, $3
DATA lanes<>+0x10(SB)/4, $4
DATA lanes<>+0x14(SB)/4, $5
DATA lanes<>+0x18(SB)/4, $6
DATA lanes<>+0x1c(SB)/4, $7
DATA lanes<>+0x20(SB)/4, $8
DATA lanes<>+0x24(SB)/4, $9
DATA lanes<>+0x28(SB)/4, $10
DATA lanes<>+0x2c(SB)/4, $11
DATA lanes<>+0x30(SB)/4, $12
DATA lanes<>+0x34(SB)/4, $13
DATA lanes<>+0x38(SB)/4, $14
DATA lanes<>+0x3c(SB)/4, $15
GLOBL lanes<>(SB), RODATA|NOPTR, $64

// SHRINK keeps the cells of ZB on a perfect matching of its rows to its
// boxes: the union of the configurations whose minirows all hold a cell.
// A digit lane left with none is a contradiction.
#define SHRINK(ZB, T1, T2, ACC) \
	VPSRLD     $1, ZB, T1 \
	VPSRLD     $2, ZB, T2 \
	VPTERNLOGD $0x01, T2, ZB, T1 \
	VPTESTNMD  Z21, T1, K2 \
	VMOVDQA32.Z Z21, K2, ACC \
	VPTESTNMD  Z22, T1, K3 \
	VPORD      Z22, ACC, K3, ACC \
	VPTESTNMD  Z23, T1, K2 \
	VPORD      Z23, ACC, K2, ACC \
	VPTESTNMD  Z24, T1, K3 \
	VPORD      Z24, ACC, K3, ACC \
	VPTESTNMD  Z25, T1, K2 \
	VPORD      Z25, ACC, K2, ACC \
	VPTESTNMD  Z26, T1, K3 \
	VPORD      Z26, ACC, K3, ACC \
	VPTESTNMD  ACC, ACC, K1, K2 \
	KORW       K2, K7, K7 \
	VPMULLD.BCST consts<>+0x44(SB), ACC, ACC \
	VPANDD     ACC, ZB, ZB

// COLUMNS sets C to the columns of ZB that hold a cell.
#define COLUMNS(ZB, T1, C) \
	VPSRLD     $9, ZB, T1 \
	VPSRLD     $18, ZB, C \
	VPTERNLOGD $0xfe, ZB, T1, C \
	VPANDD     Z30, C, C

// STACKCONFIG sets X to the stacks (bit 3s) where the digit can take a
// configuration: A, B and C the three bands' columns, each shifted down
// by the column the configuration gives the band in each stack.
#define STACKCONFIG(A, B, C, X) \
	VPANDD     A, B, X \
	VPTERNLOGD $0x80, Z29, C, X

// KEEPCOLUMNS keeps the cells of ZB in the columns K0 | K1<<1 | K2<<2
// (K0 for column 0 of each stack, at bits 0, 3, 6).
#define KEEPCOLUMNS(ZB, K0, K1, K2, T1, T2) \
	VPSLLD     $1, K1, K1 \
	VPSLLD     $2, K2, K2 \
	VPTERNLOGD $0xfe, K2, K1, K0 \
	VPMULLD    Z28, K0, K0 \
	VPANDD     K0, ZB, ZB

// ROWSINGLES sets S to the cells of ZB alone in their row: the one cell of
// a minirow that is the only one of its row to hold any.
#define ROWSINGLES(ZB, T1, T2, F, S) \
	VPSRLD     $1, ZB, T1 \
	VPSRLD     $2, ZB, T2 \
	VPORD      T1, T2, F \
	VPTERNLOGD $0x16, ZB, T2, T1 \
	VPTERNLOGD $0xa8, Z31, ZB, F \
	VPANDD     Z31, T1, S \
	VPSRLD     $3, F, T1 \
	VPSRLD     $6, F, T2 \
	VPTERNLOGD $0x16, F, T2, T1 \
	VPANDD     Z28, T1, T1 \
	VPMULLD    Z29, T1, F \
	VPANDD     F, S, S \
	VPMULLD.BCST consts<>+0x44(SB), S, S \
	VPANDD     ZB, S, S

// ORALL sets H, in every lane, to the union of X's lanes.
#define ORALL(X, T1, H) \
	VPSHUFD    $0xb1, X, T1 \
	VPORD      T1, X, H \
	VPSHUFD    $0x4e, H, T1 \
	VPORD      T1, H, H \
	VSHUFI32X4 $0xb1, H, H, T1 \
	VPORD      T1, H, H \
	VSHUFI32X4 $0x4e, H, H, T1 \
	VPORD      T1, H, H

// COUNT sets ONE and TWO, in every lane, to the cells of ZB that hold a
// digit and two or more.
#define COUNT(ZB, T1, T2, ONE, TWO) \
	VPSHUFD    $0xb1, ZB, T1 \
	VPANDD     T1, ZB, TWO \
	VPORD      T1, ZB, ONE \
	VPSHUFD    $0x4e, ONE, T1 \
	VPSHUFD    $0x4e, TWO, T2 \
	VPTERNLOGD $0xf8, T1, ONE, TWO \
	VPORD      T2, TWO, TWO \
	VPORD      T1, ONE, ONE \
	VSHUFI32X4 $0xb1, ONE, ONE, T1 \
	VSHUFI32X4 $0xb1, TWO, TWO, T2 \
	VPTERNLOGD $0xf8, T1, ONE, TWO \
	VPORD      T2, TWO, TWO \
	VPORD      T1, ONE, ONE \
	VSHUFI32X4 $0x4e, ONE, ONE, T1 \
	VSHUFI32X4 $0x4e, TWO, TWO, T2 \
	VPTERNLOGD $0xf8, T1, ONE, TWO \
	VPORD      T2, TWO, TWO \
	VPORD      T1, ONE, ONE

// ROWKILL clears, in each lane, the rest of the row of every cell of ZB
// that holds no other digit (TWO: the cells with two or more); P is set
// to those cells.
#define ROWKILL(ZB, TWO, T1, T2, P, F) \
	VPANDND    ZB, TWO, P \
	VPSRLD     $1, P, T1 \
	VPSRLD     $2, P, T2 \
	VPTERNLOGD $0xfe, P, T2, T1 \
	VPANDD     Z31, T1, F \
	VPSRLD     $3, F, T1 \
	VPSRLD     $6, F, T2 \
	VPTERNLOGD $0xfe, F, T2, T1 \
	VPANDD     Z28, T1, T1 \
	VPMULLD    Z30, T1, F \
	VPTERNLOGD $0xb0, P, F, ZB

// ROWDUPS adds to K7 the lanes whose cells P (settled to the lane's digit)
// share a row: two in a minirow, or in two minirows of a row.
#define ROWDUPS(P, T1, T2, T3, F) \
	VPSRLD     $1, P, T1 \
	VPSRLD     $2, P, T2 \
	VPORD      T1, T2, F \
	VPTERNLOGD $0xe8, P, T2, T1 \
	VPTERNLOGD $0xa8, Z31, P, F \
	VPANDD     Z31, T1, T1 \
	VPSRLD     $3, F, T2 \
	VPSRLD     $6, F, T3 \
	VPTERNLOGD $0xe8, F, T3, T2 \
	VPANDD     Z28, T2, T2 \
	VPORD      T1, T2, T2 \
	VPTESTMD   T2, T2, K1, K2 \
	KORW       K2, K7, K7

// MINIROWFLAGS sets F to the minirows of ZB that hold a cell, as flags.
#define MINIROWFLAGS(ZB, T1, F) \
	VPSRLD     $1, ZB, T1 \
	VPSRLD     $2, ZB, F \
	VPTERNLOGD $0xfe, ZB, T1, F \
	VPANDD     Z31, F, F

// EXACTLYONE sets E to the bits of X alone among X's bits at X, X+STEP and
// X+2·STEP, given the lowest of each such triple in STARTS.
#define EXACTLYONE(X, STEP, STEP2, STARTS, T1, T2, E) \
	VPSRLD     STEP, X, T1 \
	VPSRLD     STEP2, X, T2 \
	VPTERNLOGD $0x16, X, T2, T1 \
	VPANDD     STARTS, T1, T1 \
	VPSLLD     STEP, T1, T2 \
	VPSLLD     STEP2, T1, E \
	VPTERNLOGD $0xfe, T2, T1, E \
	VPANDD     X, E, E

// MERGE folds the lanes that SHUF pairs into O, T, H and Q: the bits set
// in at least one, two, three and four of the lanes folded so far.
#define MERGE(IMM, O, T, H, Q, S1, S2, S3, S4) \
	VSHUFI32X4 IMM, O, O, S1 \
	VSHUFI32X4 IMM, T, T, S2 \
	VSHUFI32X4 IMM, H, H, S3 \
	VSHUFI32X4 IMM, Q, Q, S4 \
	VPTERNLOGD $0xf8, S1, H, Q \
	VPTERNLOGD $0xf8, S2, T, Q \
	VPTERNLOGD $0xf8, S3, O, Q \
	VPORD      S4, Q, Q \
	VPTERNLOGD $0xf8, S1, T, H \
	VPTERNLOGD $0xf8, S2, O, H \
	VPORD      S3, H, H \
	VPTERNLOGD $0xf8, S1, O, T \
	VPORD      S2, T, T \
	VPORD      S1, O, O

// TALLY sets H and Q, in every lane, to the bits set in at least three
// and at least four of X's lanes; O, T and S1-S4 are scratch.
#define TALLY(X, O, T, H, Q, S1, S2, S3, S4) \
	VPSHUFD    $0xb1, X, S1 \
	VPANDD     S1, X, T \
	VPORD      S1, X, O \
	VPSHUFD    $0x4e, O, S1 \
	VPSHUFD    $0x4e, T, S2 \
	VPANDD     S2, T, Q \
	VPANDD     S1, T, H \
	VPTERNLOGD $0xf8, S2, O, H \
	VPTERNLOGD $0xf8, S1, O, T \
	VPORD      S2, T, T \
	VPORD      S1, O, O \
	MERGE($0xb1, O, T, H, Q, S1, S2, S3, S4) \
	MERGE($0x4e, O, T, H, Q, S1, S2, S3, S4)

// GATHERFLAGS turns the minirow flags of a band (bit 9r+3k) into a
// minirow pattern (bit 3r+k).
#define GATHERFLAGS(F, T1, T2) \
	VPSRLD     $2, F, T1 \
	VPSRLD     $4, F, T2 \
	VPTERNLOGD $0xfe, T2, T1, F \
	VPANDD     Z20, F, F \
	VPSRLD     $6, F, T1 \
	VPSRLD     $12, F, T2 \
	VPTERNLOGD $0xfe, T2, T1, F \
	VPANDD     Z30, F, F

// BANDOPEN sets CNT to the configurations left to a band's digit (0 below
// two), from the band's minirow flags shifted down by SHIFT in Z3; Z4 is
// all ones.
#define BANDOPEN(SHIFT, T, CNT) \
	VPSRLD     SHIFT, Z3, T \
	VPTERNLOGD $0x0f, T, T, T \
	VPXORD     CNT, CNT, CNT \
	VPTESTNMD  Z21, T, K2 \
	VPSUBD     Z4, CNT, K2, CNT \
	VPTESTNMD  Z22, T, K2 \
	VPSUBD     Z4, CNT, K2, CNT \
	VPTESTNMD  Z23, T, K2 \
	VPSUBD     Z4, CNT, K2, CNT \
	VPTESTNMD  Z24, T, K2 \
	VPSUBD     Z4, CNT, K2, CNT \
	VPTESTNMD  Z25, T, K2 \
	VPSUBD     Z4, CNT, K2, CNT \
	VPTESTNMD  Z26, T, K2 \
	VPSUBD     Z4, CNT, K2, CNT \
	VPSRLD     $1, CNT, T \
	VPTESTMD   T, T, K2 \
	VMOVDQA32.Z CNT, K2, CNT

// COLUMNSAT sets U to the columns K, 3+K and 6+K of a band in Z5 shifted
// down by SHIFT = 9·band + K, at bits 0, 3 and 6: one column per stack.
#define COLUMNSAT(SHIFT, U) \
	VPSRLD SHIFT, Z5, U \
	VPANDD Z29, U, U

// STACKCONF adds to SUM the stacks where a digit can take the
// configuration that puts band b in column Ub of the stack.
#define STACKCONF(U0, U1, U2, T, SUM) \
	VPANDD U0, U1, T \
	VPANDD U2, T, T \
	VPADDD T, SUM, SUM

// SUMALL sets S, in every lane, to the sum of X's lanes.
#define SUMALL(X, T, S) \
	VPSHUFD    $0xb1, X, T \
	VPADDD     T, X, S \
	VPSHUFD    $0x4e, S, T \
	VPADDD     T, S, S \
	VSHUFI32X4 $0xb1, S, S, T \
	VPADDD     T, S, S \
	VSHUFI32X4 $0x4e, S, S, T \
	VPADDD     T, S, S

// KEY sets K, in each lane, to the branch key of a unit's digit: the
// unit's weight (SUMS, byte SHIFT/8) above the unit's index, above the
// digit's configurations (COUNTS, byte SHIFT/8) above the target 9·unit +
// digit; all ones where the digit has fewer than two configurations. The
// least key is choose's branch (see linePatterns.branch). Z16 holds the
// lane indices, Z4 all ones.
#define KEY(COUNTS, SUMS, SHIFT, UNIT, T1, T2, K) \
	VPSRLD      SHIFT, COUNTS, T1 \
	VPANDD.BCST consts<>+0x3c(SB), T1, T1 \
	VPSRLD      SHIFT, SUMS, K \
	VPANDD.BCST consts<>+0x3c(SB), K, K \
	VPSLLD      $20, K, K \
	VPADDD.BCST UNIT, Z16, T2 \
	VPTESTNMD   T1, T1, K2 \
	VPSLLD      $8, T1, T1 \
	VPTERNLOGD  $0xfe, T2, T1, K \
	VMOVDQA32   Z4, K2, K

// OPENDIGITS sets O, in each lane, to 1 in each byte of X (a count of
// configurations, below eight) that is not zero.
#define OPENDIGITS(X, T, O) \
	VPSRLD      $1, X, T \
	VPSRLD      $2, X, O \
	VPTERNLOGD  $0xfe, X, T, O \
	VPANDD.BCST consts<>+0x40(SB), O, O

// CHANGED sets KA to the lanes where the board (Z0-Z2) differs from the
// copy in Z3-Z5.
#define CHANGED(KA, KB) \
	VPCMPD $4, Z3, Z0, KA \
	VPCMPD $4, Z4, Z1, KB \
	KORW   KB, KA, KA \
	VPCMPD $4, Z5, Z2, KB \
	KORW   KB, KA, KA

// func propagateVector(board *vectorBoard, lines *linePatterns) int
TEXT ·propagateVector(SB), NOSPLIT, $384-24
	MOVQ board+0(FP), AX
	MOVQ lines+8(FP), BX
	VMOVDQU32 0(AX), Z0
	VMOVDQU32 64(AX), Z1
	VMOVDQU32 128(AX), Z2
	VPBROADCASTD consts<>+0x00(SB), Z21
	VPBROADCASTD consts<>+0x04(SB), Z22
	VPBROADCASTD consts<>+0x08(SB), Z23
	VPBROADCASTD consts<>+0x0c(SB), Z24
	VPBROADCASTD consts<>+0x10(SB), Z25
	VPBROADCASTD consts<>+0x14(SB), Z26
	VPBROADCASTD consts<>+0x18(SB), Z27
	VPBROADCASTD consts<>+0x1c(SB), Z28
	VPBROADCASTD consts<>+0x20(SB), Z29
	VPBROADCASTD consts<>+0x24(SB), Z30
	VPBROADCASTD consts<>+0x28(SB), Z31
	MOVL $0x1ff, CX
	KMOVW CX, K1
	KXORW K7, K7, K7
	// R10 says whether the last phase (AB, or C and D) changed the board:
	// the rounds end when two phases in a row change nothing.
	MOVL $1, R10

round:
	VMOVDQA32 Z0, Z3
	VMOVDQA32 Z1, Z4
	VMOVDQA32 Z2, Z5

	// AB: the digit rules.
	SHRINK(Z0, Z6, Z7, Z8)
	SHRINK(Z1, Z9, Z10, Z11)
	SHRINK(Z2, Z12, Z13, Z14)
	COLUMNS(Z0, Z6, Z15)
	COLUMNS(Z1, Z7, Z16)
	COLUMNS(Z2, Z8, Z17)
	// The columns: in each stack, the bands pair with the stack's columns
	// as rows with boxes, one column a band's box, one band a column.
	// Z12-Z14, Z18-Z20: the stacks (bits 0, 3, 6) where the digit can
	// take each configuration, band b in column k_b of the stack: [0 1 2],
	// [0 2 1], [1 0 2], [1 2 0], [2 0 1], [2 1 0].
	VPSRLD $1, Z15, Z6
	VPSRLD $2, Z15, Z7
	VPSRLD $1, Z16, Z8
	VPSRLD $2, Z16, Z9
	VPSRLD $1, Z17, Z10
	VPSRLD $2, Z17, Z11
	STACKCONFIG(Z15, Z8, Z11, Z12)
	STACKCONFIG(Z15, Z9, Z10, Z13)
	STACKCONFIG(Z6, Z16, Z11, Z14)
	STACKCONFIG(Z6, Z9, Z17, Z18)
	STACKCONFIG(Z7, Z16, Z10, Z19)
	STACKCONFIG(Z7, Z8, Z17, Z20)
	// Every stack needs a configuration.
	VPORD Z12, Z13, Z6
	VPORD Z14, Z18, Z7
	VPORD Z19, Z20, Z8
	VPORD Z6, Z7, Z9
	VPORD Z8, Z9, Z9
	VPCMPD $4, Z29, Z9, K1, K2
	KORW K2, K7, K7
	// Band b keeps column k of a stack where some configuration puts it
	// there.
	KEEPCOLUMNS(Z0, Z6, Z7, Z8, Z9, Z10)
	VPORD Z14, Z19, Z6
	VPORD Z12, Z20, Z7
	VPORD Z13, Z18, Z8
	KEEPCOLUMNS(Z1, Z6, Z7, Z8, Z9, Z10)
	VPORD Z18, Z20, Z6
	VPORD Z13, Z19, Z7
	VPORD Z12, Z14, Z8
	KEEPCOLUMNS(Z2, Z6, Z7, Z8, Z9, Z10)
	CHANGED(K2, K3)
	KORTESTW K2, K2
	JNE abchanged
	TESTL R10, R10
	JEQ fixpoint
	XORL R10, R10
	JMP cd

abchanged:
	MOVL $1, R10

cd:
	VMOVDQA32 Z0, Z3
	VMOVDQA32 Z1, Z4
	VMOVDQA32 Z2, Z5

	// C: hidden singles in rows; H in Z18-Z20.
	ROWSINGLES(Z0, Z6, Z7, Z8, Z9)
	ORALL(Z9, Z6, Z18)
	VPTERNLOGD $0xb0, Z9, Z18, Z0
	ROWSINGLES(Z1, Z10, Z11, Z12, Z13)
	ORALL(Z13, Z10, Z19)
	VPTERNLOGD $0xb0, Z13, Z19, Z1
	ROWSINGLES(Z2, Z6, Z7, Z8, Z9)
	ORALL(Z9, Z6, Z20)
	VPTERNLOGD $0xb0, Z9, Z20, Z2

	// D: naked singles; the cells with two digits or more in Z15-Z17.
	COUNT(Z0, Z6, Z7, Z8, Z15)
	VPCMPD $4, Z27, Z8, K1, K2
	KORW K2, K7, K7
	ROWKILL(Z0, Z15, Z6, Z7, Z9, Z10)
	COUNT(Z1, Z11, Z12, Z13, Z16)
	VPCMPD $4, Z27, Z13, K1, K2
	KORW K2, K7, K7
	ROWKILL(Z1, Z16, Z11, Z12, Z14, Z6)
	COUNT(Z2, Z7, Z8, Z9, Z17)
	VPCMPD $4, Z27, Z9, K1, K2
	KORW K2, K7, K7
	ROWKILL(Z2, Z17, Z7, Z8, Z10, Z11)
	// H and two for the checks at the fixpoint: AB overwrites them.
	VMOVDQU32 Z15, 0(SP)
	VMOVDQU32 Z16, 64(SP)
	VMOVDQU32 Z17, 128(SP)
	VMOVDQU32 Z18, 192(SP)
	VMOVDQU32 Z19, 256(SP)
	VMOVDQU32 Z20, 320(SP)

	KORTESTW K7, K7
	JNE contradiction
	CHANGED(K2, K3)
	KORTESTW K2, K2
	JNE cdchanged
	TESTL R10, R10
	JEQ fixpoint
	XORL R10, R10
	JMP round

cdchanged:
	MOVL $1, R10
	JMP round

fixpoint:
	VMOVDQU32 0(SP), Z15
	VMOVDQU32 64(SP), Z16
	VMOVDQU32 128(SP), Z17
	VMOVDQU32 192(SP), Z18
	VMOVDQU32 256(SP), Z19
	VMOVDQU32 320(SP), Z20

	// The checks left to the end of the rounds: a cell alone in its row
	// for two digits keeps both (H and two digits or more), and two cells
	// of a row settled to one digit keep it.
	VPTESTMD Z15, Z18, K1, K2
	KORW K2, K7, K7
	VPTESTMD Z16, Z19, K1, K2
	KORW K2, K7, K7
	VPTESTMD Z17, Z20, K1, K2
	KORW K2, K7, K7
	VPANDND Z0, Z15, Z6
	ROWDUPS(Z6, Z7, Z8, Z9, Z10)
	VPANDND Z1, Z16, Z6
	ROWDUPS(Z6, Z7, Z8, Z9, Z10)
	VPANDND Z2, Z17, Z6
	ROWDUPS(Z6, Z7, Z8, Z9, Z10)
	KORTESTW K7, K7
	JNE contradiction
	// Solved when no cell holds two digits.
	VPTERNLOGD $0xfe, Z17, Z16, Z15
	VPTESTMD Z15, Z15, K2
	XORL DX, DX
	KORTESTW K2, K2
	SETEQ DX

	// EF: the intersection rules. Z3 the minirows (bit 9r+3k+b), Z4
	// those a digit must lie in; Z5 the columns (bit 9b+c), Z6 those a
	// digit must lie in.
	MINIROWFLAGS(Z0, Z7, Z3)
	MINIROWFLAGS(Z1, Z7, Z8)
	MINIROWFLAGS(Z2, Z7, Z9)
	VPSLLD $1, Z8, Z8
	VPSLLD $2, Z9, Z9
	VPTERNLOGD $0xfe, Z9, Z8, Z3
	VPBROADCASTD consts<>+0x2c(SB), Z20
	EXACTLYONE(Z3, $3, $6, Z20, Z7, Z8, Z4)
	COLUMNS(Z0, Z7, Z5)
	COLUMNS(Z1, Z7, Z8)
	COLUMNS(Z2, Z7, Z9)
	VPSLLD $9, Z8, Z8
	VPSLLD $18, Z9, Z9
	VPTERNLOGD $0xfe, Z9, Z8, Z5
	EXACTLYONE(Z5, $1, $2, Z31, Z7, Z8, Z6)

	// Minirows: Z15 = locked (only three digits can lie there, not all
	// three must), Z16 = full (three must, more can).
	TALLY(Z3, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14)
	VPCMPD $4, Z27, Z9, K1, K2
	KORW K2, K7, K7
	TALLY(Z4, Z7, Z8, Z15, Z16, Z11, Z12, Z13, Z14)
	VPTESTMD Z16, Z16, K1, K2
	KORW K2, K7, K7
	VMOVDQA32 Z15, Z16
	VPANDD Z10, Z16, Z16
	VPTERNLOGD $0x10, Z15, Z10, Z9
	VMOVDQA32 Z9, Z15
	// Minicolumns: Z17 = locked, Z18 = full.
	TALLY(Z5, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14)
	VPCMPD $4, Z27, Z9, K1, K2
	KORW K2, K7, K7
	TALLY(Z6, Z7, Z8, Z17, Z18, Z11, Z12, Z13, Z14)
	VPTESTMD Z18, Z18, K1, K2
	KORW K2, K7, K7
	VMOVDQA32 Z17, Z18
	VPANDD Z10, Z18, Z18
	VPTERNLOGD $0x10, Z17, Z10, Z9
	VMOVDQA32 Z9, Z17
	KORTESTW K7, K7
	JNE contradiction
	VPORD Z15, Z16, Z7
	VPTERNLOGD $0xfe, Z18, Z17, Z7
	VPTESTMD Z7, Z7, K1, K2
	KORTESTW K2, K2
	JEQ done

	// Minirows a digit is locked into lose the other minirows of their
	// rows and boxes; full minirows lose the digits that need not lie
	// there. Z7 = lock, Z8 = kill, Z9 = keep.
	VPANDD Z15, Z3, Z7
	VPSRLD $3, Z7, Z10
	VPSRLD $6, Z7, Z11
	VPTERNLOGD $0xfe, Z7, Z11, Z10
	VPANDD Z20, Z10, Z10
	VPSLLD $3, Z10, Z11
	VPSLLD $6, Z10, Z12
	VPTERNLOGD $0xfe, Z12, Z11, Z10
	VPSRLD $9, Z7, Z11
	VPSRLD $18, Z7, Z12
	VPTERNLOGD $0xfe, Z7, Z12, Z11
	VPANDD Z30, Z11, Z11
	VPSLLD $9, Z11, Z12
	VPSLLD $18, Z11, Z13
	VPTERNLOGD $0xfe, Z13, Z12, Z11
	VPTERNLOGD $0x54, Z7, Z11, Z10
	VPANDND Z16, Z4, Z8
	VPORD Z10, Z8, Z8
	VPANDND Z3, Z8, Z9
	VPANDD Z31, Z9, Z10
	VPSLLD $1, Z10, Z11
	VPSLLD $2, Z10, Z12
	VPTERNLOGD $0xfe, Z12, Z11, Z10
	VPANDD Z10, Z0, Z0
	VPSRLD $1, Z9, Z10
	VPANDD Z31, Z10, Z10
	VPSLLD $1, Z10, Z11
	VPSLLD $2, Z10, Z12
	VPTERNLOGD $0xfe, Z12, Z11, Z10
	VPANDD Z10, Z1, Z1
	VPSRLD $2, Z9, Z10
	VPANDD Z31, Z10, Z10
	VPSLLD $1, Z10, Z11
	VPSLLD $2, Z10, Z12
	VPTERNLOGD $0xfe, Z12, Z11, Z10
	VPANDD Z10, Z2, Z2

	// Minicolumns a digit is locked into lose the other columns of their
	// boxes in the band, and the column in the other bands; full ones lose
	// the digits that need not lie there. Z7 = lock, Z8 = kill.
	VPANDD Z17, Z5, Z7
	VPSRLD $1, Z7, Z10
	VPSRLD $2, Z7, Z11
	VPTERNLOGD $0xfe, Z7, Z11, Z10
	VPANDD Z31, Z10, Z10
	VPSLLD $1, Z10, Z11
	VPSLLD $2, Z10, Z12
	VPTERNLOGD $0xfe, Z12, Z11, Z10
	VPANDND Z10, Z7, Z8
	VPANDND Z18, Z6, Z10
	VPORD Z10, Z8, Z8
	VPSLLD $9, Z7, Z10
	VPSRLD $18, Z7, Z11
	VPSLLD $18, Z7, Z12
	VPSRLD $9, Z7, Z13
	VPTERNLOGD $0xfe, Z12, Z11, Z10
	VPTERNLOGD $0xfe, Z13, Z10, Z8
	VPANDD Z27, Z8, Z8
	VPANDD Z30, Z8, Z10
	VPSLLD $9, Z10, Z11
	VPSLLD $18, Z10, Z12
	VPTERNLOGD $0xfe, Z12, Z11, Z10
	VPANDND Z0, Z10, Z0
	VPSRLD $9, Z8, Z10
	VPANDD Z30, Z10, Z10
	VPSLLD $9, Z10, Z11
	VPSLLD $18, Z10, Z12
	VPTERNLOGD $0xfe, Z12, Z11, Z10
	VPANDND Z1, Z10, Z1
	VPSRLD $18, Z8, Z10
	VPSLLD $9, Z10, Z11
	VPSLLD $18, Z10, Z12
	VPTERNLOGD $0xfe, Z12, Z11, Z10
	VPANDND Z2, Z10, Z2
	MOVL $1, R10
	JMP round

done:
	// Solved: no pattern and no branch to compute.
	TESTQ DX, DX
	JEQ open
	VMOVDQU32 Z0, 0(AX)
	VMOVDQU32 Z1, 64(AX)
	VMOVDQU32 Z2, 128(AX)
	MOVQ $1, ret+16(FP)
	VZEROUPPER
	RET

open:
	// The patterns for choose: minirows as bit 9b+3r+k, columns as they
	// are.
	VPANDD Z31, Z3, Z7
	VPSRLD $1, Z3, Z8
	VPANDD Z31, Z8, Z8
	VPSRLD $2, Z3, Z9
	VPANDD Z31, Z9, Z9
	GATHERFLAGS(Z7, Z10, Z11)
	GATHERFLAGS(Z8, Z10, Z11)
	GATHERFLAGS(Z9, Z10, Z11)
	VPSLLD $9, Z8, Z8
	VPSLLD $18, Z9, Z9
	VPTERNLOGD $0xfe, Z9, Z8, Z7
	VMOVDQU32 Z7, 0(BX)
	VMOVDQU32 Z5, 64(BX)

	// The open configurations: in each lane, byte b of Z19 the count of
	// band b's, of Z7 of stack b's, 0 where fewer than two are left.
	VPTERNLOGD $0xff, Z4, Z4, Z4
	BANDOPEN($0, Z6, Z19)
	BANDOPEN($1, Z6, Z8)
	BANDOPEN($2, Z6, Z9)
	VPSLLD $8, Z8, Z8
	VPSLLD $16, Z9, Z9
	VPTERNLOGD $0xfe, Z9, Z8, Z19
	COLUMNSAT($0, Z10)
	COLUMNSAT($1, Z11)
	COLUMNSAT($2, Z12)
	COLUMNSAT($9, Z13)
	COLUMNSAT($10, Z14)
	COLUMNSAT($11, Z15)
	COLUMNSAT($18, Z16)
	COLUMNSAT($19, Z17)
	COLUMNSAT($20, Z18)
	VPXORD Z7, Z7, Z7
	STACKCONF(Z10, Z14, Z18, Z6, Z7)
	STACKCONF(Z10, Z15, Z17, Z6, Z7)
	STACKCONF(Z11, Z13, Z18, Z6, Z7)
	STACKCONF(Z11, Z15, Z16, Z6, Z7)
	STACKCONF(Z12, Z13, Z17, Z6, Z7)
	STACKCONF(Z12, Z14, Z16, Z6, Z7)
	VPSRLD $1, Z7, Z8
	VPSRLD $2, Z7, Z9
	VPTERNLOGD $0xa8, Z29, Z9, Z8
	VPSLLD $1, Z8, Z9
	VPSLLD $2, Z8, Z10
	VPTERNLOGD $0xfe, Z10, Z9, Z8
	VPANDD Z8, Z7, Z7
	VPSLLD $5, Z7, Z8
	VPSLLD $10, Z7, Z9
	VPANDD.BCST consts<>+0x30(SB), Z7, Z7
	VPANDD.BCST consts<>+0x34(SB), Z8, Z8
	VPANDD.BCST consts<>+0x38(SB), Z9, Z9
	VPTERNLOGD $0xfe, Z9, Z8, Z7

	// The branch: the least key over the six units and nine digits.
	// A unit's weight: its configurations left, and two for each open
	// digit (see linePatterns.branch).
	OPENDIGITS(Z19, Z6, Z8)
	VPADDD Z8, Z19, Z9
	VPADDD Z8, Z9, Z9
	SUMALL(Z9, Z6, Z17)
	OPENDIGITS(Z7, Z6, Z8)
	VPADDD Z8, Z7, Z9
	VPADDD Z8, Z9, Z9
	SUMALL(Z9, Z6, Z18)
	VMOVDQU32 lanes<>(SB), Z16
	KEY(Z19, Z17, $0, unitKeys<>+0x00(SB), Z6, Z8, Z9)
	KEY(Z19, Z17, $8, unitKeys<>+0x04(SB), Z6, Z8, Z10)
	KEY(Z19, Z17, $16, unitKeys<>+0x08(SB), Z6, Z8, Z11)
	KEY(Z7, Z18, $0, unitKeys<>+0x0c(SB), Z6, Z8, Z12)
	KEY(Z7, Z18, $8, unitKeys<>+0x10(SB), Z6, Z8, Z13)
	KEY(Z7, Z18, $16, unitKeys<>+0x14(SB), Z6, Z8, Z14)
	VPMINUD Z10, Z9, Z9
	VPMINUD Z12, Z11, Z11
	VPMINUD Z14, Z13, Z13
	VPMINUD Z11, Z9, Z9
	VPMINUD Z13, Z9, Z9
	VPSHUFD $0xb1, Z9, Z6
	VPMINUD Z6, Z9, Z9
	VPSHUFD $0x4e, Z9, Z6
	VPMINUD Z6, Z9, Z9
	VSHUFI32X4 $0xb1, Z9, Z9, Z6
	VPMINUD Z6, Z9, Z9
	VSHUFI32X4 $0x4e, Z9, Z9, Z6
	VPMINUD Z6, Z9, Z9
	VMOVD X9, DX
	ANDQ $0xff, DX
	ADDQ $2, DX

	VMOVDQU32 Z0, 0(AX)
	VMOVDQU32 Z1, 64(AX)
	VMOVDQU32 Z2, 128(AX)
	MOVQ DX, ret+16(FP)
	VZEROUPPER
	RET

contradiction:
	MOVQ $0, ret+16(FP)
	VZEROUPPER
	RET
