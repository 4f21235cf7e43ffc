// Package interp plays any checked game. It compiles the checker's model
// into flat rule tables, deals a seeded, deterministic layout, enumerates
// every legal move, applies moves, and decides whether a game is won or lost.
// The same move generator serves play, hints, lost-game detection and,
// later, the solver.
package interp

import (
	"math"
	"slices"
	"sync"

	"github.com/patience-dev/patience/dsl/check"
)

// Rules is a game compiled to its runtime form. It is immutable and safe to
// share between goroutines.
type Rules struct {
	Game       *check.Game
	hashOnce   sync.Once
	hash       string // see Hash
	piles      []pileRule
	offs       []int // start of each pile's region in State.cards
	caps       []int // size of each region
	size       int   // total cards in State.cards
	stock      int
	acts       []action
	redeal     *redeal
	win        condFn
	phases     []condFn
	refillers  []int    // piles that refill themselves, in order
	destMask   uint64   // piles some other pile may move cards to
	sources    uint64   // piles that move cards to other piles
	grids      uint64   // grid piles
	multi      uint64   // piles that take an exact number of cards (more than one) at once, once they hold a card
	multiEmpty uint64   // the same, while they are empty (see acceptsAt)
	filled     uint64   // piles that only some piles fill when empty
	affects    []uint64 // for each pile, the piles whose acceptance its contents decide (see acceptDeps)
	pairPiles  []int    // piles that take pairs
	using      bool     // some pile moves runs using empty piles

	// selfAffects is the set of the piles whose contents decide only their
	// own acceptance (affects[p] is p alone), runSources that of the
	// sources that move runs or any group (see moveCache.runs).
	selfAffects, runSources uint64

	closing [][]int // groups that close up, each its piles in order (see place.go)
	// closeNow are those of closing that close up after every move and
	// deal, closeAtDeal those that close up only just before a stock deal.
	closeNow, closeAtDeal [][]int

	// firsts are the game values fixed in play, by the first card to reach
	// one of their piles (`let b = rank of first card to f`); firstOn is
	// the set of those piles.
	firsts  []firstValue
	firstOn uint64

	// testMaxDepth, when a test sets it (before any search), is every
	// search's maxDepth: a small one makes the soundness tests cut lines.
	testMaxDepth int
}

// firstValue is a game value fixed by the first card to reach one of its
// piles.
type firstValue struct {
	value int
	on    []int
}

// fixFirsts fixes each game value still unknown whose piles a card has
// reached: the rank of the bottom card of the first of them, in the
// order the file numbers them, that holds one (a move puts cards on one
// pile; a deal may reach several). It reports whether one was fixed: every
// pile's moves may read it.
func (r *Rules) fixFirsts(s *State) (fixed bool) {
	for _, fv := range r.firsts {
		if s.values[fv.value] != 0 {
			continue
		}
	piles:
		for _, p := range fv.on {
			for _, c := range s.Pile(r, p) {
				if !c.IsGap() { // a grid's slots may start with gaps
					s.values[fv.value] = uint8(c.Rank())
					fixed = true
					break piles
				}
			}
		}
	}
	return fixed
}

type pileRule struct {
	role       check.Role
	holds      int
	accepts    int
	move       check.MoveKind
	grid       bool
	build      *relTable // nil: nothing may be built
	run        *relTable
	except     pattern
	base       []baseRule
	to         []int
	toMask     uint64 // the piles in to
	fill       uint64 // bit per source pile; 0 = any
	fillBars   uint64 // the piles that do not let this one fill them
	fillNever  bool   // no move fills it while empty
	startAfter int
	startWhen  condFn
	buildWhen  condFn // nil: the build always applies
	runIsBuild bool   // a movable run is also a valid build on this rule

	usingOne  uint64 // move runs using: empty piles that store one card each
	usingMany uint64 // move runs using: empty piles that double what may move
	using     bool
	refill    []int
	pairs     int
	touching  bool // pairs: the two cards' piles touch in their rows (see touch)
	rowPos    int  // where it lies in its group's rows: its index in the group
	rowsOf    int  // the length of those rows (`in rows of`), 0 for none
	bothEnds  bool
	coveredBy uint64
	gridGroup []int // a grid's columns, for the row being dealt
	twoWay    bool  // cards may both arrive by moves and leave again: see Rearranging

	acceptsEmpty int       // accepts while empty (see place.go)
	follow       *relTable // follow left: what an empty pile takes on the card to its left
	left         int       // the pile to its left, or -1
	byTop        bool      // move whole, judged by the top card
	// outrank, for a pile that takes outranked cards: for each face-up
	// card, the cards it outranks; outBy, the piles whose top cards it
	// reads (see accept).
	outrank *relTable
	outBy   uint64
}

