package interp

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/patience-dev/patience/dsl/check"
)

// Verdict is what the solver concludes about a position.
type Verdict uint8

const (
	Unknown    Verdict = iota // a limit was hit first
	Winnable                  // a winning line was found
	Unwinnable                // every line was searched: none wins
)

func (v Verdict) String() string {
	return [...]string{"unknown", "won", "unwinnable"}[v]
}

// Limits bound a search. A zero field means no limit of that kind.
type Limits struct {
	Nodes    int           // positions expanded
	Time     time.Duration // wall time
	Memory   int           // positions remembered in the transposition table
	Deadline time.Time     // absolute; overrides Time when set
}

// Solution is a solver's answer.
type Solution struct {
	Verdict Verdict
	Moves   []Move // Winnable: a line that wins from the position searched
	Nodes   int
	Elapsed time.Duration
}

// Solve searches for a winning line from s, playing "thoughtful" solitaire:
// it sees the face-down cards and the stock's order. It searches depth
// first, trying progress moves first, with a transposition table over a
// canonical hash in which interchangeable piles are put in order. It uses
// no pruning that the rules do not prove safe, so Unwinnable is a proof.
func (r *Rules) Solve(s *State, lim Limits) Solution {
	sv := &solver{r: r, lim: lim, seen: map[key128]struct{}{}, start: time.Now()}
	if !lim.Deadline.IsZero() {
		sv.deadline = lim.Deadline
	} else if lim.Time > 0 {
		sv.deadline = sv.start.Add(lim.Time)
	}
	sv.classes = r.interchangeable()
	sv.safe = r.newSafety(s)
	sv.canon = r.cardClasses()
	sv.unlimited = r.redeal != nil && r.redeal.times < 0
	root := s.Clone()
	out := Solution{}
	// Depth-first search gets three quarters of the budget; if it settles
	// nothing, random playouts get the rest.
	full, fullDeadline := sv.lim.Nodes, sv.deadline
	if full > 0 {
		sv.lim.Nodes = max(1, full*3/4)
	}
	if !fullDeadline.IsZero() {
		sv.deadline = sv.start.Add(fullDeadline.Sub(sv.start) * 3 / 4)
	}
	switch sv.dfs(root.Clone(), 0) {
	case found:
		out.Verdict = Winnable
		out.Moves = slices.Clone(sv.path)
	case exhausted:
		out.Verdict = Unwinnable
	default:
		sv.lim.Nodes, sv.deadline = full, fullDeadline
		if line, ok := sv.playouts(root); ok {
			out.Verdict, out.Moves = Winnable, sv.shorten(root, line)
		}
	}
	out.Nodes = sv.nodes
	out.Elapsed = time.Since(sv.start)
	return out
}

type searchResult uint8

const (
	exhausted searchResult = iota
	found
	limited
)

type solver struct {
	r         *Rules
	lim       Limits
	deadline  time.Time
	start     time.Time
	seen      map[key128]struct{}
	nodes     int
	path      []Move
	states    []*State // a scratch state per depth
	moves     [][]Move // a scratch move list per depth
	classes   [][]int  // groups of interchangeable piles
	safe      *safety
	canon     [256]Card // each card as the rules can tell it apart
	unlimited bool      // redeals are unlimited, so their count is no part of a position
	hashes    []key128
	scores    []int // scratch for order
}

