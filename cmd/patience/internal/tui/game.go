package tui

import (
	"fmt"
	tea "github.com/charmbracelet/bubbletea"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/patience-dev/patience/cmd/patience/internal/board"
	"github.com/patience-dev/patience/cmd/patience/internal/prove"
	"github.com/patience-dev/patience/cmd/patience/internal/store"
	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/interp"
)

// spot is a place on the board: a pile and a card in it (its index, or its
// slot in a grid); idx -1 means the pile as a whole, its top.
type spot struct {
	pile, idx int
}

// pickup is what the player holds: Count cards from a pile, or in a grid
// the card at a slot.
type pickup struct {
	from    spot
	count   int
	top     bool         // only the top card was picked: a run may go instead
	targets map[int]bool // piles that can legally take it
	partner map[spot]bool
}

// msgKind says how the message line reads.
type msgKind uint8

const (
	msgInfo msgKind = iota
	msgError
	msgHint
)

// play is one game on the screen: the engine's game and everything the
// screen adds to it (cursor, pick, message, clock, statistics state).
type play struct {
	g       *interp.Game
	key     string // the ruleset's key in the store
	keys    []rune // hotkey of each pile
	info    *boardInfo
	scroll  int // board lines scrolled off the top, when it does not fit
	opt     board.Options
	cursor  spot
	pick    *pickup
	hint    *interp.Move
	hintID  int // the hint asked for last (see askHint)
	hints   prove.Asker
	msg     string
	msgKind msgKind
	status  interp.Status

	elapsed time.Duration // played before clockFrom
	running bool
	from    time.Time

	counted bool   // counted as played
	result  string // "won" or "lost", once counted so

	saveErr error // why the last save failed, until one succeeds
	other   int   // the moves of another game of the deal kept where this one goes, set aside at its first save

	// The runs of moves a and A played at once, which u takes back at
	// once, and r plays again at once (see undo and redo).
	batches, undone []batch
}

// batch is a run of moves played at once, from history length start.
type batch struct {
	start int
	moves []interp.Move
}

func newPlay(g *interp.Game, key string, opt board.Options, now time.Time) *play {
	p := &play{g: g, key: key, keys: hotkeys(g.Rules), opt: opt, running: true, from: now}
	p.info = newBoardInfo(g, opt.ASCII)
	p.status = g.Status()
	p.cursor = spot{pile: p.firstPile(), idx: -1}
	if p.status != interp.Playing {
		p.running = false
	}
	return p
}

// firstPile is where the cursor starts: on the stock if there is one, so
// that space deals, else on the first pile of the board.
func (p *play) firstPile() int {
	if s := p.g.Rules.Game.Stock; s >= 0 {
		return s
	}
	rows := board.Rows(p.g.Rules.Game)
	if len(rows) > 0 && len(rows[0]) > 0 {
		return rows[0][0]
	}
	return 0
}

func (p *play) clock(now time.Time) time.Duration {
	if !p.running {
		return p.elapsed
	}
	return p.elapsed + now.Sub(p.from)
}

func (p *play) stopClock(now time.Time) {
	if p.running {
		p.elapsed += now.Sub(p.from)
		p.running = false
	}
}

func (p *play) startClock(now time.Time) {
	if !p.running {
		p.from = now
		p.running = true
	}
}

func (p *play) say(kind msgKind, format string, args ...any) {
	p.msg = fmt.Sprintf(format, args...)
	p.msgKind = kind
}

// pickText names the cards held, bottom first: "K♠", "K♠ Q♥ J♠", or
// "K♠ and 6 more".
func (p *play) pickText(pk *pickup) string {
	cards := p.g.State().Pile(p.g.Rules, pk.from.pile)
	i := pk.from.idx
	if i < 0 || i >= len(cards) {
		return p.g.Rules.PileName(pk.from.pile)
	}
	if pk.count > 4 {
		return fmt.Sprintf("%s and %d more", board.CardText(cards[i], p.opt), pk.count-1)
	}
	var names []string
	for _, c := range cards[i : i+pk.count] {
		names = append(names, board.CardText(c, p.opt))
	}
	return strings.Join(names, " ")
}

