package tui

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/interp"
)

func TestNewDealAsksFirst(t *testing.T) {
	h := newHarness(t, "plot", 3, "")
	h.keys("n")
	assert.Equal(t, uint64(99), h.game().Seed, "no game under way: no question")
	h.keys("d", "n")
	assert.Contains(t, h.frame(), "Leave this game for a new deal (it stays saved as deal 99)? y deals")
	h.keys("x")
	assert.Equal(t, []string{"deal"}, h.history(), "any other key goes on")
	assert.Equal(t, "going on with this game", h.message())
	h.keys("n", "y")
	assert.Empty(t, h.history())
}

func TestQuitUnsavedAsksFirst(t *testing.T) {
	dir := t.TempDir()
	h := newHarness(t, "plot", 3, dir)
	h.keys("d")
	h.a.play.saveErr = os.ErrPermission // as when the saves directory cannot be written
	_, cmd := h.a.Update(keyMsg("q"))
	assert.Nil(t, cmd, "not quit yet")
	assert.Contains(t, h.frame(), "This game is not saved: quit anyway?")
	h.keys("esc")
	assert.Nil(t, h.a.ask)
	h.keys("q")
	_, cmd = h.a.Update(keyMsg("y"))
	require.NotNil(t, cmd)
	assert.IsType(t, tea.QuitMsg{}, cmd())
}

func (h *harness) mouse(action tea.MouseAction, x, y int) {
	h.send(tea.MouseMsg{X: x, Y: y, Action: action, Button: tea.MouseButtonLeft})
}

func TestDragAndDrop(t *testing.T) {
	h := newHarness(t, "plot", 3, "")
	x, y := h.where("t3", -1)
	h.mouse(tea.MouseActionPress, x, y)
	require.NotNil(t, h.a.play.pick)
	tx, ty := h.where("t11", -1)
	h.mouse(tea.MouseActionMotion, (x+tx)/2, (y+ty)/2)
	h.mouse(tea.MouseActionRelease, tx, ty)
	assert.Equal(t, []string{"t3 t11"}, h.history())
	assert.Nil(t, h.a.play.pick)

	// A click is a press and a release on the same card: the card stays
	// held, and a click on a pile drops it.
	h.keys("u")
	h.mouse(tea.MouseActionPress, x, y)
	h.mouse(tea.MouseActionRelease, x, y)
	require.NotNil(t, h.a.play.pick)
	h.clickPile("t11", -1)
	h.mouse(tea.MouseActionRelease, tx, ty)
	assert.Equal(t, []string{"t3 t11"}, h.history())

	// Let go off the board: put back.
	h.keys("u")
	h.mouse(tea.MouseActionPress, x, y)
	h.mouse(tea.MouseActionRelease, 0, testH-1)
	assert.Nil(t, h.a.play.pick)
	assert.Empty(t, h.history())
}

func TestMouseTargetsStayPut(t *testing.T) {
	// A foundation's count appears with its second card: the rows below
	// do not move.
	h := newHarness(t, "precedence", 5, "")
	x, y := h.where("waste", -1)
	grown := false
	for range 40 {
		h.keys("d", "A")
		nx, ny := h.where("waste", -1)
		require.Equal(t, [2]int{x, y}, [2]int{nx, ny}, "after %v", h.history())
		n, _ := h.game().Rules.PileIndex("f1")
		grown = grown || h.game().State().Count(h.game().Rules, n) > 1
	}
	require.True(t, grown, "f1 never got a second card")
}

