package interp

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl/check"
)

// TestSafeMovesOffWhereTheStockDealsOntoGroups pins a position in which
// the card a safe move would play must stay: the stock deals onto a pile
// that moves any group, and the winning line carries AH off under the
// card dealt on it. Safe moves are off in such games (see safety, G3); with
// that condition left out this test fails: the safe move t1 f1 loses the
// game the plain search wins. (It was found by a search over small games
// of this family.)
func TestSafeMovesOffWhereTheStockDealsOntoGroups(t *testing.T) {
	src := `game "G" {
  suits S, H
  foundation f[2] { base A; build up same-suit }
  tableau t[2] { build down alternate-colour; move any; to foundations, t }
  stock { deal 1 to each t }
  reserve junk
  deal {
    take 5S to junk; take 6S to junk; take 7S to junk; take 8S to junk; take 9S to junk
    take 10S to junk; take JS to junk; take QS to junk; take KS to junk
    take 5H to junk; take 6H to junk; take 7H to junk; take 8H to junk; take 9H to junk
    take 10H to junk; take JH to junk; take QH to junk; take KH to junk
    rest to stock
  }
  win when all cards in foundations, junk
}`
	g, err := check.Source("g.patience", []byte(src))
	require.NoError(t, err)
	r := Compile(g)
	game, err := r.Load(&Position{Format: PositionFormat, Game: "G", Seed: 1, Moves: []string{}, Piles: []PilePosition{
		{Name: "f1", Cards: []string{}}, {Name: "f2", Cards: []string{}},
		{Name: "t1", Cards: []string{"4H", "3H", "AH"}},
		{Name: "t2", Cards: []string{"2H", "AS", "4S"}},
		{Name: "stock", Cards: []string{"(3S)", "(2S)"}},
		{Name: "junk", Cards: []string{"5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH"}},
	}})
	require.NoError(t, err)
	s := game.State()
	p := &plain{r: r}
	win, complete := p.wins(s.Clone())
	require.True(t, complete && win, "the position is winnable")
	m, ok := r.SafeMove(s)
	if !ok {
		return
	}
	x := s.Clone()
	r.Apply(x, m)
	w, c := p.wins(x)
	assert.True(t, !c || w, "the safe move %s loses a winnable game", r.MoveString(m))
}

// TestWholePileFaceDown: a pile that moves whole does so only when all
// its cards are face up, and says so.
func TestWholePileFaceDown(t *testing.T) {
	g, err := check.Source("tw.patience", []byte(`game "TW" {
  foundation f[4] { base A; build up same-suit; holds 13 }
  tableau t[4] { build down any-suit; move top or whole; to foundations, t }
  deal { 13 to each t face down but top }
  win when all cards in foundations
}`))
	require.NoError(t, err)
	game := New(g, 1)
	_, err = game.Play("t1 t2 13")
	require.Error(t, err)
	assert.Equal(t, "the bottom card of t1 is face down: the pile moves whole only when it is face up", err.Error())
}
