package check

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/patience-dev/patience/dsl"
)

// Warnings: what a file says that is legal but cannot be what its author
// meant, because it makes the game unwinnable from every deal, or a part of
// it dead. Each names the place and says why. A warning does not stop the
// file from checking: validate prints it, and the game can still be played.
//
// Each is decided from the rules alone, as an over-estimate of what could
// ever happen, so a warning is never given for a game that some deal could
// win:
//
//   - a pile no card can ever enter: none is dealt there, and no move,
//     stock deal, refill, redeal or closing up brings one;
//   - cards dealt where they can never leave while the win needs every card
//     in other piles, and so cards the stock can give only to such piles;
//   - a pile of the win that must fill to its `holds`, but whose build
//     from its base cannot reach that many cards (a foundation that builds
//     up from a King);
//   - a start rule, a phase's end or a stock deal's condition that can
//     never hold: it waits for a pile no card can enter, for more cards
//     than a pile can hold, or for a pile to empty (or hold fewer cards)
//     that keeps for good cards the deal is sure to leave on it.

// warnf records a warning at n.
func (c *checker) warnf(n dsl.Node, format string, args ...any) {
	d := c.errorf(n, format, args...)
	d.Severity = dsl.Warning
}

// flow is what can ever happen to each pile's cards.
type flow struct {
	dealt  []int  // cards the deal puts there
	enters []bool // a card can come in after the deal
	leaves []bool // a card can go out
	kept   []bool // moves name it, but it is empty and `fill never` keeps them out
	sure   []int  // cards the deal is sure to leave there (see leastPlaced)
}

func (c *checker) flows() flow {
	g := c.g
	n := len(g.Piles)
	f := flow{dealt: make([]int, n), enters: make([]bool, n), leaves: make([]bool, n), kept: make([]bool, n), sure: leastPlaced(g, g.Deal)}
	for _, st := range g.Deal {
		f.dealt[st.Pile] += st.Count
	}
	moved := make([]bool, n) // a `to` names it
	for i, p := range g.Piles {
		for _, t := range p.To {
			if t != i {
				moved[t] = true
				f.leaves[i] = true
			}
		}
		for _, src := range p.Refill {
			f.enters[i] = true
			f.leaves[src] = true
		}
		if p.Pairs > 0 {
			f.enters[i] = true // pairs come from piles whose `to` names it
		}
	}
	for _, a := range g.Actions {
		for _, t := range a.Targets {
			f.enters[t] = true
		}
		if g.Stock >= 0 {
			f.leaves[g.Stock] = true
		}
	}
	if g.Redeal != nil {
		// Into the stock, or, as a game statement, dealt straight out to
		// the piles it names.
		if g.Redeal.To == nil && g.Stock >= 0 {
			f.enters[g.Stock] = true
		}
		for _, p := range g.Redeal.To {
			f.enters[p] = true
		}
		for _, p := range g.Redeal.From {
			f.leaves[p] = true
		}
	}
	// A group that closes up moves piles down over the spaces before them,
	// cards and all: every pile of it but the last may take cards so, and
	// every pile but the first may give them.
	for _, grp := range g.Groups {
		if len(grp.Piles) < 2 || !g.Piles[grp.Piles[0]].CloseUp || g.Piles[grp.Piles[0]].Group != grp.Name {
			continue
		}
		for k, p := range grp.Piles {
			f.enters[p] = f.enters[p] || k < len(grp.Piles)-1
			f.leaves[p] = f.leaves[p] || k > 0
		}
	}
	// A move puts a card on a pile only where it is not an empty pile that
	// is never filled: a `fill never` pile takes moves only once something
	// else (the deal, a stock deal, a refill, a redeal, closing up) has put
	// a card there.
	for t := range g.Piles {
		if moved[t] && (!g.Piles[t].FillNever || f.dealt[t] > 0 || f.enters[t]) {
			f.enters[t] = true
		}
		f.kept[t] = moved[t] && !f.enters[t]
	}
	return f
}

