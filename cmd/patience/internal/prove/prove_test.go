package prove

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/interp"
	"github.com/patience-dev/patience/rulesets"
)

// climb is small enough to settle any deal at once: of seeds 1 to 6, 2 and
// 5 are won (in 15 positions each), 6 too (in 19), the others cannot be.
const climb = `game "Short Climb" {
  suits S
  foundation f { base A  build up same-suit  holds 13 }
  tableau t[3] { build down same-suit  move runs  to foundations, t }
  deal { 5, 4, 4 to t }
  win when all cards in foundations
}
`

func climbRules(t *testing.T) *interp.Rules {
	t.Helper()
	g, err := check.Source("climb.patience", []byte(climb))
	require.NoError(t, err)
	return interp.Compile(g)
}

func TestAsk(t *testing.T) {
	r := climbRules(t)
	h := Ask(r, r.Deal(2), HintLimits)
	require.True(t, h.OK)
	assert.Equal(t, interp.Winnable, h.Verdict)
	assert.Equal(t, "this position is still winnable: play t2 f", h.Text(r, nil))

	h = Ask(r, r.Deal(1), HintLimits)
	assert.Equal(t, interp.Unwinnable, h.Verdict)
	assert.Equal(t, "this position cannot be won; a likely move: t3 t2 (4S fits on t2)", h.Text(r, nil))

	// Out of budget, the heuristic's move, saying so.
	h = Ask(r, r.Deal(2), interp.Limits{Nodes: 1})
	assert.Equal(t, interp.Unknown, h.Verdict)
	assert.Equal(t, "no proof in time; a likely move: t2 f (AS goes to the foundation f)", h.Text(r, nil))
}

// A winning line that starts with a deal is hinted as "deal".
func TestAskDeal(t *testing.T) {
	g, err := check.Source("turn.patience", []byte(`game "Turn" {
  suits S
  foundation f { base A  build up same-suit  holds 13 }
  stock { deal 1 to waste  redeal unlimited from waste }
  waste { to foundations }
  deal { rest to stock }
  win when all cards in foundations
}`))
	require.NoError(t, err)
	r := interp.Compile(g)
	h := Ask(r, r.Deal(1), HintLimits)
	assert.Equal(t, interp.Winnable, h.Verdict)
	assert.Equal(t, "this position is still winnable: deal", h.Text(r, nil))
}

func TestWinnableDeal(t *testing.T) {
	r := climbRules(t)
	lim := interp.Limits{Nodes: 15, Time: time.Second}
	res, err := WinnableDeal(context.Background(), r, 3, 10, lim)
	require.NoError(t, err)
	assert.NotEmpty(t, res.Line, "the line that proved it")
	res.Line = nil
	assert.Equal(t, Search{From: 3, Tried: 3, Seed: 5, Found: true, Unwinnable: 2}, res)
	assert.Equal(t, "seed 5 is proved winnable (seeds 3 to 4 were passed over: 2 unwinnable)", res.Report(lim))

	res, _ = WinnableDeal(context.Background(), r, 4, 10, lim)
	assert.Equal(t, "seed 5 is proved winnable (seed 4 was passed over: 1 unwinnable)", res.Report(lim))
	res, _ = WinnableDeal(context.Background(), r, 2, 10, lim)
	assert.Equal(t, "seed 2 is proved winnable", res.Report(lim))

	// Seed 6 needs more than 15 positions: unsettled.
	res, _ = WinnableDeal(context.Background(), r, 6, 2, lim)
	assert.False(t, res.Found)
	assert.Equal(t, "no deal from seed 6 to 7 was proved winnable (1 unwinnable, 1 not settled within 1s and 15 positions)", res.Report(lim))
	res, _ = WinnableDeal(context.Background(), r, 6, 1, interp.Limits{Nodes: 1})
	assert.Equal(t, "no deal of seed 6 was proved winnable (1 not settled within 1 position)", res.Report(interp.Limits{Nodes: 1}))

	// The last seed ends the search.
	res, _ = WinnableDeal(context.Background(), r, ^uint64(0), 5, lim)
	assert.Equal(t, 1, res.Tried)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = WinnableDeal(ctx, r, 3, 10, lim)
	assert.ErrorIs(t, err, context.Canceled)
}

func TestLimitsText(t *testing.T) {
	assert.Equal(t, "2s", LimitsText(interp.Limits{Time: 2 * time.Second}))
	assert.Equal(t, "5000 positions", LimitsText(interp.Limits{Nodes: 5000}))
	assert.Equal(t, "300ms and 100000 positions", LimitsText(HintLimits))
	assert.Equal(t, "no limit", LimitsText(interp.Limits{}))
}

// A position lost by cards that can never leave their piles: the hint says
// which, but does not name a face-down card to the player; solve, which
// prints whole winning lines anyway, names them all.
func TestAskStuck(t *testing.T) {
	src, ok := rulesets.Source("klondike")
	require.True(t, ok)
	g, err := check.Source("klondike.patience", src)
	require.NoError(t, err)
	r := interp.Compile(g)
	h := Ask(r, r.Deal(121), HintLimits)
	require.Equal(t, interp.Unwinnable, h.Verdict)
	require.Len(t, h.Stuck, 2)
	assert.Contains(t, h.Text(r, nil), "this position cannot be won (5H in t5 and a face-down card in t7 can never leave their piles); a likely move: ")
	assert.Equal(t, "5H in t5 and 5D in t7 can never leave their piles", StuckText(r, h.Stuck, false, nil))
	assert.Equal(t, "5H in t5 can never leave its pile", StuckText(r, h.Stuck[:1], true, nil))
}

