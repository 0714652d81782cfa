#!/usr/bin/env bash
# The Elo effect of the endgame model as an evaluation term
# (docs/endgames.md): Kibitz with the tables of up to four men and the
# model (EndgameModel) against Kibitz with the same tables only, from quiet
# positions of its own self-play in the model's endings — where, as in the
# browser, no exact 5-man table is at hand — at fixed nodes, each position
# played with both colours.
#
#   scripts/endgame-model-elo.sh OUTDIR
#
# Makes what is missing in OUTDIR: tables4/ (kibitz tb gen --men 4),
# tables5/ (the 5-man tables of $ENDINGS, timed, from the 4-man ones), model.kwdl (kibitz tb
# study on them, with its report in study.txt), endgames.epd (kibitz corpus
# endgames --tables $ENDINGS from the corpus store); then plays
# match.log and match.pgn.
# Environment: KIBITZ (bin/kibitz), ENDINGS (KRPvKR), SAMPLES (30000000,
# the study's training positions), H1/H2 (128/32: the width that keeps a
# model with the shape features under 1 MB), WEIGHT (the term's weight,
# 400), GAMES (400), NODES (10000), SEED (5). Fixed nodes: the load on the
# machine does not change the games.
set -euo pipefail
out=${1:?usage: scripts/endgame-model-elo.sh OUTDIR}
cd "$(dirname "$0")/.."
mkdir -p "$out"
out=$(realpath "$out")
kibitz=$(realpath "${KIBITZ:-bin/kibitz}")
endings=${ENDINGS:-KRPvKR}
games=${GAMES:-400}
TIMEFORMAT="%R s wall-clock, %U s of CPU"
if [ ! -f "$out/tables4/KPvKP.ktb" ]; then
	echo "tables up to four men:"
	time "$kibitz" tb gen --men 4 --out "$out/tables4" | tail -n 1
fi
missing=$(for e in ${endings//,/ }; do [ -f "$out/tables5/$e.ktb" ] || echo "$e"; done | paste -sd,)
if [ -n "$missing" ]; then
	echo "5-man tables $missing:"
	time "$kibitz" tb gen --tables "$missing" --from "$out/tables4" --out "$out/tables5" | tee "$out/tables5.log" | tail -n 1
fi
if [ ! -f "$out/model.kwdl" ]; then
	echo "the model:"
	time "$kibitz" tb study --dir "$out/tables5" --tables "$endings" --samples "${SAMPLES:-30000000}" \
		--h1 "${H1:-128}" --h2 "${H2:-32}" --sample 10 --out "$out/model.kwdl" >"$out/study.txt"
	grep -i -E 'accuracy|overall' "$out/study.txt" | tail -n 3
fi
if [ ! -f "$out/endgames.epd" ]; then
	"$kibitz" corpus endgames --tables "$endings" --count $((games / 2)) --seed 1 --out "$out/endgames.epd"
fi
"$kibitz" match \
	--engine "cmd=$kibitz,name=model,option.TablePath=$out/tables4,option.EndgameModel=$out/model.kwdl,option.EndgameModelWeight=${WEIGHT:-400}" \
	--engine "cmd=$kibitz,name=tables,option.TablePath=$out/tables4" \
	--nodes "${NODES:-10000}" --games "$games" --concurrency 2 --seed "${SEED:-5}" --openings "$out/endgames.epd" \
	--resign movecount=4,score=1000 --draw movenumber=40,movecount=8,score=10 --pgn "$out/match.pgn" >"$out/match.log" 2>&1
sed -n '/^Score of/,$p' "$out/match.log"