// TestHotkeysMoveRuns: whatever the arrows can pick, the pile keys can
// too: pressing the key of the pile held from again takes one more card.
func TestHotkeysMoveRuns(t *testing.T) {
	h := newHarness(t, "freecell", 1, "")
	r := h.game().Rules
	rng := rand.New(rand.NewPCG(1, 2))
	var run interp.Move
	for i := range 3000 {
		moves := h.game().Moves()
		ones := map[[2]uint8]bool{}
		for _, m := range moves {
			if m.Kind == interp.Play && m.Count == 1 {
				ones[[2]uint8{m.From, m.To}] = true
			}
		}
		for _, m := range moves {
			if m.Kind == interp.Play && m.Count > max(run.Count, 1) && ones[[2]uint8{m.From, m.To}] &&
				r.Game.Piles[m.From].Role == check.Tableau && r.Game.Piles[m.To].Role == check.Tableau &&
				h.game().State().Count(r, int(m.To)) == 0 {
				run = m
			}
		}
		if run.Count > 0 {
			break
		}
		if len(moves) == 0 {
			h = newHarness(t, "freecell", uint64(i), "") // stuck: another deal
			continue
		}
		require.NoError(t, h.game().PlayMove(moves[rng.IntN(len(moves))]))
		h.a.play.afterChange(h.now)
	}
	require.NotZero(t, run.Count, "no position with a run to move to an empty column")
	from, to := string(h.a.play.keys[run.From]), string(h.a.play.keys[run.To])
	n := len(h.history())

	// The key once: one card.
	h.keys(from, to)
	require.Len(t, h.history(), n+1)
	assert.Equal(t, r.MoveString(interp.Move{Kind: interp.Play, From: run.From, To: run.To, Count: 1}), h.history()[n])
	h.keys("u")

	// Again and again: the run.
	h.keys(from)
	for range int(run.Count) - 1 {
		h.keys(from)
	}
	require.NotNil(t, h.a.play.pick)
	assert.Equal(t, int(run.Count), h.a.play.pick.count)
	h.keys(to)
	require.Len(t, h.history(), n+1)
	assert.Equal(t, r.MoveString(run), h.history()[n])
}

// TestClickOnlyPicksUp: a press and a release on the same cell are a click,
// which picks cards up (or deals, on the stock) but never moves them, even
// where picking up scrolls the board under the pointer (Pyramid at 80 × 13
// scrolls to show what was picked up), and even as the first thing done.
func TestClickOnlyPicksUp(t *testing.T) {
	clicks := 0
	for y := range 13 {
		for x := 0; x < 80; x += 2 {
			h := newHarness(t, "pyramid", 5, "")
			h.send(tea.WindowSizeMsg{Width: 80, Height: 13})
			h.mouse(tea.MouseActionPress, x, y)
			held := h.a.play.pick != nil
			h.mouse(tea.MouseActionRelease, x, y)
			if hist := h.history(); len(hist) > 0 {
				assert.Contains(t, []string{"deal", "redeal"}, hist[0], "a click at %d,%d played %q", x, y, hist[0])
			}
			if held {
				clicks++
				assert.NotNil(t, h.a.play.pick, "a click at %d,%d put the cards back", x, y)
			}
		}
	}
	assert.Greater(t, clicks, 10)
}

// TestEveryStockMoveCanBePlayed: with two deal statements d plays the
// first and D the second; with a redeal the rules allow at any time
// (a game statement), D redeals while the stock still deals.
func TestEveryStockMoveCanBePlayed(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		path := dir + "/" + name
		require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
		return path
	}
	two := write("two.patience", `game "Two deals" {
  foundation f[4] { base A; build up same-suit; holds 13 }
  tableau t[4] { build down any-suit; to foundations, t }
  stock {
    deal 1 to waste
    deal 3 to t1
  }
  waste { to foundations, t }
  deal { 1 to each t; rest to stock }
  win when all cards in foundations
}`)
	h := newHarness(t, two, 1, "")
	h.keys("d", "D")
	assert.Equal(t, []string{"deal", "deal 2"}, h.history())

	lucie := write("lucie.patience", `game "Fans" {
  foundation f[4] { base A; build up same-suit; holds 13 }
  tableau fan[4] { build down same-suit; fill never; to foundations, fan }
  stock { deal 1 to each fan }
  redeal 2 from fan shuffled to each fan by 13
  deal { 3 to each fan; rest to stock }
  win when all cards in foundations
}`)
	h = newHarness(t, lucie, 1, "")
	h.keys("d", "D")
	assert.Equal(t, []string{"deal", "redeal"}, h.history())
}

// TestLongNameKeepsTheSeed: a long game name gives way to the seed in the
// header, and is cut with "…", never silently.
func TestLongNameKeepsTheSeed(t *testing.T) {
	top := titleAt80(t, strings.Repeat("Very Long Name ", 8))
	assert.Contains(t, top, "seed 7")
	assert.Contains(t, top, "…")
}

// titleAt80 is the title line, at 80 × 24, of seed 7 of a small game named
// name.
func titleAt80(t *testing.T, name string) string {
	path := t.TempDir() + "/named.patience"
	require.NoError(t, os.WriteFile(path, []byte(`game "`+name+`" {
  foundation f[4] { base A; build up same-suit; holds 13 }
  tableau t[4] { to f }
  deal { 13 to each t }
  win when all cards in f
}`), 0o644))
	h := newHarness(t, path, 7, "")
	h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	return strings.SplitN(h.frame(), "\n", 2)[0]
}

