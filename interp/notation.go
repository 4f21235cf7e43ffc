package interp

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/patience-dev/patience/dsl"
	"github.com/patience-dev/patience/dsl/check"
)

// PileIndex finds a pile by name.
func (r *Rules) PileIndex(name string) (int, bool) {
	for i, p := range r.Game.Piles {
		if p.Name == name {
			return i, true
		}
	}
	return 0, false
}

// PileName is the name of pile i.
func (r *Rules) PileName(i int) string { return r.Game.Piles[i].Name }

// NumPiles is the number of piles.
func (r *Rules) NumPiles() int { return len(r.piles) }

// MoveString writes a move in the notation ParseMove reads: "t3 f1",
// "t3 t5 2" (two cards), "garden3:2 ace1" (the card in row 2 of a grid
// column), "deal", "deal 2" (the second deal statement), "redeal".
func (r *Rules) MoveString(m Move) string {
	switch m.Kind {
	case Deal:
		if m.Action > 0 {
			return fmt.Sprintf("deal %d", m.Action+1)
		}
		return "deal"
	case Redeal:
		return "redeal"
	}
	from := r.cardPlace(int(m.From), int(m.Slot))
	if m.Kind == Pair {
		if m.Count == 2 {
			from += "+" + r.cardPlace(int(m.From2), int(m.Slot2))
		}
		return from + " " + r.PileName(int(m.To))
	}
	s := from + " " + r.PileName(int(m.To))
	if m.Count > 1 {
		s += " " + strconv.Itoa(int(m.Count))
	}
	return s
}

// noneEmpty says that none of targets is empty, naming them: by their
// group where they are all of one (in its order), else one by one, or by
// their number where they are many.
func (r *Rules) noneEmpty(targets []int) string {
	if len(targets) == 1 {
		return r.PileName(targets[0]) + " is not empty"
	}
	for _, grp := range r.Game.Groups {
		if slices.Equal(grp.Piles, targets) {
			return fmt.Sprintf("no pile of %s is empty", grp.Name)
		}
	}
	if len(targets) > 6 {
		return fmt.Sprintf("none of the %d piles it deals to is empty", len(targets))
	}
	names := make([]string, len(targets))
	for i, t := range targets {
		names[i] = r.PileName(t)
	}
	return "none of " + strings.Join(names, ", ") + " is empty"
}

// cardPlace names a card's place: its pile, and in a grid its row.
func (r *Rules) cardPlace(p, slot int) string {
	if r.piles[p].grid {
		return r.PileName(p) + ":" + strconv.Itoa(slot+1)
	}
	return r.PileName(p)
}

// parsePlace reads "t3" or "garden3:2": a pile and a slot (-1 when none).
func (r *Rules) parsePlace(text string) (int, int, error) {
	name, slot := text, -1
	if i := strings.IndexByte(text, ':'); i >= 0 {
		if i == 0 {
			return 0, 0, fmt.Errorf("%q names no pile: a card in a grid is its column and its row, as in %s", text, r.gridExample())
		}
		// The pile first: a row means nothing on a pile that is no grid.
		if p, err := r.pileArg(text[:i]); err != nil || !r.piles[p].grid {
			if err == nil {
				err = fmt.Errorf("%s is not a grid: name the pile without a row", text[:i])
			}
			return p, 0, err
		}
		n, err := strconv.Atoi(text[i+1:])
		if err != nil || n < 1 {
			return 0, 0, fmt.Errorf("bad row %q: want a number from 1", text[i+1:])
		}
		name, slot = text[:i], n-1
	}
	p, err := r.pileArg(name)
	switch {
	case err != nil:
	case slot >= 0 && !r.piles[p].grid:
		err = fmt.Errorf("%s is not a grid: name the pile without a row", name)
	case slot > 255:
		err = fmt.Errorf("%s has no row %d", name, slot+1)
	}
	return p, slot, err
}

