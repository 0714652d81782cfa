#!/usr/bin/env bash
# The strength gauntlet of docs/elo-log.md: Kibitz at 10+0.1 against the
# Debian engines and against commit 57c1019 (the net and search of
# 2026-11-21), two games at a time, 8moves_v3 openings, each match's log
# and PGN in OUTDIR. Time-control matches need the machine to themselves:
# pause background work (kill -STOP PID) while this runs.
#
#   scripts/gauntlet.sh OUTDIR [OPPONENT...]
#
# Opponents: toga (Toga II 3.0, 200 games), ethereal (Ethereal 12, 100),
# glaurung (Glaurung 2.2, 100), counter (CounterGo, 200) and zahak (Zahak,
# 200) — the two Go engines, built from their public sources, at $COUNTER
# and $ZAHAK (default /tmp/peers/counter and /tmp/peers/zahak; see
# docs/elo-log.md for the commits and the build commands) —, base (57c1019 built in a scratch worktree,
# 400), search (57c1019 with today's default net, nnue/default.nnue, as its
# EvalFile: the search alone, 400), g7 (63bdac6, generation 7 and its search,
# 400); default: the first four. A match whose log already ends with its result
# is skipped, so an interrupted run resumes with the next one. Environment:
# KIBITZ (bin/kibitz), TC (10+0.1), SEED (71), WATCHDOG (60s), GAMES (each match's own
# count when unset). Install the opponents with
# apt-get install toga2 ethereal-chess glaurung.
set -euo pipefail
out=${1:?usage: scripts/gauntlet.sh OUTDIR [toga|ethereal|glaurung|counter|zahak|base|search|g7 ...]}
shift
cd "$(dirname "$0")/.."
mkdir -p "$out"
out=$(realpath "$out")
# A copy: rebuilding bin/kibitz during the run must not change the games.
cp "${KIBITZ:-bin/kibitz}" "$out/kibitz"
kibitz=$out/kibitz
tc=${TC:-10+0.1}
seed=${SEED:-71}
# An engine that owes a move this long at 10+0.1 has hung: the watchdog writes
# what it was last sent (and asks Kibitz for a goroutine dump) instead of the
# match waiting in silence.
watchdog=${WATCHDOG:-60s}
[ $# -gt 0 ] || set -- toga ethereal glaurung base

build_at() { # COMMIT: $out/kibitz-COMMIT, built once per OUTDIR
	if [ ! -x "$out/kibitz-$1" ]; then
		tree=$(mktemp -d)
		git worktree add -q --detach "$tree" "$1"
		(cd "$tree" && go build -trimpath -o "$out/kibitz-$1" ./cmd/kibitz)
		git worktree remove --force "$tree"
	fi
}

play() { # name games engine-spec
	local name=$1 games=${GAMES:-$2} log="$out/$1.log"
	if [ -f "$log" ] && grep -q '^Pentanomial' "$log"; then
		echo "$name: done ($log)"
		return
	fi
	echo "$name: $games games at $tc"
	"$kibitz" match --engine "cmd=$kibitz,name=kibitz" --engine "$3" --tc "$tc" --games "$games" \
		--concurrency 2 --seed "$seed" --openings ../shared/openings/8moves_v3.pgn \
		--resign movecount=4,score=1000 --draw movenumber=40,movecount=8,score=10 \
		--watchdog "$watchdog" --watchdog-dir "$out" \
		--pgn "$out/$name.pgn" >"$log" 2>&1
	sed -n "/^Score of/,\$p" "$log"
}

for opp in "$@"; do
	case $opp in
	toga) play toga 200 "cmd=/usr/games/toga2,name=toga2,option.OwnBook=false" ;;
	ethereal) play ethereal 100 "cmd=/usr/games/ethereal-chess,name=ethereal" ;;
	glaurung) play glaurung 100 "cmd=/usr/games/glaurung,name=glaurung,option.OwnBook=false,option.Ponder=false,option.Threads=1" ;;
	counter) play counter 200 "cmd=${COUNTER:-/tmp/peers/counter},name=counter" ;;
	zahak) play zahak 200 "cmd=${ZAHAK:-/tmp/peers/zahak},name=zahak" ;;
	base)
		build_at 57c1019
		play base 400 "cmd=$out/kibitz-57c1019,name=kibitz-57c1019"
		;;
	search)
		build_at 57c1019
		play search 400 "cmd=$out/kibitz-57c1019,name=search-57c1019,option.EvalFile=$(realpath nnue/default.nnue)"
		;;
	g7)
		build_at 63bdac6
		play g7 400 "cmd=$out/kibitz-63bdac6,name=kibitz-63bdac6"
		;;
	*) echo "unknown opponent $opp (toga, ethereal, glaurung, counter, zahak, base, search, g7)" >&2; exit 2 ;;
	esac
done
