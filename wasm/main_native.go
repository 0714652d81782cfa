//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

// Natively there is nothing to run: this package is the browser build.
func main() {
	fmt.Fprintln(os.Stderr, "wasm: build with GOOS=js GOARCH=wasm (./build.sh wasm); natively use cmd/kibitz")
	os.Exit(2)
}
