package interp_test

import (
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/interp"
	"github.com/patience-dev/patience/rulesets"
)

// TestSolveReplays checks, on every built-in game, that every winning line
// the solver finds replays to a won game through the normal interpreter.
func TestSolveReplays(t *testing.T) {
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
// median time per deal, each deal searched up to a node budget.
func BenchmarkSolve(b *testing.B) {
	for _, name := range []string{"precedence", "plot", "babette", "rouge-et-noir", "klondike", "klondike-by-threes", "klondike-by-threes-worry-back", "freecell"} {
		b.Run(name, func(b *testing.B) {
			r := load(b, name)
			var times []time.Duration
			nodes := 0
			seed := uint64(0)
			for b.Loop() {
				seed++
				sol := r.Solve(r.Deal(seed), interp.Limits{Nodes: 50_000})
				nodes += sol.Nodes
				times = append(times, sol.Elapsed)
			}
			slices.Sort(times)
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms/deal")
		})
	}
}
