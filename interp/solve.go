package interp

import (
	"cmp"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"time"
	"unsafe"

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
	Memory   int           // bytes the search may hold (see Solution.Memory)
	Deadline time.Time     // absolute; overrides Time when set
	// AnyLine: a caller that wants only the verdict (statistics, choosing
	// winnable deals) takes the first winning line found as it is, without
	// the work of shortening it (see shorten). It still wins.
	AnyLine bool
}

// Solution is a solver's answer.
type Solution struct {
	Verdict Verdict
	Moves   []Move // Winnable: a line that wins from the position searched
	Nodes   int
	Elapsed time.Duration
	// Memory is the most the search held at once, in bytes: its
	// transposition table, its positions and moves at every depth, and the
	// playouts' lines (what Limits.Memory bounds). A search that would need
	// more gives up: the depth-first searches stop when the table cannot
	// grow within the bound (or, passing it by their last small step, when
	// they go deeper), and the deal is unknown unless a search that fits,
	// the playouts, wins.
	Memory int
	// Stuck, when the verdict is Unwinnable for a dead card (see
	// blockage), names the cards that can never leave their piles and
	// hold back the cards that must get out.
	Stuck []Stuck
	// Full: the search filled the memory Limits.Memory allows (whatever
	// else it went on to try within the other limits).
	Full bool
}

// Solve searches for a winning line from s, playing "thoughtful" solitaire:
// it sees the face-down cards and the stock's order. It searches depth
// first, trying progress moves first, with a transposition table over a
// canonical hash in which interchangeable piles are put in order. It uses
// no pruning that the rules do not prove safe, so Unwinnable is a proof.
// No one way of searching suits every game, so it takes turns (see
// portfolio) with another order of moves and with random playouts.
func (r *Rules) Solve(s *State, lim Limits) Solution {
	return r.solve(s, lim, r.wasteMask(), true)
}

// solve is Solve with the piles the stock deals to when deals commute (0:
// search every deal on its own), and with or without safe moves. Tests
// compare the verdicts each way.
func (r *Rules) solve(s *State, lim Limits, waste uint64, safe bool) Solution {
	return r.solveWith(s, lim, waste, safe, &solverPool{})
}

// solveWith is solve taking its memory from pool, and giving it back.
func (r *Rules) solveWith(s *State, lim Limits, waste uint64, safe bool, pool *solverPool) Solution {
	sv := r.newSolver(s, lim, waste, safe)
	sv.pool = pool
	defer pool.put(sv)
	return sv.run(s)
}

// run is the solver's answer for s.
func (sv *solver) run(s *State) Solution {
	root := s.Clone()
	out := Solution{}
	if sv.lim.Memory > 0 && sv.held() > sv.lim.Memory {
		out.Memory = sv.held()
		out.Elapsed = time.Since(sv.start)
		out.Full = true
		return out // not even the position fits
	}
	line, res := sv.portfolio(root)
	switch res {
	case found:
		out.Verdict, out.Moves = Winnable, line
	case exhausted:
		out.Verdict, out.Stuck = Unwinnable, sv.stuck
	}
	out.Nodes = sv.nodes
	out.Elapsed = time.Since(sv.start)
	out.Memory = max(sv.peak, sv.held())
	out.Full = sv.full
	return out
}

// overMemory notes the memory held after it grew and reports whether it
// passes Limits.Memory; if so the depth-first search is full.
func (sv *solver) overMemory() bool {
	held := sv.held()
	sv.peak = max(sv.peak, held)
	if sv.lim.Memory > 0 && held > sv.lim.Memory {
		sv.full = true
		return true
	}
	return false
}

// held is the memory the search holds now, in bytes: the transposition
// table, a position and a list of steps for every depth reached, the line
// and the scratch space.
func (sv *solver) held() int {
	n := sv.seen.bytes() + sv.dead.bytes() + (len(sv.states)+4)*sv.r.stateBytes() + cap(sv.stamps)*8 + cap(sv.members)*16
	n += sv.block.bytes()
	n += sv.stepsCap * stepBytes
	n += (cap(sv.path) + cap(sv.moves) + cap(sv.line)) * int(unsafe.Sizeof(Move{}))
	// The playouts' lines (the current one and the best so far), at their
	// longest, and their steps at one position.
	n += 2 * playoutMoves(sv.r) * int(unsafe.Sizeof(Move{}))
	n += (cap(sv.playSteps) + cap(sv.playBest)) * stepBytes
	return n
}

// playoutMoves is the most moves a playout's line holds.
func playoutMoves(r *Rules) int {
	return 4 * r.Game.CardCount * (1 + r.redealsAllowed())
}

// stateBytes is what held counts for a position: its cards, lengths and
// values, and the move cache it carries (see moveCache).
func (r *Rules) stateBytes() int {
	return len(r.piles) + len(r.Game.Values) + r.size + 3*24 + r.cacheBytes()
}

const stepBytes = int(unsafe.Sizeof(step{}))

func (r *Rules) newSolver(s *State, lim Limits, waste uint64, safe bool) *solver {
	sv := &solver{r: r, lim: lim, start: time.Now(), pool: &solverPool{}}
	if !lim.Deadline.IsZero() {
		sv.deadline = lim.Deadline
	} else if lim.Time > 0 {
		sv.deadline = sv.start.Add(lim.Time)
	}
	sv.classes = r.interchangeable()
	sv.salts = keySalts(len(r.piles), sv.classes)
	sv.safe = r.newSafety(s)
	sv.safe.enabled = sv.safe.enabled && safe
	sv.block = r.newBlockage()
	sv.canon = r.cardClasses()
	sv.closed = r.closedPiles()
	sv.countOnly = r.unreadTops(sv.closed)
	sv.acyclic = r.acyclic()
	if !sv.acyclic {
		sv.seen.withValues()
	}
	sv.unlimited = r.redeal != nil && r.redeal.times < 0
	sv.waste = waste
	sv.stepPlayouts = waste != 0 && sv.unlimited
	sv.cycleWaste = -1
	if w, by, ok := r.stockCycle(waste); ok {
		sv.cycleWaste, sv.cycleBy = w, by
		sv.safe.fixed |= 1 << w // no safe move from the waste (see cycleTerm)
	}
	sv.maxDepth = 8 * playoutMoves(r) // 32 moves a card, per pass
	if r.testMaxDepth > 0 {
		sv.maxDepth = r.testMaxDepth
	}
	sv.scratch = r.newState()
	for i := range r.piles {
		if role := r.piles[i].role; role == check.Foundation || role == check.Discard {
			sv.outs = append(sv.outs, i)
		}
	}
	return sv
}

