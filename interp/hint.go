package interp

import "github.com/patience-dev/patience/dsl/check"

// Hint picks a move worth playing in s, with a reason, from the legal moves:
// a card to a foundation or a discard first, then a move that turns a card
// face up, then other progress moves, then a deal or redeal, then a
// rearranging move that leads to progress. ok is false when no move is left.
func (r *Rules) Hint(s *State) (m Move, why Text, ok bool) {
	moves := r.Moves(s, nil)
	if len(moves) == 0 {
		return Move{}, Text{}, false
	}
	best, bestScore := -1, -1
	for i, x := range moves {
		score := r.promise(s, x)
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	m = moves[best]
	switch {
	case m.Kind == Deal:
		why = Textf("nothing better to play: deal from the stock")
	case m.Kind == Redeal && r.redeal.to != nil:
		why = Textf("nothing better to play: redeal")
	case m.Kind == Redeal:
		why = Textf("the stock is empty: redeal")
	case m.Kind == Pair:
		// The cards, each as a move of one card from its place.
		first := r.movedCard(s, Move{From: m.From, Slot: m.Slot, Count: 1})
		why = Textf("%s leaves for %s", first, r.PileName(int(m.To)))
		if m.Count == 2 {
			second := r.movedCard(s, Move{From: m.From2, Slot: m.Slot2, Count: 1})
			why = Textf("%s and %s leave for %s", first, second, r.PileName(int(m.To)))
		}
	default:
		switch r.piles[m.To].role {
		case check.Foundation:
			why = Textf("%s goes to the foundation %s", r.movedCard(s, m), r.PileName(int(m.To)))
		case check.Discard:
			why = Textf("a complete run leaves %s", r.PileName(int(m.From)))
			if m.Count == 1 {
				why = Textf("%s goes to the discard %s", r.movedCard(s, m), r.PileName(int(m.To)))
			}
		default:
			switch bestScore {
			case 80:
				why = Textf("it turns up a card in %s", r.PileName(int(m.From)))
			case 35:
				why = Textf("it empties %s", r.PileName(int(m.From)))
			case placeScore:
				why = Textf("%s goes in place in %s", r.movedCard(s, m), r.PileName(int(m.To)))
			default:
				judged := r.movedCard(s, m)
				if r.piles[m.From].byTop {
					judged = s.cards[r.offs[m.From]+int(s.lens[m.From])-1] // the whole pile, judged by its top
				}
				why = Textf("%s fits on %s", judged, r.PileName(int(m.To)))
				if s.lens[m.To] == 0 {
					why = Textf("%s goes to %s, which is empty", judged, r.PileName(int(m.To)))
				}
			}
		}
	}
	return m, why, true
}

// promise rates how much a move is likely to help, for hints and for the
// order in which the solver tries moves: progress first.
func (r *Rules) promise(s *State, m Move) int {
	switch m.Kind {
	case Deal:
		return 20
	case Redeal:
		return 10
	case Pair:
		return 100
	}
	switch r.piles[m.To].role {
	case check.Foundation, check.Discard:
		return 100
	}
	switch r.piles[m.From].role {
	case check.Foundation, check.Discard:
		return 1 // taking a card back undoes progress: a last resort
	}
	if !r.Rearranging(s, m) {
		return 50
	}
	if r.piles[m.To].follow != nil {
		return r.placePromise(s, m)
	}
	n := int(s.lens[m.From])
	switch {
	case n > int(m.Count) && s.cards[r.offs[m.From]+n-int(m.Count)-1].FaceDown():
		return 80 // turns a card up
	case n == int(m.Count) && s.lens[m.To] > 0:
		return 35 // makes a space
	case n == int(m.Count):
		return 0 // a whole pile into a space gains nothing
	}
	return 5
}

// movedCard is the bottom card a play move takes.
func (r *Rules) movedCard(s *State, m Move) Card {
	if r.piles[m.From].grid {
		return s.cards[r.offs[m.From]+int(m.Slot)]
	}
	return s.cards[r.offs[m.From]+int(s.lens[m.From])-int(m.Count)]
}

// SafeMove returns a move the rules prove safe, if there is one: a card to
// a foundation that no other foundation could ever take and no other pile
// could ever build on. Playing it can never cost the game.
func (r *Rules) SafeMove(s *State) (Move, bool) {
	return r.newSafety(s).move(s)
}

// Auto plays safe moves to the foundations (see SafeMove) until none is
// left and returns them.
func (g *Game) Auto() []Move {
	var out []Move
	sf := g.Rules.newSafety(g.state)
	for len(out) < 1000 {
		m, ok := sf.move(g.state)
		if !ok {
			break
		}
		g.apply(m)
		out = append(out, m)
	}
	if len(out) > 0 {
		g.future = g.future[:0]
	}
	return out
}
