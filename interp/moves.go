package interp

import (
	"math/bits"

	"github.com/patience-dev/patience/dsl/check"
)

// MoveKind is the kind of a move.
type MoveKind uint8

const (
	Play   MoveKind = iota // cards from one pile to another
	Deal                   // a stock action
	Redeal                 // gather piles back into the stock
	Pair                   // one or two cards together onto a pile that takes pairs
)

// Move is one legal step. For Play, Count cards leave From (its top Count
// cards, or in a grid the single card at Slot) for To. For Pair, Count is 1
// or 2: the card at From (Slot in a grid) and, for two, the one at From2
// (Slot2) go to To together. For Deal, Action says which of the stock's deal
// statements runs.
type Move struct {
	Kind   MoveKind
	From   uint8
	To     uint8
	Count  uint8
	Slot   uint8
	Action uint8
	From2  uint8 // Pair of two: the second card's pile and slot
	Slot2  uint8
}

// Moves appends every legal move in s to buf and returns it. Every distinct
// destination is its own move. A won game has none.
func (r *Rules) Moves(s *State, buf []Move) []Move {
	if r.win(s) {
		return buf
	}
	buf = r.movesFrom(s, ^uint64(0), r.destMask, buf)
	for _, d := range r.pairPiles {
		buf = r.pairMoves(s, d, buf)
	}
	if r.redeal != nil && r.redeal.to != nil {
		if r.canRedeal(s) {
			buf = append(buf, Move{Kind: Redeal})
		}
	}
	if r.stock >= 0 {
		if s.lens[r.stock] > 0 {
			for i := range r.acts {
				if r.canAct(s, i) {
					buf = append(buf, Move{Kind: Deal, Action: uint8(i)})
				}
			}
		} else if r.redeal != nil && r.redeal.to == nil && r.canRedeal(s) {
			buf = append(buf, Move{Kind: Redeal})
		}
	}
	return buf
}

