package tui

import (
	"strconv"
	"unicode/utf8"

	"github.com/patience-dev/patience/cmd/patience/internal/board"
	"github.com/patience-dev/patience/interp"
)

// The board is laid out from the rule file alone: the rows of its layout
// (or one row per pile group), each pile a column under its label. Fanned
// piles spread downward, squared piles show their top card and a count,
// grids show every slot so their gaps stay visible. A pile the stock deals
// several cards to at once fans the cards of the last deal. A row wider
// than the screen by its labels has its keys put above the names; one
// wider by its cards wraps. A board taller than the screen is first drawn
// tighter, then its long fans are cut, and last it scrolls.

// lineKind is what one line of a pile's column shows.
type lineKind uint8

const (
	lineCard   lineKind = iota // a face-up card
	lineBack                   // a face-down card
	lineEmpty                  // the outline of an empty pile
	lineGap                    // an empty slot of a grid
	lineCount                  // how many cards a squared pile holds
	lineHidden                 // cards left out so that the board fits
	lineNext                   // what a foundation takes next
)

// cellW is the width of a card cell, "[K♠]"; a column adds a marker
// column on its left for the cursor, picked cards and targets.
const cellW = 4

// wrapIndent is how far the parts of a wrapped row after its first are set
// in when no blank lines keep the rows apart: so that they read as the
// row going on, not as a row of their own.
const wrapIndent = 4

// bodyLine is one line of a pile's column.
type bodyLine struct {
	kind    lineKind
	card    interp.Card
	idx     int    // the card's index in the pile (its slot in a grid), or -1
	n       int    // lineCount, lineHidden: how many cards
	blocked bool   // a card that cannot be played now: covered, or not free in its grid
	text    string // lineNext
}

type colView struct {
	pile     int
	key      rune
	label    string
	x, w     int
	lines    []bodyLine
	minDepth int // the fewest lines the column takes (see pileLines)
}

type rowView struct {
	y, h      int // y of the label line; h counts it
	x, w      int
	margin    int  // room on the left for a grid's row numbers
	gridRows  int  // the rows of the grid in it, numbered in the margin
	keysAbove bool // the hotkeys on a line of their own above the names (at y-1, not counted in h)
	part      int  // 0, or which line of a row wrapped over several this is
	indent    int  // how far the part is set in from the row's first part
	block     int  // the first row of its block of rows (see board.Blocks)
	depth     int
	cols      []colView
}

// top is the first line the row takes: its keys' line, or its labels'.
func (rv *rowView) top() int {
	if rv.keysAbove {
		return rv.y - 1
	}
	return rv.y
}

type boardView struct {
	rows []rowView
	w, h int
	keys bool // the piles' keys are shown (and so work)
}

// labelMode says how much a column label shows.
type labelMode uint8

const (
	labelsFull  labelMode = iota // "1 f1": the hotkey and the name
	labelsNames                  // "f1": the name only, when space is short
)

type layoutOpts struct {
	cap     int // fanned piles show at most this many lines; 0: all
	labels  labelMode
	margins bool // number the rows of grids
	tight   bool // no blank line between rows (the parts of a row wrapped never have one)
	noNext  bool // no "next" line under the foundations
	width   int  // rows wider than this wrap; 0: none do
	labelW  int  // labels are cut to this many columns; 0: never
}

// boardInfo is what the layout needs besides the position: derived from
// the rules once, and from the history after each move.
type boardInfo struct {
	fan   []int // the most cards a stock deal puts on each pile at once (0 or 1: no fan)
	from  []int // where each fanned pile's last deal starts, or -1 if unknown
	next  []bool
	ascii bool
}

