package check

import (
	"slices"

	"github.com/patience-dev/patience/dsl"
)

// Places: the rules where a pile's place in its group matters. A numbered
// group lies in one row, or in rows of N piles (`in rows of 13`); a pile's
// left is the pile before it in its row. `to left N` moves to the pile N
// places to the left, `follow left` fills a space with the card that
// follows the card to its left, and `close up` keeps a group's piles with
// cards together at its start. A card is in place when it lies at the
// start of its row and matches the pile's base, or follows by the
// relation the card in place to its left.

// leftTo is a `left N` in a `to` list, resolved once every group is known.
type leftTo struct {
	dest  dsl.Dest
	n     *dsl.Int
	piles []*Pile
}

// placeTest is an `in place` test, checked once every pile's rules are known.
type placeTest struct {
	ref   *dsl.Ref
	piles []int
}

func (c *checker) accepts(s *dsl.Accepts, piles []*Pile) {
	count := func(a *dsl.AcceptCount) (int, bool) {
		switch {
		case a.One:
			return AcceptOne, true
		case a.None:
			return AcceptNone, true
		case a.Count != nil:
			if v := a.Count.Value; v < 1 || v > c.g.CardCount {
				c.errorf(a.Count, "accepts takes from 1 to %d cards, not %d", c.g.CardCount, v)
				return 0, false
			}
			return a.Count.Value, true
		}
		return AcceptRuns, true
	}
	empty, ok := count(&s.Count)
	if !ok {
		return
	}
	full := empty
	if s.Otherwise != nil {
		if full, ok = count(s.Otherwise); !ok {
			return
		}
	}
	switch {
	case empty == AcceptNone && s.Otherwise == nil:
		c.errorf(&s.Count, "a pile that accepts nothing, ever, takes no move: leave it out of every `to` instead")
		return
	case empty == AcceptNone:
		c.errorf(&s.Count, "`accepts none when empty` is `fill never`: say that, with `accepts %s`", c.text(s.Otherwise))
		return
	case s.Otherwise != nil && empty == full:
		c.errorf(s, "it accepts the same when empty and otherwise: say `accepts %s`", c.text(&s.Count))
		return
	}
	for _, p := range piles {
		p.AcceptsEmpty, p.Accepts = empty, full
	}
}

func (c *checker) rows(s *dsl.Rows, d pileDecl, piles []*Pile) {
	grp := c.group[piles[0].Group]
	if d.ast.Range == nil || grp == nil {
		c.errorf(s, "`in rows of` needs a numbered group: %q is a single pile", piles[0].Name)
		return
	}
	if n := s.Count.Value; n < 1 || n > MaxPiles {
		c.errorf(&s.Count, "a row holds from 1 to %d piles, not %d", MaxPiles, n)
		return
	}
	for _, p := range piles {
		p.Rows = s.Count.Value
	}
}

// placeRules refuses what contradicts the place rules within one
// declaration.
func (c *checker) placeRules(seen map[string]dsl.Node, piles []*Pile) {
	p0 := piles[0]
	if p0.Follow != nil {
		switch {
		case p0.Holds != 1:
			c.errorf(seen["follow"], "`follow left` compares single cards: give the piles `holds 1`")
		case p0.FillNever:
			c.errorf(seen["follow"], "`follow left` says which card fills a space, but `fill never` says none does: drop one")
		case p0.Grid:
			c.errorf(seen["follow"], "a grid is filled only by dealing: drop `follow left`")
		case p0.Pairs > 0:
			c.errorf(seen["follow"], "a pile that takes pairs takes nothing else: drop `follow left`")
		}
	}
	if p0.CloseUp {
		switch {
		case p0.Grid:
			c.errorf(seen["close up"], "a grid keeps its gaps: drop `close up`")
		case len(p0.Refill) > 0:
			c.errorf(seen["close up"], "`close up` and `refill` both fill a space: choose one")
		case p0.Role == Stock:
			c.errorf(seen["close up"], "the stock is one pile: it has nothing to close up")
		}
	}
}

