package interp

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/rulesets"
)

// order sorts long lists of steps otherwise than short ones, to the same
// order: that of a stable insertion sort, on lists of every length with
// many equal steps.
func TestOrderIsStable(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 2, 5, 32, 33, 100, 5000} {
		steps := make([]step, n)
		for i := range steps {
			steps[i] = step{score: int16(rng.IntN(3)), worth: int32(rng.IntN(4)), deals: uint16(rng.IntN(5)), tie: uint32(rng.IntN(2)), m: Move{From: uint8(i), To: uint8(i >> 8)}}
		}
		want := slices.Clone(steps)
		for i := 1; i < len(want); i++ {
			for j := i; j > 0 && before(want[j], want[j-1]); j-- {
				want[j], want[j-1] = want[j-1], want[j]
			}
		}
		order(steps)
		assert.Equal(t, want, steps, "%d steps", n)
	}
}

// rateSteps turns the stock on from step to step; each step's worth must
// be the worth of the position the step leads to from the position itself,
// the step played and then the safe moves: on Klondike and by threes, after some moves, and on
// a game whose stock goes round ten times.
func TestRateStepsAsPlayed(t *testing.T) {
	long, err := check.Source("long.patience", []byte(`game "Long" {
  foundation f[4] { base A; build up same-suit; holds 13 }
  stock { deal 1 to waste; redeal 10 from waste }
  waste { to t, foundations }
  tableau t[4] { build down any-suit; to t, foundations }
  deal { rest to stock }
  win when all cards in foundations
}`))
	require.NoError(t, err)
	games := map[string]*Rules{"long": Compile(long)}
	for _, name := range []string{"klondike", "klondike-by-threes-worry-back", "canfield"} {
		src, ok := rulesets.Source(name)
		require.True(t, ok, name)
		g, err := check.Source(name+".patience", src)
		require.NoError(t, err)
		games[name] = Compile(g)
	}
	checked := 0
	for name, r := range games {
		waste := r.wasteMask()
		require.NotZero(t, waste, "%s: deals commute", name)
		rng := rand.New(rand.NewPCG(3, 4))
		for seed := uint64(1); seed <= 3; seed++ {
			s := r.Deal(seed)
			for range 20 {
				sv := r.newSolver(s, Limits{}, waste, true)
				steps, _, _ := r.steps(s, waste, nil, nil, sv.scratch)
				if len(steps) == 0 {
					break
				}
				sv.rateSteps(s, steps, r.newState())
				for _, st := range steps {
					next := s.Clone()
					sv.playSafe(next, r.applyStep(next, st, nil))
					require.Equal(t, int32(sv.worth(next)), st.worth, "%s seed %d: step %+v", name, seed, st)
					checked++
				}
				moves := r.Moves(s, nil)
				r.Apply(s, moves[rng.IntN(len(moves))])
			}
		}
	}
	assert.Greater(t, checked, 5_000, "steps rated and checked")
}
