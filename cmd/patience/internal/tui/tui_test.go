package tui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/cmd/patience/internal/store"
	"github.com/patience-dev/patience/interp"
	"github.com/patience-dev/patience/rulesets"
)

// Tiny games, as in testdata/script: one won in two deals, one lost in two.
const twoTurns = `game "Two Turns" {
  decks 1
  stock { deal 26 to waste }
  waste
  deal { rest to stock }
  win when all cards in waste
}
`

const deadEnd = `game "Dead End" {
  decks 1
  foundation f[4] { base A  build up same-suit  holds 13 }
  stock { deal 26 to waste }
  waste { to foundations }
  deal { rest to stock }
  win when all cards in foundations
}
`

func writeRules(t *testing.T, name, src string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	return path
}

func (h *harness) pileName(p int) string { return h.game().Rules.PileName(p) }

func (h *harness) targets() []string {
	var out []string
	if h.a.play.pick == nil {
		return nil
	}
	for _, p := range h.a.play.boardOrder() {
		if h.a.play.pick.targets[p] {
			out = append(out, h.pileName(p))
		}
	}
	return out
}

func TestPickDropKeyboard(t *testing.T) {
	h := newHarness(t, "rouge-et-noir", 3, "")
	// The cursor starts on the stock; up goes to the columns above it.
	assert.Equal(t, "stock", h.pileName(h.a.play.cursor.pile))
	h.keys("up")
	assert.True(t, strings.HasPrefix(h.pileName(h.a.play.cursor.pile), "c"))
	for range 10 {
		h.keys("left")
	}
	assert.Equal(t, "c1", h.pileName(h.a.play.cursor.pile))
	for range 6 {
		h.keys("right")
	}
	require.Equal(t, "c7", h.pileName(h.a.play.cursor.pile))
	h.keys("enter")
	assert.Equal(t, []string{"c9"}, h.targets(), "only the legal targets light up")
	h.keys("right", "right", "space")
	assert.Equal(t, []string{"c7 c9"}, h.history())

	// Up from the top card of c9 reaches the king under it: the run from
	// there is picked, and it goes to the empty column.
	h.keys("up", "enter")
	require.NotNil(t, h.a.play.pick)
	assert.Equal(t, 2, h.a.play.pick.count)
	assert.Equal(t, []string{"c10"}, h.targets())
	h.keys("right", "enter")
	assert.Equal(t, []string{"c7 c9", "c9 c10 2"}, h.history())

	// Esc puts back what is held; tab walks the piles in board order.
	h.keys("9", "esc")
	assert.Nil(t, h.a.play.pick)
	assert.Equal(t, "put back", h.message())
	h.keys("tab")
	assert.Equal(t, "c2", h.pileName(h.a.play.cursor.pile))
	h.keys("shift+tab", "shift+tab")
	assert.Equal(t, "d4", h.pileName(h.a.play.cursor.pile))
}

func TestMouse(t *testing.T) {
	h := newHarness(t, "plot", 3, "")
	h.clickPile("t3", -1)
	assert.Equal(t, []string{"t1", "t11"}, h.targets())
	h.clickPile("t11", -1)
	assert.Equal(t, []string{"t3 t11"}, h.history())
	// A click on the stock deals; a click on nothing puts back.
	h.clickPile("stock", -1)
	assert.Equal(t, []string{"t3 t11", "deal"}, h.history())
	h.clickPile("t1", -1)
	require.NotNil(t, h.a.play.pick)
	h.click(0, testH-3)
	assert.Nil(t, h.a.play.pick)
	// Clicking the pile picked from puts back too.
	h.clickPile("t1", -1)
	h.clickPile("t1", -1)
	assert.Nil(t, h.a.play.pick)
	assert.Len(t, h.history(), 2)
}

