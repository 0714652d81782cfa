#!/usr/bin/env bash
# sample-efficiency.sh — how strong a net gets from how much data.
#
# Trains one net on the first N positions of a corpus file (or directory) for each N in
# SIZES (millions), keeps for each N the epoch count (from EPOCH_SWEEP)
# with the lowest validation loss, matches every net against a reference
# net, and writes OUT/sample-efficiency.csv and .svg (Elo ± 95 % against
# positions, logarithmic axis).
#
# Usage: scripts/sample-efficiency.sh DATA OUT
# Environment: SIZES ("0.5 1 2 4"), EPOCH_SWEEP ("6 12 24"; sizes of 2 M and
# more try only the counts up to 12), REF (reference net file; default: the
# embedded net), GAMES (400), NODES (10000 per move), SEED (41), KIBITZ
# (bin/kibitz), OPENINGS (../shared/openings/8moves_v3.pgn if present).
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 DATA OUT" >&2; exit 2; }
data=$1 out=$2
kibitz=${KIBITZ:-bin/kibitz}
[ -x "$kibitz" ] || { echo "$kibitz not found: run ./build.sh native first" >&2; exit 1; }
[ -e "$data" ] || { echo "no corpus $data" >&2; exit 1; }
sizes=${SIZES:-0.5 1 2 4}
sweep=${EPOCH_SWEEP:-6 12 24}
games=${GAMES:-400} nodes=${NODES:-10000} seed=${SEED:-41}
openings=${OPENINGS:-../shared/openings/8moves_v3.pgn}
openings_flag=()
[ -f "$openings" ] && openings_flag=(--openings "$openings")
ref_engine="cmd=$kibitz,name=reference"
[ -n "${REF:-}" ] && ref_engine+=",option.EvalFile=$(realpath "$REF")"
mkdir -p "$out"

# last_valid_loss prints the validation loss of a run's final epoch.
last_valid_loss() { tail -n 1 "$1" | cut -d, -f4; }

csv="$out/sample-efficiency.csv"
echo "positions_m,positions,epochs,valid_loss,elo,err,wins,draws,losses" >"$csv"
for m in $sizes; do
	n=$(awk -v m="$m" 'BEGIN { printf "%d", m * 1000000 }')
	best="" best_loss=""
	for e in $sweep; do
		if [ "$n" -ge 2000000 ] && [ "$e" -gt 12 ]; then continue; fi
		net="$out/n${m}M-e$e.nnue"
		[ -f "$net" ] || "$kibitz" train --data "$data" --positions "$n" --epochs "$e" --seed 1 --out "$net" >"$out/n${m}M-e$e.log"
		loss=$(last_valid_loss "${net%.nnue}.csv")
		echo "$m M positions, $e epochs: validation loss $loss"
		if [ -z "$best" ] || awk -v a="$loss" -v b="$best_loss" 'BEGIN { exit !(a < b) }'; then
			best=$e best_loss=$loss
		fi
	done
	net="$out/n${m}M-e$best.nnue"
	log="$out/n${m}M-match.log"
	# A finished match (its log has the result) is not replayed: a run can
	# be extended by more sizes.
	grep -q '^Elo difference' "$log" 2>/dev/null || "$kibitz" match --engine "cmd=$kibitz,name=${m}M,option.EvalFile=$(realpath "$net")" --engine "$ref_engine" \
		--nodes "$nodes" --games "$games" --concurrency 2 --seed "$seed" "${openings_flag[@]}" \
		--resign movecount=4,score=1000 --draw movenumber=40,movecount=8,score=10 >"$log"
	elo=$(sed -n 's/^Elo difference: \([-+0-9.]*\) ± \([0-9.]*\).*/\1,\2/p' "$log")
	wdl=$(sed -n 's/^Score of [^:]*: \([0-9]*\) W \/ \([0-9]*\) D \/ \([0-9]*\) L.*/\1,\2,\3/p' "$log")
	[ -n "$elo" ] && [ -n "$wdl" ] || { echo "could not read the match result from $log" >&2; exit 1; }
	echo "$m,$n,$best,$best_loss,$elo,$wdl" | tee -a "$csv"
done
"$kibitz" plot --csv "$csv" --x positions_m --y elo --err err --names "Elo against the reference" --logx \
	--out "$out/sample-efficiency.svg" --title "Elo against the reference net by training positions ($games games each)" \
	--xlabel "training positions (millions)" --ylabel "Elo ± 95 %"
