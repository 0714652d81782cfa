package web

import (
	"net/http"
)

// Config configures the handler.
type Config struct {
	// Site is the built static site (dist/); nil serves the API only.
	Site http.FileSystem
}

// NewHandler returns the handler for the API and the site.
func NewHandler(c Config) http.Handler {
	mux := http.NewServeMux()
	if c.Site != nil {
		mux.Handle("/", staticHandler(c.Site))
	}
	return mux
}
