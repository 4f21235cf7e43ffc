package interp

import (
	"math/bits"

	"github.com/patience-dev/patience/dsl/check"
)

// Deals that commute.
//
// In many games the stock deals only to a waste: a pile that nothing else
// moves cards to, and that no rule or condition looks at except by taking
// its top card. Then a deal or a redeal changes nothing but the stock and
// the waste, and nothing else that happens depends on them, so a deal can
// always be put off until just before a card is taken from the waste: any
// line of play can be reordered so that every run of deals is followed at
// once by a play from the waste, with the same result. The solver then
// searches "deal k times and play the waste's top card" as one step, and
// the positions between the deals are never searched on their own: in
// Klondike a tableau move is no longer tried once for every place the
// stock could have been turned to.

// wasteMask returns the piles the stock deals to when dealing commutes
// with every other move, as above, and 0 when it does not (or there is no
// stock). The conditions are checked on the rules, never assumed per game.
// A redeal that deals the cards out again puts them on other piles, and
// turns commuting deals off. One that shuffles them into the stock still
// changes only the stock and the waste: steps plays the stock moves
// themselves, shuffles included, and the one shortcut that assumes the
// cards keep their cyclic order (unlimited redeals) never applies, since
// a shuffled redeal is always limited. The place rules turn it off: a pile
// that follows left reads the top card of another, "in place" a chain of
// them, and a group that closes up moves cards to piles no `to` names. So
// do two more readers of the stock and the waste: an `outranked` list that
// names the waste reads its top card, a run moved `using` the stock or
// the waste counts it as a space while it is empty, and a game value fixed
// by the first card to reach the waste is fixed by a deal.
func (r *Rules) wasteMask() uint64 {
	g := r.Game
	if r.stock < 0 || len(r.acts) != 1 || len(r.pairPiles) > 0 || len(r.closing) > 0 {
		return 0
	}
	for _, p := range g.Piles {
		if p.Follow != nil {
			return 0
		}
	}
	a := &r.acts[0]
	if a.each || a.grid || a.when != nil || len(a.targets) != 1 {
		return 0
	}
	w := uint64(1) << a.targets[0]
	if r.redeal != nil && r.redeal.to != nil {
		return 0 // the redeal deals the cards out to other piles
	}
	if r.redeal != nil {
		for _, f := range r.redeal.from {
			if w&(1<<f) == 0 {
				return 0 // a redeal gathers other piles too
			}
		}
	}
	touched := w | 1<<r.stock // what a deal changes
	if r.firstOn&touched != 0 {
		return 0 // the first card dealt there fixes a game value
	}
	for i := range r.piles {
		p := &r.piles[i]
		if p.toMask&touched != 0 || p.coveredBy&touched != 0 || p.grid && touched&(1<<i) != 0 {
			return 0 // cards may be moved onto the waste or the stock, or they cover something
		}
		if p.startAfter >= 0 && touched&(1<<p.startAfter) != 0 {
			return 0
		}
		if touched&(1<<i) != 0 && len(p.refill) > 0 {
			return 0
		}
		for _, f := range p.refill {
			if touched&(1<<f) != 0 {
				return 0
			}
		}
		if p.outBy&touched != 0 {
			return 0 // it reads the waste's top card
		}
		if (p.usingOne|p.usingMany)&touched != 0 {
			return 0 // a run may pass through the stock or the waste while it is empty
		}
	}
	for _, v := range g.Values {
		if touched&(1<<v.Pile) != 0 {
			return 0
		}
	}
	conds := []check.Cond{g.Win}
	for _, ph := range g.Phases {
		conds = append(conds, ph.Until)
	}
	for _, p := range g.Piles {
		conds = append(conds, p.StartWhen, p.BuildWhen)
		for _, b := range p.Base {
			conds = append(conds, b.Cond)
		}
	}
	for _, c := range conds {
		if condPiles(c)&touched != 0 {
			return 0
		}
	}
	return w
}

// condPiles is the set of piles a condition looks at; every pile for a
// kind of condition it does not know. (With the cards conserved, whether
// all cards lie in some piles changes only when those piles do.)
func condPiles(c check.Cond) uint64 {
	var out uint64
	switch c := c.(type) {
	case nil, check.InPhase:
	case check.And:
		for _, x := range c {
			out |= condPiles(x)
		}
	case check.Or:
		for _, x := range c {
			out |= condPiles(x)
		}
	case check.Not:
		out = condPiles(c.C)
	case check.AllIn:
		out = pileMask(c.Piles)
	case check.PileTest:
		out = pileMask(c.Piles)
		if c.State == check.InPlace {
			// Whether a pile is in place reads the piles to its left,
			// and the base of its row's first: any pile, to be sure.
			out = allPiles
		}
	default:
		out = allPiles
	}
	return out
}