// ParseMove reads a move and checks it against s. When the move is not
// legal the error says why, in one line.
func (r *Rules) ParseMove(s *State, text string) (Move, error) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return Move{}, fmt.Errorf("empty move")
	}
	if r.Won(s) {
		return Move{}, fmt.Errorf("the game is won: no moves are left")
	}
	legal := r.Moves(s, nil)
	switch f[0] {
	case "deal":
		return r.parseDeal(s, f, legal)
	case "redeal":
		if len(f) > 1 {
			return Move{}, fmt.Errorf("redeal takes no arguments")
		}
		m := Move{Kind: Redeal}
		if slices.Contains(legal, m) {
			return m, nil
		}
		return m, r.whyNoRedeal(s)
	}
	if len(f) < 2 || len(f) > 3 {
		return Move{}, fmt.Errorf("a move is FROM TO [COUNT], e.g. %q", r.exampleMove())
	}
	if a, b, pair := strings.Cut(f[0], "+"); pair {
		if a == "" || b == "" {
			return Move{}, fmt.Errorf("a pair is CARD+CARD PILE, e.g. p1+waste d; %q names one card", f[0])
		}
		return r.parsePair(s, a, b, f[1:], legal)
	}
	src, slot, err := r.parsePlace(f[0])
	if err != nil {
		return Move{}, err
	}
	dst, err := r.pileArg(f[1])
	if err != nil {
		return Move{}, err
	}
	if r.piles[dst].pairs > 0 {
		return r.parsePair(s, f[0], "", f[1:], legal)
	}
	// Without a count a move takes one card, or a whole pile that moves
	// only whole.
	count := 1
	if r.piles[src].move == check.MoveWhole && !r.piles[src].grid {
		count = int(s.lens[src])
	}
	if len(f) == 3 {
		count, err = strconv.Atoi(f[2])
		if err != nil || count < 1 {
			return Move{}, fmt.Errorf("bad count %q: want a number of cards from 1", f[2])
		}
	}
	var found []Move
	for _, m := range legal {
		if m.Kind == Play && int(m.From) == src && int(m.To) == dst &&
			int(m.Count) == count && (slot < 0 || int(m.Slot) == slot) {
			found = append(found, m)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return Move{}, r.whyNot(s, src, dst, count, slot)
	}
	var alts []string
	for _, m := range found {
		alts = append(alts, r.MoveString(m))
	}
	return Move{}, fmt.Errorf("%s to %s can be played more than one way: say which, %s", r.PileName(src), r.PileName(dst), strings.Join(alts, " or "))
}

// parsePair reads "a+b d" (two cards) or "a d" (one) onto a pile that takes
// pairs.
func (r *Rules) parsePair(s *State, a, b string, rest []string, legal []Move) (Move, error) {
	if len(rest) != 1 {
		return Move{}, fmt.Errorf("a pair is CARD+CARD PILE, e.g. p1+waste d")
	}
	dst, err := r.pileArg(rest[0])
	if err != nil {
		return Move{}, err
	}
	p1, s1, err := r.parsePlace(a)
	if err != nil {
		return Move{}, err
	}
	want := Move{Kind: Pair, From: uint8(p1), Slot: uint8(max(s1, 0)), To: uint8(dst), Count: 1}
	if b != "" {
		p2, s2, err := r.parsePlace(b)
		if err != nil {
			return Move{}, err
		}
		want.From2, want.Slot2, want.Count = uint8(p2), uint8(max(s2, 0)), 2
	}
	for _, m := range legal {
		if m == want {
			return m, nil
		}
		// The two cards may be named in either order.
		if want.Count == 2 && m.Kind == Pair && m.Count == 2 && m.To == want.To &&
			m.From == want.From2 && m.Slot == want.Slot2 && m.From2 == want.From && m.Slot2 == want.Slot {
			return m, nil
		}
	}
	sum := r.piles[dst].pairs
	if sum == 0 {
		return Move{}, fmt.Errorf("%s does not take pairs", r.PileName(dst))
	}
	for _, pl := range []struct{ p, slot int }{{p1, s1}, {int(want.From2), int(want.Slot2)}}[:want.Count] {
		if err := r.whyNotFree(s, pl.p, pl.slot, dst); err != nil {
			return Move{}, err
		}
	}
	if want.Count == 2 && r.piles[dst].touching && !r.touch(p1, int(want.From2)) {
		return Move{}, fmt.Errorf("%s and %s do not touch: %s takes a pair only from piles side by side, one above the other or corner to corner", r.PileName(p1), r.PileName(int(want.From2)), r.PileName(dst))
	}
	switch {
	case sum == check.PairsSameRank && b == "":
		return Move{}, fmt.Errorf("%s takes two cards of the same rank, never one alone", r.PileName(dst))
	case sum == check.PairsSameRank:
		return Move{}, fmt.Errorf("not a pair for %s: both cards must be free, in different piles, and of the same rank", r.PileName(dst))
	case b == "":
		return Move{}, fmt.Errorf("%s takes one card alone only if its rank is %d; otherwise two cards adding up to %d", r.PileName(dst), sum, sum)
	}
	return Move{}, fmt.Errorf("not a pair for %s: both cards must be free, in different piles, and add up to %d", r.PileName(dst), sum)
}