type baseRule struct {
	pat  pattern
	when condFn
}

// relTable is a building relation as a table: for each face-up card (its
// low six bits), the set of cards that may go on it.
type relTable [64]uint64

// fits reports whether card over may be placed on card under.
func (t *relTable) fits(under, over Card) bool {
	return t[under&cardBits]>>(over&cardBits)&1 != 0
}

const cardBits = 0x3f

// allCards is the set of every face-up card.
const allCards = 0x3ffe_3ffe_3ffe_3ffe

// spread turns a rank mask and a suit mask into a card set.
func spread(ranks uint16, suits uint8) uint64 {
	var set uint64
	for s := 0; s < 4; s++ {
		if suits&(1<<s) != 0 {
			set |= uint64(ranks&0x3ffe) << (16 * s)
		}
	}
	return set
}

type pattern struct {
	ok     bool // false: matches nothing (for except: no exclusion)
	ranks  uint16
	suits  uint8
	value  int
	offset int    // ranks above the value's, round the corner (check.Pattern.Offset)
	static uint64 // the cards matched, before any game value
	// unknownNone: while its value is not known (see fixFirsts) the pattern
	// matches nothing, as `except rank b` excepts no card; else any rank,
	// as `base rank b` takes any card first.
	unknownNone bool
}

// rankLanes has bit 0 of each suit's 16-bit lane set.
const rankLanes = 0x0001_0001_0001_0001

type action struct {
	count   int
	each    bool
	empty   bool // each empty: only the targets empty when it deals (never grids)
	targets []int
	touches uint64 // the targets, as a set
	minCap  int    // the least room of a target
	when    condFn
	grid    bool // some target is a grid: rows are padded with gaps
	// gridTargets are the targets that are grids, whose row the deal
	// fills (an ordinary pile dealt to beside them has no rows).
	gridTargets []int
	first       int // the first target when the targets are consecutive grid columns, else -1 (see rows)
}

type redeal struct {
	inPlace  bool // except in place (see place.go)
	times    int
	from     []int
	shuffled bool
	to       []int // deals out again, by cards to each in turn; nil: into the stock
	by       int
}

type condFn func(s *State) bool