func TestPairs(t *testing.T) {
	// Pyramid: a card is dropped on its partner, a King on the discard.
	h := newHarness(t, "pyramid", 1, "")
	var king, a, b string
	moves := h.game().Moves()
	for _, m := range moves {
		if m.Kind == interp.Pair && m.Count == 1 && king == "" {
			king = h.pileName(int(m.From))
		}
		if m.Kind == interp.Pair && m.Count == 2 && a == "" && h.game().Rules.Game.Piles[m.From].Name != "waste" && h.pileName(int(m.From2)) != "waste" {
			a, b = h.pileName(int(m.From)), h.pileName(int(m.From2))
		}
	}
	if a == "" {
		t.Skip("no pair on the opening of this deal")
	}
	h.clickPile(a, -1)
	assert.Contains(t, h.targets(), b)
	h.clickPile(b, -1)
	assert.Equal(t, []string{a + "+" + b + " d"}, h.history())
	_ = king

	// A card dropped on a card it does not pair with: the engine's reason.
	h.keys("u")
	h.clickPile("p22", -1)
	h.clickPile("p1", -1)
	assert.Contains(t, h.message(), "p1")
	assert.Empty(t, h.history())
}

func TestIllegalDrop(t *testing.T) {
	h := newHarness(t, "plot", 3, "")
	h.keys("d")
	before, err := json.Marshal(h.game().Position())
	require.NoError(t, err)

	h.keys("b", "e") // t2 onto t4
	after, err := json.Marshal(h.game().Position())
	require.NoError(t, err)
	assert.Equal(t, string(before), string(after), "an illegal drop changes nothing")

	// The message is the engine's own reason for the same move.
	g := interp.New(h.game().Rules.Game, 3)
	_, _ = g.Play("deal")
	_, want := g.Play("t2 t4")
	require.Error(t, want)
	assert.Equal(t, want.Error(), h.message())
	assert.Equal(t, msgError, h.a.play.msgKind)
	assert.Contains(t, h.frame(), want.Error())
	assert.Nil(t, h.a.play.pick, "the cards are put back")

	// Picking a face-down card says so.
	r := newHarness(t, "rouge-et-noir", 3, "")
	r.clickPile("c1", 0)
	assert.Equal(t, "that card of c1 is face down", r.message())
	assert.Nil(t, r.a.play.pick)
}

func TestUndoRedo(t *testing.T) {
	h := newHarness(t, "plot", 3, "")
	h.keys("u")
	assert.Equal(t, "nothing to undo", h.message())
	h.keys("r")
	assert.Equal(t, "nothing to redo", h.message())
	h.keys("d", "c", "0")
	assert.Equal(t, []string{"deal", "t3 t1"}, h.history())
	h.keys("u")
	assert.Equal(t, []string{"deal"}, h.history())
	assert.Equal(t, "undid t3 t1", h.message())
	h.keys("u")
	assert.Empty(t, h.history())
	h.keys("r", "r")
	assert.Equal(t, []string{"deal", "t3 t1"}, h.history())
	assert.Equal(t, "redid t3 t1", h.message())
	assert.Contains(t, h.frame(), "moves 2")
}

func TestHintAndAuto(t *testing.T) {
	h := newHarness(t, "freecell", 1, "")
	h.keys("h")
	// The solver wins this deal within a hint's budget: the hint is the
	// first move of its line, and a legal one.
	msg, found := strings.CutPrefix(h.message(), "hint: this position is still winnable: play ")
	require.True(t, found, h.message())
	m, err := h.game().Rules.ParseMove(h.game().State(), msg)
	require.NoError(t, err)
	assert.True(t, h.game().Rules.Legal(h.game().State(), m))
	assert.Contains(t, h.frame(), "!")
	h.keys("a")
	assert.True(t, strings.HasPrefix(h.message(), "auto: "), h.message())
	assert.NotEmpty(t, h.history())
	h.keys("a")
	// a plays only safe moves; a card that could go now is left, and the
	// message says which key plays it.
	assert.Equal(t, "no safe moves to the foundations (a card there now might yet be wanted elsewhere; A plays every card that can go)", h.message())
	before := len(h.history())
	h.keys("A")
	assert.True(t, strings.HasPrefix(h.message(), "to the foundations: "), h.message())
	assert.Greater(t, len(h.history()), before)
	assert.Empty(t, h.a.play.foundationMoves(), "A plays until no card can go")
	h.keys("A")
	assert.Equal(t, "no card can go to a foundation now", h.message())
}

