package web

import (
	"io/fs"
	"mime"
	"net/http"
	"path"
	"regexp"
	"strings"
)

func init() {
	// Some systems' MIME tables lack these; the page needs them exact.
	for ext, typ := range map[string]string{
		".wasm": "application/wasm", ".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
		".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".html": "text/html; charset=utf-8",
		".tsv": "text/tab-separated-values; charset=utf-8", ".ktb": "application/octet-stream", ".kwdl": "application/octet-stream",
		".nnue":        "application/octet-stream",
		".webmanifest": "application/manifest+json", ".png": "image/png",
	} {
		mime.AddExtensionType(ext, typ)
	}
}

// hashedName matches the content-hashed names esbuild gives every file of
// the page but index.html (./build.sh site: NAME-HASH.EXT, the hash eight
// base-32 characters): their contents never change, so they may be cached
// for good.
var hashedName = regexp.MustCompile(`-[A-Z2-7]{8}\.(js|css|wasm|tsv|svg|ktb|kwdl|nnue)$`)

// encodings are the precompressed forms a file may have beside it, best
// first.
var encodings = []struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}}

// staticHandler serves the built site: content-hashed files as immutable,
// everything else revalidated (Last-Modified, so a reload costs a 304),
// and the precompressed FILE.br or FILE.gz to a browser that accepts it.
// Directory listings are not shown: a directory without index.html is a
// 404.
func staticHandler(fsys http.FileSystem) http.Handler {
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
		f, st, ok := openFile(fsys, p)
		if !ok {
			http.NotFound(w, r)
			return
		}
		defer f.Close()
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		if hashedName.MatchString(p) {
			h.Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			h.Set("Cache-Control", "no-cache")
		}
		if typ := mime.TypeByExtension(path.Ext(p)); typ != "" {
			h.Set("Content-Type", typ)
		}
		h.Add("Vary", "Accept-Encoding")
		accept := r.Header.Get("Accept-Encoding")
		for _, e := range encodings {
			if !acceptsEncoding(accept, e.name) {
				continue
			}
			if cf, _, ok := openFile(fsys, p+e.ext); ok {
				defer cf.Close()
				h.Set("Content-Encoding", e.name)
				http.ServeContent(w, r, p, st.ModTime(), cf)
				return
			}
		}
		http.ServeContent(w, r, p, st.ModTime(), f)
	})
}

// openFile opens a regular file of the site.
func openFile(fsys http.FileSystem, p string) (http.File, fs.FileInfo, bool) {
	f, err := fsys.Open(p)
	if err != nil {
		return nil, nil, false
	}
	st, err := f.Stat()
	if err != nil || st.IsDir() {
		f.Close()
		return nil, nil, false
	}
	return f, st, true
}

// acceptsEncoding reports whether an Accept-Encoding header allows enc
// (listed without q=0).
func acceptsEncoding(header, enc string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), enc) {
			q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
			return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
		}
	}
	return false
}
