package tui

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/cmd/patience/internal/board"
	"github.com/patience-dev/patience/dsl"
	"github.com/patience-dev/patience/interp"
	"github.com/patience-dev/patience/rulesets"
)

// checkOnScreen asserts that the frame fits the screen and that the top
// card of every pile (every card of a grid) is drawn where the layout says,
// inside the screen.
func checkOnScreen(t *testing.T, h *harness, w, hgt int, when string) {
	t.Helper()
	frame := h.frame()
	lines := strings.Split(frame, "\n")
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%s: %s\n%s", when, fmt.Sprintf(format, args...), frame)
	}
	if len(lines) > hgt {
		fail("the frame is %d lines tall", len(lines))
	}
	for i, l := range lines {
		if utf8.RuneCountInString(l) > w { // ASCII suits: a rune is a column
			fail("line %d is wider than the screen", i+1)
		}
	}
	if strings.Contains(frame, "too small") {
		fail("too small")
	}
	p := h.a.play
	r, s := p.g.Rules, p.g.State()
	pl := p.place(w, hgt)
	if !pl.ok {
		fail("the board scrolls")
	}
	for pile := range r.NumPiles() {
		cards := s.Pile(r, pile)
		ri, ci, ok := pl.bv.find(pile)
		if !ok {
			fail("%s is not laid out", r.PileName(pile))
		}
		rv := pl.bv.rows[ri]
		col := &rv.cols[ci]
		var want []int // indexes that must show
		switch {
		case len(cards) == 0:
		case r.Game.Piles[pile].Grid:
			for i, c := range cards {
				if !c.IsGap() {
					want = append(want, i)
				}
			}
		default:
			want = []int{len(cards) - 1}
		}
		for _, idx := range want {
			line := -1
			for i, l := range col.lines {
				if l.idx == idx && (l.kind == lineCard || l.kind == lineBack) {
					line = i
				}
			}
			if line < 0 {
				fail("card %d of %s is not drawn", idx, r.PileName(pile))
			}
			y := pl.oy + rv.y + 1 + line - pl.scroll
			x := pl.ox + col.x + 1
			if y >= len(lines) {
				fail("%s is below the screen", r.PileName(pile))
			}
			text := board.CardText(cards[idx], p.opt)
			if cards[idx].FaceDown() {
				text = "##"
			}
			if row := lines[y]; x+4 > len(row) || !strings.Contains(row[x:x+4], text) {
				fail("%s's top card %s is not on line %d at column %d", r.PileName(pile), text, y+1, x+1)
			}
		}
	}
}

// TestEveryGameFits plays every built-in game at random, legally, for a
// few hundred moves on an 80 × 24 and a 120 × 40 screen: after each move
// every pile's top card is on the screen, and nothing is drawn past it.
func TestEveryGameFits(t *testing.T) {
	moves := 300
	if testing.Short() {
		moves = 60
	}
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		for _, name := range rulesets.Names() {
			t.Run(fmt.Sprintf("%s/%dx%d", name, size[0], size[1]), func(t *testing.T) {
				t.Parallel()
				for seed := uint64(1); seed <= 2; seed++ {
					h := newHarness(t, name, seed, "")
					h.send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
					rng := rand.New(rand.NewPCG(seed, 7))
					checkOnScreen(t, h, size[0], size[1], "the opening")
					for i := range moves {
						legal := h.game().Moves()
						if len(legal) == 0 || h.a.play.status != interp.Playing {
							break
						}
						m := legal[rng.IntN(len(legal))]
						// Through the screen as a player would: a move the
						// cards could make, then settled as after a key.
						require.NoError(t, h.game().PlayMove(m))
						h.a.play.afterChange(h.now)
						checkOnScreen(t, h, size[0], size[1], fmt.Sprintf("seed %d after move %d (%s)", seed, i+1, h.game().Rules.MoveString(m)))
					}
				}
			})
		}
	}
}

