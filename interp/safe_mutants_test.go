package interp

import (
	"testing"

	"github.com/patience-dev/patience/dsl/check"
)

// Two safe moves the rules did not make safe, found by a helper mutating
// the built-in games and comparing every claim with the plain search; each
// deal is won by the plain search and was called unwinnable.
func TestSafeMovesFoundByMutants(t *testing.T) {
	for name, src := range map[string]string{
		// A♥ to a foundation "safely" leaves 2♠ with no way out: the two
		// leave together, as a pair, or not at all.
		"half of a pair": `game "Pairs Safe" {
  suits H, S
  foundation f[2] { base A; build up same-suit }
  tableau t[3] { pairs sum 3; to foundations, t }
  reserve junk
  deal {
    take AS to t1
    take 2S to t1
    take AH to t2
    rest to junk
  }
  win when all cards in foundations, junk
}`,
		// A♣ is won by going to the waste, where the redeal gathers it and
		// shifts every later three: a column that moves to the waste is
		// gathered with it, so none of its cards is taken out early.
		"into the redeal": `game "Threes Safe" {
  suits C, H
  foundation f[2] { base A; build up same-suit }
  tableau t[2] { build down alternate-colour; fill never; to waste, foundations }
  stock { deal 3 to waste; redeal unlimited from waste }
  waste { to foundations, t }
  reserve junk
  deal {
    take AH to f1
    take AC to t1
    take 3H to t2
    take 2H to t2
    take 4H to t2
    take 4C to stock
    take 3C to stock
    take 2C to waste
    rest to junk
  }
  win when all cards in foundations, junk
}`,
	} {
		g, err := check.Source("m.patience", []byte(src))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		r := Compile(g)
		s := r.Deal(1)
		if win, complete := (&plain{r: r}).wins(s.Clone()); !win || !complete {
			t.Fatalf("%s: the plain search should win this deal", name)
		}
		var n tally
		if err := soundness(r, s, &plain{r: r}, 100_000, &n); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if v := r.Solve(s, Limits{Nodes: 100_000}).Verdict; v != Winnable {
			t.Errorf("%s: the solver says %v", name, v)
		}
	}
}

// A pile that takes pairs takes them from the other piles whose `to` names
// it, never from itself: "t1 t1" with a 3 on t1 is no move (it was offered,
// and counted as one).
func TestPairsNeverFromThePileItself(t *testing.T) {
	g, err := check.Source("p.patience", []byte(`game "P" {
  suits H, S
  foundation f[2] { base A; build up same-suit }
  tableau t[4] { pairs sum 3; to foundations, t }
  reserve junk
  deal {
    take 3S to t1
    take 2H to t2
    take AS to t2
    take 2S to t2
    take AH to t3
    take 3H to t3
    rest to junk
  }
  win when all cards in foundations, junk
}`))
	if err != nil {
		t.Fatal(err)
	}
	r := Compile(g)
	for _, m := range r.Moves(r.Deal(1), nil) {
		if m.Kind == Pair && (m.From == m.To || m.Count == 2 && m.From2 == m.To) {
			t.Errorf("%s takes a card of %s onto itself", r.MoveString(m), r.PileName(int(m.To)))
		}
	}
}
