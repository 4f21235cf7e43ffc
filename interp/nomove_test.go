package interp

import (
	"strings"
	"testing"
	"time"

	"github.com/patience-dev/patience/dsl/check"
)

// A position with no move is settled at once, whatever the limits: won if
// it is won, else lost. (With a memory bound so small that the first
// depth-first search filled it, the playouts found no step to play and
// counted no position, so the rounds went on for ever under a node limit
// alone, and to the deadline under a time limit. Found by a helper, on a
// generated game; this is its position.)
func TestNoMoveIsSettledAtOnce(t *testing.T) {
	g, err := check.Source("n.patience", []byte(`game "G" {
  decks 1
  suits D, S
  foundation f[1] { build either any-suit }
  tableau t[4] { build up by 3 same-colour; move whole; base 10; to foundations, t, c, d }
  cell c[2] { holds 1; to foundations, t }
  discard d { build either any-suit wrap; holds 3 }
  stock {
    deal 2 to waste
    redeal unlimited from waste
  }
  waste { to foundations, t }
  reserve junk
  deal {
`+takeOut("A 2 3 4 5 6 7 8 9 Q K", "D S")+`    3, 0, 0, 0 to t
    move black to bottom of each t
    rest to stock
  }
  win when all cards in foundations, d, junk
}`))
	if err != nil {
		t.Fatal(err)
	}
	r := Compile(g)
	for _, tc := range []struct {
		name, f1, t1 string
		want         Verdict
	}{
		{"lost", "TS", "JS JD TD", Unwinnable}, // TD fits nowhere, and covers the rest
		{"won", "TS JS JD TD", "", Winnable},   // all in place
	} {
		pos := NewFromRules(r, 1).Position()
		for i := range pos.Piles {
			switch pos.Piles[i].Name {
			case "f1":
				pos.Piles[i].Cards = strings.Fields(tc.f1)
			case "t1":
				pos.Piles[i].Cards = strings.Fields(tc.t1)
			case "junk":
			default:
				pos.Piles[i].Cards = nil
			}
		}
		pos.Moves = nil
		game, err := r.Load(pos)
		if err != nil {
			t.Fatal(err)
		}
		s := game.State()
		if len(r.Moves(s, nil)) > 0 {
			t.Fatalf("%s: the position has moves", tc.name)
		}
		for _, lim := range []Limits{{}, {Nodes: 300_000}, {Nodes: 300_000, Memory: 40_000}, {Memory: 40_000, Time: 5 * time.Second}} {
			done := make(chan Solution, 1)
			go func() { done <- r.Solve(s.Clone(), lim) }()
			select {
			case sol := <-done:
				if sol.Verdict != tc.want {
					t.Errorf("%s, %+v: %v, want %v", tc.name, lim, sol.Verdict, tc.want)
				}
				if sol.Elapsed > time.Second {
					t.Errorf("%s, %+v: took %s to settle a position with no move", tc.name, lim, sol.Elapsed)
				}
			case <-time.After(20 * time.Second):
				t.Fatalf("%s, %+v: Solve has not returned after 20 s", tc.name, lim)
			}
		}
	}
}
