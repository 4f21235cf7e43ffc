package interp

import (
	"math/bits"

	"github.com/patience-dev/patience/dsl/check"
)

// acceptCache keeps, with a state, what accept says of every destination,
// indexed by card, so that listing the moves after a move recomputes only
// the piles that move touched. It is a pure function of the position: it
// is rebuilt from scratch whenever the state changes by anything but Apply
// (a deal, a load), and Apply marks stale the piles it changes (touch).
type acceptCache struct {
	stale uint64   // piles changed since set was computed
	set   []uint64 // accept's set for each pile (kept for destinations only)
	// wants[c] is the set of piles that accept card c, when the rules
	// index destinations by card (Rules.invert); piles that accept many
	// cards (a space that takes any card) are kept apart in broad and
	// tested card by card instead, and so is every pile in games with few
	// sources and destinations, where the index costs more than it saves.
	wants []uint64
	broad uint64
}

const allPiles = ^uint64(0)

// touch marks the piles in ps changed.
func (s *State) touch(ps uint64) {
	if s.acc != nil {
		s.acc.stale |= ps
	}
}

// acceptCache brings the state's cache up to date and returns it.
func (r *Rules) acceptCache(s *State) *acceptCache {
	ac := s.acc
	if ac == nil {
		ac = &acceptCache{set: make([]uint64, len(r.piles)), stale: allPiles}
		if r.invert {
			ac.wants = make([]uint64, 64)
		}
		s.acc = ac
	}
	if ac.stale == 0 {
		return ac
	}
	need := r.destMask
	if ac.stale != allPiles {
		need = 0
		for ps := ac.stale; ps != 0; ps &= ps - 1 {
			need |= r.affects[bits.TrailingZeros64(ps)]
		}
		need &= r.destMask
	}
	for ; need != 0; need &= need - 1 {
		d := bits.TrailingZeros64(need)
		a, _ := r.accept(s, d)
		old := ac.set[d]
		if a == old {
			continue
		}
		ac.set[d] = a
		bit := uint64(1) << d
		if ac.broad&bit != 0 {
			ac.broad &^= bit
		} else if ac.wants != nil {
			for ; old != 0; old &= old - 1 {
				ac.wants[bits.TrailingZeros64(old)] &^= bit
			}
		}
		switch {
		case a == 0:
		case ac.wants == nil || bits.OnesCount64(a) > 8:
			ac.broad |= bit
		default:
			for ; a != 0; a &= a - 1 {
				ac.wants[bits.TrailingZeros64(a)] |= bit
			}
		}
	}
	ac.stale = 0
	return ac
}

// copyFrom makes c equal to o.
func (c *acceptCache) copyFrom(o *acceptCache) {
	c.stale, c.broad = o.stale, o.broad
	copy(c.set, o.set)
	copy(c.wants, o.wants)
}

// acceptDeps returns, for each pile p, the piles whose acceptance (see
// accept) may change when p's contents change: p itself, the piles that
// start only after p, and those whose start or base conditions read p.
// A change of phase makes every pile stale (Apply), so conditions on the
// phase need no entry; the game values never change after the deal.
// Whatever accept reads of the state beyond pile d itself must be here.
func acceptDeps(g *check.Game) []uint64 {
	deps := make([]uint64, len(g.Piles))
	for d, p := range g.Piles {
		reads := uint64(1) << d
		if p.StartAfter >= 0 {
			reads |= 1 << p.StartAfter
		}
		reads |= condPiles(p.StartWhen)
		for _, b := range p.Base {
			reads |= condPiles(b.Cond)
		}
		for i := range deps {
			deps[i] |= (reads >> i & 1) << d
		}
	}
	return deps
}

// pileMask is the set of the piles ps.
func pileMask(ps []int) uint64 {
	var m uint64
	for _, p := range ps {
		m |= 1 << p
	}
	return m
}
