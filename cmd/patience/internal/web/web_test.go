package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/patience-dev/patience/cmd/patience/internal/web/internal/stamp"
)

// moduleRoot is the directory of go.mod above the test's directory.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
}

// TestWasmIsFresh fails when the checked-in patience.wasm was built from
// other sources than the tree's: then run go generate.
func TestWasmIsFresh(t *testing.T) {
	want, err := stamp.Read(filepath.Join("static", stamp.File))
	if err != nil {
		t.Fatal(err)
	}
	got, err := stamp.Sources(moduleRoot(t))
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Fatalf("static/patience.wasm is stale: it was built from sources %.16s…, the tree has %.16s…; run\n\tgo generate ./cmd/patience/internal/web\nand commit static/", want, got)
	}
	for _, name := range []string{"patience.wasm", "wasm_exec.js", "index.html", "app.js", "style.css"} {
		if _, err := fs.Stat(Static(), name); err != nil {
			t.Errorf("%s is not embedded: %v", name, err)
		}
	}
}

func get(t *testing.T, url string, header ...string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	// No transparent gzip: the test looks at the encoding itself.
	tr := &http.Transport{DisableCompression: true}
	resp, err := (&http.Client{Transport: tr}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

func TestHandler(t *testing.T) {
	srv := httptest.NewServer(Handler())
	defer srv.Close()

	resp := get(t, srv.URL+"/")
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") || !bytes.Contains(body, []byte("patience playground")) {
		t.Fatalf("GET /: %d %s\n%.200s", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
	if resp.Header.Get("ETag") == "" {
		t.Error("GET /: no ETag")
	}
	again := get(t, srv.URL+"/", "If-None-Match", resp.Header.Get("ETag"))
	if again.StatusCode != http.StatusNotModified {
		t.Errorf("GET / with its ETag: %d, want 304", again.StatusCode)
	}

	raw, err := fs.ReadFile(Static(), "patience.wasm")
	if err != nil {
		t.Fatal(err)
	}
	resp = get(t, srv.URL+"/patience.wasm", "Accept-Encoding", "gzip, deflate")
	if resp.Header.Get("Content-Type") != "application/wasm" || resp.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("GET /patience.wasm (gzip): %d %q %q", resp.StatusCode, resp.Header.Get("Content-Type"), resp.Header.Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	unzipped, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(unzipped, raw) {
		t.Fatalf("the gzipped wasm is not the wasm (%v)", err)
	}
	resp = get(t, srv.URL+"/patience.wasm")
	plain, _ := io.ReadAll(resp.Body)
	if resp.Header.Get("Content-Type") != "application/wasm" || resp.Header.Get("Content-Encoding") != "" || !bytes.Equal(plain, raw) {
		t.Fatalf("GET /patience.wasm (plain): %q %q, %d bytes", resp.Header.Get("Content-Type"), resp.Header.Get("Content-Encoding"), len(plain))
	}

	if resp := get(t, srv.URL+"/nothing-here"); resp.StatusCode != http.StatusNotFound {
		t.Errorf("GET /nothing-here: %d, want 404", resp.StatusCode)
	}
	post, err := http.Post(srv.URL+"/", "text/plain", strings.NewReader("x"))
	if err != nil {
		t.Fatal(err)
	}
	post.Body.Close()
	if post.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST /: %d, want 405", post.StatusCode)
	}
}

// TestPageIsTextOnly keeps untrusted text out of HTML: the page's script
// never parses a string as markup.
func TestPageIsTextOnly(t *testing.T) {
	b, err := fs.ReadFile(Static(), "app.js")
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"} {
		if bytes.Contains(b, []byte(bad)) {
			t.Errorf("app.js uses %s: text from a rule file must reach the page only as text", bad)
		}
	}
}
