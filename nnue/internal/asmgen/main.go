// Command asmgen generates nnue's AVX2 kernels with avo (go generate in
// package nnue): column add/subtract for the accumulator (VPADDW/VPSUBW)
// and the output layer (clipped ReLU with VPMAXSW/VPMINSW, products with
// VPMADDWD, sums with VPADDD).
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

func main() {
	ConstraintExpr("amd64,!purego")
	column("addColumnAVX2", "acc += w over n int16 (n a multiple of 64)", VPADDW)
	fused("addSubAVX2", 1, "dst = src + a − s1 over n int16 (n a multiple of 64)")
	fused("addSubSubAVX2", 2, "dst = src + a − s1 − s2 over n int16 (n a multiple of 64)")
	fusedPair("addSubPairAVX2", 1, "both perspectives of a quiet move: dst = src + a − s1 over the first n int16, src + b − t1 over the next n (n a multiple of 64)")
	fusedPair("addSubSubPairAVX2", 2, "both perspectives of a capture: dst = src + a − s1 − s2 over the first n int16, src + b − t1 − t2 over the next n (n a multiple of 64)")
	refresh("refreshAVX2")
	outputLayer("outputAVX2", false)
	outputLayer("outputSquaredAVX2", true)
	Generate()
}

// text starts a kernel. None keeps a pointer it is given, so the compiler
// may leave what they point to on the stack (noescape).
func text(name, sig string) {
	TEXT(name, NOSPLIT, sig)
	Pragma("noescape")
}

// column processes 64 int16 (four YMM registers) per iteration.
func column(name, doc string, op func(ops ...Op)) {
	text(name, "func(acc, w *int16, n int)")
	Doc(name + ": " + doc + ".")
	acc := Load(Param("acc"), GP64())
	w := Load(Param("w"), GP64())
	n := Load(Param("n"), GP64())
	ys := []reg.VecVirtual{YMM(), YMM(), YMM(), YMM()}
	Label("loop_" + name)
	for i, y := range ys {
		VMOVDQU(Mem{Base: acc, Disp: 32 * i}, y)
	}
	for i, y := range ys {
		op(Mem{Base: w, Disp: 32 * i}, y, y)
	}
	for i, y := range ys {
		VMOVDQU(y, Mem{Base: acc, Disp: 32 * i})
	}
	ADDQ(Imm(128), acc)
	ADDQ(Imm(128), w)
	SUBQ(Imm(64), n)
	JNZ(LabelRef("loop_" + name))
	VZEROUPPER()
	RET()
}

// fused derives a child accumulator from its parent in one pass: one
// column added and one or two subtracted (a quiet move, a capture).
func fused(name string, subs int, doc string) {
	sig := "func(dst, src, a, s1 *int16, n int)"
	if subs == 2 {
		sig = "func(dst, src, a, s1, s2 *int16, n int)"
	}
	text(name, sig)
	Doc(name + ": " + doc + ".")
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	a := Load(Param("a"), GP64())
	ss := []reg.Register{Load(Param("s1"), GP64())}
	if subs == 2 {
		ss = append(ss, Load(Param("s2"), GP64()))
	}
	n := Load(Param("n"), GP64())
	fusedLoop("loop_"+name, dst, src, a, ss, n)
	VZEROUPPER()
	RET()
}

// fusedLoop is the loop of fused: dst = src + a − Σ ss over n int16, 64
// (four YMM registers) per iteration, every pointer advanced past them.
func fusedLoop(label string, dst, src, a reg.Register, ss []reg.Register, n reg.Register) {
	ys := []reg.VecVirtual{YMM(), YMM(), YMM(), YMM()}
	Label(label)
	for i, y := range ys {
		VMOVDQU(Mem{Base: src, Disp: 32 * i}, y)
		VPADDW(Mem{Base: a, Disp: 32 * i}, y, y)
		for _, s := range ss {
			VPSUBW(Mem{Base: s, Disp: 32 * i}, y, y)
		}
		VMOVDQU(y, Mem{Base: dst, Disp: 32 * i})
	}
	for _, p := range append([]reg.Register{dst, src, a}, ss...) {
		ADDQ(Imm(128), p)
	}
	SUBQ(Imm(64), n)
	JNZ(LabelRef(label))
}

