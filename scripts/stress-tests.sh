#!/usr/bin/env bash
# stress-tests.sh — runs the page's node and browser suites RUNS times in a
# row while a CPU hog of the project's own keeps every core busy (one
# `kibitz bench` loop per core, at normal priority), and reports each
# run's failures. A test that passes here does not depend on how fast the
# engine or the machine is.
#
# Usage: scripts/stress-tests.sh [RUNS (5)]
# Environment: HOGS (one per core), LOG (a folder for each run's output;
# default a new folder under /tmp).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
hogs=${HOGS:-$(nproc)}
log=${LOG:-$(mktemp -d /tmp/kibitz-stress.XXXXXX)}
mkdir -p "$log"
./build.sh native >/dev/null
./build.sh site >/dev/null
browser=$(grep -l 'from "./page.mjs"' tests/*.test.mjs)
js=$(for f in tests/*.test.mjs; do
	case "$f" in tests/worker*.test.mjs) continue ;; esac
	grep -q 'from "./page.mjs"' "$f" || echo "$f"
done)

# The hog: a copy of the binary, so that a rebuild does not touch it.
cp bin/kibitz "$log/hog"
pids=()
for _ in $(seq "$hogs"); do
	(while :; do "$log/hog" bench --depth 13 >/dev/null 2>&1; done) &
	pids+=($!)
done
stop_hogs() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; pkill -P "$p" 2>/dev/null || true; done
}
trap stop_hogs EXIT
echo "stress: $runs runs of the node and browser suites beside $hogs busy cores; output in $log"

total=0
for run in $(seq "$runs"); do
	start=$SECONDS
	failed=0
	# shellcheck disable=SC2086 # the file lists are words
	node --test $js >"$log/run$run-js.txt" 2>&1 || true
	# shellcheck disable=SC2086
	node --test --test-concurrency=1 $browser >"$log/run$run-browser.txt" 2>&1 || true
	summary=""
	for part in js browser; do
		pass=$(grep -E '^# pass ' "$log/run$run-$part.txt" | tail -1 | awk '{print $3}')
		fail=$(grep -E '^# fail ' "$log/run$run-$part.txt" | tail -1 | awk '{print $3}')
		if [ -z "$pass" ] || [ -z "$fail" ]; then
			summary+=" $part: no summary (see $log/run$run-$part.txt);"
			failed=$((failed + 1))
			continue
		fi
		summary+=" $part: $pass passed, $fail failed;"
		failed=$((failed + fail))
		grep -E '^not ok' "$log/run$run-$part.txt" | sed "s/^/    run $run $part: /" || true
	done
	total=$((total + failed))
	echo "run $run:$summary $((SECONDS - start)) s"
done
echo "stress: $total failures in $runs runs"
[ "$total" -eq 0 ]