// movesFrom appends the legal plays of s from a pile in the set from to a
// pile in the set targets (of piles some pile moves to): the moves of one
// pile to another, not pairs, deals or redeals.
func (r *Rules) movesFrom(s *State, from, targets uint64, buf []Move) []Move {
	// What each destination accepts, indexed by card, and what may leave
	// each source are kept with the state (see moveCache): the work is
	// then in proportion to the moves found and to the piles the last move
	// touched.
	ac := r.cache(s)
	dests := func(c Card) uint64 {
		ds := ac.wants[c&cardBits] | ac.every
		for bs := ac.broad; bs != 0; bs &= bs - 1 {
			d := bits.TrailingZeros64(bs)
			ds |= (ac.set[d] >> (c & cardBits) & 1) << d
		}
		return ds
	}
	var empty uint64 // the empty piles, when some pile moves runs using them
	if r.using {
		empty = r.emptyPiles(s)
	}
	emptyFilled := ac.emptyFilled
	// The piles a single card may not go to, as they take an exact number
	// of cards at once (which may depend on whether they are empty).
	multi := r.multi & r.multiEmpty
	for ps := r.multi ^ r.multiEmpty; ps != 0; ps &= ps - 1 {
		if p := bits.TrailingZeros64(ps); r.piles[p].acceptsAt(s.lens[p]) > 1 {
			multi |= 1 << p
		}
	}
	srcs := r.sources & from
	if noted := srcs & ac.cardsOK; noted != 0 {
		// Pass over the noted grid columns none of whose available cards
		// is accepted anywhere (see moveCache.freeCards), without a branch
		// on each: which ones they are changes from move to move.
		freeCards, wanted := ac.freeCards, ac.wanted
		for ; noted != 0; noted &= noted - 1 {
			p := bits.TrailingZeros64(noted)
			none := uint64(0)
			if freeCards[p]&wanted == 0 {
				none = 1
			}
			srcs &^= none << p
		}
	}
	for ; srcs != 0; srcs &= srcs - 1 {
		src := bits.TrailingZeros64(srcs)
		pr := &r.piles[src]
		n := int(s.lens[src])
		if n == 0 {
			continue
		}
		if pr.coveredBy != 0 && r.covered(s, src) {
			continue
		}
		to := pr.toMask &^ (1 << src) & targets
		// A single card goes where it is accepted, but not to a pile that
		// takes an exact number of cards at once, nor to a space that
		// only other piles fill.
		one := to &^ (multi | emptyFilled&pr.fillBars)
		base := r.offs[src]
		if pr.grid {
			col := s.cards[base : base+n]
			occ := ac.occ[4*src : 4*src+4]
			var cards uint64 // the available cards, noted for the next listing
			if n <= 64 {
				o := occ[0] // freeOf for one word
				free := o &^ (o >> 1)
				if pr.bothEnds {
					free |= o &^ (o << 1)
				}
				for ; free != 0; free &= free - 1 {
					i := bits.TrailingZeros64(free)
					cards |= 1 << (col[i] & cardBits)
					for ds := dests(col[i]) & one; ds != 0; ds &= ds - 1 {
						buf = append(buf, Move{Kind: Play, From: uint8(src), To: uint8(bits.TrailingZeros64(ds)), Count: 1, Slot: uint8(i)})
					}
				}
			} else {
				var free [4]uint64
				freeOf(free[:], occ, n, pr.bothEnds)
				for w, word := range free {
					for ; word != 0; word &= word - 1 {
						i := w<<6 | bits.TrailingZeros64(word)
						cards |= 1 << (col[i] & cardBits)
						for ds := dests(col[i]) & one; ds != 0; ds &= ds - 1 {
							buf = append(buf, Move{Kind: Play, From: uint8(src), To: uint8(bits.TrailingZeros64(ds)), Count: 1, Slot: uint8(i)})
						}
					}
				}
			}
			ac.freeCards[src] = cards
			ac.cardsOK |= 1 << src
			continue
		}
		top := s.cards[base+n-1]
		if top.FaceDown() {
			continue
		}
		if pr.move == check.MoveTop {
			for ds := dests(top) & one; ds != 0; ds &= ds - 1 {
				buf = append(buf, Move{Kind: Play, From: uint8(src), To: uint8(bits.TrailingZeros64(ds)), Count: 1})
			}
			continue
		}
		lo, hi := n-int(ac.runs[src]), n-1
		switch pr.move {
		case check.MoveWhole:
			if anyFaceDown(s.cards[base : base+n]) {
				continue // a face-down card never moves
			}
			if pr.byTop {
				buf = r.wholeByTop(s, src, to, dests, buf)
				continue
			}
			lo, hi = 0, 0
		case check.MoveTopOrWhole:
			lo = n - 1
			if !anyFaceDown(s.cards[base : base+n]) {
				lo = 0
			}
		}
		for b := hi; b >= lo; b-- {
			if pr.move == check.MoveTopOrWhole && b < hi && b > 0 {
				continue // the top card or the whole pile, nothing between
			}
			for ds := dests(s.cards[base+b]) & to; ds != 0; ds &= ds - 1 {
				dst := bits.TrailingZeros64(ds)
				if pr.using && n-b > runLimit(pr, empty, dst) {
					continue
				}
				if b == n-1 {
					if one>>dst&1 != 0 {
						buf = append(buf, Move{Kind: Play, From: uint8(src), To: uint8(dst), Count: 1})
					}
				} else if r.refuseGiven(s, dst, src, s.cards[base+b:base+n], ac.set[dst], refBuild) == ok {
					buf = append(buf, Move{Kind: Play, From: uint8(src), To: uint8(dst), Count: uint8(n - b)})
				}
			}
		}
	}
	return buf
}

// holdsCard reports whether pile p holds a card: a grid column of gaps
// alone holds none (what `cover`, `start after` and a redeal read).
func (r *Rules) holdsCard(s *State, p int) bool {
	return s.lens[p] > 0 && (r.grids>>p&1 == 0 || s.count(r, p) > 0)
}

