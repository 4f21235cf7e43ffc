package interp

import (
	"math/bits"
	"slices"

	"github.com/patience-dev/patience/dsl/check"
)

// safety finds moves the rules prove safe: moves that, played at once, keep
// every winnable position winnable. The solver plays them without
// searching the alternatives, and the player's `auto` plays them; a wrong
// one would make the solver call a winnable deal unwinnable, so each
// condition below is part of one argument, and the differential test
// (sound_test.go) compares the result with a search that uses none of it.
//
// A safe move is a card x played alone from the top of a pile P to a
// foundation F. It is safe when the game as a whole meets these conditions
// (checked once, in newSafety; any one failing turns safe moves off):
//
//   - G1. The win condition is `all cards in S` where S holds every
//     foundation, and every other pile in S is one no card ever enters (a
//     pile cards are put aside on at the deal). A card on such a pile may
//     stay there in a winning line, so no safe move starts from one that a
//     card can leave (those piles are fixed, as in M5), and its cards count
//     as still in play (M3); one no card can leave (by a move, a refill, a
//     redeal, or, for a stock that deals, a deal; see gives) holds its
//     cards out of play for good. So in a winning line x, which starts outside S,
//     ends on a foundation.
//   - G2. Foundations and discards never give a card back: no `to`, no
//     `refill` from them, no redeal gathers them.
//   - G3. Nothing in the rules reads the position except through the moves
//     themselves: no phases, no game value fixed in play (`rank of first
//     card to f`: x played to F early would fix it by x where W fixes it by
//     another card), no `when` on a deal, a base or a build, no `start
//     when`, and `start after` only after a foundation or discard (which,
//     by G2, once started stays started). No pile refills itself, the stock
//     deals to no foundation, and no pile takes an exact number of cards
//     above one (a discard of whole runs), so a run moved one card shorter
//     is still accepted. The stock deals to no pile that moves any group
//     (`move any`): a card dealt onto x could otherwise leave with x under
//     it, as the bottom of a group, and the group without x would have
//     another bottom card (moves never put a card on x, by M4, and a
//     refill fills only an empty pile). No foundation covers a pile
//     (`cover P by F`): x on F would freeze P for good, where the line
//     that plays x later may use P first. And no pile that moves any group
//     gives to a foundation that takes several cards at once: the group is
//     judged there by its bottom card alone, so x could land on F above a
//     card it can never follow by F's build, and M1 would not hold. No
//     pile takes outranked cards: what it takes reads other piles' tops,
//     so taking x out of P early could stop a card going there. No pile
//     but a foundation takes pairs: x could leave as half of a pair, with
//     a partner that has no other way out (M4 sees only builds).
//   - G4. No pile's place matters and no pile changes what it takes with
//     its emptiness: no `follow left` (a space would take a card by x's
//     neighbour, and "in place" reads it), no `close up` (taking x out
//     early could empty a pile, shifting every pile after it), no `move
//     whole by top` (the pile less x would be judged by another card),
//     and every pile accepts as many cards empty as otherwise (a pile left
//     empty by taking x out early would take other moves). No run is moved
//     `using` a foundation: there an empty foundation is a space a run
//     passes through, and x played to F early would fill it while a run
//     of W still needs it (a reviewer's game, won by moving a run of two
//     while f2 was empty, was called unwinnable). `to left` is
//     only a `to` list, and a relation with `or` or `any-rank` is only
//     another relation table: both keep the argument as it is.
//
// and the move meets these (checked for each move, in move):
//
//   - M1. Whatever lands on F first from now on is x. Either every card F
//     accepts now is a copy of x, or F is empty and x can never follow
//     any other card F accepts now (then, in a winning line, the
//     foundation x lands on is empty now and takes x first).
//   - M2. No other foundation could ever take x, except, in the second
//     case of M1, one interchangeable with F and empty as F is (swapping
//     the two throughout a winning line gives another winning line).
//   - M3. Copies: x is the only copy of its card still in play; or F
//     cannot take that card again after x and no other foundation can
//     take it at all, so that a second copy in play could never reach a
//     foundation and the position is lost whatever is played.
//   - M4. No pile outside the foundations could ever put a card on x: no
//     build relation there takes a card still in play onto x. So in a
//     winning line x moves only alone or as the top card of what moves
//     (a run, a whole pile, or with `move any` any group), and what moves
//     without x is still what its destination takes: a run less its top
//     card is a run, a whole pile less x is the whole pile, and a group
//     from a pile that moves any group is judged by its bottom card alone,
//     which x is not. (A card a deal puts on x, as `deal 1 to each t` may,
//     does not make x the middle of what moves: several cards go onto a
//     pile only as its build relation takes them, which M4 forbids with a
//     card on x outside the foundations and M2 on them; and piles that
//     move any group take no deal, by G3.)
//   - M5. P is not a pile a redeal gathers, unless the stock deals one
//     card at a time to one pile with no condition: elsewhere taking x out
//     changes where every card gathered after it lands when dealt again
//     (which cards come up in each three of Klondike by threes); and the
//     solver takes none from the waste where its key merges the places of
//     a stock that goes round (see solver.cycleTerm). Nor is P
//     a pile whose cards a move may take to a gathered pile, or to one that
//     may, and so on: x may reach the redeal by way of it (a column that
//     moves to the waste), and in a winning line it may. A redeal
//     that shuffles, or that deals the cards straight out again, turns
//     safe moves off altogether (G3): taking x out of what it gathers
//     changes where every other card goes, and x may reach a gathered pile
//     from anywhere before it is gathered.
//
// The argument. Take any winning line W from the position. By G1, M2 and
// M3, x lands on some foundation in W, and by M1 (after swapping F with the
// empty foundation it lands on, M2) it is the first card to land on F. Play
// x to F first, then W with every move of x alone left out and every run
// that carries x moved without it. By M4 no card is ever put on x, so x is
// always the top of its pile or of what a deal put on it, and leaving it
// out changes no other move: a pile holds the same cards less x, so its
// top, its runs and its room are the same or more; an emptier pile, more
// empty piles and an earlier turned-up card only add moves; deals ignore
// what a pile holds (G3); a redeal gathers the same cards in the same
// order less x (M5), and where the stock deals one card at a time every
// later deal of x in W is left out too (a redeal in W that would gather x
// alone gathers nothing, and the stock is as empty either way; by G3 no
// rule reads the count of redeals that makes). By G3 no rule can tell the two lines apart otherwise,
// and by G2 x stays on F, so the new line wins too.
type safety struct {
	r       *Rules
	enabled bool
	copies  [64]uint8 // copies of each card in the pack
	found   []int     // foundation piles
	out     []int     // piles a card never leaves: foundations, discards, set-aside piles (G1)
	builds  []int     // piles outside the foundations that build
	fixed   uint64    // piles no card may leave safely (M5, G1)
	classes [][]int
}

