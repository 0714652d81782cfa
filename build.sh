#!/usr/bin/env bash
# build.sh — the one entry point for building, testing and benchmarking Kibitz.
# Usage: ./build.sh [native|wasm|site|serve|worker|test|test-go|test-units|test-js|test-browser|bench|bench-browser|bench-api|soak-api|soak-worker|lighthouse|mutation [PKG...]|train [GEN]|pgo|clean]   (default: native)
set -euo pipefail
cd "$(dirname "$0")"

BIN=bin
GOROOT_DIR=$(go env GOROOT)
WASM_EXEC="$GOROOT_DIR/lib/wasm/go_js_wasm_exec"
# The page's wasm modules are built with Go 1.27, whose experimental
# simd/archsimd compiles to WebAssembly SIMD128 (the net's kernels); the go
# command fetches that toolchain through the module proxy on first use.
PAGE_GO=go1.27.4
page_go() { GOTOOLCHAIN=$PAGE_GO go "$@"; }
# The endgame tables the page can fetch (docs/endgames.md).
PAGE_TABLES=KQvK,KRvK,KPvK,KBNvK
# The endgame tables the Cloudflare Worker embeds (web/worker/tables.go).
WORKER_TABLES=KQvK,KRvK,KPvK

need() { command -v "$1" >/dev/null 2>&1 || { echo "build.sh: '$1' is required: $2" >&2; exit 1; }; }

# native builds the engine and its tools (bin/kibitz, or the path given:
# the Makefile's EXE).
native() {
	need go "install Go 1.26 or newer (https://go.dev/dl/)"
	local out=${1:-$BIN/kibitz}
	mkdir -p "$(dirname "$out")"
	go build -trimpath -o "$out" ./cmd/kibitz
	echo "built $out"
}

# wasm builds the page's two engine modules: kibitz-simd.wasm for browsers
# with WebAssembly SIMD (all current ones) and kibitz.wasm, scalar, for the
# rest; the worker picks one. bin/wasm_exec.js is their JavaScript glue,
# bin/kibitz.nnue the net they are given.
wasm() {
	need go "install Go 1.26 or newer"
	need node "install Node.js 20 or newer (Debian: apt-get install nodejs npm): the build strips the SIMD module's names with it"
	mkdir -p "$BIN"
	page_go version >/dev/null || { echo "build.sh: cannot fetch the $PAGE_GO toolchain through the Go module proxy" >&2; exit 1; }
	# Neither embeds the net (build tag kibitz_netfile): the worker fetches
	# it once for both, in its wire form (nnue/wire.go), as bin/kibitz.nnue.
	GOOS=js GOARCH=wasm page_go build -trimpath -tags kibitz_netfile -ldflags="-s -w" -o "$BIN/kibitz.wasm" ./wasm
	# The SIMD module is built with its names (for the size report of
	# ./build.sh site) and shipped without them: the module -s builds.
	GOEXPERIMENT=simd GOOS=js GOARCH=wasm page_go build -trimpath -tags kibitz_netfile -ldflags="-w" -o "$BIN/kibitz-simd.names.wasm" ./wasm
	node scripts/wasm-size.mjs --strip "$BIN/kibitz-simd.names.wasm" "$BIN/kibitz-simd.wasm"
	go run ./nnue/internal/wirenet nnue/default.nnue "$BIN/kibitz.nnue"
	install -m 0644 "$(page_go env GOROOT)/lib/wasm/wasm_exec.js" "$BIN/wasm_exec.js"
	echo "built $BIN/kibitz.wasm, $BIN/kibitz-simd.wasm, $BIN/kibitz.nnue"
}

