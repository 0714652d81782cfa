#!/usr/bin/env bash
# net-costs.sh — what a net costs where it runs: native speed, wasm speed in
# Chromium and the page's weight, for each net given.
#
# Each net is built into the engine in turn as if it were the default
# (nnue/default.nnue is put back afterwards, whatever happens), then
# `./build.sh bench-browser` measures it with one paired round against
# Stockfish lite, which serves as a yardstick for the machine's drift
# between nets. Appends one row per net to OUT (a CSV), keeping the full
# output beside it.
#
# Usage: scripts/net-costs.sh OUT NET...
# Environment: BENCH_ROUNDS (paired rounds against Stockfish; default 1).
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 OUT NET..." >&2; exit 2; }
out=$(realpath -m "$1")
shift
nets=()
for n in "$@"; do
	[ -f "$n" ] || { echo "$n: no such net" >&2; exit 2; }
	nets+=("$(realpath "$n")")
done
cd "$(dirname "$0")/.."
saved=$(mktemp)
cp nnue/default.nnue "$saved"
restore() {
	cp "$saved" nnue/default.nnue
	rm -f "$saved"
	{ ./build.sh native && ./build.sh site; } >/dev/null 2>&1 || echo "rebuild bin/kibitz and dist/ (./build.sh native site) after restoring the default net" >&2
}
trap restore EXIT
[ -f "$out" ] || echo "net,architecture,bytes,native_nps,wasm_nps,wasm_vs_native,kibitz_vs_stockfish,depth12_median_ms,page_gzip_bytes,board_ms,engine_ms" >"$out"
for net in "${nets[@]}"; do
	cp "$net" nnue/default.nnue
	log="${out%.csv}-$(basename "${net%.nnue}").log"
	BENCH_ROUNDS=${BENCH_ROUNDS:-1} ./build.sh bench-browser >"$log" 2>&1 || { echo "bench-browser failed for $net: see $log" >&2; exit 1; }
	arch=$(bin/kibitz eval --fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" | sed -n 's/^nnue: .*(side to move; \(.*\), [a-z0-9]* backend)$/\1/p')
	native=$(sed -n 's/^Kibitz native: *\([0-9]*\) nps.*/\1/p' "$log")
	wasm=$(sed -n 's/^Kibitz wasm: *\([0-9]*\) nps in Chromium (\([0-9.]*\) of native), net kernels.*/\1,\2/p' "$log" | head -n 1)
	vs=$(sed -n 's/.*of the sums \([0-9.]*\)$/\1/p' "$log")
	d12=$(sed -n 's/^median time to depth 12 over 20 middlegame positions: \([0-9]*\) ms.*/\1/p' "$log")
	page=$(sed -n 's/^page weight: .* \([0-9]*\) bytes gzip$/\1/p' "$log")
	tti=$(sed -n 's/.*board drawn after \([0-9]*\) ms, engine ready after \([0-9]*\) ms$/\1,\2/p' "$log")
	[ -n "$native" ] && [ -n "$wasm" ] && [ -n "$page" ] || { echo "could not read the figures from $log" >&2; exit 1; }
	echo "$(basename "$net"),\"$arch\",$(stat -c %s "$net"),$native,$wasm,$vs,$d12,$page,$tti" | tee -a "$out"
done
