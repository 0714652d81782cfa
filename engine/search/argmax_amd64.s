//go:build amd64 && !purego

#include "textflag.h"

// func argmaxAVX2(s *int32, n int) int
// Eight scores per compare. The last vector is the one ending at s[n-1]:
// it may overlap the one before, which changes neither the maximum nor,
// since the vectors are searched in order, its first place.
TEXT ·argmaxAVX2(SB), NOSPLIT, $0-24
	MOVQ s+0(FP), SI
	MOVQ n+8(FP), CX
	LEAQ -32(SI)(CX*4), DX // the last vector, s[n-8:n]
	VMOVDQU (SI), Y0
	LEAQ 32(SI), AX

max_loop:
	CMPQ AX, DX
	JAE  max_last
	VPMAXSD (AX), Y0, Y0
	ADDQ $32, AX
	JMP  max_loop

max_last:
	VPMAXSD (DX), Y0, Y0
	VEXTRACTI128 $1, Y0, X1
	VPMAXSD X1, X0, X0
	VPSHUFD $0x4e, X0, X1
	VPMAXSD X1, X0, X0
	VPSHUFD $0xb1, X0, X1
	VPMAXSD X1, X0, X0
	VPBROADCASTD X0, Y0
	MOVQ SI, AX

find_loop:
	CMPQ AX, DX
	JAE  find_last
	VPCMPEQD (AX), Y0, Y1
	VMOVMSKPS Y1, BX
	TESTL BX, BX
	JNZ  found
	ADDQ $32, AX
	JMP  find_loop

find_last:
	MOVQ DX, AX
	VPCMPEQD (AX), Y0, Y1
	VMOVMSKPS Y1, BX

found:
	BSFL BX, BX
	SUBQ SI, AX
	SHRQ $2, AX
	ADDQ BX, AX
	MOVQ AX, ret+16(FP)
	VZEROUPPER
	RET
