package interp

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/rulesets"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// blockGame is a game of spades and hearts from Ace to 4 (the other ranks
// are put aside), with the piles given.
func blockGame(t *testing.T, piles string) *Rules {
	t.Helper()
	var junk []string
	for _, su := range "SH" {
		for _, rk := range []string{"5", "6", "7", "8", "9", "10", "J", "Q", "K"} {
			junk = append(junk, fmt.Sprintf("take %s%c to junk", rk, su))
		}
	}
	src := fmt.Sprintf("game \"G\" {\n  suits S, H\n%s\n  reserve junk\n  deal {\n    %s\n    rest to t1\n  }\n  win when all cards in foundations, junk\n}\n",
		piles, strings.Join(junk, "\n    "))
	g, err := check.Source("g.patience", []byte(src))
	require.NoError(t, err, src)
	return Compile(g)
}

// TestBlockage: each way out of a pile that the blockage counts is one a
// winning line needs in some position, and a dead card is found.
func TestBlockage(t *testing.T) {
	tableau := "  foundation f[2] { base A; build up same-suit }\n  tableau t[2] { build down any-suit; %s; to foundations, t }"
	cases := []struct {
		name, piles string
		pos         map[string][]string
		blocked     bool
	}{{
		name:    "the two of spades lies on the Ace and its only three under it",
		piles:   fmt.Sprintf(tableau, "fill never"),
		pos:     map[string][]string{"t1": {"(3S)", "(AS)", "2S"}, "t2": {"4H", "3H", "2H", "AH", "4S"}},
		blocked: true,
	}, {
		name:  "a run carries the two off the Ace: it leaves at the top of a group",
		piles: fmt.Sprintf(tableau, "move runs; fill never"),
		pos:   map[string][]string{"t1": {"(AS)", "3S", "2S"}, "t2": {"4H", "3H", "2H", "AH", "4S"}},
	}, {
		name:  "the Ace leaves for the foundation, uncovering the two",
		piles: fmt.Sprintf(tableau, "fill never"),
		pos:   map[string][]string{"t1": {"(4S)", "(3S)", "(2S)", "AS"}, "t2": {"4H", "3H", "2H", "AH"}},
	}, {
		name:  "the two goes to an empty column that takes a two",
		piles: fmt.Sprintf(tableau, "base 2"),
		pos:   map[string][]string{"t1": {"4H", "3H", "2H", "AH", "(4S)", "(3S)", "(AS)", "2S"}, "t2": {}},
	}, {
		name: "worrying back: the three of hearts comes off its foundation for the two",
		piles: "  foundation f[2] { base A; build up same-suit; to t }\n" +
			"  tableau t[2] { build down any-suit; fill never; to foundations, t }",
		pos: map[string][]string{"f2": {"AH", "2H", "3H"}, "t1": {"(4S)", "(3S)", "(AS)", "2S"}, "t2": {"4H"}},
	}, {
		name: "no worrying back: the three of hearts stays on its foundation",
		piles: "  foundation f[2] { base A; build up same-suit }\n" +
			"  tableau t[2] { build down any-suit; fill never; to foundations, t }",
		pos:     map[string][]string{"f2": {"AH", "2H", "3H"}, "t1": {"(4S)", "(3S)", "(AS)", "2S"}, "t2": {"4H"}},
		blocked: true,
	}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := blockGame(t, tc.piles)
			var piles []PilePosition
			for i := range r.piles {
				name := r.PileName(i)
				cards := tc.pos[name]
				if name == "junk" {
					for _, su := range "SH" {
						for _, rk := range "56789TJQK" {
							cards = append(cards, fmt.Sprintf("%c%c", rk, su))
						}
					}
				}
				piles = append(piles, PilePosition{Name: name, Cards: append([]string{}, cards...)})
			}
			game, err := r.Load(&Position{Format: PositionFormat, Game: "G", Seed: 1, Moves: []string{}, Piles: piles})
			require.NoError(t, err)
			s := game.State()
			win, complete := (&plain{r: r}).wins(s.Clone())
			require.True(t, complete)
			require.Equal(t, !tc.blocked, win, "the plain search")
			b := r.newBlockage()
			require.True(t, b.enabled)
			assert.Equal(t, tc.blocked, b.blocked(s))
		})
	}
}

// BenchmarkBlockage: the cost of asking the blockage of a position, on
// positions along random lines of Klondike by threes with worrying back.
func BenchmarkBlockage(b *testing.B) {
	src, _ := rulesets.Source("klondike-by-threes-worry-back")
	g, err := check.Source("k.patience", src)
	require.NoError(b, err)
	r := Compile(g)
	var states []*State
	rng := rand.New(rand.NewPCG(1, 2))
	for seed := uint64(1); len(states) < 256; seed++ {
		s := r.Deal(seed)
		for range 20 {
			states = append(states, s.Clone())
			moves := r.Moves(s, nil)
			if len(moves) == 0 {
				break
			}
			r.Apply(s, moves[rng.IntN(len(moves))])
		}
	}
	bl := r.newBlockage()
	b.ResetTimer()
	n := 0
	for i := range b.N {
		if bl.blocked(states[i%len(states)]) {
			n++
		}
	}
	b.ReportMetric(float64(n)/float64(b.N), "blocked/op")
}
