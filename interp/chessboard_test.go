package interp

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/rulesets"
)

// TestChessboardByThePlainSearch: Chessboard's deals are small enough for
// the plain search, which uses no reduction, to settle whole: every deal
// of 1–120 the solver proves unwinnable, the plain search finds lost too,
// and every won line replays. The base the player fixes (`rank of first
// card to f`) is new to the solver's reductions.
func TestChessboardByThePlainSearch(t *testing.T) {
	t.Parallel()
	src, ok := rulesets.Source("chessboard")
	require.True(t, ok)
	g, err := check.Source("chessboard.patience", src)
	require.NoError(t, err)
	r := Compile(g)
	lost, won := 0, 0
	for seed := uint64(1); seed <= 120; seed++ {
		s := r.Deal(seed)
		sol := r.Solve(s.Clone(), Limits{Nodes: 2_000_000})
		switch sol.Verdict {
		case Unwinnable:
			lost++
			p := &plain{r: r, limit: 3_000_000}
			win, complete := p.wins(s.Clone())
			require.True(t, complete, "seed %d: the plain search did not end", seed)
			assert.False(t, win, "seed %d: unwinnable, but the plain search wins", seed)
		case Winnable:
			won++
			x := s.Clone()
			for _, m := range sol.Moves {
				require.True(t, r.Legal(x, m), "seed %d", seed)
				r.Apply(x, m)
			}
			assert.True(t, r.Won(x), "seed %d: the line does not win", seed)
		}
	}
	assert.Positive(t, lost)
	assert.Positive(t, won)
}

// The first card to reach a value's pile fixes it even when a refill or a
// close-up takes it away at once (the value stayed unknown, and the next
// card fixed it).
func TestFirstValueBeforeSettling(t *testing.T) {
	for _, c := range []struct {
		src   string
		moves []string
	}{
		{`game "C" {
  decks 1
  suits S
  let b = rank of first card to waste
  foundation f { base rank b; build up any-suit wrap; holds 13 }
  tableau t[2] { build down any-suit wrap; refill from waste; to f, t }
  stock { deal 1 to waste }
  waste { to f, t }
  deal { 1, 1 to t; rest to stock }
  win when all cards in foundations
}`, []string{"t1 f", "deal"}},
		{`game "A" {
  decks 1
  suits S
  let b = rank of first card to t4
  foundation f { base rank b; build up any-suit wrap; holds 13 }
  tableau t[4] { build down any-suit; close up; to f, t }
  deal { 4, 4, 1, 0 to t; 4 to f }
  win when all cards in foundations
}`, []string{"t3 t4"}},
	} {
		g, err := check.Source("v.patience", []byte(c.src))
		require.NoError(t, err)
		game := NewFromRules(Compile(g), 1)
		var last Card
		for _, m := range c.moves {
			mv, err := game.Rules.ParseMove(game.State(), m)
			require.NoError(t, err, m)
			if mv.Kind == Deal {
				st := game.State().Pile(game.Rules, game.Rules.stock)
				last = st[len(st)-1]
			} else {
				src := game.State().Pile(game.Rules, int(mv.From))
				last = src[len(src)-1]
			}
			_, err = game.Play(m)
			require.NoError(t, err, m)
		}
		assert.Equal(t, last.Rank(), game.State().Value(0), "%s: the card that arrived fixes b", g.Name)
	}
}

// A refusal lists the bases that refused the card: a value not fixed yet
// takes any rank, so it is not among them (it read "only a card that is any
// card (the first fixes b) and a red card may start it").
func TestFirstValueRefusalNamesTheOtherBases(t *testing.T) {
	g, err := check.Source("b.patience", []byte(`game "B" {
  decks 1
  let b = rank of first card to f
  foundation f[4] { base rank b; base red; build up same-suit wrap; holds 13 }
  tableau t[10] { build either same-suit wrap; to foundations, t }
  deal { 6, 6, 5, 5, 5, 5, 5, 5, 5, 5 to t }
  win when all cards in foundations
}`))
	require.NoError(t, err)
	game := NewFromRules(Compile(g), 1)
	r := game.Rules
	for i := range 10 {
		p, _ := r.PileIndex(fmt.Sprintf("t%d", i+1))
		top := game.State().Pile(r, p)
		if c := top[len(top)-1]; c.Red() {
			continue
		}
		_, err := game.Play(fmt.Sprintf("t%d f1", i+1))
		require.Error(t, err)
		assert.Contains(t, err.Error(), "only a red card may start it")
		return
	}
	t.Fatal("no black card on top of a column")
}
