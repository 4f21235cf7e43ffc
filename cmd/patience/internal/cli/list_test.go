package cli

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWrap(t *testing.T) {
	for _, tc := range []struct {
		text, first, rest string
		width             int
		want              string
	}{
		{"", "", "", 10, "\n"},
		{"short", "", "", 10, "short\n"},
		{"one two three four", "", "", 9, "one two\nthree\nfour\n"},
		{"one two three four", "  ", "    ", 10, "  one two\n    three\n    four\n"},
		{"name  Game, 2 decks", "", "", 80, "name  Game, 2 decks\n"},
		{"name  Game", "", "  ", 6, "name\n  Game\n"},
		{"a\tb\nc", "", "", 80, "a b c\n"},
		// A word too long for any line is cut short.
		{"abcdefghijkl", "", "", 5, "abcd…\n"},
		{"x abcdefghijkl y", "  ", "  ", 6, "  x\n  abc…\n  y\n"},
		{"héllo wörld", "", "", 5, "héllo\nwörld\n"},
	} {
		assert.Equal(t, tc.want, wrap(tc.text, tc.first, tc.rest, tc.width), "%q in %d", tc.text, tc.width)
	}
}

// TestListWidth lists the built-in rulesets and some made up to be long:
// no line passes 80 runes, and nothing is lost but what a word too long
// for a line of its own has to lose.
func TestListWidth(t *testing.T) {
	entries := append(builtinEntries(),
		listEntry{Name: strings.Repeat("long-name-", 5), Game: strings.TrimSpace(strings.Repeat("Très Long Jeu ", 8)), Aka: []string{strings.Repeat("É", 100), "Other"}, Decks: 8,
			Summary: strings.Repeat("A summary that goes on and on; ", 10)},
		listEntry{Name: strings.Repeat("x", 120), Error: `invalid: run "patience validate x"`},
	)
	var b strings.Builder
	require.NoError(t, writeList(&b, entries))
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	require.Greater(t, len(lines), 2*len(entries))
	for _, line := range lines {
		assert.LessOrEqual(t, utf8.RuneCountInString(line), 80, "%q", line)
		assert.Equal(t, strings.TrimRight(line, " "), line, "no trailing spaces")
	}
	assert.Contains(t, b.String(), "long-name-long-name-long-name-long-name-long-name-  Très Long Jeu Très Long Jeu\n    Très ")
	assert.Contains(t, b.String(), "    Also known as\n    "+strings.Repeat("É", 75)+"…\n    Other.\n")
}

func TestListEntries(t *testing.T) {
	entries := builtinEntries()
	require.NotEmpty(t, entries)
	for _, e := range entries {
		assert.NotEmpty(t, e.Game, e.Name)
		assert.NotEmpty(t, e.Summary, e.Name)
		assert.NotNil(t, e.Aka, e.Name)
		assert.GreaterOrEqual(t, e.Decks, 1, e.Name)
		assert.Empty(t, e.Error, e.Name)
	}
}