// anyFaceDown reports whether any of cards is face down.
func anyFaceDown(cards []Card) bool {
	for _, c := range cards {
		if c.FaceDown() {
			return true
		}
	}
	return false
}

// available reports whether the card in slot i of a grid column is free:
// the slot below it is empty, or with bothEnds the slot above is, or it is
// in row 1.
func available(col []Card, i int, bothEnds bool) bool {
	if col[i] == gap {
		return false
	}
	if i+1 == len(col) || col[i+1] == gap {
		return true
	}
	return bothEnds && (i == 0 || col[i-1] == gap)
}

// covered reports whether a pile covering p still holds a card.
func (r *Rules) covered(s *State, p int) bool {
	for bs := r.piles[p].coveredBy; bs != 0; bs &= bs - 1 {
		if r.holdsCard(s, bits.TrailingZeros64(bs)) {
			return true
		}
	}
	return false
}

// runLimit is how many cards may move together from src to dst when runs
// move through empty piles: one more than the empty one-card piles, doubled
// for each other empty pile that is not the destination.
func (r *Rules) runLimit(s *State, src, dst int) int {
	return runLimit(&r.piles[src], r.emptyPiles(s), dst)
}

// emptyPiles is the set of empty piles.
func (r *Rules) emptyPiles(s *State) uint64 {
	var empty uint64
	for i, l := range s.lens {
		if l == 0 {
			empty |= 1 << i
		}
	}
	return empty
}

// runLimit is the same for a pile's rule, given the set of empty piles.
func runLimit(pr *pileRule, empty uint64, dst int) int {
	free := empty &^ (1 << dst)
	one := bits.OnesCount64(pr.usingOne & free)
	many := bits.OnesCount64(pr.usingMany & free)
	return (one + 1) << min(many, 16)
}

// pairCard is an available card that may go to a pile taking pairs.
type pairCard struct {
	pile, slot uint8
	card       Card
}

// pairMoves appends the moves onto pile d, which takes pairs: every
// available card of the right rank alone, and every two available cards
// from different piles whose ranks add up to the sum (or, for
// check.PairsSameRank, are the same: no card alone has that rank, and no
// two add up to it).
func (r *Rules) pairMoves(s *State, d int, buf []Move) []Move {
	sum := r.piles[d].pairs
	room := r.caps[d] - int(s.lens[d])
	if room <= 0 {
		return buf
	}
	var cards [check.MaxCards]pairCard // every card may be free at once
	n := 0
	for src := range r.piles {
		pr := &r.piles[src]
		if src == d || pr.toMask&(1<<d) == 0 || s.lens[src] == 0 || (pr.coveredBy != 0 && r.covered(s, src)) { // a pile in its own `to` is ignored
			continue
		}
		base, ln := r.offs[src], int(s.lens[src])
		if pr.grid {
			col := s.cards[base : base+ln]
			for i := range col {
				if available(col, i, pr.bothEnds) && n < len(cards) {
					cards[n] = pairCard{uint8(src), uint8(i), col[i]}
					n++
				}
			}
		} else if top := s.cards[base+ln-1]; !top.FaceDown() && n < len(cards) {
			cards[n] = pairCard{uint8(src), 0, top}
			n++
		}
	}
	for i := 0; i < n; i++ {
		a := cards[i]
		if a.card.Rank() == sum {
			buf = append(buf, Move{Kind: Pair, From: a.pile, Slot: a.slot, To: uint8(d), Count: 1})
		}
		for j := i + 1; j < n; j++ {
			b := cards[j]
			if room >= 2 && b.pile != a.pile && (a.card.Rank()+b.card.Rank() == sum ||
				sum == check.PairsSameRank && a.card.Rank() == b.card.Rank()) &&
				(!r.piles[d].touching || r.touch(int(a.pile), int(b.pile))) {
				buf = append(buf, Move{Kind: Pair, From: a.pile, Slot: a.slot, From2: b.pile, Slot2: b.slot, To: uint8(d), Count: 2})
			}
		}
	}
	return buf
}