// fusedPair is fused for both perspectives in one call: their
// accumulators lie side by side, each with its own columns. One call
// instead of two is what it saves; the loop is the same.
func fusedPair(name string, subs int, doc string) {
	sig := "func(dst, src, a, s1, b, t1 *int16, n int)"
	if subs == 2 {
		sig = "func(dst, src, a, s1, s2, b, t1, t2 *int16, n int)"
	}
	text(name, sig)
	Doc(name + ": " + doc + ".")
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	n := Load(Param("n"), GP64())
	halves := [][]string{{"a", "s1", "s2"}, {"b", "t1", "t2"}}
	for h, names := range halves {
		a := Load(Param(names[0]), GP64())
		ss := []reg.Register{Load(Param(names[1]), GP64())}
		if subs == 2 {
			ss = append(ss, Load(Param(names[2]), GP64()))
		}
		left := GP64()
		MOVQ(n, left)
		fusedLoop(fmt.Sprintf("loop%d_%s", h, name), dst, src, a, ss, left)
	}
	VZEROUPPER()
	RET()
}

// refresh rebuilds an accumulator from a cached one: cache += Σ adds'
// columns − Σ subs' columns, then dst = cache, 64 int16 (four YMM
// registers) at a time, each column read once and the cache loaded and
// stored once, where a column at a time would load and store the whole
// accumulator for each. The lists hold the columns' offsets in w, in int16.
func refresh(name string) {
	text(name, "func(cache, dst, w *int16, adds *int32, nAdds int, subs *int32, nSubs int, n int)")
	Doc(name + ": cache += the columns of w at the offsets adds − those at subs, then dst = cache, over n int16 (n a multiple of 64).")
	cache := Load(Param("cache"), GP64())
	dst := Load(Param("dst"), GP64())
	w := Load(Param("w"), GP64())
	n := Load(Param("n"), GP64())
	off := GP64() // byte offset of the 64 lanes in hand
	XORQ(off, off)
	ys := []reg.VecVirtual{YMM(), YMM(), YMM(), YMM()}
	Label("chunk_" + name)
	for i, y := range ys {
		VMOVDQU(Mem{Base: cache, Index: off, Scale: 1, Disp: 32 * i}, y)
	}
	for _, list := range []struct {
		offsets, count string
		op             func(ops ...Op)
	}{{"adds", "nAdds", VPADDW}, {"subs", "nSubs", VPSUBW}} {
		p := Load(Param(list.offsets), GP64())
		cnt := Load(Param(list.count), GP64())
		done := "done_" + list.offsets + "_" + name
		TESTQ(cnt, cnt)
		JZ(LabelRef(done))
		Label("loop_" + list.offsets + "_" + name)
		o := GP64()
		MOVLQSX(Mem{Base: p}, o)
		at := GP64() // the column's byte offset plus the lanes'
		LEAQ(Mem{Base: off, Index: o, Scale: 2}, at)
		for i, y := range ys {
			list.op(Mem{Base: w, Index: at, Scale: 1, Disp: 32 * i}, y, y)
		}
		ADDQ(Imm(4), p)
		DECQ(cnt)
		JNZ(LabelRef("loop_" + list.offsets + "_" + name))
		Label(done)
	}
	for i, y := range ys {
		VMOVDQU(y, Mem{Base: cache, Index: off, Scale: 1, Disp: 32 * i})
		VMOVDQU(y, Mem{Base: dst, Index: off, Scale: 1, Disp: 32 * i})
	}
	ADDQ(Imm(128), off)
	SUBQ(Imm(64), n)
	JNZ(LabelRef("chunk_" + name))
	VZEROUPPER()
	RET()
}