// playouts looks for a win by random playouts biased to progress, before
// the exhaustive search: where depth-first search commits early to a bad
// choice and spends its budget deep below it, a few hundred quick games
// often find a winning line. They use up to a quarter of the node budget
// (or a fixed number of positions without one); their positions count as
// nodes. The random source is seeded from the position, so a solve gives
// the same answer every time.
func (sv *solver) playouts(root *State) ([]Move, bool) {
	r := sv.r
	budget := 1 << 30 // without a node limit, until the deadline
	if sv.lim.Nodes > 0 {
		budget = sv.lim.Nodes - sv.nodes
	} else if sv.deadline.IsZero() {
		budget = 100_000
	}
	k := sv.key(root)
	rng := rand.New(rand.NewPCG(k[0], k[1]))
	s := r.newState()
	var line, moves []Move
	var best []Move
	for spent := 0; spent < budget; spent++ { // a playout costs at least one
		s.CopyFrom(root)
		line = line[:0]
		for steps := 0; steps < 4*r.Game.CardCount*(1+r.redealsAllowed()) && spent < budget; steps++ {
			if r.Won(s) {
				return slices.Clone(line), true
			}
			moves = r.Moves(s, moves[:0])
			if len(moves) == 0 {
				break
			}
			best = best[:0]
			top := -1
			for _, m := range moves {
				if p := r.promise(s, m); p > top {
					top, best = p, append(best[:0], m)
				} else if p == top {
					best = append(best, m)
				}
			}
			m := best[rng.IntN(len(best))]
			if rng.IntN(8) == 0 {
				m = moves[rng.IntN(len(moves))] // now and then, anything legal
			}
			r.Apply(s, m)
			line = append(line, m)
			spent++
			sv.nodes++
		}
		if r.Won(s) {
			return slices.Clone(line), true
		}
		if len(line) == 0 || (!sv.deadline.IsZero() && spent&255 == 0 && time.Now().After(sv.deadline)) {
			break // no move at all, or out of time
		}
	}
	return nil, false
}

// shorten cuts the loops out of a winning line: whenever the line comes
// back to exactly a position it has been in, the moves in between go. The
// shorter line is checked to win, else the line is kept as it was.
func (sv *solver) shorten(root *State, line []Move) []Move {
	r := sv.r
	s := root.Clone()
	at := map[uint64]int{s.Hash(r): 0}
	var out []Move
	for _, m := range line {
		r.Apply(s, m)
		out = append(out, m)
		h := s.Hash(r)
		if i, ok := at[h]; ok {
			out = out[:i]
			for k, j := range at {
				if j > i {
					delete(at, k)
				}
			}
			continue
		}
		at[h] = len(out)
	}
	check := root.Clone()
	for _, m := range out {
		if !r.Legal(check, m) {
			return line
		}
		r.Apply(check, m)
	}
	if !r.Won(check) {
		return line
	}
	return out
}

// redealsAllowed is the number of redeals, or a few when unlimited, to
// bound a playout's length.
func (r *Rules) redealsAllowed() int {
	switch {
	case r.redeal == nil:
		return 0
	case r.redeal.times < 0:
		return 3
	}
	return r.redeal.times
}

func (sv *solver) dfs(s *State, depth int) searchResult {
	r := sv.r
	// Play the moves the rules prove safe first; they are part of the line.
	mark := len(sv.path)
	for {
		m, ok := sv.safe.move(s)
		if !ok {
			break
		}
		r.Apply(s, m)
		sv.path = append(sv.path, m)
	}
	if r.Won(s) {
		return found
	}
	res := sv.expand(s, depth)
	if res != found {
		sv.path = sv.path[:mark]
	}
	return res
}

func (sv *solver) expand(s *State, depth int) searchResult {
	r := sv.r
	if sv.lim.Nodes > 0 && sv.nodes >= sv.lim.Nodes {
		return limited
	}
	sv.nodes++
	if sv.nodes&1023 == 0 && !sv.deadline.IsZero() && time.Now().After(sv.deadline) {
		return limited
	}
	key := sv.key(s)
	if _, ok := sv.seen[key]; ok {
		return exhausted
	}
	if sv.lim.Memory > 0 && len(sv.seen) >= sv.lim.Memory {
		return limited
	}
	sv.seen[key] = struct{}{}

	for len(sv.states) <= depth {
		sv.states = append(sv.states, r.newState())
		sv.moves = append(sv.moves, make([]Move, 0, 32))
	}
	moves := r.Moves(s, sv.moves[depth][:0])
	sv.moves[depth] = moves
	sv.order(s, moves)
	next := sv.states[depth]
	result := exhausted
	for _, m := range moves {
		next.CopyFrom(s)
		r.Apply(next, m)
		sv.path = append(sv.path, m)
		switch sv.dfs(next, depth+1) {
		case found:
			return found
		case limited:
			result = limited
		}
		sv.path = sv.path[:len(sv.path)-1]
		if result == limited {
			return limited
		}
	}
	return result
}

