#!/usr/bin/env bash
# train.sh — reproduces the default net from nothing, one generation at a
# time: generation 1 from self-play with the classical evaluation,
# generation 2 from generation 1's self-play, generation 3 from generation
# 2's, generation 4 from generations 2 and 3's, generation 5 from
# generation 4's, starting from generation 4's weights, generation 6 from
# generation 5's, starting from generation 5's, generation 7 from generation
# 6's, starting from generation 6's, generation 8 from generation 7's,
# starting from generation 7's, generation 9 from generations 7 and 8's,
# starting from generation 8's with its king buckets split, generation 10
# from generations 7, 8 and 9's, starting from generation 9's with its one
# output split into eight output buckets. Everything goes
# to train-data/; an interrupted run continues (datagen appends and
# resumes, train resumes from its checkpoint).
#
# Usage: scripts/train.sh [1|2|3|4|5|6|7|8|9|10]   (default: 10, which makes the earlier ones first)
# Environment: KIBITZ (bin/kibitz), NODES (3000 per move for generations 1
# and 2), GAMES1…GAMES10, EPOCHS1…EPOCHS10, GAMES3FOR4,
# GAMES9FOR10, POSITIONS2
# (the recipe below; docs/training.md).
set -euo pipefail
cd "$(dirname "$0")/.."
kibitz=${KIBITZ:-bin/kibitz}
[ -x "$kibitz" ] || { echo "$kibitz not found: run ./build.sh native first" >&2; exit 1; }
target=${1:-10}
case "$target" in 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10) ;; *) echo "usage: $0 [1|2|3|4|5|6|7|8|9|10]" >&2; exit 2 ;; esac
nodes=${NODES:-3000}
out=train-data
mkdir -p "$out"

# generation runs datagen then train for one generation: games played with
# "nodes" per move from seed "seed", the net trained on the first
# "positions" positions (0: all) of those games with target blend "lambda";
# extra arguments choose the evaluation that plays the self-play games.
generation() {
	local gen=$1 games=$2 epochs=$3 positions=$4 nodes=$5 seed=$6 lambda=$7
	shift 7
	echo "== generation $gen: $games self-play games at $nodes nodes per move"
	"$kibitz" datagen --out "$out/gen$gen.kgames" --until "$games" --nodes "$nodes" --seed "$seed" "$@"
	echo "== generation $gen: training, $epochs epochs"
	"$kibitz" train --data "$out/gen$gen.kgames" --out "$out/gen$gen.nnue" --epochs "$epochs" --seed 1 \
		--games ":$games" --positions "$positions" --lambda "$lambda" --checkpoint "$out/gen$gen.ckpt"
}

[ -f "$out/gen1.nnue" ] || generation 1 "${GAMES1:-24948}" "${EPOCHS1:-6}" 0 "$nodes" 1 0.5 --nnue=false
[ "$target" = 1 ] && exit 0
[ -f "$out/gen2.nnue" ] || generation 2 "${GAMES2:-52443}" "${EPOCHS2:-6}" "${POSITIONS2:-4000000}" "$nodes" 2 0.5 \
	--evalfile "$out/gen1.nnue"
[ "$target" = 2 ] && exit 0
[ -f "$out/gen3.nnue" ] || generation 3 "${GAMES3:-46000}" "${EPOCHS3:-6}" 0 5000 4 0.25 --evalfile "$out/gen2.nnue"
[ "$target" = 3 ] && exit 0
# Generation 4 learns from two nets' games: generation 2's (the generation-3
# data, continued to game 48 652) and generation 3's, half of the positions
# without castling rights mirrored (docs/training.md).
echo "== generation 4: self-play of generations 2 and 3 at 5000 nodes per move"
"$kibitz" datagen --out "$out/gen3.kgames" --until "${GAMES3FOR4:-48653}" --nodes 5000 --seed 4 --evalfile "$out/gen2.nnue"
"$kibitz" datagen --out "$out/gen4.kgames" --until "${GAMES4:-17852}" --nodes 5000 --seed 4 --evalfile "$out/gen3.nnue"
echo "== generation 4: training, ${EPOCHS4:-6} epochs"
"$kibitz" train --data "$out/gen3.kgames,$out/gen4.kgames" --out "$out/gen4.nnue" --mirror \
	--epochs "${EPOCHS4:-6}" --seed 1 --lambda 0.25 --checkpoint "$out/gen4.ckpt"
