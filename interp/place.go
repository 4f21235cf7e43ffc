package interp

import (
	"math/bits"

	"github.com/patience-dev/patience/dsl/check"
)

// The rules where a pile's place in its group matters (see check/place.go):
// `follow left`, in place, `close up`, `move whole by top`, acceptance that
// depends on whether the pile is empty, and the redeal `except in place`.
// `to left N` needs nothing here: the checker resolves it to each pile's
// own `to`.

// acceptsAt is how many cards one move may bring to the pile when it holds
// n cards.
func (p *pileRule) acceptsAt(n uint8) int {
	if n == 0 {
		return p.acceptsEmpty
	}
	return p.accepts
}

// followSet is what the empty pile d, which follows left, takes: the cards
// that go by its relation on the top card of the pile to its left; nothing
// when that pile is empty.
func (r *Rules) followSet(s *State, d int) uint64 {
	p := &r.piles[d]
	n := s.lens[p.left]
	if n == 0 {
		return 0
	}
	top := s.cards[r.offs[p.left]+int(n)-1]
	if top.FaceDown() {
		return 0
	}
	return p.follow[top&cardBits]
}

// inPlace reports whether pile p, which follows left, holds a card in
// place: at the start of its row, a card its base allows; elsewhere, the
// card that follows by its relation the card in place to its left.
func (r *Rules) inPlace(s *State, p int) bool {
	for {
		pr := &r.piles[p]
		n := s.lens[p]
		if n == 0 {
			return false
		}
		c := s.cards[r.offs[p]+int(n)-1]
		if c.FaceDown() {
			return false
		}
		if pr.left < 0 {
			return r.baseSet(s, p)>>(c&cardBits)&1 != 0
		}
		l := pr.left
		ln := s.lens[l]
		if ln == 0 || !pr.follow.fits(s.cards[r.offs[l]+int(ln)-1], c) {
			return false
		}
		p = l
	}
}

// baseSet is every card the base rules of pile p that apply now allow.
func (r *Rules) baseSet(s *State, p int) uint64 {
	set := uint64(allCards)
	for i := range r.piles[p].base {
		b := &r.piles[p].base[i]
		if b.when == nil || b.when(s) {
			set &= b.pat.set(s)
		}
	}
	return set
}

// placed is the set of the redeal's piles that hold a card in place.
func (r *Rules) placed(s *State) uint64 {
	var in uint64
	for _, p := range r.redeal.from {
		if r.inPlace(s, p) {
			in |= 1 << p
		}
	}
	return in
}

// outOfPlace counts the cards a redeal `except in place` gathers.
func (r *Rules) outOfPlace(s *State) int {
	in := r.placed(s)
	n := 0
	for _, p := range r.redeal.from {
		if in>>p&1 == 0 {
			n += int(s.lens[p])
		}
	}
	return n
}

// redealInPlace plays a redeal `except in place`: it gathers, in order, the
// cards of the piles not in place, shuffles them if the redeal says so,
// and deals them face up, one to each pile not in place, in order; the
// first pile not in place in each row (just after its run in place) is
// passed over, and gets a card only if some are left at the end. The cards
// come from piles not in place, each holding one, so there is room.
func (r *Rules) redealInPlace(s *State) {
	rd := r.redeal
	in := r.placed(s)
	var buf [256]Card
	cards := buf[:0]
	for _, p := range rd.from {
		if in>>p&1 == 0 {
			for _, c := range s.Pile(r, p) {
				cards = append(cards, c.Up())
			}
			s.lens[p] = 0
		}
	}
	s.redeals++
	if rd.shuffled {
		redealShuffle(cards, s.seed, int(s.redeals))
	}
	var gaps []int
	for _, p := range rd.from {
		if in>>p&1 != 0 {
			continue
		}
		if l := r.piles[p].left; l < 0 || in>>l&1 != 0 {
			gaps = append(gaps, p) // the first space of its row stays one
			continue
		}
		if len(cards) > 0 {
			s.push(r, p, cards[0])
			cards = cards[1:]
		}
	}
	for _, p := range gaps {
		if len(cards) > 0 {
			s.push(r, p, cards[0])
			cards = cards[1:]
		}
	}
}

