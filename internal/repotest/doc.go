// Package repotest holds the repository's own rules as tests, where a
// newcomer looks for them: package comments that name their imports truly,
// the package graph drawn in docs/architecture.md, the engine wing
// importing only itself and internal/…, and no function past 80 lines
// without a reason. It has no code of its own.
//
// repotest imports only the standard library.
package repotest
