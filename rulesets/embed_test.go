package rulesets_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/rulesets"
)

func TestEveryRulesetChecks(t *testing.T) {
	names := rulesets.Names()
	require.GreaterOrEqual(t, len(names), 18)
	for _, n := range names {
		src, ok := rulesets.Source(n)
		require.True(t, ok)
		_, err := check.Source(n+".patience", src)
		assert.NoError(t, err, n)
	}
	_, ok := rulesets.Source("no-such-game")
	assert.False(t, ok)
}

// TestNoGameInGo keeps every game out of the Go code: no Go file outside
// tests names a built-in game, except in comments.
func TestNoGameInGo(t *testing.T) {
	var titles []string
	for _, n := range rulesets.Names() {
		src, _ := rulesets.Source(n)
		g, err := check.Source(n+".patience", src)
		require.NoError(t, err)
		titles = append(titles, regexp.QuoteMeta(strings.ToLower(strings.TrimSpace(strings.Split(g.Name, "(")[0]))))
	}
	re := regexp.MustCompile(`\b(` + strings.Join(titles, "|") + `)\b`)
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && d.Name() != "..") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(src), "\n") {
			code := strings.TrimSpace(line)
			if strings.HasPrefix(code, "//") {
				continue
			}
			if m := re.FindString(strings.ToLower(code)); m != "" {
				t.Errorf("%s:%d names the game %q: a game's rules belong in its .patience file", path, i+1, m)
			}
		}
		return nil
	})
	require.NoError(t, err)
}

// TestExists: Exists is true for the names Names lists, and only those.
func TestExists(t *testing.T) {
	for _, n := range rulesets.Names() {
		assert.True(t, rulesets.Exists(n), n)
	}
	for _, n := range []string{"", "no-such-game", "../rulesets/" + rulesets.Names()[0], "./" + rulesets.Names()[0], rulesets.Names()[0] + ".patience", "."} {
		assert.False(t, rulesets.Exists(n), n)
	}
}
