#!/usr/bin/env bash
# The Elo effect of the endgame tables (docs/endgames.md): Kibitz with every
# table of up to four men against Kibitz without, from quiet endgame
# positions of its own self-play (5 or 6 men, where a capture or two leads
# into the tables), at fixed nodes, each position played with both colours.
#
#   scripts/tables-elo.sh OUTDIR
#
# Writes OUTDIR/tables (kibitz tb gen --men 4, timed), OUTDIR/endgames.epd
# (kibitz corpus endgames from the corpus store), OUTDIR/match.log and .pgn.
# Environment: KIBITZ (bin/kibitz), GAMES (400), NODES (10000), SEED (5),
# MEN (5-6). Fixed nodes: the load on the machine does not change the games.
set -euo pipefail
out=${1:?usage: scripts/tables-elo.sh OUTDIR}
cd "$(dirname "$0")/.."
mkdir -p "$out"
out=$(realpath "$out")
kibitz=$(realpath "${KIBITZ:-bin/kibitz}")
games=${GAMES:-400}
if [ ! -f "$out/tables/KPvKP.ktb" ]; then
	TIMEFORMAT="tables: %R s wall-clock, %U s of CPU"
	time "$kibitz" tb gen --men 4 --out "$out/tables" | tail -n 1
fi
"$kibitz" tb stats --dir "$out/tables" >"$out/tables.txt"
if [ ! -f "$out/endgames.epd" ]; then
	"$kibitz" corpus endgames --men "${MEN:-5-6}" --count $((games / 2)) --seed 1 --out "$out/endgames.epd"
fi
"$kibitz" match --engine "cmd=$kibitz,name=tables,option.TablePath=$out/tables" --engine "cmd=$kibitz,name=none" \
	--nodes "${NODES:-10000}" --games "$games" --concurrency 2 --seed "${SEED:-5}" --openings "$out/endgames.epd" \
	--resign movecount=4,score=1000 --draw movenumber=40,movecount=8,score=10 --pgn "$out/match.pgn" >"$out/match.log" 2>&1
sed -n '/^Score of/,$p' "$out/match.log"
