package interp

import (
	"math/rand/v2"

	"github.com/patience-dev/patience/dsl/check"
)

// The shuffle is specified so that a seed gives the same deal on every
// machine and every Go version: PCG-DXSM from math/rand/v2, seeded with
// (seed, shuffleStream), drives a Fisher–Yates shuffle (from the last card
// down, each swapped with a uniformly chosen card at or below it; the bound is
// drawn by rejection sampling, not by any library helper).
const shuffleStream = 0x9e3779b97f4a7c15

// Pack returns the unshuffled pack: deck by deck, suits C D H S (those the
// game uses), ranks A to K.
func (r *Rules) Pack() []Card {
	return r.appendPack(make([]Card, 0, r.Game.CardCount))
}

func (r *Rules) appendPack(out []Card) []Card {
	for d := 0; d < r.Game.Decks; d++ {
		for _, s := range r.Game.Suits {
			for k := 1; k <= 13; k++ {
				out = append(out, NewCard(k, s))
			}
		}
	}
	return out
}

// Shuffle shuffles cards in place, deterministically for a seed.
func Shuffle(cards []Card, seed uint64) { shuffle(cards, seed, shuffleStream) }

// redealShuffle shuffles the cards gathered by the k-th redeal (from 1) of
// the deal of seed: the same generator on stream shuffleStream + k.
func redealShuffle(cards []Card, seed uint64, k int) { shuffle(cards, seed, shuffleStream+uint64(k)) }

func shuffle(cards []Card, seed, stream uint64) {
	src := rand.NewPCG(seed, stream)
	for i := len(cards) - 1; i > 0; i-- {
		j := uniform(src, uint64(i+1))
		cards[i], cards[j] = cards[j], cards[i]
	}
}

// uniform returns a uniform number in [0, n) by rejection sampling.
func uniform(src *rand.PCG, n uint64) uint64 {
	limit := -n % n // 2^64 mod n: values below it would bias the result
	for {
		v := src.Uint64()
		if v >= limit {
			return v % n
		}
	}
}

// Deal returns the opening position for a seed.
func (r *Rules) Deal(seed uint64) *State {
	s := r.newState()
	r.dealInto(s, seed)
	return s
}

// DealInto deals the opening position for seed into s, reusing its memory.
func (r *Rules) DealInto(s *State, seed uint64) {
	clear(s.lens)
	s.phase, s.redeals = 0, 0
	r.dealInto(s, seed)
}

// asTaken is card c as a `take` puts it on pile p: face up, but in the
// stock, which lies face down.
func (r *Rules) asTaken(p int, c Card) Card {
	if p == r.stock {
		return c.Down()
	}
	return c
}

// NewState returns an empty state for these rules, for DealInto.
func (r *Rules) NewState() *State { return r.newState() }

func (r *Rules) dealInto(s *State, seed uint64) {
	s.touch(allPiles)
	g := r.Game
	s.seed = seed
	var buf [check.MaxCards]Card
	pack := r.appendPack(buf[:0])
	// Cards taken out before the shuffle: the first match in pack order.
	for _, st := range g.Deal {
		if st.Kind != check.DealTake || st.Pattern.Value >= 0 {
			continue
		}
		pat := compilePattern(st.Pattern)
		for i, c := range pack {
			if pat.ranks&(1<<c.Rank()) != 0 && pat.suits&(1<<c.Suit()) != 0 {
				s.push(r, st.Pile, r.asTaken(st.Pile, c))
				pack = append(pack[:i], pack[i+1:]...)
				break
			}
		}
	}
	Shuffle(pack, seed)
	next := 0
	for _, st := range g.Deal {
		if st.Kind == check.DealBottom {
			r.toBottom(s, st.Pile, compilePattern(st.Pattern))
			continue
		}
		if st.Kind == check.DealAside {
			r.setAside(s, st.Pile, compilePattern(st.Pattern))
			continue
		}
		if st.Kind == check.DealTake && st.Pattern.Value >= 0 {
			// A take that reads a value is made here, from the shuffled
			// pack: its first matching card. The checker makes sure the
			// value's pile has its bottom card and a match is left.
			v := g.Values[st.Pattern.Value]
			want := st.Pattern.ValueRank(s.cards[r.offs[v.Pile]].Rank())
			for j := next; j < len(pack); j++ {
				if c := pack[j]; c.Rank() == want && st.Pattern.Suits&(1<<c.Suit()) != 0 {
					pack = append(pack[:j], pack[j+1:]...)
					s.push(r, st.Pile, r.asTaken(st.Pile, c))
					break
				}
			}
			continue
		}
		if st.Kind != check.DealPut {
			continue
		}
		for k := 0; k < st.Count; k++ {
			c := pack[next]
			next++
			if st.Face == check.FaceDown || (st.Face == check.FaceDownButTop && k < st.Count-1) {
				c = c.Down()
			}
			if r.piles[st.Pile].grid {
				c = c.Up()
			}
			s.push(r, st.Pile, c)
		}
	}
	r.closeUp(s, r.closing) // a group that closes up has no space before a pile with cards
	for i, v := range g.Values {
		s.values[i] = 0 // unknown (the checker makes sure the pile holds a card)
		if s.lens[v.Pile] > 0 && !v.First {
			s.values[i] = uint8(s.cards[r.offs[v.Pile]].Rank())
		}
	}
	for p := range r.piles {
		r.turnUp(s, p)
	}
	r.fixFirsts(s) // the values a card dealt to their piles fixes, before a refill takes it
	r.settle(s)
	r.fixFirsts(s) // and those a refill brings a card to
	r.advancePhase(s)
}