// pileLines lists the lines drawn for pile p, top of the screen first,
// and the fewest lines its column takes whatever it holds, so that the
// rows below stay where they are as it grows and shrinks.
func pileLines(r *interp.Rules, s *interp.State, info *boardInfo, p int, o layoutOpts) (lines []bodyLine, minDepth int) {
	pile := r.Game.Piles[p]
	cards := s.Pile(r, p)
	n := len(cards)
	next := info != nil && info.next[p] && !o.noNext
	squared := !pile.Fanned && !pile.Grid && p != r.Game.Stock
	switch {
	case p == r.Game.Stock:
		minDepth = 2
	case squared:
		if pile.Holds != 1 {
			minDepth = 2 // room for the count
		}
		if info != nil && info.fan[p] > 1 {
			minDepth = info.fan[p] + 1
		}
		if next {
			minDepth = max(minDepth, 2) + 1
		}
	}
	defer func() {
		if next {
			for len(lines) < minDepth-1 {
				lines = append(lines, bodyLine{kind: lineCount, idx: -1})
			}
			lines = append(lines, bodyLine{kind: lineNext, idx: -1, text: nextText(r, s, p, info.ascii)})
		}
	}()
	switch {
	case n == 0:
		return []bodyLine{{kind: lineEmpty, idx: -1}}, minDepth
	case p == r.Game.Stock:
		// Only the count matters, and it must not give the order away.
		return []bodyLine{{kind: lineBack, card: cards[n-1], idx: n - 1}, {kind: lineCount, idx: -1, n: n}}, minDepth
	case squared:
		from := n - 1
		if info != nil && info.fan[p] > 1 && info.from[p] >= 0 && info.from[p] < n-1 {
			from = max(info.from[p], n-info.fan[p])
		}
		blocked := covered(r, s, p)
		out := make([]bodyLine, 0, n-from+1)
		for i := from; i < n; i++ {
			l := cardLine(cards[i], i)
			l.blocked = blocked
			out = append(out, l)
		}
		if c := s.Count(r, p); c > 1 {
			out = append(out, bodyLine{kind: lineCount, idx: -1, n: c})
		}
		return out, minDepth
	}
	out := make([]bodyLine, 0, n)
	from := 0
	limit := o.cap
	if pile.Grid {
		limit = 0 // a grid's cards all count: none is cut
	}
	if limit > 1 && n > limit {
		from = n - (limit - 1)
		out = append(out, bodyLine{kind: lineHidden, idx: -1, n: from})
	}
	cov := covered(r, s, p)
	for i := from; i < n; i++ {
		l := cardLine(cards[i], i)
		l.blocked = cov || (pile.Grid && !free(cards, i, pile.BothEnds))
		out = append(out, l)
	}
	return out, minDepth
}

// covered reports whether a pile covering p still holds a card (the rule
// file's "cover p by ...").
func covered(r *interp.Rules, s *interp.State, p int) bool {
	for _, q := range r.Game.Piles[p].CoveredBy {
		if s.Count(r, q) > 0 {
			return true
		}
	}
	return false
}

// free reports whether the card in slot i of a grid column can leave it:
// when the slot below it is empty, or with both ends the slot above.
func free(col []interp.Card, i int, bothEnds bool) bool {
	if col[i].IsGap() {
		return false
	}
	if i+1 == len(col) || col[i+1].IsGap() {
		return true
	}
	return bothEnds && (i == 0 || col[i-1].IsGap())
}

func cardLine(c interp.Card, i int) bodyLine {
	switch {
	case c.IsGap():
		return bodyLine{kind: lineGap, idx: i}
	case c.FaceDown():
		return bodyLine{kind: lineBack, card: c, idx: i}
	}
	return bodyLine{kind: lineCard, card: c, idx: i}
}

