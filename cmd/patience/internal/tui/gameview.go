package tui

import (
	"fmt"
	"github.com/mattn/go-runewidth"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/patience-dev/patience/cmd/patience/internal/board"
	"github.com/patience-dev/patience/interp"
)

// The game screen: two header lines, a blank line, the board, and at the
// bottom a blank line, the message and the keys (or how the game ended).
// When the board needs the room the blank lines go; a long message wraps
// over lines of its own.
const (
	headerLines = 3 // two lines of facts and a blank line
	footerLines = 3 // a blank line, the message, the keys
)

// placed is the board as laid out on a screen of a given size.
type placed struct {
	bv      boardView
	ox, oy  int
	ok      bool // the whole board is on the screen; else it scrolls
	scroll  int  // board lines scrolled off the top
	viewH   int  // board lines shown
	msgY    int  // the first line of the message
	compact bool // no blank lines around the board
}

// minBoardLines is the fewest lines of board worth showing: below it the
// screen says it is too small.
const minBoardLines = 3

func (p *play) place(width, height int) placed {
	msg := len(p.msgLines(width))
	r, s := p.g.Rules, p.g.State()
	try := func(compact bool, msgH int) (placed, bool) {
		hdr, ftr := headerLines, footerLines-1+msgH
		if compact {
			hdr, ftr = hdr-1, ftr-1
		}
		room := height - hdr - ftr
		bv, ok := fitBoard(r, s, p.info, p.keys, width, room)
		pl := placed{bv: bv, ok: ok, oy: hdr, viewH: min(bv.h, max(room, 0)), compact: compact}
		pl.ox = max(0, (width-bv.w)/2)
		pl.msgY = height - 1 - msg
		return pl, ok && pl.oy+bv.h <= pl.msgY-boolInt(!compact)
	}
	for _, compact := range []bool{false, true} {
		if pl, ok := try(compact, 1); ok {
			return pl
		}
		if msg > 1 {
			if pl, ok := try(compact, msg); ok {
				return pl
			}
		}
	}
	// Nothing fits: the tightest board scrolls, keeping the cursor in view.
	pl, _ := try(true, msg)
	pl.ok = false
	pl.viewH = max(0, pl.msgY-pl.oy)
	pl.scroll = max(0, min(p.scroll, pl.bv.h-pl.viewH))
	if ri, ci, ok := pl.bv.find(p.cursor.pile); ok && pl.viewH > 0 {
		rv := pl.bv.rows[ri]
		col := &rv.cols[ci]
		y := rv.y + 1 + cursorLine(col, p.cursor.idx)
		if y-1 < pl.scroll {
			pl.scroll = max(0, min(rv.top(), y-1))
		}
		if y >= pl.scroll+pl.viewH {
			pl.scroll = y - pl.viewH + 1
		}
	}
	return pl
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// msgLines is the message as it is shown: wrapped to the screen, at most
// a few lines.
func (p *play) msgLines(width int) []string {
	lines := wrap(p.msg, width-2)
	if len(lines) == 0 {
		return []string{""}
	}
	const most = 4
	if len(lines) > most {
		lines = lines[:most]
		lines[most-1] = clip(lines[most-1]+" …", width-2)
	}
	return lines
}

// spotAt finds the spot at screen position x, y.
func (pl *placed) spotAt(x, y int) (spot, bool) {
	if y < pl.oy || y >= pl.oy+pl.viewH {
		return spot{}, false
	}
	pile, line, ok := pl.bv.at(x-pl.ox, y-pl.oy+pl.scroll)
	if !ok {
		return spot{}, false
	}
	if line < 0 {
		return spot{pile: pile, idx: -1}, true
	}
	ri, ci, _ := pl.bv.find(pile)
	col := &pl.bv.rows[ri].cols[ci]
	l := col.lines[line]
	switch l.kind {
	case lineCount, lineHidden, lineEmpty, lineNext:
		return spot{pile: pile, idx: -1}, true
	}
	return spot{pile: pile, idx: l.idx}, true
}

// cursorLine is the line of a column the cursor rests on.
func cursorLine(col *colView, idx int) int {
	st := stops(col)
	for _, i := range st {
		if col.lines[i].idx == idx && idx >= 0 {
			return i
		}
	}
	if len(st) == 0 {
		return 0
	}
	return st[len(st)-1]
}

// move moves the cursor: dx along a row, dy up and down a column and from
// row to row.
func (p *play) move(pl placed, dx, dy int) {
	bv := &pl.bv
	ri, ci, ok := bv.find(p.cursor.pile)
	if !ok {
		p.cursor = spot{pile: p.firstPile(), idx: -1}
		return
	}
	col := &bv.rows[ri].cols[ci]
	grid := p.g.Rules.Game.Piles[col.pile].Grid
	switch {
	case dx != 0:
		ci += dx
		// Along a row wrapped over several parts, on from the end of a
		// part to the start of the next, and back.
		switch {
		case ci >= len(bv.rows[ri].cols) && ri+1 < len(bv.rows) && bv.rows[ri+1].part > 0:
			ri, ci = ri+1, 0
		case ci < 0 && bv.rows[ri].part > 0:
			ri, ci = ri-1, len(bv.rows[ri-1].cols)-1
		case ci < 0 || ci >= len(bv.rows[ri].cols):
			return
		}
		next := &bv.rows[ri].cols[ci]
		idx := -1
		// Along a grid, keep to the same row of cards.
		if grid && p.g.Rules.Game.Piles[next.pile].Grid {
			line := cursorLine(col, p.cursor.idx)
			if line < len(next.lines) && next.lines[line].kind == lineCard {
				idx = next.lines[line].idx
			}
		}
		p.cursor = spot{pile: next.pile, idx: idx}
	case dy != 0:
		st := stops(col)
		cur := cursorLine(col, p.cursor.idx)
		k := 0
		for i, s := range st {
			if s == cur {
				k = i
			}
		}
		if k+dy >= 0 && k+dy < len(st) {
			p.cursor.idx = col.lines[st[k+dy]].idx
			return
		}
		ri += dy
		if ri < 0 || ri >= len(bv.rows) {
			return
		}
		// The column of the next row nearest below or above this one.
		centre := col.x + col.w/2
		best, dist := 0, 1<<30
		for k, c := range bv.rows[ri].cols {
			if d := abs(c.x + c.w/2 - centre); d < dist {
				best, dist = k, d
			}
		}
		p.cursor = spot{pile: bv.rows[ri].cols[best].pile, idx: -1}
	}
}

// cycle moves the cursor to the next pile (or the previous one).
func (p *play) cycle(step int) {
	order := p.boardOrder()
	for i, q := range order {
		if q == p.cursor.pile {
			p.cursor = spot{pile: order[(i+step+len(order))%len(order)], idx: -1}
			return
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// keyFor finds the pile whose hotkey is k.
func (p *play) keyFor(k string) (int, bool) {
	r, n := utf8.DecodeRuneInString(k)
	if n != len(k) || r == 0 {
		return 0, false
	}
	for pile, key := range p.keys {
		if key == r {
			return pile, true
		}
	}
	return 0, false
}

func formatClock(d time.Duration) string {
	s := int(d / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// facts are the two header lines: what the game is and where it stands.
func (p *play) facts(now time.Time) (string, []string, []string) {
	r, s := p.g.Rules, p.g.State()
	g := r.Game
	var first, second []string
	first = append(first, fmt.Sprintf("seed %d", p.g.Seed))
	for i, v := range g.Values {
		first = append(first, fmt.Sprintf("%s = %s", v.Name, rankText(s.Value(i))))
	}
	if ph := s.Phase(); ph < len(g.Phases) {
		if l := g.Phases[ph].Label; l != "" {
			first = append(first, l)
		} else {
			first = append(first, "phase "+g.Phases[ph].Name)
		}
	}
	if g.Stock >= 0 {
		second = append(second, fmt.Sprintf("stock %d", s.Count(r, g.Stock)))
	}
	if g.Redeal != nil {
		if n := r.RedealsLeft(s); n < 0 {
			second = append(second, "redeals unlimited")
		} else {
			second = append(second, fmt.Sprintf("redeals left %d", n))
		}
	}
	second = append(second, fmt.Sprintf("moves %d", len(p.g.History())), "time "+formatClock(p.clock(now)))
	if p.saveErr != nil {
		second = append(second, "not saved")
	}
	return g.Name, first, second
}

// rankText writes a rank as the cards on the board show it: "A", "2" …
// "9", "T", "J", "Q", "K" ("?" out of range), so that a caption or the
// header naming a rank reads as the cards do ("next T" over "[T♣]", not
// "next 10").
func rankText(r int) string {
	if r < 1 || r > 13 {
		return "?"
	}
	return interp.NewCard(r, 0).String()[:1]
}

// view draws the game screen.
func (p *play) view(t *theme, width, height int, now time.Time) string {
	c := newCanvas(width, height)
	name, first, second := p.facts(now)
	// The seed, values and phase matter more than the whole of a long
	// name: the name gives way first, and what is cut ends in "…".
	facts := "  " + strings.Join(first, "  ")
	room := width - 2
	name = clip(name, max(room-runewidth.StringWidth(drawn(facts)), min(12, room)))
	x := c.put(1, 0, name, lookTitle)
	c.put(x, 0, clip(facts, room-(x-1)), lookPlain)
	c.put(1, 1, clip(strings.Join(second, "  "), room), lookPlain)

	pl := p.place(width, height)
	if pl.viewH < min(minBoardLines, pl.bv.h) || pl.bv.w > width {
		text := fmt.Sprintf("The terminal is too small for this board: it has %d × %d. Make the window larger or the font smaller; q quits.",
			width, height)
		lines, top := wrap(text, width-2), headerLines
		if top+len(lines) > height {
			// Where even that does not fit, the words that matter, over
			// the header: how to go on, and how to leave.
			c = newCanvas(width, height)
			lines, top = wrap(fmt.Sprintf("Too small (%d × %d): enlarge it; q quits.", width, height), width-2), 0
		}
		for i, l := range lines {
			c.put(1, top+i, l, lookError)
		}
		return c.render(t)
	}
	p.drawBoard(c, &pl)
	if !pl.ok {
		if pl.scroll > 0 {
			c.put(width-1, pl.oy, "^", lookDim)
		}
		if pl.scroll+pl.viewH < pl.bv.h {
			c.put(width-1, pl.oy+pl.viewH-1, "v", lookDim)
		}
	}

	msgLook := lookPlain
	switch p.msgKind {
	case msgError:
		msgLook = lookError
	case msgHint:
		msgLook = lookHint
	}
	for i, l := range p.msgLines(width) {
		c.put(1, pl.msgY+i, clip(l, width-2), msgLook)
	}
	n := len(p.g.History())
	switch p.status {
	case interp.Won:
		c.put(1, height-1, clip(fmt.Sprintf("*** You won in %d %s, %s! ***  n new deal  u undo  q quit", n, plural(n, "move", "moves"), formatClock(p.clock(now))), width-2), lookWon)
	case interp.Lost:
		c.put(1, height-1, clip("*** Lost: no move can make progress now. ***  u undo  n new deal  q quit", width-2), lookLost)
	default:
		// d deals from the stock, or redeals: named only where the game has
		// one or the other.
		deal, g := "", p.g.Rules.Game
		switch {
		case g.Stock >= 0 && len(g.Actions) > 0:
			deal = "d deal  "
		case g.Redeal != nil:
			deal = "d redeal  "
		}
		for _, keys := range []string{
			"arrows/tab move  enter pick/drop  " + deal + "u undo  r redo  h hint  a/A auto  n new  ? help  q quit",
			"enter pick/drop  " + deal + "u undo  h hint  ? help  q quit",
			"? help  q quit",
		} {
			if utf8.RuneCountInString(keys) <= width-2 {
				c.put(1, height-1, keys, lookDim)
				break
			}
		}
	}
	return c.render(t)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// drawn is s as the canvas draws it, without the characters that regroup
// others (see regrouping), so that it is measured as it is drawn.
func drawn(s string) string {
	if !strings.ContainsFunc(s, regrouping) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if regrouping(r) {
			return -1
		}
		return r
	}, s)
}

// clip cuts text to width columns of the terminal (a wide character counts
// two), ending in "…" when it is cut.
func clip(s string, width int) string {
	if width <= 0 {
		return ""
	}
	s = drawn(s)
	if runewidth.StringWidth(s) <= width {
		return s
	}
	return runewidth.Truncate(s, width, "…")
}

// clipName cuts a pile's name to width columns in its middle, keeping its
// end, where a group's names differ ("aaaa…t12"), and its start.
func clipName(name string, width int) string {
	name = drawn(name)
	if runewidth.StringWidth(name) <= width || width < 5 {
		return clip(name, width)
	}
	rs := []rune(name)
	end := string(rs[max(len(rs)-4, 0):])
	for runewidth.StringWidth(end) > width/2 {
		_, n := utf8.DecodeRuneInString(end)
		end = end[n:]
	}
	return runewidth.Truncate(name, width-runewidth.StringWidth(end), "…") + end
}

// clipNames is every pile's name cut to width columns by clipName, but
// where that makes names alike that are not ("stack-n…-end" for
// stack-number-one-end and stack-number-two-end): those keep, after "…",
// the part from where they differ ("…one-end", "…two-end").
func clipNames(r *interp.Rules, width int) []string {
	n := len(r.Game.Piles)
	names, cut := make([]string, n), make([]string, n)
	byCut := map[string][]int{}
	for p := range n {
		names[p] = r.PileName(p)
		cut[p] = clipName(names[p], width)
		byCut[cut[p]] = append(byCut[cut[p]], p)
	}
	for _, ps := range byCut {
		if len(ps) < 2 {
			continue
		}
		// The runes the names of ps share at their start.
		common := []rune(names[ps[0]])
		for _, p := range ps[1:] {
			rs := []rune(names[p])
			k := 0
			for k < len(common) && k < len(rs) && common[k] == rs[k] {
				k++
			}
			common = common[:k]
		}
		for _, p := range ps {
			rest := string([]rune(names[p])[len(common):])
			if rest == "" {
				continue // the name all the others begin with: its cut stays
			}
			cut[p] = "…" + clip(rest, width-1)
		}
	}
	return cut
}

// wrap breaks text into lines of at most width columns of the terminal (a
// wide character counts two), at spaces; a word longer than a line (a label
// of CJK text has no spaces) is broken where the line ends.
func wrap(text string, width int) []string {
	width = max(width, 8)
	var lines []string
	line, lw := "", 0
	for _, w := range strings.Fields(text) {
		ww := runewidth.StringWidth(w)
		if line != "" {
			if lw+1+ww <= width {
				line, lw = line+" "+w, lw+1+ww
				continue
			}
			lines = append(lines, line)
		}
		for ww > width {
			head := runewidth.Truncate(w, width, "")
			lines = append(lines, head)
			w = w[len(head):]
			ww = runewidth.StringWidth(w)
		}
		line, lw = w, ww
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// hintMarks lists the spots a hint points at: the cards that move and the
// pile they go to.
func (p *play) hintMarks() (from map[spot]bool, to map[int]bool) {
	from, to = map[spot]bool{}, map[int]bool{}
	if p.hint == nil {
		return
	}
	r, s := p.g.Rules, p.g.State()
	m := *p.hint
	cardsOf := func(pile, slot, count int) {
		if r.Game.Piles[pile].Grid {
			from[spot{pile, slot}] = true
			return
		}
		n := len(s.Pile(r, pile))
		for i := n - count; i < n; i++ {
			from[spot{pile, i}] = true
		}
	}
	switch m.Kind {
	case interp.Play:
		cardsOf(int(m.From), int(m.Slot), int(m.Count))
		to[int(m.To)] = true
	case interp.Pair:
		cardsOf(int(m.From), int(m.Slot), 1)
		if m.Count == 2 {
			cardsOf(int(m.From2), int(m.Slot2), 1)
		}
		to[int(m.To)] = true
	default:
		if r.Game.Stock >= 0 {
			to[r.Game.Stock] = true
		}
	}
	return
}

func (p *play) drawBoard(screen *canvas, pl *placed) {
	ascii := p.opt.ASCII
	hintFrom, hintTo := p.hintMarks()
	// The board is drawn whole, then the lines in view are copied.
	c := newCanvas(screen.w, pl.bv.h)
	defer func() {
		for y := 0; y < pl.viewH && pl.scroll+y < c.h && pl.oy+y < screen.h; y++ {
			screen.text[pl.oy+y] = c.text[pl.scroll+y]
			screen.looks[pl.oy+y] = c.looks[pl.scroll+y]
		}
	}()
	for _, rv := range pl.bv.rows {
		y0 := rv.y
		if rv.margin > 0 {
			for d := range min(rv.gridRows, rv.depth) { // the grid's rows, not the lines of a fan beside it
				c.put(pl.ox+rv.x, y0+1+d, fmt.Sprintf("%*d", rv.margin-1, d+1), lookDim)
			}
		}
		for ci := range rv.cols {
			col := &rv.cols[ci]
			x := pl.ox + col.x
			target := p.pick != nil && p.pick.targets[col.pile]
			labelLook := lookLabel
			switch {
			case target:
				labelLook = lookTarget
			case hintTo[col.pile]:
				labelLook = lookHint
			}
			label := col.label
			lx := x
			if rv.keysAbove && col.key != 0 {
				c.put(x, y0-1, string(col.key), lookKey)
			} else if col.key != 0 && strings.HasPrefix(label, string(col.key)+" ") {
				lx = c.put(lx, y0, string(col.key), lookKey)
				label = label[utf8.RuneLen(col.key):]
			}
			c.put(lx, y0, label, labelLook)

			top := topLine(col)
			cur := -1
			if p.cursor.pile == col.pile {
				cur = cursorLine(col, p.cursor.idx)
			}
			grid := p.g.Rules.Game.Piles[col.pile].Grid
			for i, l := range col.lines {
				y := y0 + 1 + i
				text, lk := p.cellText(l, ascii)
				picked := p.pick != nil && p.pick.from.pile == col.pile && l.idx >= 0 &&
					((grid && l.idx == p.pick.from.idx) || (!grid && l.idx >= p.pick.from.idx))
				isTarget := target && ((grid && p.pick.partner[spot{col.pile, l.idx}]) || (!(grid && len(p.pick.partner) > 0) && i == top))
				isHint := (l.idx >= 0 && hintFrom[spot{col.pile, l.idx}]) || (hintTo[col.pile] && i == top)
				switch {
				case picked:
					c.put(x, y, "*", lookPicked)
					lk = lookPicked
				case isHint:
					c.put(x, y, "!", lookHint)
					lk = lookHint
				case isTarget:
					c.put(x, y, "+", lookTarget)
				}
				if i == cur {
					r := []rune(text)
					r[0], r[len(r)-1] = '<', '>'
					text, lk = string(r), lookCursor
				}
				c.put(x+1, y, text, lk)
			}
		}
	}
}

// cellText is what a line of a column shows, and how it looks.
func (p *play) cellText(l bodyLine, ascii bool) (string, look) {
	switch l.kind {
	case lineCard:
		lk := lookBlack
		if l.card.Red() {
			lk = lookRed
		}
		if l.blocked {
			// Not playable now: dimmed, and in round brackets so that it
			// shows without colour too.
			return "(" + board.CardText(l.card, p.opt) + ")", lookBlocked
		}
		return board.Card(l.card, p.opt), lk
	case lineBack:
		if ascii {
			return "[##]", lookBack
		}
		return "[▒▒]", lookBack
	case lineEmpty:
		return "[  ]", lookDim
	case lineGap:
		return " .. ", lookDim
	case lineCount:
		if l.n < 2 {
			return strings.Repeat(" ", cellW), lookPlain
		}
		return fmt.Sprintf("%*d", cellW, l.n), lookDim
	case lineNext:
		return l.text, lookDim
	}
	return fmt.Sprintf("%-*s", cellW, fmt.Sprintf("+%d", l.n)), lookDim
}
