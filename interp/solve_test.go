package interp_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/interp"
	"github.com/patience-dev/patience/rulesets"
)

// TestSolveReplays checks, on every built-in game, that every winning line
// the solver finds replays to a won game through the normal interpreter.
func TestSolveReplays(t *testing.T) {
	t.Parallel()
	total := 0
	for _, name := range rulesets.Names() {
		r := load(t, name)
		won, lost, unk := 0, 0, 0
		var nodes int
		start := time.Now()
		for seed := uint64(1); seed <= 3; seed++ {
			s := r.Deal(seed)
			sol := r.Solve(s, interp.Limits{Nodes: 20000})
			nodes += sol.Nodes
			switch sol.Verdict {
			case interp.Winnable:
				won++
				total++
				g := interp.NewFromRules(r, seed)
				for _, m := range sol.Moves {
					require.NoError(t, g.PlayMove(m))
				}
				require.Equal(t, interp.Won, g.Status(), name)
			case interp.Unwinnable:
				lost++
			default:
				unk++
			}
		}
		_ = unk
		t.Logf("%-20s won %2d unwinnable %2d unknown %2d  %.0f nodes/s", name, won, lost, unk, float64(nodes)/time.Since(start).Seconds())
	}
	require.Positive(t, total, "the solver should win some of these deals")
}

// BenchmarkSolve measures the solver on one core: nodes per second, and the
// median time per deal, each deal searched up to a node budget, as
// `patience stats` searches (any winning line will do).
func BenchmarkSolve(b *testing.B) {
	for _, name := range []string{"precedence", "plot", "babette", "rouge-et-noir", "klondike", "klondike-by-threes", "klondike-by-threes-worry-back", "freecell", "golf", "black-hole"} {
		b.Run(name, func(b *testing.B) {
			r := load(b, name)
			var times []time.Duration
			nodes := 0
			seed := uint64(0)
			for b.Loop() {
				seed++
				sol := r.Solve(r.Deal(seed), interp.Limits{Nodes: 50_000, AnyLine: true})
				nodes += sol.Nodes
				times = append(times, sol.Elapsed)
			}
			slices.Sort(times)
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms/deal")
		})
	}
}

// A winning line with a detour, once round the whole stock, comes back
// from the solver's shortening without it, and still wins.
func TestShortenLine(t *testing.T) {
	r := load(t, "klondike")
	sol := r.Solve(r.Deal(1), interp.Limits{Nodes: 100000})
	require.Equal(t, interp.Winnable, sol.Verdict)
	s := r.Deal(1)
	r.Apply(s, sol.Moves[0])
	start := s.Clone()
	var detour []interp.Move
	for len(detour) == 0 || !samePiles(r, s, start) {
		for _, m := range r.Moves(s, nil) {
			if m.Kind == interp.Deal || m.Kind == interp.Redeal {
				r.Apply(s, m)
				detour = append(detour, m)
				break
			}
		}
		require.Less(t, len(detour), 100)
	}
	require.Greater(t, len(detour), 20)
	line := append(append([]interp.Move{sol.Moves[0]}, detour...), sol.Moves[1:]...)

	short := r.ShortenLine(r.Deal(1), line)
	assert.LessOrEqual(t, len(short), len(sol.Moves))
	g := interp.NewFromRules(r, 1)
	for _, m := range short {
		require.NoError(t, g.PlayMove(m))
	}
	assert.Equal(t, interp.Won, g.Status())
}

// samePiles reports whether two positions hold the same piles (whatever
// the redeals used).
func samePiles(r *interp.Rules, a, b *interp.State) bool {
	for i := 0; i < r.NumPiles(); i++ {
		if !slices.Equal(a.Pile(r, i), b.Pile(r, i)) {
			return false
		}
	}
	return true
}

// The playouts over steps run only where deals commute and redeals are
// unlimited, and what they win replays move by move through a game.
func TestStepPlayouts(t *testing.T) {
	for name, want := range map[string]bool{
		"klondike-by-threes-worry-back": true, "klondike": true, "canfield": true,
		"precedence": false, "plot": false, "freecell": false, "golf": false, "forty-thieves": false,
	} {
		r := load(t, name)
		_, _, enabled := r.StepPlayouts(r.Deal(1), 10)
		assert.Equal(t, want, enabled, name)
	}
	r := load(t, "klondike-by-threes-worry-back")
	won := 0
	for seed := uint64(1); seed <= 20; seed++ {
		line, ok, _ := r.StepPlayouts(r.Deal(seed), 200_000)
		if !ok {
			continue
		}
		won++
		g := interp.NewFromRules(r, seed)
		for i, m := range line {
			require.NoError(t, g.PlayMove(m), "seed %d, move %d of %d", seed, i+1, len(line))
		}
		assert.Equal(t, interp.Won, g.Status(), "seed %d", seed)
	}
	assert.GreaterOrEqual(t, won, 6, "of 20 deals, 9 are won in 200,000 positions")
	t.Logf("won %d of 20", won)
}

// The playouts' lines never outgrow what the search counts as held for
// them, however long the playouts go on: in Klondike a playout can turn
// the stock round and round, and one that starts from the best line so far
// and gets as many cards out becomes the best line, longer.
func TestPlayoutLinesStayCounted(t *testing.T) {
	for _, name := range []string{"klondike", "klondike-by-threes-worry-back", "freecell", "rouge-et-noir"} {
		r := load(t, name)
		for _, bySteps := range []bool{false, true} {
			if bySteps && r.CommutingWaste() == 0 {
				continue
			}
			for seed := uint64(1); seed <= 3; seed++ {
				longest, counted := r.PlayoutLines(r.Deal(seed), 300_000, bySteps)
				assert.LessOrEqual(t, longest, counted, "%s seed %d, steps %v", name, seed, bySteps)
			}
		}
	}
}

// TestWonAtTheDeal: a game can be won by the deal itself; the solver then
// gives the empty line, not the safe moves it would play first (no move is
// legal in a won game).
func TestWonAtTheDeal(t *testing.T) {
	take := ""
	for _, rk := range strings.Fields("2 3 4 5 6 7 8 9 10 J Q K") {
		take += "    take " + rk + "S to junk\n"
	}
	g, err := check.Source("g.patience", []byte(`game "G" {
  suits S
  foundation f { base A; build up same-suit }
  tableau t[2] { to foundations }
  reserve junk
  deal {
`+take+`    1 to t1
  }
  win when all cards in foundations, t1, junk
}`))
	require.NoError(t, err)
	r := interp.Compile(g)
	sol := r.Solve(r.Deal(1), interp.Limits{})
	assert.Equal(t, interp.Winnable, sol.Verdict)
	assert.Empty(t, sol.Moves)
}

// A search whose time is up stops within a few positions, however many
// a position costs: it looks at the clock at once, and then about every
// millisecond. (It looked every 1,024 positions in the depth-first search
// and, in the playouts, only when a playout happened to end on a multiple
// of 256 positions: a deal of many piles overran a 2 s limit by 1.5 s.)
func TestTimeUpStopsAtOnce(t *testing.T) {
	for _, name := range []string{"klondike-by-threes-worry-back", "freecell", "precedence"} {
		r := rulesOf(t, name)
		sol := r.Solve(r.Deal(1), interp.Limits{Deadline: time.Now().Add(-time.Second)})
		assert.Equal(t, interp.Unknown, sol.Verdict, name)
		assert.Less(t, sol.Nodes, 50, name)
	}
}
