package dsl_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/patience-dev/patience/dsl"
	"github.com/patience-dev/patience/dsl/internal/dsltest"
)

// FuzzParse feeds any bytes to Parse. It must never panic or hang; a
// failure must be a *dsl.Diagnostics whose every position lies inside the
// file, and rendering it must not panic. The seed corpus (every ruleset,
// every checker test input, a few odd files) also runs as a unit test.
func FuzzParse(f *testing.F) {
	for _, src := range dsltest.Corpus(f, filepath.Join("check", "testdata")) {
		f.Add(src)
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
		"game \"x\" { summary \"" + strings.Repeat("漢", 120) + "\" decks Z }",
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
		dsltest.CheckDiagnostics(t, filename, src, d)
	})
}