// TestKeysShownAt80x24: at 80 × 24 every built-in game's board shows the
// hotkeys the help and the README promise, rows wrapped if need be
// (TriPeaks' eighteen peaks once lost them all).
func TestKeysShownAt80x24(t *testing.T) {
	for _, name := range rulesets.Names() {
		h := newHarness(t, name, 1, "")
		h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
		r := h.game().Rules
		first := board.Rows(r.Game)[0][0]
		key := regexp.MustCompile(`(^|[^A-Za-z0-9])1 ` + regexp.QuoteMeta(r.PileName(first)) + `($|[^A-Za-z0-9])`)
		assert.Regexp(t, key, h.frame(), "%s: no key before its first pile", name)
	}
}

// TestLongNamesAreCut: the grammar puts no bound on a pile's name, and a
// name wider than the screen made the board "too small" at any size. Such
// names are cut to a card's width when the screen is too narrow for them,
// and every pile is still on the screen.
func TestLongNamesAreCut(t *testing.T) {
	long := strings.Repeat("a", dsl.MaxWord)
	src := `game "L" {
  foundation f[4] { base A; build up same-suit; holds 13 }
  tableau ` + long + ` { build down any-suit; to foundations }
  tableau b[3] { build down any-suit; to foundations, b }
  deal { 3 to each b; rest to ` + long + ` }
  win when all cards in foundations
}`
	path := filepath.Join(t.TempDir(), "long.patience")
	require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	for _, size := range [][2]int{{80, 24}, {200, 60}} {
		h := newHarness(t, path, 1, "")
		h.send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		checkOnScreen(t, h, size[0], size[1], fmt.Sprintf("at %d×%d", size[0], size[1]))
		if size[0] < len(long) {
			assert.Contains(t, h.frame(), "aaa…")
		} else {
			assert.Contains(t, h.frame(), long, "a name that fits is cut")
		}
	}
}

// TestLongNamesKeepTheirKeys: groups whose names are too long for their row
// at 80 × 24 keep their hotkeys, the names cut in the middle so that the
// numbers that tell a group's piles apart stay on the screen (the keys
// were dropped, names and all, before the names were cut).
func TestLongNamesKeepTheirKeys(t *testing.T) {
	long := strings.Repeat("a", 60)
	src := `game "L" {
  foundation ` + long + `f[4] { base A; build up same-suit; holds 13 }
  tableau ` + long + `t[9] { build down alternate-colour; move runs; to foundations, ` + long + `t }
  reserve r { to foundations }
  deal { 5 to each ` + long + `t; rest to r }
  win when all cards in foundations
}`
	path := filepath.Join(t.TempDir(), "long.patience")
	require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	h := newHarness(t, path, 1, "")
	h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	checkOnScreen(t, h, 80, 24, "at 80×24")
	frame := h.frame()
	for _, label := range []string{"1 aaaaaaa…aaf1", "4 aaaaaaa…aaf4", "5 aaaaaaa…aat1", "e aaaaaaa…aat9", "f r"} {
		assert.Contains(t, frame, label)
	}
}

// A row too wide for the screen is wrapped into parts as even as they can
// be: fourteen piles as seven and seven, never thirteen and a lone one that
// reads as a row of its own; with room, the rows stay apart and their parts
// together.
func TestWrappedRowsShareEvenly(t *testing.T) {
	src := `game "R" {
  tableau m[28] { in rows of 14; holds 1; to m, f }
  foundation f { build any }
  deal { take 2C to f; 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 to m; rest to f }
  layout { row m; row f }
  win when all cards in f
}`
	path := filepath.Join(t.TempDir(), "rows.patience")
	require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	label := regexp.MustCompile(`\bm\d+\b`)
	for _, size := range [][2]int{{80, 24}, {80, 30}} {
		h := newHarness(t, path, 1, "")
		h.send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		checkOnScreen(t, h, size[0], size[1], fmt.Sprintf("at %d×%d", size[0], size[1]))
		var parts []int
		blankAfter := map[int]bool{}
		for _, line := range strings.Split(h.frame(), "\n") {
			if strings.TrimSpace(line) == "" && len(parts) > 0 {
				blankAfter[len(parts)] = true
			}
			if n := len(label.FindAllString(line, -1)); n > 0 {
				parts = append(parts, n)
			}
		}
		assert.Equal(t, []int{7, 7, 7, 7}, parts, "at %d×%d:\n%s", size[0], size[1], h.frame())
		if size[1] >= 30 {
			assert.True(t, blankAfter[2] && !blankAfter[1] && !blankAfter[3], "rows apart, parts together, at %d×%d:\n%s", size[0], size[1], h.frame())
		}
	}
}