// settle makes the refills and closes the rows up until neither changes
// anything: a refill that takes a row's last card from one of its piles
// leaves a space that closing up fills, and closing up may empty a pile
// that refills. It reports whether anything changed. (Each round fills an
// empty pile or closes a space, and refills cannot go round a cycle, which
// the checker refuses, so it ends; the bound is a guard.)
func (r *Rules) settle(s *State) bool {
	changed := false
	for range len(r.piles) + 2 {
		closed := len(r.closeNow) > 0 && r.closeUp(s, r.closeNow)
		filled := r.refill(s)
		if !closed && !filled {
			break
		}
		changed = true
	}
	return changed
}

// toBottom moves every card of pile p that matches pat to the bottom of
// the pile, keeping the order of the cards moved and of the others. Faces
// stay with the places: a pile dealt face down but its top still is.
func (r *Rules) toBottom(s *State, p int, pat pattern) {
	cards := s.cards[r.offs[p] : r.offs[p]+int(s.lens[p])]
	var moved, kept []Card
	for _, c := range cards {
		if pat.matches(c.Up(), s) {
			moved = append(moved, c)
		} else {
			kept = append(kept, c)
		}
	}
	for i, c := range append(moved, kept...) {
		if cards[i].FaceDown() {
			cards[i] = c.Down()
		} else {
			cards[i] = c.Up()
		}
	}
}

// refill fills every empty pile that refills itself, until none changes.
// It reports whether it moved any card.
func (r *Rules) refill(s *State) (moved bool) {
	for changed, guard := len(r.refillers) > 0, 0; changed && guard < 4*len(s.cards); guard++ {
		changed = false
		for _, p := range r.refillers {
			pr := &r.piles[p]
			slot, need := r.refillSlot(s, p)
			if !need {
				continue
			}
			for _, src := range pr.refill {
				if s.lens[src] == 0 || (r.piles[src].grid && s.count(r, src) == 0) {
					continue
				}
				var c Card
				if r.piles[src].grid {
					c = r.takeGridTop(s, src)
				} else {
					c = s.pop(r, src).Up()
					r.turnUp(s, src)
				}
				if slot < 0 {
					s.push(r, p, c)
				} else {
					for int(s.lens[p]) < slot {
						s.push(r, p, gap)
					}
					if int(s.lens[p]) == slot {
						s.push(r, p, c)
					} else {
						s.cards[r.offs[p]+slot] = c
					}
				}
				changed, moved = true, true
				break
			}
		}
	}
	return moved
}

// refillSlot says whether pile p needs a card and, for a grid, the slot
// (in the last row dealt) that does; -1 for the top of an ordinary pile.
func (r *Rules) refillSlot(s *State, p int) (int, bool) {
	pr := &r.piles[p]
	if !pr.grid {
		return -1, s.lens[p] == 0
	}
	rows := gridRows(s, pr.gridGroup)
	if rows == 0 {
		return 0, false
	}
	slot := rows - 1
	return slot, int(s.lens[p]) <= slot || s.cards[r.offs[p]+slot] == gap
}

// takeGridTop removes the last card of a grid column, leaving a gap.
func (r *Rules) takeGridTop(s *State, p int) Card {
	for i := int(s.lens[p]) - 1; i >= 0; i-- {
		if c := s.cards[r.offs[p]+i]; c != gap {
			s.cards[r.offs[p]+i] = gap
			return c
		}
	}
	return gap
}

// turnUp turns a face-down top card face up, as the rules do at once when a
// card is exposed (the stock's cards stay face down). It reports whether it
// turned one.
func (r *Rules) turnUp(s *State, p int) bool {
	if p == r.stock || s.lens[p] == 0 {
		return false
	}
	i := r.offs[p] + int(s.lens[p]) - 1
	if s.cards[i].FaceDown() {
		s.cards[i] = s.cards[i].Up()
		return true
	}
	return false
}

// advancePhase leaves every phase whose condition now holds.
func (r *Rules) advancePhase(s *State) bool {
	moved := false
	for int(s.phase) < len(r.phases) && r.phases[s.phase] != nil && r.phases[s.phase](s) {
		s.phase++
		moved = true
	}
	return moved
}
