package repotest

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"kibitz/internal/docblock"
)

// importsSentence is how a package comment names what the package imports:
// "board imports engine/board and nnue." or "… imports only the standard
// library and notnil/chess".
var importsSentence = regexp.MustCompile(`\b(\w+) imports ((?:[^.;:]|\.[a-z])+)`)

// TestPackageDocsNameTheirImports keeps every "X imports …" sentence of a
// package comment true: the packages it names (of this module, and outside
// the standard library) are exactly those the package's files import.
func TestPackageDocsNameTheirImports(t *testing.T) {
	root := "../.."
	checked := 0
	filepath.WalkDir(root, func(dir string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if name := d.Name(); name == "node_modules" || name == "testdata" || strings.HasPrefix(name, ".") && dir != root {
			return filepath.SkipDir
		}
		pkgs, err := parser.ParseDir(token.NewFileSet(), dir, func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, parser.ParseComments|parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, pkg := range pkgs {
			var doc string
			have := map[string]bool{}
			for _, f := range pkg.Files {
				if f.Doc != nil {
					doc += strings.ReplaceAll(f.Doc.Text(), "\n", " ") + " "
				}
				for _, imp := range f.Imports {
					p := strings.Trim(imp.Path.Value, `"`)
					if strings.HasPrefix(p, "kibitz/") {
						have[strings.TrimPrefix(p, "kibitz/")] = true
					} else if strings.Contains(strings.Split(p, "/")[0], ".") {
						have[p] = true
					}
				}
			}
			m := importsSentence.FindStringSubmatch(doc)
			if m == nil || m[1] != pkg.Name {
				continue
			}
			checked++
			var named []string
			for _, item := range regexp.MustCompile(`,\s*|\s+and\s+`).Split(strings.Join(strings.Fields(m[2]), " "), -1) {
				item = strings.TrimPrefix(strings.TrimSpace(item), "only ")
				if item == "" || item == "nothing" || strings.HasPrefix(item, "the standard library") {
					continue
				}
				named = append(named, strings.Fields(item)[0])
			}
			var actual []string
			for p := range have {
				actual = append(actual, p)
			}
			matches := func(name, path string) bool { return path == name || strings.HasSuffix(path, "/"+name) }
			for _, n := range named {
				if !slices.ContainsFunc(actual, func(p string) bool { return matches(n, p) }) {
					t.Errorf("%s: the package comment names %s, which it does not import", dir, n)
				}
			}
			for _, p := range actual {
				if !slices.ContainsFunc(named, func(n string) bool { return matches(n, p) }) {
					t.Errorf("%s: imports %s, which the package comment does not name (%q)", dir, p, m[0])
				}
			}
		}
		return nil
	})
	if checked < 10 {
		t.Errorf("only %d package comments name their imports", checked)
	}
}

// TestArchitectureShowsThePackageGraph keeps the package graph of
// docs/architecture.md true: every import between the module's packages
// (test files aside), drawn as a Mermaid flowchart.
func TestArchitectureShowsThePackageGraph(t *testing.T) {
	root := "../.."
	edges := map[string][]string{}
	filepath.WalkDir(root, func(dir string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if name := d.Name(); name == "node_modules" || name == "testdata" || strings.HasPrefix(name, ".") && dir != root {
			return filepath.SkipDir
		}
		pkgs, err := parser.ParseDir(token.NewFileSet(), dir, func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, dir)
		for _, pkg := range pkgs {
			for _, f := range pkg.Files {
				for _, imp := range f.Imports {
					if p := strings.Trim(imp.Path.Value, `"`); strings.HasPrefix(p, "kibitz/") && !slices.Contains(edges[rel], p[len("kibitz/"):]) {
						edges[rel] = append(edges[rel], p[len("kibitz/"):])
					}
				}
			}
		}
		return nil
	})
	var from []string
	for p := range edges {
		from = append(from, p)
	}
	slices.Sort(from)
	var b strings.Builder
	b.WriteString("```mermaid\nflowchart LR\n")
	for _, p := range from {
		to := edges[p]
		slices.Sort(to)
		for _, q := range to {
			// Mermaid ids cannot hold slashes; the label keeps the path.
			id := func(p string) string { return strings.NewReplacer("/", "_").Replace(p) + `["` + p + `"]` }
			fmt.Fprintf(&b, "  %s --> %s\n", id(p), id(q))
		}
	}
	b.WriteString("```\n")
	if len(from) < 10 {
		t.Fatalf("only %d packages import others:\n%s", len(from), b.String())
	}
	docblock.Check(t, "../../docs/architecture.md", "package graph", "TestArchitectureShowsThePackageGraph", "./internal/repotest", b.String())
}

// TestEngineImportsOnlyEngineAndInternal keeps the walls of the house: the
// engine wing (engine and engine/…) plays chess and nothing else, so it
// imports only itself, the net (nnue) and internal/… — never the
// trainers, the match runner or the front ends, which import it.
func TestEngineImportsOnlyEngineAndInternal(t *testing.T) {
	root := "../.."
	checked := 0
	filepath.WalkDir(filepath.Join(root, "engine"), func(dir string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if d.Name() == "testdata" {
			return filepath.SkipDir
		}
		pkgs, err := parser.ParseDir(token.NewFileSet(), dir, func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, pkg := range pkgs {
			checked++
			for name, f := range pkg.Files {
				for _, imp := range f.Imports {
					p := strings.Trim(imp.Path.Value, `"`)
					if strings.HasPrefix(p, "kibitz/") && p != "kibitz/engine" && p != "kibitz/nnue" && !strings.HasPrefix(p, "kibitz/engine/") && !strings.HasPrefix(p, "kibitz/internal/") {
						t.Errorf("%s imports %s: the engine imports only engine/…, nnue and internal/…", name, p)
					}
				}
			}
		}
		return nil
	})
	if checked < 8 {
		t.Errorf("only %d packages under engine/", checked)
	}
}

// TestInternalIsTheFloor keeps internal/… the bottom of the house: its
// packages (tests aside) import only each other, so that no arrow of the
// package graph runs back up from them to the engine or a front end.
func TestInternalIsTheFloor(t *testing.T) {
	checked := 0
	filepath.WalkDir("../../internal", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for _, imp := range f.Imports {
			if p := strings.Trim(imp.Path.Value, `"`); strings.HasPrefix(p, "kibitz/") && !strings.HasPrefix(p, "kibitz/internal/") {
				t.Errorf("%s imports %s: internal/… imports only internal/…", path, p)
			}
		}
		return nil
	})
	if checked < 8 {
		t.Errorf("only %d Go files under internal/", checked)
	}
}

// TestNNUEIsALeaf keeps the net a library of its own: no file under nnue/,
// tests included, imports a package of this module, so nnue/ can be taken
// alone; the engine adapts its board to it (engine/netinput).
func TestNNUEIsALeaf(t *testing.T) {
	files := 0
	filepath.WalkDir("../../nnue", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		files++
		for _, imp := range f.Imports {
			if p := strings.Trim(imp.Path.Value, `"`); (p == "kibitz" || strings.HasPrefix(p, "kibitz/")) && p != "kibitz/nnue" && !strings.HasPrefix(p, "kibitz/nnue/") {
				t.Errorf("%s imports %s: nnue imports nothing of Kibitz", path, p)
			}
		}
		return nil
	})
	if files < 10 {
		t.Fatalf("only %d Go files under nnue/", files)
	}
}

// TestNoLongFunctions keeps every function of the module, tests included,
// within 80 lines, but negamax, whose numbered steps read best in one
// place (docs/architecture.md).
func TestNoLongFunctions(t *testing.T) {
	const limit = 80
	root := "../.."
	filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == "node_modules" || name == "testdata" || strings.HasPrefix(name, ".") && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil || fn.Name.Name == "negamax" {
				continue
			}
			if n := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line + 1; n > limit {
				t.Errorf("%s: %s is %d lines long (at most %d)", path, fn.Name.Name, n, limit)
			}
		}
		return nil
	})
}
