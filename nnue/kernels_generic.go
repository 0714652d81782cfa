package nnue

// The scalar kernels: the reference the assembly is tested against, and
// what runs in wasm and with -tags purego.

func addColumnGeneric(acc, w []int16) {
	w = w[:len(acc)]
	for i := range acc {
		acc[i] += w[i]
	}
}

// outputGeneric is Σ clamp(us[i], 0, QA)·w[i] + Σ clamp(them[i], 0, QA)·w[H+i].
func outputGeneric(us, them, w []int16) int32 {
	h := len(us)
	w, them = w[:2*h], them[:h]
	var sum int32
	for i, v := range us {
		sum += int32(min(max(v, 0), QA)) * int32(w[i])
	}
	for i, v := range them {
		sum += int32(min(max(v, 0), QA)) * int32(w[h+i])
	}
	return sum
}

// addSubGeneric is dst = src + a − s1.
func addSubGeneric(dst, src, a, s1 []int16) {
	src, a, s1 = src[:len(dst)], a[:len(dst)], s1[:len(dst)]
	for i := range dst {
		dst[i] = src[i] + a[i] - s1[i]
	}
}

// addSubSubGeneric is dst = src + a − s1 − s2.
func addSubSubGeneric(dst, src, a, s1, s2 []int16) {
	src, a, s1, s2 = src[:len(dst)], a[:len(dst)], s1[:len(dst)], s2[:len(dst)]
	for i := range dst {
		dst[i] = src[i] + a[i] - s1[i] - s2[i]
	}
}
