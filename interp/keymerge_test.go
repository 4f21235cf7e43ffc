package interp

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl/check"
)

// The position's key merges positions that no rule can tell apart (see
// key): cards of one class, interchangeable piles, closed piles hashed by
// their top and count or count alone, the redeal count when redeals are
// unlimited. These tests aim generated games at the conditions under which
// each merge switches on, and compare the solver's claims with a search
// that makes none of them: the plain search on small games, and on larger
// ones the same solver with every merge turned off.

var (
	mergeGames = flag.Int("merges.games", 300, "games TestKeyMergesOnAimedGames and TestKeptLostOnAimedGames generate")
	mergeFirst = flag.Int("merges.first", 0, "the first of those games")
	mergeWide  = flag.Int("merges.wide", 3, "ranks TestKeyMergesAgainstNoMerges adds to each game, to make it too large for the plain search")
	mergePairs = flag.Int("merges.partners", 1000, "games TestKeyMergesOnlyLikeFutures generates")
	mergeGen   = flag.String("merges.gen", "merges", "the family TestKeptLostOnAimedGames and TestKeyMergesAgainstNoMerges draw from: merges, game, found, waste or round")
)

// mergeFamily is the generator -merges.gen names.
func mergeFamily(t *testing.T) func(*rand.Rand) string {
	switch *mergeGen {
	case "merges":
		return genMerges
	case "game":
		return genGame
	case "found":
		return genFound
	case "waste":
		return genWaste
	case "round":
		return genRound
	}
	t.Fatalf("no family %q", *mergeGen)
	return nil
}