// buildBoard lays the piles out with their top-left corner at 0, 0.
func buildBoard(r *interp.Rules, s *interp.State, info *boardInfo, keys []rune, o layoutOpts) boardView {
	bv := boardView{keys: o.labels == labelsFull}
	y := 0
	var names []string // the piles' names, cut alike to o.labelW
	if o.labelW > 0 {
		names = clipNames(r, o.labelW)
	}
	layout := board.Rows(r.Game)
	starts := board.Blocks(r.Game, layout)
	block := 0
	multi := map[int]bool{} // the blocks of more than one row of the layout
	for ri, row := range layout {
		if starts[ri] {
			block = len(bv.rows)
		} else {
			multi[block] = true
		}
		grid, depth, gridRows := false, 0, 0
		// columns lays the row out with the keys before the names ("l
		// peak19"), or above them (stacked).
		columns := func(stacked bool) []colView {
			var cols []colView
			for _, p := range row {
				label := r.PileName(p)
				if names != nil {
					label = names[p]
				}
				if o.labels == labelsFull && keys[p] != 0 && !stacked {
					label = string(keys[p]) + " " + label
				}
				lines, minDepth := pileLines(r, s, info, p, o)
				c := colView{pile: p, key: keys[p], label: label, lines: lines, minDepth: minDepth}
				c.w = max(cellW+1, utf8.RuneCountInString(label))
				for _, l := range lines {
					if l.kind == lineNext {
						c.w = max(c.w, 1+nextWidth(r, p))
					}
				}
				depth = max(depth, len(lines), minDepth)
				if r.Game.Piles[p].Grid {
					grid = true
					gridRows = max(gridRows, len(s.Pile(r, p))) // its slots, gaps included
				}
				cols = append(cols, c)
			}
			return cols
		}
		cols := columns(false)
		margin := 0
		if grid && o.margins {
			margin = len(strconv.Itoa(max(gridRows, 1))) + 1
		}
		width := func(cols []colView) int {
			w := margin + len(cols) - 1
			for _, c := range cols {
				w += c.w
			}
			return w
		}
		// A row too wide for the screen by its labels, not its cards, has
		// its keys put on a line of their own above the names: a line more,
		// where wrapping would take two and read as another row (TriPeaks'
		// ten bottom cards as two rows of five).
		keysAbove := false
		if o.width > 0 && o.labels == labelsFull && width(cols) > o.width {
			if st := columns(true); width(st) <= o.width {
				cols, keysAbove = st, true
			}
		}
		// A row wider than the screen goes on over as many lines as it
		// needs, as evenly as they can share it (14 piles as 7 and 7, not
		// 13 and 1: a lone pile under the middle of a row reads as another
		// row's). With no blank lines between rows, the parts after the
		// first are indented, or they would read as rows of their own.
		indenting := o.tight
		indent := func(part int) int {
			if indenting && part > 0 {
				return wrapIndent
			}
			return 0
		}
		fits := func(cols []colView, most, part int) int {
			w, k := margin+indent(part), 0
			for k < len(cols) && k < most {
				cw := cols[k].w
				if k > 0 {
					cw++
				}
				if k > 0 && o.width > 0 && w+cw > o.width {
					break
				}
				w += cw
				k++
			}
			return k
		}
		per := len(cols)
		if o.width > 0 {
			count := func() int {
				parts := 0
				for rest := cols; len(rest) > 0; parts++ {
					rest = rest[fits(rest, len(rest), parts):]
				}
				return parts
			}
			parts := count()
			if indenting {
				// The indent may not cost the row a line: a row that
				// needs more parts indented goes without it (the rows'
				// hotkeys and fans matter more than the indent).
				indenting = false
				if flat := count(); flat < parts {
					parts = flat
				} else {
					indenting = true
				}
			}
			per = (len(cols) + parts - 1) / max(parts, 1)
			// Parts of per piles each may still not fit, where the piles
			// are of different widths: one more part, until they do (else
			// the width would break a part again, and leave a lone pile).
			even := func(per int) bool {
				rest := cols
				for part := 0; len(rest) > 0; part++ {
					k := fits(rest, per, part)
					if k < min(per, len(rest)) {
						return false
					}
					rest = rest[k:]
				}
				return true
			}
			for per > 1 && !even(per) {
				parts++
				per = (len(cols) + parts - 1) / parts
			}
		}
		for part := 0; len(cols) > 0; part++ {
			rv := rowView{margin: margin, gridRows: gridRows, keysAbove: keysAbove, part: part, indent: indent(part), block: block}
			k := fits(cols, per, part)
			rv.w = margin
			for i, c := range cols[:k] {
				rv.w += c.w
				if i > 0 {
					rv.w++
				}
			}
			rv.cols = cols[:k:k]
			cols = cols[k:]
			for _, c := range rv.cols {
				rv.depth = max(rv.depth, len(c.lines), c.minDepth)
			}
			if grid {
				rv.depth = depth // a grid's parts keep its row numbers in step
			}
			if len(bv.rows) > 0 && !o.tight && part == 0 {
				y++ // a blank line between rows, none between the parts of one
			}
			if keysAbove {
				y++
			}
			rv.y = y
			rv.h = 1 + rv.depth
			bv.w = max(bv.w, rv.indent+rv.w)
			bv.rows = append(bv.rows, rv)
			y += rv.h
		}
	}
	bv.h = y
	// Rows are centred under one another; the parts of a row with its
	// continuations indented go as one block, their left edges in line,
	// and so do the rows of a group that lies in rows (see board.Blocks).
	blockW := map[int]int{}
	for _, rv := range bv.rows {
		blockW[rv.block] = max(blockW[rv.block], rv.indent+rv.w)
	}
	for i := range bv.rows {
		rv := &bv.rows[i]
		rv.x = (bv.w - rv.w) / 2
		if multi[rv.block] {
			rv.x = (bv.w-blockW[rv.block])/2 + rv.indent
		} else if rv.part > 0 && rv.indent > 0 {
			rv.x = bv.rows[i-rv.part].x + rv.indent
		} else if i+1 < len(bv.rows) && bv.rows[i+1].part > 0 && bv.rows[i+1].indent > 0 {
			block := rv.w
			for j := i + 1; j < len(bv.rows) && bv.rows[j].part > 0; j++ {
				block = max(block, bv.rows[j].indent+bv.rows[j].w)
			}
			rv.x = (bv.w - block) / 2
		}
		x := rv.x + rv.margin
		for k := range rv.cols {
			rv.cols[k].x = x
			x += rv.cols[k].w + 1
		}
	}
	return bv
}

