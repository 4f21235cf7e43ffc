package interp

import (
	"cmp"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl"
	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/rulesets"
)

// plainMoves is a deliberately slow, obviously correct move generator for
// the differential test of Rules.Moves. It reads the rules from the
// checker's model, not from the compiled tables, and tries every source
// pile, every slot or count, and every destination, deciding each with the
// rules written out card by card. Only the state's layout (offsets and
// lengths) is shared with the interpreter.
type plainMoves struct {
	r *Rules
	g *check.Game
}

func (p plainMoves) pile(s *State, i int) []Card { return s.Pile(p.r, i) }

// count is the cards (not gaps) in pile i.
func (p plainMoves) count(s *State, i int) int {
	n := 0
	for _, c := range p.pile(s, i) {
		if !c.IsGap() {
			n++
		}
	}
	return n
}

// touching reports whether piles a and b lie next to each other (across,
// up and down, or corner to corner) in the rows of their group.
func (p plainMoves) touching(a, b int) bool {
	pa, pb := p.g.Piles[a], p.g.Piles[b]
	if pa.Group != pb.Group || pa.Rows == 0 || a == b {
		return false
	}
	for _, grp := range p.g.Groups {
		if grp.Name == pa.Group {
			i, j := slices.Index(grp.Piles, a), slices.Index(grp.Piles, b)
			row, col := func(k int) int { return k / pa.Rows }, func(k int) int { return k % pa.Rows }
			return max(row(i)-row(j), row(j)-row(i)) <= 1 && max(col(i)-col(j), col(j)-col(i)) <= 1
		}
	}
	return false
}

func (p plainMoves) capacity(i int) int {
	switch pl := p.g.Piles[i]; {
	case pl.Grid:
		return min(2*p.g.CardCount+1, 255)
	case pl.Holds > 0:
		return pl.Holds
	}
	return p.g.CardCount
}

func (p plainMoves) cond(s *State, c check.Cond) bool {
	switch c := c.(type) {
	case nil:
		return true
	case check.And:
		for _, x := range c {
			if !p.cond(s, x) {
				return false
			}
		}
		return true
	case check.Or:
		for _, x := range c {
			if p.cond(s, x) {
				return true
			}
		}
		return false
	case check.Not:
		return !p.cond(s, c.C)
	case check.AllIn:
		n := 0
		for _, i := range c.Piles {
			n += p.count(s, i)
		}
		return n == p.g.CardCount
	case check.InPhase:
		if c.After {
			return int(s.phase) > c.Phase
		}
		return int(s.phase) == c.Phase
	case check.PileTest:
		some, every := false, true
		for _, i := range c.Piles {
			n := p.count(s, i)
			var v bool
			switch c.State {
			case check.Empty:
				v = n == 0
			case check.Full:
				v = n == p.g.Piles[i].Holds
			case check.Started:
				v = n > 0
			case check.HoldsN:
				v = n == c.N
			case check.InPlace:
				v = n == 0 || p.inPlace(s, i) // a space spoils nothing by itself
			}
			v = v != c.Neg
			some, every = some || v, every && v
		}
		switch c.Quant {
		case check.Every:
			return every
		case check.Some:
			return some
		}
		return !some
	}
	panic(fmt.Sprintf("plain: condition %T", c))
}

// matches: a value not fixed yet (`rank of first card to f`, before any
// card has reached f) names any rank.
func (p plainMoves) matches(s *State, pat check.Pattern, c Card) bool {
	return pat.Ranks&(1<<c.Rank()) != 0 && pat.Suits&(1<<c.Suit()) != 0 &&
		(pat.Value < 0 || s.values[pat.Value] == 0 || pat.ValueRank(int(s.values[pat.Value])) == c.Rank())
}

// excepted: `except rank b` excepts no card while b is not fixed.
func (p plainMoves) excepted(s *State, pl *check.Pile, c Card) bool {
	return pl.Except != nil && (pl.Except.Value < 0 || s.values[pl.Except.Value] != 0) && p.matches(s, *pl.Except, c)
}

