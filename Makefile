# Makefile — what an OpenBench worker (and anyone used to "make") runs:
#
#	make [-j] [EXE=path]
#
# builds the native engine (AVX2 kernels, the default net embedded) at
# exactly EXE (default bin/kibitz) through the one build rule, ./build.sh
# native. OpenBench adds CC=… or CXX=… for the compiler it was told to use
# ("go" for Kibitz): Go needs no C compiler, so they are not passed on (a
# CC of "go" would otherwise break cgo).
EXE ?= bin/kibitz

.PHONY: all kibitz clean
all: kibitz

kibitz:
	@command -v go >/dev/null 2>&1 || { echo "make: Go is required to build Kibitz: install Go 1.26 or newer (https://go.dev/dl/)" >&2; exit 1; }
	@if [ -n "$(EVALFILE)" ]; then echo "make: EVALFILE is not supported: Kibitz embeds the net committed in the repository (use the EvalFile UCI option to load another)" >&2; exit 1; fi
	env -u CC -u CXX ./build.sh native "$(EXE)"

clean:
	./build.sh clean