// gridExample is a grid's card as a move names it ("garden1:3"), or a
// made-up one in a game with no grid.
func (r *Rules) gridExample() string {
	for i, p := range r.piles {
		if p.grid {
			return r.PileName(i) + ":3"
		}
	}
	return "garden1:3"
}

func (r *Rules) exampleMove() string {
	for i, p := range r.piles {
		if len(p.to) > 0 {
			for _, t := range p.to {
				if t != i {
					return r.PileName(i) + " " + r.PileName(t)
				}
			}
		}
	}
	return "deal"
}

func (r *Rules) pileArg(name string) (int, error) {
	if i, ok := r.PileIndex(name); ok {
		return i, nil
	}
	if len(name) > 40 {
		return 0, fmt.Errorf("unknown pile %q…", name[:40])
	}
	names := make([]string, len(r.piles))
	for i := range r.piles {
		names[i] = r.PileName(i)
	}
	if s := dsl.Closest(name, names); s != "" {
		return 0, fmt.Errorf("unknown pile %q; did you mean %q?", name, s)
	}
	return 0, fmt.Errorf("unknown pile %q; the piles are %s", name, strings.Join(names, ", "))
}

func (r *Rules) parseDeal(s *State, f []string, legal []Move) (Move, error) {
	if r.stock < 0 || len(r.acts) == 0 {
		return Move{}, fmt.Errorf("this game has no stock to deal from")
	}
	a := 0
	if len(f) > 2 {
		return Move{}, fmt.Errorf("deal takes at most one argument, which deal statement")
	}
	if len(f) == 2 {
		n, err := strconv.Atoi(f[1])
		if err != nil || n < 1 || n > len(r.acts) {
			return Move{}, fmt.Errorf("bad deal %q: this game has %s", f[1], check.Plural(len(r.acts), "deal statement"))
		}
		a = n - 1
	}
	m := Move{Kind: Deal, Action: uint8(a)}
	if slices.Contains(legal, m) {
		return m, nil
	}
	if s.lens[r.stock] == 0 {
		if r.canRedeal(s) && r.redeal.to == nil { // a redeal that refills the stock
			return m, fmt.Errorf("the stock is empty: redeal first")
		}
		return m, fmt.Errorf("the stock is empty")
	}
	act := r.Game.Actions[a]
	if act.When != nil && act.WhenText != "" && !r.acts[a].when(s) {
		return m, fmt.Errorf("cannot deal now: only %s", act.WhenText)
	}
	s = r.asDealtTo(s)
	if act.Empty && len(r.acts[a].emptyTargets(s, nil)) == 0 {
		return m, fmt.Errorf("cannot deal now: it deals only to empty piles, and %s", r.noneEmpty(act.Targets))
	}
	if t, room, puts, ok := r.dealRoom(s, &r.acts[a]); !ok {
		if room <= 0 {
			return m, fmt.Errorf("cannot deal now: %s is full (it holds %s)", r.PileName(t), cards(r.caps[t]))
		}
		return m, fmt.Errorf("cannot deal now: %s has room for %s, and the deal puts %d there", r.PileName(t), cards(room), puts)
	}
	return m, fmt.Errorf("cannot deal now: a pile it deals to is full")
}