// genMerges makes small games aimed at the key's reductions (cardClasses,
// closedPiles, unreadTops, interchangeable, unlimited): three or four suits
// of one or two ranks with relations reading colour, foundations and
// discards that give nothing back read by start rules, covers, outranked
// lists, phases, deal clauses and wins, groups declared in parts and
// singled out in many ways, and redeals of every kind.
func genMerges(rng *rand.Rand) string {
	g := &gen{rng: rng}
	switch rng.IntN(5) {
	case 0:
		g.suits = []string{"C", "D", "H", "S"}
	case 1:
		g.suits = []string{"C", "H", "S"}
	case 2:
		g.suits = []string{"D", "H", "S"}
	case 3:
		g.suits = []string{"C", "S"}
	default:
		g.suits = []string{"S"}
	}
	g.decks = 1
	width := 1 + rng.IntN(2)
	switch len(g.suits) {
	case 1:
		if g.chance(0.5) {
			g.decks = 2
		}
		width = 2 + rng.IntN(3)
	case 2:
		width = 2 + rng.IntN(2)
	}
	g.liveRanks(min(width+mergeWidth, 13))
	lo, hi := genRanks[g.lo], genRanks[g.hi]
	colourRel := func() string {
		if g.chance(0.7) {
			st := g.pick("up", "down", "either", "same-rank", "any-rank")
			if st == "any-rank" {
				return st + " " + g.pick("same-colour", "alternate-colour")
			}
			rel := st + " " + g.pick("same-colour", "alternate-colour", "any-suit")
			if st != "same-rank" && g.chance(0.3) {
				rel += " wrap"
			}
			return rel
		}
		return g.relation()
	}
	g.printf("game \"H\" {\n  decks %d\n  suits %s\n", g.decks, strings.Join(g.suits, ", "))
	value := g.chance(0.15)
	if value {
		g.printf("  let b = rank of f1\n")
	}
	phase := g.chance(0.15)
	if phase {
		g.printf("  phase first until %s\n", g.pick("f1 holds 1", "f1 is started", "all cards in f, junk", "d is started", "t1 is empty"))
		g.printf("  phase second\n")
	}
	// Foundations, maybe in two parts of one group, maybe count-only.
	nf := 1 + rng.IntN(3)
	fRules := func() []string {
		var fs []string
		switch rng.IntN(5) {
		case 0: // no build: one card each, then full (hashed by count)
			fs = append(fs, "holds 1")
			if g.chance(0.5) {
				fs = append(fs, "base "+g.pick(lo, hi, "red", "black", "any"))
			}
		default:
			fs = append(fs, "build "+colourRel())
			if g.chance(0.6) {
				fs = append(fs, "base "+g.pick(lo, hi, "red", "black", "any", lo+g.suits[0]))
			}
			if g.chance(0.3) {
				fs = append(fs, fmt.Sprintf("holds %d", 1+rng.IntN(g.live)))
			}
		}
		if value && g.chance(0.5) {
			fs = append(fs, "base "+g.valueRank())
		}
		if g.chance(0.15) {
			fs = append(fs, "start "+g.pick("after t1", "when t1 is empty", "when any t is empty", "after first"))
		}
		return fs
	}
	if !g.inParts("foundation", "f", nf, 1, 0.5, fRules) {
		fs := fRules()
		if nf > 1 && g.chance(0.3) {
			fs = append(fs, "start after previous")
		}
		g.printf("  foundation f[%d] { %s }\n", nf, strings.Join(fs, "; "))
	}
	discard := g.chance(0.35)
	if discard {
		switch rng.IntN(3) {
		case 0:
			g.printf("  discard d { outranked %s by %s }\n", g.pick("same-colour", "alternate-colour", "any-suit", "same-suit"), g.pick("t", "t, f", "f", "t1, f1"))
		case 1:
			g.printf("  discard d { pairs %s }\n", g.pick(fmt.Sprintf("sum %d", g.lo+g.hi), "same-rank"))
		default:
			g.printf("  discard d { %s }\n", g.pick("holds 2", "base "+lo, "holds 1; base "+hi))
		}
	}
	// Tableau, maybe in two parts.
	nt := 1 + rng.IntN(4)
	tRules := func() []string {
		var ts []string
		hasBuild := g.chance(0.8)
		if hasBuild {
			ts = append(ts, "build "+colourRel())
			if g.chance(0.3) {
				ts = append(ts, g.pick("move runs", "move any", "move whole", "move top or whole"))
			}
		}
		if g.chance(0.25) {
			ts = append(ts, "base "+g.pick(lo, hi, "red", "black"))
		}
		if g.chance(0.1) {
			ts = append(ts, "fill never")
		}
		to := []string{g.pick("foundations", "f", "f1, t", "foundations, t")}
		if discard && g.chance(0.7) {
			to = append(to, "d")
		}
		if hasBuild && g.chance(0.6) {
			to = append(to, "t")
		}
		ts = append(ts, "to "+strings.Join(to, ", "))
		return ts
	}
	if !g.inParts("tableau", "t", nt, 2, 0.3, tRules) {
		g.printf("  tableau t[%d] { %s }\n", nt, strings.Join(tRules(), "; "))
	}
	if g.chance(0.15) {
		g.printf("  cover t%d by %s\n", 1+rng.IntN(nt), g.pick("f1", "d", "t1"))
	}
	hasStock := g.chance(0.5)
	toEach := hasStock && g.chance(0.2)
	if hasStock {
		g.printf("  stock {\n")
		when := ""
		if g.chance(0.15) {
			when = " when " + g.pick("f1 is empty", "f1 holds 1", "no t is empty", "any f is started")
		}
		if toEach {
			g.printf("    deal 1 to each t%s\n", when)
		} else {
			g.printf("    deal %d to waste%s\n", 1+rng.IntN(2), when)
		}
		switch rng.IntN(6) {
		case 0, 1:
			if toEach {
				g.printf("    redeal unlimited from t\n")
			} else {
				g.printf("    redeal unlimited from %s\n", g.pick("waste", "waste", "waste, t", "t, waste"))
			}
		case 2:
			g.printf("    redeal %d from %s\n", 1+rng.IntN(2), g.pick("waste", "waste, t"))
		case 3:
			g.printf("    redeal %d from %s shuffled\n", 1+rng.IntN(2), g.pick("waste", "waste, t"))
		}
		g.printf("  }\n")
		if !toEach {
			g.printf("  waste { to %s }\n", g.pick("foundations", "foundations, t", "t1, f", "t"))
		}
	} else if g.chance(0.3) {
		shuffled := ""
		if g.chance(0.4) {
			shuffled = " shuffled"
		}
		times := fmt.Sprint(1 + rng.IntN(3))
		if shuffled == "" && g.chance(0.5) {
			times = "unlimited"
		}
		g.printf("  redeal %s from t%s to each t by %d\n", times, shuffled, (g.live+nt-1)/nt+rng.IntN(2))
	}
	g.openDeal()
	left := g.live
	if value || g.chance(0.2) {
		g.printf("    1 to f1\n")
		left--
	}
	counts := make([]string, nt)
	for i := range counts {
		n := 0
		if left > 0 {
			n = rng.IntN(min(left, 4) + 1)
			if !hasStock && i == nt-1 {
				n = left
			}
		}
		left -= n
		counts[i] = fmt.Sprint(n)
	}
	face := ""
	if g.chance(0.2) {
		face = " face down but top"
	}
	g.printf("    %s to t%s\n", strings.Join(counts, ", "), face)
	if left > 0 {
		g.printf("    rest to stock\n")
	}
	g.printf("  }\n")
	switch rng.IntN(6) {
	case 0:
		w := "f"
		if discard {
			w += ", d"
		}
		g.win(w + ", t1")
	case 1:
		if discard {
			g.printf("  win when d holds %d cards\n}\n", 1+rng.IntN(g.live))
		} else {
			g.printf("  win when f1 holds %d cards\n}\n", 1+rng.IntN(g.live))
		}
	case 2:
		g.printf("  win when every t is empty\n}\n")
	default:
		w := "f"
		if discard {
			w += ", d"
		}
		g.win(w)
	}
	return g.b.String()
}