// inPlace reports whether pile i, which follows left, holds a card in
// place: at the start of its row a card its base allows, elsewhere the card
// that follows the one in place to its left.
func (p plainMoves) inPlace(s *State, i int) bool {
	pl := p.g.Piles[i]
	on := p.pile(s, i)
	if len(on) == 0 || on[len(on)-1].FaceDown() {
		return false
	}
	c := on[len(on)-1]
	if pl.Left < 0 {
		for _, b := range pl.Base {
			if p.cond(s, b.Cond) && !p.matches(s, b.Pattern, c) {
				return false
			}
		}
		return true
	}
	left := p.pile(s, pl.Left)
	return len(left) > 0 && relates(*pl.Follow, left[len(left)-1], c) && p.inPlace(s, pl.Left)
}

// takes reports whether cards (bottom first, face up) from src may go onto dst.
func (p plainMoves) takes(s *State, src, dst int, cards []Card) bool {
	d := p.g.Piles[dst]
	on := p.pile(s, dst)
	k := len(cards)
	accepts := d.Accepts
	if len(on) == 0 {
		accepts = d.AcceptsEmpty
	}
	lead := cards[0] // the card that decides where it lands
	byTop := p.g.Piles[src].ByTop
	if byTop {
		lead = cards[k-1]
	}
	switch {
	case d.Grid || dst == p.g.Stock || d.Pairs > 0 || accepts == check.AcceptNone:
		return false
	case accepts != check.AcceptRuns && k != accepts:
		return false
	case d.Holds > 0 && len(on)+k > d.Holds:
		return false
	}
	if len(on) == 0 {
		if d.FillNever || d.Fill != nil && !slices.Contains(d.Fill, src) {
			return false
		}
		if d.StartAfter >= 0 && p.count(s, d.StartAfter) == 0 || !p.cond(s, d.StartWhen) {
			return false
		}
	}
	if o := d.Outranked; o != nil {
		// One card, while another pile of the list shows a face-up top
		// card above it, its suit related as the rule says.
		if k != 1 {
			return false
		}
		for _, q := range o.By {
			c := p.pile(s, q)
			if q == src || q == dst || len(c) == 0 || c[len(c)-1].FaceDown() {
				continue
			}
			hi, lo := c[len(c)-1], lead
			hr, lr := hi.Rank(), lo.Rank()
			if o.AcesHigh {
				hr, lr = (hr+11)%13+2, (lr+11)%13+2 // A..K as 14, 2..13
			}
			var kin bool
			switch o.Suit {
			case check.SameSuit:
				kin = hi.Suit() == lo.Suit()
			case check.OtherSuit:
				kin = hi.Suit() != lo.Suit()
			case check.SameColour:
				kin = hi.Red() == lo.Red()
			case check.AlternateColour:
				kin = hi.Red() != lo.Red()
			default:
				kin = true
			}
			if hr > lr && kin {
				return true
			}
		}
		return false
	}
	if len(on) == 0 {
		if d.Follow != nil && d.Left >= 0 {
			// It takes only the card that follows its left neighbour's.
			left := p.pile(s, d.Left)
			if len(left) == 0 || left[len(left)-1].FaceDown() || !relates(*d.Follow, left[len(left)-1], lead) {
				return false
			}
		} else {
			for _, b := range d.Base {
				if p.cond(s, b.Cond) && !p.matches(s, b.Pattern, lead) {
					return false
				}
			}
		}
	} else {
		top := on[len(on)-1]
		if d.Build == nil || !p.cond(s, d.BuildWhen) || top.FaceDown() || p.excepted(s, d, top) || p.excepted(s, d, lead) ||
			!relates(*d.Build, top, lead) {
			return false
		}
	}
	if k > 1 && !byTop && (p.g.Piles[src].Move != check.MoveAny || accepts > 1) {
		// The whole run must be a sequence the destination builds.
		if d.Build == nil {
			return false
		}
		for i := 1; i < k; i++ {
			if p.excepted(s, d, cards[i-1]) || p.excepted(s, d, cards[i]) || !relates(*d.Build, cards[i-1], cards[i]) {
				return false
			}
		}
	}
	return true
}

