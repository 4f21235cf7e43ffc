package dsl_test

import (
	"errors"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl"
	"github.com/patience-dev/patience/dsl/check"
)

// TestReadmeExamples checks every complete game in the language reference,
// so the reference cannot drift from the language.
func TestReadmeExamples(t *testing.T) {
	src, err := os.ReadFile("README.md")
	require.NoError(t, err)
	blocks := regexp.MustCompile("(?s)```patience\n(.*?)```").FindAllStringSubmatch(string(src), -1)
	games := 0
	for _, b := range blocks {
		if !strings.HasPrefix(strings.TrimSpace(b[1]), "game ") && !strings.Contains(b[1], "\ngame ") {
			continue // a fragment
		}
		games++
		_, err := check.Source("README.md", []byte(b[1]))
		var d *dsl.Diagnostics
		if errors.As(err, &d) {
			t.Errorf("example %d does not check:\n%s\n%s", games, d.Render(), b[1])
		} else {
			require.NoError(t, err)
		}
	}
	require.GreaterOrEqual(t, games, 5, "the reference should hold complete examples")
}

// TestReadmeReservedWords: the reference lists exactly the reserved words
// of the grammar.
func TestReadmeReservedWords(t *testing.T) {
	src, err := os.ReadFile("README.md")
	require.NoError(t, err)
	m := regexp.MustCompile("(?s)The reserved words are:\n\n(.*?)\n\n").FindSubmatch(src)
	require.NotNil(t, m, "no list of reserved words in README.md")
	var listed []string
	for _, w := range strings.Fields(strings.ReplaceAll(string(m[1]), "`", " ")) {
		listed = append(listed, w)
	}
	var want []string
	for _, w := range dsl.Keywords() {
		want = append(want, w)
	}
	slices.Sort(want)
	require.Equal(t, want, listed, "README.md's reserved words, in order")
}