func (c *checker) warnings(decls []pileDecl) {
	g := c.g
	f := c.flows()
	win, _ := g.Win.(AllIn)
	inWin := func(p int) bool { return slices.Contains(win.Piles, p) }
	never := func(p int) bool { return f.dealt[p] == 0 && !f.enters[p] }
	// The cards the deal is sure to leave on each pile: a `move PATTERN to
	// PILE` may take away every card dealt before it.
	kept := leastPlaced(g, g.Deal)
	fed := c.fedPiles()
	neverBuilds := map[dsl.Node]bool{}
	for i, p := range g.Piles {
		switch {
		case never(i) && f.kept[i]:
			c.warnf(c.declNode(decls, i), "no card can ever enter %q: none is dealt there, nothing deals or refills to it, and `fill never` keeps moves off it while it is empty", p.Name)
		case never(i) && inWin(i):
			c.warnf(c.declNode(decls, i), "no card can ever reach %q: none is dealt there and nothing moves, deals or refills to it, though the win names it", p.Name)
		case never(i):
			c.warnf(c.declNode(decls, i), "no card can ever enter %q: none is dealt there and nothing moves, deals or refills to it", p.Name)
		case win.Piles != nil && kept[i] > 0 && !f.leaves[i] && !inWin(i):
			why := "it has no `to`"
			if len(p.To) > 0 {
				why = "its `to` names only itself"
			}
			c.warnf(c.declNode(decls, i), "the game can never be won: %s dealt to %q can never leave it (%s), but the win needs every card elsewhere", theCards(kept[i]), p.Name, why)
		}
		if p.StartAfter >= 0 && never(p.StartAfter) && f.dealt[i] == 0 && !fed[i] {
			c.warnf(c.declNode(decls, i), "%q can never start: it waits for %q, which no card can ever enter", p.Name, g.Piles[p.StartAfter].Name)
		}
		if n := c.declNode(decls, i); p.BuildWhen != nil && !c.possible(p.BuildWhen, f) && !neverBuilds[n] {
			// One warning for the piles of one declaration, which share
			// the clause (a group declared in parts may not).
			neverBuilds[n] = true
			c.warnf(n, "%s never builds: its build's clause (%s) can never hold", c.declName(decls, n, p), p.BuildWhenText)
		}
		if p.StartWhen != nil && !c.possible(p.StartWhen, f) && f.dealt[i] == 0 && !fed[i] {
			c.warnf(c.declNode(decls, i), "%q can never start: its `start when` condition can never hold", p.Name)
		}
	}
	if outs := c.stockOuts(); win.Piles != nil && g.Stock >= 0 && kept[g.Stock] > 0 && !inWin(g.Stock) && len(outs) > 0 &&
		!slices.ContainsFunc(outs, func(t int) bool { return f.leaves[t] || inWin(t) || t == g.Stock }) {
		// The stock's cards must leave it, and every pile they can go to
		// keeps them for good: as for cards dealt there.
		names := make([]string, len(outs))
		for k, t := range outs {
			names[k] = strconv.Quote(g.Piles[t].Name)
		}
		where := "it, as it has no `to`"
		if len(outs) > 1 {
			where = "them, as none has a `to` naming another pile"
		} else if len(g.Piles[outs[0]].To) > 0 {
			where = "it, as its `to` names only itself"
		}
		c.warnf(c.declNode(decls, g.Stock), "the game can never be won: %s in the stock can go only to %s, and no card can ever leave %s, but the win needs every card elsewhere",
			theCards(kept[g.Stock]), strings.Join(names, ", "), where)
	}
	if win.Piles != nil && c.dealNode != nil {
		// Cards the deal is sure to leave in the win's piles: a group
		// that closes up keeps its cards, so where the win names all of it
		// they count before it closes up.
		least, placed, in := leastDealt(g), leastPlaced(g, g.Deal), 0
		for _, grp := range closingGroups(g) {
			if !slices.ContainsFunc(grp.Piles, func(p int) bool { return !inWin(p) }) {
				for _, p := range grp.Piles {
					least[p] = placed[p]
				}
			}
		}
		for _, p := range win.Piles {
			in += least[p]
		}
		for i, p := range g.Piles {
			// A pile outside the win that refills from one of it takes a
			// card out of the win's piles once the deal is done.
			if !inWin(i) && slices.ContainsFunc(p.Refill, inWin) {
				in = 0
			}
		}
		if in >= g.CardCount {
			names := make([]string, len(win.Piles))
			for k, p := range win.Piles {
				names[k] = g.Piles[p].Name
			}
			c.warnf(c.dealNode, "the game is won as soon as it is dealt: the deal puts every card in %s, where the win wants them", strings.Join(names, ", "))
		}
	}
	c.reachWarnings(decls, f, fed)
	c.coverCycles()
	if _, all := g.Win.(AllIn); !all && g.Win != nil && c.winNode != nil && !c.possible(g.Win, f) {
		c.warnf(c.winNode, "the game can never be won: its condition (%s) can never hold", c.text(c.winNode.Cond))
	}
	for i, ph := range g.Phases {
		if ph.Until != nil && !c.possible(ph.Until, f) {
			c.warnf(c.phaseNodes[i], "phase %q never ends: its `until` condition can never hold", ph.Name)
		}
	}
	for i, a := range g.Actions {
		if a.When != nil && !c.possible(a.When, f) && g.Stock >= 0 {
			c.warnf(c.declNode(decls, g.Stock), "the stock's deal %d can never be made: its condition (%s) can never hold", i+1, a.WhenText)
		}
	}
}

