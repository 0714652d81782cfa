#!/usr/bin/env bash
# train.sh — reproduces the default net from nothing, one generation at a
# time: generation 1 from self-play with the classical evaluation,
# generation 2 from generation 1's self-play, generation 3 from generation
# 2's. Everything goes to train-data/; an interrupted run continues
# (datagen appends and resumes, train resumes from its checkpoint).
#
# Usage: scripts/train.sh [1|2|3]   (default: 3, which makes the earlier ones first)
# Environment: KIBITZ (bin/kibitz), NODES (3000 per move for generations 1
# and 2), GAMES1, GAMES2, GAMES3, EPOCHS1, EPOCHS2, EPOCHS3, POSITIONS2
# (the recipe below; docs/training.md).
set -euo pipefail
cd "$(dirname "$0")/.."
kibitz=${KIBITZ:-bin/kibitz}
[ -x "$kibitz" ] || { echo "$kibitz not found: run ./build.sh native first" >&2; exit 1; }
target=${1:-3}
case "$target" in 1 | 2 | 3) ;; *) echo "usage: $0 [1|2|3]" >&2; exit 2 ;; esac
nodes=${NODES:-3000}
out=train-data
mkdir -p "$out"

# generation runs datagen then train for one generation: games played with
# "nodes" per move from seed "seed", the net trained on the first
# "positions" positions (0: all) with target blend "lambda"; extra arguments
# choose the evaluation that plays the self-play games.
generation() {
	local gen=$1 games=$2 epochs=$3 positions=$4 nodes=$5 seed=$6 lambda=$7
	shift 7
	echo "== generation $gen: $games self-play games at $nodes nodes per move"
	"$kibitz" datagen --out "$out/gen$gen.kgames" --until "$games" --nodes "$nodes" --seed "$seed" "$@"
	echo "== generation $gen: training, $epochs epochs"
	"$kibitz" train --data "$out/gen$gen.kgames" --out "$out/gen$gen.nnue" --epochs "$epochs" --seed 1 \
		--positions "$positions" --lambda "$lambda" --checkpoint "$out/gen$gen.ckpt"
}

[ -f "$out/gen1.nnue" ] || generation 1 "${GAMES1:-24948}" "${EPOCHS1:-6}" 0 "$nodes" 1 0.5 --nnue=false
[ "$target" = 1 ] && exit 0
[ -f "$out/gen2.nnue" ] || generation 2 "${GAMES2:-52443}" "${EPOCHS2:-6}" "${POSITIONS2:-4000000}" "$nodes" 2 0.5 \
	--evalfile "$out/gen1.nnue"
[ "$target" = 2 ] && exit 0
generation 3 "${GAMES3:-46000}" "${EPOCHS3:-6}" 0 5000 4 0.25 --evalfile "$out/gen2.nnue"