// choose acts on a spot, as enter or a click does: it picks up cards
// there, or drops what is held on that pile, or deals from the stock.
func (p *play) choose(at spot) (changed bool) {
	p.hint = nil
	if p.pick != nil {
		return p.drop(at)
	}
	if at.pile == p.g.Rules.Game.Stock {
		return p.deal(false)
	}
	p.pickUp(at)
	return false
}

// pickUp picks the card at a spot, and the run above it in a fanned pile.
func (p *play) pickUp(at spot) {
	r, s := p.g.Rules, p.g.State()
	pile := r.Game.Piles[at.pile]
	cards := s.Pile(r, at.pile)
	name := r.PileName(at.pile)
	if s.Count(r, at.pile) == 0 {
		p.say(msgError, "%s is empty", name)
		return
	}
	pk := &pickup{from: at, count: 1}
	switch {
	case pile.Grid:
		if at.idx < 0 || at.idx >= len(cards) || cards[at.idx].IsGap() {
			// The pile as a whole: its last card, the one most often free.
			at.idx = len(cards) - 1
			for at.idx > 0 && cards[at.idx].IsGap() {
				at.idx--
			}
		}
		pk.from = at
	default:
		top := len(cards) - 1
		if at.idx < 0 || at.idx > top || (!pile.Fanned && at.pile != r.Game.Stock) {
			at.idx = top
		}
		if pile.Move == check.MoveWhole {
			at.idx = 0
		}
		if cards[at.idx].FaceDown() {
			p.say(msgError, "that card of %s is face down", name)
			return
		}
		pk.from = at
		pk.count = len(cards) - at.idx
		pk.top = pk.count == 1
	}
	pk.targets, pk.partner = p.targetsOf(pk)
	p.pick = pk
	if len(pk.targets) == 0 {
		p.say(msgInfo, "picked %s from %s: no pile can take %s now (esc puts %s back)", p.pickText(pk), name, them(pk.count, "them"), them(pk.count, "them"))
		return
	}
	var names []string
	for _, q := range p.boardOrder() {
		if pk.targets[q] {
			names = append(names, r.PileName(q)+p.carried(pk, q))
		}
	}
	p.say(msgInfo, "picked %s from %s: %s can go to %s", p.pickText(pk), name, them(pk.count, "they"), strings.Join(names, ", "))
}

// carried says which cards a drop on pile q takes along with a top card
// picked alone, when only its run may go there (see drop): " (with 5♠)",
// " (with the 3 cards under it)"; or nothing.
func (p *play) carried(pk *pickup, q int) string {
	most := 0
	for _, m := range p.g.Moves() {
		if d, ok := p.matches(pk, m); ok && d.pile == q && m.Kind == interp.Play {
			if int(m.Count) == pk.count {
				return "" // the card alone goes there
			}
			most = max(most, int(m.Count)-pk.count)
		}
	}
	cards := p.g.State().Pile(p.g.Rules, pk.from.pile)
	switch {
	case most == 0 || most >= len(cards):
		return ""
	case most == 1:
		return " (with " + board.CardText(cards[len(cards)-2], p.opt) + ")"
	}
	return fmt.Sprintf(" (with the %d cards under it)", most)
}

// them is "it" for one card, else many ("they" or "them").
func them(n int, many string) string {
	if n == 1 {
		return "it"
	}
	return many
}

// boardOrder is every pile in the order the board shows them.
func (p *play) boardOrder() []int {
	var out []int
	for _, row := range board.Rows(p.g.Rules.Game) {
		out = append(out, row...)
	}
	return out
}

// matches reports whether a legal move plays what pk holds, and onto
// which pile the player drops it: for a pair of two, the partner's pile.
func (p *play) matches(pk *pickup, m interp.Move) (drop spot, ok bool) {
	grid := p.g.Rules.Game.Piles[pk.from.pile].Grid
	switch m.Kind {
	case interp.Play:
		if int(m.From) != pk.from.pile || (grid && int(m.Slot) != pk.from.idx) {
			return spot{}, false
		}
		if int(m.Count) != pk.count && !(pk.top && !grid) {
			return spot{}, false
		}
		return spot{pile: int(m.To), idx: -1}, true
	case interp.Pair:
		self := func(pile, slot uint8) bool {
			return int(pile) == pk.from.pile && (!grid || int(slot) == pk.from.idx)
		}
		switch {
		case m.Count == 1 && self(m.From, m.Slot):
			return spot{pile: int(m.To), idx: -1}, true
		case m.Count == 2 && self(m.From, m.Slot):
			return spot{pile: int(m.From2), idx: int(m.Slot2)}, true
		case m.Count == 2 && self(m.From2, m.Slot2):
			return spot{pile: int(m.From), idx: int(m.Slot)}, true
		}
	}
	return spot{}, false
}