// touch reports whether piles a and b, of one group laid out in rows (the
// checker makes sure of both for a pile that takes touching pairs), lie
// side by side, one above the other or corner to corner.
func (r *Rules) touch(a, b int) bool {
	pa, pb := &r.piles[a], &r.piles[b]
	w := pa.rowsOf
	if w <= 0 || pb.rowsOf != w {
		return false
	}
	dr, dc := pa.rowPos/w-pb.rowPos/w, pa.rowPos%w-pb.rowPos%w
	return a != b && dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1
}

// runLen is the length of the movable run at the top of pile p: face-up
// cards each fitting on the one below by the pile's run rule; for a pile
// that moves any group, every face-up card at the top.
func (r *Rules) runLen(s *State, p int) int {
	pr := &r.piles[p]
	base, n := r.offs[p], int(s.lens[p])
	if n == 0 || s.cards[base+n-1].FaceDown() {
		return 0
	}
	k := 1
	for i := n - 1; i > 0; i-- {
		under := s.cards[base+i-1]
		if under.FaceDown() || pr.move != check.MoveAny && (pr.run == nil || !pr.run.fits(under, s.cards[base+i])) {
			break
		}
		k++
	}
	return k
}

// refusal says why cards may not go onto a pile; ok when they may.
type refusal uint8

const (
	ok refusal = iota
	refGrid
	refStock
	refFull
	refCount
	refFill
	refStartAfter
	refStartWhen
	refBase
	refNoBuild
	refFaceDown
	refBuild
	refExcept
	refRun
	refPairs
	refFillNever
	refFollow // follow left: not the card that follows the one to the left
	refNone   // accepts nothing once it holds a card
	refOutranked
	refBuildWhen // the build's clause does not hold
)

// accept is the one place that decides which cards may go onto pile d
// now: it returns the set of cards that may be the bottom card of what is
// moved there, and the reason for refusing any card outside the set.
func (r *Rules) accept(s *State, d int) (uint64, refusal) {
	p := &r.piles[d]
	switch {
	case p.grid:
		return 0, refGrid
	case d == r.stock:
		return 0, refStock
	case p.pairs > 0:
		return 0, refPairs
	}
	dn := int(s.lens[d])
	if p.holds > 0 && dn >= p.holds {
		return 0, refFull
	}
	if dn == 0 {
		if p.fillNever {
			return 0, refFillNever
		}
		if p.startAfter >= 0 && !r.holdsCard(s, p.startAfter) {
			return 0, refStartAfter
		}
		if p.startWhen != nil && !p.startWhen(s) {
			return 0, refStartWhen
		}
		if p.outrank != nil {
			return r.outrankedSet(s, d), refOutranked
		}
		if p.follow != nil && p.left >= 0 {
			return r.followSet(s, d), refFollow
		}
		set := uint64(allCards)
		for i := range p.base {
			b := &p.base[i]
			if b.when == nil || b.when(s) {
				set &= b.pat.set(s)
			}
		}
		return set, refBase
	}
	top := s.cards[r.offs[d]+dn-1]
	switch {
	case p.outrank != nil:
		return r.outrankedSet(s, d), refOutranked
	case p.accepts == check.AcceptNone:
		return 0, refNone
	case p.build == nil:
		return 0, refNoBuild
	case p.buildWhen != nil && !p.buildWhen(s):
		return 0, refBuildWhen
	case top.FaceDown():
		return 0, refFaceDown
	}
	ex := p.except.set(s)
	if ex>>(top&cardBits)&1 != 0 {
		return 0, refExcept
	}
	return p.build[top&cardBits] &^ ex, refBuild
}