func (p plainMoves) covered(s *State, i int) bool {
	for _, c := range p.g.Piles[i].CoveredBy {
		if p.count(s, c) > 0 { // "holds a card": gaps are none
			return true
		}
	}
	return false
}

// free reports whether slot i of a grid column is available.
func (p plainMoves) free(col []Card, i int, bothEnds bool) bool {
	return col[i] != gap && (i == len(col)-1 || col[i+1] == gap || bothEnds && (i == 0 || col[i-1] == gap))
}

// counts are the numbers of cards that may leave the top of pile i
// together, each still to be accepted where it goes.
func (p plainMoves) counts(s *State, i int) []int {
	pl := p.g.Piles[i]
	cards := p.pile(s, i)
	n := len(cards)
	if n == 0 || cards[n-1].FaceDown() {
		return nil
	}
	// "A face-down card never moves": the whole pile moves only face up.
	faceUp := !slices.ContainsFunc(cards, Card.FaceDown)
	switch pl.Move {
	case check.MoveTop:
		return []int{1}
	case check.MoveWhole:
		if !faceUp {
			return nil
		}
		return []int{n}
	case check.MoveTopOrWhole:
		if n > 1 && faceUp {
			return []int{1, n}
		}
		return []int{1}
	}
	var out []int
	for k := 1; k <= n; k++ {
		out = append(out, k)
		if k == n {
			break
		}
		under, over := cards[n-k-1], cards[n-k]
		if under.FaceDown() {
			break
		}
		if pl.Move != check.MoveAny && (pl.Run == nil || !relates(*pl.Run, under, over)) {
			break
		}
	}
	return out
}

// runLimit is how many cards may move at once from src to dst through
// empty piles: (empty one-card piles + 1) × 2^(other empty piles).
func (p plainMoves) runLimit(s *State, src, dst int) int {
	one, many := 0, 0
	for _, u := range p.g.Piles[src].Using {
		if u == dst || len(p.pile(s, u)) > 0 {
			continue
		}
		if p.g.Piles[u].Holds == 1 {
			one++
		} else {
			many++
		}
	}
	return (one + 1) << min(many, 16)
}