func (p *play) targetsOf(pk *pickup) (map[int]bool, map[spot]bool) {
	targets, partner := map[int]bool{}, map[spot]bool{}
	for _, m := range p.g.Moves() {
		if at, ok := p.matches(pk, m); ok {
			targets[at.pile] = true
			if m.Kind == interp.Pair && m.Count == 2 {
				partner[at] = true
			}
		}
	}
	return targets, partner
}

// drop plays what is held onto the pile at a spot, or says why it cannot
// go there. Either way the cards are put down.
func (p *play) drop(at spot) bool {
	pk := p.pick
	p.pick = nil
	if at.pile == pk.from.pile {
		p.say(msgInfo, "put back")
		return false
	}
	r := p.g.Rules
	// The exact count first; a top card picked alone may take its run
	// along, the longest that fits.
	var exact, other []interp.Move
	for _, m := range p.g.Moves() {
		d, ok := p.matches(pk, m)
		if !ok || d.pile != at.pile {
			continue
		}
		// A partner in a grid is the card clicked, when one was.
		if m.Kind == interp.Pair && m.Count == 2 && r.Game.Piles[at.pile].Grid && at.idx >= 0 && d.idx != at.idx {
			continue
		}
		if m.Kind != interp.Play || int(m.Count) == pk.count {
			exact = append(exact, m)
		} else {
			other = append(other, m)
		}
	}
	var best interp.Move
	found := true
	switch {
	case len(exact) > 0:
		best = exact[0]
	case len(other) > 0:
		best = other[0]
		for _, m := range other[1:] {
			if m.Count > best.Count {
				best = m
			}
		}
	default:
		found = false
	}
	if found {
		text := r.MoveString(best)
		if err := p.g.PlayMove(best); err != nil {
			p.say(msgError, "%s", oneLine(interp.ErrorIn(err, p.opt.Card)))
			return false
		}
		p.say(msgInfo, "%s", text)
		return true
	}
	// Not legal: let the engine say why, from the move as text.
	_, err := p.g.Play(p.moveText(pk, at))
	if err == nil {
		// The engine read the move some way the screen did not offer.
		p.say(msgInfo, "%s", r.MoveString(p.g.History()[len(p.g.History())-1]))
		return true
	}
	p.say(msgError, "%s", oneLine(interp.ErrorIn(err, p.opt.Card)))
	return false
}

// moveText writes the move of dropping pk at a spot in the notation the
// engine reads, so that its reason for refusing can be shown.
func (p *play) moveText(pk *pickup, at spot) string {
	r := p.g.Rules
	place := func(s spot) string {
		if r.Game.Piles[s.pile].Grid && s.idx >= 0 {
			return r.PileName(s.pile) + ":" + strconv.Itoa(s.idx+1)
		}
		return r.PileName(s.pile)
	}
	from := place(pk.from)
	// Onto a card of another pile, where cards go in pairs: a pair.
	if r.Game.Piles[at.pile].Pairs == 0 {
		for _, d := range r.Game.Piles[pk.from.pile].To {
			if r.Game.Piles[d].Pairs > 0 {
				return from + "+" + place(at) + " " + r.PileName(d)
			}
		}
	}
	text := from + " " + r.PileName(at.pile)
	if pk.count > 1 {
		text += " " + strconv.Itoa(pk.count)
	}
	return text
}

// stockMoves are the stock's moves legal now: the deals in the order the
// rules give them, then the redeal.
func (p *play) stockMoves() []interp.Move {
	var out []interp.Move
	for _, kind := range []interp.MoveKind{interp.Deal, interp.Redeal} {
		for _, m := range p.g.Moves() {
			if m.Kind == kind {
				out = append(out, m)
			}
		}
	}
	return out
}