// TestPickerTitlesAt80: at 80 columns, with no game saved, the picker's
// GAME column shows the titles, not four letters of each (the room for a
// "[saved game]" mark is kept only when some game has one).
func TestPickerTitlesAt80(t *testing.T) {
	h := openHarness(t, "", nil, t.TempDir())
	h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	assert.Regexp(t, `babette +Babette +0`, h.frame())
}

// Every pile's key reaches its pile, however many piles the board has: none
// is a command's key (D, which deals, labelled Montana's m32 and did not
// reach it).
func TestEveryHotkeyReachesItsPile(t *testing.T) {
	for _, name := range []string{"montana", "accordion", "klondike"} {
		h := newHarness(t, name, 5, "")
		r := h.a.rules
		for p, k := range hotkeys(r) {
			if k == 0 || p == r.Game.Stock { // the stock's key deals, as a click on it does
				continue
			}
			h.keys(string(k), "esc")
			require.Empty(t, h.history(), "%s: key %q of %s made a move", name, string(k), r.PileName(p))
			require.Equal(t, p, h.a.play.cursor.pile, "%s: key %q goes to %s", name, string(k), r.PileName(p))
		}
	}
}

// A top card picked alone is offered to the piles its run may go to, and
// the message says what goes with it there: in FreeCell's deal 3, 4♦ goes
// on 6♥ only with the 5♠ under it.
func TestPickSaysWhatGoesAlong(t *testing.T) {
	h := newHarness(t, "freecell", 3, "")
	h.keys("a", "A", "g")
	require.NotNil(t, h.a.play.pick)
	assert.Contains(t, h.message(), "t5 (with 5S)", h.frame())
	assert.Regexp(t, `free1, `, h.message(), "a pile the card goes to alone is named alone")
}

// The moves a or A play at once go back at once with u, and come again at
// once with r; a move of the player's own after them goes back alone.
func TestAutoIsUndoneAtOnce(t *testing.T) {
	var h *harness
	for seed := uint64(1); ; seed++ { // a deal where A plays several cards
		require.Less(t, seed, uint64(200))
		h = newHarness(t, "freecell", seed, "")
		h.keys("A")
		if len(h.history()) >= 2 {
			h = newHarness(t, "freecell", seed, "")
			break
		}
	}
	h.keys("a", "A")
	n := len(h.history())
	require.Greater(t, n, 2, "a and A play several moves here")
	h.keys("u")
	assert.Less(t, len(h.history()), n-1, "u takes back what A played, at once: %s", h.message())
	h.keys("r")
	assert.Equal(t, n, len(h.history()), "r plays it again at once: %s", h.message())
	h.keys("u", "u")
	assert.Empty(t, h.history(), "then what a played: %s", h.message())
}

// With a game saved, at 80 columns, the NAME and GAME columns share the
// room: a title keeps half of it, not four letters ("Klo…").
func TestPickerTitlesAt80WithASave(t *testing.T) {
	h := openHarness(t, "", nil, t.TempDir())
	h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	for h.a.picker.entries[h.a.picker.sel].name != "babette" {
		h.keys("down")
	}
	h.keys("enter", "d", "q") // a move, and back to the picker: the game is saved
	require.Equal(t, screenPicker, h.a.screen)
	frame := h.frame()
	require.Contains(t, frame, "[saved game]")
	assert.Regexp(t, `Accordion \(Idle`, frame)
	assert.NotContains(t, frame, "Acc…")
}

// TestEmojiNameKeepsTheSeed: a name of emoji sequences, which a terminal
// draws wider or narrower than their characters one by one (♠ with a
// variation selector takes two columns, a family joined by zero-width
// joiners one emoji's two), still leaves the seed on a title line that
// fits the screen as the terminal measures it.
func TestEmojiNameKeepsTheSeed(t *testing.T) {
	for _, name := range []string{strings.Repeat("♠\ufe0f", 150), strings.Repeat("👨\u200d👩\u200d👧\u200d👦", 40), strings.Repeat("👋🏽", 60)} {
		top := titleAt80(t, name)
		assert.Contains(t, top, "seed 7", "%.20q", name)
		assert.LessOrEqual(t, ansi.StringWidth(top), 80, "%.20q: %q", name, top)
	}
}