// stockCycle reports, where deals commute (waste, see wasteMask), whether
// the stock and the waste go round and come back: the stock deals a fixed
// number of cards (by) to one waste, redeals are unlimited and turn that
// waste alone over into the stock, unshuffled and not in place, and
// neither pile's room can ever refuse a deal or a redeal. Then from the
// stock as a redeal leaves it, deals and redeals alone come back to it
// (see solver.cycleTerm).
func (r *Rules) stockCycle(waste uint64) (w, by int, ok bool) {
	rd := r.redeal
	if waste == 0 || bits.OnesCount64(waste) != 1 || rd == nil || rd.times >= 0 || rd.shuffled || rd.inPlace || rd.to != nil {
		return 0, 0, false
	}
	w = bits.TrailingZeros64(waste)
	a := &r.acts[0]
	if len(rd.from) != 1 || rd.from[0] != w || a.count < 1 || r.caps[w] < r.Game.CardCount || r.caps[r.stock] < r.Game.CardCount {
		return 0, 0, false
	}
	return w, a.count, true
}

// stockMove is the one stock move legal in s, if any: a deal, or a redeal
// once the stock is empty. It is only used when the rules have a single
// deal statement (see wasteMask).
func (r *Rules) stockMove(s *State) (Move, bool) {
	if s.lens[r.stock] > 0 {
		return Move{Kind: Deal}, r.canAct(s, 0)
	}
	return Move{Kind: Redeal}, r.canRedeal(s)
}

// oddlyFaced counts the waste's cards not faced as a deal faces them:
// face down, as only the opening deal puts them (the stock's cards always
// lie face down: the deal, a take and a redeal put them so). With
// unlimited redeals the stock's length says where the stock has come round
// to only together with this count: the cards keep their cyclic order, and
// a card once dealt or gathered is faced as the rest, so the count only
// falls, and two arrangements with the same count have the same cards
// oddly faced. (That rests on a stock deal always turning its cards face
// up, as the language has it: a stock deal has no facing of its own. Were
// one added, this count, the arrangement test in steps and the merging in
// solver.cycleTerm would need another argument.)
func (r *Rules) oddlyFaced(s *State, waste uint64) int {
	n := 0
	for ps := waste; ps != 0; ps &= ps - 1 {
		for _, c := range s.Pile(r, bits.TrailingZeros64(ps)) {
			if c.FaceDown() {
				n++
			}
		}
	}
	return n
}

// step is one step of the solver's search: deals stock moves (see
// stockMove) and then the move m.
type step struct {
	deals uint16
	score int16  // the move's promise where it is played
	worth int32  // how good the position after it is (see worth), when rated
	tie   uint32 // the last tie-breaker (see order)
	m     Move
}

// applyStep plays a step on s and appends its moves to line.
func (r *Rules) applyStep(s *State, st step, line []Move) []Move {
	for range st.deals {
		m, _ := r.stockMove(s)
		r.Apply(s, m)
		line = append(line, m)
	}
	r.Apply(s, st.m)
	return append(line, st.m)
}

// steps appends the steps of s to buf and returns, besides, how many
// positions between deals it looked at. With commuting deals (waste != 0)
// they are the moves of s but the stock's, and for every number of stock
// moves k that leads to a new arrangement of the stock and the waste, the
// moves from the waste after k stock moves. scratch is a state to work in.
func (r *Rules) steps(s *State, waste uint64, buf []step, moves []Move, scratch *State) ([]step, []Move, int) {
	moves = r.Moves(s, moves[:0])
	for _, m := range moves {
		if waste == 0 || m.Kind != Deal && m.Kind != Redeal {
			buf = append(buf, step{m: m, score: int16(r.promise(s, m))})
		}
	}
	if waste == 0 {
		return buf, moves, 0
	}
	scratch.CopyFrom(s)
	// With unlimited redeals the stock's arrangement (its length says it
	// all, with the count of cards oddly faced: the cards of stock and
	// waste keep their cyclic order; see oddlyFaced) comes round again,
	// and from there on nothing is new; otherwise the redeals run out.
	unlimited := r.redeal != nil && r.redeal.times < 0
	var seen [256]bool
	seen[s.lens[r.stock]] = true
	odd := 0
	if unlimited {
		odd = r.oddlyFaced(scratch, waste)
	}
	dealt := 0
	for k := 1; ; k++ {
		m, ok := r.stockMove(scratch)
		if !ok {
			break
		}
		r.Apply(scratch, m)
		dealt++
		if unlimited {
			if odd > 0 { // (with none, none ever: the count only falls)
				if o := r.oddlyFaced(scratch, waste); o != odd {
					seen = [256]bool{} // a new arrangement: every length is new again
					odd = o
				}
			}
			if seen[scratch.lens[r.stock]] {
				break
			}
			seen[scratch.lens[r.stock]] = true
		}
		moves = r.movesFrom(scratch, waste, r.destMask, moves[:0])
		for _, m := range moves {
			buf = append(buf, step{deals: uint16(k), m: m, score: int16(r.promise(scratch, m))})
		}
	}
	return buf, moves, dealt
}