// fitBoard finds the fullest layout that fits width × height: labels with
// hotkeys and grid row numbers, then without the row numbers, then with
// hotkeys, the keys of a row too wide by its labels on a line above the
// names and rows still too wide wrapped (if that fits the height too), then
// names only (and rows wrapped if still too wide); then no blank lines
// between rows (a wrapped row's continuations indented instead), then no
// "next" lines; long fanned piles are then cut, their lowest cards counted
// on one line. Names too long for the screen are cut to a card's width. ok
// is false when nothing fits: the board is then the smallest layout, and
// scrolls.
// longNameW is the width a pile's name is cut to where names too long to
// fit would otherwise cost the board its hotkeys.
const longNameW = 12

func fitBoard(r *interp.Rules, s *interp.State, info *boardInfo, keys []rune, width, height int) (bv boardView, ok bool) {
	var o layoutOpts
	found := false
	for _, m := range []layoutOpts{
		{labels: labelsFull, margins: true},
		{labels: labelsFull},
		{labels: labelsFull, noNext: true}, // the keys matter more
		{labels: labelsNames},
	} {
		if m.labels == labelsNames {
			// Before the keys go: the rows wrapped, keys and all, if that
			// fits the height too (TriPeaks' eighteen peaks at 80 × 24).
			// Then, where names are long (a file's own: the grammar
			// bounds a name only at 64 characters), the keys kept and the
			// names cut.
			for _, w := range []layoutOpts{
				{labels: labelsFull, noNext: true, width: width},
				{labels: labelsFull, noNext: true, width: width, tight: true},
				{labels: labelsFull, noNext: true, width: width, tight: true, labelW: longNameW},
			} {
				if bv = buildBoard(r, s, info, keys, w); bv.h <= height && bv.w <= width {
					return bv, true
				}
			}
		}
		if b := buildBoard(r, s, info, keys, m); b.w <= width {
			o, found = m, true
			break
		}
	}
	if !found {
		o = layoutOpts{labels: labelsNames, width: width}
		if buildBoard(r, s, info, keys, o).w > width {
			// A column wider than the screen by its name alone (the
			// grammar puts no bound on a name): names cut to a card's width.
			o.labelW = cellW + 1
		}
	}
	for _, step := range []func(*layoutOpts){
		func(*layoutOpts) {},
		func(o *layoutOpts) { o.tight = true },
		func(o *layoutOpts) { o.noNext = true },
	} {
		step(&o)
		bv = buildBoard(r, s, info, keys, o)
		if bv.h <= height && bv.w <= width {
			return bv, true
		}
	}
	longest := 0
	for _, row := range bv.rows {
		longest = max(longest, row.depth)
	}
	for limit := longest - 1; limit >= 2; limit-- {
		o.cap = limit
		bv = buildBoard(r, s, info, keys, o)
		if bv.h <= height && bv.w <= width {
			return bv, true
		}
	}
	return bv, false
}

