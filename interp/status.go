package interp

import "github.com/patience-dev/patience/dsl/check"

// Status is where a game stands.
type Status uint8

const (
	Playing Status = iota
	Won
	Lost
)

func (s Status) String() string {
	return [...]string{"playing", "won", "lost"}[s]
}

// MaxLostSearch bounds the positions the lost-game search visits. Past it the
// game is reported as still playing: lost is only ever said when proved.
const MaxLostSearch = 50_000

// Rearranging reports whether m only shuffles cards among piles they can
// come back from: a play from a pile that other piles move cards to, onto a
// pile that moves cards on, neither of them a foundation or a discard pile
// (in the usual games: among tableau piles and free cells). Every other move
// is a progress move: a card to a foundation or a discard, a card leaving a
// pile it can never return to (a reserve, the waste, the stock), a deal, a
// redeal; and so is a rearranging move that turns a card face up, makes a
// pile refill itself, or empties a pile of a group that closes up (the
// piles after it move down: Apply reports it as it reports a refill).
//
// A group of several cards from a pile that moves any group (`move any`)
// need not be a run, and may not go back where it came from; such a move
// is rearranging only if it can be undone at once: the destination moves
// any group too, and the source keeps a face-up card on which its own
// building rule takes the group's bottom card back.
func (r *Rules) Rearranging(s *State, m Move) bool {
	if m.Kind != Play || !r.piles[m.From].twoWay || !r.piles[m.To].twoWay {
		return false
	}
	src := &r.piles[m.From]
	if src.move != check.MoveAny || m.Count < 2 {
		return true
	}
	n, k := int(s.lens[m.From]), int(m.Count)
	if r.piles[m.To].move != check.MoveAny || n <= k || src.build == nil ||
		src.accepts != check.AcceptRuns && src.accepts != k {
		return false
	}
	base := r.offs[m.From]
	under, bottom := s.cards[base+n-k-1], s.cards[base+n-k]
	ex := src.except.set(s)
	return !under.FaceDown() && src.build.fits(under, bottom) &&
		ex>>(under&cardBits)&1 == 0 && ex>>(bottom&cardBits)&1 == 0
}

// Status decides whether s is won, lost or still playing. Lost means no
// progress move is reachable that leads anywhere new: no sequence of legal
// moves leads to a position with a progress move to a position not yet
// seen. It is decided by a search over the rearranging moves, and over the
// progress moves that come back to a position seen (a redeal that deals
// every card back where it was), using the same move generator as play.
func (r *Rules) Status(s *State) Status {
	if r.Won(s) {
		return Won
	}
	if r.ProgressReachable(s) {
		return Playing
	}
	return Lost
}

// ProgressReachable reports whether a progress move to a position not seen
// is legal in s or after some sequence of rearranging moves and progress
// moves back to positions seen. When the search passes MaxLostSearch
// positions it answers true.
//
// Why false proves the game lost: when the search ends, every legal move
// of every position seen leads to a position seen (a rearranging move to a
// new one is searched in turn, and a progress move to a new one answers
// true), so the positions seen are every position s can reach, and none of
// them is won. Positions are compared whole (see statusKey).
func (r *Rules) ProgressReachable(s *State) bool {
	// Positions are told apart exactly, not by a hash: a collision could
	// hide the one line that leads to progress, and "lost" is a proof.
	var key []byte
	key = r.statusKey(s, key[:0])
	seen := map[string]bool{string(key): true}
	queue := []*State{s}
	var buf []Move
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		buf = r.Moves(cur, buf[:0])
		for _, m := range buf {
			if r.Rearranging(cur, m) {
				continue
			}
			// A progress move: progress unless it comes back to a
			// position seen (cheap to ask, as it is rare to be the
			// only kind of move left).
			next := cur.Clone()
			r.Apply(next, m)
			if r.Won(next) || !seen[string(r.statusKey(next, key[:0]))] {
				return true
			}
		}
		for _, m := range buf {
			if !r.Rearranging(cur, m) {
				continue // back to a position seen, above
			}
			next := cur.Clone()
			if r.Apply(next, m) {
				return true // turned a card up
			}
			if r.Won(next) {
				return true // a win needs no progress move: not lost
			}
			key = r.statusKey(next, key[:0])
			if seen[string(key)] {
				continue
			}
			if len(seen) >= MaxLostSearch {
				return true
			}
			seen[string(key)] = true
			queue = append(queue, next)
		}
	}
	return false
}

// statusKey is the whole position, as appendKey writes it, but for the
// count of redeals made where redeals are unlimited: no rule reads it then
// and no redeal is refused for it (a shuffled redeal, which reads it, is
// always limited), so two positions that differ in it alone have the same
// future.
func (r *Rules) statusKey(s *State, b []byte) []byte {
	b = s.appendKey(r, b)
	if r.redeal != nil && r.redeal.times < 0 {
		b[1], b[2] = 0, 0
	}
	return b
}