// deal plays the first of the stock's legal moves (d), or with last the
// last of them (D): another deal statement, or a redeal the rules allow
// while the stock still deals. With none, it says why the stock cannot
// deal.
func (p *play) deal(last bool) bool {
	p.pick, p.hint = nil, nil
	if ms := p.stockMoves(); len(ms) > 0 {
		m := ms[0]
		if last {
			m = ms[len(ms)-1]
		}
		if err := p.g.PlayMove(m); err == nil {
			p.say(msgInfo, "%s", p.g.Rules.MoveString(m))
			return true
		}
	}
	_, err := p.g.Play("deal")
	if err != nil {
		p.say(msgError, "%s", oneLine(interp.ErrorIn(err, p.opt.Card)))
	}
	return err == nil
}

func (p *play) undo() bool {
	p.pick, p.hint = nil, nil
	h := p.g.History()
	if len(h) == 0 || !p.g.Undo() {
		p.say(msgError, "nothing to undo")
		return false
	}
	if k := len(p.batches) - 1; k >= 0 {
		// The moves a or A played at once, if they are the last played,
		// go back at once.
		b := p.batches[k]
		if n := len(b.moves); b.start+n == len(h) && slices.Equal(h[b.start:], b.moves) {
			for range n - 1 {
				p.g.Undo()
			}
			p.batches, p.undone = p.batches[:k], append(p.undone, b)
			p.say(msgInfo, "undid %d moves, from %s", n, p.g.Rules.MoveString(b.moves[0]))
			return true
		}
	}
	p.say(msgInfo, "undid %s", p.g.Rules.MoveString(h[len(h)-1]))
	return true
}

// played notes that the last n moves were played at once (by a or A).
func (p *play) played(n int) {
	h := p.g.History()
	if n > 1 {
		p.batches = append(p.batches, batch{len(h) - n, slices.Clone(h[len(h)-n:])})
	}
	p.undone = nil
}

func (p *play) redo() bool {
	p.pick, p.hint = nil, nil
	if !p.g.Redo() {
		p.say(msgError, "nothing to redo")
		return false
	}
	if h, k := p.g.History(), len(p.undone)-1; k >= 0 && p.undone[k].start == len(h)-1 && h[len(h)-1] == p.undone[k].moves[0] {
		b, n := p.undone[k], 1
		for n < len(b.moves) && p.g.Redo() {
			n++
		}
		p.undone = p.undone[:k]
		if h := p.g.History(); n == len(b.moves) && slices.Equal(h[b.start:], b.moves) {
			p.batches = append(p.batches, b)
			p.say(msgInfo, "redid %d moves", n)
			return true
		}
	}
	h := p.g.History()
	p.say(msgInfo, "redid %s", p.g.Rules.MoveString(h[len(h)-1]))
	return true
}

func (p *play) auto() bool {
	p.pick, p.hint = nil, nil
	played := p.g.Auto()
	if len(played) == 0 {
		if len(p.foundationMoves()) > 0 {
			p.say(msgInfo, "no safe moves to the foundations (a card there now might yet be wanted elsewhere; A plays every card that can go)")
		} else {
			p.say(msgInfo, "no safe moves to the foundations")
		}
		return false
	}
	var names []string
	for _, m := range played {
		names = append(names, p.g.Rules.MoveString(m))
	}
	p.played(len(played))
	p.say(msgInfo, "auto: %s", strings.Join(names, ", "))
	return true
}

// foundationMoves are the legal moves of a card to a foundation from a
// pile that is not one.
func (p *play) foundationMoves() []interp.Move {
	g := p.g.Rules.Game
	var out []interp.Move
	for _, m := range p.g.Moves() {
		if m.Kind == interp.Play && g.Piles[m.To].Role == check.Foundation && g.Piles[m.From].Role != check.Foundation {
			out = append(out, m)
		}
	}
	return out
}