func (r *Rules) whyNoRedeal(s *State) error {
	rd := r.redeal
	switch {
	case rd == nil:
		return refusedf("this game has no redeal")
	case rd.to == nil && r.stock >= 0 && s.lens[r.stock] > 0:
		return refusedf("the stock is not empty yet: redeal only when it is")
	case rd.times >= 0 && int(s.redeals) >= rd.times:
		return refusedf("no redeals left: all %d used", rd.times)
	}
	return refusedf("nothing to gather for a redeal")
}

// whyNotFree explains why the card at pile p (slot in a grid, or -1) may
// not leave for dst, or returns nil when it may as far as its own pile goes.
func (r *Rules) whyNotFree(s *State, p, slot, dst int) error {
	sp := r.PileName(p)
	pr := &r.piles[p]
	n := int(s.lens[p])
	switch {
	case s.count(r, p) == 0:
		return refusedf("%s is empty", sp)
	case p == r.stock:
		return refusedf("cards leave %s only by dealing: use `deal`", sp)
	case len(pr.to) == 0:
		return refusedf("cards never leave %s", sp)
	case !slices.Contains(pr.to, dst):
		return refusedf("cards from %s may not go to %s: they go only to %s", sp, r.PileName(dst), r.groupList(pr.to))
	case pr.coveredBy != 0 && r.covered(s, p):
		return refusedf("%s is covered: it is free only when %s are empty", sp, r.groupList(r.Game.Piles[p].CoveredBy))
	case pr.grid && slot >= 0 && (slot >= n || s.cards[r.offs[p]+slot].IsGap()):
		return refusedf("%s has no card in row %d", sp, slot+1)
	case pr.grid && slot >= 0 && !available(s.cards[r.offs[p]:r.offs[p]+n], slot, pr.bothEnds):
		if pr.bothEnds {
			return refusedf("%s in row %d of %s is covered: a card is free only when the slot above or below it is empty", s.cards[r.offs[p]+slot], slot+1, sp)
		}
		return refusedf("%s in row %d of %s is covered: a card is free only when the slot below it is empty", s.cards[r.offs[p]+slot], slot+1, sp)
	case !pr.grid && s.cards[r.offs[p]+n-1].FaceDown():
		return refusedf("the top card of %s is face down", sp)
	}
	return nil
}

// whyNot explains, in one line, why no legal move takes count cards (0: any
// number) from src to dst.
func (r *Rules) whyNot(s *State, src, dst, count, slot int) error {
	sp, dp := r.PileName(src), r.PileName(dst)
	pr := &r.piles[src]
	n := int(s.lens[src])
	if src == dst {
		return refusedf("%s and %s are the same pile", sp, dp)
	}
	if pr.grid && slot < 0 {
		// Explain with the first available card.
		for i := n - 1; i >= 0; i-- {
			if available(s.cards[r.offs[src]:r.offs[src]+n], i, pr.bothEnds) {
				slot = i
				break
			}
		}
	}
	if dst == r.stock && src != r.stock {
		return refusedf("nothing is moved to %s: only a redeal fills it", r.PileName(dst))
	}
	if err := r.whyNotFree(s, src, slot, dst); err != nil {
		return err
	}
	var run []Card
	base := r.offs[src]
	if pr.grid {
		if count > 1 {
			return refusedf("only one card at a time leaves %s", sp)
		}
		if slot < 0 {
			return refusedf("no card of %s is free", sp)
		}
		run = s.cards[base+slot : base+slot+1]
	} else {
		if slot >= 0 {
			return refusedf("%s is not a grid: name the pile without a row", sp)
		}
		movable := 1
		switch pr.move {
		case check.MoveRuns, check.MoveAny:
			movable = r.runLen(s, src)
		case check.MoveWhole, check.MoveTopOrWhole:
			movable = n
		}
		if count == 0 {
			count = 1
			if pr.move == check.MoveWhole {
				count = n
			}
		}
		switch {
		case pr.move == check.MoveTop && count > 1:
			return refusedf("only the top card of %s may move", sp)
		case pr.move == check.MoveWhole && count != n:
			return refusedf("%s moves only as a whole pile of %s", sp, cards(n))
		case pr.move == check.MoveTopOrWhole && count != 1 && count != n:
			return refusedf("only the top card of %s or the whole pile of %s may move", sp, cards(n))
		case (pr.move == check.MoveWhole || pr.move == check.MoveTopOrWhole) && count == n && n > 1 && s.cards[base].FaceDown():
			return refusedf("the bottom card of %s is face down: the pile moves whole only when it is face up", sp)
		case pr.move == check.MoveAny && count <= n && count > movable:
			return refusedf("only the face-up cards of %s may move: at most %d", sp, movable)
		case count > n:
			return refusedf("%s holds only %s", sp, cards(n))
		case count > movable:
			return refusedf("the top %d cards of %s are not a run: at most %d move together", count, sp, movable)
		case pr.using && count > r.runLimit(s, src, dst):
			return refusedf("only %s may move to %s with the empty %s there are now", cards(r.runLimit(s, src, dst)), dp, r.groupList(r.Game.Piles[src].Using))
		}
		run = s.cards[base+n-count : base+n]
	}
	return &MoveError{r.refusalText(s, r.refuse(s, dst, src, run), dst, src, run)}
}

