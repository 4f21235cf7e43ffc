package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A board too large for its keys shows none, and then a pile's key does
// nothing but say so (it picked a pile by a key never shown); where the
// keys are shown they work.
func TestHiddenKeysDoNothing(t *testing.T) {
	h := newHarness(t, "testdata/many-piles.patience", 1, "")
	h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	require.False(t, h.a.play.place(80, 24).bv.keys, "the keys do not fit at 80×24:\n%s", h.frame())
	key, ok := h.a.play.keys[20], h.a.play.keys[20] != 0
	require.True(t, ok)
	h.keys(string(key))
	assert.Nil(t, h.a.play.pick, "no pile picked by a key not shown")
	assert.Contains(t, h.message(), "keys")

	h = newHarness(t, "plot", 3, "")
	require.True(t, h.a.play.place(testW, testH).bv.keys)
	t3, ok := h.game().Rules.PileIndex("t3")
	require.True(t, ok)
	h.keys(string(h.a.play.keys[t3]))
	assert.NotNil(t, h.a.play.pick, "a key shown picks its pile")
}

// Names cut to fit stay distinct: names that differ in the middle keep
// the part where they do (all six were "stack-n…-end").
func TestClippedNamesStayDistinct(t *testing.T) {
	h := newHarness(t, "testdata/clipped-names.patience", 2, "")
	h.send(tea.WindowSizeMsg{Width: 100, Height: 30})
	frame := h.frame()
	for _, word := range []string{"one", "two", "six", "ten", "red", "tan"} {
		assert.Contains(t, frame, word, "the part of the name that differs is shown:\n%s", frame)
	}
	assert.Equal(t, 0, strings.Count(frame, "stack-n…-end"), frame)
}

// A row with a grid numbers the grid's rows only, not the lines of a fan
// beside it (a grid of one row had numbers 1 to 11).
func TestGridRowsNumberedOnly(t *testing.T) {
	h := newHarness(t, "testdata/grid-beside-fan.patience", 2, "")
	h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	numbered := 0
	for _, l := range strings.Split(h.frame(), "\n") {
		f := strings.Fields(l)
		// A number in the margin before a card line ("1  +2  [2H]").
		if len(f) > 1 && len(f[0]) <= 2 && f[0][0] >= '1' && f[0][0] <= '9' && strings.ContainsAny(f[1][:1], "[+") {
			numbered++
		}
	}
	assert.Equal(t, 1, numbered, "one grid row, one number:\n%s", h.frame())
}

// A row too wide for the screen splits into parts that each fit, the last
// pile with the others (r2 stood alone on a line, as if another row's).
func TestWideRowLeavesNoPileAlone(t *testing.T) {
	h := newHarness(t, "testdata/wide-grid-row.patience", 1, "")
	h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	h.keys("d", "d", "d", "d")
	for _, l := range strings.Split(h.frame(), "\n") {
		assert.NotEqual(t, []string{"r2"}, strings.Fields(l), "r2 alone:\n%s", h.frame())
	}
	assert.Contains(t, h.frame(), "r2")
}

// On a screen too small for the board even to say so in full, it says
// the words that matter: how to go on and how to leave (the message was
// cut before "q quits").
func TestTooSmallSaysHowToQuit(t *testing.T) {
	h := newHarness(t, "plot", 3, "")
	h.send(tea.WindowSizeMsg{Width: 30, Height: 6})
	assert.Contains(t, strings.Join(strings.Fields(h.frame()), " "), "q quits", h.frame())
}

// Along a row wrapped over several parts, the right arrow goes on from the
// end of a part to the start of the next, and the left arrow back (they
// stopped at the end of the part, garden8 never reaching garden9).
func TestArrowsAlongAWrappedRow(t *testing.T) {
	h := newHarness(t, "testdata/wide-grid-row.patience", 1, "")
	h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	pl := h.a.play.place(80, 24)
	first := -1
	for ri, rv := range pl.bv.rows {
		if rv.part == 1 {
			first = ri
			break
		}
	}
	require.Positive(t, first, "the row is wrapped at 80 columns")
	last := pl.bv.rows[first-1].cols[len(pl.bv.rows[first-1].cols)-1].pile
	next := pl.bv.rows[first].cols[0].pile
	h.a.play.cursor = spot{pile: last, idx: -1}
	h.keys("right")
	assert.Equal(t, next, h.a.play.cursor.pile, "on into the next part")
	h.keys("left")
	assert.Equal(t, last, h.a.play.cursor.pile, "and back")
}
