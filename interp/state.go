package interp

import (
	"hash/maphash"
	"slices"
)

// State is a game position: every pile's cards, the phase, the redeals used
// and the game values. It is compact and cheap to copy (Clone) and to hash.
// A State belongs to the Rules that made it.
type State struct {
	cards   []Card  // every pile's region, back to back (Rules.offs)
	lens    []uint8 // slots used in each pile (a grid counts its gaps)
	phase   uint8
	redeals uint16 // redeals used
	values  []uint8
	seed    uint64     // the deal's: a shuffled redeal shuffles with it
	acc     *moveCache // nil until moves are listed; not part of the position
}

func (r *Rules) newState() *State {
	return &State{
		cards:  make([]Card, r.size),
		lens:   make([]uint8, len(r.piles)),
		values: make([]uint8, len(r.Game.Values)),
	}
}

// Clone returns an independent copy.
func (s *State) Clone() *State {
	return &State{
		cards:   slices.Clone(s.cards),
		lens:    slices.Clone(s.lens),
		phase:   s.phase,
		redeals: s.redeals,
		values:  slices.Clone(s.values),
		seed:    s.seed,
	}
}

// CopyFrom makes s equal to o without allocating.
func (s *State) CopyFrom(o *State) {
	copy(s.cards, o.cards)
	copy(s.lens, o.lens)
	copy(s.values, o.values)
	s.phase, s.redeals, s.seed = o.phase, o.redeals, o.seed
	if o.acc != nil && s.acc != nil {
		s.acc.copyFrom(o.acc)
	} else {
		s.touch(allPiles)
	}
}

// Equal reports whether two states of the same rules are the same position.
func (s *State) Equal(r *Rules, o *State) bool {
	if s.phase != o.phase || s.redeals != o.redeals || !slices.Equal(s.lens, o.lens) || !slices.Equal(s.values, o.values) {
		return false
	}
	for i := range s.lens {
		if !slices.Equal(s.Pile(r, i), o.Pile(r, i)) {
			return false
		}
	}
	return true
}

var hashSeed = maphash.MakeSeed()

// Hash returns a hash of the position (stable within one process).
func (s *State) Hash(r *Rules) uint64 {
	var h maphash.Hash
	h.SetSeed(hashSeed)
	h.WriteByte(s.phase)
	h.WriteByte(byte(s.redeals))
	h.WriteByte(byte(s.redeals >> 8))
	h.Write(s.values)
	for i := range s.lens {
		h.WriteByte(s.lens[i])
		p := s.Pile(r, i)
		for _, c := range p {
			h.WriteByte(byte(c))
		}
	}
	return h.Sum64()
}

// appendKey appends the whole position to b, exactly: the phase, the
// redeals used, the game values and every pile's slots, each pile ended by
// a byte no card is.
func (s *State) appendKey(r *Rules, b []byte) []byte {
	b = append(b, s.phase, byte(s.redeals), byte(s.redeals>>8))
	b = append(b, s.values...)
	for i := range s.lens {
		for _, c := range s.Pile(r, i) {
			b = append(b, byte(c))
		}
		b = append(b, 0xff)
	}
	return b
}

// Pile returns pile i's slots, bottom to top. The slice aliases the state:
// do not modify it.
func (s *State) Pile(r *Rules, i int) []Card {
	o := r.offs[i]
	return s.cards[o : o+int(s.lens[i])]
}

// Phase is the index of the current phase (len(phases) once all are over).
func (s *State) Phase() int { return int(s.phase) }

// RedealsUsed is how many redeals have been made.
func (s *State) RedealsUsed() int { return int(s.redeals) }

// Value returns game value i (a rank, 1..13).
func (s *State) Value(i int) int { return int(s.values[i]) }

// count is the number of cards (not gaps) in pile p.
func (s *State) count(r *Rules, p int) int {
	if !r.piles[p].grid {
		return int(s.lens[p])
	}
	n := 0
	for _, c := range s.Pile(r, p) {
		if !c.IsGap() {
			n++
		}
	}
	return n
}

// Count is the number of cards in pile p (gaps not counted).
func (s *State) Count(r *Rules, p int) int { return s.count(r, p) }

func (s *State) push(r *Rules, p int, c Card) {
	s.cards[r.offs[p]+int(s.lens[p])] = c
	s.lens[p]++
}

func (s *State) pop(r *Rules, p int) Card {
	s.lens[p]--
	return s.cards[r.offs[p]+int(s.lens[p])]
}