// Compile turns a checked game into rules. It cannot fail: the checker has
// proved everything it relies on.
func Compile(g *check.Game) *Rules {
	r := &Rules{Game: g, stock: g.Stock}
	tables := map[check.Relation]*relTable{}
	compileRel := func(x *check.Relation) *relTable {
		if x == nil {
			return nil
		}
		if t, ok := tables[*x]; ok {
			return t
		}
		t := buildTable(*x)
		tables[*x] = t
		return t
	}
	if n := len(g.Piles); n > 0 {
		r.piles, r.offs, r.caps = make([]pileRule, 0, n), make([]int, 0, n), make([]int, 0, n)
	}
	for _, p := range g.Piles {
		cap := g.CardCount
		if p.Holds > 0 {
			cap = p.Holds
		}
		if p.Grid {
			// A grid column may hold a gap in every row but its last.
			cap = min(2*g.CardCount+1, 255)
		}
		r.offs = append(r.offs, r.size)
		r.caps = append(r.caps, cap)
		r.size += cap
		pr := pileRule{
			role: p.Role, holds: p.Holds, accepts: p.Accepts, move: p.Move, grid: p.Grid,
			build: compileRel(p.Build), run: compileRel(p.Run), to: p.To,
			startAfter: p.StartAfter, startWhen: r.cond(p.StartWhen), buildWhen: r.cond(p.BuildWhen),
			acceptsEmpty: p.AcceptsEmpty, follow: compileRel(p.Follow), left: p.Left, byTop: p.ByTop,
		}
		if p.Except != nil {
			pr.except = compilePattern(*p.Except)
			pr.except.unknownNone = true
		}
		for _, b := range p.Base {
			pr.base = append(pr.base, baseRule{pat: compilePattern(b.Pattern), when: r.cond(b.Cond)})
		}
		for _, t := range p.To {
			pr.toMask |= 1 << t
		}
		for _, f := range p.Fill {
			pr.fill |= 1 << f
		}
		pr.fillNever = p.FillNever
		pr.runIsBuild = pr.run == pr.build && !pr.except.ok
		for _, u := range p.Using {
			pr.using = true
			if g.Piles[u].Holds == 1 {
				pr.usingOne |= 1 << u
			} else {
				pr.usingMany |= 1 << u
			}
		}
		pr.refill, pr.pairs, pr.bothEnds = p.Refill, p.Pairs, p.BothEnds
		pr.touching, pr.rowsOf = p.PairsTouching, p.Rows
		for _, grp := range g.Groups {
			if grp.Name == p.Group {
				pr.rowPos = max(slices.Index(grp.Piles, len(r.piles)), 0)
			}
		}
		if o := p.Outranked; o != nil {
			pr.outrank, pr.outBy = outrankTable(o), pileMask(o.By)
		}
		for _, c := range p.CoveredBy {
			pr.coveredBy |= 1 << c
		}
		if p.Grid {
			for _, grp := range g.Groups {
				if grp.Name == p.Group {
					pr.gridGroup = grp.Piles
				}
			}
		}
		r.piles = append(r.piles, pr)
		r.using = r.using || pr.using
		if len(p.Refill) > 0 {
			r.refillers = append(r.refillers, len(r.piles)-1)
		}
		if p.Pairs > 0 {
			r.pairPiles = append(r.pairPiles, len(r.piles)-1)
		}
	}
	for i := range r.piles {
		p := &r.piles[i]
		receives := false
		for j := range r.piles {
			receives = receives || (j != i && r.piles[j].toMask&(1<<i) != 0)
		}
		p.twoWay = receives && len(p.to) > 0 && !p.grid && p.pairs == 0 &&
			p.role != check.Foundation && p.role != check.Discard && i != r.stock
	}
	for i, v := range g.Values {
		if v.First {
			fv := firstValue{value: i, on: v.On}
			for _, p := range v.On {
				r.firstOn |= 1 << p
			}
			r.firsts = append(r.firsts, fv)
		}
	}
	r.closing = closingGroups(g)
	for _, grp := range r.closing {
		if g.Piles[grp[0]].CloseUpAtDeal {
			r.closeAtDeal = append(r.closeAtDeal, grp)
		} else {
			r.closeNow = append(r.closeNow, grp)
		}
	}
	var to uint64
	for _, p := range r.piles {
		to |= p.toMask
	}
	r.destMask = to
	for i, p := range r.piles {
		if p.grid {
			r.grids |= 1 << i
		}
		if p.accepts > 1 {
			r.multi |= 1 << i
		}
		if p.acceptsEmpty > 1 {
			r.multiEmpty |= 1 << i
		}
		if p.fill != 0 {
			r.filled |= 1 << i
		}
		for j, q := range r.piles {
			if q.fill != 0 && q.fill&(1<<i) == 0 {
				r.piles[i].fillBars |= 1 << j
			}
		}
		if p.toMask&^(1<<i) != 0 {
			r.sources |= 1 << i
		}
	}
	if n := len(g.Actions); n > 0 {
		r.acts = make([]action, 0, n)
	}
	for _, a := range g.Actions {
		ra := action{count: a.Count, each: a.Each, empty: a.Empty, targets: a.Targets, touches: pileMask(a.Targets), when: r.cond(a.When)}
		ra.minCap = math.MaxInt
		ra.first = -1
		if len(a.Targets) > 0 {
			ra.first = a.Targets[0]
		}
		for i, t := range a.Targets {
			if t != ra.first+i || !g.Piles[t].Grid {
				ra.first = -1
			}
			if g.Piles[t].Grid {
				ra.grid = true
				ra.gridTargets = append(ra.gridTargets, t)
			}
			ra.minCap = min(ra.minCap, r.caps[t])
		}
		r.acts = append(r.acts, ra)
	}
	if g.Redeal != nil {
		r.redeal = &redeal{inPlace: g.Redeal.InPlace, times: g.Redeal.Times, from: g.Redeal.From, shuffled: g.Redeal.Shuffled, to: g.Redeal.To, by: g.Redeal.By}
	}
	r.win = r.cond(g.Win)
	r.affects = acceptDeps(g)
	for p, a := range r.affects {
		if a == 1<<p {
			r.selfAffects |= 1 << p
		}
		if pr := &r.piles[p]; r.sources>>p&1 != 0 && !pr.grid && (pr.move == check.MoveRuns || pr.move == check.MoveAny) {
			r.runSources |= 1 << p
		}
	}
	for _, ph := range g.Phases {
		r.phases = append(r.phases, r.cond(ph.Until))
	}
	return r
}

