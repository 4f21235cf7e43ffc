package interp

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl/check"
)

// A deal to each empty pile, with none empty, is refused naming its piles
// as they are: a group by its name, a list one by one, a pile alone (it
// said "none of t1 to r", a range that took in t2, and "waste to waste").
func TestDealEachEmptyRefusals(t *testing.T) {
	g, err := check.Source("e.patience", []byte(`game "E" {
  tableau t[3] { to t }
  reserve r { to t }
  stock {
    deal 1 to each empty t
    deal 1 to each empty t1, t3, r
    deal 1 to each empty r
  }
  deal { 1 to each t; 1 to r; rest to stock }
  win when all cards in t
}`))
	require.NoError(t, err)
	game := NewFromRules(Compile(g), 1)
	for cmd, want := range map[string]string{
		"deal":   "cannot deal now: it deals only to empty piles, and no pile of t is empty",
		"deal 2": "cannot deal now: it deals only to empty piles, and none of t1, t3, r is empty",
		"deal 3": "cannot deal now: it deals only to empty piles, and r is not empty",
	} {
		_, err := game.Play(cmd)
		if assert.Error(t, err, cmd) {
			assert.Equal(t, want, err.Error(), cmd)
		}
	}
	assert.Empty(t, game.History(), "a refused deal changes nothing")
}

// Monte Carlo as the books have it: a pair leaves its spaces, the piles
// close up only when the stock deals, and the deal fills the spaces left
// at the end; pairs are of piles that touch.
func TestCloseUpBeforeEachDeal(t *testing.T) {
	g, err := check.Source("mc.patience", []byte(`game "Monte Carlo" {
  tableau m[25] { in rows of 5; holds 1; close up before each deal; to d }
  discard d { pairs same-rank touching }
  stock { deal 1 to each empty m }
  deal { 1 to each m; rest to stock }
  win when all cards in d
}`))
	require.NoError(t, err)
	game := NewFromRules(Compile(g), 1)
	r := game.Rules
	cards := func() (out []string) {
		for i := 0; i < 25; i++ {
			p := game.State().Pile(r, i)
			if len(p) == 0 {
				out = append(out, "..")
			} else {
				out = append(out, p[0].String())
			}
		}
		return out
	}
	before := cards()
	_, err = game.Play("m6+m11 d") // A♦ over 9♦: not a pair, and they touch
	require.Error(t, err)
	_, err = game.Play("m1+m14 d") // 8♦ and 8♥ do not touch
	assert.EqualError(t, err, "m1 and m14 do not touch: d takes a pair only from piles side by side, one above the other or corner to corner")
	_, err = game.Play("m6+m7 d") // A♦ A♣, side by side
	require.NoError(t, err)
	after := cards()
	assert.Equal(t, "..", after[5], "the space stays until the deal")
	assert.Equal(t, "..", after[6])
	assert.Equal(t, before[7:], after[7:], "nothing moved down yet")
	_, err = game.Play("deal")
	require.NoError(t, err)
	dealt := cards()
	assert.Equal(t, append(append(before[:5:5], before[7:]...), dealt[23:]...), dealt, "closed up, then the two spaces at the end dealt")
	assert.NotContains(t, dealt, "..")
}

// A group that closes up before each deal closes up as part of the deal,
// so the deal's room is that of the piles closed up: a deal to t3, full
// while its card waits above two spaces, fits once the card has moved down
// to t1 (it was refused, "t3 is full", and the game called lost).
func TestCloseUpBeforeTheDealMakesRoom(t *testing.T) {
	g, err := check.Source("c.patience", []byte(`game "Close At Deal Room" {
  suits S
  discard d { pairs sum 5 }
  reserve junk
  tableau t[3] { holds 1; close up before each deal; to d }
  stock { deal 1 to t3 }
  deal {
    take AS to t1
    take 4S to t2
    take 6S to t3
    take 2S to junk
    take 3S to junk
    rest to stock
  }
  win when t3 holds 1 card and d holds 4 cards
}`))
	require.NoError(t, err)
	game := NewFromRules(Compile(g), 1)
	_, err = game.Play("t1+t2 d")
	require.NoError(t, err)
	_, err = game.Play("deal")
	require.NoError(t, err, "the deal closes t up first: t3 is empty then")
	r, s := game.Rules, game.State()
	t1, _ := r.PileIndex("t1")
	t3, _ := r.PileIndex("t3")
	assert.Equal(t, 6, s.Pile(r, t1)[0].Rank(), "6♠ moved down to t1")
	assert.Len(t, s.Pile(r, t3), 1, "the card dealt")
	assert.NotEqual(t, Lost, r.Status(s))
}
