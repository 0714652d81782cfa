package main

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"

	"kibitz/web"
)

func init() {
	register(command{"serve", "serve the play page (dist/) and the HTTP API", runServe})
}

func runServe(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("serve", stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	dir := fs.String("dir", "dist", "the built site to serve (./build.sh site); empty for the API only")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	cfg := web.Config{}
	if *dir != "" {
		if st, err := os.Stat(*dir); err != nil || !st.IsDir() {
			return fmt.Errorf("--dir %s: not a directory (run ./build.sh site first)", *dir)
		}
		cfg.Site = http.Dir(*dir)
	}
	srv := &http.Server{Addr: *addr, Handler: web.NewHandler(cfg), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stdout, "Kibitz is serving http://%s/\n", *addr)
	if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
