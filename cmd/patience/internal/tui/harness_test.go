package tui

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/interp"
	"github.com/patience-dev/patience/rulesets"
)

var update = flag.Bool("update", false, "rewrite the golden frames in testdata from what the screen shows")

// The fixed terminal the tests play on.
const (
	testW = 100
	testH = 32
)

var testStart = time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)

// testLoad loads a built-in ruleset by name or a rule file by path, as the
// command line does.
func testLoad(arg string) (*check.Game, string, error) {
	if slices.Contains(rulesets.Names(), arg) {
		src, _ := rulesets.Source(arg)
		g, err := check.Source("rulesets/"+arg+".patience", src)
		return g, arg, err
	}
	src, err := os.ReadFile(arg)
	if err != nil {
		return nil, "", err
	}
	g, err := check.Source(arg, src)
	if err != nil {
		return nil, "", err
	}
	abs, _ := filepath.Abs(arg)
	return g, abs, nil
}

// harness drives the app as bubbletea would, on a fixed clock and size,
// with plain text frames.
type harness struct {
	t   *testing.T
	a   *app
	now time.Time
	cfg Config
}

// newHarness opens the app on ruleset (a built-in name or a file) dealing
// seed, keeping its files in dir ("" for a new one).
func newHarness(t *testing.T, ruleset string, seed uint64, dir string) *harness {
	t.Helper()
	return openHarness(t, ruleset, &seed, dir)
}

// openHarness opens the app as "patience play [ruleset] [--seed]" would:
// ruleset "" opens the picker, a nil seed offers a game in progress.
func openHarness(t *testing.T, ruleset string, seed *uint64, dir string, opts ...func(*Config)) *harness {
	t.Helper()
	if dir == "" {
		dir = t.TempDir()
	}
	h := &harness{t: t, now: testStart}
	h.cfg = Config{
		ASCII:    true,
		Dir:      dir,
		Builtins: rulesets.Names(),
		Load:     testLoad,
		NewSeed:  func() uint64 { return 99 },
		Now:      func() time.Time { return h.now },
	}
	if ruleset != "" {
		g, key, err := testLoad(ruleset)
		require.NoError(t, err)
		h.cfg.Game, h.cfg.Key, h.cfg.Seed = g, key, seed
	}
	for _, o := range opts {
		o(&h.cfg)
	}
	h.a = newApp(h.cfg, plainTheme())
	h.send(tea.WindowSizeMsg{Width: testW, Height: testH})
	h.run(h.a.initCmd)
	return h
}

func (h *harness) send(msg tea.Msg) {
	h.t.Helper()
	_, cmd := h.a.Update(msg)
	h.run(cmd)
}

// run runs a command the app returned. Commands other than quitting (the
// clock) are not run: the tests drive time themselves. A picked ruleset,
// the end of a search for a winnable deal and a hint come back as
// messages, at once: the search runs to its end before the next key.
func (h *harness) run(cmd tea.Cmd) {
	h.t.Helper()
	if cmd == nil {
		return
	}
	switch m := cmd().(type) {
	case pickedMsg, searchedMsg, hintMsg:
		h.send(m)
	}
}

// keyMsg turns a key name as bubbletea writes it into the message.
func keyMsg(k string) tea.KeyMsg {
	named := map[string]tea.KeyType{
		"enter": tea.KeyEnter, "space": tea.KeySpace, "esc": tea.KeyEsc, "tab": tea.KeyTab,
		"shift+tab": tea.KeyShiftTab, "up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft,
		"right": tea.KeyRight, "backspace": tea.KeyBackspace, "ctrl+c": tea.KeyCtrlC,
	}
	if t, ok := named[k]; ok {
		if t == tea.KeySpace {
			return tea.KeyMsg{Type: t, Runes: []rune{' '}}
		}
		return tea.KeyMsg{Type: t}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

// keys sends keys, each a name ("enter", "up") or one character.
func (h *harness) keys(ks ...string) {
	h.t.Helper()
	for _, k := range ks {
		h.send(keyMsg(k))
	}
}

// typeText sends the characters of s one key each.
func (h *harness) typeText(s string) {
	for _, r := range s {
		h.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
}

func (h *harness) click(x, y int) {
	h.send(tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
}

// where is the screen position of a card of a pile (idx -1: its top).
func (h *harness) where(pile string, idx int) (int, int) {
	h.t.Helper()
	p := h.a.play
	n, ok := p.g.Rules.PileIndex(pile)
	require.True(h.t, ok, pile)
	pl := p.place(testW, testH)
	require.True(h.t, pl.ok)
	ri, ci, ok := pl.bv.find(n)
	require.True(h.t, ok)
	row, col := pl.bv.rows[ri], pl.bv.rows[ri].cols[ci]
	line := topLine(&col)
	for i, l := range col.lines {
		if idx >= 0 && l.idx == idx {
			line = i
		}
	}
	return pl.ox + col.x + 2, pl.oy + row.y + 1 + line
}

// clickPile clicks a card of a pile (idx -1: its top).
func (h *harness) clickPile(pile string, idx int) {
	h.t.Helper()
	h.click(h.where(pile, idx))
}

func (h *harness) frame() string { return h.a.View() }

func (h *harness) game() *interp.Game { return h.a.play.g }

func (h *harness) history() []string {
	var out []string
	for _, m := range h.game().History() {
		out = append(out, h.game().Rules.MoveString(m))
	}
	return out
}

func (h *harness) message() string { return h.a.play.msg }

// golden collects frames and compares them with a file in testdata.
type golden struct {
	t      *testing.T
	name   string
	frames strings.Builder
}

func (g *golden) add(title string, frame string) {
	g.frames.WriteString("== " + title + " ==\n")
	g.frames.WriteString(frame)
	g.frames.WriteString("\n")
}

func (g *golden) check() {
	g.t.Helper()
	path := filepath.Join("testdata", g.name+".golden")
	got := g.frames.String()
	if *update {
		require.NoError(g.t, os.MkdirAll("testdata", 0o755))
		require.NoError(g.t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(g.t, err, "run go test -update to write the golden file")
	if string(want) != got {
		g.t.Errorf("frames differ from %s (run go test -update to rewrite it):\n%s", path, firstDiff(string(want), got))
	}
}

// firstDiff shows the first frame line that differs.
func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(wl), len(gl)); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return "line " + strconv.Itoa(i+1) + ":\nwant: " + w + "\n got: " + g
		}
	}
	return ""
}