// inParts, four times in ten when the group has more than least piles,
// declares group name of n piles in two parts, the second with rules of
// its own with chance again, and reports whether it did.
func (g *gen) inParts(role, name string, n, least int, again float64, rules func() []string) bool {
	if n <= least || !g.chance(0.4) {
		return false
	}
	k := 1 + g.rng.IntN(n-1)
	a := rules()
	b := a
	if g.chance(again) {
		b = rules()
	}
	g.printf("  %s %s[1..%d] { %s }\n", role, name, k, strings.Join(a, "; "))
	g.printf("  %s %s[%d..%d] { %s }\n", role, name, k+1, n, strings.Join(b, "; "))
	return true
}

// TestKeyMergesOnAimedGames compares the solver with the plain search on
// games aimed at the key's merges.
func TestKeyMergesOnAimedGames(t *testing.T) {
	t.Parallel()
	var n tally
	valid := 0
	for i := *mergeFirst; i < *mergeFirst+*mergeGames; i++ {
		src := genMerges(rand.New(rand.NewPCG(uint64(i), 0x4b17)))
		if checkGenerated(t, src, 3, uint64(i), &n, budget{plain: 30_000, nodes: 100_000}) {
			valid++
		}
	}
	t.Logf("%d valid of %d; %d positions (%d winnable, %d not, %d unknown); %d safe, %d lost, %d blocked, %d inconclusive",
		valid, *mergeGames, n.positions, n.wins, n.losses, n.unknown, n.safe, n.lost, n.blocked, n.inconclusive)
	require.Greater(t, valid, *mergeGames/2, "the generator should mostly make games the checker accepts")
	require.Positive(t, n.wins)
	require.Positive(t, n.losses)
}

// TestMergesAreAimedAt: each of the key's merges switches on in some of the
// games genMerges makes, or the tests above would not test it.
func TestMergesAreAimedAt(t *testing.T) {
	var cls, closed, count, colour, all, unl, acyc, valid int
	for i := 0; i < 300; i++ {
		src := genMerges(rand.New(rand.NewPCG(uint64(i), 0x4b17)))
		g, err := check.Source("gen.patience", []byte(src))
		if err != nil {
			continue
		}
		valid++
		r := Compile(g)
		sv := r.newSolver(r.Deal(1), Limits{}, r.wasteMask(), true)
		if len(sv.classes) > 0 {
			cls++
		}
		if sv.closed != 0 {
			closed++
		}
		if sv.countOnly != 0 {
			count++
		}
		if sv.canon[NewCard(1, 0)] == sv.canon[NewCard(1, 3)] {
			colour++
			if sv.canon[NewCard(1, 0)] == sv.canon[NewCard(1, 1)] {
				all++
			}
		}
		if sv.unlimited {
			unl++
		}
		if sv.acyclic {
			acyc++
		}
	}
	t.Logf("valid %d: classes %d closed %d countOnly %d colour %d allsuits %d unlimited %d acyclic %d", valid, cls, closed, count, colour, all, unl, acyc)
	for what, n := range map[string]int{"interchangeable piles": cls, "closed piles": closed, "piles hashed by count": count,
		"cards merged by colour": colour, "cards merged across all suits": all, "unlimited redeals": unl, "acyclic games": acyc} {
		assert.Positive(t, n, "no game with %s", what)
	}
}

