#!/usr/bin/env bash
# Calibrates the strength levels and the play page's depths (docs/levels.md).
#
#   scripts/levels.sh OUTDIR [MATCH...]     # default: the matches named below
#   scripts/levels.sh OUTDIR fit            # fit the Elo scale to the logs in OUTDIR
#
# A match is FIRST-vs-SECOND (its log OUTDIR/FIRST-vs-SECOND.log, skipped when
# its summary is already there); each player is one of
#   lvN      level N of the table (kibitz levels), 1 the weakest
#   eloN     UCI_LimitStrength with UCI_Elo N (interpolated between levels)
#   sfN      Stockfish 15.1 at UCI_Elo N (1350..2850), an anchor of the fit at N
#   dN       the play page's depth N at full strength (kibitz uci --depth N)
#   full     full strength on the clock
#   greedy   the material-greedy player (kibitz greedy)
# Time control: $TC (default 5+0.05) for every player but the page's
# depths, which play without one as in the browser (their own clock,
# $DEPTH_TC, 600+6, is only a safety net), so a depth can meet full
# strength on its clock. SF_DEPTH=1 gives Stockfish the depth at which
# its level picks its move instead of the clock (see sf_depth). Games:
# $GAMES (default 100), 2 at a time,
# 8moves_v3 openings. ADJUDICATE=1 ends games early (resign at 10 pawns
# for 4 moves, a draw after move 40 at 0.1 pawn for 8): the deep page
# depths take seconds a move, and their games are played to the end only
# where the result is still open. Without matches: the ladder, the top, the greedy
# player and the UCI_Elo checks against Stockfish.
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
anchor_elos=(1400 1800 2200)

# sf_depth ELO: with SF_DEPTH=1, Stockfish plays to the depth at which
# its UCI_Elo picks its move — 1 + int(level), level = ((Elo − 1346.6) /
# 143.4)^(1/0.806) in Stockfish 15.1 — rather than on the clock. A level
# picks its move at that depth whatever the time, so this is the level as
# its authors calibrated it (at 60+0.6, where it reaches that depth): at a
# fast clock the top levels (2400: depth 12, 2600: depth 15) often stop
# short of it and play weaker than their label.
sf_depth() {
	[ "${SF_DEPTH:-}" = 1 ] || return 0
	awk -v e="$1" 'BEGIN { l = ((e - 1346.6) / 143.4) ^ (1 / 0.806); if (l > 20) l = 20; printf ",depth=%d", 1 + int(l) }'
}

player() { # TOKEN: an engine for kibitz match
	case $1 in
	lv*) echo "cmd=$kibitz,name=$1,option.UCI_LimitStrength=true,option.UCI_Elo=${levels[${1#lv} - 1]}" ;;
	elo*) echo "cmd=$kibitz,name=$1,option.UCI_LimitStrength=true,option.UCI_Elo=${1#elo}" ;;
	sf*) echo "cmd=$stockfish,name=$1,option.UCI_LimitStrength=true,option.UCI_Elo=${1#sf},option.Move Overhead=100,option.Hash=16$(sf_depth "${1#sf}")" ;;
	d*) echo "cmd=$kibitz,name=$1,args=uci --depth ${1#d},tc=$depth_tc" ;;
	full) echo "cmd=$kibitz,name=full" ;;
	greedy) echo "cmd=$kibitz,name=greedy,args=greedy" ;;
	*)
		echo "unknown player $1" >&2
		exit 2
		;;
	esac
}

match() { # FIRST-vs-SECOND
	local log="$out/$1.log" a=${1%%-vs-*} b=${1##*-vs-}
	if [ "$a-vs-$b" != "$1" ]; then
		echo "unknown match $1 (want FIRST-vs-SECOND)" >&2
		exit 2
	fi
	local first second
	first=$(player "$a")
	second=$(player "$b")
	if grep -q '^Elo difference' "$log" 2>/dev/null; then
		echo "$1: done"
		return
	fi
	local adjudicate=()
	[ "${ADJUDICATE:-}" = 1 ] && adjudicate=(--resign movecount=4,score=1000 --draw movenumber=40,movecount=8,score=10)
	echo "$1: playing"
	"$kibitz" match "${adjudicate[@]}" --engine "$first" --engine "$second" --tc "$tc" --games "$games" --concurrency 2 \
		--openings "$openings" --seed 61 --maxmoves 300 >"$log"
	tail -8 "$log" | grep -E 'Score|Elo difference'
}

if [ "${1:-}" = fit ]; then
	# Every Stockfish level that played is an anchor at its UCI_Elo.
	anchors=$(for f in "$out"/*.log; do
		f=${f##*/}
		f=${f%.log}
		for p in "${f%%-vs-*}" "${f##*-vs-}"; do [[ $p =~ ^sf[0-9]+$ ]] && echo "$p=${p#sf}"; done
	done | sort -u | paste -sd,)
	exec "$kibitz" ratings --anchor "$anchors" "$out"/*.log
fi
if [ $# -eq 0 ]; then
	set -- lv1-vs-greedy
	for ((i = 1; i < ${#levels[@]}; i++)); do set -- "$@" "lv$i-vs-lv$((i + 1))"; done
	set -- "$@" "lv${#levels[@]}-vs-full"
	for n in "${anchor_elos[@]}"; do set -- "$@" "elo$n-vs-sf$n"; done
fi
for m in "$@"; do match "$m"; done