func cards(n int) string {
	if n == 1 {
		return "1 card"
	}
	return fmt.Sprintf("%d cards", n)
}

func (r *Rules) refusalText(s *State, why refusal, dst, src int, run []Card) Text {
	d := &r.piles[dst]
	dp := r.PileName(dst)
	gp := r.Game.Piles[dst]
	bottom := run[0]
	if r.piles[src].byTop {
		bottom = run[len(run)-1] // the card that decides
	}
	switch why {
	case refGrid:
		return Textf("nothing is ever placed in %s: it is a grid", dp)
	case refStock:
		return Textf("cards never go back to the stock %s", dp)
	case refFull:
		if room := d.holds - int(s.lens[dst]); room > 0 {
			return Textf("%s has room for %s, not %d", dp, cards(room), len(run))
		}
		return Textf("%s is full: it holds %s", dp, cards(d.holds))
	case refCount:
		if acc := d.acceptsAt(s.lens[dst]); acc == 1 {
			return Textf("%s takes one card at a time", dp)
		} else if acc > 1 {
			return Textf("%s takes exactly %d cards at once", dp, acc)
		}
	case refNone:
		return Textf("%s takes cards only while it is empty", dp)
	case refFollow:
		return r.followText(s, dst, bottom)
	case refFill:
		var names []int
		for i := range r.piles {
			if d.fill&(1<<i) != 0 {
				names = append(names, i)
			}
		}
		return Textf("%s is empty: it may be filled only from %s", dp, r.groupList(names))
	case refStartAfter:
		return Textf("%s may start only after %s has started", dp, r.PileName(d.startAfter))
	case refStartWhen:
		if why, ok := r.phaseRefusal(s, gp.StartWhen, dp+" may not start"); ok {
			return Textf("%s", why)
		}
		return Textf("%s may not start now: its `start when` condition does not hold", dp)
	case refBase:
		var words []string
		var args []any
		for i, b := range d.base {
			if pat := gp.Base[i].Pattern; pat.Value >= 0 && s.values[pat.Value] == 0 && len(d.base) > 1 {
				continue // a value not fixed yet takes any rank: the others refused it
			}
			if b.when == nil || b.when(s) {
				w, a := r.startWords(gp.Base[i].Pattern, s)
				words, args = append(words, w), append(args, a...)
			}
		}
		what := ""
		switch {
		case len(run) > 1 && r.piles[src].move == check.MoveAny:
			what = "cards headed by "
		case len(run) > 1:
			what = "a run headed by "
		}
		if len(words) > 1 { // every base that applies must match
			what += "a card that is "
		}
		format := "%s is empty: only " + what + strings.Join(words, " and ") + " may start it, not %s"
		return Textf(format, append(append([]any{dp}, args...), bottom)...)
	case refNoBuild:
		return Textf("nothing may be placed on %s", dp)
	case refBuildWhen:
		if why, ok := r.phaseRefusal(s, gp.BuildWhen, "nothing may be placed on "+dp); ok {
			return Textf("%s", why)
		}
		return Textf("nothing may be placed on %s now: it builds only %s", dp, gp.BuildWhenText)
	case refFaceDown:
		return Textf("the top card of %s is face down", dp)
	case refExcept:
		return Textf("%s cards take no part in building on %s", r.describe(*gp.Except, s), dp)
	case refBuild:
		top := s.Pile(r, dst)
		return Textf("%s does not go on %s: %s builds %s", bottom, top[len(top)-1], dp, relText(gp.Build))
	case refFillNever:
		return Textf("%s is empty, and a space there is never filled", dp)
	case refPairs:
		what := fmt.Sprintf("adding up to %d", d.pairs)
		if d.pairs == check.PairsSameRank {
			what = "of the same rank"
		}
		return Textf("%s takes only pairs %s: name both cards, e.g. %s+waste %s", dp, what, r.PileName(src), dp)
	case refRun:
		return Textf("those %d cards are not a sequence %s accepts (%s)", len(run), dp, relText(gp.Build))
	case refOutranked:
		o := gp.Outranked
		kin := map[check.SuitRel]string{check.SameSuit: " of its suit", check.SameColour: " of its colour",
			check.AlternateColour: " of the other colour", check.OtherSuit: " of another suit"}[o.Suit]
		high := ""
		if o.AcesHigh {
			high = " (aces high)"
		}
		return Textf("%s takes a card only while a higher card%s shows on another of %s%s; none outranks %s now", dp, kin, r.groupList(o.By), high, bottom)
	}
	return Textf("%s may not go to %s", bottom, dp)
}

