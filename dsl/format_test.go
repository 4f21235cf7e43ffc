package dsl_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl"
	"github.com/patience-dev/patience/dsl/internal/dsltest"
	"github.com/patience-dev/patience/rulesets"
)

// TestFormatGolden formats the input.patience of every txtar file under
// testdata/format and compares it with want.patience (or, for a file that
// does not parse, the error with want-error). The output must also be
// formatted already.
func TestFormatGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "format", "*.txtar"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			require.NoError(t, err)
			var input []byte
			for _, f := range ar.Files {
				if f.Name == "input.patience" {
					input = f.Data
				}
			}
			require.NotNil(t, input, "no input.patience")
			got, err := dsl.Format("input.patience", input)
			want, wantName := string(got), "want.patience"
			if err != nil {
				want, wantName = err.Error()+"\n", "want-error"
			}
			if *update {
				var out []txtar.File
				for _, f := range ar.Files {
					if f.Name == "input.patience" {
						out = append(out, f)
					}
				}
				ar.Files = append(out, txtar.File{Name: wantName, Data: []byte(want)})
				require.NoError(t, os.WriteFile(file, txtar.Format(ar), 0o644))
				return
			}
			found := false
			for _, f := range ar.Files {
				if f.Name == wantName {
					found = true
					assert.Equal(t, string(f.Data), want)
				}
			}
			require.True(t, found, "no %s in %s (got:\n%s)", wantName, file, want)
			if err == nil {
				again, err := dsl.Format("want.patience", got)
				require.NoError(t, err)
				assert.Equal(t, string(got), string(again), "formatting is not idempotent")
				sameTree(t, input, got)
			}
		})
	}
}

// TestRulesetsFormatted checks that every built-in ruleset is in the
// canonical layout (run `patience fmt -w rulesets/*.patience` to fix).
func TestRulesetsFormatted(t *testing.T) {
	names := rulesets.Names()
	require.NotEmpty(t, names)
	for _, name := range names {
		src, ok := rulesets.Source(name)
		require.True(t, ok, name)
		got, err := dsl.Format(name, src)
		require.NoError(t, err)
		assert.Equal(t, string(src), string(got), "%s is not formatted: run patience fmt -w on it", name)
	}
}

// TestFormatKeepsTheWords: the rules hash reads a file's words, so that
// formatting, comments and layout keep every save and result; other words
// make other words.
func TestFormatKeepsTheWords(t *testing.T) {
	for _, name := range rulesets.Names() {
		src, _ := rulesets.Source(name)
		want, ok := dsl.Words(src)
		require.True(t, ok, name)
		// Laid out otherwise: a comment more, blank lines, tabs, CRLF.
		messy := "# laid out anyhow\r\n" + strings.ReplaceAll(strings.ReplaceAll(string(src), "\n  ", "\n\n\t"), "\n", "\r\n")
		got, ok := dsl.Words([]byte(messy))
		require.True(t, ok, name)
		assert.Equal(t, string(want), string(got), name)
		formatted, err := dsl.Format(name, []byte(messy))
		require.NoError(t, err, name)
		got, _ = dsl.Words(formatted)
		assert.Equal(t, string(want), string(got), name)
		other, _ := dsl.Words([]byte(strings.Replace(string(src), "{", "{ decks 3;", 1)))
		assert.NotEqual(t, string(want), string(other), name)
	}
	a, _ := dsl.Words([]byte("game \"x\" { tableau t[2] { build down any-suit; to t } }"))
	b, _ := dsl.Words([]byte("game \"x\" {\n  tableau t[2] {\n    build down any-suit\n    to t\n  }\n}\n"))
	assert.Equal(t, string(a), string(b), "semicolons only separate")
}