func (r *Rules) newSafety(s *State) *safety {
	sf := &safety{r: r, classes: r.interchangeable()}
	for _, c := range r.Pack() {
		sf.copies[c&cardBits]++
	}
	sf.enabled = r.safeGame()
	for i := range r.piles {
		p := &r.piles[i]
		switch p.role {
		case check.Foundation, check.Discard:
			sf.out = append(sf.out, i)
			if p.role == check.Foundation {
				sf.found = append(sf.found, i)
			}
		default:
			if p.build != nil {
				sf.builds = append(sf.builds, i)
			}
		}
	}
	if win, ok := r.Game.Win.(check.AllIn); ok {
		for _, q := range win.Piles {
			if r.piles[q].role == check.Foundation || r.piles[q].role == check.Discard || r.receives(q) {
				continue
			}
			if r.gives(q) {
				sf.fixed |= 1 << q // a card may stay there and win (G1)
			} else {
				sf.out = append(sf.out, q) // set aside at the deal: its cards never move
			}
		}
	}
	// M5.
	a := r.acts
	single := len(a) == 1 && !a[0].each && a[0].count == 1 && len(a[0].targets) == 1 && a[0].when == nil
	if r.redeal != nil && !single {
		for _, f := range r.redeal.from {
			sf.fixed |= 1 << f
		}
		// And every pile a card may leave for a gathered pile, by one move
		// or more (M5).
		for changed := true; changed; {
			changed = false
			for i := range r.piles {
				if sf.fixed>>i&1 == 0 && r.piles[i].toMask&sf.fixed&^(1<<i) != 0 && r.piles[i].role != check.Foundation {
					sf.fixed |= 1 << i
					changed = true
				}
			}
		}
	}
	return sf
}

