#!/usr/bin/env bash
# Calibrates the strength levels and the play page's depths (docs/levels.md).
#
#   scripts/levels.sh OUTDIR [MATCH...]     # default: every match below
#   scripts/levels.sh OUTDIR fit            # fit the Elo scale to the logs in OUTDIR
#
# Matches (each OUTDIR/NAME.log, skipped when its summary is already there):
#   greedy            the weakest level vs the material-greedy player (kibitz greedy)
#   ladder-A-B        level A vs level B (UCI_LimitStrength, UCI_Elo), neighbours
#   top               the strongest level vs full strength
#   sf-N              level N vs Stockfish 15.1 at UCI_Elo N (the anchors)
#   sf-N-vs-L         level L vs Stockfish 15.1 at UCI_Elo N
#   depth-D-vs-OPP    the page's depth D (kibitz uci --depth D) vs level OPP
# Time control: $TC (default 5+0.05) for every match with a clock; the page's
# depths play without one ($DEPTH_TC, 600+6, only a safety net), as in the
# browser. Games: $GAMES (default 100), 2 at a time, 8moves_v3 openings.
set -euo pipefail
out=${1:?usage: scripts/levels.sh OUTDIR [MATCH...|fit]}
shift
cd "$(dirname "$0")/.."
kibitz=$(realpath "${KIBITZ:-bin/kibitz}")
stockfish=${STOCKFISH:-/usr/games/stockfish}
tc=${TC:-5+0.05}
depth_tc=${DEPTH_TC:-600+6}
games=${GAMES:-100}
openings=${OPENINGS:-../shared/openings/8moves_v3.pgn}
mkdir -p "$out"

mapfile -t levels < <("$kibitz" levels --elo)
anchors=(1400 1800 2200)

level() { echo "cmd=$kibitz,name=L$1,option.UCI_LimitStrength=true,option.UCI_Elo=$1"; }
sf() { echo "cmd=$stockfish,name=SF$1,option.UCI_LimitStrength=true,option.UCI_Elo=$1,option.Move Overhead=100,option.Hash=16"; }
full() { echo "cmd=$kibitz,name=full"; }
depth() { echo "cmd=$kibitz,name=D$1,args=uci --depth $1"; }

run() { # NAME TC ENGINE ENGINE
	local log="$out/$1.log"
	if grep -q '^Elo difference' "$log" 2>/dev/null; then
		echo "$1: done"
		return
	fi
	echo "$1: playing"
	"$kibitz" match --engine "$3" --engine "$4" --tc "$2" --games "$games" --concurrency 2 \
		--openings "$openings" --seed 61 --maxmoves 300 >"$log"
	tail -8 "$log" | grep -E 'Score|Elo difference'
}

match() {
	case $1 in
	greedy) run greedy "$tc" "$(level "${levels[0]}")" "cmd=$kibitz,name=greedy,args=greedy" ;;
	ladder-*-*)
		local a=${1#ladder-}
		run "$1" "$tc" "$(level "${a%-*}")" "$(level "${a#*-}")"
		;;
	top) run top "$tc" "$(level "${levels[-1]}")" "$(full)" ;;
	sf-*-vs-*)
		local n=${1#sf-}
		n=${n%%-vs-*}
		run "$1" "$tc" "$(level "${1##*-vs-}")" "$(sf "$n")"
		;;
	sf-*) run "$1" "$tc" "$(level "${1#sf-}")" "$(sf "${1#sf-}")" ;;
	depth-*-vs-*)
		local d=${1#depth-}
		d=${d%%-vs-*}
		run "$1" "$depth_tc" "$(depth "$d")" "$(level "${1##*-vs-}")"
		;;
	fit)
		local anchor_list=""
		for n in "${anchors[@]}"; do anchor_list+="SF$n=$n,"; done
		"$kibitz" ratings --anchor "${anchor_list%,}" "$out"/*.log
		;;
	*)
		echo "unknown match $1" >&2
		exit 2
		;;
	esac
}

if [ $# -eq 0 ]; then
	set -- greedy
	for ((i = 0; i + 1 < ${#levels[@]}; i++)); do set -- "$@" "ladder-${levels[i]}-${levels[i + 1]}"; done
	set -- "$@" top
	for n in "${anchors[@]}"; do set -- "$@" "sf-$n"; done
fi
for m in "$@"; do match "$m"; done