func TestRedeal(t *testing.T) {
	// Precedence: d deals the whole stock, then redeals the waste.
	h := newHarness(t, "precedence", 5, "")
	for h.game().State().Count(h.game().Rules, h.game().Rules.Game.Stock) > 0 {
		h.keys("d")
	}
	assert.Contains(t, h.frame(), "stock 0  redeals left 2")
	h.keys("d")
	assert.Equal(t, "redeal", h.message())
	assert.Contains(t, h.frame(), "stock 103  redeals left 1")

	// A game with no redeal says why the empty stock cannot deal.
	p := newHarness(t, "plot", 3, "")
	for p.game().State().Count(p.game().Rules, p.game().Rules.Game.Stock) > 0 {
		p.keys("d")
	}
	p.keys("d")
	assert.Equal(t, "the stock is empty", p.message())
}

func TestSaveAfterMoveAndResume(t *testing.T) {
	dir := t.TempDir()
	h := newHarness(t, "plot", 3, dir)
	st := &store.Store{Dir: dir}
	_, err := os.Stat(st.SavePath("plot", 3))
	assert.True(t, os.IsNotExist(err), "nothing is saved before the first move")

	h.keys("d")
	h.now = h.now.Add(65 * time.Second)
	h.keys("c", "0")
	sv, err := st.Load("plot", 3)
	require.NoError(t, err)
	assert.Equal(t, []string{"deal", "t3 t1"}, sv.Moves)
	assert.Equal(t, "plot", sv.Ruleset)
	assert.Equal(t, int64(65000), sv.ElapsedMS)
	entries, err := os.ReadDir(filepath.Join(dir, "saves"))
	require.NoError(t, err)
	require.Len(t, entries, 1, "no temporary file is left behind")

	// The save is a position "patience play --resume" reads.
	var pos interp.Position
	data, err := os.ReadFile(st.SavePath("plot", 3))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &pos))
	g, err := h.game().Rules.Load(&pos)
	require.NoError(t, err)
	assert.Len(t, g.History(), 2)

	// Next time, with no seed, the game is offered; y resumes it.
	// Leaving keeps the time spent since the last move.
	h.now = h.now.Add(10 * time.Second)
	h.keys("q")
	r := openHarness(t, "plot", nil, dir)
	assert.Contains(t, r.frame(), "A game of Plot is in progress: deal 3, 2 moves made, 1:15 played.")
	assert.Contains(t, r.frame(), "Resume it?")
	r.keys("y")
	assert.Equal(t, []string{"deal", "t3 t1"}, r.history())
	assert.Contains(t, r.frame(), "time 1:15")
	r.keys("u")
	assert.Equal(t, []string{"deal"}, r.history(), "undo goes on working after a resume")

	// With the same seed it is offered too; n deals it afresh.
	n := openHarness(t, "plot", ptr(uint64(3)), dir)
	assert.Contains(t, n.frame(), "Resume it?")
	n.keys("n")
	assert.Empty(t, n.history())
	assert.Equal(t, uint64(3), n.game().Seed)

	// Without a seed, n deals a new one.
	m := openHarness(t, "plot", nil, dir)
	m.keys("n")
	assert.Equal(t, uint64(99), m.game().Seed)

	// Another seed has nothing to resume.
	o := openHarness(t, "plot", ptr(uint64(4)), dir)
	assert.Equal(t, screenGame, o.a.screen)
}

func ptr[T any](v T) *T { return &v }

func readStats(t *testing.T, dir, key string) store.Stats {
	t.Helper()
	all, err := (&store.Store{Dir: dir}).Stats()
	require.NoError(t, err)
	return all[key]
}

