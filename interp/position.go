package interp

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/patience-dev/patience/dsl"
	"github.com/patience-dev/patience/dsl/check"
)

// PositionFormat is the version of the position JSON written here.
const PositionFormat = 1

// Position is a game position as data, for JSON: every pile's cards bottom to
// top ("TD", "QS"; face down "(QS)"; a grid gap ".."), the other state, and
// the moves that led here from the seed's deal.
type Position struct {
	Format      int               `json:"format"`
	Ruleset     string            `json:"ruleset,omitempty"`
	Game        string            `json:"game"`
	RulesHash   string            `json:"rules_hash,omitempty"` // of the rule file's words (see Rules.Hash): changed rules refuse the position
	Seed        uint64            `json:"seed"`
	Piles       []PilePosition    `json:"piles"`
	Phase       string            `json:"phase,omitempty"`
	PhaseIndex  int               `json:"phase_index"`
	RedealsUsed int               `json:"redeals_used"`
	RedealsLeft int               `json:"redeals_left"` // -1: unlimited
	Values      map[string]string `json:"values,omitempty"`
	Moves       []string          `json:"moves"`
	// Redo is the moves undone that redo would play again, the next first.
	Redo   []string `json:"redo,omitempty"`
	Status string   `json:"status"`
}

// PilePosition is one pile's cards, bottom to top.
type PilePosition struct {
	Name  string   `json:"name"`
	Cards []string `json:"cards"`
}

// Position returns the current position as data: the piles, and the moves
// from the seed's deal that lead there. A game begun from other piles (a
// position loaded without moves that is not the deal) has no such moves:
// its position is its piles alone, and loads as they stand.
func (g *Game) Position() *Position {
	r, s := g.Rules, g.state
	p := &Position{
		Format: PositionFormat, Game: r.Game.Name, Seed: g.Seed, RulesHash: r.Hash(),
		PhaseIndex: s.Phase(), RedealsUsed: s.RedealsUsed(), RedealsLeft: r.RedealsLeft(s),
		Moves: []string{}, Status: g.Status().String(),
	}
	if ph := s.Phase(); ph < len(r.Game.Phases) {
		p.Phase = r.Game.Phases[ph].Name
	}
	for i := range r.piles {
		cards := make([]string, 0, s.lens[i])
		for _, c := range s.Pile(r, i) {
			cards = append(cards, c.String())
		}
		p.Piles = append(p.Piles, PilePosition{Name: r.PileName(i), Cards: cards})
	}
	if len(r.Game.Values) > 0 {
		p.Values = map[string]string{}
		for i, v := range r.Game.Values {
			p.Values[v.Name] = ""
			if s.Value(i) > 0 {
				p.Values[v.Name] = rankName(s.Value(i)) // "" for a value not fixed yet
			}
		}
	}
	for i := len(g.future) - 1; i >= 0; i-- {
		p.Redo = append(p.Redo, r.MoveString(g.future[i]))
	}
	if g.fromPiles {
		// Begun from given piles, whose moves would not replay from the
		// seed's deal: the piles alone, which Load takes as they stand.
		return p
	}
	for _, m := range g.played {
		p.Moves = append(p.Moves, r.MoveString(m))
	}
	return p
}

// Hash identifies the rules a file says: the first 16 hex digits of the
// SHA-256 of its words (see dsl.Words), so that reformatting the file or
// editing a comment keeps its saves and results.
func (r *Rules) Hash() string {
	r.hashOnce.Do(func() {
		words, ok := dsl.Words(r.Game.Source)
		if !ok {
			words = r.Game.Source
		}
		sum := sha256.Sum256(words)
		r.hash = hex.EncodeToString(sum[:8])
	})
	return r.hash
}

// SameRules reports whether h, a hash written with a position or a
// solution, identifies these rules: their Hash, or the hash of the file's
// bytes that earlier builds wrote.
func (r *Rules) SameRules(h string) bool {
	if h == r.Hash() {
		return true
	}
	sum := sha256.Sum256(r.Game.Source)
	return h == hex.EncodeToString(sum[:8])
}

// RedealsLeft is how many redeals remain, or -1 when unlimited.
func (r *Rules) RedealsLeft(s *State) int {
	switch {
	case r.redeal == nil:
		return 0
	case r.redeal.times < 0:
		return -1
	}
	return r.redeal.times - int(s.redeals)
}