// TestKeptLostOnAimedGames: every position the full search keeps as lost,
// over all its rounds, is lost by the plain search; with lines cut short
// now and then (see maxDepth), safe moves on or off, and the search started
// a few random moves into the deal.
func TestKeptLostOnAimedGames(t *testing.T) {
	gen := mergeFamily(t)
	t.Parallel()
	keptLostOn(t, gen, *mergeFirst, *mergeGames)
}

// TestKeptLostOnRoundGames is TestKeptLostOnAimedGames on games whose
// stock goes round (genRound), where the key merges the places the stock
// is turned to (see cycleTerm); it fails when places off the round are
// merged too, or when the merging is never on.
func TestKeptLostOnRoundGames(t *testing.T) {
	t.Parallel()
	n := 1500
	if testing.Short() {
		n = 500
	}
	round := keptLostOn(t, genRound, *mergeFirst, n)
	require.Greater(t, round, n/4, "searches with the stock's places merged")
}

// TestSoundnessOnRoundGames compares the solver's verdicts with the plain
// search's on games whose stock goes round (genRound), from their deals and
// from positions a random walk reaches, off the round as well as on it.
func TestSoundnessOnRoundGames(t *testing.T) {
	t.Parallel()
	var n tally
	valid := 0
	for i := range 400 {
		if checkGenerated(t, genRound(rand.New(rand.NewPCG(uint64(i), 0x70d))), 3, uint64(i), &n, budget{plain: 30_000, nodes: 100_000}) {
			valid++
		}
	}
	t.Logf("%d games: %+v", valid, n)
	require.Greater(t, valid, 300)
	require.Positive(t, n.losses)
	require.Positive(t, n.wins)
}

// keptLostOn checks the positions kept as lost on games first, ... of
// gen, and returns how many searches merged the stock's places.
func keptLostOn(t *testing.T, gen func(*rand.Rand) string, first, games int) (round int) {
	checked, games2 := 0, 0
	for i := first; i < first+games; i++ {
		src := gen(rand.New(rand.NewPCG(uint64(i), 0x4b17)))
		g, err := check.Source("gen.patience", []byte(src))
		if err != nil {
			continue
		}
		games2++
		r := Compile(g)
		p := &plain{r: r, limit: 20_000}
		rng := rand.New(rand.NewPCG(uint64(i), 3))
		for seed := uint64(1); seed <= 3; seed++ {
			r.testMaxDepth = 0
			if rng.IntN(3) == 0 {
				r.testMaxDepth = 2 + rng.IntN(12)
			}
			s := r.Deal(seed)
			for k := rng.IntN(3); k > 0; k-- {
				ms := r.Moves(s, nil)
				if len(ms) == 0 {
					break
				}
				r.Apply(s, ms[rng.IntN(len(ms))])
			}
			sv := r.newSolver(s, Limits{Nodes: 30_000}, r.wasteMask(), rng.IntN(2) == 0)
			if sv.cycleWaste >= 0 {
				round++
			}
			var dead []*State
			sv.onDead = func(d *State) {
				if len(dead) < 200 {
					dead = append(dead, d.Clone())
				}
			}
			sol := sv.run(s.Clone())
			if sol.Verdict == Unwinnable {
				if w, c := p.wins(s.Clone()); c && w {
					t.Fatalf("game %d seed %d (maxDepth %d): unwinnable but plain wins\n%s\n%s", i, seed, r.testMaxDepth, src, r.dumpState(s))
				}
			}
			for _, d := range dead {
				if w, c := p.wins(d); c && w {
					t.Fatalf("game %d seed %d (maxDepth %d): kept as lost a position the plain search wins\n%s\n%s", i, seed, r.testMaxDepth, src, r.dumpState(d))
				}
				checked++
			}
		}
	}
	t.Logf("%d games, %d dead positions checked, %d searches with the stock's places merged", games2, checked, round)
	require.Greater(t, games2, games/2, "the generator should mostly make games the checker accepts")
	require.Positive(t, checked)
	return round
}

