//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

// Natively there is nothing to run: use "kibitz serve".
func main() {
	fmt.Fprintln(os.Stderr, "web/worker is the Cloudflare Worker build (./build.sh worker); natively run: kibitz serve")
	os.Exit(2)
}
