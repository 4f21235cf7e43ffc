// Package board draws a game position as plain text for a terminal: the
// rows of the game's layout, each pile under its name, tableau piles fanned
// downward, grid piles slot by slot so their gaps show, the stock as a count.
// It only reads the position through the interp API.
package board

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/interp"
)

// Options change how cards are drawn.
type Options struct {
	ASCII bool // suits as C D H S rather than ♣ ♦ ♥ ♠
	// Width is the terminal's columns: a row wider goes on over several
	// parts (see Draw). 0 draws every row whole, as scripts want it.
	Width int
}

const (
	faceDown = "[##]"
	empty    = "[  ]"
	gap      = " .. "
	cardW    = 4 // every cell above is this wide
)

// Card draws one card as a cell: "[K♠]", "[##]" face down, " .. " a gap.
func Card(c interp.Card, opt Options) string {
	switch {
	case c.IsGap():
		return gap
	case c.FaceDown():
		return faceDown
	}
	s := c.String() // rank and suit letter, e.g. "TD"
	if !opt.ASCII {
		s = s[:1] + interp.SuitSymbols[c.Suit()]
	}
	return "[" + s + "]"
}

// CardText writes a card for a sentence: "K♠", or "KS" with ASCII.
func CardText(c interp.Card, opt Options) string {
	return strings.Trim(Card(c, opt), "[] ")
}

// Card writes c for a sentence as CardText does; opt.Card is what
// interp.Text.In and interp.ErrorIn take.
func (opt Options) Card(c interp.Card) string { return CardText(c, opt) }

// Rows returns the rows to draw: the game's layout, or else one row per
// pile group in the order the piles are declared; a group that lies in
// rows (`in rows of 13`) starts a new row of the board with each of its
// rows.
func Rows(g *check.Game) [][]int {
	if len(g.Layout) > 0 {
		return splitRows(g, g.Layout)
	}
	var rows [][]int
	index := map[string]int{}
	for i, p := range g.Piles {
		k, ok := index[p.Group]
		if !ok {
			k = len(rows)
			index[p.Group] = k
			rows = append(rows, nil)
		}
		rows[k] = append(rows[k], i)
	}
	return splitRows(g, rows)
}

// splitRows breaks a row of the board where a group's own row ends.
func splitRows(g *check.Game, rows [][]int) [][]int {
	var out [][]int
	for _, row := range rows {
		start := 0
		for k := 1; k < len(row); k++ {
			p, q := g.Piles[row[k-1]], g.Piles[row[k]]
			if q.Rows > 0 && p.Group == q.Group && q.Left < 0 {
				out = append(out, row[start:k])
				start = k
			}
		}
		out = append(out, row[start:])
	}
	return out
}

// Blocks says which of the layout's rows start a block: rows in a block
// share their left edge, and the block is centred as one. A row starts a
// block unless its first pile is of the group the row above starts with,
// and the group lies in rows (`in rows of N`): the rows of such a group
// are the lines of a grid of piles, in which the cards touch (Monte
// Carlo's five rows of five, the first two with the stock and the discard
// after them), and centred one by one, a shorter row would stand out of
// the grid by half the difference. Other rows of one group are centred
// one by one: a pyramid's rows are a pyramid.
func Blocks(g *check.Game, rows [][]int) []bool {
	starts := make([]bool, len(rows))
	for i, row := range rows {
		if i == 0 || len(row) == 0 || len(rows[i-1]) == 0 {
			starts[i] = true
			continue
		}
		p, q := g.Piles[row[0]], g.Piles[rows[i-1][0]]
		starts[i] = p.Rows == 0 || p.Group != q.Group
	}
	return starts
}