// portfolio takes turns between three searches, each given a budget of
// positions that starts at 500 and grows fourfold each round (a small
// start lets the search that suits the deal find an easy win before the
// others have spent much; 2,000 made FreeCell's median deal half as slow
// again): depth-first search with moves
// in the order of their promise, the same with moves of equal promise
// ordered by how good a position they lead to (see worth), and random
// playouts, which get four times the budget. After the first round the
// depth-first searches break ties between moves at random, so that each
// round tries new lines instead of repeating the last. The first win ends
// it, and so does a depth-first search that searched everything: the deal
// is unwinnable. Easy deals are settled at once by whichever search suits
// the game (in Klondike and FreeCell a depth-first search, in Precedence
// and Babette the playouts), and none pays more than a few times what its
// best search would cost alone.
//
// Where deals commute and redeals are unlimited (Klondike, Canfield), a
// fourth search takes its turn with twice the depth-first searches'
// budget: playouts whose every move is one of the depth-first search's
// steps, "deal k times, then play a card" (see steps), so that a playout
// never spends its moves turning the stock round and round and sees every
// card the stock can give. It wins the deals it suits with 4 to 18 times
// fewer positions than the playouts of single moves, which win others
// (alone it won 77 Klondike deals of 100 where they won 82, at 2,000,000
// positions), so it comes beside them, not instead. Where redeals are
// limited it would burn a pass with every long deal, and does not run.
func (sv *solver) portfolio(root *State) ([]Move, searchResult) {
	total := sv.lim.Nodes
	defer func() { sv.lim.Nodes = total }()
	spent := func() bool {
		return total > 0 && sv.nodes >= total || !sv.deadline.IsZero() && time.Now().After(sv.deadline)
	}
	if sv.block.blocked(root) {
		sv.stuck = sv.block.stuck(root)
		return nil, exhausted // a card can never get out
	}
	if len(sv.r.Moves(root, nil)) == 0 {
		// No move: the position is won as it stands, or no line wins it.
		if sv.r.Won(root) {
			return nil, found
		}
		return nil, exhausted
	}
	full := false // a depth-first search filled the memory allowed
	for round, budget := 0, 500; ; round, budget = round+1, budget*4 {
		before := sv.nodes
		for strategy := range 4 {
			if strategy < 2 && full || strategy == 3 && !sv.stepPlayouts {
				continue
			}
			sv.lim.Nodes = sv.nodes + budget
			switch strategy {
			case 2:
				sv.lim.Nodes += 3 * budget // the cheapest search, and often the best
			case 3:
				sv.lim.Nodes += budget
			}
			if total > 0 {
				sv.lim.Nodes = min(sv.lim.Nodes, total)
			}
			switch strategy {
			case 0, 1:
				sv.rate = strategy == 1
				sv.shuffle = nil
				if round > 0 {
					k := sv.seedOf(root)
					sv.shuffle = rand.New(rand.NewPCG(k[0]^uint64(round), k[1]+uint64(strategy)))
				}
				sv.seen.reset()
				sv.members, sv.memberStates = sv.members[:0], sv.memberStates[:0]
				sv.path = sv.path[:0]
				sv.cut = false
				switch res, _ := sv.dfs(root.Clone(), 0); res {
				case found:
					return sv.finish(root, slices.Clone(sv.path)), found
				case exhausted:
					if !sv.cut { // a line cut at maxDepth proves nothing
						return nil, exhausted
					}
				}
				full = sv.full
			case 2, 3:
				if line, ok := sv.playouts(root, round, strategy == 3); ok {
					return sv.finish(root, line), found
				}
			}
			if spent() || full && total == 0 && sv.deadline.IsZero() {
				return nil, limited
			}
		}
		if sv.nodes == before {
			// A round that searched nothing (the depth-first searches
			// full, the playouts finding no step) would be followed by
			// others like it: what can be found is found.
			return nil, limited
		}
	}
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
	closed    uint64 // piles hashed by their top card and count (see closedPiles)
	countOnly uint64 // closed piles hashed by their count alone (see unreadTops)
	acyclic   bool   // positions never come back (see acyclic)
	dead      table  // acyclic: positions searched to the end and lost, kept across rounds
	seen      table
	full      bool // the table could not grow within Limits.Memory
	peak      int  // the most memory held, in bytes (see held)
	nodes     int
	// late's clock: calls so far, the call of the next look at the
	// clock, the calls between looks, and when it last looked.
	ticks, nextLook, stride int
	looked                  time.Time
	path                    []Move
	states                  []*State // a scratch state per depth
	steps                   [][]step // the steps tried at each depth
	stepsCap                int      // their capacities, summed: held reads it at every new depth
	// maxDepth bounds the depth-first line. In a game whose positions come
	// back a line can run on through hundreds of thousands of new
	// positions, each kept with its moves, until the memory allowed is
	// full (FreeCell's deal 4393: 200,000 deep, 256 MiB, and no win),
	// while a winning line is a few hundred moves long. A position at that
	// depth is not searched, and cut is set: from then on in the round
	// nothing is remembered as lost or settled, and the round proves
	// nothing, since a position whose search was cut below it may be
	// winnable. Positions settled before the first cut were searched to
	// the end, as without the bound. So the bound costs proofs only in the
	// rounds that reach it, and never makes one false. It is 32 moves a
	// card for each pass through the stock (1,664 in FreeCell, 6,656 in
	// Klondike with unlimited redeals, counted as four passes): deal 4393
	// is won in 5,300,000 positions holding 29 MiB, and FreeCell's deals
	// 1–10,000 are all won at 10 s again; Klondike by threes with worrying
	// back, deals 1–2,000 at 2,000,000 positions, gets the same verdicts
	// on every deal. A bound of 8 moves a card also won deal 4393 but lost
	// deal 3225, and cut so often that FreeCell's mean deal took half as
	// long again.
	maxDepth     int
	cut          bool   // a line was cut at maxDepth in this round
	moves        []Move // scratch
	scratch      *State
	waste        uint64     // the piles the stock deals to, when deals commute (see steps)
	cycleWaste   int        // the waste, when the key merges the places of a stock that goes round (see cycleTerm); else -1
	cycleBy      int        // how many cards a deal turns to it
	outs         []int      // foundations and discards
	rate         bool       // order steps of equal promise by worth (see order)
	line         []Move     // scratch
	shuffle      *rand.Rand // breaks ties between steps at random, when set
	classes      [][]int    // groups of interchangeable piles
	safe         *safety
	block        *blockage // proves positions lost by their dead cards
	stuck        []Stuck   // the cards that proved the root lost, if it did
	canon        [256]Card // each card as the rules can tell it apart
	unlimited    bool      // redeals are unlimited, so their count is no part of a position
	stepPlayouts bool      // playouts over steps too (see portfolio)
	playSteps    []step    // the playouts' steps at one position, and the best of them
	playBest     []step
	salts        []key128     // each pile's salt in the key (see term)
	stamps       []uint64     // the stamp of the position at each depth of the line (see onLine)
	stamp        uint64       // positions entered so far
	members      []key128     // the positions lost but for their component's first, in the order they finished (see member)
	memberStates []*State     // tests: those positions, where onDead is set
	onDead       func(*State) // tests: called with each position remembered as lost
	scramble     bool         // tests: try the steps in the shuffle's order alone
	pool         *solverPool  // where its memory comes from, and goes back to
}