// neighbours finds each pile's left, resolves `to left N`, and checks that
// every part of a group agrees on its rows and on closing up.
func (c *checker) neighbours() {
	g := c.g
	for _, grp := range g.Groups {
		if len(grp.Piles) == 0 || g.Piles[grp.Piles[0]].Group != grp.Name {
			continue // a role group: places are within declared groups
		}
		p0 := g.Piles[grp.Piles[0]]
		for _, i := range grp.Piles[1:] {
			p := g.Piles[i]
			if p.Rows != p0.Rows || p.CloseUp != p0.CloseUp || !p.Follow.Equal(p0.Follow) || p.CloseUp && p.Holds != p0.Holds {
				c.errorf(c.declOf(i), "every part of %q must say the same `in rows of`, `follow left`, `close up` and, closing up, `holds`", grp.Name)
				break
			}
		}
	}
	for i, p := range g.Piles {
		p.Left = c.leftOf(i, 1)
	}
	for _, lt := range c.leftTos {
		n := 1
		if lt.n != nil {
			n = lt.n.Value
		}
		if n < 1 || n >= MaxPiles {
			c.errorf(&lt.dest, "`left` counts from 1 to %d places, not %d", MaxPiles-1, n)
			continue
		}
		any := false
		for _, p := range lt.piles {
			if q := c.leftOf(slices.Index(g.Piles, p), n); q >= 0 {
				any = true
				if !slices.Contains(p.To, q) {
					p.To = append(p.To, q)
				}
				if len(c.toChecks) > 0 {
					c.toChecks = append(c.toChecks, toCheck{c.toChecks[0].stmt, []int{q}})
				}
			}
		}
		if !any {
			c.errorf(&lt.dest, "no pile of %q has a pile %d places to its left", lt.piles[0].Group, n)
		}
	}
	for i, p := range g.Piles {
		if p.Follow != nil && i == c.firstOf(p.Group) && !slices.ContainsFunc(g.Piles, func(q *Pile) bool { return q.Group == p.Group && q.Left >= 0 }) {
			c.errorf(c.declOf(i), "no pile of %q has a pile to its left: `follow left` needs a numbered group with rows longer than 1", p.Group)
		}
	}
}

// leftOf is the pile n places to the left of pile i in its row, or -1.
func (c *checker) leftOf(i, n int) int {
	p := c.g.Piles[i]
	grp := c.group[p.Group]
	if grp == nil {
		return -1
	}
	at := slices.Index(grp.Piles, i)
	start := 0
	if p.Rows > 0 {
		start = at - at%p.Rows
	}
	if at-n < start {
		return -1
	}
	return grp.Piles[at-n]
}

func (c *checker) firstOf(group string) int {
	if grp := c.group[group]; grp != nil && len(grp.Piles) > 0 {
		return grp.Piles[0]
	}
	return -1
}

// declOf is the declaration of pile i, for messages.
func (c *checker) declOf(i int) dsl.Node {
	return c.declNode(c.decls, i)
}

// redealInPlace checks `redeal N from G [shuffled] except in place`.
func (c *checker) redealInPlace(s *dsl.Redeal, r *Redeal, inStock bool) bool {
	switch {
	case inStock:
		c.errorf(s, "`except in place` deals the cards back where they lay: give the redeal outside the stock")
		return false
	case s.To != nil:
		c.errorf(s.To, "`except in place` deals the cards back to the piles it gathers: drop `to each %s by ...`", s.To.Text)
		return false
	}
	for _, f := range r.From {
		if c.g.Piles[f].Follow == nil {
			c.errorf(s, "`except in place` needs piles that `follow left`: %q does not", c.g.Piles[f].Name)
			return false
		}
	}
	r.InPlace, r.To, r.By = true, r.From, 1
	return true
}

// placeTests checks that `in place` asks about piles that follow left.
func (c *checker) checkPlaceTests() {
	for _, t := range c.placeTests {
		for _, p := range t.piles {
			if c.g.Piles[p].Follow == nil {
				c.errorf(t.ref, "`in place` asks about piles that `follow left`, and %q does not", c.g.Piles[p].Name)
				break
			}
		}
	}
}

// aside checks `move PATTERN to PILE` in the deal: every matching card dealt
// so far is taken out of its pile onto PILE (Montana's Aces).
func (c *checker) aside(s *dsl.Bottom, piles []int, pat Pattern) {
	switch p := c.g.Piles[piles[0]]; {
	case s.Each:
		c.errorf(&s.Pile, "the cards set aside go to one pile: say `move %s to PILE`, or `to bottom of each %s` to rearrange", pat.Text, s.Pile.Text)
		return
	case p.Role == Stock:
		c.errorf(&s.Pile, "cards are set aside on a pile, not in the stock")
		return
	case p.Grid:
		c.errorf(&s.Pile, "cards cannot be set aside in the grid %q: a grid is filled only by dealing", p.Name)
		return
	}
	n := 0
	for _, suit := range c.g.Suits {
		for r := 1; r <= 13; r++ {
			if pat.Ranks&(1<<r) != 0 && pat.Suits&(1<<suit) != 0 {
				n += c.g.Decks
			}
		}
	}
	c.g.Deal = append(c.g.Deal, DealStep{Kind: DealAside, Pile: piles[0], Pattern: pat, Count: n})
}
