package interp

import (
	"slices"
	"testing"

	"github.com/patience-dev/patience/dsl/check"
)

// Every free card of a grid may pair, however many there are: with 70 free
// cards, a King last of them still goes to the discard alone. (The list of
// free cards stopped at 64, so the move went unlisted: "lost" was shown,
// the hint said no move, and the move typed was refused. Found by a
// helper; the plain search uses the same moves, so the differential tests
// could not see it.)
func TestPairsPastTheSixtyFourthFreeCard(t *testing.T) {
	g, err := check.Source("many.patience", []byte(`game "Many" {
  decks 8
  suits S, H
  tableau g[10] { grid; to d }
  discard d { pairs sum 13 }
  stock { deal 1 to each g }
  deal {
    1 to each g
    rest to stock
  }
  win when all cards in d
}`))
	if err != nil {
		t.Fatal(err)
	}
	r := Compile(g)
	var low, rest []string
	var pack []Card
	dealt := r.Deal(1)
	for i := range r.piles {
		pack = append(pack, dealt.Pile(r, i)...)
	}
	for _, c := range pack {
		c = c.Up()
		if c.Rank() <= 6 && len(low) < 69 {
			low = append(low, c.String())
		} else {
			rest = append(rest, c.String())
		}
	}
	ks := slices.Index(rest, "KS")
	rest = slices.Delete(rest, ks, ks+1)
	var piles []PilePosition
	for i := range 10 {
		var col []string
		for k := range 7 {
			c := "KS"
			if i < 9 || k < 6 {
				c, low = low[0], low[1:]
			}
			col = append(col, c)
			if k < 6 {
				col = append(col, "..")
			}
		}
		piles = append(piles, PilePosition{Name: r.PileName(i), Cards: col})
	}
	piles = append(piles, PilePosition{Name: "d", Cards: rest}, PilePosition{Name: "stock", Cards: []string{}})
	game, err := r.Load(&Position{Format: PositionFormat, Game: "Many", Seed: 1, Moves: []string{}, Piles: piles})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, m := range game.Moves() {
		found = found || m.Kind == Pair && m.Count == 1 && r.PileName(int(m.From)) == "g10"
	}
	if !found {
		t.Errorf("KS, free last of 70 cards, is not offered to d alone; the moves: %v", game.Moves())
	}
	if st := game.Status(); st != Playing {
		t.Errorf("status %s with a move to make", st)
	}
}
