package tui

import (
	"strings"
	"testing"

	"github.com/mattn/go-runewidth"
	"github.com/stretchr/testify/assert"
)

// TestCanvasShowsUntrustedTextSafely: text from a rule file or a save goes
// on the screen escaped, and wide characters keep every column true.
func TestCanvasShowsUntrustedTextSafely(t *testing.T) {
	c := newCanvas(40, 3)
	end := c.put(0, 0, "X\x1b]0;PWNED\x07\u202e", lookPlain)
	c.put(0, 1, "王様 ok", lookPlain)
	c.put(0, 2, "e\u0301|", lookPlain) // e and a combining accent: one column
	out := c.render(newTheme(nil, false))
	assert.NotContains(t, out, "\x1b")
	assert.NotContains(t, out, "\x07")
	assert.NotContains(t, out, "\u202e")
	lines := strings.Split(out, "\n")
	assert.Equal(t, `X\u001b]0;PWNED\u0007\u202e`, lines[0])
	assert.Equal(t, len(`X\u001b]0;PWNED\u0007\u202e`), end, "put returns the column after the escaped text")
	assert.Equal(t, "王様 ok", lines[1])
	assert.Equal(t, 7, runewidth.StringWidth(lines[1]))
	assert.Equal(t, "e\u0301|", lines[2])

	// Writing over half of a wide character blanks the other half.
	c.put(1, 1, "a", lookPlain)
	assert.Equal(t, " a様 ok", strings.Split(c.render(newTheme(nil, false)), "\n")[1])
}

// TestWrapCountsColumns: a message wraps by the terminal's columns, where a
// wide character takes two, and a word longer than the line (a phase label
// in Chinese has no spaces) is broken, so that no part of it is lost when
// the lines are clipped to the screen.
func TestWrapCountsColumns(t *testing.T) {
	label := strings.Repeat("基础", 30) + "🃏🃏 e\u0301e\u0301 שלום"
	text := "f may not start yet: " + label + " then more words"
	lines := wrap(text, 78)
	for _, l := range lines {
		assert.LessOrEqual(t, runewidth.StringWidth(l), 78, "%q", l)
	}
	assert.Equal(t, strings.Join(strings.Fields(text), ""), strings.Join(strings.Fields(strings.Join(lines, "")), ""), "text was lost")
	assert.Equal(t, []string{"one two", "three"}, wrap("one two three", 8))
}
