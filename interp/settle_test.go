package interp

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl/check"
)

// A stock deal to one grid column (not `to each`) puts a card on it, and
// the move cache is told: the card at the foot of its column is listed
// (it was not, and typing the move was refused).
func TestDealToOneGridColumn(t *testing.T) {
	src := `game "G" {
  foundation f { build any }
  tableau t[2] { grid; to f }
  stock { deal 1 to t1 }
  deal {
    1 to each t
    rest to stock
  }
  win when all cards in f
}`
	g, err := check.Source("g.patience", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	r := Compile(g)
	s := r.Deal(1)
	for _, text := range []string{"t2 f", "t1 f", "deal"} {
		m, err := r.ParseMove(s, text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		r.Apply(s, m)
	}
	cached := movesText(r, r.Moves(s, nil))
	fresh := movesText(r, r.Moves(s.Clone(), nil))
	if cached != fresh {
		t.Fatalf("after a deal to t1: moves listed %s, but a fresh copy of the position lists %s\n%s", cached, fresh, r.dumpState(s))
	}
}

// A refill is made "whenever the pile is empty": two piles that refilled
// from each other passed a card back and forth until refill's guard
// stopped them, on every move. The checker refuses the cycle.
func TestRefillCycleIsRefused(t *testing.T) {
	src := `game "R" {
  foundation f { build any }
  reserve a { refill from b; to f }
  reserve b { refill from c; to f }
  reserve c { refill from a; to f }
  deal {
    1 to a
    rest to f
  }
  win when all cards in f
}`
	_, err := check.Source("r.patience", []byte(src))
	require.Error(t, err)
	assert.Contains(t, err.Error(), `piles refill from one another round a cycle ("a" from "b" from "c" from "a")`)
}

// A pile that refills from a group that closes up empties the group's
// first pile: the row closes up again, after the deal and after every
// move (it was left with a space before piles with cards).
func TestRefillFromARowThatClosesUp(t *testing.T) {
	src := `game "C" {
  foundation f { build any }
  tableau a[4] { build any; close up; to f }
  cell c { refill from a; to f }
  deal {
    1 to each a
    rest to f
  }
  win when all cards in f
}`
	g, err := check.Source("c.patience", []byte(src))
	require.NoError(t, err)
	r := Compile(g)
	rng := rand.New(rand.NewPCG(1, 2))
	s := r.Deal(1)
	for step := 0; ; step++ {
		for _, grp := range r.closing {
			empty := -1
			for _, p := range grp {
				if s.lens[p] == 0 {
					empty = p
				} else if empty >= 0 {
					t.Fatalf("step %d: %s is empty before %s, which holds cards, in a row that closes up:\n%s", step, r.PileName(empty), r.PileName(p), r.dumpState(s))
				}
			}
		}
		ms := r.Moves(s, nil)
		if len(ms) == 0 {
			break
		}
		r.Apply(s, ms[rng.IntN(len(ms))])
	}
}

func movesText(r *Rules, ms []Move) string {
	var out []string
	for _, m := range ms {
		out = append(out, r.MoveString(m))
	}
	return fmt.Sprint(out)
}

// A card taken to the stock lies face down there, as the stock's cards do
// (it lay face up, and no position of the game would load).
func TestTakeToStockLiesFaceDown(t *testing.T) {
	g, err := check.Source("t.patience", []byte(`game "Take to stock" {
  suits S
  foundation f { base A; build up same-suit }
  stock { deal 1 to waste }
  waste { to f }
  deal { take KS to stock; rest to stock }
  win when all cards in f
}`))
	require.NoError(t, err)
	r := Compile(g)
	s := r.Deal(1)
	for _, c := range s.Pile(r, r.stock) {
		require.True(t, c.FaceDown(), "%v lies face up in the stock", c)
	}
	game := NewFromRules(r, 1)
	_, err = r.Load(game.Position())
	require.NoError(t, err, "the position does not load")
}

// A closed pile that follows left, at the start of its row, has its own
// card read by `in place` (against the base rules that apply now), so it
// cannot be hashed by its count alone: d3 and the discard x each hold one
// card after two moves, and with 2S on d3 the game is won, with 3S lost.
// unreadTops hashed both by their counts, so the lost arrangement, searched
// first, made the won one look lost: the solver said unwinnable.
func TestUnreadTopsInPlace(t *testing.T) {
	src := `game "IP" {
  suits S
  foundation d[1..2] { in rows of 2; holds 1; base K; follow left up same-suit }
  foundation d[3..3] { in rows of 2; holds 1; base 2 when r is empty; start when r is not empty; follow left up same-suit }
  discard x
  foundation f { build any; start when x is started }
  reserve r { to f }
  tableau t[2] { to d, x }
  reserve junk
  deal {
    take 3S to t1
    take 2S to t2
    take 4S to r
    rest to junk
  }
  win when d3 is in place and d3 is full and r is empty and every t is empty
}`
	g, err := check.Source("ip.patience", []byte(src))
	require.NoError(t, err)
	r := Compile(g)
	s := r.Deal(1)
	win, complete := (&plain{r: r}).wins(s.Clone())
	require.True(t, complete)
	require.True(t, win, "t2 d3, t1 x, r f wins")
	assert.Equal(t, Winnable, r.Solve(s, Limits{Nodes: 100_000}).Verdict)
	var n tally
	checkGenerated(t, src, 2, 1, &n, budget{plain: 60000, nodes: 100000})
}