func TestStatsWin(t *testing.T) {
	dir := t.TempDir()
	path := writeRules(t, "twoturns.patience", twoTurns)
	h := newHarness(t, path, 1, dir)
	key := h.a.key
	h.keys("d")
	assert.Equal(t, store.Stats{Played: 1}, readStats(t, dir, key), "played from the first move")
	h.now = h.now.Add(3 * time.Second)
	h.keys("d")
	assert.Equal(t, interp.Won, h.a.play.status)
	assert.Equal(t, store.Stats{Played: 1, Won: 1, Streak: 1, BestStreak: 1}, readStats(t, dir, key))
	frame := h.frame()
	assert.Contains(t, frame, "*** You won in 2 moves, 0:03! ***  n new deal  u undo  q quit")
	_, err := os.Stat((&store.Store{Dir: dir}).SavePath(key, 1))
	assert.True(t, os.IsNotExist(err), "a won game is not kept")

	// Undo and win again: the same game is not counted twice.
	h.keys("u", "d")
	assert.Equal(t, store.Stats{Played: 1, Won: 1, Streak: 1, BestStreak: 1}, readStats(t, dir, key))

	// A new deal won too: the streak grows.
	h.keys("n", "d", "d")
	assert.Equal(t, uint64(99), h.game().Seed)
	assert.Equal(t, store.Stats{Played: 2, Won: 2, Streak: 2, BestStreak: 2}, readStats(t, dir, key))
}

func TestStatsLoss(t *testing.T) {
	dir := t.TempDir()
	path := writeRules(t, "deadend.patience", deadEnd)
	h := newHarness(t, path, 1, dir)
	key := h.a.key
	_, err := (&store.Store{Dir: dir}).UpdateStats(key, func(s *store.Stats) { *s = store.Stats{Played: 3, Won: 3, Streak: 3, BestStreak: 3} })
	require.NoError(t, err)
	h.keys("d", "d")
	assert.Equal(t, interp.Lost, h.a.play.status)
	assert.Equal(t, store.Stats{Played: 4, Won: 3, Streak: 0, BestStreak: 3}, readStats(t, dir, key))
	assert.Contains(t, h.frame(), "*** Lost: no move can make progress now. ***  u undo  n new deal  q quit")
	// The lost game stays saved while it is on the screen, for undo...
	st := &store.Store{Dir: dir}
	_, err = st.Load(key, 1)
	require.NoError(t, err)
	h.keys("u")
	assert.Equal(t, interp.Playing, h.a.play.status)
	h.keys("d")
	assert.Equal(t, store.Stats{Played: 4, Won: 3, Streak: 0, BestStreak: 3}, readStats(t, dir, key), "a loss counts once")
	// ...and is dropped when the player moves on.
	h.keys("n")
	_, err = st.Load(key, 1)
	assert.True(t, os.IsNotExist(err))
}

func TestPicker(t *testing.T) {
	dir := t.TempDir()
	st := &store.Store{Dir: dir}
	_, err := st.UpdateStats("plot", func(s *store.Stats) { *s = store.Stats{Played: 5, Won: 2, Streak: 1, BestStreak: 2} })
	require.NoError(t, err)
	h := openHarness(t, "", nil, dir)
	h.send(tea.WindowSizeMsg{Width: 120, Height: 2*len(rulesets.Names()) + 12}) // every game shows
	frame := h.frame()
	for _, name := range rulesets.Names() {
		assert.Contains(t, frame, name)
	}
	assert.Contains(t, frame, "Plot (The Plot)")
	assert.Regexp(t, `plot +Plot \(The Plot\) +5 +2 +1 +2\n +Eight foundations from a base rank`, frame)
	assert.Contains(t, frame, "Open a .patience file")

	// Choose plot: a new game; q goes back to the picker, now showing it.
	for h.a.picker.entries[h.a.picker.sel].name != "plot" {
		h.keys("down")
	}
	h.keys("enter")
	require.Equal(t, screenGame, h.a.screen)
	assert.Equal(t, "Plot", h.game().Rules.Game.Name)
	h.keys("d", "q")
	require.Equal(t, screenPicker, h.a.screen)
	assert.Regexp(t, `plot +Plot \(The Plot\) +6 +2 +1 +2  \[saved game\]`, h.frame())

	// Choosing it again offers the game in progress.
	h.keys("enter")
	assert.Equal(t, screenPrompt, h.a.screen)
	h.keys("y")
	assert.Equal(t, []string{"deal"}, h.history())
	h.keys("q")

	// A path typed in: a bad one is refused in place, a good one plays.
	h.keys("o")
	h.typeText("nowhere.patience")
	h.keys("enter")
	assert.Equal(t, screenPicker, h.a.screen)
	assert.Contains(t, h.frame(), "nowhere.patience")
	assert.Contains(t, h.a.picker.msg, "no such file")
	for range len("nowhere.patience") {
		h.keys("backspace")
	}
	h.typeText(writeRules(t, "twoturns.patience", twoTurns))
	h.keys("enter")
	require.Equal(t, screenGame, h.a.screen)
	assert.Equal(t, "Two Turns", h.game().Rules.Game.Name)

	// A click on a line opens that ruleset.
	h.keys("q")
	h.click(5, pickerTop)
	require.Equal(t, screenGame, h.a.screen)
	assert.Equal(t, rulesets.Names()[0], h.a.key)
}