// stockOuts lists the piles the stock's cards can go to, each once: those
// its deals name, those that refill from it, and those a redeal from it
// deals straight out to.
func (c *checker) stockOuts() []int {
	g := c.g
	var outs []int
	add := func(t int) {
		if !slices.Contains(outs, t) {
			outs = append(outs, t)
		}
	}
	for _, a := range g.Actions {
		for _, t := range a.Targets {
			add(t)
		}
	}
	for i, p := range g.Piles {
		if slices.Contains(p.Refill, g.Stock) {
			add(i)
		}
	}
	if r := g.Redeal; r != nil && r.To != nil && slices.Contains(r.From, g.Stock) {
		for _, t := range r.To {
			add(t)
		}
	}
	return outs
}

// coverCycles warns of piles that cover one another: in a set of piles
// each of which can reach every other by "is covered by" (a strongly
// connected component of two or more), every pile is covered by another of
// the set, so while each holds a card none can give one.
func (c *checker) coverCycles() {
	n := len(c.g.Piles)
	reach := make([][]bool, n)
	for p := range n {
		reach[p] = make([]bool, n)
		stack := []int{p}
		for len(stack) > 0 {
			q := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, b := range c.g.Piles[q].CoveredBy {
				if !reach[p][b] {
					reach[p][b] = true
					stack = append(stack, b)
				}
			}
		}
	}
	done := make([]bool, n)
	for p := range n {
		if done[p] || !reach[p][p] {
			continue
		}
		var names []string
		freed := false
		for q := p; q < n; q++ {
			if reach[p][q] && reach[q][p] {
				done[q] = true
				names = append(names, strconv.Quote(c.g.Piles[q].Name))
				freed = freed || c.givenBesideMoves(q)
			}
		}
		// A cover holds back moves only: a pile of the cycle that gives
		// cards otherwise (see givenBesideMoves) frees the rest.
		if node, ok := c.coverNodes[p]; ok && len(names) > 1 && !freed {
			list := strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
			c.warnf(node, "%s cover one another: while each holds a card, none of them can give one", list)
		}
	}
}

// givenBesideMoves reports whether cards leave pile q otherwise than by a
// move: it is the stock, which deals covered or not, a refill takes from
// it, a redeal gathers it, or its group closes up.
func (c *checker) givenBesideMoves(q int) bool {
	g := c.g
	if q == g.Stock {
		return true
	}
	for _, p := range g.Piles {
		if slices.Contains(p.Refill, q) {
			return true
		}
	}
	if g.Redeal != nil && slices.Contains(g.Redeal.From, q) {
		return true
	}
	return g.Piles[q].CloseUp
}

