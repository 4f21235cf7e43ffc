package dsl_test

import (
	"bytes"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/rogpeppe/go-internal/txtar"

	"github.com/patience-dev/patience/dsl"
	"github.com/patience-dev/patience/rulesets"
)

// FuzzParse feeds any bytes to Parse. It must never panic or hang; a
// failure must be a *dsl.Diagnostics whose every position lies inside the
// file, and rendering it must not panic. The seed corpus (every ruleset,
// every checker test input, a few odd files) also runs as a unit test.
func FuzzParse(f *testing.F) {
	for _, name := range rulesets.Names() {
		src, _ := rulesets.Source(name)
		f.Add(src)
	}
	files, err := filepath.Glob(filepath.Join("check", "testdata", "*.txtar"))
	if err != nil {
		f.Fatal(err)
	}
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for _, x := range ar.Files {
			if x.Name == "input.patience" {
				f.Add(x.Data)
			}
		}
	}
	for _, s := range []string{
		"",
		"\n",
		"game",
		`game "x" {`,
		`game "x" { }`,
		"game \"x\" {\r\n\tdecks 1\r\n}\r\n",
		`game "unterminated { decks 1 }`,
		"game \"x\" {\n  decks 1 # comment \"with quote\n}",
		`game "x" { tableau t[3] { build down alternate-colour } }`,
		`game "é" { tableau t[3] { bulid down } }`,
		"game \"x\" {\n\t\tfoundaton f[4]\n}",
		"game \"x\" { deal { tak K to f1 } }",
		"game \"x\" { layout { rwo t } }",
		"game \"x\" { tableau t[2] { } deal { 1 to each t } }\n\x00",
		"game \"x\" { \xff }",
		strings.Repeat("(", dsl.MaxDepth+1),
		`game "x" { "\"" }`,
		"game \"x\" { summary \"a\\\nb\" }",
		"日本語 game",
		"game \"x\" {\n  tableau t[2] {\n    to t,\n  }\n}\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		const filename = "fuzz.patience"
		file, err := dsl.Parse(filename, src)
		if err == nil {
			if file == nil || file.Game == nil {
				t.Fatalf("Parse returned no error and no game")
			}
			return
		}
		var d *dsl.Diagnostics
		if !errors.As(err, &d) {
			t.Fatalf("Parse error is %T, not *dsl.Diagnostics: %v", err, err)
		}
		if len(d.List) == 0 || !d.HasErrors() {
			t.Fatalf("Parse failed with no error diagnostic")
		}
		checkDiagnostics(t, filename, src, d)
	})
}

// checkDiagnostics checks that every diagnostic lies inside src and that
// the diagnostics render.
func checkDiagnostics(t *testing.T, filename string, src []byte, d *dsl.Diagnostics) {
	t.Helper()
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
