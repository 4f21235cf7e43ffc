package check_test

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl"
	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/rulesets"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// golden runs render on the input.patience of each txtar file matching
// pattern and compares what it returns with the file's want section (or,
// with -update, writes it there).
func golden(t *testing.T, pattern string, render func(t *testing.T, input []byte) string) {
	files, err := filepath.Glob(pattern)
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			require.NoError(t, err)
			var input []byte
			wantAt := -1
			for i, f := range ar.Files {
				switch f.Name {
				case "input.patience":
					input = f.Data
				case "want":
					wantAt = i
				}
			}
			require.NotNil(t, input, "no input.patience section")
			require.GreaterOrEqual(t, wantAt, 0, "no want section")
			got := render(t, input)
			if *update {
				ar.Files[wantAt].Data = []byte(got)
				require.NoError(t, os.WriteFile(file, txtar.Format(ar), 0o644))
				return
			}
			assert.Equal(t, string(ar.Files[wantAt].Data), got)
		})
	}
}

// TestDiagnostics checks each broken file in testdata/*.txtar against the
// diagnostics it must render, as golden text.
func TestDiagnostics(t *testing.T) {
	golden(t, "testdata/*.txtar", func(t *testing.T, input []byte) string {
		_, err := check.Source("input.patience", input)
		require.Error(t, err, "a broken file must not check")
		var d *dsl.Diagnostics
		require.True(t, errors.As(err, &d), "want *dsl.Diagnostics, got %T", err)
		return d.Render()
	})
}

// TestRulesetsCheck proves every built-in ruleset is valid.
func TestRulesetsCheck(t *testing.T) {
	names := rulesets.Names()
	require.NotEmpty(t, names)
	for _, name := range names {
		src, ok := rulesets.Source(name)
		require.True(t, ok)
		g, err := check.Source(name+".patience", src)
		if err != nil {
			var d *dsl.Diagnostics
			if errors.As(err, &d) {
				t.Fatalf("%s:\n%s", name, d.Render())
			}
			t.Fatal(err)
		}
		assert.NotEmpty(t, g.Name)
		assert.Nil(t, g.Warnings, "%s has warnings", name)
		assert.NotEmpty(t, g.Summary, "%s has no summary", name)
		assert.NotNil(t, g.Win)
	}
}

// TestWarnings checks the warnings of each file in testdata/warn/*.txtar,
// files that check, against the text they must render.
func TestWarnings(t *testing.T) {
	golden(t, "testdata/warn/*.txtar", func(t *testing.T, input []byte) string {
		g, err := check.Source("input.patience", input)
		require.NoError(t, err, "a file with warnings still checks")
		if g.Warnings == nil {
			return ""
		}
		for _, d := range g.Warnings.List {
			assert.Equal(t, dsl.Warning, d.Severity)
		}
		return g.Warnings.Render()
	})
}

// A row names piles of a group by their numbers as a declaration does:
// `t[2..4]` is t2, t3, t4, in order, `f[3]` the one pile f3.
func TestLayoutRowOfPartOfAGroup(t *testing.T) {
	g, err := check.Source("rows.patience", []byte(`game "Rows" {
  foundation f[4] { base A; build up same-suit; holds 13 }
  tableau t[2..5] { build down same-suit; to foundations, t }
  deal { take A to each f; 12 to each t }
  layout {
    row f[3], f1, f[2], f4
    row t[4..5], t[2..3]
  }
  win when all cards in foundations
}`))
	require.NoError(t, err)
	var rows [][]string
	for _, row := range g.Layout {
		var names []string
		for _, p := range row {
			names = append(names, g.Piles[p].Name)
		}
		rows = append(rows, names)
	}
	assert.Equal(t, [][]string{{"f3", "f1", "f2", "f4"}, {"t4", "t5", "t2", "t3"}}, rows)
}

// manyPhases is a file of n phase declarations, far past the limit, and n
// uses of phases never declared.
func manyPhases(n int) []byte {
	var b strings.Builder
	b.WriteString("game \"P\" {\n  foundation f[4] { base A; build up same-suit; holds 13 }\n  tableau t[4] { build down any-suit; to foundations, t }\n  deal { 13 to each t }\n")
	for i := range n {
		fmt.Fprintf(&b, "  phase p%05d\n", i)
	}
	b.WriteString("  win when ")
	for i := range n {
		if i > 0 {
			b.WriteString(" or ")
		}
		fmt.Fprintf(&b, "during q%05d", i)
	}
	b.WriteString("\n}\n")
	return []byte(b.String())
}

// Phases past the limit are refused once, and are no names: a file of
// thousands of them, and thousands of unknown names, took minutes to check
// (every unknown name was matched against every phase declared, for a
// suggestion), in the editor at every keystroke. A phase past the limit
// is suggested for no unknown name.
func TestPhasesPastTheLimit(t *testing.T) {
	_, err := check.Source("p.patience", manyPhases(40))
	var ds *dsl.Diagnostics
	require.ErrorAs(t, err, &ds)
	limit := 0
	for _, d := range ds.List {
		if strings.HasPrefix(d.Message, "too many phases") {
			limit++
		}
		assert.NotContains(t, d.Message, "p00020", "a phase past the limit is suggested")
	}
	assert.Equal(t, 1, limit, "the limit is said once")
}

// BenchmarkManyPhases checks a file of 4,000 phases and 4,000 unknown
// phase names (19 s before the limit was checked first).
func BenchmarkManyPhases(b *testing.B) {
	src := manyPhases(4000)
	for b.Loop() {
		_, err := check.Source("p.patience", src)
		require.Error(b, err)
	}
	b.ReportMetric(float64(len(src))/1024, "KiB")
}