// genMergedPlaces: Montana and pairs games over three or four suits, so that
// cards of one colour are merged (cardClasses) where the place rules read
// colour alone.
func genMergedPlaces(rng *rand.Rand) string {
	g := &gen{rng: rng, decks: 1}
	g.suits = [][]string{{"C", "D", "H", "S"}, {"C", "H", "S"}, {"D", "H", "S"}}[rng.IntN(3)]
	g.liveRanks(3)
	if rng.IntN(3) == 0 {
		g.liveRanks(2)
	}
	g.printf("game \"P\" {\n  suits %s\n", strings.Join(g.suits, ", "))
	switch rng.IntN(3) {
	case 0:
		g.pairsGame()
	default:
		width := g.hi - g.lo + 1
		if width < 3 {
			g.liveRanks(3)
		}
		slots := g.live
		rowLen := 2 + rng.IntN(2)
		rel := g.pick("up same-colour", "up alternate-colour", "either same-colour", "down alternate-colour", "up any-suit", "up same-colour wrap")
		g.printf("  tableau m[%d] { in rows of %d; holds 1; base %s; follow left %s; to m }\n", slots, rowLen, g.pick(genRanks[g.lo+1], "red", "black", "any"), rel)
		g.printf("  discard out\n")
		shuffled := ""
		if g.chance(0.6) {
			shuffled = " shuffled"
		}
		if g.chance(0.8) {
			g.printf("  redeal %d from m%s except in place\n", 1+rng.IntN(2), shuffled)
		}
		g.openDeal()
		g.printf("    1 to each m\n    move %s to out\n  }\n", g.pick(genRanks[g.lo], "red "+genRanks[g.lo], "black "+genRanks[g.hi]))
		g.printf("  win when every m is in place%s\n}\n", g.pick("", " and any m is empty", ""))
	}
	return g.b.String()
}

// TestMergesOnAimedPlaces compares the solver with the plain search on
// Montana and pairs games whose rules read colour alone.
func TestMergesOnAimedPlaces(t *testing.T) {
	t.Parallel()
	games := 40
	var n tally
	valid := 0
	for i := 0; i < games; i++ {
		src := genMergedPlaces(rand.New(rand.NewPCG(uint64(i), 0x91a)))
		if checkGenerated(t, src, 3, uint64(i), &n, budget{plain: 40_000, nodes: 100_000}) {
			valid++
		}
	}
	t.Logf("%d valid of %d; %d positions (%d winnable, %d not, %d unknown); %d lost, %d blocked, %d inconclusive",
		valid, games, n.positions, n.wins, n.losses, n.unknown, n.lost, n.blocked, n.inconclusive)
	require.Greater(t, valid, games/2, "the generator should mostly make games the checker accepts")
}

// mergeWidth, when set, is how many ranks genMerges adds to a game. The
// test that sets it does not call t.Parallel, so it ends before any
// parallel test resumes.
var mergeWidth int

// plainSolve is the solver with none of the key's merges: every card
// and pile told apart, the redeal count kept, no safe moves, every deal
// searched on its own.
func (r *Rules) plainSolve(s *State, lim Limits) Solution {
	sv := r.newSolver(s, lim, 0, false)
	for i := range sv.canon {
		sv.canon[i] = Card(i)
	}
	sv.closed, sv.countOnly, sv.classes = 0, 0, nil
	sv.salts = keySalts(len(r.piles), nil)
	sv.unlimited = false
	defer sv.pool.put(sv)
	return sv.run(s.Clone())
}

// TestKeyMergesAgainstNoMerges compares the full solver with the same
// search without the key's merges (see plainSolve) on games too large for
// the plain search. It cannot check the merge of redeal counts: the search
// without it never settles a game of unlimited redeals.
func TestKeyMergesAgainstNoMerges(t *testing.T) {
	games := 50
	gen := mergeFamily(t)
	mergeWidth = *mergeWide
	defer func() { mergeWidth = 0 }()
	both, disagree, valid := 0, 0, 0
	for i := 0; i < games; i++ {
		src := gen(rand.New(rand.NewPCG(uint64(i), 0x5e1f)))
		g, err := check.Source("gen.patience", []byte(src))
		if err != nil {
			continue
		}
		valid++
		r := Compile(g)
		for seed := uint64(1); seed <= 2; seed++ {
			s := r.Deal(seed)
			a := r.Solve(s.Clone(), Limits{Nodes: 200_000})
			b := r.plainSolve(s, Limits{Nodes: 400_000})
			for _, sol := range []Solution{a, b} {
				if sol.Verdict == Winnable {
					x := s.Clone()
					for _, m := range sol.Moves {
						if !r.Legal(x, m) {
							t.Fatalf("game %d seed %d: illegal move in line\n%s", i, seed, src)
						}
						r.Apply(x, m)
					}
					if !r.Won(x) {
						t.Fatalf("game %d seed %d: line does not win\n%s", i, seed, src)
					}
				}
			}
			if a.Verdict != Unknown && b.Verdict != Unknown {
				both++
				if a.Verdict != b.Verdict {
					disagree++
					t.Errorf("game %d seed %d: solver %v, without reductions %v\n%s", i, seed, a.Verdict, b.Verdict, src)
				}
			}
		}
	}
	t.Logf("%d valid games, %d deals settled by both, %d disagree", valid, both, disagree)
	require.Positive(t, both, "no deal settled by both")
}