// Draw writes the piles of s, row by row, with a blank line between rows,
// each row (each block of rows: see Blocks) centred under the widest, as
// the full-screen game lays them out.
// A row wider than opt.Width goes on over as many parts as it needs, as
// evenly as they can share it (a lone pile under a row reads as another
// row's), the parts after the first indented, so that they do not read as
// rows of their own.
func Draw(w io.Writer, r *interp.Rules, s *interp.State, opt Options) error {
	var rows [][]string
	widths := make([]int, 0, 8)
	var blocks []int // the first row of each row's block (see Blocks)
	widest := 0
	block := 0
	add := func(lines []string, width int) {
		rows = append(rows, lines)
		widths = append(widths, width)
		blocks = append(blocks, block)
		widest = max(widest, width)
	}
	layout := Rows(r.Game)
	starts := Blocks(r.Game, layout)
	for i, row := range layout {
		if starts[i] {
			block = len(rows)
		}
		lines, width := drawRow(r, s, row, opt)
		if opt.Width <= 0 || width <= opt.Width || len(row) == 1 {
			add(lines, width)
			continue
		}
		for _, p := range wrapRow(r, s, row, opt) {
			add(p.lines, p.width)
		}
	}
	blockW := map[int]int{}
	for i, w := range widths {
		blockW[blocks[i]] = max(blockW[blocks[i]], w)
	}
	var b strings.Builder
	for i, lines := range rows {
		if i > 0 {
			b.WriteByte('\n')
		}
		pad := strings.Repeat(" ", (widest-blockW[blocks[i]])/2)
		for _, l := range lines {
			if l != "" {
				b.WriteString(pad)
			}
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// part is a row, or a part of one, drawn.
type part struct {
	lines []string
	width int
}

// wrapRow draws row in the fewest parts of as even a number of piles as
// fit opt.Width each (the last may be shorter), the parts after the first
// indented by two columns; a single pile wider than the width stands alone.
func wrapRow(r *interp.Rules, s *interp.State, row []int, opt Options) []part {
	const indent = "  "
	for k := 2; ; k++ {
		per := (len(row) + k - 1) / k
		var parts []part
		fits := true
		for i := 0; i < len(row); i += per {
			lines, width := drawRow(r, s, row[i:min(i+per, len(row))], opt)
			if i > 0 {
				for j, l := range lines {
					if l != "" {
						lines[j] = indent + l
					}
				}
				width += len(indent)
			}
			fits = fits && (width <= opt.Width || per == 1)
			parts = append(parts, part{lines, width})
		}
		if fits || per == 1 {
			return parts
		}
	}
}

// drawRow draws one layout row: a line of pile names, then the piles'
// cells side by side, one line per card depth. It returns the lines, with
// no trailing spaces, and the row's full width.
func drawRow(r *interp.Rules, s *interp.State, row []int, opt Options) (lines []string, width int) {
	type column struct {
		name  string
		cells []string
		width int
	}
	cols := make([]column, len(row))
	grid := false
	depth, gridDepth := 0, 0
	for k, p := range row {
		pile := r.Game.Piles[p]
		c := column{name: pile.Name, cells: cells(r, s, p, opt)}
		c.width = max(utf8.RuneCountInString(c.name), cardW)
		cols[k] = c
		depth = max(depth, len(c.cells))
		if pile.Grid {
			grid = true
			gridDepth = max(gridDepth, len(s.Pile(r, p))) // its slots, gaps included
		}
	}
	// A row with a grid numbers the grid's rows, as moves name a grid card
	// by row (the lines below them, of other piles of the row, are none).
	margin := ""
	if grid {
		margin = strings.Repeat(" ", len(strconv.Itoa(max(gridDepth, 1)))+1)
	}
	width = len(margin)
	for k, c := range cols {
		if k > 0 {
			width++
		}
		width += c.width
	}
	line := func(cell func(c column) string, left string) {
		var l strings.Builder
		l.WriteString(left)
		for k, c := range cols {
			if k > 0 {
				l.WriteByte(' ')
			}
			text := cell(c)
			l.WriteString(text)
			l.WriteString(strings.Repeat(" ", c.width-utf8.RuneCountInString(text)))
		}
		lines = append(lines, strings.TrimRight(l.String(), " "))
	}
	line(func(c column) string { return c.name }, margin)
	for d := 0; d < depth; d++ {
		left := margin
		if grid && d < gridDepth {
			left = fmt.Sprintf("%*d ", len(margin)-1, d+1)
		}
		line(func(c column) string {
			if d < len(c.cells) {
				return c.cells[d]
			}
			return ""
		}, left)
	}
	return lines, width
}

// cells lists what is drawn for pile p, top to bottom of the screen.
func cells(r *interp.Rules, s *interp.State, p int, opt Options) []string {
	pile := r.Game.Piles[p]
	cards := s.Pile(r, p)
	switch {
	case len(cards) == 0:
		return []string{empty}
	case p == r.Game.Stock:
		// Only the count matters, and it must not give the order away.
		return []string{faceDown, countCell(len(cards))}
	case pile.Fanned || pile.Grid:
		out := make([]string, len(cards))
		for i, c := range cards {
			out[i] = Card(c, opt)
		}
		return out
	}
	// A squared pile: its top card, and how many cards it holds.
	out := []string{Card(cards[len(cards)-1], opt)}
	if n := s.Count(r, p); n > 1 {
		out = append(out, countCell(n))
	}
	return out
}

// countCell writes a card count under a card cell, right-aligned inside it.
func countCell(n int) string {
	return fmt.Sprintf("%*d", cardW-1, n)
}

// Header is the line above a board: the game, the seed, and whatever else
// the position needs to be read (game values, the phase, redeals left). A
// value that is a rank is written as the board writes ranks: ten as ten
// says it ("T" where the cards show TD, "10" where they show 10D).
func Header(g *interp.Game, ten string) string {
	r, s := g.Rules, g.State()
	parts := []string{r.Game.Name, fmt.Sprintf("seed %d", g.Seed)}
	for i, v := range r.Game.Values {
		parts = append(parts, fmt.Sprintf("%s = %s", v.Name, rankName(s.Value(i), ten)))
	}
	if ph := s.Phase(); ph < len(r.Game.Phases) {
		p := r.Game.Phases[ph]
		if p.Label != "" {
			parts = append(parts, fmt.Sprintf("phase %s: %s", p.Name, p.Label))
		} else {
			parts = append(parts, "phase "+p.Name)
		}
	}
	if r.Game.Redeal != nil {
		if n := r.RedealsLeft(s); n < 0 {
			parts = append(parts, "redeals unlimited")
		} else {
			parts = append(parts, fmt.Sprintf("redeals left %d", n))
		}
	}
	return strings.Join(parts, "  ")
}

func rankName(r int, ten string) string {
	if r < 1 || r > 13 {
		return "?"
	}
	if r == 10 {
		return ten
	}
	return [...]string{"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}[r-1]
}