func (p plainMoves) moves(s *State) []Move {
	g := p.g
	if p.cond(s, g.Win) {
		return nil
	}
	var out []Move
	for src, pl := range g.Piles {
		cards := p.pile(s, src)
		if len(cards) == 0 || p.covered(s, src) {
			continue
		}
		for _, dst := range pl.To {
			if dst == src {
				continue
			}
			if pl.Grid {
				for i := range cards {
					if p.free(cards, i, pl.BothEnds) && p.takes(s, src, dst, cards[i:i+1]) {
						out = append(out, Move{Kind: Play, From: uint8(src), To: uint8(dst), Count: 1, Slot: uint8(i)})
					}
				}
				continue
			}
			for _, k := range p.counts(s, src) {
				if len(pl.Using) > 0 && k > p.runLimit(s, src, dst) {
					continue
				}
				if p.takes(s, src, dst, cards[len(cards)-k:]) {
					out = append(out, Move{Kind: Play, From: uint8(src), To: uint8(dst), Count: uint8(k)})
				}
			}
		}
	}
	for d, dp := range g.Piles {
		if dp.Pairs == 0 || len(p.pile(s, d)) >= p.capacity(d) {
			continue
		}
		room := p.capacity(d) - len(p.pile(s, d))
		var avail []pairCard
		for src, pl := range g.Piles {
			cards := p.pile(s, src)
			if src == d || !slices.Contains(pl.To, d) || len(cards) == 0 || p.covered(s, src) {
				continue
			}
			for i, c := range cards {
				if pl.Grid && p.free(cards, i, pl.BothEnds) || !pl.Grid && i == len(cards)-1 && !c.FaceDown() {
					slot := 0
					if pl.Grid {
						slot = i
					}
					avail = append(avail, pairCard{uint8(src), uint8(slot), c})
				}
			}
		}
		for i, a := range avail {
			if a.card.Rank() == dp.Pairs {
				out = append(out, Move{Kind: Pair, From: a.pile, Slot: a.slot, To: uint8(d), Count: 1})
			}
			for _, b := range avail[i+1:] {
				if room >= 2 && a.pile != b.pile && (a.card.Rank()+b.card.Rank() == dp.Pairs || dp.Pairs == check.PairsSameRank && a.card.Rank() == b.card.Rank()) &&
					(!dp.PairsTouching || p.touching(int(a.pile), int(b.pile))) {
					out = append(out, Move{Kind: Pair, From: a.pile, Slot: a.slot, From2: b.pile, Slot2: b.slot, To: uint8(d), Count: 2})
				}
			}
		}
	}
	canRedeal := func() bool {
		rd := g.Redeal
		if rd == nil || rd.Times >= 0 && int(s.redeals) >= rd.Times {
			return false
		}
		n := 0
		for _, f := range rd.From {
			if !rd.InPlace || !p.inPlace(s, f) {
				n += p.count(s, f) // `except in place` gathers only the cards out of place
			}
		}
		return n > 0 && (rd.To != nil || rd.InPlace || n <= p.capacity(g.Stock))
	}
	if g.Redeal != nil && g.Redeal.To != nil && canRedeal() {
		out = append(out, Move{Kind: Redeal})
	}
	if g.Stock >= 0 {
		if len(p.pile(s, g.Stock)) > 0 {
			// A group that closes up before each deal does so as the deal
			// starts: the deal finds its piles with cards first, in order.
			size := map[int]int{}
			for i := range g.Piles {
				size[i] = len(p.pile(s, i))
			}
			for i, pl := range g.Piles {
				if !pl.CloseUpAtDeal || pl.Group == pl.Name || i > 0 && g.Piles[i-1].Group == pl.Group {
					continue
				}
				var full []int
				for j := i; j < len(g.Piles) && g.Piles[j].Group == pl.Group; j++ {
					if n := len(p.pile(s, j)); n > 0 {
						full = append(full, n)
					}
				}
				for j := i; j < len(g.Piles) && g.Piles[j].Group == pl.Group; j++ {
					size[j] = 0
					if k := j - i; k < len(full) {
						size[j] = full[k]
					}
				}
			}
			for i, a := range g.Actions {
				// The deal played card by card: what it puts on each pile,
				// and the row a grid column is padded to, must fit.
				fits := p.cond(s, a.When)
				left := len(p.pile(s, g.Stock))
				puts := map[int]int{}
				if !a.Each {
					puts[a.Targets[0]] = min(a.Count, left)
				}
				targets := a.Targets
				if a.Empty { // each empty: only the piles empty now, and at least one
					targets = nil
					for _, t := range a.Targets {
						if size[t] == 0 {
							targets = append(targets, t)
						}
					}
					fits = fits && len(targets) > 0
				}
				for k := 0; a.Each && k < a.Count; k++ {
					for _, t := range targets {
						if left > 0 {
							puts[t]++
							left--
						}
					}
				}
				rows := 0 // the row the grid columns are dealt
				for _, u := range a.Targets {
					if g.Piles[u].Grid {
						rows = max(rows, len(p.pile(s, u)))
					}
				}
				for t, n := range puts {
					base := size[t]
					if a.Each && g.Piles[t].Grid {
						base = rows
					}
					fits = fits && (n == 0 || base+n <= p.capacity(t))
				}
				if fits {
					out = append(out, Move{Kind: Deal, Action: uint8(i)})
				}
			}
		} else if g.Redeal != nil && g.Redeal.To == nil && canRedeal() {
			out = append(out, Move{Kind: Redeal})
		}
	}
	return out
}

func compareMoves(a, b Move) int {
	return cmp.Or(cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.From, b.From), cmp.Compare(a.To, b.To),
		cmp.Compare(a.Count, b.Count), cmp.Compare(a.Slot, b.Slot), cmp.Compare(a.Action, b.Action),
		cmp.Compare(a.From2, b.From2), cmp.Compare(a.Slot2, b.Slot2))
}

