package interp_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/interp"
)

// TestSolverReusesMemoryNotResults: a Solver that solves deal after deal,
// reusing the memory of its earlier searches, gives every deal the answer
// a fresh search gives, to the move, the position counted and the byte
// held, with a node limit and with a memory limit that cuts some searches
// short.
func TestSolverReusesMemoryNotResults(t *testing.T) {
	t.Parallel()
	seeds := 8
	if testing.Short() {
		seeds = 3
	}
	for _, name := range []string{"klondike", "freecell", "precedence", "babette", "golf", "canfield"} {
		r := load(t, name)
		for _, lim := range []interp.Limits{{Nodes: 20_000}, {Nodes: 50_000, Memory: 256 << 10}} {
			x := r.NewSolver()
			for seed := uint64(1); seed <= uint64(seeds); seed++ {
				want := r.Solve(r.Deal(seed), lim)
				got := x.Solve(r.Deal(seed), lim)
				want.Elapsed, got.Elapsed = 0, 0
				require.Equal(t, want, got, "%s seed %d, limits %+v", name, seed, lim)
			}
			assert.Positive(t, x.Kept(), name)
		}
	}
}
