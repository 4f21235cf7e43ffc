package interp_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/interp"
)

// spadesToThree is a deal's first lines that put every spade above the
// Three aside, so that a game of one suit has three cards in play.
var spadesToThree = func() string {
	var b strings.Builder
	for _, r := range []string{"4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"} {
		b.WriteString("    take " + r + "S to junk\n")
	}
	return b.String()
}()

// TestDealsAndGapsByTheReference plays, move by move, lines the language
// reference allows and the interpreter once refused, each on a game whose
// solver called the deal unwinnable; and checks that the solver finds the
// win. (The plain search of the soundness tests shares the move generator,
// so it agreed.)
//
//   - A deal is refused only when the cards it would put on a pile pass
//     the pile's `holds`: near the end of the stock it puts fewer ("fewer
//     if the stock runs out"; a deal to each pile "stops when the stock
//     runs out"). The count written was taken whole, and to every target.
//   - A grid column that holds only gaps holds no card: it covers no pile
//     (`cover ... while any of the covering piles holds a card`) and starts
//     none (`start after PILE`: "only while PILE holds a card"). Its gaps
//     counted.
func TestDealsAndGapsByTheReference(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		seed      uint64
		line      []string // wins
	}{
		{"the last card dealt by two to a waste that holds two", `game "Odd" {
  suits S
  foundation f { base A; build up any-suit }
  stock { deal 2 to waste }
  waste { holds 2; to f }
  reserve junk
  deal {
` + spadesToThree + `    rest to stock
  }
  win when all cards in f, junk
}
`, 13, []string{"deal", "waste f", "deal", "waste f", "waste f"}},
		{"the last card dealt to each of two piles that hold one", `game "Each" {
  suits S
  foundation f { base A; build up any-suit }
  tableau t[2] { holds 1; to f }
  stock { deal 1 to each t }
  reserve junk
  deal {
` + spadesToThree + `    rest to stock
  }
  win when all cards in f, junk
}
`, 8, []string{"deal", "t1 f", "deal", "t1 f", "t2 f"}},
		{"a grid column of gaps covers nothing", `game "GridCover" {
  suits S
  foundation f { base A; build up any-suit }
  tableau g[1] { grid; to f }
  reserve r { to f }
  cover r by g1
  stock { deal 1 to each g }
  reserve junk
  deal {
` + spadesToThree + `    1 to each g
    1 to r
    rest to stock
  }
  win when all cards in f, junk
}
`, 2, []string{"g1:1 f", "deal", "g1:2 f", "r f"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := check.Source("x.patience", []byte(tc.src))
			require.NoError(t, err)
			r := interp.Compile(g)
			game := interp.NewFromRules(r, tc.seed)
			for i, mv := range tc.line {
				_, err := game.Play(mv)
				require.NoError(t, err, "move %d %q", i+1, mv)
			}
			assert.Equal(t, interp.Won, game.Status())
			sol := r.Solve(interp.NewFromRules(r, tc.seed).State(), interp.Limits{Nodes: 100_000})
			assert.Equal(t, interp.Winnable, sol.Verdict, "the solver")
		})
	}

	// A grid column of gaps starts nothing: the solver once won this deal
	// by starting e while g1 held only a gap, a line that did not replay
	// by the reference.
	src := `game "GridStart" {
  suits S
  foundation f { base A; build up any-suit }
  foundation e { base 3; start after g1 }
  tableau g[1] { grid; to f }
  reserve r { to f, e }
  reserve junk
  deal {
` + spadesToThree + `    take 3S to r
    take AS to g1
    take 2S to junk
  }
  win when all cards in f, e, junk
}
`
	g, err := check.Source("x.patience", []byte(src))
	require.NoError(t, err)
	r := interp.Compile(g)
	game := interp.NewFromRules(r, 1)
	_, err = game.Play("g1:1 f")
	require.NoError(t, err)
	_, err = game.Play("r e")
	assert.ErrorContains(t, err, "e may start only after g1 has started")
	// The deal is won the other way round, e started while g1 holds its
	// card; and the solver's line replays.
	sol := r.Solve(interp.NewFromRules(r, 1).State(), interp.Limits{Nodes: 100_000})
	require.Equal(t, interp.Winnable, sol.Verdict, "the solver")
	game = interp.NewFromRules(r, 1)
	for _, m := range sol.Moves {
		require.NoError(t, game.PlayMove(m), r.MoveString(m))
	}
	assert.Equal(t, interp.Won, game.Status())
	assert.Equal(t, "r e", r.MoveString(sol.Moves[0]))
}
