package tui

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/mattn/go-runewidth"

	"github.com/patience-dev/patience/dsl"
)

// look is one kind of text on the screen; the canvas records a look for
// every cell and styles runs of cells with the same look at once.
type look uint8

const (
	lookPlain look = iota
	lookTitle
	lookDim
	lookKey      // a pile's hotkey
	lookLabel    // a pile's name
	lookRed      // a red card
	lookBlack    // a black card
	lookBack     // a face-down card
	lookCursor   // the card or pile under the cursor
	lookPicked   // cards picked up
	lookTarget   // a pile that can take what is picked
	lookHint     // the move a hint suggests
	lookError    // an illegal move's reason
	lookWon      // the game is won
	lookLost     // the game is lost
	lookSelected // the chosen line of a list
	lookBlocked  // a card that cannot be played now
	numLooks
)

// theme renders each look. Without colour (NO_COLOR) only bold, underline
// and reverse video remain; in tests every look is plain text.
type theme struct {
	styles [numLooks]lipgloss.Style
	plain  bool
}

func newTheme(r *lipgloss.Renderer, color bool) *theme {
	t := &theme{}
	s := func() lipgloss.Style { return r.NewStyle() }
	base := [numLooks]lipgloss.Style{
		lookPlain:    s(),
		lookTitle:    s().Bold(true),
		lookDim:      s().Faint(true),
		lookKey:      s().Bold(true).Underline(true),
		lookLabel:    s(),
		lookRed:      s(),
		lookBlack:    s(),
		lookBack:     s(),
		lookCursor:   s().Reverse(true),
		lookPicked:   s().Bold(true).Underline(true),
		lookTarget:   s().Bold(true),
		lookHint:     s().Underline(true),
		lookError:    s().Bold(true),
		lookWon:      s().Bold(true),
		lookLost:     s().Bold(true),
		lookSelected: s().Reverse(true),
		lookBlocked:  s().Faint(true),
	}
	if color {
		base[lookKey] = s().Bold(true).Foreground(lipgloss.Color("11"))
		base[lookLabel] = s().Foreground(lipgloss.Color("245"))
		base[lookRed] = s().Foreground(lipgloss.Color("9"))
		base[lookBack] = s().Foreground(lipgloss.Color("12"))
		base[lookPicked] = s().Bold(true).Background(lipgloss.Color("11")).Foreground(lipgloss.Color("0"))
		base[lookTarget] = s().Bold(true).Foreground(lipgloss.Color("10"))
		base[lookHint] = s().Bold(true).Foreground(lipgloss.Color("14"))
		base[lookError] = s().Bold(true).Foreground(lipgloss.Color("9"))
		base[lookWon] = s().Bold(true).Foreground(lipgloss.Color("10"))
		base[lookLost] = s().Bold(true).Foreground(lipgloss.Color("9"))
		base[lookBlocked] = s().Faint(true).Foreground(lipgloss.Color("244"))
	}
	t.styles = base
	return t
}

// plainTheme draws text only, for golden tests.
func plainTheme() *theme { return &theme{plain: true} }

func (t *theme) render(l look, text string) string {
	if t.plain || l == lookPlain {
		return text
	}
	return t.styles[l].Render(text)
}

// canvas is a screen of cells, each one column wide, with a look each.
type canvas struct {
	w, h  int
	text  [][]string
	looks [][]look
}

func newCanvas(w, h int) *canvas {
	c := &canvas{w: w, h: h, text: make([][]string, h), looks: make([][]look, h)}
	for y := range h {
		c.text[y] = make([]string, w)
		c.looks[y] = make([]look, w)
		for x := range w {
			c.text[y][x] = " "
		}
	}
	return c
}

// put writes text at x, y, clipped to the canvas, and returns the column
// after it. Text from a rule file or a save is untrusted: a character that
// could drive the terminal is written as a visible escape (dsl.Escape). A
// wide character takes two cells and a zero-width one joins the cell
// before it, so that the columns of everything after it stay true.
// regrouping reports whether r changes how wide a terminal draws the
// characters around it: a variation selector (♠ and ♠\uFE0F, one column and
// two), the zero-width joiner (a family of four emoji drawn as one) and the
// skin-tone modifiers (drawn into the emoji before them). The canvas counts
// columns character by character, so it leaves them out: a name of emoji
// sequences pushed the seed off the title line, the terminal drawing
// wider than the canvas had counted.
func regrouping(r rune) bool {
	return r == 0xfe0e || r == 0xfe0f || r == 0x200d || r >= 0x1f3fb && r <= 0x1f3ff
}

func (c *canvas) put(x, y int, text string, l look) int {
	if y < 0 || y >= c.h {
		return x
	}
	for _, r := range dsl.Escape(text) {
		if regrouping(r) {
			continue
		}
		w := runewidth.RuneWidth(r)
		if w == 0 {
			if x > 0 && x-1 < c.w && c.text[y][x-1] != "" {
				c.text[y][x-1] += string(r)
			}
			continue
		}
		if x >= 0 && x+w <= c.w {
			c.clear(x, y)
			if w == 2 {
				c.clear(x+1, y)
			}
			c.text[y][x] = string(r)
			c.looks[y][x] = l
			if w == 2 {
				c.text[y][x+1] = "" // covered by the wide character
				c.looks[y][x+1] = l
			}
		} else if x >= 0 && x < c.w {
			c.text[y][x] = " " // half a wide character does not fit
			c.looks[y][x] = l
		}
		x += w
	}
	return x
}

// clear blanks the cell at x, y and the other half of any wide character
// it belongs to.
func (c *canvas) clear(x, y int) {
	switch {
	case c.text[y][x] == "" && x > 0:
		c.text[y][x-1] = " "
	case x+1 < c.w && c.text[y][x+1] == "":
		c.text[y][x+1] = " "
	}
	c.text[y][x] = " "
}

// render draws the canvas, styling runs of one look together, with
// trailing blanks cut from every line.
func (c *canvas) render(t *theme) string {
	var b strings.Builder
	for y := range c.h {
		end := c.w
		for end > 0 && c.text[y][end-1] == " " && c.looks[y][end-1] == lookPlain {
			end--
		}
		for x := 0; x < end; {
			l := c.looks[y][x]
			var run strings.Builder
			for x < end && c.looks[y][x] == l {
				run.WriteString(c.text[y][x])
				x++
			}
			b.WriteString(t.render(l, run.String()))
		}
		if y < c.h-1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}