// diffMoves compares Rules.Moves with the plain generator along random
// playouts of a few deals, also after jumping back to an earlier position
// (as undo and the solver do), and reports the first difference.
func diffMoves(r *Rules, deals, steps int, rng *rand.Rand) error {
	p := plainMoves{r: r, g: r.Game}
	s, saved := r.NewState(), r.NewState()
	var buf []Move
	for deal := 1; deal <= deals; deal++ {
		seed := rng.Uint64()%1_000_000 + 1
		r.DealInto(s, seed)
		saved.CopyFrom(s)
		for step := 0; step < steps; step++ {
			switch x := rng.IntN(16); {
			case x == 0:
				s.CopyFrom(saved)
			case x == 1:
				saved.CopyFrom(s)
			case x == 2:
				// Listing saved's moves gives it a move cache of its
				// own, which the next CopyFrom into s copies.
				r.Moves(saved, nil)
			}
			buf = r.Moves(s, buf[:0])
			got := slices.Clone(buf)
			want := p.moves(s)
			slices.SortFunc(got, compareMoves)
			slices.SortFunc(want, compareMoves)
			if !slices.Equal(got, want) {
				return fmt.Errorf("seed %d, step %d: Moves differs from the plain generator\n got %s\nwant %s\nposition:\n%s",
					seed, step, r.moveList(got), r.moveList(want), r.dumpState(s))
			}
			if len(got) == 0 {
				break
			}
			r.Apply(s, buf[rng.IntN(len(buf))])
		}
	}
	return nil
}

func (r *Rules) moveList(ms []Move) string {
	out := fmt.Sprintf("(%d)", len(ms))
	for _, m := range ms {
		out += " " + r.MoveString(m)
	}
	return out
}

// TestMovesMatchPlainGenerator compares the legal-move sets of the move
// generator with the plain one on random positions of every built-in game
// and of random generated games.
func TestMovesMatchPlainGenerator(t *testing.T) {
	t.Parallel()
	deals, steps, games := 20, 300, 400
	if testing.Short() {
		deals, steps, games = 4, 200, 100
	}
	rng := rand.New(rand.NewPCG(16, 16))
	for _, name := range rulesets.Names() {
		src, _ := rulesets.Source(name)
		g, err := check.Source(name+".patience", src)
		require.NoError(t, err)
		if err := diffMoves(Compile(g), deals, steps, rng); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	files, err := filepath.Glob("testdata/handwritten/*.patience")
	require.NoError(t, err)
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		g, err := check.Source(f, src)
		require.NoError(t, err)
		if err := diffMoves(Compile(g), deals, steps/10, rng); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	checked := 0
	for i := 0; i < games; i++ {
		src := genGame(rand.New(rand.NewPCG(uint64(i), 0xd1ff)))
		g, err := check.Source("gen.patience", []byte(src))
		var d *dsl.Diagnostics
		if errors.As(err, &d) {
			continue // a game the checker refuses
		}
		require.NoError(t, err)
		checked++
		if err := diffMoves(Compile(g), 3, 60, rng); err != nil {
			t.Fatalf("generated game %d: %v\n%s", i, err, src)
		}
	}
	require.Greater(t, checked, games/2, "most generated games should check")
}

// TestNonZeroBytes checks the byte test behind the grids' free slots.
func TestNonZeroBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for range 10000 {
		var x uint64
		var want uint8
		for k := range 8 {
			if b := uint64(rng.IntN(256)) * uint64(rng.IntN(2)); b != 0 {
				x |= b << (8 * k)
				want |= 1 << k
			}
		}
		require.Equal(t, want, nonZeroBytes(x), "%016x", x)
	}
}

// TestFreeSlots checks the grids' free slots against available, on
// columns of every length.
func TestFreeSlots(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	region := make([]Card, 255)
	free, occ := make([]uint64, 4), make([]uint64, 4)
	for range 3000 {
		for i := range region {
			region[i] = Card(rng.IntN(2) * (1 + rng.IntN(60)))
		}
		n, both := rng.IntN(len(region)+1), rng.IntN(2) == 0
		if rng.IntN(2) == 0 {
			n = rng.IntN(20)
		}
		occupied(occ, region, n)
		freeOf(free, occ, n, both)
		for i := range n {
			require.Equal(t, available(region[:n], i, both), free[i>>6]>>(i&63)&1 != 0, "slot %d of %d", i, n)
		}
	}
}