run_tests() {
	need go "install Go 1.26 or newer"
	need node "install Node.js 20 or newer (Debian: apt-get install nodejs npm); the wasm tests run under it"
	local start=$SECONDS
	test_go
	echo "== the page's JavaScript: type check (tsc, JSDoc), lint (eslint) and format (prettier --check)"
	npm_deps
	npx tsc -p tsconfig.json
	npx tsc -p tsconfig.worker.json
	npx eslint .
	npx prettier --check .
	echo "== the worker's JavaScript API under node (against the native build, node for node)"
	wasm >/dev/null
	native >/dev/null
	for module in kibitz kibitz-simd; do
		WASM_EXEC="$PWD/$BIN/wasm_exec.js" KIBITZ_WASM="$BIN/$module.wasm" KIBITZ_NET="$BIN/kibitz.nnue" node --test wasm/bridge.test.mjs
	done
	echo "== the play page in Chromium (and its game rules under node)"
	need_chromium
	site >/dev/null
	native >/dev/null
	test_js
	test_browser
	echo "== the Cloudflare Worker in workerd, against the native server"
	worker >/dev/null
	node --test tests/worker-entry.test.mjs tests/worker.test.mjs
	echo "== all tests passed in $((SECONDS - start)) s"
}

# The packages that run goroutines, raced whole by test_go (-short: the
# search's long single-threaded suites, the pinned bench and WAC, skip
# themselves under the detector and run in the native pass). Not raced:
# engine/tablebase, whose parallel generation takes six minutes under the
# detector even for its smallest table (TestGenerationOnCoresIsDeterministic
# checks it natively), and cmd/kibitz, whose commands drive these packages.
RACED_WHOLE=(./engine ./engine/search ./uci ./match ./match/spsa ./web ./wasm/bridge ./train/selfplay ./train/rescore ./train/texel ./train/wdltrain)
# Of those, the packages run only under the detector: their tests take as
# long without it (the match runner waits on engine processes).
RACE_ONLY=(./match)

# test_go runs the Go tests: formatting and vet, the native tests, the
# scalar backend, the tuning build, the race detector, the wasm and wasm
# SIMD builds under node, native = wasm node for node, and OpenBench's build.
test_go() {
	need go "install Go 1.26 or newer"
	need node "install Node.js 20 or newer (Debian: apt-get install nodejs npm); the wasm tests run under it"
	echo "== gofmt / go vet"
	local unformatted
	unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
	if [ -n "$unformatted" ]; then echo "gofmt needed on: $unformatted" >&2; exit 1; fi
	go vet ./...
	echo "== go test (native; the packages raced whole below run there instead)"
	go test -count=1 -timeout 600s $(go list ./... | grep -v -x -F -f <(printf 'kibitz/%s\n' "${RACE_ONLY[@]#./}"))
	echo "== go test -tags purego,kibitzdebug (the scalar NNUE backend, with the search invariants checked)"
	go test -count=1 -tags purego,kibitzdebug ./nnue ./engine/netinput ./engine/search
	echo "== go test -tags tune (the search parameters as UCI options)"
	go test -count=1 -tags tune -run 'Tune|Handshake|Tuning' ./uci ./engine/search
	echo "== go test -race, whole packages (every package that runs goroutines and fits the time)"
	go test -count=1 -race -short -timeout 600s "${RACED_WHOLE[@]}"
	echo "== go test -race, the trainer's parallel paths (the whole package takes minutes under the detector)"
	go test -count=1 -race -run 'TestFitWDLRecoversAModel|TestTrainingLearnsMaterial' ./train
	echo "== go test (wasm under node, short)"
	GOOS=js GOARCH=wasm go test -count=1 -short -timeout 300s -exec "$WASM_EXEC" ./engine/board ./engine/search ./nnue ./engine/netinput ./wasm/bridge
	echo "== go test (wasm SIMD128 kernels under node, short)"
	GOEXPERIMENT=simd GOOS=js GOARCH=wasm page_go test -count=1 -short -timeout 300s -exec "$(page_go env GOROOT)/lib/wasm/go_js_wasm_exec" ./nnue ./engine/search
	echo "== native and wasm agree node for node"
	same_bench
	echo "== OpenBench's build and bench: make EXE=… CC=go, then bench's last line and signature"
	openbench_build
}

