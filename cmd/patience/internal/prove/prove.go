// Package prove asks the solver the short questions a game in play needs
// answered at once: whether the position is still winnable and which move
// starts a winning line (for hints), and which deal to hand out when only
// winnable ones are wanted (play --winnable). Line mode, the JSON protocol
// and the full-screen game all ask here, so that they say the same thing
// within the same budgets, which are set here and nowhere else.
package prove

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/patience-dev/patience/interp"
)

// The budget of the search behind a hint: short enough to feel immediate.
// The node cap bounds the memory the search takes, and makes the answer
// the same on machines of different speeds more often than a time alone.
const (
	HintTime  = 300 * time.Millisecond
	HintNodes = 100_000
)

// HintLimits is the budget of a hint as solver limits.
var HintLimits = interp.Limits{Time: HintTime, Nodes: HintNodes}

// HintLevels are the budgets of a hint asked again and again in the same
// position, each longer than the last, the first HintLimits: a player who
// asks again after "no proof in time" wants to know, and will wait. The
// longer ones are bounded in memory as stats bounds a deal, and by a count
// of positions as well as by time (a fast machine searches a million
// positions in a fifth of a second); the hint names both ("no proof within
// 3s and 10000000 positions either"), since either may end the look. Line
// mode, the JSON protocol and the full-screen game count the asks with an
// Asker.
var HintLevels = []interp.Limits{
	HintLimits,
	{Time: 3 * time.Second, Nodes: 100 * HintNodes, Memory: 256 << 20},
	{Time: 10 * time.Second, Nodes: 1000 * HintNodes, Memory: 256 << 20},
}

// The budget of play --winnable: each deal tried gets DealTime to be proved
// winnable, and DealTries deals are tried, one seed after another, before
// giving up.
const (
	DealTime  = 2 * time.Second
	DealTries = 10
)

// DealLimits is the budget of one deal tried, as solver limits.
var DealLimits = interp.Limits{Time: DealTime, Memory: 2_000_000}

// Hint is a suggested move and what the solver knew when it was made.
type Hint struct {
	Move interp.Move
	// OK is false when no move is legal: there is nothing to suggest.
	OK bool
	// Verdict is the solver's verdict on the position. When Winnable, Move
	// is the first move of a winning line; otherwise it is the heuristic's
	// choice (interp.Rules.Hint).
	Verdict interp.Verdict
	// Why is the reason for the move, for a person.
	Why interp.Text
	// Won is set when the position is already won.
	Won bool
	// Stuck: when the verdict is Unwinnable for cards that can never
	// leave their piles, those cards (interp.Solution.Stuck).
	Stuck []interp.Stuck
	// Level is the budget it was asked with, in HintLevels (AskAt), and
	// Again is set when it found no proof and a longer one is left.
	Level int
	Again bool
	at    uint64 // the position asked in (see Asker)
	// line is the winning line when Verdict is Winnable, and lineAt the
	// hash of the position before each of its moves (see Asker.Known).
	line   []interp.Move
	lineAt []uint64
}

// Ask suggests a move in s: the first move of a winning line, if the solver
// finds one within lim, else the heuristic's choice (interp.Rules.Hint).
func Ask(r *interp.Rules, s *interp.State, lim interp.Limits) Hint {
	if r.Won(s) {
		return Hint{Won: true, Verdict: interp.Winnable}
	}
	m, why, ok := r.Hint(s)
	if !ok {
		return Hint{}
	}
	h := Hint{Move: m, OK: true, Why: why}
	sol := r.Solve(s, lim)
	h.Verdict, h.Stuck = sol.Verdict, sol.Stuck
	if sol.Verdict == interp.Winnable && len(sol.Moves) > 0 {
		h.Move, h.Why = sol.Moves[0], interp.Textf("it starts a winning line")
		h.line = sol.Moves
	}
	return h
}

// AskAt is Ask with the budget of HintLevels[level].
func AskAt(r *interp.Rules, s *interp.State, level int) Hint {
	level = min(max(level, 0), len(HintLevels)-1)
	h := Ask(r, s, HintLevels[level])
	h.Level, h.at = level, s.Hash(r)
	if len(h.line) > 0 {
		x := s.Clone()
		for _, m := range h.line {
			h.lineAt = append(h.lineAt, x.Hash(r))
			r.Apply(x, m)
		}
	}
	h.Again = h.OK && h.Verdict == interp.Unknown && level+1 < len(HintLevels)
	return h
}