// phaseRefusal is the refusal of a rule limited to a phase (see
// phaseWait), after head ("t1 may not start"): "head yet: ..." while its
// phase is to come, "head any more: ..." once it is over; false for any
// other condition.
func (r *Rules) phaseRefusal(s *State, c check.Cond, head string) (string, bool) {
	switch later, why := r.phaseWait(s, c); later {
	case 1:
		return head + " yet: " + why, true
	case -1:
		return head + " any more: " + why, true
	}
	return "", false
}

// phaseWait says why a rule limited to a phase (`during P`, `after P`) does
// not apply now: 1, with the reason, while its phase is still to come (the
// label of the phase that lasts, which says what must happen first, or
// else the clause); -1 once the phase it applied in is over; 0 for any
// other condition, whose own words are the reason.
func (r *Rules) phaseWait(s *State, c check.Cond) (int, string) {
	in, ok := c.(check.InPhase)
	if !ok {
		return 0, ""
	}
	cur, name := s.Phase(), r.Game.Phases[in.Phase].Name
	switch {
	case in.After && cur <= in.Phase || !in.After && cur < in.Phase:
		if cur < len(r.Game.Phases) && r.Game.Phases[cur].Label != "" {
			return 1, r.Game.Phases[cur].Label
		}
		if in.After {
			return 1, fmt.Sprintf("only after %s", name)
		}
		return 1, fmt.Sprintf("only during %s", name)
	case !in.After && cur > in.Phase:
		return -1, fmt.Sprintf("only during %s, which is over", name)
	}
	return 0, ""
}

// followText says why an empty pile that follows left refuses card c.
func (r *Rules) followText(s *State, dst int, c Card) Text {
	dp, left := r.PileName(dst), r.piles[dst].left
	lp := s.Pile(r, left)
	if len(lp) == 0 {
		return Textf("%s is empty, and so is %s to its left: nothing can fill it now", dp, r.PileName(left))
	}
	return Textf("%s is empty: it takes only a card that follows %s on its left (%s), not %s", dp, lp[len(lp)-1], relText(r.Game.Piles[dst].Follow), c)
}