func TestTooSmall(t *testing.T) {
	h := newHarness(t, "rouge-et-noir", 3, "")
	// Too low for the board, even cut: it scrolls, keeping the cursor
	// (on the stock, at the bottom) in view, and says there is more above.
	h.send(tea.WindowSizeMsg{Width: 40, Height: 12})
	frame := h.frame()
	assert.NotContains(t, frame, "too small")
	assert.Contains(t, frame, "<##>")
	assert.Regexp(t, `\^\n`, frame)
	h.keys("up", "up", "up", "up")
	assert.Contains(t, h.frame(), "f1", "up scrolls back to the top rows")
	assert.NotRegexp(t, `\^\n`, h.frame())
	// Too small for a few lines of board: it says so.
	h.send(tea.WindowSizeMsg{Width: 40, Height: 6})
	frame = h.frame()
	assert.Contains(t, frame, "The terminal is too small")
	assert.Contains(t, frame, "has 40 × 6")
	// Keys still work, and a bigger window brings the board back.
	h.keys("d")
	h.send(tea.WindowSizeMsg{Width: testW, Height: testH})
	assert.Contains(t, h.frame(), "[##]")
	assert.Len(t, h.history(), 1)
}

func TestLongColumnsAreCut(t *testing.T) {
	// Rouge et Noir after every deal: columns longer than the screen show
	// their top cards and count the rest.
	h := newHarness(t, "rouge-et-noir", 3, "")
	for h.game().State().Count(h.game().Rules, h.game().Rules.Game.Stock) > 0 {
		h.keys("d")
	}
	h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	frame := h.frame()
	assert.NotContains(t, frame, "too small")
	assert.Regexp(t, `\+\d+`, frame)
	assert.LessOrEqual(t, len(strings.Split(frame, "\n")), 24)
	for _, l := range strings.Split(frame, "\n") {
		assert.LessOrEqual(t, len([]rune(l)), 80)
	}
}

func TestEveryRulesetDraws(t *testing.T) {
	for _, name := range rulesets.Names() {
		t.Run(name, func(t *testing.T) {
			h := newHarness(t, name, 1, "")
			frame := h.frame()
			assert.NotContains(t, frame, "too small", "at %d × %d", testW, testH)
			for _, p := range h.game().Rules.Game.Piles {
				assert.Contains(t, frame, p.Name)
			}
			// Every key a pile shows is its own.
			seen := map[rune]bool{}
			for _, k := range h.a.play.keys {
				if k != 0 {
					assert.False(t, seen[k], "key %c twice", k)
					seen[k] = true
					assert.NotContains(t, "udrhanq? ", string(k))
				}
			}
			// Walk every pile with the cursor and pick from each: no panic.
			for range h.game().Rules.NumPiles() {
				h.keys("tab", "enter", "esc", "up", "down", "left", "right")
			}
			h.keys("h", "a", "d", "u", "r")
		})
	}
}

func TestKeysTogether(t *testing.T) {
	// Keys typed fast arrive as one message: each is its own command.
	h := newHarness(t, "plot", 3, "")
	h.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("dc0")})
	assert.Equal(t, []string{"deal", "t3 t1"}, h.history())
}