// allToFoundations plays every card that can go to a foundation, until
// none can: the player's shortcut, not only the safe moves of auto.
func (p *play) allToFoundations() bool {
	p.pick, p.hint = nil, nil
	var names []string
	for range p.g.Rules.Game.CardCount + 1 {
		ms := p.foundationMoves()
		if len(ms) == 0 {
			break
		}
		text := p.g.Rules.MoveString(ms[0])
		if p.g.PlayMove(ms[0]) != nil {
			break
		}
		names = append(names, text)
	}
	if len(names) == 0 {
		p.say(msgInfo, "no card can go to a foundation now")
		return false
	}
	p.played(len(names))
	p.say(msgInfo, "to the foundations: %s", strings.Join(names, ", "))
	return true
}

// grow takes one more card of the run under what is held, as pressing the
// key of the pile it came from again does; it reports false when no move
// takes more cards, and the cards are then put back.
func (p *play) grow() bool {
	pk := p.pick
	r, s := p.g.Rules, p.g.State()
	if r.Game.Piles[pk.from.pile].Grid {
		return false
	}
	cards := s.Pile(r, pk.from.pile)
	i := len(cards) - pk.count - 1
	if i < 0 || cards[i].FaceDown() {
		return false
	}
	more := false
	for _, m := range p.g.Moves() {
		if m.Kind == interp.Play && int(m.From) == pk.from.pile && int(m.Count) > pk.count {
			more = true
		}
	}
	if !more {
		return false
	}
	p.pick = nil
	p.pickUp(spot{pile: pk.from.pile, idx: i})
	if p.pick != nil {
		p.pick.top = false
		p.msg += " (press again for more)"
	}
	return true
}

// hintMsg brings the answer to a hint asked for in the background.
type hintMsg struct {
	play *play
	id   int
	h    prove.Hint
}

// askHint asks the solver for a hint in the background (see prove.AskAt;
// it takes prove.HintTime at most, and longer when asked again where the
// last found no proof) and says so meanwhile; a hintMsg brings the answer,
// which is dropped if the position changed before it came.
func (p *play) askHint() tea.Cmd {
	p.pick = nil
	p.hintID++
	id, r, s := p.hintID, p.g.Rules, p.g.State().Clone()
	if h, ok := p.hints.Known(r, s); ok {
		return func() tea.Msg { return hintMsg{play: p, id: id, h: h} }
	}
	level := p.hints.Next(r, s)
	if level > 0 {
		p.say(msgInfo, "hint: looking longer (up to %s)...", prove.HintLevels[level].Time)
	} else {
		p.say(msgInfo, "hint: thinking...")
	}
	return func() tea.Msg {
		return hintMsg{play: p, id: id, h: prove.AskAt(r, s, level)}
	}
}

// showHint marks the move the solver's line starts with, or a likely move
// when it finds no line at once.
func (p *play) showHint(msg hintMsg) {
	if msg.play != p || msg.id != p.hintID {
		return // the position changed meanwhile, or another game is on
	}
	h := msg.h
	p.hints.Heard(h)
	if !h.OK {
		p.hint = nil
		p.say(msgInfo, "%s", h.Text(p.g.Rules, p.opt.Card))
		return
	}
	p.hint = &h.Move
	p.say(msgHint, "hint: %s", h.Text(p.g.Rules, p.opt.Card))
}

// afterChange settles the screen after the position changed.
func (p *play) afterChange(now time.Time) {
	p.hintID++ // a hint still being looked for is of the old position
	p.info = newBoardInfo(p.g, p.opt.ASCII)
	p.status = p.g.Status()
	p.cursor.idx = -1
	switch p.status {
	case interp.Playing:
		p.startClock(now)
	default:
		p.stopClock(now)
	}
}

// saved is the game as the store keeps it.
func (p *play) saved(now time.Time) *store.Saved {
	pos := p.g.Position()
	pos.Ruleset = p.key
	return &store.Saved{Position: pos, ElapsedMS: p.clock(now).Milliseconds(), Counted: p.counted, Result: p.result}
}

// resume makes a play from a saved game.
func resumePlay(g *interp.Game, sv *store.Saved, key string, opt board.Options, now time.Time) *play {
	p := newPlay(g, key, opt, now)
	p.elapsed = sv.Elapsed()
	p.counted, p.result = sv.Counted, sv.Result
	return p
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