[ "$target" = 4 ] && exit 0
# grown plays "games" self-play games of generation gen−1 (seed "seed",
# 5000 nodes per move) and trains generation gen on them, starting from
# generation gen−1's weights as the shared factor of a net with 2 king
# buckets, at half the step.
grown() {
	local gen=$1 games=$2 epochs=$3 seed=$4 parent=$(($1 - 1))
	echo "== generation $gen: self-play of generation $parent at 5000 nodes per move"
	"$kibitz" datagen --out "$out/gen$gen.kgames" --until "$games" --nodes 5000 --seed "$seed" --evalfile "$out/gen$parent.nnue"
	echo "== generation $gen: training from generation $parent, $epochs epochs"
	"$kibitz" train --init "$out/gen$parent.nnue" --data "$out/gen$gen.kgames" --out "$out/gen$gen.nnue" --mirror --king-buckets 2 \
		--epochs "$epochs" --lr 0.0005 --seed 1 --lambda 0.25 --checkpoint "$out/gen$gen.ckpt"
}
# Generation 5 learns from generation 4's games, generation 6 from
# generation 5's, generation 7 from generation 6's. The default nets' games
# were the shared shard of seed 1001 (seeds 1000–1999 are the shared
# folder's), seeds 4, 2001 and 2002 (about 36 400 games) and seeds 4, 2003
# and 2004 (about 103 500 games); the recipe plays its own, with seeds 5, 6
# and 7.
[ -f "$out/gen5.nnue" ] || grown 5 "${GAMES5:-47918}" "${EPOCHS5:-4}" 5
[ "$target" = 5 ] && exit 0
[ -f "$out/gen6.nnue" ] || grown 6 "${GAMES6:-36400}" "${EPOCHS6:-4}" 6
[ "$target" = 6 ] && exit 0
[ -f "$out/gen7.nnue" ] || grown 7 "${GAMES7:-103500}" "${EPOCHS7:-3}" 7
[ "$target" = 7 ] && exit 0
# Generation 8 learned from the shared shards of seeds 1002 and 1003
# (254 539 games of generation 7) for 2 epochs; the recipe plays its own
# with seed 8 (the per-step cosine schedule is the trainer's default).
[ -f "$out/gen8.nnue" ] || grown 8 "${GAMES8:-254539}" "${EPOCHS8:-2}" 8
[ "$target" = 8 ] && exit 0
# Generation 9 splits generation 8's two king buckets into four (each new
# bucket a copy of the one its squares lie in) and learns 1 epoch from
# generation 7's games (generation 8's data) with generation 8's own
# games (the default net's: 11 031, seeds 7-9 of a local store).
if [ ! -f "$out/gen9.nnue" ]; then
	echo "== generation 9: self-play of generation 8 at 5000 nodes per move"
	"$kibitz" datagen --out "$out/gen9.kgames" --until "${GAMES9:-11031}" --nodes 5000 --seed 9 --evalfile "$out/gen8.nnue"
	echo "== generation 9: training from generation 8 with 4 king buckets, ${EPOCHS9:-1} epoch(s)"
	"$kibitz" train --init "$out/gen8.nnue" --data "$out/gen8.kgames,$out/gen9.kgames" --out "$out/gen9.nnue" --mirror \
		--king-buckets 4 --epochs "${EPOCHS9:-1}" --lr 0.0005 --seed 1 --lambda 0.25 --checkpoint "$out/gen9.ckpt"
fi
[ "$target" = 9 ] && exit 0
# Generation 10 splits generation 9's one output into eight output buckets
# by the number of men (each a copy of the one output) and learns 1 epoch
# from generation 7's games, generation 8's (by then 16 286 in the local
# store) and generation 9's own (the default net's: about 17 700 of seed 12,
# the file growing while it was read).
echo "== generation 10: generation 8's games continued, then self-play of generation 9 at 5000 nodes per move"
"$kibitz" datagen --out "$out/gen9.kgames" --until "${GAMES9FOR10:-16286}" --nodes 5000 --seed 9 --evalfile "$out/gen8.nnue"
"$kibitz" datagen --out "$out/gen10.kgames" --until "${GAMES10:-17700}" --nodes 5000 --seed 10 --evalfile "$out/gen9.nnue"
echo "== generation 10: training from generation 9 with 8 output buckets, ${EPOCHS10:-1} epoch(s)"
"$kibitz" train --init "$out/gen9.nnue" --data "$out/gen8.kgames,$out/gen9.kgames,$out/gen10.kgames" --out "$out/gen10.nnue" \
	--mirror --king-buckets 4 --buckets 8 --epochs "${EPOCHS10:-1}" --lr 0.0005 --seed 1 --lambda 0.25 --checkpoint "$out/gen10.ckpt"