func buildTable(x check.Relation) *relTable {
	// A part of the relation holds between two cards when their ranks and
	// their suits do, each pair apart: a part is the cards of the ranks
	// that fit each rank, in the suits that fit each suit.
	t := new(relTable)
	for p := &x; p != nil; p = p.Or {
		var ranks [14]uint16
		for ur := 1; ur <= 13; ur++ {
			for or := 1; or <= 13; or++ {
				if ranksRelate(p, ur, or) {
					ranks[ur] |= 1 << or
				}
			}
		}
		for us := 0; us < 4; us++ {
			var suits uint8
			for os := 0; os < 4; os++ {
				if p.Step == check.StepAny || suitsRelate(p.Suit, NewCard(1, us), NewCard(1, os)) {
					suits |= 1 << os
				}
			}
			for ur := 1; ur <= 13; ur++ {
				t[NewCard(ur, us)] |= spread(ranks[ur], suits)
			}
		}
	}
	return t
}

// outrankTable is an outranked pile's rule as a table: for each face-up
// card, the cards it outranks.
func outrankTable(o *check.Outrank) *relTable {
	t := new(relTable)
	for hs := 0; hs < 4; hs++ {
		for hr := 1; hr <= 13; hr++ {
			for ls := 0; ls < 4; ls++ {
				for lr := 1; lr <= 13; lr++ {
					if o.Outranks(hr, hs, lr, ls) {
						t[NewCard(hr, hs)] |= 1 << NewCard(lr, ls)
					}
				}
			}
		}
	}
	return t
}

// relates is the definition of a building relation, card by card.
func relates(x check.Relation, under, over Card) bool {
	if x.Or != nil && relates(*x.Or, under, over) {
		return true
	}
	if x.Step == check.StepAny {
		return true
	}
	return ranksRelate(&x, under.Rank(), over.Rank()) && suitsRelate(x.Suit, under, over)
}

// ranksRelate reports whether a card of rank or may go on one of rank ur
// by the rank step of one part of a relation (x.Or aside).
func ranksRelate(x *check.Relation, ur, or int) bool {
	n := max(x.By, 1)
	down := or == ur-n || (x.Wrap && or == ur-n+13)
	up := or == ur+n || (x.Wrap && or == ur+n-13)
	switch x.Step {
	case check.StepDown:
		return down
	case check.StepUp:
		return up
	case check.StepEither:
		return down || up
	case check.StepSame:
		return or == ur
	case check.StepAny, check.StepAnyRank:
		return true
	}
	return false
}

// suitsRelate reports whether card over may go on card under by a suit
// relation.
func suitsRelate(rel check.SuitRel, under, over Card) bool {
	switch rel {
	case check.SameSuit:
		return under.Suit() == over.Suit()
	case check.SameColour:
		return under.Red() == over.Red()
	case check.AlternateColour:
		return under.Red() != over.Red()
	case check.OtherSuit:
		return under.Suit() != over.Suit()
	}
	return true
}

