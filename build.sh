#!/usr/bin/env bash
# build.sh — the one entry point for building, testing and benchmarking Kibitz.
# Usage: ./build.sh [native|wasm|test|bench|pgo|clean]   (default: native)
set -euo pipefail
cd "$(dirname "$0")"

BIN=bin
GOROOT_DIR=$(go env GOROOT)
WASM_EXEC="$GOROOT_DIR/lib/wasm/go_js_wasm_exec"

need() { command -v "$1" >/dev/null 2>&1 || { echo "build.sh: '$1' is required: $2" >&2; exit 1; }; }

native() {
	need go "install Go 1.26 or newer (https://go.dev/dl/)"
	mkdir -p "$BIN"
	go build -trimpath -o "$BIN/kibitz" ./cmd/kibitz
	echo "built $BIN/kibitz"
}

wasm() {
	need go "install Go 1.26 or newer"
	mkdir -p "$BIN"
	GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w" -o "$BIN/kibitz.wasm" ./wasm
	echo "built $BIN/kibitz.wasm"
}

run_tests() {
	need go "install Go 1.26 or newer"
	need node "install Node.js 20 or newer (Debian: apt-get install nodejs npm); the wasm tests run under it"
	local start=$SECONDS
	echo "== gofmt / go vet"
	local unformatted
	unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
	if [ -n "$unformatted" ]; then echo "gofmt needed on: $unformatted" >&2; exit 1; fi
	go vet ./...
	echo "== go test (native)"
	go test -count=1 -timeout 600s ./...
	echo "== go test -race (search with two threads, UCI)"
	go test -count=1 -race -run 'Threads|Stop|Immediate|Quit' ./engine/search ./engine/uci
	echo "== go test (wasm under node, short)"
	GOOS=js GOARCH=wasm go test -count=1 -short -timeout 300s -exec "$WASM_EXEC" ./engine/board ./engine/search ./wasm/bridge
	echo "== the worker's JavaScript API under node"
	wasm >/dev/null
	WASM_EXEC="$GOROOT_DIR/lib/wasm/wasm_exec.js" KIBITZ_WASM="$BIN/kibitz.wasm" node --test wasm/bridge.test.mjs
	echo "== native and wasm agree node for node"
	same_bench
	echo "== all tests passed in $((SECONDS - start)) s"
}

# pgo regenerates cmd/kibitz/default.pgo (profile-guided optimisation, which
# go build applies automatically) from the engine's own benchmarks.
pgo() {
	local tmp
	tmp=$(mktemp -d)
	go test -run XXX -bench 'Perft$|Search' -benchtime 2s -cpuprofile "$tmp/board.prof" ./engine/board >/dev/null
	local profs=("$tmp/board.prof")
	if [ -d engine/search ]; then
		go test -run XXX -bench 'Search' -benchtime 5s -cpuprofile "$tmp/search.prof" ./engine/search >/dev/null
		profs+=("$tmp/search.prof")
	fi
	go tool pprof -proto "${profs[@]}" >cmd/kibitz/default.pgo 2>/dev/null
	rm -rf "$tmp"
	echo "wrote cmd/kibitz/default.pgo"
}

# same_bench runs "kibitz bench" natively and as wasm under node and
# requires the same node signature.
same_bench() {
	local tmp native wasm
	tmp=$(mktemp -d)
	go build -o "$tmp/kibitz" ./cmd/kibitz
	GOOS=js GOARCH=wasm go build -o "$tmp/kibitz.wasm" ./cmd/kibitz
	native=$("$tmp/kibitz" bench --depth 7 | grep 'Nodes searched')
	wasm=$("$WASM_EXEC" "$tmp/kibitz.wasm" bench --depth 7 | grep 'Nodes searched')
	rm -rf "$tmp"
	echo "native: $native"
	echo "wasm:   $wasm"
	[ "$native" = "$wasm" ] || { echo "native and wasm bench signatures differ" >&2; exit 1; }
}

bench() {
	go test -run XXX -bench . -benchmem ./engine/...
}

case "${1:-native}" in
native) native ;;
wasm) wasm ;;
test) run_tests ;;
bench) bench ;;
pgo) pgo ;;
clean) rm -rf "$BIN" dist ;;
*) echo "usage: ./build.sh [native|wasm|test|bench|pgo|clean]" >&2; exit 2 ;;
esac
