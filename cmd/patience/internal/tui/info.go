package tui

import (
	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/interp"
)

// newBoardInfo derives from the rules which piles fan the cards of their
// last deal and which foundations say what they take next, and from the
// game's history where each fan starts.
func newBoardInfo(g *interp.Game, ascii bool) *boardInfo {
	r := g.Rules
	n := r.NumPiles()
	info := &boardInfo{fan: make([]int, n), from: make([]int, n), next: make([]bool, n), ascii: ascii}
	for _, a := range r.Game.Actions {
		if a.Each || len(a.Targets) != 1 || a.Count < 2 {
			continue
		}
		p := a.Targets[0]
		if pile := r.Game.Piles[p]; !pile.Fanned && !pile.Grid && p != r.Game.Stock {
			info.fan[p] = max(info.fan[p], a.Count)
		}
	}
	for i := range info.from {
		info.from[i] = -1
	}
	info.replay(g)
	for _, grp := range foundationGroups(r.Game) {
		if hardToSee(r.Game, grp) {
			for _, p := range grp {
				info.next[p] = true
			}
		}
	}
	return info
}

// replay plays the history again from the deal to find where the last
// deal to each fanned pile starts. A game loaded from a position without
// its moves has no such history: its fans show the top card only.
func (info *boardInfo) replay(g *interp.Game) {
	fanned := false
	for _, k := range info.fan {
		fanned = fanned || k > 1
	}
	if !fanned {
		return
	}
	r := g.Rules
	s := r.Deal(g.Seed)
	from := make([]int, len(info.from))
	for i := range from {
		from[i] = -1
	}
	for _, m := range g.History() {
		before := make([]int, len(from))
		for p, k := range info.fan {
			if k > 1 {
				before[p] = len(s.Pile(r, p))
			}
		}
		r.Apply(s, m)
		for p, k := range info.fan {
			if k < 2 {
				continue
			}
			after := len(s.Pile(r, p))
			switch {
			case m.Kind == interp.Deal && after > before[p]:
				from[p] = before[p]
			case after < before[p] && after <= from[p]:
				from[p] = -1 // the last deal's cards are all gone
			case m.Kind == interp.Redeal:
				from[p] = -1
			}
		}
	}
	if !s.Equal(r, g.State()) {
		return
	}
	copy(info.from, from)
}

// foundationGroups are the foundations, group by group.
func foundationGroups(g *check.Game) [][]int {
	var out [][]int
	index := map[string]int{}
	for i, p := range g.Piles {
		if p.Role != check.Foundation {
			continue
		}
		k, ok := index[p.Group]
		if !ok {
			k = len(out)
			index[p.Group] = k
			out = append(out, nil)
		}
		out[k] = append(out[k], i)
	}
	return out
}

// hardToSee reports whether what the foundations of a group take next is
// hard to tell from their cards: they build round the corner, or start
// from a rank the deal sets, or from different ranks.
func hardToSee(g *check.Game, grp []int) bool {
	ranks := -1
	for _, p := range grp {
		pile := g.Piles[p]
		if pile.Build != nil && pile.Build.Wrap {
			return true
		}
		for _, b := range pile.Base {
			if b.Pattern.Value >= 0 {
				return true
			}
			if ranks >= 0 && int(b.Pattern.Ranks) != ranks {
				return true
			}
			ranks = int(b.Pattern.Ranks)
		}
	}
	return false
}

// nextText says what foundation p takes next: "next 7", "next Q♠",
// "next 6/8", "full", or "" when that cannot be said simply.
func nextText(r *interp.Rules, s *interp.State, p int, ascii bool) string {
	pile := r.Game.Piles[p]
	cards := s.Pile(r, p)
	n := s.Count(r, p)
	if pile.Holds > 0 && n >= pile.Holds {
		return "full"
	}
	if len(cards) == 0 {
		if len(pile.Base) != 1 || pile.Base[0].Cond != nil {
			return ""
		}
		pat := pile.Base[0].Pattern
		rank := 0
		switch {
		case pat.Value >= 0:
			rank = pat.ValueRank(s.Value(pat.Value))
		case pat.Ranks != 0 && pat.Ranks&(pat.Ranks-1) == 0:
			for rank = 1; rank <= 13 && pat.Ranks&(1<<rank) == 0; rank++ {
			}
		}
		if rank < 1 || rank > 13 {
			return ""
		}
		suit := -1
		if pat.Suits != 0 && pat.Suits&(pat.Suits-1) == 0 {
			for suit = 0; suit < 4 && pat.Suits&(1<<suit) == 0; suit++ {
			}
		}
		return "next " + rankSuit(rank, suit, ascii)
	}
	top := cards[len(cards)-1]
	b := pile.Build
	if b == nil || top.FaceDown() || top.IsGap() {
		return ""
	}
	suit := -1
	if b.Suit == check.SameSuit {
		suit = top.Suit()
	}
	if b.Step == check.StepAny || b.Step == check.StepAnyRank || b.Or != nil {
		return "" // no one next rank to name
	}
	by := max(b.By, 1)
	step := func(d int) int {
		k := top.Rank() + d*by
		switch {
		case k >= 1 && k <= 13:
			return k
		case b.Wrap && k < 1:
			return k + 13
		case b.Wrap && k > 13:
			return k - 13
		}
		return 0
	}
	var ranks []int
	switch b.Step {
	case check.StepUp:
		ranks = []int{step(1)}
	case check.StepDown:
		ranks = []int{step(-1)}
	case check.StepEither:
		ranks = []int{step(-1), step(1)}
	case check.StepSame:
		ranks = []int{top.Rank()}
	}
	text := ""
	for _, k := range ranks {
		if k == 0 {
			continue
		}
		if text != "" {
			text += "/"
		}
		text += rankSuit(k, suit, ascii)
	}
	if text == "" {
		return "full"
	}
	return "next " + text
}

// nextWidth is the widest nextText of pile p can be, so that its column
// keeps one width as the game goes on.
func nextWidth(r *interp.Rules, p int) int {
	pile := r.Game.Piles[p]
	w := len("next T")
	suited := pile.Build != nil && pile.Build.Suit == check.SameSuit
	if len(pile.Base) == 1 && pile.Base[0].Cond == nil {
		// An empty pile names its base's suit, when the base has one.
		if s := pile.Base[0].Pattern.Suits; s != 0 && s&(s-1) == 0 {
			suited = true
		}
	}
	if suited {
		w++ // the suit after the rank
	}
	if pile.Build != nil && pile.Build.Step == check.StepEither {
		w = 2*w - len("next ") + 1
	}
	return w
}

func rankSuit(rank, suit int, ascii bool) string {
	t := rankText(rank)
	if suit < 0 {
		return t
	}
	if ascii {
		return t + string("CDHS"[suit])
	}
	return t + interp.SuitSymbols[suit]
}
