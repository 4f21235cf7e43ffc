// Package dsltest holds test helpers shared by the tests of dsl and the
// stages after it.
package dsltest

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/rogpeppe/go-internal/txtar"

	"github.com/patience-dev/patience/dsl"
	"github.com/patience-dev/patience/rulesets"
)

// Corpus is the seed corpus of the fuzz targets that read rule files: every
// built-in ruleset, and the input.patience of every txtar file in dir (the
// checker's golden tests).
func Corpus(tb testing.TB, dir string) [][]byte {
	tb.Helper()
	var out [][]byte
	for _, name := range rulesets.Names() {
		src, _ := rulesets.Source(name)
		out = append(out, src)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
	if err != nil {
		tb.Fatal(err)
	}
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			tb.Fatal(err)
		}
		for _, x := range ar.Files {
			if x.Name == "input.patience" {
				out = append(out, x.Data)
			}
		}
	}
	return out
}

// CheckDiagnostics checks that every diagnostic lies inside src, names the
// file, has a message, ends no earlier than it starts, and that the
// diagnostics render.
func CheckDiagnostics(t testing.TB, filename string, src []byte, d *dsl.Diagnostics) {
	t.Helper()
	src = dsl.Normalize(src)
	if !bytes.Equal(d.Source, src) {
		t.Errorf("Diagnostics.Source is not the file")
	}
	lines := strings.Split(string(src), "\n")
	inside := func(p lexer.Position) bool {
		return p.Line >= 1 && p.Line <= len(lines) &&
			p.Column >= 1 && p.Column <= utf8.RuneCountInString(lines[p.Line-1])+1
	}
	for _, x := range d.List {
		if x.Message == "" {
			t.Errorf("%s: empty message", x.Header())
		}
		if x.Pos.Filename != filename {
			t.Errorf("%s: file name %q, want %q", x.Header(), x.Pos.Filename, filename)
		}
		if !inside(x.Pos) {
			t.Errorf("%s: position %d:%d is outside the file (%d lines)", x.Header(), x.Pos.Line, x.Pos.Column, len(lines))
		}
		if x.End.Line != 0 || x.End.Column != 0 {
			if !inside(x.End) {
				t.Errorf("%s: end %d:%d is outside the file (%d lines)", x.Header(), x.End.Line, x.End.Column, len(lines))
			}
			if x.End.Line < x.Pos.Line || (x.End.Line == x.Pos.Line && x.End.Column < x.Pos.Column) {
				t.Errorf("%s: end %d:%d is before the start", x.Header(), x.End.Line, x.End.Column)
			}
		}
	}
	_ = d.Error()
	_ = d.Render()
}