// order sorts moves by their promise, progress first.
// Each move is rated once; an insertion sort keeps equal moves in the
// order the generator gave them (move lists are short).
func (sv *solver) order(s *State, moves []Move) {
	sv.scores = sv.scores[:0]
	for _, m := range moves {
		sv.scores = append(sv.scores, sv.r.promise(s, m))
	}
	for i := 1; i < len(moves); i++ {
		for j := i; j > 0 && sv.scores[j] > sv.scores[j-1]; j-- {
			moves[j], moves[j-1] = moves[j-1], moves[j]
			sv.scores[j], sv.scores[j-1] = sv.scores[j-1], sv.scores[j]
		}
	}
}

// key is a 128-bit hash of the position in which interchangeable piles are
// put in a canonical order, and the redeal count is left out when it is
// unlimited. At 128 bits a collision, which could make a winnable deal look
// unwinnable, is out of reach of any search this solver can make.
func (sv *solver) key(s *State) key128 {
	r := sv.r
	var k key128 = key128{14695981039346656037, 0x9e3779b97f4a7c15}
	k.add(uint64(s.phase))
	if !sv.unlimited {
		k.add(uint64(s.redeals))
	}
	for _, v := range s.values {
		k.add(uint64(v))
	}
	if len(sv.hashes) < len(r.piles) {
		sv.hashes = make([]key128, len(r.piles))
	}
	for i := range r.piles {
		sv.hashes[i] = sv.pileHash(s.Pile(r, i))
	}
	for _, cl := range sv.classes {
		// Sort the hashes of a class in place of the piles' own order.
		var buf [64]key128
		hs := buf[:0]
		for _, p := range cl {
			hs = append(hs, sv.hashes[p])
		}
		slices.SortFunc(hs, func(a, b key128) int {
			if a[0] != b[0] {
				return cmp.Compare(a[0], b[0])
			}
			return cmp.Compare(a[1], b[1])
		})
		for i, p := range cl {
			sv.hashes[p] = hs[i]
		}
	}
	for _, x := range sv.hashes[:len(r.piles)] {
		k.add(x[0])
		k.add(x[1])
	}
	return k
}

// key128 is two independent 64-bit hashes.
type key128 [2]uint64

// add mixes a word into both lanes: FNV-1a style in one, a multiply and
// xor-shift in the other.
func (k *key128) add(w uint64) {
	k[0] = (k[0] ^ w) * 1099511628211
	k[1] = (k[1] + w + 1) * 0xbf58476d1ce4e5b9
	k[1] ^= k[1] >> 31
}

func (sv *solver) pileHash(cards []Card) key128 {
	k := key128{1469598103934665603 ^ uint64(len(cards)), uint64(len(cards))}
	for _, c := range cards {
		k.add(uint64(sv.canon[c]))
	}
	return k
}

// cardClasses maps each card to the least the rules can tell apart: when no
// rule looks at suits, cards of a rank are interchangeable; when rules look
// only at colours, cards of a rank and colour are.
func (r *Rules) cardClasses() [256]Card {
	suit, colour := false, false
	rel := func(x *check.Relation) {
		if x == nil {
			return
		}
		switch x.Suit {
		case check.SameSuit, check.OtherSuit:
			suit = true
		case check.SameColour, check.AlternateColour:
			colour = true
		}
	}
	pat := func(p check.Pattern) {
		switch p.Suits & 0xf {
		case 0xf:
		case 0b0110, 0b1001:
			colour = true
		default:
			suit = true
		}
	}
	for _, p := range r.Game.Piles {
		rel(p.Build)
		rel(p.Run)
		if p.Except != nil {
			pat(*p.Except)
		}
		for _, b := range p.Base {
			pat(b.Pattern)
		}
	}
	var out [256]Card
	for i := range out {
		c := Card(i)
		switch {
		case suit:
			out[i] = c
		case colour:
			red := Card(0)
			if c.Red() {
				red = 1 << 4
			}
			out[i] = c&(faceDown|0x0f) | red
		default:
			out[i] = c & (faceDown | 0x0f)
		}
	}
	return out
}

