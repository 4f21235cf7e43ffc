package interp

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

	"github.com/patience-dev/patience/dsl/check"
)

// moveCache keeps with a state what the move generator needs to know of
// each pile: what accept says of every destination, indexed by card, and
// which cards of every source may leave it; so that listing the moves
// after a move recomputes only what that move touched. It is a pure
// function of the position: it is rebuilt from scratch whenever the state
// changes by anything but Apply (a deal, a load), and Apply marks stale
// the piles it changes (touch), or keeps what it knows of a grid column up
// to date in place (tookSlot, dealEach).
type moveCache struct {
	stale uint64   // piles changed since the cache was computed
	set   []uint64 // accept's set for each pile (kept for destinations only)
	// wants[c] is the set of piles that accept card c; piles that accept
	// many cards (a space that takes any card) are kept apart in broad and
	// tested card by card instead, as they would cost many updates.
	wants    [64]uint64
	wantsAny uint64 // the cards c with wants[c] not empty
	broad    uint64
	every    uint64 // the piles that accept every card, tested by none
	// emptyFilled is the set of empty piles that only some piles fill.
	emptyFilled uint64
	runs        []uint8 // for each source that moves runs or any group: runLen
	// occ has, for each grid source, 4 words of the slots that hold a
	// card (not a gap): pile p's at occ[4*p:], no bit at or past its
	// length. The move generator derives the available cards from it with
	// a few word operations (see freeOf). A move from a grid empties one
	// slot and a deal fills one: Apply sets those bits itself (tookSlot,
	// dealEach), so that the column need not be read again; occStale is
	// the set of the grid piles whose occ must be rebuilt from their cards
	// (none of them is in cardsOK).
	occ      []uint64
	occStale uint64
	// freeCards[p], for the grid sources in cardsOK, holds every card
	// available in p, and maybe some that were and are no longer; wanted
	// is the set of the cards some destination accepts (the union of
	// set), kept in games with a grid. The move generator notes a
	// column's available cards as it lists its moves, and passes over a
	// noted column none of whose cards is wanted with one test. Apply
	// keeps the notes of the columns it changes: a move from a column
	// adds the cards it frees, a deal the card dealt (tookSlot,
	// dealEach); so a column is listed again only when it may have a
	// move, and listing it makes its note exact again.
	freeCards []uint64
	cardsOK   uint64
	wanted    uint64
	// hashes[p] is pile p's term in the solver's key (see solver.term),
	// unless p is in hashStale: the key hashes again only the piles a
	// move changed. A term depends on the pile's cards and the rules
	// alone, so any solver of these rules may use it.
	hashes    []key128
	hashStale uint64
}

const allPiles = ^uint64(0)

// cacheBytes is the memory of a state's move cache, as cache makes it.
func (r *Rules) cacheBytes() int {
	n := len(r.piles)
	b := int(unsafe.Sizeof(moveCache{})) + 8*n + n + 16*n // set, runs, hashes
	if r.grids != 0 {
		b += 8*4*n + 8*n // occ, freeCards
	}
	return b
}

// touch marks the piles in ps changed.
func (s *State) touch(ps uint64) {
	if s.acc != nil {
		s.acc.stale |= ps
		s.acc.hashStale |= ps
		s.acc.occStale |= ps
		s.acc.cardsOK &^= ps
	}
}

// tookSlot records in the move cache that the card in slot i of grid
// pile p has left it, a gap now, and that nothing else of p changed: p is
// marked changed, but its occupancy is updated in place rather than
// rebuilt, and its noted available cards get those the gap frees: the
// card in the previous slot, and with bothEnds the one in the next. The
// card that left stays in the notes (see moveCache.freeCards).
func (r *Rules) tookSlot(s *State, p, i int) {
	ac := s.acc
	if ac == nil {
		return
	}
	ac.stale |= 1 << p
	ac.hashStale |= 1 << p
	if ac.occStale>>p&1 != 0 {
		return // to be rebuilt, and not noted either
	}
	ac.occ[4*p+i>>6] &^= 1 << (i & 63)
	if ac.cardsOK>>p&1 == 0 {
		return
	}
	col := s.cards[r.offs[p]:][:s.lens[p]]
	var freed uint64 // a gap adds bit 0, which no card is
	if i > 0 {
		freed |= 1 << (col[i-1] & cardBits)
	}
	if r.piles[p].bothEnds && i+1 < len(col) {
		freed |= 1 << (col[i+1] & cardBits)
	}
	ac.freeCards[p] |= freed
}