// An Asker remembers the position where a hint last found no proof, so
// that a hint asked there again looks longer (HintLevels), and the last
// winning line a hint found, so that a player who follows it is told the
// next move at once, however long the search for it took (Known). Next,
// Known and Heard are called where the game is played, AskAt may run
// elsewhere.
type Asker struct {
	at     uint64 // the position
	next   int    // the level to ask at there; 0 for none
	line   []interp.Move
	lineAt []uint64
}

// Learn takes line, a winning line from s found elsewhere (the one that
// proved a deal winnable), as a hint's own: a player who follows it is told
// its next move at once (see Known). A line that does not win from s is
// ignored.
func (a *Asker) Learn(r *interp.Rules, s *interp.State, line []interp.Move) {
	x := s.Clone()
	var at []uint64
	for _, m := range line {
		if !r.Legal(x, m) {
			return
		}
		at = append(at, x.Hash(r))
		r.Apply(x, m)
	}
	if len(line) > 0 && r.Won(x) {
		a.line, a.lineAt = line, at
	}
}

// Known is the hint in s that the last winning line found gives, if s is a
// position on it: its next move, and the verdict Winnable. The rest of the
// line is played out on a copy first, so the verdict holds whatever the
// hashes say.
func (a *Asker) Known(r *interp.Rules, s *interp.State) (Hint, bool) {
	at := s.Hash(r)
	for i, h := range a.lineAt {
		if h != at {
			continue
		}
		x := s.Clone()
		for _, m := range a.line[i:] {
			if !r.Legal(x, m) {
				return Hint{}, false
			}
			r.Apply(x, m)
		}
		if !r.Won(x) {
			return Hint{}, false
		}
		return Hint{Move: a.line[i], OK: true, Verdict: interp.Winnable, Why: interp.Textf("it goes on with the winning line found before"),
			at: at, line: a.line[i:], lineAt: a.lineAt[i:]}, true
	}
	return Hint{}, false
}

// Next is the level to ask a hint in s at: the next one where the last
// hint found no proof, else the first.
func (a *Asker) Next(r *interp.Rules, s *interp.State) int {
	if a.next > 0 && s.Hash(r) == a.at {
		return a.next
	}
	return 0
}

// Heard takes note of the hint h, come back from AskAt.
func (a *Asker) Heard(h Hint) {
	a.at, a.next = h.at, 0
	if len(h.lineAt) > 0 {
		a.line, a.lineAt = h.line, h.lineAt
	}
	if h.Again {
		a.next = h.Level + 1
	}
}

// Text is the hint for a person, e.g. "this position is still winnable:
// play t3 f1" (or just "deal"), or "no proof in time; a likely move: deal
// (nothing better to play: deal from the stock)". Its cards are written
// by card, as the board writes them; with nil, in the move notation ("KD").
func (h Hint) Text(r *interp.Rules, card func(interp.Card) string) string {
	if card == nil {
		card = interp.Card.String
	}
	why := h.Why.In(card)
	switch {
	case h.Won:
		return "the game is won"
	case !h.OK:
		return "no legal moves"
	}
	move := r.MoveString(h.Move)
	switch h.Verdict {
	case interp.Winnable:
		if h.Move.Kind == interp.Deal || h.Move.Kind == interp.Redeal {
			return "this position is still winnable: " + move // "deal", not "play deal"
		}
		return "this position is still winnable: play " + move
	case interp.Unwinnable:
		if len(h.Stuck) > 0 {
			return fmt.Sprintf("this position cannot be won (%s); a likely move: %s (%s)", StuckText(r, h.Stuck, true, card), move, why)
		}
		return fmt.Sprintf("this position cannot be won; a likely move: %s (%s)", move, why)
	}
	text := fmt.Sprintf("no proof in time; a likely move: %s (%s)", move, why)
	if h.Level > 0 {
		text = fmt.Sprintf("no proof within %s either; a likely move: %s (%s)", LimitsText(HintLevels[h.Level]), move, why)
	}
	if h.Again {
		text += "; ask again to look longer"
	}
	return text
}