// closingGroups lists the groups that close up, each its piles in order.
func closingGroups(g *check.Game) [][]int {
	var out [][]int
	for _, grp := range g.Groups {
		if len(grp.Piles) > 0 && g.Piles[grp.Piles[0]].CloseUp && g.Piles[grp.Piles[0]].Group == grp.Name {
			out = append(out, grp.Piles)
		}
	}
	return out
}

// hasSpaces reports whether closing the groups up would move a card: an
// empty pile of one lies before a pile of it with cards.
func (r *Rules) hasSpaces(s *State, groups [][]int) bool {
	for _, grp := range groups {
		gap := false
		for _, p := range grp {
			if s.lens[p] == 0 {
				gap = true
			} else if gap {
				return true
			}
		}
	}
	return false
}

// closeUp moves the piles of each group of groups down over its empty
// piles, keeping their order, so the piles with cards come first. It
// reports whether any pile moved.
func (r *Rules) closeUp(s *State, groups [][]int) (moved bool) {
	for _, grp := range groups {
		j := 0
		for _, p := range grp {
			n := s.lens[p]
			if n == 0 {
				continue
			}
			if q := grp[j]; q != p {
				copy(s.cards[r.offs[q]:], s.cards[r.offs[p]:r.offs[p]+int(n)])
				s.lens[q], s.lens[p] = n, 0
				moved = true
			}
			j++
		}
	}
	return moved
}

// wholeByTop appends the moves of the whole pile src that its top card
// decides, to each pile of to that accepts that card.
func (r *Rules) wholeByTop(s *State, src int, to uint64, dests func(Card) uint64, buf []Move) []Move {
	n := int(s.lens[src])
	run := s.cards[r.offs[src] : r.offs[src]+n]
	for ds := dests(run[n-1]) & to; ds != 0; ds &= ds - 1 {
		dst := bits.TrailingZeros64(ds)
		if r.refuse(s, dst, src, run) == ok {
			buf = append(buf, Move{Kind: Play, From: uint8(src), To: uint8(dst), Count: uint8(n)})
		}
	}
	return buf
}

// setAside takes every card matching pat out of the piles dealt so far
// (in pile order, each from the bottom up) onto pile d, face up; the cards
// left keep their order and the faces stay with the places. In a grid a
// card taken out leaves a gap, as in play: the others keep their slots.
func (r *Rules) setAside(s *State, d int, pat pattern) {
	for p := range r.piles {
		if p == d || p == r.stock {
			continue
		}
		cards := s.cards[r.offs[p] : r.offs[p]+int(s.lens[p])]
		if r.piles[p].grid {
			for i, c := range cards {
				if c != gap && pat.matches(c.Up(), s) {
					s.push(r, d, c.Up())
					cards[i] = gap
				}
			}
			continue
		}
		k := 0
		for _, c := range cards {
			if pat.matches(c.Up(), s) {
				s.push(r, d, c.Up())
				continue
			}
			if cards[k].FaceDown() {
				c = c.Down()
			} else {
				c = c.Up()
			}
			cards[k] = c
			k++
		}
		s.lens[p] = uint8(k)
	}
}

// placeScore is the promise of a card that goes in place (see promise).
const placeScore = 60

// placePromise is the promise of a move into a space that follows left:
// high when the card goes in place there (the pile to its left is in place,
// or it starts a row), for it then never needs to move again; otherwise
// above a redeal's, which gives up the position's arrangement.
func (r *Rules) placePromise(s *State, m Move) int {
	if l := r.piles[m.To].left; l < 0 || r.inPlace(s, l) {
		return placeScore
	}
	return 15
}
