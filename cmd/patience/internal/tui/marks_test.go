package tui

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// colLines are the lines the board shows for a pile.
func (h *harness) colLines(pile string) []bodyLine {
	h.t.Helper()
	p := h.a.play
	n, ok := p.g.Rules.PileIndex(pile)
	require.True(h.t, ok, pile)
	pl := p.place(testW, testH)
	ri, ci, ok := pl.bv.find(n)
	require.True(h.t, ok)
	return pl.bv.rows[ri].cols[ci].lines
}

func TestCoveredCardsAreMarked(t *testing.T) {
	// Pyramid: every card but the bottom row is covered, and drawn in
	// round brackets (and dimmed, in colour and without).
	h := newHarness(t, "pyramid", 1, "")
	frame := h.frame()
	assert.Contains(t, frame, "(8D)", "p1 is covered")
	assert.Contains(t, frame, "[TH]", "p22 is free")
	assert.True(t, h.colLines("p1")[0].blocked)
	assert.False(t, h.colLines("p22")[0].blocked)

	// TriPeaks likewise.
	tp := newHarness(t, "tripeaks", 1, "")
	assert.True(t, tp.colLines("peak1")[0].blocked)
	assert.False(t, tp.colLines("peak28")[0].blocked)
	assert.Regexp(t, `\(\w\w\)`, tp.frame())

	// Babette's garden: a card is free only with nothing below it.
	b := newHarness(t, "babette", 3, "")
	b.keys("d")
	g := b.colLines("garden1")
	require.Len(t, g, 2)
	assert.True(t, g[0].blocked)
	assert.False(t, g[1].blocked)
	assert.Contains(t, b.frame(), "(AS)")
}

func TestBlockedLook(t *testing.T) {
	// Dimmed in colour and under NO_COLOR alike.
	for _, color := range []bool{true, false} {
		th := newTheme(nil, color)
		assert.True(t, th.styles[lookBlocked].GetFaint(), "colour %v", color)
	}
}

func TestWasteFansTheLastDeal(t *testing.T) {
	h := newHarness(t, "klondike-by-threes", 1, "")
	h.keys("d")
	cards := func() int {
		n := 0
		for _, l := range h.colLines("waste") {
			if l.kind == lineCard {
				n++
			}
		}
		return n
	}
	assert.Equal(t, 3, cards(), "the three cards dealt show")
	h.keys("d")
	assert.Equal(t, 3, cards())
	// Undo and redo keep the fan.
	h.keys("u")
	assert.Equal(t, 3, cards())
	// Klondike deals one: no fan.
	k := newHarness(t, "klondike", 1, "")
	k.keys("d", "d")
	n := 0
	for _, l := range k.colLines("waste") {
		if l.kind == lineCard {
			n++
		}
	}
	assert.Equal(t, 1, n)
}

func TestFoundationsSayWhatComesNext(t *testing.T) {
	// Precedence: bases K, Q, J... and building down round the corner.
	h := newHarness(t, "precedence", 5, "")
	frame := h.frame()
	for _, want := range []string{"next Q", "next J", "next T", "next 6"} {
		assert.Contains(t, frame, want)
	}
	// Plot: up from the base rank the deal sets.
	p := newHarness(t, "plot", 3, "")
	assert.Contains(t, p.frame(), "next 9") // f1 holds an 8
	// Klondike's foundations say nothing: A up in suit is plain to see.
	k := newHarness(t, "klondike", 1, "")
	assert.NotContains(t, k.frame(), "next")
	assert.False(t, strings.Contains(newHarness(t, "babette", 1, "").frame(), "next"))
}

// TestRanksAsOnTheCards: the captions and the header write a ten as the
// cards do, "T", not "10" (Precedence's f4 said "next 10" over cards
// showing "TC").
func TestRanksAsOnTheCards(t *testing.T) {
	h := newHarness(t, "precedence", 5, "")
	assert.Contains(t, h.frame(), "next T ")
	assert.NotRegexp(t, `\b10\b`, h.frame())
	// A value the deal sets: Canfield's base rank, on a deal where it is a ten.
	for seed := uint64(1); ; seed++ {
		require.Less(t, seed, uint64(500), "no deal with a ten for the base")
		c := newHarness(t, "canfield", seed, "")
		if c.game().State().Value(0) != 10 {
			continue
		}
		header := strings.SplitN(c.frame(), "\n", 2)[0]
		assert.Contains(t, header, "b = T", "seed %d", seed)
		assert.Contains(t, c.frame(), "next J", "seed %d", seed)
		assert.NotRegexp(t, `\b10\b`, c.frame(), "seed %d", seed)
		break
	}
}