// receives reports whether any card can ever be put on pile q after the
// deal: by a move, a deal, a refill, a redeal or closing up.
func (r *Rules) receives(q int) bool {
	if q == r.stock && r.redeal != nil {
		return true
	}
	for i := range r.piles {
		p := &r.piles[i]
		if i != q && p.toMask&(1<<q) != 0 {
			return true
		}
	}
	if len(r.piles[q].refill) > 0 || r.piles[q].pairs > 0 {
		return true
	}
	for _, cl := range r.closing {
		if i := slices.Index(cl, q); i >= 0 && i < len(cl)-1 {
			return true // the piles after it move down onto it
		}
	}
	for _, a := range r.acts {
		for _, t := range a.targets {
			if t == q {
				return true
			}
		}
	}
	return false
}

// gives reports whether a card can ever leave pile q: by a move, a deal
// from it (the stock), a refill from it, a redeal that gathers it or a pair
// taken from it.
func (r *Rules) gives(q int) bool {
	p := &r.piles[q]
	if p.toMask != 0 || p.pairs > 0 || p.grid {
		return true
	}
	if q == r.stock && len(r.acts) > 0 {
		return true // the stock's cards leave by its deals
	}
	for i := range r.piles {
		if slices.Contains(r.piles[i].refill, q) {
			return true
		}
	}
	return r.redeal != nil && slices.Contains(r.redeal.from, q)
}

// safeGame checks the game-wide conditions G1 to G4 (see safety).
func (r *Rules) safeGame() bool {
	g := r.Game
	// G1.
	win, ok := g.Win.(check.AllIn)
	if !ok {
		return false
	}
	inWin := uint64(0)
	for _, q := range win.Piles {
		inWin |= 1 << q
	}
	for i := range r.piles {
		p := &r.piles[i]
		if p.role == check.Foundation && inWin&(1<<i) == 0 {
			return false
		}
		if inWin&(1<<i) != 0 && p.role != check.Foundation && r.receives(i) {
			return false
		}
	}
	// G2.
	for i := range r.piles {
		p := &r.piles[i]
		if (p.role == check.Foundation || p.role == check.Discard) && p.toMask != 0 {
			return false
		}
		for _, f := range p.refill {
			if r.piles[f].role == check.Foundation || r.piles[f].role == check.Discard {
				return false
			}
		}
	}
	if r.redeal != nil {
		for _, f := range r.redeal.from {
			if r.piles[f].role == check.Foundation || r.piles[f].role == check.Discard {
				return false
			}
		}
	}
	// G3.
	if len(g.Phases) > 0 || len(r.firsts) > 0 {
		return false // a phase, or a value the first card to its piles fixes, reads the position
	}
	if g.Redeal != nil && (g.Redeal.Shuffled || g.Redeal.To != nil) {
		return false // M5
	}
	for _, a := range g.Actions {
		if a.When != nil || a.Empty {
			return false // the deal reads the position
		}
		for _, t := range a.Targets {
			if g.Piles[t].Role == check.Foundation {
				return false // a deal could land on F before x does (M1)
			}
			if g.Piles[t].Move == check.MoveAny {
				return false // a card dealt on x could carry x off under it
			}
		}
	}
	for _, p := range g.Piles {
		for _, c := range p.CoveredBy {
			if g.Piles[c].Role == check.Foundation {
				return false // G3: x on F would cover p from then on
			}
		}
		if p.Move == check.MoveAny {
			for _, d := range p.To {
				if q := g.Piles[d]; q.Role == check.Foundation && (q.Accepts != check.AcceptOne || q.AcceptsEmpty != check.AcceptOne) {
					return false // G3: a group lands on F judged by its bottom card alone
				}
			}
		}
		if p.StartWhen != nil || len(p.Refill) > 0 || p.Accepts > 1 || p.AcceptsEmpty > 1 {
			return false
		}
		if p.Follow != nil || p.CloseUp || p.ByTop || p.AcceptsEmpty != p.Accepts {
			return false // G4
		}
		for _, u := range p.Using {
			if g.Piles[u].Role == check.Foundation {
				return false // G4: x on F would take a space a run passes through
			}
		}
		if p.Outranked != nil {
			return false // G3: it reads other piles' top cards
		}
		if p.Pairs > 0 && p.Role != check.Foundation {
			return false // G3: x may leave as half of a pair its partner needs
		}
		if p.StartAfter >= 0 {
			if role := g.Piles[p.StartAfter].Role; role != check.Foundation && role != check.Discard {
				return false
			}
		}
		for _, b := range p.Base {
			if b.Cond != nil {
				return false
			}
		}
		if p.BuildWhen != nil {
			return false // G3: a `when` on a build
		}
	}
	return true
}

