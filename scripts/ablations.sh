#!/usr/bin/env bash
# ablations.sh — the training recipe's ablations on one slice of the corpus.
#
# Trains one net per variant on the same data (the base recipe plus the
# variant's flags), plays each against a reference net at fixed nodes, and
# writes OUT/ablations.csv (one row per variant: validation loss, training time, Elo ± 95 %,
# W/D/L, pentanomial) for docs/training.md. Trained nets and finished
# matches are kept, so an interrupted run resumes and new variants can be
# added later.
#
# Usage: scripts/ablations.sh DATA OUT [NAME=FLAGS ...]
#   DATA  a corpus file or directory (kibitz train --data)
#   NAME=FLAGS  a variant, e.g. cosine="--schedule cosine" kb4="--king-buckets 4";
#         without any, the list below (base, cosine, batch, filters, epochs,
#         λ and its schedule, output buckets, squared activation, king
#         buckets, hidden 512).
# Environment: BASE (the base recipe's flags, generation 4's by default:
# "--lambda 0.25 --mirror --epochs 6 --seed 1"),
# SELECT (corpus selection flags, e.g. "--where generation=5 --games :60000"),
# REF (reference net; default: the embedded net), GAMES (400), NODES (10000),
# SEED (41), KIBITZ (bin/kibitz).
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 DATA OUT [NAME=FLAGS ...]" >&2; exit 2; }
data=$1 out=$2
shift 2
cd "$(dirname "$0")/.."
kibitz=$(realpath "${KIBITZ:-bin/kibitz}")
base=${BASE:---lambda 0.25 --mirror --epochs 6 --seed 1}
games=${GAMES:-400} nodes=${NODES:-10000} seed=${SEED:-41}
ref_engine="cmd=$kibitz,name=reference"
[ -n "${REF:-}" ] && ref_engine+=",option.EvalFile=$(realpath "$REF")"
[ $# -gt 0 ] || set -- base= cosine="--schedule cosine" batch4k="--batch 4096" \
	keepnoisy="--keep-noisy" keepcheck="--keep-check" minply16="--min-ply 16" epochs10="--epochs 10" \
	lambda01="--lambda 0.1" lambda05to01="--lambda 0.5 --lambda-end 0.1" out8="--buckets 8" \
	screlu="--activation screlu" kb2="--king-buckets 2" kb4="--king-buckets 4" h512="--hidden 512"
mkdir -p "$out"
csv="$out/ablations.csv"
[ -f "$csv" ] || echo "variant,flags,valid_loss,train_seconds,elo,err,wins,draws,losses,pentanomial" >"$csv"
for v in "$@"; do
	name=${v%%=*} flags=${v#*=}
	net="$out/$name.nnue" log="$out/$name-match.log"
	if [ ! -f "$net" ]; then
		# shellcheck disable=SC2086 # the flags are words
		"$kibitz" train --data "$data" ${SELECT:-} $base $flags --out "$net" >"$out/$name-train.log"
	fi
	grep -q '^Pentanomial' "$log" 2>/dev/null || "$kibitz" match --engine "cmd=$kibitz,name=$name,option.EvalFile=$(realpath "$net")" \
		--engine "$ref_engine" --nodes "$nodes" --games "$games" --concurrency 2 --seed "$seed" \
		--openings ../shared/openings/8moves_v3.pgn --resign movecount=4,score=1000 \
		--draw movenumber=40,movecount=8,score=10 >"$log"
	grep -q "^$name," "$csv" && continue
	loss=$(tail -n 1 "${net%.nnue}.csv" | cut -d, -f4,6)
	elo=$(sed -n 's/^Elo difference: \([-+0-9.]*\) ± \([0-9.]*\).*/\1,\2/p' "$log")
	wdl=$(sed -n 's/^Score of [^:]*: \([0-9]*\) W \/ \([0-9]*\) D \/ \([0-9]*\) L.*/\1,\2,\3/p' "$log")
	pent=$(sed -n 's/^Pentanomial.*: \(\[[0-9 ]*\]\)$/\1/p' "$log")
	[ -n "$elo" ] && [ -n "$wdl" ] || { echo "could not read the match result from $log" >&2; exit 1; }
	echo "$name,\"$flags\",$loss,$elo,$wdl,\"$pent\"" | tee -a "$csv"
done
