package check

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/patience-dev/patience/dsl"
)

// Source parses and checks a file in one step.
// The file is read as dsl.Normalize returns it.
func Source(filename string, src []byte) (*Game, error) {
	src = dsl.Normalize(src)
	f, err := dsl.Parse(filename, src)
	if err != nil {
		return nil, err
	}
	return File(f, src)
}

// File checks a parsed file. On failure it returns a *dsl.Diagnostics with
// every error found, sorted by position.
func File(f *dsl.File, src []byte) (*Game, error) {
	c := &checker{
		src:      src,
		g:        &Game{Stock: -1, Source: src, Filename: f.Pos.Filename},
		names:    map[string]string{},
		piles:    map[string]int{},
		group:    map[string]*Group{},
		groupAt:  map[string]lexer.Position{},
		phase:    map[string]int{},
		value:    map[string]int{},
		badValue: map[string]bool{},
		refused:  map[string]bool{},
	}
	c.game(f.Game)
	if len(c.diags) > 0 {
		d := &dsl.Diagnostics{Source: src, List: c.diags}
		d.Sort()
		if d.HasErrors() {
			return nil, d
		}
		c.g.Warnings = d
	}
	return c.g, nil
}

type checker struct {
	src   []byte
	g     *Game
	diags []*dsl.Diagnostic

	names   map[string]string // every declared name and what it is
	piles   map[string]int
	group   map[string]*Group
	groupAt map[string]lexer.Position // where each group is first declared
	phase   map[string]int
	value   map[string]int
	// badValue holds the values declared on a pile that is not there: the
	// declaration is refused, and its uses say nothing more.
	badValue map[string]bool

	// refused holds the names of piles and groups refused for passing
	// MaxPiles: one error said so, and a reference to them says no more.
	refused   map[string]bool
	overLimit bool // "too many piles" has been said

	phaseNodes []dsl.Node       // each phase's declaration, for warnings
	letNodes   []dsl.Node       // each value's declaration
	dealNode   dsl.Node         // the deal block
	winNode    *dsl.Win         // the win statement, for warnings
	coverNodes map[int]dsl.Node // each covered pile's first cover statement, for warnings
	stockDeals int              // the stock's deal statements written, refused or not

	fullTests []fullTest  // `is full` tests, checked once every capacity is known
	toChecks  []toCheck   // `to` lists, checked once every pile's rules are known
	takeNodes []dsl.Node  // each `take`, in order
	restBy    *restBy     // `rest to each GROUP by N`, if given
	redealAt  dsl.Node    // the redeal, once one is given
	redealOut *dsl.Redeal // a redeal that deals out again, for its room check
	allIns    []allInTest

	decls      []pileDecl       // every declaration, for messages
	leftTos    []leftTo         // `to left N`, resolved once every group is known
	placeTests []placeTest      // `in place` tests, checked once every pile's rules are known
	refillAt   map[int]dsl.Node // each pile's `refill from`, for the cycle check
	touchingAt map[int]dsl.Node // each pile's `pairs ... touching`
}

type allInTest struct {
	node  dsl.Node
	piles []int
}

type toCheck struct {
	stmt  *dsl.To
	piles []int
}

type fullTest struct {
	ref   *dsl.Ref
	piles []int
}

func (c *checker) errorf(n dsl.Node, format string, args ...any) *dsl.Diagnostic {
	start, end := n.Span()
	d := &dsl.Diagnostic{Pos: start, End: end, Severity: dsl.Error, Message: fmt.Sprintf(format, args...)}
	if d.Pos.Filename == "" {
		d.Pos.Filename = c.g.Filename
	}
	c.diags = append(c.diags, d)
	return d
}

// pileDecl is a declaration with the piles it made.
type pileDecl struct {
	ast   *dsl.PileDecl
	piles []int
}

func (c *checker) game(g *dsl.Game) {
	c.g.Name = g.Name
	if strings.TrimSpace(g.Name) == "" {
		c.errorf(g, "the game has no name: write one between the quotes, e.g. `game \"My Patience\" {`")
	}
	c.g.Decks = 1
	var decls []pileDecl
	var deal *dsl.DealBlock
	var win *dsl.Win
	var layout *dsl.Layout
	var lets []*dsl.Let
	var suitsStmt *dsl.Suits
	var covers []*dsl.Cover
	var phases []*dsl.Phase
	var redeals []*dsl.Redeal
	seen := map[string]dsl.Node{}
	once := func(kind string, n dsl.Node) bool {
		if prev, ok := seen[kind]; ok {
			p, _ := prev.Span()
			c.errorf(n, "%s is given twice (first at line %d)", kind, p.Line)
			return false
		}
		seen[kind] = n
		return true
	}
	for _, s := range g.Stmts {
		switch s := s.(type) {
		case *dsl.Aka:
			if once("aka", s) {
				c.g.Aka = s.Names
			}
		case *dsl.Summary:
			if once("summary", s) {
				c.g.Summary = s.Text
			}
		case *dsl.Decks:
			if once("decks", s) {
				if s.Count.Value < 1 || s.Count.Value > MaxDecks {
					c.errorf(&s.Count, "decks must be from 1 to %d, not %d", MaxDecks, s.Count.Value)
				} else {
					c.g.Decks = s.Count.Value
				}
			}
		case *dsl.Let:
			lets = append(lets, s)
		case *dsl.Suits:
			if once("suits", s) {
				suitsStmt = s
			}
		case *dsl.Cover:
			covers = append(covers, s)
		case *dsl.Phase:
			phases = append(phases, s)
		case *dsl.PileDecl:
			if d, ok := c.declarePiles(s); ok {
				decls = append(decls, d)
			}
		case *dsl.DealBlock:
			if once("deal", s) {
				deal = s
			}
		case *dsl.Win:
			if once("win", s) {
				win = s
			}
		case *dsl.Layout:
			if once("layout", s) {
				layout = s
			}
		case *dsl.Redeal:
			redeals = append(redeals, s)
		}
	}
	c.g.Suits = []int{0, 1, 2, 3}
	if suitsStmt != nil {
		c.suits(suitsStmt)
	}
	c.g.CardCount = c.g.Decks * 13 * len(c.g.Suits)
	if c.g.CardCount > MaxCards {
		c.errorf(g, "the pack would hold %d cards; the limit is %d", c.g.CardCount, MaxCards)
		c.g.CardCount = MaxCards
	}
	c.roleGroups()
	// Past a limit a declaration is refused before it is registered, once,
	// and its name with it: a file of thousands would otherwise have every
	// unknown name matched against them all for a suggestion.
	tooMany := map[string]bool{}
	for _, p := range phases {
		if len(c.g.Phases) >= MaxPhases {
			if !tooMany["phase"] {
				c.errorf(p, "too many phases: the limit is %d", MaxPhases)
				tooMany["phase"] = true
			}
			c.refused[p.Name.Text] = true
			continue
		}
		c.declare(&p.Name, "phase")
		c.phase[p.Name.Text] = len(c.g.Phases)
		c.g.Phases = append(c.g.Phases, &Phase{Name: p.Name.Text, Label: p.Label})
	}
	for _, l := range lets {
		if len(c.g.Values) >= MaxValues {
			if !tooMany["value"] {
				c.errorf(l, "too many values: the limit is %d", MaxValues)
				tooMany["value"] = true
			}
			c.refused[l.Name.Text] = true
			continue
		}
		c.declare(&l.Name, "value")
		var on []int
		pile, ok := 0, false
		if l.First {
			if on, ok = c.refPiles(&l.Pile); ok && len(on) == 0 {
				c.errorf(&l.Pile, "%q is a group with no piles", l.Pile.Text)
				ok = false
			}
			if ok {
				pile = on[0]
			}
		} else {
			pile, ok = c.onePile(&l.Pile)
		}
		if !ok {
			c.badValue[l.Name.Text] = true // said once, here, not at every use
			continue
		}
		c.value[l.Name.Text] = len(c.g.Values)
		c.g.Values = append(c.g.Values, &Value{Name: l.Name.Text, Pile: pile, First: l.First, On: on, OnText: l.Pile.Text})
		c.letNodes = append(c.letNodes, l)
	}
	for _, p := range phases {
		c.phaseNodes = append(c.phaseNodes, p)
	}
	for i, p := range phases {
		if i < len(c.g.Phases) && p.Until != nil {
			c.g.Phases[i].Until = c.cond(p.Until)
		} else if p.Until == nil && i < len(phases)-1 && i < len(c.g.Phases) {
			c.errorf(p, "phase %q never ends: only the last phase may have no `until`", p.Name.Text)
		}
	}
	c.decls = decls
	for _, d := range decls {
		c.pileRules(d)
	}
	c.neighbours()
	for _, cv := range covers {
		c.cover(cv)
	}
	for _, rd := range redeals {
		c.redeal(rd, false)
	}
	if deal == nil {
		c.errorf(g, "game %q has no deal block: say where the cards go, e.g. `deal { rest to stock }`", g.Name)
	} else {
		c.deal(deal)
	}
	if win == nil {
		c.errorf(g, "game %q has no win condition: add e.g. `win when all cards in foundations`", g.Name)
	} else {
		c.g.Win, c.winNode = c.cond(win.Cond), win
	}
	if layout != nil {
		c.layout(layout)
	}
	c.crossChecks(decls)
}

// declare records a new name, refusing duplicates.
// previousWord is what `start after previous` reads as the pile before,
// in the group: no pile, group, phase or value may be named so, or the
// statement would mean one thing to the checker and another to a reader
// (and to a rename).
const previousWord = "previous"

