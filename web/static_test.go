package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

// siteDir writes a small built site: a hashed bundle with its gzip form,
// index.html without one.
func siteDir(t *testing.T) (string, []byte) {
	dir := t.TempDir()
	js := bytes.Repeat([]byte("console.log('kibitz');\n"), 200)
	os.WriteFile(filepath.Join(dir, "app-ABCD2345.js"), js, 0o644)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(js)
	zw.Close()
	os.WriteFile(filepath.Join(dir, "app-ABCD2345.js.gz"), gz.Bytes(), 0o644)
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html><title>k</title>"), 0o644)
	return dir, js
}

func get(t *testing.T, h http.Handler, target string, header map[string]string) *http.Response {
	t.Helper()
	req := httptest.NewRequest("GET", target, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func TestStaticCompressionAndCaching(t *testing.T) {
	dir, js := siteDir(t)
	h := staticHandler(http.Dir(dir))
	// A browser that takes gzip gets the precompressed file, marked so.
	resp := get(t, h, "/app-ABCD2345.js", map[string]string{"Accept-Encoding": "gzip, deflate, br"})
	body, _ := io.ReadAll(resp.Body)
	if resp.Header.Get("Content-Encoding") != "gzip" || len(body) >= len(js) || resp.Header.Get("Vary") != "Accept-Encoding" {
		t.Fatalf("gzip: %v, %d bytes for %d", resp.Header, len(body), len(js))
	}
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if plain, _ := io.ReadAll(zr); !bytes.Equal(plain, js) {
		t.Error("the gzip body does not decode to the file")
	}
	if resp.Header.Get("Content-Type") != "text/javascript; charset=utf-8" || resp.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
		t.Errorf("headers %v", resp.Header)
	}
	// Without gzip (or with q=0) the file itself.
	for _, accept := range []string{"", "identity", "gzip;q=0"} {
		resp = get(t, h, "/app-ABCD2345.js", map[string]string{"Accept-Encoding": accept})
		body, _ = io.ReadAll(resp.Body)
		if resp.Header.Get("Content-Encoding") != "" || !bytes.Equal(body, js) {
			t.Errorf("Accept-Encoding %q: %q, %d bytes", accept, resp.Header.Get("Content-Encoding"), len(body))
		}
	}
	// index.html is revalidated: no-cache, and a 304 when unchanged.
	resp = get(t, h, "/", map[string]string{"Accept-Encoding": "gzip"})
	if resp.StatusCode != 200 || resp.Header.Get("Cache-Control") != "no-cache" || resp.Header.Get("Content-Encoding") != "" {
		t.Fatalf("index: %d %v", resp.StatusCode, resp.Header)
	}
	if resp = get(t, h, "/", map[string]string{"If-Modified-Since": resp.Header.Get("Last-Modified")}); resp.StatusCode != http.StatusNotModified {
		t.Errorf("revalidating index.html: %d", resp.StatusCode)
	}
}

func TestAcceptsEncoding(t *testing.T) {
	for header, want := range map[string]bool{
		"gzip": true, "GZIP": true, "br, gzip;q=0.5": true, "deflate": false, "gzip;q=0": false, "gzip; q=0.000": false, "": false, "x-gzip": false,
	} {
		if got := acceptsEncoding(header, "gzip"); got != want {
			t.Errorf("%q: %v", header, got)
		}
	}
}

// Only the names esbuild hashes are cached for good.
func TestHashedNames(t *testing.T) {
	for name, want := range map[string]bool{
		"/app-EHUDODB3.js": true, "/app-CH56N5EK.css": true, "/kibitz-simd-775N3XIF.wasm": true, "/KQvK-ZGU2KW5Y.ktb": true,
		"/endgame-S3KV572Y.kwdl": true, "/standard-R66Z4LSB.svg": true, "/openings-URXHEJVG.tsv": true,
		"/index.html": false, "/manifest.json": false, "/app.js": false, "/app-ehudodb3.js": false, "/app-EHUDODB.js": false,
		"/app-EHUDODB3.js.map": false, "/sub/app-EHUDODB18.js": false,
	} {
		if got := hashedName.MatchString(name); got != want {
			t.Errorf("%s: hashed %v, want %v", name, got, want)
		}
	}
}