func TestHelpAndQuit(t *testing.T) {
	h := newHarness(t, "plot", 3, "")
	h.keys("?")
	assert.Contains(t, h.frame(), "Keys")
	for _, k := range []string{"undo", "redo", "hint", "deal", "new deal", "quit", "esc", "mouse"} {
		assert.Contains(t, h.frame(), k)
	}
	h.keys("x")
	assert.NotContains(t, h.frame(), "Any key closes")
	_, cmd := h.a.Update(keyMsg("q"))
	require.NotNil(t, cmd)
	assert.IsType(t, tea.QuitMsg{}, cmd())
}

func TestFileKey(t *testing.T) {
}

// resumeFrom opens the app as "patience play --resume path" would, with
// h's settings, on plot.
func resumeFrom(t *testing.T, h *harness, path string) *harness {
	t.Helper()
	sv, err := store.Read(path)
	require.NoError(t, err)
	g, err := h.game().Rules.Load(sv.Position)
	require.NoError(t, err)
	cfg := h.cfg
	cfg.Game, cfg.Seed = nil, nil
	cfg.Resumed, cfg.ResumedFrom, cfg.Key = g, path, "plot"
	r := &harness{t: t, now: h.now, cfg: cfg}
	r.a = newApp(cfg, plainTheme())
	r.send(tea.WindowSizeMsg{Width: testW, Height: testH})
	return r
}

func TestResumeFromFile(t *testing.T) {
	// play --resume FILE with a save of this package: the clock and the
	// statistics state come back with the position.
	dir := t.TempDir()
	h := newHarness(t, "plot", 3, dir)
	h.keys("d")
	h.now = h.now.Add(42 * time.Second)
	h.keys("c", "0")
	r := resumeFrom(t, h, (&store.Store{Dir: dir}).SavePath("plot", 3))
	assert.Equal(t, screenGame, r.a.screen)
	assert.Contains(t, r.frame(), "moves 2  time 0:42")
	assert.True(t, r.a.play.counted)
}

// A game resumed from a file whose deal has another game in progress kept
// for it sets that one aside at its first move, and says where; leaving it
// before a move leaves the other game where it is. Nothing is written over.
func TestAnotherGameOfTheDealIsSetAside(t *testing.T) {
	dir := t.TempDir()
	st := &store.Store{Dir: dir}
	path := st.SavePath("plot", 3)
	h := newHarness(t, "plot", 3, dir)
	h.keys("d")
	copied := filepath.Join(dir, "copy.json")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(copied, data, 0o644))
	h.keys("d", "d")
	kept, err := store.Read(path)
	require.NoError(t, err)
	require.Len(t, kept.Moves, 3)

	resume := func() *harness { return resumeFrom(t, h, copied) }
	r := resume()
	r.keys("q")
	after, err := store.Read(path)
	require.NoError(t, err)
	assert.Equal(t, kept.Moves, after.Moves, "left before a move: the other game stays")
	assert.NoFileExists(t, path+".old")

	r = resume()
	r.keys("d")
	assert.Contains(t, r.a.play.msg, "; the game of 3 moves kept for this deal is now in "+path+".old")
	aside, err := store.Read(path + ".old")
	require.NoError(t, err)
	assert.Equal(t, kept.Moves, aside.Moves)
	now, err := store.Read(path)
	require.NoError(t, err)
	assert.Len(t, now.Moves, 2, "this game is saved in its place")
}

func TestPickerScrolls(t *testing.T) {
	h := openHarness(t, "", nil, "")
	h.send(tea.WindowSizeMsg{Width: 100, Height: 16})
	assert.Contains(t, h.frame(), "more v")
	assert.NotContains(t, h.frame(), "more ^")
	for range len(rulesets.Names()) {
		h.keys("down")
	}
	assert.Contains(t, h.frame(), "> Open a .patience file")
	assert.Contains(t, h.frame(), "more ^")
}

