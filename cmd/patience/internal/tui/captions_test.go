package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func writeGame(t *testing.T, src string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "g.patience")
	require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	return path
}

// A foundation whose base names one suit but which does not build in suit
// says "next A♠": its caption must fit its column (sized for "next T", the
// column was one short: found in review).
func TestNextCaptionWithBaseSuitFitsItsColumn(t *testing.T) {
	path := writeGame(t, `game "BaseSuit" {
  foundation f[4] {
    base AS, 2H, 3D, 4C
    build up any-suit
  }
  tableau t[8] {
    build down any-suit
    to f, t
  }
  deal { 6 to each t; rest to t1 }
  layout { row f; row t }
  win when all cards in f
}`)
	h := newHarness(t, path, 1, "")
	h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	p := h.a.play
	r, s := p.g.Rules, p.g.State()
	pl := p.place(80, 24)
	for _, rv := range pl.bv.rows {
		for _, c := range rv.cols {
			for _, l := range c.lines {
				if l.kind != lineNext {
					continue
				}
				text := nextText(r, s, c.pile, true)
				assert.LessOrEqual(t, 1+len(text), c.w, "%s's caption %q overflows its column of %d:\n%s", r.PileName(c.pile), text, c.w, h.frame())
			}
		}
	}
}

// Two rows of 26 slots and a row of fanned columns at 80 × 24 fit with
// every hotkey and every card of the fans: the indent of a wrapped row's
// continuations is dropped where it would cost the row a line (it made
// each row of 26 take three, and the board lost its hotkeys and its fans:
// found in review).
func TestIndentKeepsHotkeysAt80x24(t *testing.T) {
	path := writeGame(t, `game "Grid26T" {
  decks 2
  tableau m[52] { in rows of 26; holds 1; to m, aces }
  tableau t[10] { build down any-suit; to t, aces }
  foundation aces { build any }
  deal { 1 to each m; 5 to each t; rest to aces }
  layout { row m; row t; row aces }
  win when all cards in aces
}`)
	h := newHarness(t, path, 1, "")
	h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	frame := h.frame()
	assert.True(t, strings.Contains(frame, "1 m1"), "the hotkeys are gone:\n%s", frame)
	assert.False(t, strings.Contains(frame, "+4"), "the fans are cut:\n%s", frame)
}

// Every pile of a game of 64, the most a game may have, has a key of its
// own (past 53 piles they had none: Red Moon's 56 slots left three without).
func TestEveryPileHasAKey(t *testing.T) {
	path := writeGame(t, `game "Slots" {
  decks 2
  tableau m[63] { in rows of 9; holds 1; to m, aces }
  foundation aces { build any }
  deal { 1 to each m; rest to aces }
  win when all cards in aces
}`)
	h := newHarness(t, path, 1, "")
	h.send(tea.WindowSizeMsg{Width: 120, Height: 40})
	p := h.a.play
	seen := map[rune]bool{}
	for pile, k := range p.keys {
		require.NotZero(t, k, "%s has no key", p.g.Rules.PileName(pile))
		require.False(t, seen[k], "key %q twice", k)
		seen[k] = true
		got, ok := p.keyFor(string(k))
		require.True(t, ok)
		require.Equal(t, pile, got)
	}
	require.Len(t, seen, 64)
}
