package interp_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/interp"
)

// Deals commute with the other moves exactly where the stock deals to a
// waste that nothing else touches.
func TestCommutingWaste(t *testing.T) {
	for name, commutes := range map[string]bool{
		"klondike": true, "klondike-by-threes-worry-back": true, "precedence": true, "plot": true,
		"forty-thieves": true, "canfield": true,
		"red-and-black": false, // spaces refill from the waste and the stock
		"babette":       false, // the stock deals a row to the garden
		"rouge-et-noir": false, // and one card to every column
		"spider":        false,
		"freecell":      false, // no stock
		"pyramid":       false, // the waste's top card pairs with others
	} {
		assert.Equal(t, commutes, load(t, name).CommutingWaste() != 0, name)
	}
}

// What the solver leaves out must never change a verdict: on small games
// searched to the end, it decides every deal the same way when it searches
// every deal on its own instead of "deal k times, then play from the
// waste" as one step, and when it plays no safe move; and its wins replay.
func TestReductionsKeepVerdicts(t *testing.T) {
	t.Parallel()
	klondike := `
game "Tiny Klondike" {
  suits S, H
  foundation f[2] { base A  build up same-suit  holds 13 }
  tableau t[3] { build down alternate-colour  move runs  base K  to foundations, t }
  stock { %s }
  waste { to foundations, t }
  deal { 1, 2, 3 to t face down but top  rest to stock }
  win when all cards in foundations
}`
	open := `
game "Tiny Open Klondike" {
  suits S, H
  foundation f[2] { base A  build up same-suit  holds 13 }
  tableau t[4] { build down alternate-colour  move runs  to foundations, t }
  stock { deal 2 to waste }
  waste { to foundations, t }
  deal { 1, 1, 1, 1 to t face down but top  rest to stock }
  win when all cards in foundations
}`
	garden := `
game "Tiny Garden" {
  suits S, H
  foundation f[2] { base A  build up same-suit  holds 13 }
  tableau g[4] { grid  to foundations }
  stock { deal 1 to each g  redeal 1 from g }
  deal { 1 to each g  rest to stock }
  win when all cards in foundations
}`
	for name, src := range map[string]string{
		"turn 2, unlimited redeals":  fmt.Sprintf(klondike, "deal 2 to waste  redeal unlimited from waste"),
		"turn 3, unlimited redeals":  fmt.Sprintf(klondike, "deal 3 to waste  redeal unlimited from waste"),
		"turn 2, two redeals":        fmt.Sprintf(klondike, "deal 2 to waste  redeal 2 from waste"),
		"turn 2, no redeal":          open,
		"turn 1, one redeal":         fmt.Sprintf(klondike, "deal 1 to waste  redeal 1 from waste"),
		"rows to a grid, one redeal": garden,
	} {
		g, err := check.Source("tiny.patience", []byte(src))
		require.NoError(t, err, name)
		r := interp.Compile(g)
		won, lost := 0, 0
		for seed := uint64(1); seed <= 40; seed++ {
			a := r.Solve(r.Deal(seed), interp.Limits{})
			b := r.SolveDealByDeal(r.Deal(seed), interp.Limits{})
			c := r.SolveWithoutSafeMoves(r.Deal(seed), interp.Limits{})
			require.NotEqual(t, interp.Unknown, a.Verdict)
			require.Equal(t, a.Verdict, b.Verdict, "%s, seed %d, deal by deal", name, seed)
			require.Equal(t, a.Verdict, c.Verdict, "%s, seed %d, without safe moves", name, seed)
			switch a.Verdict {
			case interp.Winnable:
				won++
				g := interp.NewFromRules(r, seed)
				for _, m := range a.Moves {
					require.NoError(t, g.PlayMove(m))
				}
				require.Equal(t, interp.Won, g.Status())
			case interp.Unwinnable:
				lost++
			}
		}
		// Both verdicts occur, or the comparison proves little.
		t.Logf("%s: %d won, %d unwinnable", name, won, lost)
		assert.Positive(t, won, name)
		assert.Positive(t, lost, name)
	}
}