# The page's test files, found rather than listed (a new file is never
# left out): the browser tests are those driving the page through
# tests/page.mjs, the Cloudflare Worker's are tests/worker*.test.mjs, the
# rest run under node alone.
browser_test_files() { grep -l 'from "./page.mjs"' tests/*.test.mjs; }
js_test_files() {
	local f
	for f in tests/*.test.mjs; do
		case "$f" in tests/worker*.test.mjs) continue ;; esac
		grep -q 'from "./page.mjs"' "$f" || echo "$f"
	done
}
# test_js runs the page's game rules and modules under node.
test_js() { node --test $(js_test_files); }
# unit_test_files: those of them that need nothing built (not dist/ or bin/).
unit_test_files() {
	local f
	for f in $(js_test_files); do grep -q -E 'dist/|bin/(kibitz|page)' "$f" || echo "$f"; done
}
# test_browser runs the page in Chromium, one file at a time (they share
# the machine's two cores with the engine's worker).
test_browser() { node --test --test-concurrency=1 $(browser_test_files); }

# pgo regenerates cmd/kibitz/default.pgo (profile-guided optimisation, which
# go build applies automatically) from the engine's own benchmarks and
# datagen's.
pgo() {
	local tmp
	tmp=$(mktemp -d)
	go test -run XXX -bench 'Perft$|Search' -benchtime 2s -cpuprofile "$tmp/board.prof" ./engine/board >/dev/null
	local profs=("$tmp/board.prof")
	if [ -d engine/search ]; then
		go test -run XXX -bench 'Search' -benchtime 5s -cpuprofile "$tmp/search.prof" ./engine/search >/dev/null
		profs+=("$tmp/search.prof")
	fi
	# datagen's loop: shallow searches on a small table, a profile of its own
	if [ -d train/selfplay ]; then
		go test -run XXX -bench 'Play/hash1MB' -benchtime 40x -cpuprofile "$tmp/play.prof" ./train/selfplay >/dev/null
		profs+=("$tmp/play.prof")
	fi
	go tool pprof -proto "${profs[@]}" >cmd/kibitz/default.pgo 2>/dev/null
	rm -rf "$tmp"
	echo "wrote cmd/kibitz/default.pgo"
}

# same_bench runs "kibitz bench" natively and as wasm under node and
# requires the same node signature.
same_bench() {
	local tmp eval native purego wasm simd
	tmp=$(mktemp -d)
	go build -o "$tmp/kibitz" ./cmd/kibitz
	go build -tags purego -o "$tmp/kibitz-purego" ./cmd/kibitz
	GOOS=js GOARCH=wasm go build -o "$tmp/kibitz.wasm" ./cmd/kibitz
	GOEXPERIMENT=simd GOOS=js GOARCH=wasm page_go build -o "$tmp/kibitz-simd.wasm" ./cmd/kibitz
	# Every position's best move, score and node count must agree (-v),
	# not only the total; timing lines are left out.
	for eval in "" "--nnue=false"; do
		native=$("$tmp/kibitz" bench --depth 7 -v $eval | grep -v -E 'time|second| nps$')
		purego=$("$tmp/kibitz-purego" bench --depth 7 -v $eval | grep -v -E 'time|second| nps$')
		wasm=$("$WASM_EXEC" "$tmp/kibitz.wasm" bench --depth 7 -v $eval | grep -v -E 'time|second| nps$')
		simd=$("$(page_go env GOROOT)/lib/wasm/go_js_wasm_exec" "$tmp/kibitz-simd.wasm" bench --depth 7 -v $eval | grep -v -E 'time|second| nps$')
		echo "bench ${eval:-(nnue)}: $(echo "$native" | tail -1) — native, purego, wasm and wasm SIMD128 compared position by position"
		if [ "$native" != "$wasm" ] || [ "$native" != "$purego" ] || [ "$native" != "$simd" ]; then
			rm -rf "$tmp"
			echo "bench signatures differ between builds" >&2
			exit 1
		fi
	done
	rm -rf "$tmp"
}

# openbench_build builds the engine as an OpenBench worker does (make -j
# EXE=PATH CC=go, docs/openbench.md) and checks that its bench ends with
# "N nodes N nps" and that N is the recorded signature.
openbench_build() {
	local tmp want got
	tmp=$(mktemp -d)
	make -s -j EXE="$tmp/kibitz-ob" CC=go >/dev/null
	want=$(sed -n 's/^# totals (the bench signatures): classical [0-9]*, nnue \([0-9]*\)$/\1/p' engine/search/testdata/bench-signatures.txt)
	got=$("$tmp/kibitz-ob" bench | tail -1)
	rm -rf "$tmp"
	if ! [[ "$got" =~ ^${want}\ nodes\ [0-9]+\ nps$ ]]; then
		echo "bench's last line is \"$got\", want \"$want nodes N nps\"" >&2
		exit 1
	fi
	echo "bench: $got"
}

# need_chromium installs Debian's chromium when running as root, or says
# what to install.
need_chromium() {
	command -v "${CHROMIUM:-chromium}" >/dev/null 2>&1 && return
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
		echo "installing Debian chromium for the browser tests"
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
	else
		echo "build.sh: the browser tests need Chromium: apt-get install chromium (or set CHROMIUM=/path/to/chrome)" >&2
		exit 1
	fi
}

# npm_deps installs the pinned front-end packages when they are missing.
npm_deps() {
	need npm "install Node.js 20 or newer with npm (Debian: apt-get install nodejs npm)"
	if [ ! -d node_modules/cm-chessboard ] || [ ! -d node_modules/esbuild ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
		npm ci --no-audit --no-fund --loglevel=error
	fi
}

# site builds dist/: a self-contained folder with relative URLs.
site() {
	wasm >/dev/null
	native >/dev/null
	npm_deps
	rm -rf dist bin/page
	mkdir -p bin/page
	# What the bundles import besides the page's sources, as kibitz-page/…:
	# the engine modules, Go's glue, the endgame tables and model.
	cp "$BIN/wasm_exec.js" "$BIN/kibitz.wasm" "$BIN/kibitz-simd.wasm" "$BIN/kibitz.nnue" static/endgame.kwdl bin/page/
	"$BIN/kibitz" tb gen --tables "$PAGE_TABLES" --out bin/page >/dev/null
	page_tables_module >bin/page/tables.js
	# esbuild gives every file a content-hashed name (so that a host may
	# cache it for good) and lists them in its metafiles. The engine's files
	# (its worker, the wasm modules, the endgame files) are the library's,
	# in dist/lib; the library and the element keep plain names there, for
	# sites to import; the page bundles the library and uses lib/'s worker.
	local common=(--bundle --minify --target=es2020 --asset-names='[name]-[hash]'
		--alias:kibitz-page=./bin/page --log-level=warning
		--loader:.wasm=file --loader:.nnue=file --loader:.ktb=file --loader:.kwdl=file --loader:.tsv=file --loader:.svg=file
		--external:./kibitz-files.js)
	# The worker is a module worker, so that its files are new URL("./…",
	# import.meta.url) (scripts/asset-urls.mjs): the form a site's own
	# bundler follows when it bundles the library again.
	npx esbuild static/engine-worker.js "${common[@]}" --outdir=dist/lib --entry-names='[name]-[hash]' --format=esm --metafile=bin/page/worker-meta.json
	local worker
	worker=$(node scripts/site-manifest.mjs worker bin/page/worker-meta.json)
	npx esbuild static/kibitz.js "${common[@]}" --outdir=dist/lib --entry-names='[name]' --format=esm --define:KIBITZ_WORKER="\"./$worker\"" --define:KIBITZ_STANDALONE=false
	# The standalone library, for bundlers that copy no file (esbuild): the
	# same module, its files in kibitz-files.js (scripts/standalone.mjs).
	npx esbuild static/kibitz.js "${common[@]}" --outfile=dist/lib/kibitz-standalone.js --format=esm --define:KIBITZ_WORKER="\"./$worker\"" --define:KIBITZ_STANDALONE=true
	# The element shares the library module (one engine client per page)
	# and carries the board's style sheets as text.
	npx esbuild static/kibitz-game.js "${common[@]}" --outdir=dist/lib --entry-names='[name]' --format=esm --external:./kibitz.js --loader:.css=text
	npx esbuild static/app.js "${common[@]}" --outdir=dist --entry-names='[name]-[hash]' --format=esm --define:KIBITZ_WORKER="\"./lib/$worker\"" --define:KIBITZ_STANDALONE=false --metafile=bin/page/app-meta.json
	node scripts/asset-urls.mjs "dist/lib/$worker" dist/lib/kibitz-game.js "$(ls dist/app-*.js)"
	node scripts/standalone.mjs "dist/lib/$worker" dist/lib/kibitz-game.js
	library_package
	# The example site: its own board, the library from ../lib/.
	npx esbuild examples/play/main.js "${common[@]}" --outdir=dist/example --entry-names='[name]' --format=esm --external:kibitz-chess
	cp examples/play/index.html dist/example/
	# dist/manifest.json, dist/_headers and dist/index.html, from the metafiles.
	node scripts/site-manifest.mjs write bin/page/worker-meta.json bin/page/app-meta.json
	# The service worker keeps its own name (browsers look for it there); its
	# version is the page's, so that each build installs anew.
	npx esbuild static/sw.js --bundle --minify --target=es2020 --outfile=dist/sw.js --log-level=warning \
		--define:KIBITZ_VERSION="\"$(sha256sum dist/index.html | cut -c1-16)\""
	cp static/manifest.webmanifest static/icons/icon-192.png static/icons/icon-512.png static/LICENSES.md dist/
	precompress
	echo "built dist/ ($(du -sh dist | cut -f1))"
	# Where the bytes go: the first visit's files, then the SIMD module by
	# section and Go package (docs/benchmarks.md).
	node scripts/site-manifest.mjs weight
	node scripts/wasm-size.mjs "$BIN/kibitz-simd.names.wasm" 12
}

# library_package completes dist/lib as an npm package (npm pack there):
# the type declarations from the modules' JSDoc, package.json and README.
library_package() {
	rm -rf bin/page/types
	npx tsc -p tsconfig.lib.json
	cp bin/page/types/kibitz.d.ts bin/page/types/protocol.d.ts bin/page/types/team.d.ts bin/page/types/kibitz-game.d.ts dist/lib/
	node scripts/strip-internal.mjs dist/lib/kibitz.d.ts dist/lib/team.d.ts dist/lib/kibitz-game.d.ts
	cat static/package/tag.d.ts >>dist/lib/kibitz-game.d.ts
	cp static/package/package.json LICENSE dist/lib/
	cp docs/library.md dist/lib/README.md
}

# page_tables_module writes the module through which the worker names the
# endgame files the page may fetch: each table of PAGE_TABLES and the model.
page_tables_module() {
	local t
	for t in ${PAGE_TABLES//,/ }; do echo "import $t from \"./$t.ktb\";"; done
	echo "export const tables = { ${PAGE_TABLES//,/, } };"
	echo "export { default as model } from \"./endgame.kwdl\";"
}

# precompress writes FILE.gz and FILE.br beside each compressible file of
# dist/, with Node's zlib (no gzip or brotli tool needed).
precompress() {
	node scripts/precompress.mjs dist >/dev/null
}

serve() {
	site
	native >/dev/null
	exec "$BIN/kibitz" serve --addr "${ADDR:-127.0.0.1:8080}" --dir dist
}

# worker builds the Cloudflare Worker bundle into web/worker/build.
worker() {
	native >/dev/null
	rm -rf web/worker/build web/worker/tables
	"$BIN/kibitz" tb gen --tables "$WORKER_TABLES" --out web/worker/tables >/dev/null
	go run github.com/syumai/workers/cmd/workers-assets-gen -mode=go -o web/worker/build
	cp web/worker/worker.mjs web/worker/build/worker.mjs # one Go runtime per isolate, not per request
	# The SIMD128 kernels, as in the page: with one runtime per isolate the
	# larger module's start-up is paid once, and the searches are faster.
	GOEXPERIMENT=simd GOOS=js GOARCH=wasm page_go build -trimpath -ldflags="-s -w" -o web/worker/build/app.wasm ./web/worker
	echo "built web/worker/build ($(du -h web/worker/build/app.wasm | cut -f1) wasm, $(gzip -c web/worker/build/app.wasm | wc -c) bytes gzipped)"
}

bench() {
	go test -run XXX -bench . -benchmem ./engine/...
}

# mutation runs mutation testing (gremlins) over the packages where a silent
# bug costs most, or over the packages given, and prints each one's test
# efficacy (killed / (killed + lived)) and mutator coverage. Slow: hours for
# all of them on two cores; not part of the test command.
mutation() {
	local pkgs=("$@") p out
	[ ${#pkgs[@]} -gt 0 ] || pkgs=(train/selfplay train/corpus train uci web wasm/bridge match nnue engine/search)
	mkdir -p test-results/mutation
	for p in "${pkgs[@]}"; do
		out=test-results/mutation/$(echo "$p" | tr / -).json
		echo "== mutation testing ./$p"
		# The code generators (their output is committed and tested) and the
		# match tests' stand-in engine are not mutated.
		go run github.com/go-gremlins/gremlins/cmd/gremlins@v0.6.0 unleash --workers 1 --test-cpu 1 \
			--timeout-coefficient 10 --invert-logical --invert-loopctrl -E 'internal/(asmgen|genmagics|testengine)/' \
			--output "$out" "./$p" | tail -n 12
	done
	# The wasm SIMD kernels compile only for js/wasm with GOEXPERIMENT=simd:
	# nnue is mutated again in that build, its tests run under Node.
	if [[ " ${pkgs[*]} " == *" nnue "* ]]; then
		echo "== mutation testing ./nnue in the wasm SIMD128 build"
		GOBIN="$PWD/$BIN" go install github.com/go-gremlins/gremlins/cmd/gremlins@v0.6.0
		GOTOOLCHAIN=$PAGE_GO GOEXPERIMENT=simd GOOS=js GOARCH=wasm GOFLAGS="-exec=$(page_go env GOROOT)/lib/wasm/go_js_wasm_exec" \
			"$BIN/gremlins" unleash --workers 1 --test-cpu 1 --timeout-coefficient 10 --invert-logical --invert-loopctrl \
			-E 'internal/' --output test-results/mutation/nnue-wasm-simd.json ./nnue | tail -n 12
	fi
}

case "${1:-native}" in
native) native "${2:-}" ;;
wasm) wasm ;;
test) run_tests ;;
test-go) test_go ;;
test-units)
	npm_deps
	node --test $(unit_test_files)
	;;
test-js)
	# the package's tests need dist/lib as it is now: built first
	npm_deps
	site >/dev/null
	test_js
	;;
test-browser)
	# needs dist/ and bin/kibitz as they are now: built first
	need_chromium
	npm_deps
	site >/dev/null
	native >/dev/null
	test_browser
	;;
bench) bench ;;
mutation)
	shift
	mutation "$@"
	;;
train)
	# Reproduces the default net end to end (scripts/train.sh: generation 1
	# from classical self-play, each next one from its predecessors' games),
	# or up to generation $2.
	native >/dev/null
	scripts/train.sh ${2:+"$2"}
	;;
bench-api)
	npm_deps
	site >/dev/null
	native >/dev/null
	worker
	node tests/bench-api.mjs
	;;
soak-api)
	# MINUTES (10) of mixed requests from CLIENTS (8) clients against kibitz serve.
	site >/dev/null
	native >/dev/null
	node tests/soak-api.mjs "${MINUTES:-10}" "${CLIENTS:-8}"
	;;
lighthouse)
	# Lighthouse's four categories, mobile and desktop, over the built page.
	npm_deps
	need_chromium
	site >/dev/null
	native >/dev/null
	node scripts/lighthouse.mjs
	;;
soak-worker)
	# SEARCHES (1000) through the library in Chromium, a new engine every 100.
	npm_deps
	need_chromium
	site >/dev/null
	native >/dev/null
	node tests/soak-worker.mjs "${SEARCHES:-1000}"
	;;
bench-browser)
	need_chromium
	site >/dev/null
	native >/dev/null
	node tests/bench-browser.mjs
	node tests/bench-workers.mjs
	;;
site) site ;;
serve) serve ;;
worker) worker ;;
pgo) pgo ;;
clean) rm -rf "$BIN" dist ;;
*) echo "usage: ./build.sh [native|wasm|site|serve|worker|test|test-go|test-units|test-js|test-browser|bench|bench-browser|bench-api|soak-api|soak-worker|lighthouse|mutation [PKG...]|train [GEN]|pgo|clean]" >&2; exit 2 ;;
esac
