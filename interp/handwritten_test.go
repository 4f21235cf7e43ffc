package interp

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl/check"
)

// TestSoundnessOnHandwrittenGames compares the solver, its safe moves, the
// blockage and the lost status with the plain exhaustive search on small
// games written by hand from the language reference alone, for features a
// generator may not reach: phases with labels and build clauses, starts
// after piles and conditions, game values, accepts by state, fill from and
// never, refills from a reserve and the stock, rows, follow left, close up,
// grids, pairs, outranked, covers, shuffled redeals and redeals dealt out,
// stock deals with clauses, discards of runs, free cells, worrying back,
// wrap, holds, whole piles, move any, and other wins.
func TestSoundnessOnHandwrittenGames(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("testdata/handwritten/*.patience")
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 25)
	var total tally
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		_, err = check.Source(f, src)
		require.NoError(t, err, "%s must validate", f)
		var n tally
		for walk := uint64(1); walk <= 3; walk++ {
			require.True(t, checkGenerated(t, string(src), 25, walk, &n, budget{plain: plainLimit, nodes: 100_000}), f)
		}
		t.Logf("%s: %d positions (%d winnable, %d not, %d unknown), %d safe, %d lost, %d blocked, %d inconclusive",
			filepath.Base(f), n.positions, n.wins, n.losses, n.unknown, n.safe, n.lost, n.blocked, n.inconclusive)
		assert.Positive(t, n.positions, "%s: no position was small enough to compare", f)
		total.positions += n.positions
		total.wins += n.wins
		total.losses += n.losses
		total.safe += n.safe
		total.lost += n.lost
	}
	t.Logf("total: %d positions, %d winnable, %d not, %d safe moves, %d lost statuses", total.positions, total.wins, total.losses, total.safe, total.lost)
	assert.Positive(t, total.wins)
	assert.Positive(t, total.losses)
}