// outputLayer computes Σ act(us)·w[:n] + Σ act(them)·w[n:2n], where act is
// clamp(x, 0, 255). Squared, it returns two sums instead, Σ hi·w and
// Σ lo·w with c² = 256·hi + lo, so that Σ c²·w is exact (the caller joins
// them in 64 bits): VPMULLW keeps the low 16 bits of c², which hold it
// whole when read unsigned, VPSRLW shifts it as unsigned and VPAND keeps
// its low byte.
func outputLayer(name string, squared bool) {
	if squared {
		text(name, "func(us, them, w *int16, n int) (hi, lo int32)")
		Doc(name + ": the output layer's dot products over both perspectives with the squared clipped ReLU, c² = 256·hi + lo (n a multiple of 64).")
	} else {
		text(name, "func(us, them, w *int16, n int) int32")
		Doc(name + ": the output layer's dot product over both perspectives (n a multiple of 64).")
	}
	us := Load(Param("us"), GP64())
	them := Load(Param("them"), GP64())
	w := Load(Param("w"), GP64())
	n := Load(Param("n"), GP64())

	sum := YMM()
	VPXOR(sum, sum, sum)
	zero := YMM()
	VPXOR(zero, zero, zero)
	ceil := broadcastWord(255)
	var lowSum, lowByte reg.VecVirtual
	if squared {
		lowSum = YMM()
		VPXOR(lowSum, lowSum, lowSum)
		lowByte = ceil // 255 is both the clamp's ceiling and the low byte's mask
	}

	for _, side := range []struct {
		name string
		src  reg.Register
	}{{"us", us}, {"them", them}} {
		cnt := GP64()
		MOVQ(n, cnt)
		Label("loop_" + name + "_" + side.name)
		for i := 0; i < 2; i++ {
			v := YMM()
			VMOVDQU(Mem{Base: side.src, Disp: 32 * i}, v)
			VPMAXSW(zero, v, v)
			VPMINSW(ceil, v, v)
			if squared {
				VPMULLW(v, v, v)
				l := YMM()
				VPAND(lowByte, v, l)
				VPMADDWD(Mem{Base: w, Disp: 32 * i}, l, l)
				VPADDD(l, lowSum, lowSum)
				VPSRLW(Imm(8), v, v)
			}
			VPMADDWD(Mem{Base: w, Disp: 32 * i}, v, v)
			VPADDD(v, sum, sum)
		}
		ADDQ(Imm(64), side.src)
		ADDQ(Imm(64), w)
		SUBQ(Imm(32), cnt)
		JNZ(LabelRef("loop_" + name + "_" + side.name))
	}

	Store(horizontalSum(sum), ReturnIndex(0))
	if squared {
		Store(horizontalSum(lowSum), ReturnIndex(1))
	}
	VZEROUPPER()
	RET()
}

// horizontalSum adds the eight int32 lanes of v into a general register.
func horizontalSum(v reg.VecVirtual) reg.GPVirtual {
	hi := XMM()
	VEXTRACTI128(Imm(1), v, hi)
	lo := v.AsX()
	VPADDD(hi, lo, lo)
	t := XMM()
	VPSHUFD(Imm(0x4e), lo, t)
	VPADDD(t, lo, lo)
	VPSHUFD(Imm(0xb1), lo, t)
	VPADDD(t, lo, lo)
	r := GP32()
	MOVD(lo, r)
	return r
}

// broadcastWord fills a YMM register with the 16-bit value v.
func broadcastWord(v uint32) reg.VecVirtual {
	y := YMM()
	c := GP32()
	MOVL(U32(v), c)
	x := XMM()
	MOVD(c, x)
	VPBROADCASTW(x, y)
	return y
}