// outrankedSet is the set of the cards outranked pile d takes now: those
// some face-up top card of its list outranks. The card's own pile is in the
// list too, but its top card is the card itself, which outranks nothing of
// its own rank; so the set serves every source alike.
func (r *Rules) outrankedSet(s *State, d int) uint64 {
	p := &r.piles[d]
	var set uint64
	for ps := p.outBy; ps != 0; ps &= ps - 1 {
		q := bits.TrailingZeros64(ps)
		if n := int(s.lens[q]); n > 0 {
			if top := s.cards[r.offs[q]+n-1]; !top.FaceDown() {
				set |= p.outrank[top&cardBits]
			}
		}
	}
	return set
}

// refuse says why the cards run (bottom first) may not move from src onto
// dst, or ok when they may. It decides exactly as Moves does.
func (r *Rules) refuse(s *State, dst, src int, run []Card) refusal {
	set, why := r.accept(s, dst)
	return r.refuseGiven(s, dst, src, run, set, why)
}

// refuseGiven is refuse given what accept says of dst.
func (r *Rules) refuseGiven(s *State, dst, src int, run []Card, set uint64, why refusal) refusal {
	d := &r.piles[dst]
	k := len(run)
	dn := int(s.lens[dst])
	acc := d.acceptsAt(uint8(dn))
	lead := run[0] // the card that decides
	if r.piles[src].byTop {
		lead = run[k-1]
	}
	switch {
	case why == refGrid || why == refStock || why == refPairs || why == refFillNever || why == refNone:
		return why
	case acc != check.AcceptRuns && k != acc:
		return refCount
	case d.holds > 0 && dn+k > d.holds:
		return refFull
	case dn == 0 && d.fill != 0 && d.fill&(1<<src) == 0:
		return refFill
	case set>>(lead&cardBits)&1 == 0:
		if why == refBuild && d.except.matches(lead, s) {
			return refExcept
		}
		return why
	case k > 1 && !r.piles[src].byTop && (r.piles[src].move != check.MoveAny || acc > 1) && !r.runFits(s, dst, src, run):
		// A group from a pile that moves any group is judged by its bottom
		// card, except by a pile that takes an exact number of cards at
		// once: a discard of completed runs checks the whole run.
		return refRun
	}
	return ok
}

// runFits reports whether a run of more than one card is a sequence that
// dst builds.
func (r *Rules) runFits(s *State, dst, src int, run []Card) bool {
	d := &r.piles[dst]
	if d.build == nil {
		return false
	}
	if d.runIsBuild && r.piles[src].run == d.build {
		return true
	}
	ex := d.except.set(s)
	for i := 1; i < len(run); i++ {
		if !d.build.fits(run[i-1], run[i]) || ex>>(run[i-1]&cardBits)&1 != 0 || ex>>(run[i]&cardBits)&1 != 0 {
			return false
		}
	}
	return true
}

func (r *Rules) canAct(s *State, i int) bool {
	a := &r.acts[i]
	if a.when != nil && !a.when(s) {
		return false
	}
	s = r.asDealtTo(s)
	if a.empty && len(a.emptyTargets(s, nil)) == 0 {
		return false // no pile of it is empty: nothing to deal to
	}
	_, _, _, ok := r.dealRoom(s, a)
	return ok
}

// asDealtTo is s as a stock deal finds it: where a group closes up before
// each deal (`close up before each deal`), closed up, since the deal
// closes it up first (see Apply), so that the piles it deals to, and
// their room, are those of the closed-up group. Its `when`, the condition
// for dealing at all, reads s as it is. s itself when nothing moves.
func (r *Rules) asDealtTo(s *State) *State {
	if len(r.closeAtDeal) == 0 || !r.hasSpaces(s, r.closeAtDeal) {
		return s
	}
	c := s.Clone()
	r.closeUp(c, r.closeAtDeal)
	return c
}

