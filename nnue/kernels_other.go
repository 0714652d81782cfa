//go:build purego || (!amd64 && !(wasm && goexperiment.simd))

package nnue

// Backend names the kernels in use: "scalar" in this build.
func Backend() string { return "scalar" }

func addColumn(acc, w []int16)                { addColumnGeneric(acc, w) }
func output(us, them, w []int16) int32        { return outputGeneric(us, them, w) }
func outputSquared(us, them, w []int16) int64 { return outputSquaredGeneric(us, them, w) }
func addSub(dst, src, a, s1 []int16)          { addSubGeneric(dst, src, a, s1) }
func addSubSub(dst, src, a, s1, s2 []int16)   { addSubSubGeneric(dst, src, a, s1, s2) }

// refreshColumns reports that no kernel here refreshes in one pass: the
// caller adds the columns one at a time.
func refreshColumns(cache, dst, w []int16, adds, subs []int32) bool { return false }
