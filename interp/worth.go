package interp

import "github.com/patience-dev/patience/dsl/check"

// worth rates a position for the search (see portfolio): cards out of play
// count most, then face-down cards (fewer is better), spaces, how deep the
// cards that could go out now lie, and what is left of the stock.
func (sv *solver) worth(s *State) int {
	r := sv.r
	var wanted uint64
	for _, d := range sv.outs {
		a, _ := r.accept(s, d)
		wanted |= a
	}
	w := 0
	for i := range r.piles {
		p := &r.piles[i]
		pile := s.Pile(r, i)
		switch {
		case p.role == check.Foundation || p.role == check.Discard:
			w += 1000 * len(pile)
			continue
		case i == r.stock:
			w += len(pile)
			continue
		case len(pile) == 0 && p.twoWay:
			w += 20
			continue
		}
		depth := 0
		for j := len(pile) - 1; j >= 0; j-- {
			c := pile[j]
			switch {
			case c.IsGap():
				depth = 0
			case c.FaceDown():
				w -= 30
			case wanted>>(c&cardBits)&1 != 0:
				w -= 5 * depth
			}
			if !c.IsGap() {
				depth++
			}
		}
	}
	if !sv.unlimited {
		w -= int(s.redeals) * r.Game.CardCount
	}
	return w
}