func TestCorruptSaveIsSetAside(t *testing.T) {
	// A file in the place of the game's save that is not a save at all is
	// moved aside as NAME.json.bad, said once, and the game is saved.
	dir := t.TempDir()
	st := &store.Store{Dir: dir}
	path := st.SavePath("plot", 3)
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	const truncated = "{\n  \"format\": 1,\n  \"game\": \"Plot\",\n  \"se"
	require.NoError(t, os.WriteFile(path, []byte(truncated), 0o644))

	h := newHarness(t, "plot", 3, dir)
	assert.Equal(t, path+" was damaged (not a saved game: line 4: unexpected end of JSON input); it is kept as plot-3.json.bad", h.message())
	assert.Equal(t, msgError, h.a.play.msgKind)
	data, err := os.ReadFile(path + ".bad")
	require.NoError(t, err)
	assert.Equal(t, truncated, string(data))
	h.keys("d")
	assert.Equal(t, "deal", h.message(), "said once")
	assert.NotContains(t, h.frame(), "not saved")
	sv, err := st.Load("plot", 3)
	require.NoError(t, err)
	assert.Equal(t, []string{"deal"}, sv.Moves)

	// The same without a seed: the damaged autosave is set aside beside
	// the first, and said so; no game is offered.
	require.NoError(t, os.WriteFile(st.SavePath("plot", 7), []byte("{"), 0o644))
	require.NoError(t, os.Remove(path))
	n := openHarness(t, "plot", nil, dir)
	assert.Equal(t, screenGame, n.a.screen)
	assert.Contains(t, n.message(), "plot-7.json was damaged")
	assert.Contains(t, n.message(), "it is kept as plot-7.json.bad")
	_, err = os.Stat(st.SavePath("plot", 7) + ".bad")
	require.NoError(t, err)
}

func TestCorruptStatsAreSetAside(t *testing.T) {
	dir := t.TempDir()
	stats := filepath.Join(dir, "stats.json")
	require.NoError(t, os.WriteFile(stats, []byte("{\"format\": 1, \"rulesets\": {"), 0o644))
	h := newHarness(t, "plot", 3, dir)
	h.keys("d")
	assert.Contains(t, h.message(), "the statistics file was damaged")
	assert.Contains(t, h.message(), "it is kept as stats.json.bad and new statistics are started")
	data, err := os.ReadFile(stats + ".bad")
	require.NoError(t, err)
	assert.Equal(t, "{\"format\": 1, \"rulesets\": {", string(data))
	assert.Equal(t, store.Stats{Played: 1}, readStats(t, dir, "plot"))
	h.keys("c", "0")
	assert.NotContains(t, h.message(), "damaged", "said once")
}

func TestSaveOfChangedRules(t *testing.T) {
	// A save made under other rules is not offered, and the fresh deal
	// says in full why; the save is kept, and the same deal is played
	// unsaved.
	dir := t.TempDir()
	path := writeRules(t, "twoturns.patience", twoTurns)
	h := newHarness(t, path, 1, dir)
	key := h.a.key
	h.keys("d", "q")
	require.NoError(t, os.WriteFile(path, []byte(strings.Replace(twoTurns, "decks 1", "decks 1\n  summary \"Changed.\"", 1)), 0o644))
	st := &store.Store{Dir: dir}
	before, err := os.ReadFile(st.SavePath(key, 1))
	require.NoError(t, err)

	for _, seed := range []*uint64{ptr(uint64(1)), nil} {
		r := openHarness(t, path, seed, dir)
		assert.NotContains(t, r.frame(), "Resume it?")
		assert.Regexp(t, `^The game in progress of deal 1 \(1 move, in .*twoturns-[0-9a-f]{8}-1\.json\) cannot be resumed: the rules of "Two Turns" have changed since this position was written \(rules hash [0-9a-f]{16}, now [0-9a-f]{16}\); the file is left as it is`, r.message())
		assert.Empty(t, r.history())
		// Said in full, over as many lines as it takes.
		flat := strings.Join(strings.Fields(r.frame()), " ")
		assert.Contains(t, flat, strings.Join(strings.Fields(r.message()), " "))
		assert.NotContains(t, r.frame(), "…")
	}
	r := newHarness(t, path, 1, dir)
	assert.Contains(t, r.message(), "and this deal is played unsaved")
	assert.Contains(t, r.frame(), "not saved")
	r.keys("d")
	after, err := os.ReadFile(st.SavePath(key, 1))
	require.NoError(t, err)
	assert.Equal(t, string(before), string(after))
}