// StuckText says which cards can never leave their piles, e.g. "5H in t5
// and 5D in t7 can never leave their piles". With hide, as in a hint to
// the player, a face-down card is not named: "5H in t5 and a face-down
// card in t7 ...". Cards are written by card; with nil, in the move
// notation.
func StuckText(r *interp.Rules, stuck []interp.Stuck, hide bool, card func(interp.Card) string) string {
	if card == nil {
		card = interp.Card.String
	}
	var names []string
	for _, st := range stuck {
		name := card(st.Card.Up())
		if hide && st.Card.FaceDown() {
			name = "a face-down card"
		}
		names = append(names, name+" in "+r.PileName(st.Pile))
	}
	if len(names) == 1 {
		return names[0] + " can never leave its pile"
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1] + " can never leave their piles"
}

// Search is the outcome of looking for a winnable deal.
type Search struct {
	From  uint64 // the first seed tried
	Tried int    // how many seeds were tried
	Seed  uint64 // the seed proved winnable, when Found
	Found bool
	Line  []interp.Move // the winning line that proved it (see Asker.Learn)
	// Of the seeds passed over: how many were proved unwinnable, and how
	// many the solver could not settle within the budget.
	Unwinnable, Unsettled int
}

// WinnableDeal tries the seeds from, from+1, ..., at most tries of them,
// and returns the first the solver proves winnable within lim each. Seeds
// proved unwinnable are passed over at once; those left unknown cost lim.
// It stops early, with ctx's error, when ctx is done.
func WinnableDeal(ctx context.Context, r *interp.Rules, from uint64, tries int, lim interp.Limits) (Search, error) {
	out := Search{From: from}
	lim.AnyLine = true // only the verdict matters
	s := r.NewState()
	for i := range tries {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		seed := from + uint64(i)
		if seed < from {
			break // past the last seed
		}
		out.Tried++
		r.DealInto(s, seed)
		switch sol := r.Solve(s, lim); sol.Verdict {
		case interp.Winnable:
			out.Seed, out.Found, out.Line = seed, true, sol.Moves
			return out, nil
		case interp.Unwinnable:
			out.Unwinnable++
		default:
			out.Unsettled++
		}
	}
	return out, nil
}

// Last is the last seed tried.
func (s Search) Last() uint64 {
	if s.Tried == 0 {
		return s.From
	}
	return s.From + uint64(s.Tried-1)
}

// Report says in one line how the search went: "seed 26 is proved
// winnable (seeds 17 to 25 were passed over: 9 unwinnable)", or "no deal
// from seed 7 to 16 was proved winnable (4 unwinnable, 6 not settled
// within 2s each)".
func (s Search) Report(lim interp.Limits) string {
	var why []string
	if s.Unwinnable > 0 {
		why = append(why, fmt.Sprintf("%d unwinnable", s.Unwinnable))
	}
	if s.Unsettled > 0 {
		each := ""
		if s.Unsettled > 1 {
			each = " each"
		}
		why = append(why, fmt.Sprintf("%d not settled within %s%s", s.Unsettled, LimitsText(lim), each))
	}
	passed := strings.Join(why, ", ")
	if !s.Found {
		return fmt.Sprintf("no deal %s was proved winnable (%s)", seedRange("of seed", "from seed", s.From, s.Last()), passed)
	}
	if s.Tried == 1 {
		return fmt.Sprintf("seed %d is proved winnable", s.Seed)
	}
	passedOver := "were passed over"
	if s.Tried == 2 {
		passedOver = "was passed over"
	}
	return fmt.Sprintf("seed %d is proved winnable (%s %s: %s)", s.Seed, seedRange("seed", "seeds", s.From, s.Seed-1), passedOver, passed)
}

// seedRange names one seed or a range of them: "seed 7", "seeds 7 to 16".
func seedRange(one, many string, first, last uint64) string {
	if first == last {
		return fmt.Sprintf("%s %d", one, first)
	}
	return fmt.Sprintf("%s %d to %d", many, first, last)
}

// LimitsText says what limits allow, e.g. "2s", "5000 positions" or "10s
// and 5000 positions".
func LimitsText(lim interp.Limits) string {
	positions := func(n int) string {
		if n == 1 {
			return "1 position"
		}
		return fmt.Sprintf("%d positions", n)
	}
	switch {
	case lim.Time > 0 && lim.Nodes > 0:
		return fmt.Sprintf("%s and %s", lim.Time, positions(lim.Nodes))
	case lim.Nodes > 0:
		return positions(lim.Nodes)
	case lim.Time > 0:
		return lim.Time.String()
	}
	return "no limit"
}