// A hint asked again where the last found no proof looks longer, level by
// level; in another position, or once it has an answer, it starts again
// from the first.
func TestAskAgain(t *testing.T) {
	r := climbRules(t)
	saved := HintLevels
	defer func() { HintLevels = saved }()
	HintLevels = []interp.Limits{{Nodes: 1, Time: time.Second}, {Nodes: 2, Time: 3 * time.Second}, {Nodes: 100_000, Time: 10 * time.Second}}
	s, other := r.Deal(2), r.Deal(1)
	var a Asker
	require.Equal(t, 0, a.Next(r, s))
	h := AskAt(r, s, a.Next(r, s))
	assert.Equal(t, interp.Unknown, h.Verdict)
	assert.Equal(t, "no proof in time; a likely move: t2 f (AS goes to the foundation f); ask again to look longer", h.Text(r, nil))
	a.Heard(h)
	assert.Equal(t, 0, a.Next(r, other), "another position starts from the first level")
	require.Equal(t, 1, a.Next(r, s))
	h = AskAt(r, s, a.Next(r, s))
	assert.Equal(t, interp.Unknown, h.Verdict)
	assert.Equal(t, "no proof within 3s and 2 positions either; a likely move: t2 f (AS goes to the foundation f); ask again to look longer", h.Text(r, nil))
	a.Heard(h)
	require.Equal(t, 2, a.Next(r, s))
	h = AskAt(r, s, a.Next(r, s))
	assert.Equal(t, interp.Winnable, h.Verdict)
	assert.False(t, h.Again)
	a.Heard(h)
	assert.Equal(t, 0, a.Next(r, s), "an answer starts the count again")

	// The last level says so, and offers no more.
	HintLevels[2] = interp.Limits{Nodes: 2, Time: 10 * time.Second}
	h = AskAt(r, s, 99)
	assert.Equal(t, 2, h.Level)
	assert.False(t, h.Again)
	assert.Equal(t, "no proof within 10s and 2 positions either; a likely move: t2 f (AS goes to the foundation f)", h.Text(r, nil))
	a.Heard(h)
	assert.Equal(t, 0, a.Next(r, s))
}

// A player who follows the winning line a hint found is told its next move
// at once, as winnable, whatever a new search would find in the time; off
// the line, a hint searches again.
func TestKnownLineGoesOn(t *testing.T) {
	r := climbRules(t)
	s := r.Deal(2)
	var a Asker
	_, ok := a.Known(r, s)
	assert.False(t, ok, "no line yet")
	h := AskAt(r, s, 0)
	require.Equal(t, interp.Winnable, h.Verdict)
	a.Heard(h)
	for i := 0; !r.Won(s); i++ {
		k, ok := a.Known(r, s)
		require.True(t, ok, "move %d of the line", i)
		assert.Equal(t, interp.Winnable, k.Verdict)
		assert.Equal(t, h.line[i], k.Move)
		r.Apply(s, k.Move)
	}
	// Off the line: another deal, and a move the line does not make.
	_, ok = a.Known(r, r.Deal(5))
	assert.False(t, ok)
	s = r.Deal(2)
	for _, m := range r.Moves(s, nil) {
		if m != h.line[0] {
			x := s.Clone()
			r.Apply(x, m)
			_, ok = a.Known(r, x)
			assert.False(t, ok, "after %s", r.MoveString(m))
		}
	}
	// A line that no longer wins is not believed, whatever its hashes.
	a.line = append([]interp.Move{}, a.line[:len(a.line)-1]...)
	_, ok = a.Known(r, r.Deal(2))
	assert.False(t, ok, "a line cut short wins nothing")
}

// A line found elsewhere (the one --winnable proved a deal with) is taken
// as a hint's own when it wins from the position, and ignored otherwise.
func TestLearnALine(t *testing.T) {
	r := climbRules(t)
	s := r.Deal(2)
	sol := r.Solve(s, interp.Limits{Nodes: 100_000, AnyLine: true})
	require.Equal(t, interp.Winnable, sol.Verdict)
	var a Asker
	a.Learn(r, s, sol.Moves[:len(sol.Moves)-1])
	_, ok := a.Known(r, s)
	assert.False(t, ok, "a line cut short is not learnt")
	a.Learn(r, r.Deal(1), sol.Moves)
	_, ok = a.Known(r, r.Deal(1))
	assert.False(t, ok, "nor one from another deal")
	a.Learn(r, s, sol.Moves)
	h, ok := a.Known(r, s)
	require.True(t, ok)
	assert.Equal(t, sol.Moves[0], h.Move)
	assert.Equal(t, "this position is still winnable: play "+r.MoveString(sol.Moves[0]), h.Text(r, nil))
}

// WinnableDeal gives the line that proved its deal.
func TestWinnableDealGivesItsLine(t *testing.T) {
	r := climbRules(t)
	res, err := WinnableDeal(context.Background(), r, 1, 6, HintLimits)
	require.NoError(t, err)
	require.True(t, res.Found)
	s := r.Deal(res.Seed)
	for _, m := range res.Line {
		require.True(t, r.Legal(s, m))
		r.Apply(s, m)
	}
	assert.True(t, r.Won(s))
}