// interchangeable groups the piles that could trade places without changing
// the game: same rules, same group, never named on their own by a condition,
// a start rule, a cover, a value, a refill, a redeal or a deal to each.
func (r *Rules) interchangeable() [][]int {
	g := r.Game
	named := map[int]bool{} // piles whose position or identity matters
	for _, p := range g.Piles {
		if p.StartAfter >= 0 {
			named[p.StartAfter] = true
		}
		for _, c := range p.CoveredBy {
			named[c] = true
		}
		for _, f := range p.Refill {
			named[f] = true
		}
	}
	for i, p := range g.Piles {
		if p.StartAfter >= 0 || len(p.CoveredBy) > 0 || len(p.Refill) > 0 || p.Grid || p.StartWhen != nil {
			named[i] = true
		}
		for _, b := range p.Base {
			if b.Cond != nil {
				named[i] = true
			}
		}
	}
	for _, v := range g.Values {
		named[v.Pile] = true
	}
	for _, a := range g.Actions {
		for _, t := range a.Targets {
			named[t] = true
		}
		markCond(a.When, named)
	}
	if g.Redeal != nil {
		for _, f := range g.Redeal.From {
			named[f] = true
		}
	}
	for _, ph := range g.Phases {
		markCond(ph.Until, named)
	}
	markCond(g.Win, named)
	// A pile named in a list without the rest of its group is singled out.
	for _, p := range g.Piles {
		for _, list := range [][]int{p.To, p.Fill, p.Using} {
			for _, q := range list {
				for _, grp := range g.Groups {
					if grp.Name == g.Piles[q].Group {
						for _, o := range grp.Piles {
							if !slices.Contains(list, o) {
								named[q] = true
							}
						}
					}
				}
			}
		}
	}
	var out [][]int
	for _, grp := range g.Groups {
		var cl []int
		for _, p := range grp.Piles {
			if !named[p] && g.Piles[p].Group == grp.Name && samePileRules(g.Piles[p], g.Piles[grp.Piles[0]]) {
				cl = append(cl, p)
			}
		}
		if len(cl) > 1 {
			out = append(out, cl)
			for _, p := range cl {
				named[p] = true // a pile belongs to one class only
			}
		}
	}
	return out
}

// markCond marks the piles a condition names one by one (a test of a whole
// group treats its piles alike, but "f1 is full" singles f1 out).
func markCond(c check.Cond, named map[int]bool) {
	switch c := c.(type) {
	case check.And:
		for _, x := range c {
			markCond(x, named)
		}
	case check.Or:
		for _, x := range c {
			markCond(x, named)
		}
	case check.Not:
		markCond(c.C, named)
	case check.PileTest:
		if len(c.Piles) == 1 {
			named[c.Piles[0]] = true
		}
	}
}

func samePileRules(a, b *check.Pile) bool {
	same := func(x, y *check.Relation) bool { return (x == nil) == (y == nil) && (x == nil || *x == *y) }
	if a.Role != b.Role || a.Holds != b.Holds || a.Move != b.Move || a.Accepts != b.Accepts || a.Pairs != b.Pairs ||
		!same(a.Build, b.Build) || !same(a.Run, b.Run) || !slices.Equal(a.To, b.To) || !slices.Equal(a.Fill, b.Fill) ||
		!slices.Equal(a.Using, b.Using) || len(a.Base) != len(b.Base) || (a.Except == nil) != (b.Except == nil) {
		return false
	}
	if a.Except != nil && *a.Except != *b.Except {
		return false
	}
	for i := range a.Base {
		if a.Base[i].Pattern != b.Base[i].Pattern {
			return false
		}
	}
	return true
}
