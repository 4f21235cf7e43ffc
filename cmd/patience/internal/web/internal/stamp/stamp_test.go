package stamp

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// copyModule copies the module's Go sources, rule files and go.mod/go.sum
// (not the built files, nor test data) into a new directory.
func copyModule(t *testing.T, root string) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			if name := d.Name(); rel != "." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "static") {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if !strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, ".patience") && rel != "go.mod" && rel != "go.sum" {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// The hash changes with a source the wasm is built from, and with a rule
// file embedded in it, and not with a test or a file it does not use.
func TestSourcesSeeChanges(t *testing.T) {
	root := copyModule(t, filepath.Join("..", "..", "..", "..", "..", ".."))
	base, err := Sources(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(base) != 64 {
		t.Fatalf("hash %q", base)
	}
	edit := func(rel, text string) string {
		t.Helper()
		path := filepath.Join(root, rel)
		old, err := os.ReadFile(path)
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(append([]byte{}, old...), text...), 0o644); err != nil {
			t.Fatal(err)
		}
		sum, err := Sources(root)
		if err != nil {
			t.Fatal(err)
		}
		if old == nil {
			os.Remove(path)
		} else if err := os.WriteFile(path, old, 0o644); err != nil {
			t.Fatal(err)
		}
		return sum
	}
	for _, rel := range []string{"interp/card.go", "cmd/patience/internal/web/playground/playground.go", "rulesets/klondike.patience"} {
		if edit(rel, "\n// changed\n") == base {
			t.Errorf("a change to %s leaves the hash as it was", rel)
		}
	}
	for _, rel := range []string{"interp/card_extra_test.go", "cmd/patience/internal/cli/cli.go"} {
		text := "\n// changed\n"
		if strings.HasSuffix(rel, "_test.go") {
			text = "package interp\n"
		}
		if edit(rel, text) != base {
			t.Errorf("a change to %s, which the wasm is not built from, changes the hash", rel)
		}
	}
}