// dealRoom says whether the stock action a fits: a deal is refused when
// the cards it would put on a pile pass the pile's `holds`. Near the end of
// the stock it puts fewer than it says (a deal of N to a pile puts what is
// left; one to each pile stops when the stock runs out, and the piles
// after get nothing), and only what it puts counts. A grid column dealt a
// row is padded with gaps to the row first, and the gaps count. When the
// deal does not fit, it returns the first pile it does not fit, the room
// there and the cards the deal would put there.
func (r *Rules) dealRoom(s *State, a *action) (t, room, puts int, ok bool) {
	left := int(s.lens[r.stock])
	if a.empty {
		// A deal to each of the piles empty now, in turn (no grids).
		var buf [64]int
		return r.eachRoom(s, a.emptyTargets(s, buf[:0]), a.count, left, 0)
	}
	if !a.each {
		t := a.targets[0]
		puts := min(a.count, left)
		room := r.caps[t] - int(s.lens[t])
		return t, room, puts, puts <= room
	}
	n := len(a.targets)
	rows := 0
	if a.grid {
		// Rows are padded with gaps: refuse a row that would overflow a column.
		rows = a.rows(s)
		if left >= a.count*n && len(a.gridTargets) == n && rows+a.count <= a.minCap {
			return 0, 0, 0, true // every column gets them all, and has room
		}
	} else if left >= a.count*n {
		// The usual case: every pile gets them all.
		for _, t := range a.targets {
			if room := r.caps[t] - int(s.lens[t]); a.count > room {
				return t, room, a.count, false
			}
		}
		return 0, 0, 0, true
	}
	return r.eachRoom(s, a.targets, a.count, left, rows)
}

// eachRoom is dealRoom for a deal of count cards to each of targets in
// turn with left cards in the stock: the stock may run out on the way,
// and a grid column is padded to rows first.
func (r *Rules) eachRoom(s *State, targets []int, count, left, rows int) (t, room, puts int, ok bool) {
	n := len(targets)
	for j, t := range targets {
		if left <= j {
			break // the stock runs out before it
		}
		puts := min(count, (left-j+n-1)/n) // rounds that reach it
		base := int(s.lens[t])
		if r.grids>>t&1 != 0 {
			base = max(base, rows)
		}
		if room := r.caps[t] - base; puts > room {
			return t, room, puts, false
		}
	}
	return 0, 0, 0, true
}

// emptyTargets appends to buf the targets of a deal to each empty pile
// that are empty in s, in order.
func (a *action) emptyTargets(s *State, buf []int) []int {
	for _, t := range a.targets {
		if s.lens[t] == 0 {
			buf = append(buf, t)
		}
	}
	return buf
}

// rows is the number of rows dealt to the grid columns among the targets
// of a, as gridRows says; it reads the lengths of consecutive columns as
// one slice.
func (a *action) rows(s *State) int {
	if a.first < 0 {
		return gridRows(s, a.gridTargets)
	}
	rows := 0
	for _, n := range s.lens[a.first : a.first+len(a.targets)] {
		rows = max(rows, int(n))
	}
	return rows
}

// gridRows is the number of rows dealt to the grid columns targets: the
// length of the longest.
func gridRows(s *State, targets []int) int {
	rows := 0
	for _, t := range targets {
		rows = max(rows, int(s.lens[t]))
	}
	return rows
}

func (r *Rules) canRedeal(s *State) bool {
	rd := r.redeal
	if rd == nil || (rd.times >= 0 && int(s.redeals) >= rd.times) {
		return false
	}
	if !rd.inPlace && (rd.to != nil || r.caps[r.stock] >= r.Game.CardCount) {
		// Any card to gather will do: the stock has room for the whole
		// pack (the cards are conserved), or the cards are dealt out.
		for _, p := range rd.from {
			if r.holdsCard(s, p) {
				return true
			}
		}
		return false
	}
	n := 0
	for _, p := range rd.from {
		n += s.count(r, p) // a grid's gaps are nothing to gather
	}
	if rd.inPlace {
		n = r.outOfPlace(s)
	}
	if rd.to != nil {
		return n > 0
	}
	return n > 0 && n <= r.caps[r.stock]
}

