package interp_test

import (
	"flag"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/interp"
	"github.com/patience-dev/patience/rulesets"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func loadGame(t testing.TB, name string) *check.Game {
	t.Helper()
	src, ok := rulesets.Source(name)
	require.True(t, ok, name)
	g, err := check.Source(name+".patience", src)
	require.NoError(t, err)
	return g
}

func load(t testing.TB, name string) *interp.Rules {
	return interp.Compile(loadGame(t, name))
}

// dumpPiles writes every pile of a state, one per line.
func dumpPiles(r *interp.Rules, s *interp.State) string {
	var b strings.Builder
	for i := 0; i < r.NumPiles(); i++ {
		fmt.Fprintf(&b, "%-8s", r.PileName(i))
		for _, c := range s.Pile(r, i) {
			b.WriteString(" " + c.String())
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// TestShuffleGolden pins the shuffle itself: the same seed must give the
// same order on every machine and Go version.
func TestShuffleGolden(t *testing.T) {
	var cards []interp.Card
	for s := 0; s < 4; s++ {
		for k := 1; k <= 13; k++ {
			cards = append(cards, interp.NewCard(k, s))
		}
	}
	interp.Shuffle(cards, 1)
	var got []string
	for _, c := range cards[:13] {
		got = append(got, c.String())
	}
	assert.Equal(t, "8D JC KH 4H 2S AD AC 6D 5S 9C 9D KS QC", strings.Join(got, " "))
}

// TestGoldenDeals pins seed 1 of every ruleset.
func TestGoldenDeals(t *testing.T) {
	for _, name := range rulesets.Names() {
		t.Run(name, func(t *testing.T) {
			r := load(t, name)
			got := dumpPiles(r, r.Deal(1))
			path := filepath.Join("testdata", "deals", name+".seed1.txt")
			if *update {
				require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
				require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, string(want), got)
			// Dealing again, and into a used state, gives the same layout.
			s := r.Deal(2)
			r.DealInto(s, 1)
			assert.Equal(t, got, dumpPiles(r, s))
		})
	}
}

func cardCounts(r *interp.Rules, s *interp.State) map[interp.Card]int {
	m := map[interp.Card]int{}
	for i := 0; i < r.NumPiles(); i++ {
		for _, c := range s.Pile(r, i) {
			if !c.IsGap() {
				m[c.Up()]++
			}
		}
	}
	return m
}

// TestPlayoutInvariants plays random legal games of every ruleset and checks
// at every step: the cards are conserved, undo then redo gives back the
// identical state, an illegal move changes nothing, the status is
// consistent; and at the end that replaying seed + moves reproduces the
// final state.
func TestPlayoutInvariants(t *testing.T) {
	t.Parallel()
	seeds := 25
	if testing.Short() {
		seeds = 5
	}
	for _, name := range rulesets.Names() {
		t.Run(name, func(t *testing.T) {
			game := loadGame(t, name)
			rng := rand.New(rand.NewPCG(7, 7))
			for seed := uint64(1); seed <= uint64(seeds); seed++ {
				g := interp.New(game, seed)
				r := g.Rules
				want := cardCounts(r, g.State())
				pack := map[interp.Card]int{}
				for _, c := range r.Pack() {
					pack[c]++
				}
				require.Equal(t, pack, want, "the deal must hold the whole pack")
				require.Len(t, r.Pack(), game.CardCount)
				for step := 0; step < 1000; step++ {
					moves := g.Moves()
					if len(moves) == 0 {
						st := g.Status()
						require.NotEqual(t, interp.Playing, st, "no legal move but still playing")
						break
					}
					// An illegal move (a pile onto itself) changes nothing.
					before := g.State().Clone()
					_, err := g.Play(r.PileName(0) + " " + r.PileName(0))
					require.Error(t, err)
					require.True(t, before.Equal(r, g.State()))

					m := moves[rng.IntN(len(moves))]
					require.NoError(t, g.PlayMove(m), r.MoveString(m))
					after := g.State().Clone()
					require.Equal(t, want, cardCounts(r, after), "cards not conserved after %s", r.MoveString(m))
					// The move reads back from its notation.
					back, err := r.ParseMove(before, r.MoveString(m))
					require.NoError(t, err, r.MoveString(m))
					require.Equal(t, m, back)
					if step%7 == 0 {
						require.True(t, g.Undo())
						require.True(t, before.Equal(r, g.State()), "undo of %s", r.MoveString(m))
						require.True(t, g.Redo())
						require.True(t, after.Equal(r, g.State()), "redo of %s", r.MoveString(m))
					}
					if r.Won(g.State()) {
						require.Equal(t, interp.Won, g.Status())
						break
					}
				}
				replay := interp.New(game, seed)
				for _, m := range g.History() {
					require.NoError(t, replay.PlayMove(m))
				}
				require.True(t, replay.State().Equal(r, g.State()), "replay of seed %d differs", seed)
				// The position round-trips through its JSON form.
				back, err := r.Load(g.Position())
				require.NoError(t, err)
				require.True(t, back.State().Equal(r, g.State()))
			}
		})
	}
}

// BenchmarkPlayout measures random playouts: at each step the full legal
// move list is enumerated once and one move chosen uniformly is applied; a
// playout stops at a win, at no legal move, or after 1,000 moves, and the
// next seed is dealt (dealing counts in the time). It follows the
// definition in the hand-written reference engine's README: seeds 1, 2, 3,
// …, and the move chosen by its own PCG seeded (42, 0x9e3779b97f4a7c15).
func BenchmarkPlayout(b *testing.B) {
	for _, name := range []string{"precedence", "plot", "babette", "rouge-et-noir"} {
		b.Run(name, func(b *testing.B) {
			r := load(b, name)
			s := r.NewState()
			rng := rand.NewPCG(42, 0x9e3779b97f4a7c15) // the move choice's own generator
			pick := func(n int) int {                  // multiply-shift on a 64-bit draw
				hi, _ := bits.Mul64(rng.Uint64(), uint64(n))
				return int(hi)
			}
			buf := make([]interp.Move, 0, 256)
			moves := 0
			seed := uint64(0)
			b.ReportAllocs()
			for b.Loop() {
				seed++
				r.DealInto(s, seed)
				for n := 0; n < 1000; n++ {
					buf = r.Moves(s, buf[:0])
					if len(buf) == 0 {
						break
					}
					r.Apply(s, buf[pick(len(buf))])
					moves++
					if r.Won(s) {
						break
					}
				}
			}
			b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
			b.ReportMetric(float64(moves)/float64(b.N), "moves/playout")
		})
	}
}