// TestRowsFitByTheirNames: at 80 × 24 a row of a built-in game that fits
// the screen by its piles' names (and cards) is drawn on one line, its keys
// shown all the same. TriPeaks' ten bottom cards once went over two lines
// of five because "l peak19" is wider than its card, and read as a fifth
// row of the peaks.
func TestRowsFitByTheirNames(t *testing.T) {
	const w, hgt = 80, 24
	for _, name := range rulesets.Names() {
		h := newHarness(t, name, 1, "")
		h.send(tea.WindowSizeMsg{Width: w, Height: hgt})
		checkOnScreen(t, h, w, hgt, name)
		p := h.a.play
		r := p.g.Rules
		pl := p.place(w, hgt)
		lines := strings.Split(h.frame(), "\n")
		at := func(x, y int) string {
			if y < 0 || y >= len(lines) || x >= len(lines[y]) {
				return ""
			}
			return lines[y][x:]
		}
		for _, row := range board.Rows(r.Game) {
			need := -1
			for _, pile := range row {
				need += 1 + max(cellW+1, utf8.RuneCountInString(r.PileName(pile)))
			}
			if need > w {
				continue // too wide even by its names: it wraps
			}
			first, _, _ := pl.bv.find(row[0])
			for _, pile := range row {
				ri, ci, _ := pl.bv.find(pile)
				if !assert.Equal(t, first, ri, "%s: %s is not on the line of %s:\n%s", name, r.PileName(pile), r.PileName(row[0]), h.frame()) {
					break
				}
				rv, col := pl.bv.rows[ri], pl.bv.rows[ri].cols[ci]
				x, y := pl.ox+col.x, pl.oy+rv.y-pl.scroll
				key, pname := string(p.keys[pile]), r.PileName(pile)
				if p.keys[pile] == 0 {
					continue
				}
				inLine := strings.HasPrefix(at(x, y), key+" "+pname)
				above := strings.HasPrefix(at(x, y-1), key+" ") || at(x, y-1) == key
				assert.True(t, inLine || (above && strings.HasPrefix(at(x, y), pname)), "%s: %s's key %s is not shown:\n%s", name, pname, key, h.frame())
				if rv.keysAbove {
					got, line, ok := pl.bv.at(col.x, rv.y-1)
					assert.True(t, ok && got == pile && line == -1, "%s: a click on %s's key is not on its label", name, pname)
				}
			}
		}
	}
}