func TestFormatRefusesBadInput(t *testing.T) {
	for _, src := range []string{"", "game", `game "x" { tableau t[2] { bulid down } }`, "game \"x\" { \x1b }", "game \"x\" { summary \"a\\q\" }"} {
		_, err := dsl.Format("bad.patience", []byte(src))
		var d *dsl.Diagnostics
		require.True(t, errors.As(err, &d), "%q: %v", src, err)
		assert.True(t, d.HasErrors())
		assert.True(t, strings.HasPrefix(d.Error(), "bad.patience:"), d.Error())
	}
}

// FuzzFormat formats any input that parses: the result must parse to the
// same syntax tree (positions aside), and formatting it again must change
// nothing. Input that does not parse must be refused with diagnostics.
func FuzzFormat(f *testing.F) {
	for _, src := range dsltest.Corpus(f, filepath.Join("check", "testdata")) {
		f.Add(src)
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "format", "*.txtar"))
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for _, x := range ar.Files {
			f.Add(x.Data)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		out, err := dsl.Format("fuzz.patience", src)
		if err != nil {
			var d *dsl.Diagnostics
			if !errors.As(err, &d) {
				t.Fatalf("Format error is %T, not *dsl.Diagnostics: %v", err, err)
			}
			if _, perr := dsl.Parse("fuzz.patience", src); perr == nil {
				t.Fatalf("Format refused a file that parses: %v", err)
			}
			return
		}
		sameTree(t, src, out)
		again, err := dsl.Format("fuzz.patience", out)
		if err != nil {
			t.Fatalf("formatted output does not format: %v\n%s", err, out)
		}
		if string(again) != string(out) {
			t.Fatalf("not idempotent:\n--- once\n%s\n--- twice\n%s", out, again)
		}
	})
}

// sameTree fails unless a and b parse to the same syntax tree, positions
// aside.
func sameTree(t *testing.T, a, b []byte) {
	t.Helper()
	fa, err := dsl.Parse("a", a)
	require.NoError(t, err)
	fb, err := dsl.Parse("b", b)
	require.NoError(t, err, "formatted output does not parse:\n%s", b)
	clearPositions(reflect.ValueOf(fa))
	clearPositions(reflect.ValueOf(fb))
	if !reflect.DeepEqual(fa, fb) {
		t.Fatalf("the syntax tree changed:\n--- before\n%s\n--- after\n%s", a, b)
	}
}

// clearPositions zeroes every At in a syntax tree.
func clearPositions(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			clearPositions(v.Elem())
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			clearPositions(v.Index(i))
		}
	case reflect.Struct:
		if v.Type() == reflect.TypeOf(dsl.At{}) {
			if v.CanSet() {
				v.Set(reflect.Zero(v.Type()))
			}
			return
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				clearPositions(v.Field(i))
			}
		}
	}
}

// TestFormatAnyLayout takes every built-in ruleset apart and puts it
// together in odd layouts: a comment after every token, a line break after
// every token, everything on one line. Each must format to the same tree,
// keep every comment, and be formatted again unchanged.
func TestFormatAnyLayout(t *testing.T) {
	for _, name := range rulesets.Names() {
		src, _ := rulesets.Source(name)
		toks := dsl.Tokens(src)
		var comments, breaks, flat strings.Builder
		for i, tok := range toks {
			if tok.Comment {
				continue
			}
			fmt.Fprintf(&comments, "%s # c%d\n", tok.Text, i)
			breaks.WriteString(tok.Text + "\n\n\n")
			flat.WriteString(tok.Text + " ")
		}
		for kind, text := range map[string]string{"comments": comments.String(), "breaks": breaks.String(), "flat": flat.String()} {
			out, err := dsl.Format(name, []byte(text))
			require.NoError(t, err, "%s, %s", name, kind)
			sameTree(t, src, out)
			again, err := dsl.Format(name, out)
			require.NoError(t, err)
			require.Equal(t, string(out), string(again), "%s, %s: not idempotent", name, kind)
			if kind == "comments" {
				for i, tok := range toks {
					if !tok.Comment {
						require.Contains(t, string(out), fmt.Sprintf("# c%d\n", i), "%s: a comment was lost", name)
					}
				}
			}
		}
	}
}