// startWords names the cards a base pattern lets start an empty pile as a
// player says it, as a format and its arguments: "an A", "a red K", "a
// black card", "any card", "a 7 (rank b)", or a card itself ("%s" with
// A♠ as a Card, so that a front end writes it as its board does).
func (r *Rules) startWords(p check.Pattern, s *State) (string, []any) {
	const allRanks, red, black = 0x3ffe, 0b0110, 0b1001
	esc := func(t string) string { return strings.ReplaceAll(t, "%", "%%") }
	rank := 0
	if bits.OnesCount16(p.Ranks) == 1 {
		rank = bits.TrailingZeros16(p.Ranks)
	}
	if p.Value >= 0 {
		if v := int(s.values[p.Value]); v > 0 {
			return esc(article(p.ValueRank(v)) + " (" + p.Text + ")"), nil
		}
		if r.Game.Values[p.Value].First {
			return esc("any card (the first fixes " + r.Game.Values[p.Value].Name + ")"), nil
		}
		return esc("a card of " + p.Text), nil
	}
	colour := ""
	switch p.Suits {
	case 0xf:
	case red:
		colour = "red "
	case black:
		colour = "black "
	default:
		if rank > 0 && bits.OnesCount8(p.Suits) == 1 {
			return "%s", []any{NewCard(rank, bits.TrailingZeros8(p.Suits))}
		}
		return esc("a card " + p.Text), nil // not said by the language today
	}
	switch {
	case rank > 0 && colour == "":
		return esc(article(rank)), nil
	case rank > 0:
		return esc("a " + colour + rankWords[rank]), nil
	case p.Ranks == allRanks && colour == "":
		return "any card", nil
	case p.Ranks == allRanks:
		return esc("a " + colour + "card"), nil
	}
	return esc("a card " + p.Text), nil
}

// rankWords are the ranks as a player writes them.
var rankWords = [...]string{"?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}

// article is a rank with its article: "an A", "an 8", "a K".
func article(rank int) string {
	if rank == 1 || rank == 8 {
		return "an " + rankWords[rank]
	}
	return "a " + rankWords[rank]
}

func (r *Rules) describe(p check.Pattern, s *State) string {
	if p.Value >= 0 {
		k := 0 // not fixed yet: "?"
		if v := int(s.values[p.Value]); v > 0 {
			k = p.ValueRank(v)
		}
		return fmt.Sprintf("%s (%s)", p.Text, rankChars[k:k+1])
	}
	return p.Text
}

func relText(x *check.Relation) string {
	if x == nil {
		return "nothing"
	}
	if x.Step == check.StepAny {
		return "any card on any card"
	}
	if x.Or != nil {
		one := *x
		one.Or = nil
		return relText(&one) + ", or " + relText(x.Or)
	}
	if x.Step == check.StepAnyRank {
		return "of any rank " + [...]string{"and any suit", "in suit", "in colour", "in alternating colours", "in another suit"}[x.Suit]
	}
	step := [...]string{"down", "up", "up or down", "on the same rank"}[x.Step]
	if x.By > 1 {
		step += fmt.Sprintf(" by %d", x.By)
	}
	suit := [...]string{"regardless of suit", "in suit", "in colour", "in alternating colours", "in another suit"}[x.Suit]
	s := step + " " + suit
	if x.Wrap {
		s += ", round the corner"
	}
	return s
}

// groupList names piles compactly, by group where a whole group is present.
func (r *Rules) groupList(piles []int) string {
	var out []string
	done := map[int]bool{}
	for _, g := range r.Game.Groups {
		if len(g.Piles) < 2 {
			continue
		}
		all := true
		for _, p := range g.Piles {
			if !slices.Contains(piles, p) || done[p] {
				all = false
				break
			}
		}
		if all {
			out = append(out, g.Name)
			for _, p := range g.Piles {
				done[p] = true
			}
		}
	}
	for _, p := range piles {
		if !done[p] {
			out = append(out, r.PileName(p))
		}
	}
	return strings.Join(out, ", ")
}