// playouts looks for a win by random playouts biased to progress: where
// depth-first search commits early to a bad choice and spends its budget
// deep below it, many quick games often find a winning line. Most playouts
// start from a random point of the line that got the most cards out so
// far, replayed without a search. They stop at the node limit (or after a
// fixed number of positions without one); the positions where they choose
// a move count as nodes. The random source is seeded from the position and
// the round, so a solve gives the same answer every time. bySteps plays
// steps (see steps) instead of single moves, in games whose deals commute:
// the best-promising step at random, or now and then any step.
func (sv *solver) playouts(root *State, round int, bySteps bool) ([]Move, bool) {
	r := sv.r
	budget := 1 << 30 // without a node limit, until the deadline
	if sv.lim.Nodes > 0 {
		budget = sv.lim.Nodes - sv.nodes
	} else if sv.deadline.IsZero() {
		budget = 100_000
	}
	k := sv.seedOf(root)
	rng := rand.New(rand.NewPCG(k[0], k[1]+uint64(round)))
	p := sv.pool
	if p.playout == nil {
		p.playout = r.newState()
	}
	s := p.playout
	line, moves := p.line[:0], p.moves[:0]
	record := p.record[:0] // the line that got the most cards out so far
	defer func() { p.line, p.moves, p.record = line, moves, record }()
	waste := uint64(0) // steps of one move each
	if bySteps {
		waste = sv.waste
	}
	recordOut := -1
	sts, bestSt := sv.playSteps[:0], sv.playBest[:0]
	defer func() { sv.playSteps, sv.playBest = sts, bestSt }()
	// No line grows longer than held counts it, the prefix of the best
	// line it starts from included; so the best line cannot grow longer
	// playout by playout.
	limit := playoutMoves(r)
	if cap(line) < limit {
		line = make([]Move, 0, limit)
	}
	if cap(record) < limit {
		record = make([]Move, 0, limit)
	}
	for spent := 0; spent < budget; spent++ { // a playout costs at least one
		s.CopyFrom(root)
		line = line[:0]
		if recordOut >= 0 && rng.IntN(4) != 0 {
			// Three playouts in four start from a random point of the best
			// line so far: good lines are mostly good, and the search stays
			// near them.
			n := rng.IntN(len(record) + 1)
			for _, m := range record[:n] {
				r.Apply(s, m)
			}
			line = append(line, record[:n]...)
		}
		for len(line) < limit && spent < budget {
			if r.Won(s) {
				return slices.Clone(line), true
			}
			// Each step is one move, or with bySteps deals and a move.
			var dealt int
			sts, moves, dealt = r.steps(s, waste, sts[:0], moves, sv.scratch)
			spent += dealt
			sv.nodes += dealt
			if len(sts) == 0 {
				break
			}
			bestSt = bestSt[:0]
			top := -1
			for _, st := range sts {
				if p := int(st.score); p > top {
					top, bestSt = p, append(bestSt[:0], st)
				} else if p == top {
					bestSt = append(bestSt, st)
				}
			}
			st := bestSt[rng.IntN(len(bestSt))]
			if rng.IntN(8) == 0 {
				st = sts[rng.IntN(len(sts))] // now and then, anything legal
			}
			if len(line)+int(st.deals)+1 > limit {
				break
			}
			line = r.applyStep(s, st, line)
			spent++
			sv.nodes++
			if sv.late() {
				return nil, false
			}
		}
		if r.Won(s) {
			return slices.Clone(line), true
		}
		out := 0
		for _, p := range sv.outs {
			out += int(s.lens[p])
		}
		if out >= recordOut {
			recordOut, record = out, append(record[:0], line...)
		}
		if len(line) == 0 || sv.late() {
			break // no move at all, or out of time
		}
	}
	return nil, false
}

// finish is the winning line to give: shortened unless any will do.
func (sv *solver) finish(root *State, line []Move) []Move {
	if sv.lim.AnyLine {
		return line
	}
	return sv.shorten(root, line)
}

