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
// grids show every slot so their gaps stay visible.

// lineKind is what one line of a pile's column shows.
type lineKind uint8

const (
	lineCard   lineKind = iota // a face-up card
	lineBack                   // a face-down card
	lineEmpty                  // the outline of an empty pile
	lineGap                    // an empty slot of a grid
	lineCount                  // how many cards a squared pile holds
	lineHidden                 // cards left out so that the board fits
)

// cellW is the width of a card cell, "[K♠]"; a column adds a marker
// column on its left for the cursor, picked cards and targets.
const cellW = 4

// bodyLine is one line of a pile's column.
type bodyLine struct {
	kind lineKind
	card interp.Card
	idx  int // the card's index in the pile (its slot in a grid), or -1
	n    int // lineCount, lineHidden: how many cards
}

type colView struct {
	pile  int
	key   rune
	label string
	x, w  int
	lines []bodyLine
}

type rowView struct {
	y, h   int // y of the label line; h counts it
	x, w   int
	margin int // room on the left for a grid's row numbers
	depth  int
	cols   []colView
}

type boardView struct {
	rows []rowView
	w, h int
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
}

// pileLines lists the lines drawn for pile p, top of the screen first.
func pileLines(r *interp.Rules, s *interp.State, p, limit int) []bodyLine {
	pile := r.Game.Piles[p]
	cards := s.Pile(r, p)
	n := len(cards)
	switch {
	case n == 0:
		return []bodyLine{{kind: lineEmpty, idx: -1}}
	case p == r.Game.Stock:
		// Only the count matters, and it must not give the order away.
		return []bodyLine{{kind: lineBack, card: cards[n-1], idx: n - 1}, {kind: lineCount, idx: -1, n: n}}
	case !pile.Fanned && !pile.Grid:
		out := []bodyLine{cardLine(cards[n-1], n-1)}
		if c := s.Count(r, p); c > 1 {
			out = append(out, bodyLine{kind: lineCount, idx: -1, n: c})
		}
		return out
	}
	out := make([]bodyLine, 0, n)
	from := 0
	if limit > 1 && n > limit {
		from = n - (limit - 1)
		out = append(out, bodyLine{kind: lineHidden, idx: -1, n: from})
	}
	for i := from; i < n; i++ {
		out = append(out, cardLine(cards[i], i))
	}
	return out
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
func buildBoard(r *interp.Rules, s *interp.State, keys []rune, o layoutOpts) boardView {
	var bv boardView
	y := 0
	for ri, row := range board.Rows(r.Game) {
		if ri > 0 {
			y++ // a blank line between rows
		}
		rv := rowView{y: y}
		grid := false
		for _, p := range row {
			label := r.PileName(p)
			if o.labels == labelsFull && keys[p] != 0 {
				label = string(keys[p]) + " " + label
			}
			c := colView{pile: p, key: keys[p], label: label, lines: pileLines(r, s, p, o.cap)}
			c.w = max(cellW+1, utf8.RuneCountInString(label))
			rv.depth = max(rv.depth, len(c.lines))
			grid = grid || r.Game.Piles[p].Grid
			rv.cols = append(rv.cols, c)
		}
		if grid && o.margins {
			rv.margin = len(strconv.Itoa(rv.depth)) + 1
		}
		rv.h = 1 + rv.depth
		rv.w = rv.margin
		for k, c := range rv.cols {
			if k > 0 {
				rv.w++
			}
			rv.w += c.w
		}
		bv.w = max(bv.w, rv.w)
		bv.rows = append(bv.rows, rv)
		y += rv.h
	}
	bv.h = y
	// Rows are centred under one another.
	for i := range bv.rows {
		rv := &bv.rows[i]
		rv.x = (bv.w - rv.w) / 2
		x := rv.x + rv.margin
		for k := range rv.cols {
			rv.cols[k].x = x
			x += rv.cols[k].w + 1
		}
	}
	return bv
}

// fitBoard finds the fullest layout that fits width × height: labels with
// hotkeys, then without grid row numbers, then names only; long fanned
// piles are then cut, their lowest cards counted on one line. ok is false
// when nothing fits; need then says the size the smallest layout takes.
func fitBoard(r *interp.Rules, s *interp.State, keys []rune, width, height int) (bv boardView, ok bool, needW, needH int) {
	modes := []layoutOpts{
		{labels: labelsFull, margins: true},
		{labels: labelsFull},
		{labels: labelsNames},
	}
	for _, o := range modes {
		bv = buildBoard(r, s, keys, o)
		if bv.w > width {
			continue
		}
		if bv.h <= height {
			return bv, true, bv.w, bv.h
		}
		longest := 0
		for _, row := range bv.rows {
			longest = max(longest, row.depth)
		}
		for limit := longest - 1; limit >= 2; limit-- {
			o.cap = limit
			bv = buildBoard(r, s, keys, o)
			if bv.h <= height {
				return bv, true, bv.w, bv.h
			}
		}
		return bv, false, bv.w, bv.h
	}
	o := modes[len(modes)-1]
	o.cap = 2
	bv = buildBoard(r, s, keys, o)
	return bv, false, bv.w, bv.h
}

// hotkeys gives piles their keys in the order the board shows them: the
// digits, then the letters no command uses.
func hotkeys(r *interp.Rules) []rune {
	const pool = "1234567890bcefgijklmopstvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
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
		if k := c.lines[i].kind; k != lineCount && k != lineHidden {
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
		if y < rv.y || y >= rv.y+rv.h {
			continue
		}
		for _, c := range rv.cols {
			if x < c.x || x >= c.x+c.w {
				continue
			}
			line := y - rv.y - 1
			if line >= len(c.lines) {
				// Below a short pile: it still means the pile.
				line = topLine(&c)
			}
			return c.pile, line, true
		}
	}
	return 0, 0, false
}
