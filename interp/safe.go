package interp

import (
	"math/bits"

	"github.com/patience-dev/patience/dsl/check"
)

// safety finds moves the rules prove safe to play at once: a card to a
// foundation when no other foundation could ever take it and no other pile
// could ever build on it, from a pile whose other cards it does not
// affect. Such a card is never needed anywhere else, and a foundation
// never gives a card back, so playing it loses nothing.
type safety struct {
	r       *Rules
	enabled bool
	copies  [64]uint8 // copies of each card in the pack
	found   []int     // foundation piles
	out     []int     // foundation and discard piles: where cards end
	builds  []int     // other piles that build
	fixed   uint64    // piles no card may leave safely (see newSafety)
	classes [][]int
}

func (r *Rules) newSafety(s *State) *safety {
	sf := &safety{r: r, classes: r.interchangeable()}
	for _, c := range r.Pack() {
		sf.copies[c&cardBits]++
	}
	sf.enabled = true
	for i := range r.piles {
		p := &r.piles[i]
		switch p.role {
		case check.Foundation, check.Discard:
			if p.toMask != 0 {
				sf.enabled = false // cards may come back
			}
			sf.out = append(sf.out, i)
			if p.role == check.Foundation {
				sf.found = append(sf.found, i)
			}
		default:
			if p.build != nil {
				sf.builds = append(sf.builds, i)
			}
		}
		for _, f := range p.refill {
			if r.piles[f].role == check.Foundation {
				sf.enabled = false
			}
		}
	}
	if r.redeal != nil {
		for _, f := range r.redeal.from {
			if r.piles[f].role == check.Foundation || r.piles[f].role == check.Discard {
				sf.enabled = false
			}
		}
	}
	// Taking a card from a pile that a redeal gathers changes where the
	// others land when they are dealt again (in Klondike by threes, which
	// cards come up in each three), unless the stock deals them back one
	// at a time to one pile, in the same order, whatever the piles hold.
	// Such a card may be needed where it is, so no move from those piles
	// counts as safe.
	a := r.acts
	single := len(a) == 1 && !a[0].each && a[0].count == 1 && len(a[0].targets) == 1 && a[0].when == nil
	if r.redeal != nil && !single {
		for _, f := range r.redeal.from {
			sf.fixed |= 1 << f
		}
	}
	return sf
}

// move returns a safe move in s, if there is one.
func (sf *safety) move(s *State) (Move, bool) {
	if !sf.enabled || len(sf.found) == 0 {
		return Move{}, false
	}
	r := sf.r
	var buf [64]Move
	for _, m := range r.movesFrom(s, ^sf.fixed, sf.found, buf[:0]) {
		if m.Kind != Play || m.Count != 1 {
			continue
		}
		x := r.movedCard(s, m)
		if sf.otherFoundationWants(s, int(m.To), x) || sf.someoneBuildsOn(s, x) {
			continue
		}
		return m, true
	}
	return Move{}, false
}

// otherFoundationWants reports whether a foundation other than f could ever
// take card x. An empty foundation interchangeable with an empty f does not
// count: it makes no difference which of them x starts.
func (sf *safety) otherFoundationWants(s *State, f int, x Card) bool {
	for _, g := range sf.found {
		if g == f {
			continue
		}
		if s.lens[f] == 0 && s.lens[g] == 0 && sf.sameClass(f, g) {
			continue
		}
		if sf.reach(s, g)>>(x&cardBits)&1 != 0 {
			return true
		}
	}
	return false
}

func (sf *safety) sameClass(a, b int) bool {
	for _, cl := range sf.classes {
		ina, inb := false, false
		for _, p := range cl {
			ina = ina || p == a
			inb = inb || p == b
		}
		if ina && inb {
			return true
		}
	}
	return false
}

// reach is every card foundation g could still take, whatever else happens.
func (sf *safety) reach(s *State, g int) uint64 {
	r := sf.r
	p := &r.piles[g]
	n := int(s.lens[g])
	room := r.Game.CardCount
	if p.holds > 0 {
		room = p.holds - n
	}
	if room <= 0 {
		return 0
	}
	var cur uint64
	if n == 0 {
		cur = allCards
		for i := range p.base {
			if p.base[i].when == nil { // a conditional base may not apply: ignore it
				cur &= p.base[i].pat.set(s)
			}
		}
		room--
	} else {
		top := s.cards[r.offs[g]+n-1]
		cur = uint64(1) << (top & cardBits)
	}
	acc := uint64(0)
	if n == 0 {
		acc = cur
	}
	if p.build == nil {
		return acc
	}
	for ; room > 0 && cur != 0; room-- {
		var next uint64
		for c := cur; c != 0; c &= c - 1 {
			next |= p.build[bits.TrailingZeros64(c)]
		}
		next &^= acc
		acc |= next
		cur = next
	}
	return acc
}

// someoneBuildsOn reports whether a pile outside the foundations could ever
// want card x to build on: some card that fits on x there is not yet out
// of play for good.
func (sf *safety) someoneBuildsOn(s *State, x Card) bool {
	r := sf.r
	var wanted uint64
	for _, i := range sf.builds {
		p := &r.piles[i]
		ex := p.except.set(s)
		if ex>>(x&cardBits)&1 != 0 {
			continue
		}
		wanted |= p.build[x&cardBits] &^ ex
	}
	if wanted == 0 {
		return false
	}
	var gone [64]uint8
	for _, o := range sf.out {
		for _, c := range s.Pile(r, o) {
			gone[c&cardBits]++
		}
	}
	for w := wanted; w != 0; w &= w - 1 {
		c := bits.TrailingZeros64(w)
		if sf.copies[c] > 0 && gone[c] < sf.copies[c] {
			return true
		}
	}
	return false
}
