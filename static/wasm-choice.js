// @ts-check
// Which engine module a browser runs: the one with WebAssembly SIMD
// kernels for the net where the browser has SIMD (a module returning a
// v128 constant validates), else the scalar one. The engine's worker loads
// it; the service worker keeps that one for offline use. Both search node
// for node alike.
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 22, 1, 20, 0, 253, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 11,
]);

/** @returns {boolean} whether this browser runs the SIMD module */
export const hasSimd = () => WebAssembly.validate(SIMD_PROBE);