func compilePattern(p check.Pattern) pattern {
	return pattern{ok: true, ranks: p.Ranks, suits: p.Suits, value: p.Value, offset: p.Offset, static: spread(p.Ranks, p.Suits)}
}

// rank is the rank a pattern of a value names in s (0: not known yet).
func (p *pattern) rank(s *State) int {
	v := int(s.values[p.value])
	if v == 0 {
		return 0
	}
	return check.OffsetRank(v, p.offset)
}

// set is the set of cards the pattern matches in state s. A value not
// known yet (one the first card to reach its piles fixes) names any rank,
// or none (unknownNone).
func (p *pattern) set(s *State) uint64 {
	if p.value < 0 || !p.ok {
		return p.static
	}
	if s.values[p.value] == 0 {
		if p.unknownNone {
			return 0
		}
		return p.static
	}
	return p.static & (rankLanes << p.rank(s))
}

// matches reports whether card c fits the pattern in state s.
func (p *pattern) matches(c Card, s *State) bool {
	if !p.ok || p.ranks&(1<<c.Rank()) == 0 || p.suits&(1<<c.Suit()) == 0 {
		return false
	}
	if p.value >= 0 && s.values[p.value] == 0 {
		return !p.unknownNone
	}
	return p.value < 0 || p.rank(s) == c.Rank()
}

// cond compiles a condition to a function of the state; nil stays nil.
func (r *Rules) cond(c check.Cond) condFn {
	switch c := c.(type) {
	case nil:
		return nil
	case check.And:
		parts := r.conds(c)
		return func(s *State) bool {
			for _, p := range parts {
				if !p(s) {
					return false
				}
			}
			return true
		}
	case check.Or:
		parts := r.conds(c)
		return func(s *State) bool {
			for _, p := range parts {
				if p(s) {
					return true
				}
			}
			return false
		}
	case check.Not:
		inner := r.cond(c.C)
		return func(s *State) bool { return !inner(s) }
	case check.AllIn:
		// The cards are conserved (Load refuses a position that is not the
		// whole pack), so all of them lie in these piles when no other pile
		// holds one: the first card found elsewhere decides.
		in := pileMask(c.Piles)
		var others, grids []int // the other piles; those that are grids
		for p, pile := range r.Game.Piles {
			switch {
			case in>>p&1 != 0:
			case pile.Grid:
				grids = append(grids, p)
			default:
				others = append(others, p)
			}
		}
		return func(s *State) bool {
			for _, p := range others {
				if s.lens[p] != 0 {
					return false
				}
			}
			for _, p := range grids {
				if slices.ContainsFunc(s.Pile(r, p), func(c Card) bool { return c != gap }) {
					return false
				}
			}
			return true
		}
	case check.InPhase:
		ph, after := uint8(c.Phase), c.After
		if after {
			return func(s *State) bool { return s.phase > ph }
		}
		return func(s *State) bool { return s.phase == ph }
	case check.PileTest:
		return r.pileTest(c)
	}
	panic("interp: unknown condition")
}

func (r *Rules) conds(cs []check.Cond) []condFn {
	out := make([]condFn, len(cs))
	for i, c := range cs {
		out[i] = r.cond(c)
	}
	return out
}

func (r *Rules) pileTest(t check.PileTest) condFn {
	one := func(s *State, p int) bool {
		n := s.count(r, p)
		var v bool
		switch t.State {
		case check.Empty:
			v = n == 0
		case check.Full:
			v = n == r.piles[p].holds
		case check.Started:
			v = n > 0
		case check.HoldsN:
			v = n == t.N
		case check.InPlace:
			v = n == 0 || r.inPlace(s, p)
		}
		return v != t.Neg
	}
	piles, q := t.Piles, t.Quant
	return func(s *State) bool {
		for _, p := range piles {
			v := one(s, p)
			switch q {
			case check.Every:
				if !v {
					return false
				}
			case check.Some:
				if v {
					return true
				}
			case check.None:
				if v {
					return false
				}
			}
		}
		return q != check.Some
	}
}