func rankName(r int) string {
	if r == 10 {
		return "10"
	}
	return rankChars[r : r+1]
}

// Load makes a game from a position. When the position lists moves, they
// are replayed from the seed's deal and must lead to exactly the position
// given; then undo works as in the game that wrote it, and so does redo,
// for the moves to redo it lists (up to the first that does not replay). A position without
// moves (a save edited by hand) is checked only for what the interpreter
// relies on: the pack's cards, no more and no fewer, in piles that exist, within
// their `holds`, lying as the rules lay them (grid cards face up, stock
// cards face down, no face-down top card a move would have turned);
// it may still be one no play of these rules could reach (3♠ alone on a
// foundation built up from the Ace). Every claim made of such a position
// still holds: the solver, the safe moves and the lost status read only
// the position and the rules.
func (r *Rules) Load(p *Position) (*Game, error) {
	g, err := r.load(p)
	if err != nil {
		return nil, cutError(err)
	}
	// The moves to redo are played and taken back, so that redo plays
	// them again, the first one first. They are a convenience: one that
	// does not replay (a save edited by hand) ends them there, and the
	// game loads all the same.
	n := 0
	for _, text := range p.Redo {
		if _, err := g.Play(text); err != nil {
			break
		}
		n++
	}
	for range n {
		g.Undo()
	}
	return g, nil
}

// hashText is a rules hash as a position gives it: as it is when it is one
// (hex digits), else quoted and cut short (see dsl.QuoteShort).
func hashText(h string) string {
	if len(h) <= 64 && strings.Trim(h, "0123456789abcdef") == "" {
		return h
	}
	return dsl.QuoteShort(h)
}

// cutError cuts an error's message to a length a terminal line can show,
// whatever it quotes (a move's error may echo the move).
func cutError(err error) error {
	const most = 300
	if msg := err.Error(); utf8.RuneCountInString(msg) > most {
		return errors.New(string([]rune(msg)[:most]) + "...")
	}
	return err
}

// load is Load but for the moves to redo.
func (r *Rules) load(p *Position) (*Game, error) {
	if p.Format != PositionFormat {
		return nil, fmt.Errorf("position format %d is not supported (this program reads format %d)", p.Format, PositionFormat)
	}
	if p.Game != r.Game.Name {
		return nil, fmt.Errorf("position is of game %s, not %q", dsl.QuoteShort(p.Game), r.Game.Name)
	}
	if p.RulesHash != "" && !r.SameRules(p.RulesHash) {
		return nil, fmt.Errorf("the rules of %s have changed since this position was written (rules hash %s, now %s)", dsl.QuoteShort(p.Game), hashText(p.RulesHash), r.Hash())
	}
	s, err := r.stateOf(p)
	if err != nil {
		return nil, err
	}
	g := NewFromRules(r, p.Seed)
	for i, text := range p.Moves {
		if _, err := g.Play(text); err != nil {
			return nil, fmt.Errorf("move %d %s does not replay: %v", i+1, dsl.QuoteShort(text), err)
		}
	}
	if len(p.Moves) > 0 || p.Piles == nil {
		if p.Piles != nil && !g.state.Equal(r, s) {
			return nil, fmt.Errorf("the piles do not match the position the moves lead to")
		}
		return g, nil
	}
	if g.state.Equal(r, s) {
		return g, nil // the seed's deal itself: moves from here replay
	}
	s.seed = p.Seed
	g.state = s
	g.fromPiles = true
	return g, nil
}