// hotkeys gives piles their keys in the order the board shows them: the
// digits, then the letters no command uses, then the punctuation typed
// without shift, so that every one of a game's 64 piles at most has one.
func hotkeys(r *interp.Rules) []rune {
	const pool = "1234567890bcefgijklmopstvwxyzBCEFGHIJKLMNOPQRSTUVWXYZ;,./[]-='\\`" // not a d h n q r u, A D, ?: commands
	keys := make([]rune, r.NumPiles())
	next := 0
	for _, row := range board.Rows(r.Game) {
		for _, p := range row {
			if next < len(pool) && keys[p] == 0 {
				keys[p] = rune(pool[next])
				next++
			}
		}
	}
	return keys
}

// stops are the lines of a column the cursor may rest on: face-up cards,
// the top card whatever its face, an empty pile's outline.
func stops(c *colView) []int {
	var out []int
	last := -1
	for i, l := range c.lines {
		if l.kind == lineCard || l.kind == lineBack || l.kind == lineEmpty {
			last = i
		}
	}
	for i, l := range c.lines {
		if l.kind == lineCard || l.kind == lineEmpty || i == last {
			out = append(out, i)
		}
	}
	return out
}

// topLine is the line where cards are dropped on a pile: its top card, or
// its outline when empty.
func topLine(c *colView) int {
	for i := len(c.lines) - 1; i >= 0; i-- {
		if k := c.lines[i].kind; k != lineCount && k != lineHidden && k != lineNext {
			return i
		}
	}
	return 0
}

// find returns the row and column of pile p.
func (bv *boardView) find(p int) (ri, ci int, ok bool) {
	for ri := range bv.rows {
		for ci := range bv.rows[ri].cols {
			if bv.rows[ri].cols[ci].pile == p {
				return ri, ci, true
			}
		}
	}
	return 0, 0, false
}

// at finds what is at x, y of the board: a pile and the line of its
// column (-1 for the label).
func (bv *boardView) at(x, y int) (pile, line int, ok bool) {
	for _, rv := range bv.rows {
		if y < rv.top() || y >= rv.y+rv.h {
			continue
		}
		for _, c := range rv.cols {
			if x < c.x || x >= c.x+c.w {
				continue
			}
			line := max(y-rv.y-1, -1) // the keys' line is the label's
			if line >= len(c.lines) {
				// Below a short pile: it still means the pile.
				line = topLine(&c)
			}
			return c.pile, line, true
		}
	}
	return 0, 0, false
}