// cache brings the state's cache up to date and returns it.
func (r *Rules) cache(s *State) *moveCache {
	ac := s.acc
	if ac == nil {
		n := len(r.piles)
		ac = &moveCache{set: make([]uint64, n), runs: make([]uint8, n), stale: allPiles, occStale: allPiles,
			hashes: make([]key128, n), hashStale: allPiles}
		if r.grids != 0 {
			ac.occ = make([]uint64, 4*n)
			ac.freeCards = make([]uint64, n)
		}
		s.acc = ac
	}
	if ac.stale == 0 {
		return ac
	}
	for ps := ac.stale & r.filled; ps != 0; ps &= ps - 1 {
		p := bits.TrailingZeros64(ps)
		ac.emptyFilled &^= 1 << p
		if s.lens[p] == 0 {
			ac.emptyFilled |= 1 << p
		}
	}
	for ps := ac.occStale & r.grids & r.sources; ps != 0; ps &= ps - 1 {
		p := bits.TrailingZeros64(ps)
		occupied(ac.occ[4*p:4*p+4], s.cards[r.offs[p]:r.offs[p]+r.caps[p]], int(s.lens[p]))
	}
	ac.occStale = 0
	for ps := ac.stale & r.runSources; ps != 0; ps &= ps - 1 {
		p := bits.TrailingZeros64(ps)
		ac.runs[p] = uint8(r.runLen(s, p))
	}
	need := r.destMask
	if ac.stale != allPiles {
		// Most piles' contents decide only their own acceptance.
		need = ac.stale & r.selfAffects
		for ps := ac.stale &^ r.selfAffects; ps != 0; ps &= ps - 1 {
			need |= r.affects[bits.TrailingZeros64(ps)]
		}
		need &= r.destMask
	}
	changed := false
	for ; need != 0; need &= need - 1 {
		d := bits.TrailingZeros64(need)
		a, _ := r.accept(s, d)
		old := ac.set[d]
		if a == old {
			continue
		}
		changed = true
		ac.set[d] = a
		bit := uint64(1) << d
		if (ac.broad|ac.every)&bit != 0 {
			ac.broad &^= bit
			ac.every &^= bit
		} else {
			for ; old != 0; old &= old - 1 {
				c := bits.TrailingZeros64(old)
				if ac.wants[c] &^= bit; ac.wants[c] == 0 {
					ac.wantsAny &^= 1 << c
				}
			}
		}
		switch {
		case a == 0:
		case a == allCards:
			ac.every |= bit
		case bits.OnesCount64(a) > 8:
			ac.broad |= bit
		default:
			ac.wantsAny |= a
			for ; a != 0; a &= a - 1 {
				ac.wants[bits.TrailingZeros64(a)] |= bit
			}
		}
	}
	if changed && r.grids != 0 {
		ac.wanted = ac.wantsAny
		if ac.every != 0 {
			ac.wanted = allCards
		}
		for bs := ac.broad; bs != 0; bs &= bs - 1 {
			ac.wanted |= ac.set[bits.TrailingZeros64(bs)]
		}
	}
	ac.stale = 0
	return ac
}

// occupied sets occ (4 words) to the slots of a grid column that hold a
// card. The column is the first n slots of region, the pile's whole region.
func occupied(occ []uint64, region []Card, n int) {
	raw := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(region))), len(region))
	clear(occ)
	for i := 0; i < n; i += 8 {
		var b uint8
		if i+8 <= len(raw) {
			b = nonZeroBytes(binary.LittleEndian.Uint64(raw[i:]))
		} else {
			for k := i; k < len(raw); k++ {
				if raw[k] != byte(gap) {
					b |= 1 << (k - i)
				}
			}
		}
		occ[i>>6] |= uint64(b) << (i & 63)
	}
	if n&63 != 0 {
		occ[n>>6] &= 1<<(n&63) - 1 // the slots past the column's end
	}
}

// freeOf sets free to the slots of a grid column of n slots whose card is
// available, as available decides, given occ, the slots that hold a card
// (see occupied): a card with no card in the slot above it (the next one),
// or with bothEnds none in the slot below it. The move generator does the
// same inline for a column of one word.
func freeOf(free, occ []uint64, n int, bothEnds bool) {
	clear(free)
	words := (n + 63) >> 6
	var carry uint64
	for w := words - 1; w >= 0; w-- {
		next := occ[w]>>1 | carry<<63 // a card in slot i+1
		carry = occ[w] & 1
		free[w] = occ[w] &^ next
	}
	if bothEnds {
		carry = 0
		for w := range words {
			prev := occ[w]<<1 | carry>>63 // a card in slot i-1
			carry = occ[w]
			free[w] |= occ[w] &^ prev
		}
	}
}

// nonZeroBytes has bit k set when byte k of x is not zero.
func nonZeroBytes(x uint64) uint8 {
	const low7, high = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	y := ((x&low7 + low7) | x) & high // the high bit of each non-zero byte
	return uint8((y >> 7) * 0x0102040810204080 >> 56)
}

// copyFrom makes c equal to o.
func (c *moveCache) copyFrom(o *moveCache) {
	c.stale, c.broad, c.every, c.emptyFilled = o.stale, o.broad, o.every, o.emptyFilled
	copy(c.set, o.set)
	c.wants, c.occStale = o.wants, o.occStale
	c.cardsOK, c.wanted, c.wantsAny = o.cardsOK, o.wanted, o.wantsAny
	copy(c.runs, o.runs)
	copy(c.occ, o.occ)
	copy(c.freeCards, o.freeCards)
	copy(c.hashes, o.hashes)
	c.hashStale = o.hashStale
}

// acceptDeps returns, for each pile p, the piles whose acceptance (see
// accept) may change when p's contents change: p itself, the piles that
// start only after p, those whose start, base or build conditions read p,
// the empty pile that follows left of p, and the piles whose `outranked`
// list names p.
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
		if p.Follow != nil && p.Left >= 0 {
			reads |= 1 << p.Left // an empty pile that follows left reads its neighbour's top
		}
		for _, b := range p.Base {
			reads |= condPiles(b.Cond)
		}
		reads |= condPiles(p.BuildWhen)
		if p.Outranked != nil {
			reads |= pileMask(p.Outranked.By) // the top cards that outrank
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