// stateOf reads and validates the position's state.
func (r *Rules) stateOf(p *Position) (*State, error) {
	s := r.newState()
	if p.Piles == nil {
		return s, nil
	}
	seen := map[string]bool{}
	have := map[Card]int{}
	for _, pp := range p.Piles {
		i, ok := r.PileIndex(pp.Name)
		if !ok {
			return nil, fmt.Errorf("unknown pile %s", dsl.QuoteShort(pp.Name))
		}
		if seen[pp.Name] {
			return nil, fmt.Errorf("pile %s is given twice", dsl.QuoteShort(pp.Name))
		}
		seen[pp.Name] = true
		pr := &r.piles[i]
		if len(pp.Cards) > r.caps[i] || (pr.holds > 0 && len(pp.Cards) > pr.holds) {
			return nil, fmt.Errorf("pile %s has %d cards: more than it can hold", dsl.QuoteShort(pp.Name), len(pp.Cards))
		}
		for k, text := range pp.Cards {
			c, err := ParseCard(text)
			if err != nil {
				return nil, fmt.Errorf("pile %s card %d: %v", dsl.QuoteShort(pp.Name), k+1, err)
			}
			switch {
			case c.IsGap() && !pr.grid:
				return nil, fmt.Errorf("pile %s card %d: a gap can only be in a grid", dsl.QuoteShort(pp.Name), k+1)
			case c.FaceDown() && pr.grid:
				return nil, fmt.Errorf("pile %s card %d: grid cards lie face up", dsl.QuoteShort(pp.Name), k+1)
			case i == r.stock && !c.FaceDown():
				return nil, fmt.Errorf("pile %s card %d: stock cards lie face down", dsl.QuoteShort(pp.Name), k+1)
			case i != r.stock && k == len(pp.Cards)-1 && c.FaceDown():
				return nil, fmt.Errorf("pile %s: its top card would have been turned face up", dsl.QuoteShort(pp.Name))
			}
			s.push(r, i, c)
			if !c.IsGap() {
				have[c.Up()]++
			}
		}
	}
	for i := range r.piles {
		if !seen[r.PileName(i)] {
			return nil, fmt.Errorf("pile %q is missing", r.PileName(i))
		}
	}
	want := map[Card]int{}
	for _, c := range r.Pack() {
		want[c]++
	}
	var wrong []string
	for c := range want {
		if have[c] != want[c] {
			wrong = append(wrong, fmt.Sprintf("%s ×%d (want %d)", c, have[c], want[c]))
		}
	}
	for c := range have {
		if want[c] == 0 {
			wrong = append(wrong, fmt.Sprintf("%s ×%d (want 0)", c, have[c]))
		}
	}
	slices.Sort(wrong)
	if len(wrong) > 0 {
		if len(wrong) > 5 {
			wrong = append(wrong[:5], "…")
		}
		return nil, fmt.Errorf("the cards do not make up %d deck(s): %s", r.Game.Decks, strings.Join(wrong, ", "))
	}
	if p.PhaseIndex < 0 || p.PhaseIndex > len(r.Game.Phases) {
		return nil, fmt.Errorf("phase index %d is out of range 0..%d", p.PhaseIndex, len(r.Game.Phases))
	}
	s.phase = uint8(p.PhaseIndex)
	switch {
	case p.RedealsUsed < 0:
		return nil, fmt.Errorf("%d redeals used: the count cannot be below 0", p.RedealsUsed)
	case r.redeal == nil && p.RedealsUsed > 0:
		return nil, fmt.Errorf("%s used, but the game has no redeal", check.Plural(p.RedealsUsed, "redeal"))
	case r.redeal != nil && r.redeal.times >= 0 && p.RedealsUsed > r.redeal.times || p.RedealsUsed > 65535:
		return nil, fmt.Errorf("%s used is more than the game allows", check.Plural(p.RedealsUsed, "redeal"))
	}
	s.redeals = uint16(p.RedealsUsed)
	for i, v := range r.Game.Values {
		text, ok := p.Values[v.Name]
		if !ok {
			return nil, fmt.Errorf("value %q is missing", v.Name)
		}
		if text == "" && v.First {
			for _, q := range v.On {
				if slices.ContainsFunc(s.Pile(r, q), func(c Card) bool { return !c.IsGap() }) {
					return nil, fmt.Errorf("value %q is not fixed, but %s holds a card: the first card to reach %s fixes it", v.Name, r.PileName(q), v.OnText)
				}
			}
			s.values[i] = 0 // not fixed yet: no card has reached its piles
			continue
		}
		k := slices.Index([]string{"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}, text)
		if k < 0 {
			if n, err := strconv.Atoi(text); err == nil && n >= 1 && n <= 13 {
				k = n - 1
			} else {
				return nil, fmt.Errorf("value %q is %s, not a rank", v.Name, dsl.QuoteShort(text))
			}
		}
		s.values[i] = uint8(k + 1)
	}
	return s, nil
}