// reachWarnings warns when the win's piles can never hold the whole pack:
// each holds at most its `holds`, and a pile that gets cards only by moves
// (none dealt, no stock deal or refill to it) at most as many as a build
// from its base can reach. Each pile that falls short of its `holds` is
// named.
func (c *checker) reachWarnings(decls []pileDecl, f flow, fed []bool) {
	g := c.g
	win, ok := g.Win.(AllIn)
	if !ok {
		return
	}
	type short struct {
		pile, most int
		how        string
	}
	var shorts []short
	total := 0
	for _, q := range win.Piles {
		p := g.Piles[q]
		room := g.CardCount
		if p.Holds > 0 {
			room = p.Holds
		}
		if taken, ok := c.takenStart(q); (f.dealt[q] == 0 || ok) && !fed[q] && len(p.Refill) == 0 && !c.takesLooseGroups(q) {
			most, how := c.longestBuild(p, 0)
			if ok {
				// Started by a card the deal takes out for it: it builds
				// from that card, and from its base only if it can empty.
				fromTaken, howTaken := c.longestBuild(p, taken)
				if !f.leaves[q] || fromTaken >= most {
					most, how = fromTaken, howTaken
				}
			}
			if most < room {
				if p.Holds > 0 {
					shorts = append(shorts, short{q, most, how})
				}
				room = most
			}
		}
		total += min(room, g.CardCount)
	}
	if total >= g.CardCount {
		return
	}
	// One warning for the piles of one declaration that fall short alike
	// (piles started by different cards the deal takes out may not).
	type kind struct {
		n    dsl.Node
		most int
		how  string
	}
	said := map[kind]bool{}
	for _, x := range shorts {
		n := c.declNode(decls, x.pile)
		k := kind{n, x.most, x.how}
		if said[k] {
			continue
		}
		said[k] = true
		p := g.Piles[x.pile]
		// The short piles of the declaration: one by name, all of it as a
		// range, some of them listed.
		var names []string
		for _, y := range shorts {
			if (kind{c.declNode(decls, y.pile), y.most, y.how}) == k {
				names = append(names, fmt.Sprintf("%q", g.Piles[y.pile].Name))
			}
		}
		name := strings.Join(names, ", ")
		for _, d := range decls {
			if d.ast == n && len(d.piles) > 1 && len(names) == len(d.piles) {
				name = fmt.Sprintf("each of %q to %q", g.Piles[d.piles[0]].Name, g.Piles[d.piles[len(d.piles)-1]].Name)
			} else if d.ast == n && len(names) > 1 {
				name = "each of " + name
			}
		}
		c.warnf(n, "the game can never be won: %s holds %d, but %s it holds at most %d, and the win's piles then hold at most %d of the %d cards",
			name, p.Holds, x.how, x.most, total, g.CardCount)
	}
}

// declName names the piles of declaration n, whose pile p is: the pile,
// the group when the declaration is all of it, or the range it covers.
func (c *checker) declName(decls []pileDecl, n dsl.Node, p *Pile) string {
	for _, d := range decls {
		if d.ast != n || len(d.piles) < 2 {
			continue
		}
		if grp := c.group[p.Group]; grp != nil && len(grp.Piles) == len(d.piles) {
			return p.Group
		}
		return fmt.Sprintf("%s to %s", c.g.Piles[d.piles[0]].Name, c.g.Piles[d.piles[len(d.piles)-1]].Name)
	}
	return p.Name
}

// theCards is "the card" or "the N cards".
func theCards(n int) string {
	if n == 1 {
		return "the 1 card"
	}
	return fmt.Sprintf("the %d cards", n)
}

// fedPiles are the piles that get cards other than by moves: a stock deal,
// a refill, closing up, a redeal (the stock by its own).
func (c *checker) fedPiles() []bool {
	g := c.g
	fed := make([]bool, len(g.Piles))
	for _, a := range g.Actions {
		for _, t := range a.Targets {
			fed[t] = true
		}
	}
	for i, p := range g.Piles {
		fed[i] = fed[i] || p.CloseUp || len(p.Refill) > 0
	}
	if g.Redeal != nil {
		for _, p := range g.Redeal.To {
			fed[p] = true
		}
		if g.Redeal.To == nil && g.Stock >= 0 {
			fed[g.Stock] = true
		}
	}
	return fed
}

// takesLooseGroups reports whether pile q may take several cards at once
// from a pile whose groups are judged by one card alone (`move any` by its
// bottom card, `move whole by top` by its top): the cards above that one
// need not follow by q's build, so no build bounds what q holds.
func (c *checker) takesLooseGroups(q int) bool {
	p := c.g.Piles[q]
	several := p.Accepts != AcceptOne || p.AcceptsEmpty != AcceptOne
	anyCount := p.Accepts == AcceptRuns || p.AcceptsEmpty == AcceptRuns // an exact count checks the group by the build
	for _, src := range c.g.Piles {
		if slices.Contains(src.To, q) && (src.Move == MoveAny && anyCount || src.ByTop && several) {
			return true
		}
	}
	return false
}