// Apply plays a legal move on s. It does not check legality: use Legal or
// take the move from Moves. It reports whether the move turned a card face
// up or made a pile refill itself: what makes any move a progress move.
func (r *Rules) Apply(s *State, m Move) (turned bool) {
	switch m.Kind {
	case Play:
		src, dst := int(m.From), int(m.To)
		if r.grids>>src&1 != 0 {
			s.touch(1 << dst)
			i := r.offs[src] + int(m.Slot)
			s.push(r, dst, s.cards[i])
			s.cards[i] = gap
			r.tookSlot(s, src, int(m.Slot))
		} else {
			s.touch(1<<src | 1<<dst)
			n := int(s.lens[src])
			from := r.offs[src] + n - int(m.Count)
			for i := 0; i < int(m.Count); i++ {
				s.push(r, dst, s.cards[from+i])
			}
			s.lens[src] -= m.Count
			turned = r.turnUp(s, src)
		}
	case Pair:
		s.touch(1<<m.From | 1<<m.To)
		turned = r.takeForPair(s, int(m.From), int(m.Slot), int(m.To))
		if m.Count == 2 {
			s.touch(1 << m.From2)
			turned = r.takeForPair(s, int(m.From2), int(m.Slot2), int(m.To)) || turned
		}
	case Deal:
		a := &r.acts[m.Action]
		s.touch(1<<r.stock | a.touches&^r.grids) // dealEach marks the grids it fills itself
		if len(r.closeAtDeal) > 0 && r.closeUp(s, r.closeAtDeal) {
			s.touch(allPiles) // the spaces kept till now close up first
			turned = true
		}
		if a.empty {
			var buf [64]int
			r.dealEach(s, a, a.emptyTargets(s, buf[:0]))
			break
		}
		if a.each {
			r.dealEach(s, a, a.targets)
			break
		}
		t := a.targets[0]
		s.touch(r.grids & (1 << t)) // a grid column too: dealEach alone keeps a grid's notes itself
		for k := 0; k < a.count && s.lens[r.stock] > 0; k++ {
			s.push(r, t, s.pop(r, r.stock).Up())
		}
	case Redeal:
		s.touch(allPiles)
		if r.redeal.to != nil {
			r.redealOut(s)
			break
		}
		// Gather each pile bottom to top; the first card gathered is dealt
		// first, so it goes on top of the stock.
		st := r.offs[r.stock]
		n := 0
		for _, p := range r.redeal.from {
			for _, c := range s.Pile(r, p) {
				if !c.IsGap() {
					s.cards[st+n] = c.Down()
					n++
				}
			}
			s.lens[p] = 0
		}
		if r.redeal.shuffled {
			redealShuffle(s.cards[st:st+n], s.seed, int(s.redeals)+1)
		}
		for i, j := st, st+n-1; i < j; i, j = i+1, j-1 {
			s.cards[i], s.cards[j] = s.cards[j], s.cards[i]
		}
		s.lens[r.stock] = uint8(n)
		s.redeals++
	}
	// A value the first card to its piles fixes is fixed by what the move
	// put there, before a refill or a close-up takes it away again, and
	// else by what they bring.
	fixed := len(r.firsts) > 0 && r.fixFirsts(s)
	if (len(r.closeNow) > 0 || len(r.refillers) > 0) && r.settle(s) {
		s.touch(allPiles)
		turned = true
		fixed = len(r.firsts) > 0 && r.fixFirsts(s) || fixed
	}
	if fixed {
		s.touch(allPiles) // what a pattern of the value takes is fixed now
	}
	if r.advancePhase(s) {
		s.touch(allPiles)
	}
	return turned
}

