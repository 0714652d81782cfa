#!/usr/bin/env bash
# soak-match.sh — a long match between long-lived Kibitz processes, to find
# what only shows after thousands of games in one process: stalls, leaks,
# crashes. A watchdog reports any engine that owes a move for 10 s (the UCI
# lines it last received and sent, what the kernel knows of the process,
# its goroutine dump asked for with SIGUSR1, and for a Kibitz frozen whole
# a core and the runtime's SIGQUIT dump), a per-second record of the
# machine's pressure and each engine's state is kept beside the games
# (record.tsv), and the summary ends with every engine process's memory
# after warm-up and at the end. Fixed nodes, so the machine's load does not
# matter.
#
# Usage: scripts/soak-match.sh [GAMES (1000)] [NODES per move (1000)]
# Environment: KIBITZ (bin/kibitz), OPPONENT (an engine spec for the second
# side, e.g. "cmd=/tmp/counter,name=counter"; default a second Kibitz),
# CONCURRENCY (2: two workers, each with its own pair of processes), DIR
# (where the PGN, the log, the record and any stall reports and cores go;
# default a new folder under /tmp), SEED (1).
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-1000}
nodes=${2:-1000}
kibitz=${KIBITZ:-bin/kibitz}
[ -x "$kibitz" ] || { echo "$kibitz not found: run ./build.sh native first" >&2; exit 1; }
dir=${DIR:-$(mktemp -d /tmp/kibitz-soak.XXXXXX)}
mkdir -p "$dir"
openings=()
[ -f ../shared/openings/8moves_v3.pgn ] && openings=(--openings ../shared/openings/8moves_v3.pgn)
echo "soak: $games games at $nodes nodes; PGN, log and stall reports in $dir"
"$kibitz" match --engine "cmd=$kibitz,name=kibitz-a" --engine "${OPPONENT:-cmd=$kibitz,name=kibitz-b}" \
	--nodes "$nodes" --games "$games" --concurrency "${CONCURRENCY:-2}" --seed "${SEED:-1}" \
	"${openings[@]}" --resign movecount=4,score=1000 --draw movenumber=40,movecount=8,score=10 \
	--watchdog 10s --watchdog-dir "$dir" --watchdog-cores --watchdog-warmup $((games / 10)) --timeout 60s --pgn "$dir/soak.pgn" | tee "$dir/soak.log" |
	grep -v '^game \|^  after ' || true
tail -n 3 "$dir/soak.log" | grep -q Memory || { echo "soak: the match did not finish; see $dir/soak.log" >&2; exit 1; }
