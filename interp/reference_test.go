package interp_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/interp"
)

// Rules of the language reference that the interpreter once broke, found
// by a review that read the reference sentence by sentence. Each plays a
// small file to the position where the rule decides.

// gameOf deals src for seed and plays moves.
func gameOf(t *testing.T, src string, seed uint64, moves ...string) *interp.Game {
	t.Helper()
	g := interp.NewFromRules(rulesFrom(t, src), seed)
	for i, m := range moves {
		_, err := g.Play(m)
		require.NoError(t, err, "move %d %q", i+1, m)
	}
	return g
}

// pileCards is pile name's cards as a position writes them.
func pileCards(g *interp.Game, name string) []string {
	for _, p := range g.Position().Piles {
		if p.Name == name {
			return p.Cards
		}
	}
	return nil
}

// moveList is the legal moves as text.
func moveList(g *interp.Game) []string {
	var out []string
	for _, m := range g.Moves() {
		out = append(out, g.Rules.MoveString(m))
	}
	return out
}

// "A stock deal with `each` to a grid fills the next row": the row is the
// grid's, not the length of an ordinary pile dealt to beside it (the grid
// columns were padded to it, and the row-1 cards left free).
func TestGridRowBesideAnOrdinaryPile(t *testing.T) {
	g := gameOf(t, `game "Mix" {
  foundation f[4] { base A; build up same-suit; holds 13 }
  tableau g[2] { grid; to foundations }
  tableau t { build down any-suit; to foundations }
  stock { deal 1 to each g1, g2, t }
  deal { 1 to each g; 8 to t; rest to stock }
  win when all cards in foundations
}`, 9, "deal")
	for _, col := range []string{"g1", "g2"} {
		assert.Len(t, pileCards(g, col), 2, "%s: the second row, no gaps", col)
		assert.NotContains(t, pileCards(g, col), "..", col)
	}
	assert.Len(t, pileCards(g, "t"), 9)
	for _, m := range moveList(g) {
		assert.NotContains(t, []string{"g1:1 f1", "g2:1 f1", "g1:1 f2", "g2:1 f2", "g1:1 f3", "g2:1 f3", "g1:1 f4", "g2:1 f4"}, m, "a row-1 card under row 2 is not available")
	}
}

// "An empty pile is in place ... the card after it is not in place": a
// condition on whether m3 is in place reads the piles to its left too,
// and the moves it allows follow them as they change (the moves kept from
// before the change were used).
func TestInPlaceConditionFollowsTheRow(t *testing.T) {
	src := func(x string) string {
		return `game "IP" {
  suits S
  tableau m[3] { in rows of 3; holds 1; base 2; follow left up same-suit; to m, x }
  cell x { holds 1; to m }
  reserve r { to e }
  tableau e { start when m3 is in place; build any }
  deal {
    take 3S to m2
    take 4S to m3
    take 2S to ` + x + `
    rest to r
  }
  win when e holds 10 cards
}`
	}
	// 2S onto m1: m2 and m3 come in place, and e may start.
	g := gameOf(t, src("x"), 1)
	assert.NotContains(t, moveList(g), "r e")
	_, err := g.Play("x m1")
	require.NoError(t, err)
	assert.Contains(t, moveList(g), "r e", "m3 is in place now")
	// 2S off m1: m3 is in place no more.
	g = gameOf(t, src("m1"), 1)
	assert.Contains(t, moveList(g), "r e")
	_, err = g.Play("m1 x")
	require.NoError(t, err)
	assert.NotContains(t, moveList(g), "r e", "m3 is not in place now")
	_, err = g.Play("r e")
	assert.Error(t, err)
}

// "A face-down card never moves": a pile that moves whole moves only when
// none of its cards is face down.
func TestMoveWholeKeepsFaceDownCards(t *testing.T) {
	g := gameOf(t, `game "FD2" {
  foundation f[4] { base A; build up same-suit; holds 13 }
  tableau t[4] { build any; move whole; to t, foundations }
  deal {
    1 to each t
    2 to each t face down
    rest to each t by 10
  }
  win when all cards in foundations
}`, 1)
	assert.Contains(t, pileCards(g, "t1")[1], "(", "dealt face down")
	assert.NotContains(t, moveList(g), "t1 t2")
	_, err := g.Play("t1 t2")
	assert.Error(t, err)
}

// "A card moved out [of a grid] leaves a gap that is never filled": the
// deal's `move PATTERN to PILE` leaves gaps in a grid too (its cards moved
// down over them, covering the cards the gaps should have freed).
func TestSetAsideLeavesGapsInAGrid(t *testing.T) {
	src := `game "GridAside" {
  foundation f[4] { base 2; build up same-suit; holds 12 }
  discard aces
  tableau g[4] { grid; to foundations }
  deal {
    13 to each g
    move A to aces
  }
  win when all cards in foundations, aces
}`
	g := gameOf(t, src, 1)
	n, gaps := 0, 0
	for _, col := range []string{"g1", "g2", "g3", "g4"} {
		cards := pileCards(g, col)
		n += len(cards)
		gaps += len(slices.DeleteFunc(slices.Clone(cards), func(c string) bool { return c != ".." }))
	}
	assert.Equal(t, 52, n, "every slot stays")
	assert.Equal(t, 4, gaps, "an Ace's slot is a gap")
	// 2S lies in g1's row 5 over a gap where an Ace was: it is free.
	require.Equal(t, "2S", pileCards(g, "g1")[4])
	assert.Contains(t, moveList(g), "g1:5 f1")
}

// Refusals say the reason that holds: a deal whose clause holds is refused
// for the pile it does not fit; a move of several cards onto a pile with
// room for fewer says the room.
func TestRefusalsSayTheReasonThatHolds(t *testing.T) {
	g := gameOf(t, `game "DealMsg" {
  foundation f[4] { base A; build up same-suit; holds 13 }
  tableau t[4] { holds 3; build down any-suit; to t, foundations }
  stock { deal 1 to each t when no t is empty }
  deal {
    3, 1, 1, 1 to t
    rest to stock
  }
  win when all cards in foundations
}`, 1)
	_, err := g.Play("deal")
	assert.EqualError(t, err, "cannot deal now: t1 is full (it holds 3 cards)")

	g = gameOf(t, `game "FullMsg" {
  tableau a { build any; move any; to b }
  tableau b { holds 4; build any; to a }
  reserve r
  deal {
    5 to a
    2 to b
    rest to r
  }
  win when a is empty
}`, 1)
	_, err = g.Play("a b 3")
	assert.ErrorContains(t, err, "b has room for 2 cards, not 3")
}