func (c *checker) refusePrevious(n dsl.Node, kind string) {
	c.errorf(n, "%q may not name a %s: `start after previous` means the pile before, in its group; choose another name", previousWord, kind)
}

func (c *checker) declare(n *dsl.Name, kind string) bool {
	if n.Text == previousWord {
		c.refusePrevious(n, kind)
		c.refused[n.Text] = true
		return false
	}
	if prev, ok := c.names[n.Text]; ok {
		c.errorf(n, "%q is already declared as a %s", n.Text, prev)
		return false
	}
	c.names[n.Text] = kind
	return true
}

func (c *checker) suits(s *dsl.Suits) {
	var out []int
	for i := range s.Suits {
		w := &s.Suits[i]
		k := strings.Index(suitLetters, w.Text)
		if len(w.Text) != 1 || k < 0 {
			c.errorf(w, "%q is not a suit: use C, D, H or S", w.Text)
			return
		}
		if slices.Contains(out, k) {
			c.errorf(w, "suit %s is listed twice", w.Text)
			return
		}
		out = append(out, k)
	}
	slices.Sort(out)
	c.g.Suits = out
}

func (c *checker) cover(cv *dsl.Cover) {
	p, ok := c.onePile(&cv.Pile)
	if !ok {
		return
	}
	if _, ok := c.coverNodes[p]; !ok {
		if c.coverNodes == nil {
			c.coverNodes = map[int]dsl.Node{}
		}
		c.coverNodes[p] = cv
	}
	for _, b := range c.refList(cv.By) {
		if b == p {
			c.errorf(cv, "%q cannot cover itself", c.g.Piles[p].Name)
			return
		}
		if !slices.Contains(c.g.Piles[p].CoveredBy, b) {
			c.g.Piles[p].CoveredBy = append(c.g.Piles[p].CoveredBy, b)
		}
	}
}

func (c *checker) declarePiles(d *dsl.PileDecl) (pileDecl, bool) {
	role := roleOf(d.Role)
	name := d.Role
	if d.Name != nil {
		name = d.Name.Text
	}
	out := pileDecl{ast: d}
	var names []string
	if d.Range == nil {
		names = []string{name}
	} else {
		if d.Name == nil {
			c.errorf(d, "a numbered group needs a name, e.g. `%s t[%d]`", d.Role, d.Range.From.Value)
			return out, false
		}
		from, to := 1, d.Range.From.Value
		if d.Range.To != nil {
			from, to = d.Range.From.Value, d.Range.To.Value
		}
		if from < 1 || to < from || to-from+1 > MaxPiles {
			c.errorf(d.Range, "a group is numbered from 1 up to %d piles, e.g. [8] or [2..8]", MaxPiles)
			c.refused[name] = true // the error said it: its uses say no more
			return out, false
		}
		for i := from; i <= to; i++ {
			names = append(names, name+strconv.Itoa(i))
		}
	}
	if name == previousWord {
		kind := "pile"
		if d.Range != nil {
			kind = "group"
		}
		c.refusePrevious(nameNode(d), kind)
		c.refused[name] = true
		return out, false
	}
	// The limit is checked before anything is registered, so that a
	// declaration refused for it leaves no empty group behind.
	if len(c.g.Piles)+len(names) > MaxPiles {
		if !c.overLimit {
			c.errorf(d, "too many piles: a game has at most %d, and this declaration brings it to %d", MaxPiles, len(c.g.Piles)+len(names))
			c.overLimit = true
		}
		c.refused[name] = true
		for _, n := range names {
			c.refused[n] = true
		}
		return out, false
	}
	grp := c.group[name]
	if grp == nil {
		// A group may not take a pile's name either (`reserve t1[2]` after
		// `tableau t[3]`: t1 would name both, and mean the pile).
		if prev, dup := c.names[name]; dup && (d.Range == nil || prev == "pile") {
			c.errorf(nameNode(d), "%q is already declared as a %s", name, c.names[name])
			return out, false
		}
		grp = &Group{Name: name}
		c.group[name] = grp
		c.groupAt[name], _ = nameNode(d).Span()
		c.g.Groups = append(c.g.Groups, grp)
		c.names[name] = "group"
	} else if d.Range == nil {
		c.errorf(nameNode(d), "%q is already declared as a %s", name, c.names[name])
		return out, false
	}
	for _, n := range names {
		if prev, dup := c.names[n]; dup && n != name {
			if len(grp.Piles) > 0 && c.g.Piles[grp.Piles[0]].Role != role {
				// A group of another role: it is the group that is declared again.
				c.errorf(nameNode(d), "%q is already declared as a group (first at line %d)", name, c.groupAt[name].Line)
				return out, false
			}
			c.errorf(nameNode(d), "pile %q is already declared as a %s", n, prev)
			return out, false
		}
		c.names[n] = "pile"
		idx := len(c.g.Piles)
		c.piles[n] = idx
		c.g.Piles = append(c.g.Piles, &Pile{Name: n, Group: name, Role: role, StartAfter: -1, Accepts: defaultAccepts(role), AcceptsEmpty: defaultAccepts(role), Fanned: role == Tableau, Left: -1})
		grp.Piles = append(grp.Piles, idx)
		out.piles = append(out.piles, idx)
		if role == Stock {
			if c.g.Stock >= 0 {
				c.errorf(d, "a game has at most one stock")
			} else {
				c.g.Stock = idx
			}
		}
	}
	return out, true
}

func nameNode(d *dsl.PileDecl) dsl.Node {
	if d.Name != nil {
		return d.Name
	}
	return d
}

func defaultAccepts(r Role) int {
	switch r {
	case Foundation, Cell, Waste:
		return AcceptOne
	}
	return AcceptRuns
}

func roleOf(s string) Role {
	for i, n := range roleNames {
		if n == s {
			return Role(i)
		}
	}
	return Tableau
}

// roleGroups adds "foundations", "tableau", ... for the roles in use, unless
// a declared name already means something else.
func (c *checker) roleGroups() {
	for r, name := range roleGroups {
		var piles []int
		for i, p := range c.g.Piles {
			if p.Role == Role(r) {
				piles = append(piles, i)
			}
		}
		if len(piles) == 0 {
			continue
		}
		if _, taken := c.names[name]; taken {
			continue
		}
		c.names[name] = "group"
		grp := &Group{Name: name, Piles: piles}
		c.group[name] = grp
		c.g.Groups = append(c.g.Groups, grp)
	}
}

// refPiles resolves a reference to a pile or a group.
func (c *checker) refPiles(r *dsl.Ref) ([]int, bool) {
	if i, ok := c.piles[r.Text]; ok {
		return []int{i}, true
	}
	if g, ok := c.group[r.Text]; ok {
		return g.Piles, true
	}
	c.unknown(r, "pile or group")
	return nil, false
}

func (c *checker) onePile(r *dsl.Ref) (int, bool) {
	if i, ok := c.piles[r.Text]; ok {
		return i, true
	}
	if g, ok := c.group[r.Text]; ok {
		if len(g.Piles) == 1 {
			return g.Piles[0], true
		}
		if len(g.Piles) == 0 {
			c.errorf(r, "%q is a group with no piles; name one pile", r.Text)
			return 0, false
		}
		c.errorf(r, "%q is a group of %d piles; name one pile, e.g. %q", r.Text, len(g.Piles), c.g.Piles[g.Piles[0]].Name)
		return 0, false
	}
	c.unknown(r, "pile")
	return 0, false
}

func (c *checker) unknown(r *dsl.Ref, what string) {
	if c.refused[r.Text] {
		return // its declaration was refused with an error already
	}
	kind := c.names[r.Text]
	if kind != "" {
		c.errorf(r, "%q is a %s, not a %s", r.Text, kind, what)
		return
	}
	// A number past a group's end (f9 of f1 to f8): say what the group has.
	if base := strings.TrimRight(r.Text, "0123456789"); base != r.Text && base != "" {
		if g, ok := c.group[base]; ok && len(g.Piles) > 1 && !strings.HasPrefix(r.Text[len(base):], "0") {
			first, last := c.g.Piles[g.Piles[0]].Name, c.g.Piles[g.Piles[len(g.Piles)-1]].Name
			if first == base+"1" && last == base+strconv.Itoa(len(g.Piles)) {
				c.errorf(r, "unknown %s %q: %q has %d piles, %s to %s", what, r.Text, base, len(g.Piles), first, last)
				return
			}
		}
	}
	var cands []string
	for n, k := range c.names {
		if k == "group" && what == "pile" && len(c.group[n].Piles) != 1 {
			continue // where one pile goes, a group of several is refused: not a fix
		}
		if strings.Contains(what, k) || (k == "group" && strings.Contains(what, "pile")) {
			cands = append(cands, n)
		}
	}
	slices.Sort(cands)
	d := c.errorf(r, "unknown %s %q", what, r.Text)
	d.Suggest = dsl.Closest(r.Text, cands)
}

