package interp

import (
	"math/rand/v2"
	"testing"

	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/rulesets"
	"github.com/stretchr/testify/require"
)

// TestKeyTermsKept: the key from the pile terms a state keeps (see
// solver.key) is the key hashed afresh, along random lines of every
// built-in game and of generated ones, where states are copied from one to
// another as the search copies them.
func TestKeyTermsKept(t *testing.T) {
	var games []*Rules
	for _, name := range rulesets.Names() {
		src, _ := rulesets.Source(name)
		g, err := check.Source(name+".patience", src)
		require.NoError(t, err)
		games = append(games, Compile(g))
	}
	for i := range 200 {
		if g, err := check.Source("gen.patience", []byte(genGame(rand.New(rand.NewPCG(uint64(i), 0x5eed))))); err == nil {
			games = append(games, Compile(g))
		}
	}
	steps := 0
	for gi, r := range games {
		rng := rand.New(rand.NewPCG(uint64(gi), 9))
		for seed := uint64(1); seed <= 3; seed++ {
			s := r.Deal(seed)
			sv := r.newSolver(s, Limits{}, r.wasteMask(), true)
			a, b := r.newState(), r.newState()
			a.CopyFrom(s)
			for range 150 {
				moves := r.Moves(a, nil)
				if len(moves) == 0 {
					break
				}
				sv.key(a) // the terms are kept before the move, as in the search
				b.CopyFrom(a)
				r.Apply(b, moves[rng.IntN(len(moves))])
				require.Equal(t, sv.key(b.Clone()), sv.key(b), "%s, seed %d: the kept terms give another key", r.Game.Name, seed)
				a, b = b, a
				steps++
			}
		}
	}
	t.Logf("%d games, %d positions", len(games), steps)
}

// TestStepsCapKept: the capacities of the steps at every depth, which held
// reads at every new depth, are kept summed as the lists grow, rather than
// summed afresh (which made deep searches quadratic: FreeCell's deal 4393
// spent half its time there).
func TestStepsCapKept(t *testing.T) {
	for _, name := range []string{"freecell", "klondike", "precedence"} {
		src, _ := rulesets.Source(name)
		g, err := check.Source(name+".patience", src)
		require.NoError(t, err)
		r := Compile(g)
		for seed := uint64(1); seed <= 3; seed++ {
			s := r.Deal(seed)
			sv := r.newSolver(s, Limits{Nodes: 20_000}, r.wasteMask(), true)
			sv.dfs(s.Clone(), 0)
			sum := 0
			for _, st := range sv.steps {
				sum += cap(st)
			}
			require.Positive(t, sum)
			require.Equal(t, sum, sv.stepsCap, "%s, seed %d", name, seed)
		}
	}
}
