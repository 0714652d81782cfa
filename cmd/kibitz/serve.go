package main

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime"
	"time"

	"kibitz/engine"
	"kibitz/web"
)

func runServe(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("serve", stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	dir := fs.String("dir", "dist", "the built site to serve (./build.sh site); empty for the API only")
	cfg := web.Config{}
	fs.IntVar(&cfg.MaxSearches, "max-searches", runtime.NumCPU(), "deep searches (depth > 8) running at once")
	fs.IntVar(&cfg.MaxQueue, "queue", 2*runtime.NumCPU(), "deep searches waiting; more get 503 with Retry-After (0: none wait)")
	fs.DurationVar(&cfg.SearchTime, "search-time", 10*time.Second, "wall-clock cap of one search (0: none)")
	tables := fs.String("tables", "", "directory of endgame tables (kibitz tb gen) for /api/bestmove")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if cfg.MaxSearches < 1 || cfg.MaxSearches > 1024 || cfg.MaxQueue < 0 || cfg.MaxQueue > 100000 || cfg.SearchTime < 0 {
		return errors.New("--max-searches must be in 1..1024, --queue in 0..100000 and --search-time not negative")
	}
	if cfg.MaxQueue == 0 {
		cfg.MaxQueue = -1 // web.Config: -1 is "no queue"
	}
	if *tables != "" {
		set, unused, err := engine.OpenTables(*tables)
		if err != nil {
			return fmt.Errorf("--tables: %w", err)
		}
		cfg.Tables = set
		for _, u := range unused {
			fmt.Fprintf(stderr, "kibitz serve: %s is not used in the search: it needs %s\n", u.Table, u.Needs)
		}
	}
	if *dir != "" {
		if st, err := os.Stat(*dir); err != nil || !st.IsDir() {
			return fmt.Errorf("--dir %s: not a directory (run ./build.sh site first)", *dir)
		}
		cfg.Site = http.Dir(*dir)
	}
	// Listen first: a busy port is an error, not a "serving" line.
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: web.NewHandler(cfg), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stdout, "Kibitz is serving http://%s/\n", ln.Addr())
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