func (c *checker) refList(refs []dsl.Ref) []int {
	var out []int
	for i := range refs {
		ps, _ := c.refPiles(&refs[i])
		for _, p := range ps {
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}

func (c *checker) pileRules(d pileDecl) {
	n := len(d.piles)
	piles := make([]*Pile, n)
	for i, idx := range d.piles {
		piles[i] = c.g.Piles[idx]
	}
	role := piles[0].Role
	seen := map[string]dsl.Node{}
	once := func(kind string, s dsl.Node) bool {
		if prev, ok := seen[kind]; ok {
			p, _ := prev.Span()
			c.errorf(s, "%s is given twice for %s (first at line %d)", kind, piles[0].Group, p.Line)
			return false
		}
		seen[kind] = s
		return true
	}
	hasBuild := false
	for _, s := range d.ast.Stmts {
		switch s := s.(type) {
		case *dsl.Base:
			if seen["base"] == nil {
				seen["base"] = s // the first, for what may refuse it (base repeats)
			}
			if len(s.Patterns) != 1 && len(s.Patterns) != n {
				c.errorf(s, "base gives %d patterns for %d piles: give one for all, or one per pile", len(s.Patterns), n)
				continue
			}
			cond := c.clause(s.Clause)
			pats := make([]Pattern, len(s.Patterns))
			valid := true
			for i, x := range s.Patterns {
				var ok bool
				pats[i], ok = c.pattern(x)
				valid = valid && ok
			}
			if !valid {
				continue
			}
			for i, p := range piles {
				p.Base = append(p.Base, BaseRule{Pattern: pats[min(i, len(pats)-1)], Cond: cond})
			}
		case *dsl.Build:
			if !once("build", s) {
				continue
			}
			hasBuild = true
			var ex *Pattern
			if s.Except != nil {
				if pat, ok := c.pattern(s.Except); ok {
					ex = &pat
				}
			}
			build := c.relation(s.Rel)
			when, whenText := c.clause(s.Clause), ""
			if s.Clause != nil {
				whenText = c.text(s.Clause)
			}
			for _, p := range piles {
				p.Build = build
				p.Except = ex
				p.BuildWhen, p.BuildWhenText = when, whenText
			}
		case *dsl.Run:
			if once("run", s) {
				if s.Rel.Any {
					c.errorf(s.Rel, "`run any` would make every face-up group a run: say `move any` instead")
					continue
				}
				run := c.relation(s.Rel)
				for _, p := range piles {
					p.Run = run
				}
			}
		case *dsl.Holds:
			if !once("holds", s) {
				continue
			}
			if s.Count.Value < 1 || s.Count.Value > c.g.CardCount {
				c.errorf(&s.Count, "holds must be from 1 to %d (the cards in %s), not %d", c.g.CardCount, Plural(c.g.Decks, "deck"), s.Count.Value)
				continue
			}
			for _, p := range piles {
				p.Holds = s.Count.Value
			}
		case *dsl.Move:
			if once("move", s) {
				using := c.refList(s.Using)
				if len(s.Using) > 0 && s.What != "runs" {
					c.errorf(s, "`using` goes with `move runs`")
				}
				kind := map[string]MoveKind{"top": MoveTop, "runs": MoveRuns, "whole": MoveWhole, "any": MoveAny}[s.What]
				if s.ByTop && (s.What != "whole" || s.Or != nil) {
					c.errorf(s, "`by top` goes with `move whole`: say `move whole by top`")
				}
				if s.Or != nil {
					switch {
					case s.Or.Text != "whole":
						d := c.errorf(s.Or, "unexpected %q after `move %s or`: the one choice is `whole`", s.Or.Text, s.What)
						d.Suggest = dsl.Closest(s.Or.Text, []string{"whole"})
					case s.What != "top":
						c.errorf(s, "`or whole` goes with `move top`: say `move top or whole`")
					}
					kind = MoveTopOrWhole
				}
				for _, p := range piles {
					p.Move = kind
					p.Using = using
					p.ByTop = s.ByTop && kind == MoveWhole
				}
			}
		case *dsl.Grid:
			if once("grid", s) {
				for _, p := range piles {
					p.Grid, p.BothEnds = true, s.BothEnds
				}
			}
		case *dsl.Refill:
			if once("refill", s) {
				from := c.refList(s.From)
				for _, p := range piles {
					if slices.Contains(from, slices.Index(c.g.Piles, p)) {
						c.errorf(s, "%q cannot refill from itself", p.Name)
						break
					}
					p.Refill = from
					if c.refillAt == nil {
						c.refillAt = map[int]dsl.Node{}
					}
					c.refillAt[slices.Index(c.g.Piles, p)] = s
				}
			}
		case *dsl.Pairs:
			if once("pairs", s) {
				for _, p := range piles {
					p.PairsTouching = s.Touching
				}
				if s.Touching {
					if c.touchingAt == nil {
						c.touchingAt = map[int]dsl.Node{}
					}
					c.touchingAt[slices.Index(c.g.Piles, piles[0])] = s
				}
				if s.SameRank {
					for _, p := range piles {
						p.Pairs = PairsSameRank
					}
					continue
				}
				if s.Sum.Value < 2 || s.Sum.Value > 26 {
					c.errorf(s.Sum, "pairs sum must be from 2 to 26, not %d", s.Sum.Value)
					continue
				}
				for _, p := range piles {
					p.Pairs = s.Sum.Value
				}
			}
		case *dsl.Outranked:
			if !once("outranked", s) {
				continue
			}
			by := c.refList(s.By)
			for _, q := range by {
				if c.g.Piles[q].Grid {
					c.errorf(s, "`outranked` compares top cards, and %q is a grid: name piles whose top card shows", c.g.Piles[q].Name)
					by = nil
					break
				}
				if c.g.Piles[q].Role == Stock {
					c.errorf(s, "`outranked` compares top cards that show, and the stock's never does: leave %q out", c.g.Piles[q].Name)
					by = nil
					break
				}
			}
			if len(by) == 1 && slices.Contains(piles, c.g.Piles[by[0]]) {
				c.errorf(s, "`outranked` compares with other piles' top cards, and this names only %q itself", c.g.Piles[by[0]].Name)
			}
			rel := relation(&dsl.Relation{Suit: s.Suit})
			for _, p := range piles {
				o := &Outrank{Suit: rel.Suit}
				self := slices.Index(c.g.Piles, p)
				for _, q := range by {
					if q != self {
						o.By = append(o.By, q)
					}
				}
				p.Outranked = o
			}
		case *dsl.AcesHigh:
			once("aces-high", s)
		case *dsl.To:
			if !once("to", s) {
				continue
			}
			var refs []dsl.Ref
			for _, d := range s.Dests {
				if d.Pile != nil {
					refs = append(refs, *d.Pile)
				} else {
					c.leftTos = append(c.leftTos, leftTo{d, d.N, piles})
				}
			}
			to := c.refList(refs)
			c.toChecks = append(c.toChecks, toCheck{s, to})
			for _, p := range piles {
				p.To = slices.Clone(to)
			}
		case *dsl.Fill:
			if once("fill", s) {
				fill := c.refList(s.Piles)
				for _, p := range piles {
					p.Fill = fill
					p.FillNever = s.Never
				}
			}
		case *dsl.Start:
			if !once("start", s) {
				continue
			}
			c.start(s, d, piles)
		case *dsl.Accepts:
			if once("accepts", s) {
				c.accepts(s, piles)
			}
		case *dsl.Rows:
			if once("in rows of", s) {
				c.rows(s, d, piles)
			}
		case *dsl.Follow:
			if once("follow", s) {
				rel := c.relation(s.Rel)
				for _, p := range piles {
					p.Follow = rel
				}
			}
		case *dsl.CloseUp:
			if once("close up", s) {
				if d.ast.Range == nil {
					c.errorf(s, "`close up` needs a numbered group: %q is a single pile", piles[0].Name)
				}
				for _, p := range piles {
					p.CloseUp, p.CloseUpAtDeal = true, s.AtDeal
				}
			}
		case *dsl.StockDeal:
			if role != Stock {
				c.errorf(s, "only the stock deals; %q is a %s", piles[0].Group, role)
				continue
			}
			c.stockDeal(s)
		case *dsl.Redeal:
			if role != Stock {
				c.errorf(s, "only the stock is redealt; %q is a %s", piles[0].Group, role)
				continue
			}
			if !once("redeal", s) {
				continue
			}
			c.redeal(s, true)
		}
	}
	// Contradictions within one declaration.
	p0 := piles[0]
	if p0.Run != nil && p0.Move != MoveRuns {
		c.errorf(seen["run"], "`run` has no effect unless the pile has `move runs`")
	}
	if p0.Move == MoveRuns && p0.Run == nil {
		if p0.Build == nil {
			c.errorf(seen["move"], "`move runs` needs a rule for runs: give `build` or `run`")
		} else {
			for _, p := range piles {
				p.Run = p.Build
			}
		}
	}
	if p0.Grid && (p0.Move != MoveTop || seen["move"] != nil) {
		c.errorf(seen["grid"], "a grid moves single available cards; it cannot also `move %s`", moveName(p0.Move))
	}
	if p0.Grid && hasBuild && p0.Build != nil {
		c.errorf(seen["build"], "nothing is built in a grid: a removed card leaves a gap that is never filled")
	}
	if p0.Pairs > 0 && seen["build"] != nil {
		c.errorf(seen["build"], "a pile that takes pairs builds nothing: drop `build`")
	}
	if p0.Pairs > 0 {
		// Pairs ignore what a pile takes one move at a time by.
		for _, kind := range []string{"start", "base", "fill", "accepts", "follow"} {
			if seen[kind] != nil {
				c.errorf(seen[kind], "a pile that takes pairs takes them by `pairs` alone: drop `%s`", kind)
			}
		}
	}
	if at := seen["aces-high"]; at != nil {
		if p0.Outranked == nil {
			c.errorf(at, "`aces-high` ranks an Ace above a King for `outranked`, and %s has no `outranked`", p0.Group)
		} else {
			for _, p := range piles {
				p.Outranked.AcesHigh = true
			}
		}
	}
	if at := seen["outranked"]; at != nil && p0.Outranked != nil {
		for _, kind := range []string{"build", "base", "pairs", "grid", "follow", "accepts"} {
			if seen[kind] != nil {
				c.errorf(seen[kind], "an outranked pile takes one card at a time, whatever it holds, by `outranked` alone: drop `%s`", kind)
			}
		}
		if role == Stock {
			c.errorf(at, "the stock takes no card by a move: only a redeal fills it")
		}
		for _, p := range piles {
			p.Accepts, p.AcceptsEmpty = AcceptOne, AcceptOne
		}
	}
	if p0.Refill != nil && role == Stock {
		c.errorf(seen["refill"], "the stock is refilled only by a redeal")
	}
	if role == Stock {
		// The stock lies face down and gives only by dealing from its top:
		// what says how cards lie, come or are built means nothing there.
		for _, kind := range []string{"grid", "build", "base", "pairs"} {
			if seen[kind] != nil {
				c.errorf(seen[kind], "the stock lies face down and deals from its top: drop `%s`", kind)
			}
		}
		// Nor does it take a card by a move or give one but by dealing, and
		// it holds what the deal and its redeals give it: these would be
		// rules that no play ever reads.
		if seen["move"] != nil {
			c.errorf(seen["move"], "the stock's cards leave only by dealing: drop `move`")
		}
		for _, kind := range []string{"accepts", "fill", "start"} {
			if seen[kind] != nil {
				c.errorf(seen[kind], "the stock takes no card by a move, only by a redeal: drop `%s`", kind)
			}
		}
		if seen["holds"] != nil {
			c.errorf(seen["holds"], "the stock holds the cards the deal leaves it, and a redeal gathers them all back: drop `holds`")
		}
	}
	if p0.Grid && seen["holds"] != nil {
		c.errorf(seen["holds"], "a grid column takes a row from every deal to it, and a refill may add one: it has no `holds`")
	}
	if p0.Holds > 0 && max(p0.Accepts, p0.AcceptsEmpty) > p0.Holds {
		c.errorf(seen["accepts"], "accepts %d cards at once but holds only %d", max(p0.Accepts, p0.AcceptsEmpty), p0.Holds)
	}
	if role == Discard && seen["accepts"] == nil && p0.Holds > 0 && p0.Outranked == nil {
		for _, p := range piles {
			p.Accepts = p.Holds // a discard takes a whole completed run at once
			p.AcceptsEmpty = p.Holds
		}
	}
	c.placeRules(seen, piles)
	if role == Stock && len(p0.To) > 0 {
		c.errorf(seen["to"], "the stock's cards leave only by dealing; give `deal N to PILE` instead of `to`")
	}
}

// redeal checks a redeal: the stock's (inStock), or a game statement that
// deals the gathered cards out again.
func (c *checker) redeal(s *dsl.Redeal, inStock bool) {
	if c.redealAt != nil {
		p, _ := c.redealAt.Span()
		c.errorf(s, "a game has one redeal (first at line %d)", p.Line)
		return
	}
	c.redealAt = s
	r := &Redeal{Times: -1, From: c.refList(s.From), Shuffled: s.Shuffled}
	if s.Count != nil {
		if s.Count.Value < 1 || s.Count.Value > 100 {
			c.errorf(s.Count, "redeal takes 1 to 100 (or `unlimited`), not %d", s.Count.Value)
			return
		}
		r.Times = s.Count.Value
	} else if s.Shuffled {
		c.errorf(s, "a shuffled redeal needs a count, e.g. `redeal 2 from ... shuffled`: each shuffle is the first, second, ... of the game")
		return
	}
	for _, f := range r.From {
		if c.g.Piles[f].Role == Stock {
			c.errorf(s, "the stock cannot be gathered into itself")
			return
		}
	}
	if s.InPlace && !c.redealInPlace(s, r, inStock) {
		return
	}
	switch {
	case s.InPlace:
	case inStock && s.To != nil:
		c.errorf(s.To, "the stock's redeal gathers the cards into the stock: drop `to each %s by ...`, or give the redeal outside the stock", s.To.Text)
		return
	case !inStock && s.To == nil:
		c.errorf(s, "a redeal outside the stock deals the cards out again: say where, e.g. `to each %s by 3`", s.From[0].Text)
		return
	}
	if s.To != nil {
		to, ok := c.refPiles(s.To)
		if !ok {
			return
		}
		by := s.By.Value
		if by < 1 || by > c.g.CardCount {
			c.errorf(s.By, "cannot deal %d cards at a time: from 1 to %d", by, c.g.CardCount)
			return
		}
		for _, t := range to {
			p := c.g.Piles[t]
			switch {
			case !slices.Contains(r.From, t):
				c.errorf(s.To, "a redeal deals out only to piles it gathers: %q is not among them", p.Name)
				return
			case p.Grid:
				c.errorf(s.To, "a redeal cannot deal out to the grid %q", p.Name)
				return
			case p.Holds > 0 && p.Holds < by:
				c.errorf(s.By, "%q holds %d, fewer than the %d a redeal deals it", p.Name, p.Holds, by)
				return
			}
		}
		r.To, r.By = to, by
		c.redealOut = s
	}
	c.g.Redeal = r
}

func holdCount(decks int) string {
	if decks == 1 {
		return "1 deck holds"
	}
	return fmt.Sprintf("%d decks hold", decks)
}

// isAre is the verb for n things.
func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// Plural is "1 deck" or "2 decks".
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// text is the source text of a node.
func (c *checker) text(n dsl.Node) string {
	start, end := n.Span()
	if start.Offset < 0 || end.Offset > len(c.src) || start.Offset >= end.Offset {
		return ""
	}
	// The words as written, without the comments and line breaks between
	// them (no string can be in the clauses this quotes, so a # starts a
	// comment), so the text reads on one line and stays the same however
	// the file is laid out.
	var words []string
	for _, line := range strings.Split(string(c.src[start.Offset:end.Offset]), "\n") {
		line, _, _ = strings.Cut(line, "#")
		words = append(words, strings.Fields(line)...)
	}
	return strings.Join(words, " ")
}

func moveName(m MoveKind) string {
	return [...]string{"top", "runs", "whole", "top or whole", "any"}[m]
}

func (c *checker) start(s *dsl.Start, d pileDecl, piles []*Pile) {
	if s.When != nil {
		cond := c.cond(s.When)
		for _, p := range piles {
			p.StartWhen = cond
		}
		return
	}
	name := s.After.Text
	if name == previousWord {
		if len(piles) < 2 {
			if d.ast.Range != nil {
				c.errorf(s.After, "`start after previous` needs a group of two piles or more: %q has one", piles[0].Group)
			} else {
				c.errorf(s.After, "`start after previous` needs a numbered group: %q is a single pile", piles[0].Name)
			}
			return
		}
		for i := 1; i < len(piles); i++ {
			piles[i].StartAfter = d.piles[i-1]
		}
		return
	}
	if ph, ok := c.phase[name]; ok {
		for _, p := range piles {
			p.StartWhen = InPhase{Phase: ph, After: true}
		}
		return
	}
	if idx, ok := c.piles[name]; ok {
		for _, p := range piles {
			if p != c.g.Piles[idx] {
				p.StartAfter = idx
			}
		}
		return
	}
	var cands []string
	for n, k := range c.names {
		if k == "pile" || k == "phase" {
			cands = append(cands, n)
		}
	}
	cands = append(cands, "previous")
	slices.Sort(cands)
	diag := c.errorf(s.After, "unknown pile or phase %q after `start after`", name)
	diag.Suggest = dsl.Closest(name, cands)
}

func (c *checker) stockDeal(s *dsl.StockDeal) {
	c.stockDeals++ // written, even if refused below: the stock does deal
	targets, ok := c.refPiles(&s.Target)
	if !ok {
		return
	}
	if len(s.More) > 0 {
		if !s.Each {
			c.errorf(&s.More[0], "a deal to several piles deals to each in turn: say `deal %d to each %s, ...`", s.Count.Value, s.Target.Text)
			return
		}
		refs := append([]dsl.Ref{s.Target}, s.More...)
		named := map[int]bool{}
		for i := range refs {
			ps, _ := c.refPiles(&refs[i])
			for _, p := range ps {
				if named[p] {
					c.errorf(&refs[i], "%q is named twice: a deal puts its cards on each pile once, in the order listed", c.g.Piles[p].Name)
					return
				}
				named[p] = true
			}
		}
		targets = c.refList(refs)
	}
	if s.Count.Value < 1 || s.Count.Value > c.g.CardCount {
		c.errorf(&s.Count, "a deal moves from 1 to %d cards, not %d", c.g.CardCount, s.Count.Value)
		return
	}
	if s.Empty && !s.Each {
		c.errorf(&s.Target, "`empty` comes after `each`: `deal %d to each empty %s` deals to those of the piles that are empty", s.Count.Value, s.Target.Text)
		return
	}
	if len(targets) > 1 && !s.Each {
		c.errorf(&s.Target, "%q is a group of %d piles: say `deal %d to each %s`", s.Target.Text, len(targets), s.Count.Value, s.Target.Text)
		return
	}
	for _, t := range targets {
		if c.g.Piles[t].Role == Stock {
			c.errorf(&s.Target, "the stock cannot deal to itself")
			return
		}
	}
	if s.Empty && slices.ContainsFunc(targets, func(t int) bool { return c.g.Piles[t].Grid }) {
		c.errorf(&s.Target, "a grid is dealt by rows: `each empty` deals to piles, not to a grid's columns")
		return
	}
	act := &StockAction{Count: s.Count.Value, Each: s.Each, Empty: s.Empty, Targets: targets, When: c.clause(s.Clause)}
	if s.Clause != nil {
		act.WhenText = c.text(s.Clause)
	}
	c.g.Actions = append(c.g.Actions, act)
}

func (c *checker) relation(r *dsl.Relation) *Relation {
	if r.Any {
		return &Relation{Step: StepAny}
	}
	if r.Wrap && (r.Step == "same-rank" || r.Step == "any-rank") {
		c.errorf(r, "`wrap` has no effect with `%s`: drop it", r.Step)
	}
	if r.Step == "any-rank" && r.Suit == "any-suit" {
		c.errorf(r, "`any-rank any-suit` is any card on any card: say `any`")
	}
	out := relation(r)
	if r.Or != nil {
		if r.Or.Any {
			c.errorf(r.Or, "`or any` takes any card anyway: say `any` alone")
		} else {
			out.Or = c.relation(r.Or)
		}
	}
	if r.By != nil {
		switch {
		case r.Step == "same-rank" || r.Step == "any-rank":
			c.errorf(r.By, "`%s` has no step to count: drop `by %d`", r.Step, r.By.Value)
		case r.By.Value < 1 || r.By.Value > 12:
			c.errorf(r.By, "a step goes by 1 to 12 ranks, not %d", r.By.Value)
		case r.By.Value > 1:
			out.By = r.By.Value
		}
	}
	return out
}

func relation(r *dsl.Relation) *Relation {
	return &Relation{
		Step: map[string]Step{"down": StepDown, "up": StepUp, "either": StepEither, "same-rank": StepSame, "any-rank": StepAnyRank}[r.Step],
		Suit: map[string]SuitRel{"any-suit": AnySuit, "same-suit": SameSuit, "same-colour": SameColour, "alternate-colour": AlternateColour, "other-suit": OtherSuit}[r.Suit],
		Wrap: r.Wrap,
	}
}

var rankWords = map[string]int{"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "T": 10, "J": 11, "Q": 12, "K": 13}

const suitLetters = "CDHS"

// pattern resolves a card pattern.
func (c *checker) pattern(p *dsl.Pattern) (Pattern, bool) {
	out := AnyCard
	out.Text = patternText(p)
	switch {
	case p.Any:
		return out, true
	case p.Value != nil:
		v, ok := c.value[p.Value.Text]
		if !ok && c.badValue[p.Value.Text] {
			return out, false
		}
		if !ok {
			var cands []string
			for n := range c.value {
				cands = append(cands, n)
			}
			if name, n, found := strings.Cut(p.Value.Text, "-"); found {
				if _, ok := c.value[name]; ok {
					c.errorf(p.Value, "unknown value %q: to move value %q down by %s, put spaces round the minus: `rank %s - %s`", p.Value.Text, name, n, name, n)
					return out, false
				}
			}
			d := c.errorf(p.Value, "unknown value %q: declare it with `let %s = rank of PILE`", p.Value.Text, p.Value.Text)
			d.Suggest = dsl.Closest(p.Value.Text, cands)
			return out, false
		}
		out.Value = v
		if p.Offset != nil {
			n := p.Offset.Value
			if n < 1 || n > 12 {
				c.errorf(p.Offset, "a rank moves by 1 to 12 ranks, not %d", n)
				return out, false
			}
			out.Offset = n
			if p.Sign == "-" {
				out.Offset = 13 - n
			}
		}
		return out, true
	}
	if p.Colour != "" {
		out.Suits = 0b0110 // diamonds, hearts
		if p.Colour == "black" {
			out.Suits = 0b1001
		}
	}
	if p.Word == nil {
		return out, true
	}
	w := p.Word.Text
	if r, ok := rankWords[w]; ok {
		out.Ranks = 1 << r
		return c.packed(p, out)
	}
	if len(w) >= 2 && p.Colour == "" {
		if r, ok := rankWords[w[:len(w)-1]]; ok {
			if s := strings.IndexByte(suitLetters, w[len(w)-1]); s >= 0 {
				out.Ranks, out.Suits = 1<<r, 1<<s
				return c.packed(p, out)
			}
		}
	}
	if p.Colour != "" && len(w) >= 2 {
		c.errorf(p.Word, "a colour goes with a rank, as in `%s A`; %q names a card already", p.Colour, w)
		return out, false
	}
	d := c.errorf(p.Word, "%q is not a rank (A, 2..10, J, Q, K) or a card (AS, 10H, KD)", w)
	d.Suggest = rankNames[strings.TrimSuffix(strings.ToLower(w), "s")]
	return out, false
}

// rankNames are the ranks as the books name them, each with its letter.
var rankNames = map[string]string{"ace": "A", "jack": "J", "knave": "J", "queen": "Q", "king": "K", "ten": "10", "deuce": "2"}

// packed refuses a pattern that no card of the pack matches.
func (c *checker) packed(p *dsl.Pattern, out Pattern) (Pattern, bool) {
	if !c.inPack(out) {
		c.errorf(p, "no card in this pack is %s: the pack has only the suits %s", out.Text, c.suitNames())
		return out, false
	}
	return out, true
}

func (c *checker) suitNames() string {
	var out []string
	for _, s := range c.g.Suits {
		out = append(out, suitLetters[s:s+1])
	}
	return strings.Join(out, ", ")
}

// inPack reports whether some card of the pack matches the pattern.
func (c *checker) inPack(p Pattern) bool {
	for _, s := range c.g.Suits {
		if p.Suits&(1<<s) != 0 && p.Ranks&0x3ffe != 0 {
			return true
		}
	}
	return false
}

func patternText(p *dsl.Pattern) string {
	var parts []string
	switch {
	case p.Any:
		return "any"
	case p.Value != nil && p.Offset != nil:
		return fmt.Sprintf("rank %s %s %d", p.Value.Text, p.Sign, p.Offset.Value)
	case p.Value != nil:
		return "rank " + p.Value.Text
	}
	if p.Colour != "" {
		parts = append(parts, p.Colour)
	}
	if p.Word != nil {
		parts = append(parts, p.Word.Text)
	}
	return strings.Join(parts, " ")
}

func (c *checker) clause(cl *dsl.Clause) Cond {
	switch {
	case cl == nil:
		return nil
	case cl.When != nil:
		return c.cond(cl.When)
	case cl.During != nil:
		if i, ok := c.phaseRef(cl.During); ok {
			return InPhase{Phase: i}
		}
	case cl.After != nil:
		if i, ok := c.phaseRef(cl.After); ok {
			return InPhase{Phase: i, After: true}
		}
	}
	return nil
}

func (c *checker) phaseRef(r *dsl.Ref) (int, bool) {
	if i, ok := c.phase[r.Text]; ok {
		return i, true
	}
	c.unknown(r, "phase")
	return 0, false
}

func (c *checker) cond(x *dsl.Cond) Cond {
	var or Or
	for _, a := range x.Or {
		var and And
		for _, u := range a.And {
			if v := c.unary(u); v != nil {
				and = append(and, v)
			}
		}
		if len(and) == 1 {
			or = append(or, and[0])
		} else {
			or = append(or, and)
		}
	}
	if len(or) == 1 {
		return or[0]
	}
	return or
}

func (c *checker) unary(u *dsl.UnaryCond) Cond {
	switch {
	case u.Not != nil:
		if v := c.unary(u.Not); v != nil {
			return Not{v}
		}
		return nil
	case u.Group != nil:
		return c.cond(u.Group)
	}
	a := u.Atom
	switch {
	case a.AllIn != nil:
		piles := c.refList(a.AllIn)
		c.allIns = append(c.allIns, allInTest{a, piles})
		return AllIn{Piles: piles}
	case a.During != nil:
		if i, ok := c.phaseRef(a.During); ok {
			return InPhase{Phase: i}
		}
		return nil
	case a.After != nil:
		if i, ok := c.phaseRef(a.After); ok {
			return InPhase{Phase: i, After: true}
		}
		return nil
	}
	t := a.Pile
	piles, ok := c.refPiles(&t.Pile)
	if !ok {
		return nil
	}
	pt := PileTest{Piles: piles, Neg: t.Not}
	switch t.Quant {
	case "any":
		pt.Quant = Some
	case "no":
		pt.Quant = None
	}
	if t.Holds != nil {
		pt.State, pt.N = HoldsN, t.Holds.Value
		return pt
	}
	pt.State = map[string]PileState{"empty": Empty, "full": Full, "started": Started, "inplace": InPlace}[t.State]
	if pt.State == InPlace {
		c.placeTests = append(c.placeTests, placeTest{&t.Pile, piles})
	}
	if pt.State == Full {
		c.fullTests = append(c.fullTests, fullTest{&t.Pile, piles})
	}
	return pt
}

func (c *checker) deal(d *dsl.DealBlock) {
	c.dealNode = d
	errorsBefore := len(c.diags)
	total := c.g.CardCount
	placed := 0
	var rest dsl.Node
	for _, s := range d.Stmts {
		switch s := s.(type) {
		case *dsl.Take:
			piles, pat, ok := c.dealPattern(s.Each, &s.Pile, s.Pattern, "", "take %s to each %s")
			if !ok {
				continue
			}
			for _, p := range piles {
				c.g.Deal = append(c.g.Deal, DealStep{Kind: DealTake, Pile: p, Pattern: pat, Count: 1})
				c.takeNodes = append(c.takeNodes, s)
				placed++
			}
			if placed > total {
				// A take that reads no value is made before the shuffle,
				// wherever it is written: the cards dealt before it come
				// out short.
				why := ""
				if pat.Value < 0 {
					why = " (a `take` is made before the shuffle, wherever it is written)"
				}
				c.errorf(s, "the deal places %d cards by here, but %s only %d: %d too many%s", placed, holdCount(c.g.Decks), total, placed-total, why)
				return
			}
		case *dsl.Put:
			targets, ok := c.refPiles(&s.Target)
			if !ok {
				continue
			}
			counts := make([]int, len(s.Counts))
			for i, n := range s.Counts {
				counts[i] = n.Value
				if n.Value < 0 || n.Value > total {
					c.errorf(&s.Counts[i], "cannot deal %d cards from %d", n.Value, total)
					counts = nil
					break
				}
			}
			if counts == nil {
				continue
			}
			switch {
			case len(counts) == 1 && len(targets) == 1 && !s.Each:
			case len(counts) == 1 && s.Each:
				counts = slices.Repeat(counts, len(targets))
			case len(counts) == 1:
				c.errorf(&s.Target, "%q is a group of %d piles: say `%d to each %s`, or give one count per pile", s.Target.Text, len(targets), counts[0], s.Target.Text)
				continue
			case len(counts) != len(targets):
				c.errorf(s, "%d counts for the %d piles of %q: give one per pile", len(counts), len(targets), s.Target.Text)
				continue
			case s.Each:
				c.errorf(s, "`each` goes with a single count, not a list")
				continue
			}
			for i, t := range targets {
				face := c.facing(s.Face, t)
				if counts[i] > 0 {
					c.g.Deal = append(c.g.Deal, DealStep{Kind: DealPut, Pile: t, Count: counts[i], Face: face})
					placed += counts[i]
				}
			}
			if placed > total {
				c.errorf(s, "the deal places %d cards by here, but %s only %d: %d too many", placed, holdCount(c.g.Decks), total, placed-total)
				return
			}
		case *dsl.Bottom:
			form := "move %s to each %s"
			if s.Bottom {
				form = "move %s to bottom of each %s"
			}
			piles, pat, ok := c.dealPattern(s.Each, &s.Pile, s.Pattern, "the deal is still being made, so no game value is known yet", form)
			if !ok {
				continue
			}
			if !s.Bottom {
				c.aside(s, piles, pat)
				continue
			}
			for _, p := range piles {
				if c.g.Piles[p].Grid {
					c.errorf(&s.Pile, "a grid keeps its cards in the rows they are dealt to: %q cannot be rearranged", c.g.Piles[p].Name)
					break
				}
				c.g.Deal = append(c.g.Deal, DealStep{Kind: DealBottom, Pile: p, Pattern: pat})
			}
		case *dsl.Rest:
			if rest != nil {
				c.errorf(s, "`rest` is given twice")
				continue
			}
			rest = s
			if s.Each || s.By != nil {
				c.restEach(s)
				continue
			}
			pile, ok := c.onePile(&s.Target)
			if !ok {
				continue
			}
			face := c.facing(s.Face, pile)
			c.g.Deal = append(c.g.Deal, DealStep{Kind: DealPut, Pile: pile, Count: -1, Face: face})
		}
	}
	if rest == nil && placed < total && len(c.diags) == errorsBefore {
		// (After an error in the deal its count says nothing.)
		to := "stock"
		if c.g.Stock < 0 {
			to = "PILE" // no stock to put them in
		}
		c.errorf(d, "the deal places %d of the %d cards: %d %s missing; deal them or add `rest to %s`", placed, total, total-placed, isAre(total-placed), to)
	}
	if rest != nil && placed == total {
		c.errorf(rest, "no cards are left for `rest`: the deal already places all %d", total)
	}
	// Fix the count of `rest` now that the total is known.
	for i := range c.g.Deal {
		if c.g.Deal[i].Count < 0 {
			c.g.Deal[i].Count = total - placed
		}
	}
	if e := c.restBy; e != nil {
		// `rest to each G by N`: N to each pile in turn while cards last.
		left := max(total-placed, 0)
		if left > e.by*len(e.piles) {
			c.errorf(e.node, "the %d cards left need %d piles of %d, but %q has %d", left, (left+e.by-1)/e.by, e.by, e.node.Target.Text, len(e.piles))
		}
		var steps []DealStep
		for _, p := range e.piles {
			if n := min(e.by, left); n > 0 {
				steps = append(steps, DealStep{Kind: DealPut, Pile: p, Count: n, Face: c.facing(e.node.Face, p)})
				left -= n
			}
		}
		c.g.Deal = slices.Insert(c.g.Deal, e.at, steps...)
	}
	for _, st := range c.g.Deal {
		if st.Kind == DealTake && c.g.Decks > 0 && st.Pattern.Ranks&0x3ffe == 0 {
			c.errorf(d, "`take` matches no card")
		}
	}
}

// restBy is a `rest to each GROUP by N`, dealt once the cards left are known.
type restBy struct {
	node  *dsl.Rest
	piles []int
	by    int
	at    int // where its steps go in the deal
}

func (c *checker) restEach(s *dsl.Rest) {
	switch {
	case !s.Each:
		grp := s.Target.Text
		if i, ok := c.piles[grp]; ok {
			grp = c.g.Piles[i].Group
		}
		c.errorf(s.By, "`by` deals to each pile of a group in turn: say `rest to each %s by %d`", grp, s.By.Value)
		return
	case s.By == nil:
		c.errorf(s, "say how many cards go to each pile in turn, e.g. `rest to each %s by 3`", s.Target.Text)
		return
	}
	piles, ok := c.refPiles(&s.Target)
	if !ok {
		return
	}
	if s.By.Value < 1 || s.By.Value > c.g.CardCount {
		c.errorf(s.By, "cannot deal %d cards at a time: from 1 to %d", s.By.Value, c.g.CardCount)
		return
	}
	for _, p := range piles {
		if c.g.Piles[p].Role == Stock {
			c.errorf(&s.Target, "the stock takes the rest at once: say `rest to stock`")
			return
		}
	}
	c.restBy = &restBy{node: s, piles: piles, by: s.By.Value, at: len(c.g.Deal)}
}

// facing is how cards dealt to pile p lie: face up, the stock's face down.
func (c *checker) facing(f *dsl.Facing, p int) Face {
	if c.g.Piles[p].Role == Stock {
		if f != nil {
			c.errorf(f, "the stock always lies face down")
		}
		return FaceDown
	}
	switch {
	case f == nil:
		return FaceUp
	case f.ButTop:
		return FaceDownButTop
	}
	return FaceDown
}

// touching checks the piles that give pairs to d, whose cards must touch:
// they lie in rows (`in rows of N`), as one group, and are no grid (whose
// cards lie in the column's slots, not beside the next column's).
func (c *checker) touching(d int, at dsl.Node) {
	group := ""
	for i, p := range c.g.Piles {
		if !slices.Contains(p.To, d) || i == d {
			continue
		}
		switch {
		case p.Grid:
			c.errorf(at, "`touching` pairs cards of piles that touch in their rows, and %q is a grid: lay out piles `in rows of N` instead", p.Name)
			return
		case p.Rows == 0:
			c.errorf(at, "`touching` pairs cards of piles that touch in their rows, but %q gives to %q and lies in no rows: add `in rows of N` to its group", p.Name, c.g.Piles[d].Name)
			return
		case group != "" && p.Group != group:
			c.errorf(at, "`touching` pairs cards of piles in one group's rows, but %q and %q are of different groups", group, p.Group)
			return
		}
		group = p.Group
	}
}

// groupPart is the piles of group g numbered from rg's first number to its
// last, as a row names them (`t[1..6]`), of ps, the group's piles.
func (c *checker) groupPart(g *dsl.Ref, rg *dsl.Range, ps []int) ([]int, bool) {
	from, to := rg.From.Value, rg.From.Value
	if rg.To != nil {
		to = rg.To.Value
	}
	byName := map[string]int{}
	for _, p := range ps {
		byName[c.g.Piles[p].Name] = p
	}
	if len(ps) == 1 && c.g.Piles[ps[0]].Name == g.Text {
		c.errorf(rg, "%q is a single pile: name it without a number", g.Text)
		return nil, false
	}
	if to < from {
		c.errorf(rg, "the numbers run from %d up to %d: write [%d..%d]", from, to, to, from)
		return nil, false
	}
	var out []int
	for n := from; n <= to; n++ {
		p, ok := byName[g.Text+strconv.Itoa(n)]
		if !ok {
			c.errorf(rg, "%q has no pile %s%d", g.Text, g.Text, n)
			return nil, false
		}
		out = append(out, p)
	}
	return out, true
}

func (c *checker) layout(l *dsl.Layout) {
	placed := map[int]bool{}
	partBad := false
	for _, row := range l.Rows {
		var piles []int
		for i := range row.Piles {
			ps, ok := c.refPiles(&row.Piles[i].Pile)
			if !ok {
				partBad = partBad || row.Piles[i].Range != nil
				continue
			}
			if rg := row.Piles[i].Range; rg != nil {
				if ps, ok = c.groupPart(&row.Piles[i].Pile, rg, ps); !ok {
					partBad = true // what it meant is not known: say nothing of what is left out
					continue
				}
			}
			for _, p := range ps {
				if placed[p] {
					c.errorf(&row.Piles[i].Pile, "pile %q is laid out twice", c.g.Piles[p].Name)
					continue
				}
				placed[p] = true
				piles = append(piles, p)
				switch row.Style {
				case "fanned":
					c.g.Piles[p].Fanned = true
				case "squared":
					c.g.Piles[p].Fanned = false
				}
			}
		}
		c.g.Layout = append(c.g.Layout, piles)
	}
	var missing []string
	for i, p := range c.g.Piles {
		if !placed[i] {
			missing = append(missing, p.Name)
		}
	}
	if len(missing) > 0 && !partBad {
		c.errorf(l, "the layout leaves out %s", strings.Join(missing, ", "))
	}
}

// leastDealt is, for each pile, a number of cards the deal is sure to leave
// there whatever the shuffle (0: it may leave none). A `move PATTERN to
// PILE` takes every matching card dealt so far out of any pile but the
// stock onto PILE: a pile before it may lose as many cards as match, and
// PILE is sure of only the matching cards that cannot all still be in the
// stock or the pack.
func leastDealt(g *Game) []int {
	least := leastPlaced(g, g.Deal)
	// A group that closes up is closed up when the deal is done: its first
	// piles hold the cards, as many as are sure to hold some.
	for _, grp := range closingGroups(g) {
		full := 0
		for _, p := range grp.Piles {
			if least[p] > 0 {
				full++
			}
		}
		for k, p := range grp.Piles {
			least[p] = 0
			if k < full {
				least[p] = 1
			}
		}
	}
	return least
}

// closingGroups are the groups of two piles or more that close up.
func closingGroups(g *Game) []*Group {
	var out []*Group
	for _, grp := range g.Groups {
		if len(grp.Piles) >= 2 && g.Piles[grp.Piles[0]].CloseUp && g.Piles[grp.Piles[0]].Group == grp.Name {
			out = append(out, grp)
		}
	}
	return out
}

// leastPlaced is leastDealt before groups close up: closing up moves cards
// within a group, so a group holds as many as it did.
func leastPlaced(g *Game, deal []DealStep) []int {
	least := make([]int, len(g.Piles))
	most := make([]int, len(g.Piles)) // cards each pile may hold
	out := 0                          // cards on piles other than the stock
	// A take that reads no value is made before the shuffle, wherever it
	// stands (so before any part of the deal): a `move` written before it
	// may still set its card aside.
	for _, st := range g.Deal {
		if st.Kind == DealTake && st.Pattern.Value < 0 {
			least[st.Pile] += st.Count
			most[st.Pile] += st.Count
			if st.Pile != g.Stock {
				out += st.Count
			}
		}
	}
	for _, st := range deal {
		switch st.Kind {
		case DealTake, DealPut:
			if st.Kind == DealTake && st.Pattern.Value < 0 {
				continue
			}
			least[st.Pile] += st.Count
			most[st.Pile] += st.Count
			if st.Pile != g.Stock {
				out += st.Count
			}
		case DealAside:
			// Of the st.Count matching cards, all but those in the stock
			// or still to be dealt lie on piles other than the stock; those
			// already on the pile stay there, counted already, and the
			// rest come onto it.
			d := st.Pile
			onPiles := st.Count - (g.CardCount - out)
			least[d] += max(0, onPiles-min(most[d], st.Count))
			most[d] += st.Count
			for q := range least {
				if q != d && q != g.Stock {
					least[q] = max(0, least[q]-st.Count)
				}
			}
		}
	}
	return least
}

// refillCycles refuses piles that refill from one another round a cycle:
// a card would pass round it for ever, each pile "empty, so refilled".
func (c *checker) refillCycles() {
	g := c.g
	state := make([]uint8, len(g.Piles)) // 0 new, 1 on the path, 2 done
	var path []int
	var visit func(p int) bool
	visit = func(p int) bool {
		state[p] = 1
		path = append(path, p)
		for _, q := range g.Piles[p].Refill {
			if state[q] == 1 {
				cycle := path[slices.Index(path, q):]
				names := make([]string, 0, len(cycle)+1)
				for _, x := range cycle {
					names = append(names, fmt.Sprintf("%q", g.Piles[x].Name))
				}
				names = append(names, fmt.Sprintf("%q", g.Piles[q].Name))
				c.errorf(c.refillAt[p], "piles refill from one another round a cycle (%s): a card would pass round it for ever; break the cycle", strings.Join(names, " from "))
				return true
			}
			if state[q] == 0 && visit(q) {
				return true
			}
		}
		path = path[:len(path)-1]
		state[p] = 2
		return false
	}
	for p := range g.Piles {
		if state[p] == 0 && len(g.Piles[p].Refill) > 0 && visit(p) {
			return // one cycle said is enough
		}
	}
}

// crossChecks proves what needs the whole file: the stock deals, values are
// known, piles can be filled as their rules say.
func (c *checker) crossChecks(decls []pileDecl) {
	g := c.g
	c.refillCycles()
	dealt := make([]int, len(g.Piles))
	for _, st := range g.Deal {
		dealt[st.Pile] += st.Count
	}
	least := leastDealt(g)
	for i, v := range g.Values {
		p := g.Piles[v.Pile]
		closes := p.CloseUp && p.Group != p.Name
		switch {
		case v.First:
			// Fixed in play, by the first card to reach a pile of On.
		case least[v.Pile] > 0:
		case dealt[v.Pile] == 0 && !closes:
			c.errorf(c.letNodes[i], "value %q is the rank of %q's bottom card, but the deal puts no card there", v.Name, p.Name)
		case closes:
			c.errorf(c.letNodes[i], "value %q is the rank of %q's bottom card, but the deal may leave it empty: %q closes up once the deal is done, and the deal may leave too few of its piles with cards to fill %q", v.Name, p.Name, p.Group, p.Name)
		default:
			c.errorf(c.letNodes[i], "value %q is the rank of %q's bottom card, but the deal may leave it empty: `move PATTERN to PILE` sets aside only the matching cards dealt before it, and from any pile", v.Name, p.Name)
		}
	}
	for _, a := range g.Actions {
		for _, t := range a.Targets {
			if p := g.Piles[t]; p.Holds > 0 && !p.Grid && a.Count > p.Holds {
				c.errorf(c.declNode(decls, g.Stock), "the stock deals %d cards at a time to %q, which holds at most %d: that deal could be made only with %d cards or fewer left in the stock", a.Count, p.Name, p.Holds, p.Holds)
				break
			}
		}
	}
	feedsRefill := false
	for _, p := range g.Piles {
		feedsRefill = feedsRefill || slices.Contains(p.Refill, g.Stock)
	}
	if g.Stock >= 0 && dealt[g.Stock] > 0 && c.stockDeals == 0 && !feedsRefill {
		c.errorf(c.declNode(decls, g.Stock), "the stock holds %d cards but never deals: add e.g. `deal 1 to waste`", dealt[g.Stock])
	}
	for _, t := range c.toChecks {
		for _, p := range t.piles {
			switch {
			case g.Piles[p].Role == Stock:
				c.errorf(t.stmt, "cards cannot be moved to the stock %q: only a redeal fills it", g.Piles[p].Name)
			case g.Piles[p].Grid:
				c.errorf(t.stmt, "cards cannot be moved to %q: a grid is filled only by dealing", g.Piles[p].Name)
			default:
				continue
			}
			break
		}
	}
	c.takes()
	c.valueTakes()
	// `all cards in P` can hold only if P has room for every card.
	for _, t := range c.allIns {
		room := 0
		for _, p := range t.piles {
			if g.Piles[p].Holds == 0 {
				room = g.CardCount
				break
			}
			room += g.Piles[p].Holds
		}
		if len(t.piles) > 0 && room < g.CardCount {
			c.errorf(t.node, "this can never hold: those piles hold at most %d of the %d cards", room, g.CardCount)
		}
	}
	for _, t := range c.fullTests {
		for _, p := range t.piles {
			if g.Piles[p].Holds == 0 {
				c.errorf(t.ref, "%q has no capacity, so it is never full: give it `holds N`, or test `holds N cards`", g.Piles[p].Name)
				break
			}
		}
	}
	c.checkPlaceTests()
	if rd := g.Redeal; rd != nil && rd.To != nil && !rd.InPlace {
		// The piles dealt to must have room for every card the redeal may
		// gather: at most what the gathered piles hold, and never the cards
		// dealt to a pile that no card ever leaves.
		most := 0
		for _, f := range rd.From {
			if h := g.Piles[f].Holds; h > 0 {
				most += h
			} else {
				most += g.CardCount
			}
		}
		fixed := 0
		for i, p := range g.Piles {
			if len(p.To) == 0 && i != g.Stock && !slices.Contains(rd.From, i) && !c.refillsFrom(i) {
				fixed += dealt[i]
			}
		}
		most = min(most, g.CardCount-fixed)
		if rd.By*len(rd.To) < most {
			c.errorf(c.redealOut, "the redeal may gather %d cards, which need %d piles of %d, but %q has %d", most, (most+rd.By-1)/rd.By, rd.By, c.redealOut.To.Text, len(rd.To))
		}
	}
	if g.Redeal != nil && g.Redeal.To == nil && c.stockDeals == 0 {
		c.errorf(c.declNode(decls, g.Stock), "a redeal needs a stock that deals")
	}
	fillReported := map[string]bool{} // one error per group
	for i, p := range g.Piles {
		if p.Holds > 0 && dealt[i] > p.Holds {
			c.errorf(c.declNode(decls, i), "the deal puts %d cards on %q, which holds %d", dealt[i], p.Name, p.Holds)
		}
		if p.Role == Stock {
			continue
		}
		for _, src := range p.Fill {
			if src == g.Stock {
				// The stock's cards leave only by its deals, so no `to`
				// can make it a source of moves.
				if !fillReported[p.Group] {
					c.errorf(c.declNode(decls, i), "%q cannot be filled from the stock: the stock's cards leave only by its deals; write `refill from stock` to fill a space at once, or give the stock a deal to it (`deal 1 to %s when %s is empty`)", p.Name, p.Name, p.Name)
					fillReported[p.Group] = true
				}
				break
			}
			if !slices.Contains(g.Piles[src].To, i) {
				if !fillReported[p.Group] {
					c.errorf(c.declNode(decls, i), "%q is filled from %q, but %q never moves to it: add %q to its `to`", p.Name, g.Piles[src].Name, g.Piles[src].Name, p.Group)
					fillReported[p.Group] = true
				}
				break
			}
		}
	}
	for d, at := range c.touchingAt {
		c.touching(d, at)
	}
	for i, p := range g.Piles {
		if p.CloseUpAtDeal && c.stockDeals == 0 && !fillReported["close "+p.Group] {
			fillReported["close "+p.Group] = true
			c.errorf(c.declNode(decls, i), "`close up before each deal` needs a stock that deals: give the stock a `deal`, or close up after every move with `close up`")
		}
	}
	if len(c.diags) == 0 {
		c.warnings(decls) // only of a game that checks: the model is whole
	}
}

// refillsFrom reports whether some pile refills from pile p.
func (c *checker) refillsFrom(p int) bool {
	for _, q := range c.g.Piles {
		if slices.Contains(q.Refill, p) {
			return true
		}
	}
	return false
}

// takes proves that every `take` finds a card in the pack, taking them in
// order as the deal does.
func (c *checker) takes() {
	left := map[[2]int]int{} // rank, suit -> copies left
	for r := 1; r <= 13; r++ {
		for _, s := range c.g.Suits {
			left[[2]int{r, s}] = c.g.Decks
		}
	}
	ti := -1
	type miss struct {
		text  string
		each  bool
		piles []string
	}
	var short []dsl.Node           // the statements that find no card, in order
	misses := map[dsl.Node]*miss{} // and the piles they find none for
	for _, st := range c.g.Deal {
		if st.Kind != DealTake {
			continue
		}
		ti++
		if st.Pattern.Value >= 0 {
			continue // made from the shuffled pack (see valueTakes)
		}
		found := false
		for s := 0; s < 4 && !found; s++ {
			for r := 1; r <= 13 && !found; r++ {
				k := [2]int{r, s}
				if st.Pattern.Ranks&(1<<r) != 0 && st.Pattern.Suits&(1<<s) != 0 && left[k] > 0 {
					left[k]--
					found = true
				}
			}
		}
		if !found {
			n := c.takeNodes[ti]
			if misses[n] == nil {
				short = append(short, n)
				t, _ := n.(*dsl.Take)
				misses[n] = &miss{text: st.Pattern.Text, each: t != nil && t.Each}
			}
			misses[n].piles = append(misses[n].piles, c.g.Piles[st.Pile].Name)
		}
	}
	for _, n := range short {
		m := misses[n]
		if !m.each {
			c.errorf(n, "`take %s` finds no card left in %s", m.text, Plural(c.g.Decks, "deck"))
			continue
		}
		c.errorf(n, "`take %s` finds no card left in %s for %s", m.text, Plural(c.g.Decks, "deck"), andList(m.piles))
	}
}

// andList joins names as "a", "a and b", "a, b and c".
func andList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func (c *checker) declNode(decls []pileDecl, pile int) dsl.Node {
	for _, d := range decls {
		if slices.Contains(d.piles, pile) {
			return d.ast
		}
	}
	return posNode{}
}

type posNode struct{}

func (posNode) Span() (lexer.Position, lexer.Position) {
	return lexer.Position{Line: 1, Column: 1}, lexer.Position{}
}

// dealPattern resolves the piles and the pattern of a deal statement that
// picks cards by pattern (`take`, `move ... to bottom of`): one pile, or
// every pile of a group with each. A game value is refused with noValue:
// none is known while the deal is made. (A `take`, whose noValue is "",
// may read one: valueTakes checks that it is known by then.)
func (c *checker) dealPattern(each bool, pile *dsl.Ref, p *dsl.Pattern, noValue, eachForm string) ([]int, Pattern, bool) {
	var piles []int
	pat, ok := c.pattern(p)
	_, isPile := c.piles[pile.Text]
	if grp := c.group[pile.Text]; !each && !isPile && grp != nil && len(grp.Piles) > 1 && ok {
		// A group where one pile is wanted: most likely each of them was.
		c.errorf(pile, "%q is a group of %d piles: say `%s`, or name one pile, e.g. %q", pile.Text, len(grp.Piles), fmt.Sprintf(eachForm, pat.Text, pile.Text), c.g.Piles[grp.Piles[0]].Name)
		return nil, pat, false
	}
	if each {
		piles, _ = c.refPiles(pile)
	} else if i, ok := c.onePile(pile); ok {
		piles = []int{i}
	}
	if len(piles) == 0 || !ok {
		return nil, pat, false
	}
	if pat.Value >= 0 && noValue != "" {
		c.errorf(p, "%s", noValue)
		return nil, pat, false
	}
	return piles, pat, true
}

// valueTakes checks each `take` that reads a game value, which is made at
// its place in the deal, from the shuffled pack, rather than before the
// shuffle: the value must be known by then and stay as it is (its pile
// sure to hold a card dealt before it, and no statement that sets cards
// aside or rearranges them, nor a group that closes up, to change that
// pile's bottom card), and a matching card must be left (the fewest copies
// of any rank left by the takes before the shuffle, less every card dealt
// from the pack before it, may not run out).
func (c *checker) valueTakes() {
	g := c.g
	// left[r] is the fewest cards of rank r the shuffled pack may hold;
	// exact[r], that it holds exactly that many (every take before the
	// shuffle that may take a card of rank r takes one of no other rank).
	// A value is the rank of a card dealt from the pack, so it is never a
	// rank the pack surely holds none of: with 7 to K taken out, `take rank
	// b` may still be made.
	var left [14]int
	var exact [14]bool
	for r := 1; r <= 13; r++ {
		left[r], exact[r] = g.Decks*len(g.Suits), true
		for _, st := range g.Deal {
			if st.Kind == DealTake && st.Pattern.Value < 0 && st.Pattern.Ranks&(1<<r) != 0 {
				left[r]-- // a take before the shuffle that may take that rank
				exact[r] = exact[r] && st.Pattern.Ranks == 1<<r
			}
		}
	}
	// fewest is the fewest cards the pack may hold of the rank offset above
	// the value read from pile: a rank the pack surely holds none of is not
	// the value's, unless a take before the shuffle put a card on pile.
	fewest := func(offset, pile int) int {
		taken := slices.ContainsFunc(g.Deal, func(s DealStep) bool {
			return s.Kind == DealTake && s.Pattern.Value < 0 && s.Pile == pile
		})
		n := g.CardCount
		for v := 1; v <= 13; v++ {
			if exact[v] && left[v] <= 0 && !taken {
				continue // no card of rank v is dealt, so no value is v
			}
			n = min(n, left[OffsetRank(v, offset)])
		}
		return n
	}
	ti, drawn := -1, 0 // takes so far, and cards drawn from the shuffled pack
	for i, st := range g.Deal {
		switch {
		case st.Kind == DealPut:
			drawn += st.Count
			continue
		case st.Kind != DealTake:
			continue
		}
		ti++
		if st.Pattern.Value < 0 {
			continue
		}
		v := g.Values[st.Pattern.Value]
		p := g.Piles[v.Pile]
		n := c.takeNodes[ti]
		switch {
		case v.First:
			c.errorf(n, "`take %s` reads value %q, which the first card to reach %s fixes in play: the deal knows none", st.Pattern.Text, v.Name, v.OnText)
		case leastPlaced(g, g.Deal[:i])[v.Pile] == 0:
			c.errorf(n, "`take %s` reads value %q before the deal is sure to have put a card on %q: deal that first", st.Pattern.Text, v.Name, p.Name)
		case slices.ContainsFunc(g.Deal, func(s DealStep) bool { return s.Kind == DealAside || s.Kind == DealBottom }):
			c.errorf(n, "`take %s` reads value %q while the deal is made, and a `move` in the deal could change %q's bottom card: a take may read a value only in a deal without `move`", st.Pattern.Text, v.Name, p.Name)
		case p.CloseUp:
			c.errorf(n, "`take %s` reads value %q while the deal is made, but %q closes up once the deal is done, which may change its bottom card", st.Pattern.Text, v.Name, p.Name)
		case fewest(st.Pattern.Offset, v.Pile)-drawn < 1:
			come := fmt.Sprintf("%d cards come", drawn)
			if drawn == 1 {
				come = "1 card comes"
			}
			c.errorf(n, "`take %s` may find no card left: %s from the pack before it, and the pack holds as few as %d of a rank it may name", st.Pattern.Text, come, fewest(st.Pattern.Offset, v.Pile))
		}
		drawn++ // it draws a card from the pack too
	}
}