// TestKeyMergesOnlyLikeFutures puts the key's claim to the test directly:
// positions with one key have the same future, so the plain search wins
// all of them or none. From positions met on random walks through the
// deals of games aimed at the merges and of the general family, it makes
// partners the key cannot tell apart: two cards swapped (each place keeping
// its face), which the key ignores where the cards are of one class, or lie
// under the tops of closed piles, or in piles hashed by count; or the
// contents of two interchangeable piles swapped. Any partner whose verdict
// differs from its position's fails. It fails, at game 608, when an
// alternate-colour build is not counted as reading colours (all suits are
// then merged).
func TestKeyMergesOnlyLikeFutures(t *testing.T) {
	t.Parallel()
	compared, valid := 0, 0
	for i := range *mergePairs {
		gen := []func(*rand.Rand) string{genMerges, genGame}[i%2]
		src := gen(rand.New(rand.NewPCG(uint64(i), 0x6b3)))
		g, err := check.Source("gen.patience", []byte(src))
		if err != nil {
			continue
		}
		valid++
		r := Compile(g)
		sv := r.newSolver(r.Deal(1), Limits{}, r.wasteMask(), true)
		p := &plain{r: r, limit: 5_000}
		rng := rand.New(rand.NewPCG(uint64(i), 5))
		for seed := uint64(1); seed <= 2; seed++ {
			s := r.Deal(seed)
			for range 12 {
				for _, o := range keyPartners(r, sv, s, rng) {
					w, complete := p.wins(s.Clone())
					if !complete {
						break
					}
					if wo, ok := p.wins(o.Clone()); ok {
						compared++
						if wo != w {
							t.Fatalf("game %d: one key for a position the plain search wins (%v) and one it does not\n%s\nthe position:\n%s\nits partner:\n%s",
								i, w, src, r.dumpState(s), r.dumpState(o))
						}
					}
				}
				moves := r.Moves(s, nil)
				if len(moves) == 0 {
					break
				}
				r.Apply(s, moves[rng.IntN(len(moves))])
			}
		}
	}
	t.Logf("%d games; %d partners compared", valid, compared)
	require.Greater(t, valid, *mergePairs/2, "the generators should mostly make games the checker accepts")
	require.Greater(t, compared, 1000)
}

// keyPartners makes up to two positions other than s that the solver's key
// calls the same as s (see TestKeyMergesOnlyLikeFutures).
func keyPartners(r *Rules, sv *solver, s *State, rng *rand.Rand) []*State {
	var out []*State
	k := sv.key(s)
	var slots []int // the places that hold a card
	for i := range r.piles {
		for j := range s.lens[i] {
			if c := s.cards[r.offs[i]+int(j)]; !c.IsGap() {
				slots = append(slots, r.offs[i]+int(j))
			}
		}
	}
	for try := 0; try < 20 && len(out) < 2 && len(slots) > 1; try++ {
		a, b := slots[rng.IntN(len(slots))], slots[rng.IntN(len(slots))]
		ca, cb := s.cards[a], s.cards[b]
		if ca.Up() == cb.Up() {
			continue
		}
		o := s.Clone()
		o.cards[a] = cb.Up() | ca&faceDown
		o.cards[b] = ca.Up() | cb&faceDown
		if sv.key(o) == k {
			out = append(out, o)
		}
	}
	for _, cl := range sv.classes {
		if len(out) >= 3 {
			break
		}
		x, y := cl[rng.IntN(len(cl))], cl[rng.IntN(len(cl))]
		if x == y || r.caps[x] != r.caps[y] || slices.Equal(s.Pile(r, x), s.Pile(r, y)) {
			continue
		}
		o := s.Clone()
		px, py := slices.Clone(s.Pile(r, x)), slices.Clone(s.Pile(r, y))
		copy(o.cards[r.offs[x]:], py)
		copy(o.cards[r.offs[y]:], px)
		o.lens[x], o.lens[y] = s.lens[y], s.lens[x]
		if sv.key(o) == k {
			out = append(out, o)
		}
	}
	return out
}
