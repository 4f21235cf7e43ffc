// Package stamp says which Go sources the checked-in patience.wasm was
// built from: a hash over every file of every package of this module the
// wasm main imports (as the GOOS=js build sees them, embedded files too),
// the versions of the other modules' packages, and the build flags. The
// generator writes it next to the wasm; a test recomputes it and fails
// when they differ, so a stale wasm cannot go unnoticed.
package stamp

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// Package is the wasm main, as go list names it.
const Package = "github.com/patience-dev/patience/cmd/patience/internal/web/wasm"

// Flags are the build flags of the wasm, part of the hash.
var Flags = []string{"-trimpath", "-ldflags=-s -w"}

// File is the stamp's name in the static directory.
const File = "patience.wasm.stamp"

// Sources hashes the sources of the wasm, from the module whose root is
// root. It runs "go list", so it needs the go command.
func Sources(root string) (string, error) {
	cmd := exec.Command("go", "list", "-deps", "-json=ImportPath,Dir,GoFiles,EmbedFiles,Standard,Module", Package)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go list: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	type pkg struct {
		ImportPath string
		Dir        string
		GoFiles    []string
		EmbedFiles []string
		Standard   bool
		Module     *struct {
			Path, Version string
			Main          bool
		}
	}
	var pkgs []pkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p pkg
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return "", fmt.Errorf("go list: %v", err)
		}
		if !p.Standard {
			pkgs = append(pkgs, p)
		}
	}
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].ImportPath < pkgs[j].ImportPath })
	h := sha256.New()
	fmt.Fprintf(h, "flags %q\n", Flags)
	for _, p := range pkgs {
		if p.Module == nil || !p.Module.Main {
			v := ""
			if p.Module != nil {
				v = p.Module.Path + "@" + p.Module.Version
			}
			fmt.Fprintf(h, "package %s %s\n", p.ImportPath, v)
			continue
		}
		fmt.Fprintf(h, "package %s\n", p.ImportPath)
		files := append(append([]string{}, p.GoFiles...), p.EmbedFiles...)
		sort.Strings(files)
		for _, f := range files {
			b, err := os.ReadFile(filepath.Join(p.Dir, f))
			if err != nil {
				return "", err
			}
			// A checkout that writes CRLF builds the same program.
			b = bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n"))
			fmt.Fprintf(h, "file %s %d\n", filepath.ToSlash(f), len(b))
			h.Write(b)
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// Read returns the source hash a stamp file records.
func Read(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "sources "); ok {
			return strings.TrimSpace(v), nil
		}
	}
	return "", fmt.Errorf("%s: no \"sources\" line", path)
}