// shorten cuts the loops out of a winning line: whenever the line comes
// back to exactly a position it has been in (but for the count of
// unlimited redeals), the moves in between go; and
// wherever one step leads from a position of the line to a later one in
// fewer moves, it takes the place of the moves in between. The shorter line is checked to
// win, else the line is kept as it was.
func (sv *solver) shorten(root *State, line []Move) []Move {
	r := sv.r
	s := root.Clone()
	at := map[key128]int{sv.exact(s): 0}
	var out []Move
	for _, m := range line {
		r.Apply(s, m)
		out = append(out, m)
		h := sv.exact(s)
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
	for pass := 0; pass < 4; pass++ {
		var shorter bool
		if out, shorter = sv.shortcuts(root, out); !shorter {
			break
		}
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

// shortcuts replaces the moves between two positions of a line by one
// step (see steps) wherever one leads from the first to the second in
// fewer moves, the one that saves most first. Every step of every position
// of the line is tried, which in a game of many piles can cost far more
// than the search did, so it keeps the search's deadline.
func (sv *solver) shortcuts(root *State, line []Move) ([]Move, bool) {
	r := sv.r
	s := root.Clone()
	at := map[key128]int{sv.exact(s): 0} // each position of the line: where it comes
	for i, m := range line {
		r.Apply(s, m)
		at[sv.exact(s)] = i + 1
	}
	s.CopyFrom(root)
	child, scratch := r.newState(), r.newState()
	var out, moves, via []Move
	var steps []step
	shorter := false
	for i := 0; i < len(line); {
		if !sv.deadline.IsZero() && time.Now().After(sv.deadline) {
			// Past the deadline: the rest of the line as it is. s is the
			// line's position i, so the line still wins. (Not late: its
			// looks are spaced for the search's cheap positions, and one
			// position here costs all its steps.)
			return append(out, line[i:]...), shorter
		}
		best, to, gain := step{m: line[i]}, i+1, 0
		steps, moves, _ = r.steps(s, sv.waste, steps[:0], moves, scratch)
		for _, st := range steps {
			child.CopyFrom(s)
			via = r.applyStep(child, st, via[:0]) // k deals and a move: k+1 moves
			if j, ok := at[sv.exact(child)]; ok && j-i-len(via) > gain {
				best, to, gain = st, j, j-i-len(via)
			}
		}
		out = r.applyStep(s, best, out)
		shorter = shorter || to > i+1
		i = to
	}
	return out, shorter
}

// exact hashes a position exactly, but for the count of redeals when they
// are unlimited: it is the same position, for the game, whatever the count.
func (sv *solver) exact(s *State) key128 {
	k := key128{uint64(s.phase), 0}
	if !sv.unlimited {
		k.add(uint64(s.redeals))
	}
	for _, v := range s.values {
		k.add(uint64(v))
	}
	for i := range sv.r.piles {
		k.add(uint64(s.lens[i]))
		for _, c := range s.Pile(sv.r, i) {
			k.add(uint64(c))
		}
	}
	return k
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

func (sv *solver) dfs(s *State, depth int) (searchResult, int) {
	r := sv.r
	if r.Won(s) {
		return found, noLow // won already (a game may be won at the deal): no move is left
	}
	// Play the moves the rules prove safe first; they are part of the line.
	mark, room := len(sv.path), cap(sv.path)
	sv.path = sv.playSafe(s, sv.path)
	if len(sv.path) != mark && r.Won(s) {
		return found, noLow
	}
	if cap(sv.path) != room && sv.overMemory() {
		sv.path = sv.path[:mark]
		return limited, noLow
	}
	res, low := sv.expand(s, depth)
	if res != found {
		sv.path = sv.path[:mark]
	}
	return res, low
}

// late reports whether the deadline has passed. It looks at the clock
// about once a millisecond, however long a call's position or step takes
// (from under a microsecond in FreeCell to milliseconds where a step deals
// through a long stock in a game of many piles), by halving the calls
// between looks when they took longer and doubling them, up to 256, when
// they took less than a quarter of that: a search overruns its time by
// about a millisecond or one step, and the clock costs nothing.
func (sv *solver) late() bool {
	if sv.deadline.IsZero() {
		return false
	}
	sv.ticks++
	if sv.ticks < sv.nextLook {
		return false
	}
	now := time.Now()
	switch gap := now.Sub(sv.looked); {
	case gap > time.Millisecond && sv.stride > 1:
		sv.stride /= 2
	case gap < time.Millisecond/4 && sv.stride < 256:
		sv.stride *= 2
	}
	sv.stride = max(sv.stride, 1)
	sv.looked, sv.nextLook = now, sv.ticks+sv.stride
	return now.After(sv.deadline)
}

// expand searches the steps from s, a position at depth depth of the line,
// which the search has not met before in this round (else it returns at
// once). Besides the result it returns the least depth of a position
// still being searched (on the line above) that a lost result relies on:
// a line that comes back to a position being searched is cut there, so
// "lost" means only "lost but for going back up there" (noLow: relies on
// nothing; see settled).
func (sv *solver) expand(s *State, depth int) (searchResult, int) {
	r := sv.r
	if sv.lim.Nodes > 0 && sv.nodes >= sv.lim.Nodes {
		return limited, noLow
	}
	sv.nodes++
	if sv.late() {
		return limited, noLow
	}
	key := sv.key(s)
	if sv.dead.has(key) {
		return exhausted, noLow
	}
	if !sv.acyclic {
		// In a game whose positions never come back, the dead table alone
		// is enough (see remember): no position is met again while it is
		// being searched.
		if v, ok := sv.seen.get(key); ok {
			return exhausted, sv.reliesOn(v)
		}
		if sv.seen.full() {
			// The table must grow: only if the larger table fits too.
			if sv.lim.Memory > 0 && sv.held()-sv.seen.bytes()+sv.seen.grownBytes() > sv.lim.Memory {
				sv.full = true
				return limited, noLow
			}
			sv.seen.grow(sv.pool)
			sv.peak = max(sv.peak, sv.held())
		}
		sv.seen.put(nonZero(key), onLine(depth))
	}

	if depth >= sv.maxDepth {
		sv.cut = true
		if !sv.acyclic {
			sv.seen.put(nonZero(key), member(0)) // no longer on the line
		}
		return exhausted, 0 // not searched, so it relies on everything (see maxDepth)
	}

	grew := len(sv.states) <= depth
	for len(sv.states) <= depth {
		sv.states = append(sv.states, sv.pool.state(r))
		sv.steps = append(sv.steps, sv.pool.stepList())
		sv.stepsCap += cap(sv.steps[len(sv.steps)-1])
		sv.stamps = append(sv.stamps, 0)
	}
	sv.stamp++
	sv.stamps[depth] = sv.stamp
	own, members := int(sv.stamp), len(sv.members)
	before := cap(sv.steps[depth]) + cap(sv.moves)
	steps, moves, dealt := r.steps(s, sv.waste, sv.steps[depth][:0], sv.moves, sv.scratch)
	sv.moves = moves
	sv.nodes += dealt // the positions between deals count too
	sv.stepsCap += cap(steps) - cap(sv.steps[depth])
	sv.steps[depth] = steps
	if (grew || cap(steps)+cap(moves) != before) && sv.overMemory() {
		return limited, noLow // a new depth, or more steps, and too much
	}
	if sv.shuffle != nil {
		for i := range steps {
			steps[i].tie = sv.shuffle.Uint32()
			if sv.scramble {
				steps[i].score = 0
			}
		}
	}
	if sv.rate {
		sv.rateSteps(s, steps, sv.states[depth])
	}
	order(steps)
	next := sv.states[depth]
	low := noLow
	for _, st := range steps {
		next.CopyFrom(s)
		mark, room := len(sv.path), cap(sv.path)
		sv.path = r.applyStep(next, st, sv.path)
		if cap(sv.path) != room && sv.overMemory() {
			sv.path = sv.path[:mark]
			return limited, noLow
		}
		res, l := sv.dfs(next, depth+1)
		switch res {
		case found:
			return found, noLow
		case limited:
			sv.path = sv.path[:mark]
			return limited, noLow
		}
		low = min(low, l)
		sv.path = sv.path[:mark]
	}
	switch {
	case sv.cut:
		// A line was cut this round: from now on no position is known
		// lost outright, and none is kept as lost (see maxDepth).
		if !sv.acyclic {
			sv.seen.put(nonZero(key), member(0))
		}
		return exhausted, 0
	case sv.acyclic:
		sv.remember(key, s)
	case low >= own:
		// The first position entered of its component: it and the
		// members searched below it are lost outright.
		for i, k := range sv.members[members:] {
			sv.seen.put(k, settled)
			var m *State
			if sv.onDead != nil {
				m = sv.memberStates[members+i]
			}
			sv.remember(k, m)
		}
		sv.members = sv.members[:members]
		if sv.onDead != nil {
			sv.memberStates = sv.memberStates[:members]
		}
		sv.remember(key, s)
		sv.seen.put(nonZero(key), settled)
		low = noLow
	default:
		sv.seen.put(nonZero(key), member(uint64(own)))
		room := cap(sv.members)
		sv.members = append(sv.members, nonZero(key))
		if sv.onDead != nil {
			sv.memberStates = append(sv.memberStates, s.Clone())
		}
		if cap(sv.members) != room && sv.overMemory() {
			return limited, noLow
		}
	}
	return exhausted, low
}

// In a game whose positions can come back, the depth-first search keeps
// beside each position of the round's table what its "lost" relies on, as
// Tarjan's algorithm for strongly connected components does, so that
// positions lost outright can be kept across rounds and searches (see
// remember). Each position entered gets a stamp, the count of positions
// entered so far, which is its index in Tarjan's sense; a search returns
// the least stamp its lines came back to (noLow: none).
//
//   - onLine(d): it is being searched, at depth d of the line. A line that
//     reaches it again is cut, and what was searched below relies on the
//     stamp of depth d.
//   - member(stamp): it was searched to the end and lost, but relying on a
//     position still on the line, the first entered of its component; it
//     is one of the members (a stack, in the order they finished) and
//     relies, when met again, on its own stamp, which is above that
//     position's, as in Tarjan's algorithm.
//   - settled: it was searched to the end, and lost relying on nothing
//     above it: every position it can reach is one searched below it and
//     lost, or settled before. No winning line leaves it (by induction on
//     the order in which positions were settled: a line from it stays among
//     positions searched below it, none of which is won, or reaches one
//     settled before, from which none wins), so it is lost outright.
//
// A position is settled when the least stamp its lines came back to is its
// own or none: it relies on nothing above it, and it is the first entered
// of its component. Then so are the members that finished since it was
// entered: each was searched below it, so every position a line from one
// can reach is one searched below it too, or one settled before; the same
// induction says none of them is won.
const (
	noLow      = math.MaxInt
	onLineFlag = 1 << 63
	settled    = 1 << 62
	memberFlag = 1 << 61
)

func onLine(depth int) uint64 { return onLineFlag | uint64(depth) }

func member(stamp uint64) uint64 { return memberFlag | stamp }

// reliesOn is the least stamp that a position met again, with value v,
// relies on (see onLine): that of the position on the line at its depth,
// its own as a member, or none once settled. A depth with no stamp (the
// line was cut back past it) answers 0, which every stamp is at least:
// the position relies on everything, so nothing found below it is settled,
// which can only leave a verdict unknown, never make one false.
func (sv *solver) reliesOn(v uint64) int {
	switch {
	case v&onLineFlag != 0:
		if d := int(v &^ onLineFlag); d < len(sv.stamps) {
			return int(sv.stamps[d])
		}
		return 0
	case v == settled:
		return noLow
	}
	return int(v &^ memberFlag)
}

// remember adds a position lost outright to the dead table, which the
// rounds and both depth-first searches share, if it fits in memory. In a
// game whose positions never come back (see acyclic) that is every
// position searched to the end and lost, since none of its lines could
// lead back to a position still being searched; in any other game, a
// settled one (see onLine).
func (sv *solver) remember(key key128, s *State) {
	if sv.onDead != nil {
		sv.onDead(s)
	}
	if sv.dead.full() {
		if sv.lim.Memory > 0 && sv.held()-sv.dead.bytes()+sv.dead.grownBytes() > sv.lim.Memory {
			return
		}
		sv.dead.grow(sv.pool)
		sv.peak = max(sv.peak, sv.held())
	}
	sv.dead.insert(nonZero(key))
}

// rateSteps sets each step's worth: that of the position it leads to from
// s, the step played (see applyStep) and then the safe moves, worked out
// in next. The stock is turned on from one
// step's deals to the next's, not from s each time: steps come with their
// deals in order (see steps), and a stock of two hundred cards turned a
// hundred times gives twenty thousand steps, which rated one by one from s
// took a minute.
func (sv *solver) rateSteps(s *State, steps []step, next *State) {
	r := sv.r
	dealt, k := sv.scratch, 0
	dealt.CopyFrom(s)
	for i := range steps {
		if int(steps[i].deals) < k {
			dealt.CopyFrom(s)
			k = 0
		}
		for ; k < int(steps[i].deals); k++ {
			m, _ := r.stockMove(dealt)
			r.Apply(dealt, m)
		}
		next.CopyFrom(dealt)
		r.Apply(next, steps[i].m)
		sv.line = sv.playSafe(next, sv.line[:0])
		steps[i].worth = int32(sv.worth(next))
	}
}

// playSafe plays the safe moves (see safety), appending them to line.
func (sv *solver) playSafe(s *State, line []Move) []Move {
	for {
		m, ok := sv.safe.move(s)
		if !ok {
			return line
		}
		sv.r.Apply(s, m)
		line = append(line, m)
	}
}

// order sorts steps by their promise, progress first; then, when they are
// rated, by the worth of the position they lead to; then by the deals they
// need, fewest first; then by their tie-breakers (see portfolio). The sort
// is stable: equal steps keep the order the generator gave them. Most
// lists are short, and an insertion sort is quickest there; a long one (a
// stock of two hundred cards turned a hundred times gives twenty thousand
// steps, which an insertion sort took twenty seconds over) is merge-sorted,
// to the same order.
func order(steps []step) {
	if len(steps) > 32 {
		slices.SortStableFunc(steps, func(a, b step) int {
			switch {
			case before(a, b):
				return -1
			case before(b, a):
				return 1
			}
			return 0
		})
		return
	}
	for i := 1; i < len(steps); i++ {
		for j := i; j > 0 && before(steps[j], steps[j-1]); j-- {
			steps[j], steps[j-1] = steps[j-1], steps[j]
		}
	}
}

func before(a, b step) bool {
	if a.score != b.score {
		return a.score > b.score
	}
	if a.worth != b.worth {
		return a.worth > b.worth
	}
	if a.deals != b.deals {
		return a.deals < b.deals
	}
	return a.tie < b.tie
}

// key is a 128-bit hash of the position, under which positions with the
// same future are one. Each merging is sound because no rule can tell the
// positions apart, so a line that wins from one wins from the other, moved
// alike:
//
//   - Interchangeable piles (see interchangeable) count as a multiset
//     (see term): swapping two of them throughout a line gives a legal
//     line.
//   - Cards the rules cannot tell apart share a hash (see cardClasses).
//   - The redeal count is left out when redeals are unlimited: no rule can
//     read it, and a redeal is never refused for it. (A shuffled redeal
//     reads it, to choose its shuffle, and the checker allows it only a
//     limited number of times.)
//   - A closed pile (see closedPiles) is hashed by its top card and its
//     count alone: no rule reads the cards under its top, and which cards
//     it holds follows from what every other pile holds.
//   - Where the stock goes round (see stockCycle), the places it can be
//     turned to and come back to are one (see cycleTerm). This merging is
//     of positions that reach each other, not of positions no rule can
//     tell apart, and its own argument is there.
//
// At 128 bits a collision, which could make a winnable deal look
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
	var sum key128
	if ac := s.acc; ac != nil {
		// The piles no move changed since the last key keep their term.
		stale := ac.hashStale & (1<<len(r.piles) - 1)
		if w := sv.cycleWaste; w >= 0 && stale&(1<<r.stock|1<<w) != 0 {
			stale |= 1<<r.stock | 1<<w // one term for the two
		}
		for ps := stale; ps != 0; ps &= ps - 1 {
			ac.hashes[bits.TrailingZeros64(ps)] = sv.pileTerm(s, bits.TrailingZeros64(ps))
		}
		ac.hashStale = 0
		for _, t := range ac.hashes {
			sum[0] += t[0]
			sum[1] += t[1]
		}
	} else {
		for i := range r.piles {
			t := sv.pileTerm(s, i)
			sum[0] += t[0]
			sum[1] += t[1]
		}
	}
	k.add(sum[0])
	k.add(sum[1])
	return k
}

// seedOf is what the search's random choices are seeded from: a hash of
// the position with interchangeable piles in sorted order, as the key was
// before it became a sum of terms (see term). The random choices are the
// same as they were, so that making the key faster changed no verdict: a
// deal a search wins with one seed may need ten times the positions with
// another (FreeCell's deal 9671: 75,000 positions, and unknown at 10 s with
// the seeds the sum gave). It is computed once a round, at the root.
func (sv *solver) seedOf(s *State) key128 {
	r := sv.r
	k := key128{14695981039346656037, 0x9e3779b97f4a7c15}
	k.add(uint64(s.phase))
	if !sv.unlimited {
		k.add(uint64(s.redeals))
	}
	for _, v := range s.values {
		k.add(uint64(v))
	}
	hs := make([]key128, len(r.piles))
	for i := range r.piles {
		hs[i] = sv.hashPile(s, i)
	}
	less := func(a, b key128) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) }
	for _, cl := range sv.classes {
		sorted := make([]key128, 0, len(cl))
		for _, p := range cl {
			sorted = append(sorted, hs[p])
		}
		slices.SortFunc(sorted, less)
		for i, p := range cl {
			hs[p] = sorted[i]
		}
	}
	for _, x := range hs {
		k.add(x[0])
		k.add(x[1])
	}
	return k
}

// term is pile i's part of the key, which adds the parts of all piles:
// the pile's hash mixed with a salt of its own, or with its class's where
// it is one of interchangeable piles (see key). A sum does not depend on
// the order of what it adds, so interchangeable piles need no sorting: the
// sum of their terms depends only on the multiset of their contents, and
// since each term is a full 64-bit mix (a finaliser of MurmurHash3) of a
// hash salted by its place, two different positions give the same sum in a
// lane with chance 2^-64, as for any one hash.
func (sv *solver) term(s *State, i int) key128 {
	h := sv.hashPile(s, i)
	salt := sv.salts[i]
	return key128{fmix64(h[0] ^ salt[0]), fmix64(h[1] + salt[1])}
}

// pileTerm is pile i's term in the key: its term (see term), but where
// the stock goes round (cycleWaste), one term for the stock and the waste
// together, kept as the stock's, and none for the waste.
func (sv *solver) pileTerm(s *State, i int) key128 {
	if w := sv.cycleWaste; w >= 0 {
		switch i {
		case w:
			return key128{}
		case sv.r.stock:
			return sv.cycleTerm(s)
		}
	}
	return sv.term(s, i)
}

// cycleTerm is the stock's and the waste's term in the key where the stock
// goes round (see stockCycle): a deal turns by cards to the waste, and
// once the stock is empty a redeal turns the waste over into it. From the
// stock as a redeal leaves it (all its cards, the waste empty), deal after
// deal leaves by, 2·by, ... cards in the waste, then all of them, and the
// redeal brings the stock back: each of those places reaches every other
// by deals and redeals alone, which change nothing else (see wasteMask),
// so positions that differ only in which of them the stock is at reach
// each other and are won or lost together. Where the waste holds a number
// of cards that is a multiple of by, or all of them, with every waste card
// face up as a deal turns it and every stock card face down, the term is
// that of the cards in the order the stock deals them from its redealt
// place, whatever the place; elsewhere (a card taken from the waste moves
// the later places off the round) it is the two piles' terms.
//
// Merging positions that reach each other, rather than positions no rule
// can tell apart, is sound for the search only because the search's steps
// from two merged positions lead to the same positions, up to the key:
// steps (see commute.go) play from the waste after every number of deals
// that turns the stock to a new place, and from a place on the round those
// are every place of the round; a move elsewhere keeps the stock where it
// is, on the round; and safe moves, played after a step, read no place of
// the stock: they are used with this merging only where none comes from
// the waste (newSolver), and the others read only which cards are still in
// play. So the key's classes and the steps between them are a graph of
// their own, and a search to the end of it is a search to the end of the
// game's.
func (sv *solver) cycleTerm(s *State) key128 {
	r := sv.r
	st, w := r.stock, sv.cycleWaste
	stock, waste := s.Pile(r, st), s.Pile(r, w)
	apart := func() key128 {
		a, b := sv.term(s, st), sv.term(s, w)
		return key128{a[0] + b[0], a[1] + b[1]}
	}
	if len(waste)%sv.cycleBy != 0 && len(stock) != 0 {
		return apart()
	}
	for _, c := range waste {
		if c.FaceDown() {
			return apart()
		}
	}
	for _, c := range stock {
		if !c.FaceDown() {
			return apart()
		}
	}
	n := uint64(len(stock) + len(waste))
	k := key128{0x243f6a8885a308d3 ^ n, n}
	for _, c := range waste { // dealt first to last
		k.add(uint64(sv.canon[c.Down()]))
	}
	for i := len(stock) - 1; i >= 0; i-- { // then the stock, from its top
		k.add(uint64(sv.canon[stock[i]]))
	}
	salt := sv.salts[st]
	return key128{fmix64(k[0] ^ salt[0] ^ 0x9e3779b97f4a7c15), fmix64(k[1] + salt[1] + 1)}
}

// fmix64 is MurmurHash3's finaliser: every bit of the result depends on
// every bit of x.
func fmix64(x uint64) uint64 {
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	x ^= x >> 33
	return x
}

// keySalts gives each pile its salt in the key: its own, or its class's
// (the first pile's of the class) for interchangeable piles.
func keySalts(n int, classes [][]int) []key128 {
	salts := make([]key128, n)
	for i := range salts {
		x := uint64(i+1) * 0x9e3779b97f4a7c15
		salts[i] = key128{fmix64(x), fmix64(x ^ 0x5851f42d4c957f2d)}
	}
	for _, cl := range classes {
		for _, p := range cl[1:] {
			salts[p] = salts[cl[0]]
		}
	}
	return salts
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

// hashPile is pile i's part of the key.
func (sv *solver) hashPile(s *State, i int) key128 {
	cards := s.Pile(sv.r, i)
	if sv.countOnly>>i&1 != 0 {
		return key128{uint64(len(cards)), 0x51ed27}
	}
	if sv.closed>>i&1 != 0 && len(cards) > 1 {
		h := sv.pileHash(cards[len(cards)-1:])
		h.add(uint64(s.lens[i]))
		return h
	}
	return sv.pileHash(cards)
}

func (sv *solver) pileHash(cards []Card) key128 {
	k := key128{1469598103934665603 ^ uint64(len(cards)), uint64(len(cards))}
	for _, c := range cards {
		k.add(uint64(sv.canon[c]))
	}
	return k
}

// acyclic reports whether no position can ever come back. Cards flow
// along the edges of a graph of piles: from a pile to each pile its `to`
// names, from a refill's source to the pile it refills, from the stock to
// the piles it deals to, and from the piles a redeal gathers to the stock.
// If the graph has no cycle but through the stock's redeals, and redeals
// are limited (and so counted in the position), every move, deal, refill
// and redeal carries cards forward in one order of the piles or uses up a
// redeal, and no position repeats. Golf, Black Hole, Pyramid and Babette
// are such games; any game with moves back and forth between piles is not.
// A redeal that deals the gathered cards out again (shuffled or not) is
// left out of the graph for the same reason: limited, it uses one redeal
// (so is one `except in place`). A group that closes up moves the cards of
// each pile after a space to the pile before it: an edge from each pile of
// the group to the one before it, so that closing up, too, carries cards
// forward only.
func (r *Rules) acyclic() bool {
	if r.redeal != nil && r.redeal.times < 0 {
		return false
	}
	next := make([]uint64, len(r.piles))
	for i := range r.piles {
		next[i] = r.piles[i].toMask &^ (1 << i)
		for _, f := range r.piles[i].refill {
			next[f] |= 1 << i
		}
	}
	for _, a := range r.acts {
		for _, t := range a.targets {
			next[r.stock] |= 1 << t
		}
	}
	for _, grp := range r.closing {
		for j := 1; j < len(grp); j++ {
			next[grp[j]] |= 1 << grp[j-1]
		}
	}
	// A pile is on a cycle if it can reach itself.
	for i := range r.piles {
		seen, frontier := uint64(0), next[i]
		for frontier != 0 {
			if frontier>>i&1 != 0 {
				return false
			}
			seen |= frontier
			var more uint64
			for f := frontier; f != 0; f &= f - 1 {
				more |= next[bits.TrailingZeros64(f)]
			}
			frontier = more &^ seen
		}
	}
	return true
}

// closedPiles are the piles whose cards below the top no rule can ever
// read again: foundations and discards that give no card back (no `to`, no
// refill or redeal takes from them) and are not grids. Building on one
// looks at its top card; conditions, capacities and `accepts` at its
// count; pairs, covers and `start after` at whether it holds a card; and a
// game value was fixed at the deal. Its cards are the pack less every other
// pile's, so two positions that differ only below the tops of closed piles
// have the same future. In Golf and Black Hole this makes the heap one
// card and a count instead of a history of the game. A pile that closes up
// is never closed: its cards may shift to the pile before it. The place
// rules read no more than this: `follow left` and "in place" read the top
// card of one-card piles, and an acceptance that depends on emptiness
// reads the count.
func (r *Rules) closedPiles() uint64 {
	var closed uint64
	for i := range r.piles {
		p := &r.piles[i]
		if (p.role == check.Foundation || p.role == check.Discard) && p.toMask == 0 && !p.grid && i != r.stock && !r.Game.Piles[i].CloseUp {
			closed |= 1 << i
		}
	}
	for i := range r.piles {
		for _, f := range r.piles[i].refill {
			closed &^= 1 << f
		}
	}
	if r.redeal != nil {
		for _, f := range r.redeal.from {
			closed &^= 1 << f
		}
	}
	return closed
}

// unreadTops are the closed piles (see closedPiles) whose top card no rule
// reads either: no build puts a card on it (a discard of pairs, of
// outranked cards, or of no build at all: what it takes is decided by the
// cards that come, or by other piles), and no other rule looks at it (it is
// in no `outranked` list, it does not follow left, whose "in place" reads
// its card, and no pile follows it). What it holds is the
// pack less every other pile's cards, and its count is all any rule reads,
// so it is hashed by its count alone: in Aces Up, Pyramid and Nestor the
// discard is a number, not the order the cards went there.
func (r *Rules) unreadTops(closed uint64) uint64 {
	out := uint64(0)
	for i := range r.piles {
		if closed>>i&1 != 0 && r.piles[i].build == nil {
			out |= 1 << i
		}
	}
	for i := range r.piles {
		p := &r.piles[i]
		out &^= p.outBy
		if p.follow != nil {
			// "In place" reads its own card, against its base at the start
			// of a row; and what fills it reads the card on its left.
			out &^= 1 << i
			if p.left >= 0 {
				out &^= 1 << p.left
			}
		}
	}
	return out
}

// cardClasses maps each card to the least the rules can tell apart: when no
// rule looks at suits, cards of a rank are interchangeable; when rules look
// only at colours, cards of a rank and colour are. Suits and colours are
// read only by build and run relations, `outranked` rules, `except` and
// `base` patterns (a
// `take` acts before the shuffle, conditions test piles, pairs and game
// values test ranks; `follow left` and "in place" read a relation and the
// base patterns too), so where none of those names a suit or a colour,
// exchanging two such cards everywhere changes no move's legality: the
// positions have the same future. A shuffled redeal permutes places
// whatever cards they hold, so it maps exchanged positions to exchanged
// positions too. A face-down card stays apart from a face-up one.
func (r *Rules) cardClasses() [256]Card {
	suit, colour := false, false
	rel := func(x *check.Relation) {
		for _, x := range x.Parts() { // every alternative of an `or`
			switch x.Suit {
			case check.SameSuit, check.OtherSuit:
				suit = true
			case check.SameColour, check.AlternateColour:
				colour = true
			}
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
		rel(p.Follow)
		if p.Outranked != nil {
			rel(&check.Relation{Suit: p.Outranked.Suit})
		}
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
// the game: same rules, same group, never named on their own by a start
// rule, a cover, a value, a refill, a redeal or a deal to each, and named
// in a condition (the win, a phase's end, a deal's, a base's or a start's
// `when`) or in a `to`, `fill` or `using` list only with the rest of their
// group. A pile's position matters only through those (the layout and move
// names are not rules) and through the place rules: a pile that follows
// left, and every pile of a group that closes up, is singled out (a `to
// left N` is a `to` list of its own). So exchanging the contents of two
// such piles maps every legal move to a legal move and a win to a win: the
// positions are the same for the search.
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
		if p.Follow != nil || p.CloseUp || p.Rows > 0 {
			named[i] = true
			if p.Left >= 0 {
				named[p.Left] = true
			}
		}
		for _, b := range p.Base {
			if b.Cond != nil {
				named[i] = true
				markCond(g, b.Cond, named)
			}
		}
		if p.BuildWhen != nil {
			named[i] = true
			markCond(g, p.BuildWhen, named)
		}
		markCond(g, p.StartWhen, named)
	}
	for _, v := range g.Values {
		named[v.Pile] = true
	}
	for _, a := range g.Actions {
		for _, t := range a.Targets {
			named[t] = true
		}
		markCond(g, a.When, named)
	}
	if g.Redeal != nil {
		for _, f := range g.Redeal.From {
			named[f] = true
		}
	}
	for _, ph := range g.Phases {
		markCond(g, ph.Until, named)
	}
	markCond(g, g.Win, named)
	for _, p := range g.Piles {
		for _, list := range [][]int{p.To, p.Fill, p.Using} {
			markPartial(g, list, named)
		}
		if p.Outranked != nil {
			markPartial(g, p.Outranked.By, named)
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

// markCond marks the piles a condition names apart from their group (a
// test of a whole group treats its piles alike, but "f1 is full" and "all
// cards in foundations, t1" single f1 and t1 out).
func markCond(g *check.Game, c check.Cond, named map[int]bool) {
	switch c := c.(type) {
	case check.And:
		for _, x := range c {
			markCond(g, x, named)
		}
	case check.Or:
		for _, x := range c {
			markCond(g, x, named)
		}
	case check.Not:
		markCond(g, c.C, named)
	case check.PileTest:
		markPartial(g, c.Piles, named)
	case check.AllIn:
		markPartial(g, c.Piles, named)
	}
}

// markPartial marks each pile of list that comes without the rest of its
// group: the list tells it apart from the piles of the group left out.
func markPartial(g *check.Game, list []int, named map[int]bool) {
	for _, q := range list {
		for _, grp := range g.Groups {
			if grp.Name != g.Piles[q].Group {
				continue
			}
			for _, o := range grp.Piles {
				if !slices.Contains(list, o) {
					named[q] = true
				}
			}
		}
	}
}

func samePileRules(a, b *check.Pile) bool {
	same := (*check.Relation).Equal
	if a.Role != b.Role || a.Holds != b.Holds || a.Move != b.Move || a.FillNever != b.FillNever || a.Accepts != b.Accepts || a.Pairs != b.Pairs ||
		a.AcceptsEmpty != b.AcceptsEmpty || a.ByTop != b.ByTop || a.CloseUp != b.CloseUp || !same(a.Follow, b.Follow) ||
		!same(a.Build, b.Build) || !same(a.Run, b.Run) || !slices.Equal(a.To, b.To) || !slices.Equal(a.Fill, b.Fill) ||
		!slices.Equal(a.Using, b.Using) || len(a.Base) != len(b.Base) || (a.Except == nil) != (b.Except == nil) {
		return false
	}
	if a.Except != nil && *a.Except != *b.Except {
		return false
	}
	if (a.Outranked == nil) != (b.Outranked == nil) || a.Outranked != nil &&
		(a.Outranked.Suit != b.Outranked.Suit || a.Outranked.AcesHigh != b.Outranked.AcesHigh || !slices.Equal(a.Outranked.By, b.Outranked.By)) {
		return false
	}
	for i := range a.Base {
		if a.Base[i].Pattern != b.Base[i].Pattern {
			return false
		}
	}
	return true
}
