//go:build js && wasm

package main

import (
	"embed"
	"fmt"
	"io/fs"

	"kibitz/engine"
	"kibitz/engine/tablebase"
)

// The endgame tables the Worker's API probes, written by ./build.sh worker
// (kibitz tb gen) before the module is built: KQvK, KRvK and KPvK, 65 KB
// compressed. KBNvK, which the page also has, is 1.3 MB compressed and
// would take the bundle past the platform's 3 MB limit for free accounts.
//
//go:embed tables/*.ktb
var tableFiles embed.FS

// endgameTables reads the embedded tables. A damaged one is a broken
// build: the error goes to the Worker's log and the API runs without
// tables rather than not at all.
func endgameTables() *tablebase.Set {
	names, _ := fs.Glob(tableFiles, "tables/*"+tablebase.FileExt)
	if len(names) == 0 {
		return nil
	}
	files := map[string][]byte{}
	for _, name := range names {
		data, err := tableFiles.ReadFile(name)
		if err != nil {
			fmt.Printf("kibitz worker: %s: %v; serving without endgame tables\n", name, err)
			return nil
		}
		files[name] = data
	}
	set, err := engine.ReadTables(files)
	if err != nil {
		fmt.Printf("kibitz worker: %v; serving without endgame tables\n", err)
		return nil
	}
	return set
}