// A wrapped row's parts and the next row must not read as one block when
// there is no room for blank lines between rows: four rows of fourteen
// slots, each wrapped as seven and seven, made eight like lines at 80 × 24
// and 26. Where a part touches another row, its continuations are indented
// from its first part, which starts where the next row starts.
func TestWrappedRowsStandApart(t *testing.T) {
	row := "0" + strings.Repeat(", 1", 13)
	gaps := `game "G" {
  tableau m[56] { in rows of 14; holds 1; base 2; follow left up same-suit; to m }
  discard aces
  deal { ` + strings.Repeat(row+", ", 3) + row + ` to m; move A to aces }
  layout { row m squared; row aces }
  win when every m is in place
}`
	rows := `game "R" {
  tableau m[28] { in rows of 14; holds 1; to m, f }
  foundation f { build any }
  deal { take 2C to f; 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 to m; rest to f }
  layout { row m; row f }
  win when all cards in f
}`
	for i, src := range []string{gaps, rows} {
		path := filepath.Join(t.TempDir(), fmt.Sprintf("g%d.patience", i))
		require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
		for _, size := range [][2]int{{80, 24}, {80, 26}, {80, 30}} {
			h := newHarness(t, path, 1, "")
			h.send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			when := fmt.Sprintf("game %d at %d×%d", i, size[0], size[1])
			checkOnScreen(t, h, size[0], size[1], when)
			p := h.a.play
			pl := p.place(size[0], size[1])
			lines := strings.Split(h.frame(), "\n")
			// The screen rows, each with the board row it is a part of and
			// where its labels start on the screen.
			rowOf, starts := map[int]int{}, map[int]bool{}
			for k, row := range board.Rows(p.g.Rules.Game) {
				starts[row[0]] = true
				for _, pile := range row {
					rowOf[pile] = k
				}
			}
			type part struct {
				row, top, bottom, x int
				first               bool
			}
			var parts []part
			for _, rv := range pl.bv.rows {
				y := pl.oy + rv.top() - pl.scroll
				require.Less(t, y, len(lines), when)
				x := len(lines[y]) - len(strings.TrimLeft(lines[y], " "))
				parts = append(parts, part{row: rowOf[rv.cols[0].pile], top: rv.top(), bottom: rv.y + rv.h, x: x, first: starts[rv.cols[0].pile]})
			}
			firstX := map[int]int{}
			for _, pt := range parts {
				if pt.first {
					firstX[pt.row] = pt.x
				}
			}
			for k := 1; k < len(parts); k++ {
				a, b := parts[k-1], parts[k]
				if b.top > a.bottom || a.row == b.row {
					continue // a blank line sets them apart, or they are one row's
				}
				// Two rows touch: the continuations of either are indented,
				// and not to where the other row starts.
				for _, c := range []part{a, b} {
					other := a
					if c == a {
						other = b
					}
					for _, q := range parts {
						if q.row != c.row || q.first {
							continue
						}
						assert.Greater(t, q.x, firstX[c.row], "%s: a continuation is not indented:\n%s", when, h.frame())
						assert.NotEqual(t, firstX[other.row], q.x, "%s: a continuation starts where the next row does:\n%s", when, h.frame())
					}
				}
			}
		}
	}
}

// The rows of a group in rows of N share their left edge on the screen, as
// in "patience show" (see board.Blocks): Monte Carlo's last three rows of
// five stood three columns in from the first two, which end with the stock
// and the discard.
func TestGridRowsShareTheirLeftEdge(t *testing.T) {
	src := "game \"MC\" {\n  tableau m[10] { in rows of 5; holds 1; to d }\n  discard d { pairs same-rank touching }\n  stock { deal 1 to each empty m }\n  deal { 1 to each m; rest to stock }\n  layout { row m[1..5], stock, d; row m[6..10] }\n  win when all cards in d\n}\n"
	path := filepath.Join(t.TempDir(), "mc.patience")
	require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		h := newHarness(t, path, 1, "")
		h.send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		frame := h.frame()
		at := map[string]int{}
		for _, line := range strings.Split(frame, "\n") {
			for _, name := range []string{"m1", "m6"} {
				if i := regexp.MustCompile(`\b` + name + `\b`).FindStringIndex(line); i != nil {
					at[name] = utf8.RuneCountInString(line[:i[0]])
				}
			}
		}
		require.Len(t, at, 2, "at %d×%d:\n%s", size[0], size[1], frame)
		assert.Equal(t, at["m1"], at["m6"], "at %d×%d:\n%s", size[0], size[1], frame)
	}
}
