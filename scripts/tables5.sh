#!/usr/bin/env bash
# Makes the 5-man tables of the endgame study (docs/endgames.md) and every
# table their captures and promotions lead to, in the background and
# resumably: each table is written as soon as it is made, and a run
# started again (after a stop, or on the next day) loads what is there and
# makes the rest. KPPvKP alone needs 75 5-man tables (35 with pawns), 56 G
# entries, about as many bytes of disk.
#
#   scripts/tables5.sh OUTDIR [TABLES]     # default KRBvKR,KRPvKR,KBPvKB,KQPvKQ,KPPvKP
#
# Environment: KIBITZ (bin/kibitz; copied, so that rebuilding does not
# change a running generation), JOBS (1: tables made at once — a 5-man
# table with pawns needs about 10 GB while it is made), NICE (10).
# Progress: OUTDIR/tables5.log. Prints the process id; stop it with kill.
set -euo pipefail
out=${1:?usage: scripts/tables5.sh OUTDIR [TABLES]}
tables=${2:-KRBvKR,KRPvKR,KBPvKB,KQPvKQ,KPPvKP}
cd "$(dirname "$0")/.."
kibitz=${KIBITZ:-bin/kibitz}
[ -x "$kibitz" ] || { echo "$kibitz not found: run ./build.sh native first" >&2; exit 1; }
mkdir -p "$out"
out=$(realpath "$out")
bin="$out/kibitz-tables"
cp "$kibitz" "$bin.new" && mv "$bin.new" "$bin"
log="$out/tables5.log"
nohup nice -n "${NICE:-10}" bash -c '
	set -e
	bin=$1 out=$2 tables=$3 jobs=$4
	echo "== $(date -u +%FT%TZ) the tables up to 4 men"
	"$bin" tb gen --men 4 --resume --out "$out"
	IFS=, read -ra list <<<"$tables"
	for t in "${list[@]}"; do
		echo "== $(date -u +%FT%TZ) $t"
		TIMEFORMAT="$t: %R s wall-clock, %U s of CPU"
		time "$bin" tb gen --tables "$t" --deps --resume --jobs "$jobs" --out "$out"
	done
	echo "== $(date -u +%FT%TZ) done"
' tables5 "$bin" "$out" "$tables" "${JOBS:-1}" >>"$log" 2>&1 &
echo "tables running as process $!; progress in $log"