// move returns a safe move in s, if there is one.
func (sf *safety) move(s *State) (Move, bool) {
	if !sf.enabled || len(sf.found) == 0 {
		return Move{}, false
	}
	r := sf.r
	// Only a pile whose top card some foundation takes now (or a grid,
	// whose free cards are not only its last) can have a safe move: the
	// moves of the others need not be generated.
	var takes uint64
	for _, f := range sf.found {
		a, _ := r.accept(s, f)
		takes |= a
	}
	if takes == 0 {
		return Move{}, false
	}
	var from uint64
	for src := range r.piles {
		if n := s.lens[src]; n > 0 && sf.fixed>>src&1 == 0 {
			if top := s.cards[r.offs[src]+int(n)-1]; r.piles[src].grid || takes>>(top&cardBits)&1 != 0 {
				from |= 1 << src
			}
		}
	}
	if from == 0 {
		return Move{}, false
	}
	var buf [64]Move
	for _, m := range r.movesFrom(s, from, pileMask(sf.found), buf[:0]) {
		if m.Kind != Play || m.Count != 1 || r.piles[m.From].role == check.Foundation {
			continue
		}
		if sf.safe(s, int(m.To), r.movedCard(s, m)) {
			return m, true
		}
	}
	return Move{}, false
}

// safe checks M1 to M4 (see safety) for card x going to foundation f.
func (sf *safety) safe(s *State, f int, x Card) bool {
	r := sf.r
	id := x & cardBits
	accepts, _ := r.accept(s, f)
	symmetric := false // the second case of M1
	if accepts&^(1<<id) != 0 {
		if s.lens[f] != 0 {
			return false
		}
		for a := accepts &^ (1 << id); a != 0; a &= a - 1 {
			y := bits.TrailingZeros64(a)
			if sf.reachFrom(f, uint64(1)<<y, 1)>>id&1 != 0 {
				return false // x could follow another first card
			}
		}
		symmetric = true
	}
	// M2.
	for _, g := range sf.found {
		if g == f {
			continue
		}
		if symmetric && s.lens[g] == 0 && sf.sameClass(f, g) {
			continue
		}
		if sf.reach(s, g)>>id&1 != 0 {
			return false
		}
	}
	// M3.
	if sf.live(s, id) > 1 {
		if symmetric || sf.reachFrom(f, 1<<id, int(s.lens[f])+1)>>id&1 != 0 {
			return false
		}
	}
	// M4.
	return !sf.someoneBuildsOn(s, x)
}

// live counts the copies of card id not yet in a pile they never leave.
func (sf *safety) live(s *State, id Card) int {
	n := int(sf.copies[id])
	for _, o := range sf.out {
		for _, c := range s.Pile(sf.r, o) {
			if c&cardBits == id {
				n--
			}
		}
	}
	return n
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

// reach is every card foundation g could still take, whatever else
// happens: an over-estimate, from its bases or its top card along its build
// relation, as far as its room allows; any card, for a foundation that
// takes pairs or outranked cards whatever its top card.
func (sf *safety) reach(s *State, g int) uint64 {
	r := sf.r
	if r.piles[g].pairs > 0 || r.piles[g].outrank != nil {
		return allCards // what it takes follows no build from its top
	}
	n := int(s.lens[g])
	if n == 0 {
		cur := uint64(allCards)
		for i := range r.piles[g].base {
			if r.piles[g].base[i].when == nil { // a conditional base may not apply: ignore it
				cur &= r.piles[g].base[i].pat.set(s)
			}
		}
		return cur | sf.reachFrom(g, cur, 1)
	}
	top := s.cards[r.offs[g]+n-1]
	return sf.reachFrom(g, uint64(1)<<(top&cardBits), n)
}

// reachFrom is every card foundation g could take after cards cur, when it
// would then hold n cards: the closure of cur under g's build relation, as
// far as g's room allows (cur itself only where the closure comes back to
// it).
func (sf *safety) reachFrom(g int, cur uint64, n int) uint64 {
	p := &sf.r.piles[g]
	room := sf.r.Game.CardCount
	if p.holds > 0 {
		room = p.holds - n
	}
	if p.build == nil {
		return 0
	}
	acc := uint64(0)
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
// want card x to build on: some card that fits on x there is still in play
// (M4).
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
	for w := wanted; w != 0; w &= w - 1 {
		if sf.live(s, Card(bits.TrailingZeros64(w))) > 0 {
			return true
		}
	}
	return false
}