// The picker marks a game as saved only when opening it would offer the
// saved game: not for a game left before its first move, nor for a save
// the rules can no longer load.
func TestPickerMarksOnlyResumableSaves(t *testing.T) {
	dir := t.TempDir()
	h := openHarness(t, "", nil, dir)
	h.send(tea.WindowSizeMsg{Width: 120, Height: 2*len(rulesets.Names()) + 12})
	for h.a.picker.entries[h.a.picker.sel].name != "plot" {
		h.keys("down")
	}
	h.keys("enter")
	require.Equal(t, screenGame, h.a.screen)
	h.keys("q") // no move made
	require.Equal(t, screenPicker, h.a.screen)
	assert.NotContains(t, h.frame(), "[saved game]")
	h.keys("enter")
	assert.Equal(t, screenGame, h.a.screen, "nothing is offered, so the picker must not say there is")

	// A save written under other rules (here its rules hash is changed, as
	// a save from an older version of a built-in game would differ).
	seed := h.a.play.g.Seed
	h.keys("d", "q")
	require.Equal(t, screenPicker, h.a.screen)
	require.Contains(t, h.frame(), "[saved game]", "a save the rules can load is marked")
	st := &store.Store{Dir: dir}
	path := st.SavePath("plot", seed)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var doc map[string]any
	require.NoError(t, json.Unmarshal(data, &doc))
	doc["rules_hash"] = "0123456789abcdef"
	data, err = json.Marshal(doc)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, data, 0o644))
	h = openHarness(t, "", nil, dir)
	h.send(tea.WindowSizeMsg{Width: 120, Height: 2*len(rulesets.Names()) + 12})
	assert.NotContains(t, h.frame(), "[saved game]", "the rules refuse this save: opening plot offers nothing")
}

// A refusal and a hint write their cards as the board does: "K♦", or "KD"
// with ASCII.
func TestMessagesWriteCardsAsTheBoard(t *testing.T) {
	h := openHarness(t, "klondike", ptr(uint64(3)), "", func(c *Config) { c.ASCII = false })
	h.keys("7", "3")
	assert.Equal(t, "f1 is empty: only an A may start it, not K♦", h.message())
	assert.Contains(t, h.frame(), "[K♦]")

	h = openHarness(t, "klondike", ptr(uint64(3)), "")
	h.keys("7", "3")
	assert.Equal(t, "f1 is empty: only an A may start it, not KD", h.message())
}

// A file that does not check, typed into the picker at 80 × 24: its whole
// error is on the screen, wrapped (it was cut to one line), and the list
// makes room for it and takes it back when the message goes.
func TestPickerShowsAWholeError(t *testing.T) {
	h := openHarness(t, "", nil, t.TempDir())
	h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	before := strings.Count(h.frame(), "\n")
	path := writeRules(t, "bad.patience", "game \"x\" {\n  foundation f { build any }\n  tableau t { to f; bogus }\n  deal { rest to f }\n  win when all cards in f\n}\n")
	h.keys("o")
	h.typeText(path)
	h.keys("enter")
	require.Equal(t, screenPicker, h.a.screen)
	flat := strings.Join(strings.Fields(h.frame()), " ")
	assert.Contains(t, flat, "a pile block has statements base, build, run,")
	assert.Contains(t, flat, "follow, close")
	for _, line := range strings.Split(h.frame(), "\n") {
		assert.LessOrEqual(t, utf8.RuneCountInString(line), 80, line)
	}
	assert.Equal(t, before, strings.Count(h.frame(), "\n"), "the frame keeps its height")
	assert.Contains(t, h.frame(), "File: "+path)
}

// A FIFO typed into the picker is refused at once: reading it held the
// screen, keys and all, until something wrote to it.
func TestPickerRefusesAFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "rules.patience")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	h := openHarness(t, "", nil, t.TempDir())
	h.keys("o")
	h.typeText(fifo)
	done := make(chan struct{})
	go func() {
		defer close(done)
		h.keys("enter")
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0) // let the reader go
		if err == nil {
			f.Close()
		}
		t.Fatal("opening a FIFO held the picker")
	}
	require.Equal(t, screenPicker, h.a.screen)
	assert.Contains(t, strings.Join(strings.Fields(h.frame()), " "), "it is not a regular file")
}
