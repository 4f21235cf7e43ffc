// Command gen builds the playground's WebAssembly into ../../static: run
// it with "go generate ./cmd/patience/internal/web" after changing any Go
// code the wasm is built from (the test TestWasmIsFresh says when). It
// writes patience.wasm (GOOS=js GOARCH=wasm, -trimpath -ldflags="-s -w"),
// copies wasm_exec.js from the Go installation that built it, the two
// going together, and records the hash of the sources in
// patience.wasm.stamp.
package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/patience-dev/patience/cmd/patience/internal/web/internal/stamp"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func goCmd(env []string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(string(out)), nil
}

func run() error {
	root, err := goCmd(nil, "list", "-m", "-f", "{{.Dir}}")
	if err != nil {
		return err
	}
	static := filepath.Join(root, "cmd", "patience", "internal", "web", "static")
	goroot, err := goCmd(nil, "env", "GOROOT")
	if err != nil {
		return err
	}
	version, err := goCmd(nil, "env", "GOVERSION")
	if err != nil {
		return err
	}
	wasm := filepath.Join(static, "patience.wasm")
	args := append(append([]string{"build"}, stamp.Flags...), "-o", wasm, stamp.Package)
	if _, err := goCmd([]string{"GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0"}, args...); err != nil {
		return err
	}
	// Not an executable of this system: keep it a plain file in git.
	if err := os.Chmod(wasm, 0o644); err != nil {
		return err
	}
	// wasm_exec.js is in lib/wasm since Go 1.24, misc/wasm before.
	var js []byte
	for _, dir := range []string{"lib/wasm", "misc/wasm"} {
		if js, err = os.ReadFile(filepath.Join(goroot, dir, "wasm_exec.js")); err == nil {
			break
		}
	}
	if err != nil {
		return fmt.Errorf("wasm_exec.js not found in %s: %v", goroot, err)
	}
	if err := os.WriteFile(filepath.Join(static, "wasm_exec.js"), js, 0o644); err != nil {
		return err
	}
	sum, err := stamp.Sources(root)
	if err != nil {
		return err
	}
	fi, err := os.Stat(wasm)
	if err != nil {
		return err
	}
	text := fmt.Sprintf("sources %s\ngo %s\nbuilt GOOS=js GOARCH=wasm go build %s\nbytes %d\n",
		sum, version, strings.Join(stamp.Flags, " "), fi.Size())
	if err := os.WriteFile(filepath.Join(static, stamp.File), []byte(text), 0o644); err != nil {
		return err
	}
	fmt.Printf("wrote %s (%d bytes), wasm_exec.js and %s\n", wasm, fi.Size(), stamp.File)
	return nil
}
