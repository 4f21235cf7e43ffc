// Package rulesets holds the built-in games as .patience files, embedded in
// the binary. A ruleset's name is its file name without the extension.
package rulesets

import (
	"embed"
	"io/fs"
	"slices"
	"strings"
)

//go:embed *.patience
var files embed.FS

// Names lists the built-in rulesets, sorted.
func Names() []string {
	entries, _ := fs.ReadDir(files, ".")
	var out []string
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), ".patience"); ok {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// Exists reports whether name is a built-in ruleset, one that Names lists,
// without listing them.
func Exists(name string) bool {
	f, err := files.Open(name + ".patience")
	if err != nil {
		return false
	}
	defer f.Close()
	fi, err := f.Stat()
	return err == nil && !fi.IsDir()
}

// Source returns the text of a built-in ruleset, and whether it exists.
func Source(name string) ([]byte, bool) {
	b, err := files.ReadFile(name + ".patience")
	return b, err == nil
}
