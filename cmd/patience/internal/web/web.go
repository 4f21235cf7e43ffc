// Package web serves the browser playground: a page that edits a
// .patience rule file, shows its diagnostics as the author types, and
// plays it on a board, all with the same Go packages the command uses,
// compiled to WebAssembly (./wasm, built by "go generate" into ./static,
// which is checked in). The files are embedded in the binary; they work
// as they are from any static host too.
package web

//go:generate go run ./internal/gen

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"
)

//go:embed static
var embedded embed.FS

// Static is the playground's files: index.html, app.js, style.css,
// patience.wasm, wasm_exec.js.
func Static() fs.FS {
	sub, err := fs.Sub(embedded, "static")
	if err != nil {
		panic(err) // the directory is embedded above
	}
	return sub
}

// Handler serves the playground. Every file has an ETag (it is embedded,
// so has no time), and the wasm goes gzipped to a browser that takes it.
func Handler() http.Handler {
	files := Static()
	h := &handler{files: files, fs: http.FileServerFS(files), etags: map[string]string{}}
	go h.gzipped() // ready before the first browser asks, most often
	return h
}

type handler struct {
	files fs.FS
	fs    http.Handler
	mu    sync.Mutex
	etags map[string]string
	gzip  struct {
		once sync.Once
		b    []byte
		err  error
	}
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name == "" {
		name = "index.html"
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Cache-Control", "no-cache")
	if tag, ok := h.etag(name); ok {
		w.Header().Set("ETag", tag)
	}
	if name == "patience.wasm" {
		w.Header().Set("Vary", "Accept-Encoding")
		if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			if b, err := h.gzipped(); err == nil {
				w.Header().Set("Content-Type", "application/wasm")
				w.Header().Set("Content-Encoding", "gzip")
				w.Header().Set("ETag", strings.TrimSuffix(w.Header().Get("ETag"), `"`)+`-gz"`)
				http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(b))
				return
			}
		}
	}
	h.fs.ServeHTTP(w, r)
}

// etag is a tag of the file's content, computed once.
func (h *handler) etag(name string) (string, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if tag, ok := h.etags[name]; ok {
		return tag, tag != ""
	}
	b, err := fs.ReadFile(h.files, name)
	tag := ""
	if err == nil {
		sum := sha256.Sum256(b)
		tag = `"` + hex.EncodeToString(sum[:8]) + `"`
	}
	h.etags[name] = tag
	return tag, tag != ""
}

// gzipped is the wasm compressed, once.
func (h *handler) gzipped() ([]byte, error) {
	g := &h.gzip
	g.once.Do(func() {
		raw, err := fs.ReadFile(h.files, "patience.wasm")
		if err != nil {
			g.err = err
			return
		}
		var b bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&b, gzip.DefaultCompression)
		if _, err := zw.Write(raw); err != nil {
			g.err = err
			return
		}
		g.err = zw.Close()
		g.b = b.Bytes()
	})
	return g.b, g.err
}
