package interp

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/patience-dev/patience/dsl/check"
)

// Rule files on which the checker gives a warning that is false, each won
// (or shown false) on seed 1: fr1, "won as soon as it is dealt" though a
// pile refills from the win's pile once the deal is done; tk1 and tk2, a
// `take` written after a `move PATTERN to PILE`, but made before the
// shuffle, so that the move sets the taken card aside (a false "can never
// leave" and a false "won as soon as it is dealt"); rd1, the stock filled
// by its redeal, read as a pile of the win that only moves fill; fl1, a
// pile that follows left, whose `base` does not apply, read as one no card
// matches.
var falseWarnRules = map[string]string{
	"fr1": `game "FR1" {
  suits S
  foundation f { build any; to t }
  tableau t { refill from f; to f }
  deal { rest to f }
  win when all cards in f
}
`,
	"tk1": `game "TK1" {
  suits S
  reserve r
  discard d
  foundation f { base 2; build up same-suit; holds 12 }
  tableau t[12] { to f }
  deal { move A to d; take AS to r; 1 to each t }
  win when all cards in f, d
}
`,
	"tk2": `game "TK2" {
  suits S
  foundation f { build any }
  discard d
  deal { move A to d; take AS to f; rest to f }
  win when all cards in f
}
`,
	"rd1": `game "RD1" {
  suits S
  foundation f { base K; build up same-suit; holds 13 }
  stock { deal 1 to waste; redeal 1 from waste }
  waste { to f }
  deal { rest to waste }
  win when all cards in stock, f
}
`,
	"fl1": `game "FL1" {
  suits S
  tableau m[2] { in rows of 2; holds 1; base K; base Q; follow left down same-suit; to m }
  foundation f { base J; build down same-suit; holds 11 }
  tableau t[12] { to m, f }
  deal { take KS to m1; 1 to each t }
  win when all cards in m, f
}
`,
}

func TestFalseWarnings(t *testing.T) {
	for name, src := range falseWarnRules {
		t.Run(name, func(t *testing.T) {
			var n tally
			if !checkGenerated(t, src, 4, 1, &n, budget{plain: 60000, nodes: 100000}) {
				t.Fatal("refused by the checker")
			}
		})
	}
}

// "X can never start" is given for a pile that a stock deal or a refill
// fills, whatever its `start` says: st1 is won by dealing the stock onto
// it, and st2's pile is refilled at once.
var falseStartRules = map[string]string{
	"st1": `game "ST1" {
  suits S
  discard e
  foundation g { start after e; base A; build up same-suit; holds 13 }
  stock { deal 1 to g }
  deal { rest to stock }
  win when all cards in g
}
`,
	"st2": `game "ST2" {
  suits S
  discard e
  tableau t { to g }
  foundation g { start when e is started; build any; refill from t }
  deal { rest to t }
  win when all cards in g
}
`,
}

var neverStarts = regexp.MustCompile(`"([^"]+)" can never start`)

func TestFalseStartWarnings(t *testing.T) {
	for name, src := range falseStartRules {
		t.Run(name, func(t *testing.T) {
			g, err := check.Source("gen.patience", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			r := Compile(g)
			var piles []int
			if g.Warnings != nil {
				for _, d := range g.Warnings.List {
					if m := neverStarts.FindStringSubmatch(d.Message); m != nil {
						p, _ := r.PileIndex(m[1])
						piles = append(piles, p)
					}
				}
			}
			rng := rand.New(rand.NewPCG(1, 7))
			for seed := uint64(1); seed <= 4; seed++ {
				s := r.Deal(seed)
				for range 300 {
					for _, p := range piles {
						if len(s.Pile(r, p)) > 0 {
							t.Fatalf("seed %d: the checker says %s can never start, but it holds a card\n%s\n%s", seed, r.PileName(p), src, strings.TrimSpace(g.Warnings.Render()))
						}
					}
					moves := r.Moves(s, nil)
					if len(moves) == 0 {
						break
					}
					r.Apply(s, moves[rng.IntN(len(moves))])
				}
			}
		})
	}
}
