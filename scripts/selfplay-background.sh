#!/usr/bin/env bash
# selfplay-background.sh — grows the training corpus in the background:
# self-play of the default net, niced, appended to the store ($KIBITZ_DATA,
# default ~/.cache/kibitz/data) and resumed where the last run stopped. Game
# i depends only on the seed and i (for one binary and table size, datagen's
# --hash), so stopping and starting loses at most
# the games in flight. Prints the process id; stop it with kill PID (pause:
# kill -STOP PID, resume: kill -CONT PID).
#
# Usage: scripts/selfplay-background.sh
# Environment: KIBITZ (bin/kibitz), NODES (5000 per move), SEED (14),
# GENERATION (11: the net this data is for — generation 10 plays), CONCURRENCY (all cores).
set -euo pipefail
cd "$(dirname "$0")/.."
kibitz=${KIBITZ:-bin/kibitz}
[ -x "$kibitz" ] || { echo "$kibitz not found: run ./build.sh native first" >&2; exit 1; }
store=${KIBITZ_DATA:-$HOME/.cache/kibitz/data}
mkdir -p "$store"
# A copy of the binary: rebuilding bin/kibitz must not change the running games.
bin="$store/kibitz-selfplay"
cp "$kibitz" "$bin.new" && mv "$bin.new" "$bin"
log="$store/selfplay-s${SEED:-14}.log"
KIBITZ_DATA=$store nohup nice -n 19 "$bin" datagen --games 100000000 --nodes "${NODES:-5000}" --seed "${SEED:-14}" \
	--generation "${GENERATION:-11}" --concurrency "${CONCURRENCY:-$(nproc)}" >>"$log" 2>&1 &
echo "self-play running as process $!; progress in $log"
