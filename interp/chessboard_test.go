package interp

import (
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
