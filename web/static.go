package web

import (
	"mime"
	"net/http"
	"path"
	"strings"
)

func init() {
	// Some systems' MIME tables lack these; the page needs them exact.
	for ext, typ := range map[string]string{
		".wasm": "application/wasm", ".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
		".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".html": "text/html; charset=utf-8",
	} {
		mime.AddExtensionType(ext, typ)
	}
}

// staticHandler serves the built site. Directory listings are not shown:
// a directory without index.html is a 404.
func staticHandler(fsys http.FileSystem) http.Handler {
	files := http.FileServer(fsys)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		p := path.Clean("/" + r.URL.Path)
		if strings.HasSuffix(r.URL.Path, "/") {
			p = path.Join(p, "index.html")
		}
		f, err := fsys.Open(p)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		st, err := f.Stat()
		f.Close()
		if err != nil || st.IsDir() {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("X-Content-Type-Options", "nosniff")
		if strings.HasSuffix(p, ".html") {
			w.Header().Set("Cache-Control", "no-cache")
		}
		files.ServeHTTP(w, r)
	})
}
