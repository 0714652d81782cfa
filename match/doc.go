// Package match plays games between UCI engines and measures their
// strength: paired openings with colours swapped, clocks, adjudication,
// Elo with error bars from pentanomial statistics, an SPRT, and a PGN of
// every game. Game state, legality, outcomes, SAN and PGN of standard games
// come from github.com/notnil/chess, a referee independent of the engines
// it judges; Chess960 games, which notnil/chess does not play, are
// refereed by engine/board. Talking to engines is this package's own UCI
// client, which puts a deadline on every read. FitRatings places many
// players on one Elo scale from the matches between them. A watchdog
// reports engines that stall, with what the kernel knows of them (Linux's
// /proc), and keeps a per-second record of the machine and the engines.
//
// match imports only the standard library, notnil/chess, epd,
// engine/board (for Chess960), internal/pgntext (for opening files),
// internal/regular and internal/version (for the name that marks the
// one engine the watchdog's dump signal is sent to): it drives any UCI
// engine, Kibitz included, as a separate process.
package match
