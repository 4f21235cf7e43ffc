package interp

import (
	"testing"

	"github.com/patience-dev/patience/dsl/check"
)

// TestBuildTableIsRelates: the table of a relation, built rank by rank and
// suit by suit, holds exactly the pairs of cards relates says, for every
// kind of relation and of alternative.
func TestBuildTableIsRelates(t *testing.T) {
	var rels []check.Relation
	for step := check.StepDown; step <= check.StepAnyRank; step++ {
		for _, by := range []int{0, 1, 2, 3, 12} {
			for suit := check.AnySuit; suit <= check.OtherSuit; suit++ {
				for _, wrap := range []bool{false, true} {
					rels = append(rels, check.Relation{Step: step, By: by, Suit: suit, Wrap: wrap})
				}
			}
		}
	}
	ors := []*check.Relation{nil,
		{Step: check.StepSame, Suit: check.AlternateColour},
		{Step: check.StepUp, By: 2, Suit: check.SameSuit, Wrap: true, Or: &check.Relation{Step: check.StepAnyRank, Suit: check.OtherSuit}},
	}
	for _, x := range rels {
		for _, or := range ors {
			x.Or = or
			table := buildTable(x)
			for c := range Card(64) {
				for d := range Card(64) {
					real := func(c Card) bool { return c.Rank() >= 1 && c.Rank() <= 13 }
					want := real(c) && real(d) && relates(x, c, d)
					if got := table.fits(c, d); got != want {
						t.Fatalf("%+v (or %+v): %v on %v: table %v, relates %v", x, or, d, c, got, want)
					}
				}
			}
		}
	}
}
