package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/cmd/patience/internal/prove"
	"github.com/patience-dev/patience/interp"
)

// climb is a game small enough for the solver to settle any deal at once:
// seed 2 is won in 21 moves, seed 1 cannot be won, seeds 3 and 4 cannot
// either but 5 can, and none from 7 to 25 can, but 26 can.
const climb = `# One suit dealt to three columns, built down and moved in runs.
game "Short Climb" {
  suits S
  foundation f { base A  build up same-suit  holds 13 }
  tableau t[3] { build down same-suit  move runs  to foundations, t }
  deal { 5, 4, 4 to t }
  win when all cards in foundations
}
`

func climbFile(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "climb.patience")
	require.NoError(t, os.WriteFile(path, []byte(climb), 0o644))
	return path
}

func winnable(c *Config) { c.Winnable = true }

func TestHintProvesWinnable(t *testing.T) {
	h := newHarness(t, climbFile(t), 2, "")
	h.keys("h")
	assert.Equal(t, "hint: this position is still winnable: play t2 f", h.message())
	require.NotNil(t, h.a.play.hint)
	assert.Equal(t, "t2 f", h.game().Rules.MoveString(*h.a.play.hint))
}

func TestHintProvesLost(t *testing.T) {
	h := newHarness(t, climbFile(t), 1, "")
	h.keys("h")
	m, why, ok := h.game().Rules.Hint(h.game().State())
	require.True(t, ok)
	assert.Equal(t, "hint: this position cannot be won; a likely move: "+h.game().Rules.MoveString(m)+" ("+why.String()+")", h.message())
}

func TestWinnableDeal(t *testing.T) {
	seed := uint64(3)
	h := openHarness(t, climbFile(t), &seed, "", winnable)
	require.Equal(t, screenGame, h.a.screen)
	assert.Equal(t, uint64(5), h.game().Seed)
	assert.Equal(t, "seed 5 is proved winnable (seeds 3 to 4 were passed over: 2 unwinnable): good luck", h.message())
	// The line that proved it is the hints' own: known at once.
	_, known := h.a.play.hints.Known(h.game().Rules, h.game().State())
	assert.True(t, known, "the first hint goes on with the proof")

	// A new deal is looked for from a new seed (99 in the tests).
	h.keys("n")
	require.Equal(t, screenGame, h.a.screen)
	assert.Equal(t, uint64(103), h.game().Seed)
}

func TestWinnableDealNoneFound(t *testing.T) {
	seed := uint64(7)
	h := openHarness(t, climbFile(t), &seed, "", winnable)
	g := &golden{t: t, name: "winnable"}
	require.Equal(t, screenSearch, h.a.screen)
	g.add("--winnable --seed 7: no deal from 7 to 16 can be won", h.frame())
	h.keys("n")
	require.Equal(t, screenGame, h.a.screen)
	assert.Equal(t, uint64(26), h.game().Seed)
	g.add("n: the next ten seeds are tried, and 26 is dealt", h.frame())
	g.check()
}

func TestWinnableSearchStopped(t *testing.T) {
	seed := uint64(7)
	h := openHarness(t, climbFile(t), &seed, "", winnable)
	require.Equal(t, screenSearch, h.a.screen)
	_, cmd := h.a.Update(keyMsg("q"))
	require.NotNil(t, cmd)
	assert.IsType(t, tea.QuitMsg{}, cmd())
	// An answer that comes after the search was stopped is dropped.
	h.a.Update(searchedMsg{id: 1})
	assert.Nil(t, h.a.play)
}

// The hint is looked for in the background; an answer that comes after
// the position changed is dropped, not shown against the new position.
func TestHintOfAnOldPosition(t *testing.T) {
	h := newHarness(t, climbFile(t), 2, "")
	_, cmd := h.a.Update(keyMsg("h"))
	require.NotNil(t, cmd)
	assert.Equal(t, "hint: thinking...", h.message())
	answer := cmd()
	h.keys("3", "1") // t2 (key 3) to f (key 1)
	require.Equal(t, []string{"t2 f"}, h.history())
	moved := h.message()
	h.send(answer)
	assert.Nil(t, h.a.play.hint)
	assert.Equal(t, moved, h.message())

	// Asked again, the answer is of the position now.
	h.keys("h")
	require.NotNil(t, h.a.play.hint)
	assert.True(t, strings.HasPrefix(h.message(), "hint: this position is still winnable: play "), h.message())
}

// Asked again where the last hint found no proof, the hint looks longer,
// and says so while it looks; once it finds a winning line, a player who
// follows it is told the next move at once (off the line, a hint looks
// again: TestKnownLineGoesOn).
func TestHintAskedAgain(t *testing.T) {
	saved := prove.HintLevels
	defer func() { prove.HintLevels = saved }()
	prove.HintLevels = []interp.Limits{{Nodes: 1, Time: time.Second}, {Nodes: 2, Time: 3 * time.Second}, {Nodes: 100_000, Time: 10 * time.Second}}
	h := newHarness(t, climbFile(t), 2, "")
	h.keys("h")
	assert.True(t, strings.HasPrefix(h.message(), "hint: no proof in time; "), h.message())
	assert.True(t, strings.HasSuffix(h.message(), "; ask again to look longer"), h.message())
	_, cmd := h.a.Update(keyMsg("h"))
	require.NotNil(t, cmd)
	assert.Equal(t, "hint: looking longer (up to 3s)...", h.message())
	h.send(cmd())
	assert.True(t, strings.HasPrefix(h.message(), "hint: no proof within 3s and 2 positions either; "), h.message())
	h.keys("h")
	require.NotNil(t, h.a.play.hint)
	assert.True(t, strings.HasPrefix(h.message(), "hint: this position is still winnable: play "), h.message())

	h.keys("h") // answered
	h.keys("3", "1")
	// The hinted move: the winning line goes on, told at once.
	_, cmd = h.a.Update(keyMsg("h"))
	require.NotNil(t, cmd)
	h.send(cmd())
	assert.True(t, strings.HasPrefix(h.message(), "hint: this position is still winnable: play "), h.message())
}