// takenStart reports whether the deal puts exactly one card on pile q, face
// up, by a `take` of a fixed rank, puts nothing else there and sets nothing
// aside (which might take it out again): the ranks that card may have.
func (c *checker) takenStart(q int) (uint16, bool) {
	ranks, n := uint16(0), 0
	for _, st := range c.g.Deal {
		if st.Kind == DealAside && st.Pile != q {
			return 0, false // a `move PATTERN to PILE` may take the card out again
		}
		if st.Pile != q {
			continue
		}
		if st.Kind != DealTake || st.Pattern.Value >= 0 || st.Face != FaceUp {
			return 0, false
		}
		ranks, n = st.Pattern.Ranks, n+st.Count
	}
	return ranks, n == 1 && ranks != 0
}

// longestBuild is the most cards pile p could hold by building from an
// empty pile (an over-estimate: it counts ranks, not which cards are left),
// or, where taken is not 0, from a first card of one of those ranks that
// the deal put there; and how that comes about, for the message.
func (c *checker) longestBuild(p *Pile, taken uint16) (int, string) {
	if p.Pairs > 0 || p.Outranked != nil {
		return c.g.CardCount, "" // it takes cards whatever it holds
	}
	copies := c.g.Decks * len(c.g.Suits)
	ranks := uint16(0x3ffe)
	for _, b := range p.Base {
		if b.Cond == nil && b.Pattern.Value < 0 && p.Follow == nil { // `follow left` takes the place of base
			ranks &= b.Pattern.Ranks
		}
	}
	if ranks == 0 && taken == 0 {
		return 0, "no card matches its base, so"
	}
	for _, b := range p.Base {
		if b.Cond != nil || b.Pattern.Value >= 0 {
			ranks = 0x3ffe // a base that may not apply, or set by the deal: any rank
		}
	}
	started := "started with"
	if taken != 0 {
		ranks, started = taken, "dealt"
	}
	if p.Build == nil {
		return 1, "with no `build`,"
	}
	if p.Build.Wrap || p.Build.Or != nil {
		return c.g.CardCount, ""
	}
	switch p.Build.Step {
	case StepEither, StepAny, StepAnyRank: // no rank order to run out of
		return c.g.CardCount, ""
	}
	best, from := 0, 0
	for r := 1; r <= 13; r++ {
		if ranks&(1<<r) == 0 {
			continue
		}
		var n int // ranks strictly climb or fall, so copies do not add up
		switch p.Build.Step {
		case StepUp:
			n = 14 - r
		case StepDown:
			n = r
		case StepSame:
			n = copies
			if p.Build.Suit == SameSuit {
				n = c.g.Decks
			}
		}
		if n > best {
			best, from = n, r
		}
	}
	step := map[Step]string{StepUp: "up", StepDown: "down", StepSame: "on the same rank"}[p.Build.Step]
	return best, fmt.Sprintf("%s %s and built %s without wrap,", started, rankWord(from), step)
}

func rankWord(r int) string {
	return [...]string{"", "an Ace", "a 2", "a 3", "a 4", "a 5", "a 6", "a 7", "an 8", "a 9", "a 10", "a Jack", "a Queen", "a King"}[r]
}

// possible reports whether a condition could ever hold, as far as the
// piles' contents go: false only when some part of it certainly cannot.
func (c *checker) possible(x Cond, f flow) bool {
	switch x := x.(type) {
	case And:
		for _, y := range x {
			if !c.possible(y, f) {
				return false
			}
		}
		return true
	case Or:
		for _, y := range x {
			if c.possible(y, f) {
				return true
			}
		}
		return len(x) == 0
	case PileTest:
		if x.Neg {
			return true
		}
		can := func(p int) bool {
			room := c.g.CardCount
			if h := c.g.Piles[p].Holds; h > 0 {
				room = h
			}
			if f.dealt[p] == 0 && !f.enters[p] {
				room = 0
			}
			// Cards the deal is sure to leave on a pile no card can leave
			// stay there: it never empties, nor holds fewer.
			least := 0
			if !f.leaves[p] {
				least = f.sure[p]
			}
			switch x.State {
			case Empty:
				return least == 0
			case Started:
				return room > 0
			case HoldsN:
				return least <= x.N && x.N <= room
			case Full:
				return room > 0
			}
			return true
		}
		switch x.Quant {
		case Every:
			for _, p := range x.Piles {
				if !can(p) {
					return false
				}
			}
			return true
		case Some:
			return slices.ContainsFunc(x.Piles, can)
		}
	}
	return true
}