// dealEach plays the stock action a, which deals to each of targets (its
// own, or for a deal to each empty pile, those empty now):
// count rounds of one card to every target in turn, the stock's top card
// first, face up, as far as the stock goes. A grid column is first padded
// with gaps to the row being dealt. The stock's length is kept in a local
// and the cards written in place: half of the moves in a game that deals
// rows are deals.
func (r *Rules) dealEach(s *State, a *action, targets []int) {
	cards, lens := s.cards, s.lens
	st := r.offs[r.stock]
	left := int(lens[r.stock]) // the stock's cards: the next one dealt is at st+left-1
	rows := 0
	if a.grid {
		rows = a.rows(s)
	}
	// The move cache, once for the deal: the grid targets are marked
	// changed; those whose occupancy is current (occOK) get their new
	// card's bit, and those whose available cards are noted (noted) the
	// card, now available (the card it covers may stay in the set: see
	// moveCache.freeCards).
	offs, grids := r.offs, r.grids
	var occ, freeCards []uint64
	var occOK, noted uint64
	ac := s.acc
	if ac != nil {
		gt := a.touches & grids
		ac.stale |= gt
		ac.hashStale |= gt
		occ, occOK = ac.occ, gt&^ac.occStale
		freeCards, noted = ac.freeCards, gt&ac.cardsOK
	}
	if a.count == 1 && a.touches&^grids == 0 && ac != nil {
		// One row to grid columns, the usual deal of a grid: a loop with
		// no test per column on the cache, as the bits it sets in a stale
		// occupancy or in notes not taken are never read (occupied and
		// movesFrom write them afresh).
		for _, t := range targets {
			if left == 0 {
				break
			}
			o, n := offs[t], int(lens[t])
			for ; n < rows; n++ {
				cards[o+n] = gap
			}
			left--
			c := cards[st+left] &^ faceDown
			cards[o+n] = c
			lens[t] = uint8(n + 1)
			occ[4*t+n>>6] |= 1 << (n & 63)
			freeCards[t] |= 1 << (c & cardBits)
		}
		lens[r.stock] = uint8(left)
		return
	}
	for k := 0; k < a.count && left > 0; k++ {
		for _, t := range targets {
			if left == 0 {
				break
			}
			o, n := offs[t], int(lens[t])
			if grids>>t&1 != 0 {
				for ; n < rows+k; n++ {
					cards[o+n] = gap
				}
				if occOK>>t&1 != 0 {
					occ[4*t+n>>6] |= 1 << (n & 63)
				}
			}
			left--
			c := cards[st+left].Up()
			cards[o+n] = c
			lens[t] = uint8(n + 1)
			if noted>>t&1 != 0 {
				freeCards[t] |= 1 << (c & cardBits)
			}
		}
	}
	lens[r.stock] = uint8(left)
}

// redealOut plays a redeal that deals out again: it gathers the piles in
// order, each from its bottom card up, shuffles the cards if the redeal
// says so, and deals them face up, by cards to each pile of to in turn,
// the first card gathered (or shuffled first) first.
func (r *Rules) redealOut(s *State) {
	rd := r.redeal
	if rd.inPlace {
		r.redealInPlace(s)
		return
	}
	var buf [256]Card
	cards := buf[:0]
	for _, p := range rd.from {
		for _, c := range s.Pile(r, p) {
			if !c.IsGap() {
				cards = append(cards, c.Up())
			}
		}
		s.lens[p] = 0
	}
	s.redeals++
	if rd.shuffled {
		redealShuffle(cards, s.seed, int(s.redeals))
	}
	for _, t := range rd.to {
		for k := 0; k < rd.by && len(cards) > 0; k++ {
			s.push(r, t, cards[0])
			cards = cards[1:]
		}
	}
}

// takeForPair moves one available card to pile d.
func (r *Rules) takeForPair(s *State, src, slot, d int) bool {
	if r.piles[src].grid {
		i := r.offs[src] + slot
		s.push(r, d, s.cards[i])
		s.cards[i] = gap
		return false
	}
	s.push(r, d, s.pop(r, src))
	return r.turnUp(s, src)
}

// Legal reports whether m is among the legal moves of s.
func (r *Rules) Legal(s *State, m Move) bool {
	for _, x := range r.Moves(s, nil) {
		if x == m {
			return true
		}
	}
	return false
}

// Won reports whether the win condition holds.
func (r *Rules) Won(s *State) bool { return r.win(s) }