// TestCanRedealGapsOnly checks that a redeal from grid columns that hold
// only gaps has nothing to gather: a position the random playouts above
// rarely reach (every garden card gone, the stock empty, the game not
// won).
func TestCanRedealGapsOnly(t *testing.T) {
	src, _ := rulesets.Source("babette")
	g, err := check.Source("babette.patience", src)
	require.NoError(t, err)
	r := Compile(g)
	s := r.Deal(1)
	require.True(t, r.canRedeal(s))
	s.lens[r.stock] = 0
	for _, p := range r.redeal.from {
		clear(s.Pile(r, p)) // gaps, the columns' lengths kept
	}
	assert.False(t, r.canRedeal(s))
	p := r.redeal.from[2]
	s.Pile(r, p)[0] = NewCard(5, 1)
	require.True(t, r.canRedeal(s))
}

// exhaustiveMoves walks every position reachable from the deal of seed (up
// to limit, depth first) and compares, at each, the move list kept by the
// move cache (the parent's copied and the move applied, as the solver and
// play do), the move list of a fresh clone, which builds its cache anew,
// and the plain generator's; and that a move applied gives the same
// position with a cache and without. It returns the positions compared.
func exhaustiveMoves(r *Rules, seed uint64, limit int) (int, error) {
	p := plainMoves{r: r, g: r.Game}
	root := r.Deal(seed)
	seen := map[uint64]bool{}
	stack := []*State{root}
	n := 0
	for len(stack) > 0 && n < limit {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		h := s.Hash(r)
		if seen[h] {
			continue
		}
		seen[h] = true
		n++
		got := slices.Clone(r.Moves(s, nil))
		fresh := slices.Clone(r.Moves(s.Clone(), nil))
		want := p.moves(s)
		slices.SortFunc(got, compareMoves)
		slices.SortFunc(fresh, compareMoves)
		slices.SortFunc(want, compareMoves)
		if !slices.Equal(fresh, want) {
			return n, fmt.Errorf("seed %d: fresh Moves differ from plain\n got %s\nwant %s\n%s", seed, r.moveList(fresh), r.moveList(want), r.dumpState(s))
		}
		if !slices.Equal(got, fresh) {
			return n, fmt.Errorf("seed %d: cached Moves differ from fresh\n got %s\nwant %s\n%s", seed, r.moveList(got), r.moveList(fresh), r.dumpState(s))
		}
		for _, m := range got {
			next := r.NewState()
			r.Moves(next, nil) // give it a cache
			next.CopyFrom(s)
			r.Apply(next, m)
			plainNext := s.Clone() // and one with no cache at all
			r.Apply(plainNext, m)
			if !next.Equal(r, plainNext) {
				return n, fmt.Errorf("seed %d: Apply differs with and without cache", seed)
			}
			stack = append(stack, next)
		}
	}
	return n, nil
}

// TestMovesCachedFreshPlain walks, exhaustively to a bound, the positions
// of the handwritten games and of generated games of every family, where
// a cache kept across moves and rebuilt from nothing must give the same
// moves as the plain generator (an `in place` condition once read the
// cache of a pile to its left, stale).
func TestMovesCachedFreshPlain(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("testdata/handwritten/*.patience")
	require.NoError(t, err)
	total := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		g, err := check.Source(f, src)
		require.NoError(t, err)
		for seed := uint64(1); seed <= 2; seed++ {
			n, err := exhaustiveMoves(Compile(g), seed, 300)
			require.NoError(t, err, f)
			total += n
		}
	}
	gens := []func(*rand.Rand) string{genGame, genMix, genSafe}
	for i := range 600 {
		src := gens[i%3](rand.New(rand.NewPCG(uint64(i/3), 0xcac4e)))
		g, err := check.Source("gen.patience", []byte(src))
		if err != nil {
			continue
		}
		n, err := exhaustiveMoves(Compile(g), 1, 400)
		require.NoError(t, err, "generated game %d\n%s", i, src)
		total += n
	}
	t.Logf("%d positions compared", total)
	assert.Greater(t, total, 10_000)
}
