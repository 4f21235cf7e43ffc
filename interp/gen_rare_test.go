package interp

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/patience-dev/patience/dsl/check"
)

var (
	rareGames   = flag.Int("rare.games", 25, "games of each family TestSoundnessOnRareFeatureGames generates")
	memoryGames = flag.Int("memory.games", 8, "games of each family TestSolverUnderMemoryLimits generates")
)

// rareFamilies write what the other generators do not (a helper listed
// every feature of the language reference against them): A, tableau games
// with a base for each pile, accepts of an exact count, fill from a reserve
// or a cell, start after the one before on tableaux and cells, two values,
// takes by a value's rank and to every pile of a group, three decks, a
// redeal or a game redeal gathering foundations, cells and reserves, covers
// of the waste, the stock, cells and foundations, a card moved to the
// bottom of one pile, parenthesised conditions and wins; B, pairs on every
// role, with holds, with a to, two pair piles, from grids, refills and
// covers beside them; C, covers round a cycle broken by a refill, a redeal
// or closing up; E, grid columns that cover piles, that others start after
// and that conditions, phases and wins read, and refills and redeals of
// grids.
var rareFamilies = []struct {
	name string
	gen  func(*rand.Rand) string
}{{"A", genRareA}, {"B", genRareB}, {"C", genRareC}, {"E", genRareE}}

// TestSoundnessOnRareFeatureGames is TestSoundnessOnGeneratedGames on the
// rare families: no claim of the solver, the safe moves, the blockage or
// the status is false, and the cached moves are the plain generator's.
func TestSoundnessOnRareFeatureGames(t *testing.T) {
	t.Parallel()
	for _, fam := range rareFamilies {
		var n tally
		valid := 0
		for i := range *rareGames {
			src := fam.gen(rand.New(rand.NewPCG(uint64(i), 0xbeef)))
			if gm, err := check.Source("gen.patience", []byte(src)); err == nil {
				r := Compile(gm)
				for seed := uint64(1); seed <= 2; seed++ {
					if _, err := exhaustiveMoves(r, seed, 1000); err != nil {
						t.Fatalf("%s game %d: moves differ: %v\n%s", fam.name, i, err, src)
					}
				}
			}
			if checkGenerated(t, src, 3, uint64(i), &n, budget{plain: 30_000, nodes: 100_000}) {
				valid++
			}
		}
		t.Logf("%s: %d games; %d positions compared: %d winnable, %d not, %d unknown; %d safe moves, %d blocked, %d lost",
			fam.name, valid, n.positions, n.wins, n.losses, n.unknown, n.safe, n.blocked, n.lost)
		assert.GreaterOrEqual(t, valid, *rareGames/3, "%s: too few generated games check: the generator needs mending", fam.name)
		assert.Positive(t, n.wins, fam.name)
		assert.Positive(t, n.losses, fam.name)
	}
}

// TestSolverUnderMemoryLimits runs the solver under small memory bounds
// (as play --winnable's deal limits do) on every family's games, against
// the plain search: a search cut short by memory may say unknown, never
// unwinnable where a line wins, and every line it gives wins.
func TestSolverUnderMemoryLimits(t *testing.T) {
	t.Parallel()
	fams := append([]struct {
		name string
		gen  func(*rand.Rand) string
	}{{"gen", genGame}, {"mix", genMix}, {"safe", genSafe}, {"deal", genDealGame}}, rareFamilies...)
	for _, fam := range fams {
		compared, unw, win, unk := 0, 0, 0, 0
		for i := range *memoryGames {
			src := fam.gen(rand.New(rand.NewPCG(uint64(i), 0x3e3)))
			g, err := check.Source("gen.patience", []byte(src))
			if err != nil {
				continue
			}
			r := Compile(g)
			p := &plain{r: r, limit: 30_000}
			rng := rand.New(rand.NewPCG(uint64(i), 9))
			for seed := uint64(1); seed <= 3; seed++ {
				s := r.Deal(seed)
				for step := 0; step < 3; step++ {
					if w, complete := p.wins(s.Clone()); complete {
						for _, mem := range []int{15_000, 60_000, 240_000} {
							sol := r.Solve(s, Limits{Nodes: 200_000, Memory: mem})
							compared++
							switch sol.Verdict {
							case Unwinnable:
								unw++
								if w {
									t.Fatalf("%s game %d seed %d step %d memory %d: unwinnable, but a line wins\n%s", fam.name, i, seed, step, mem, src)
								}
							case Winnable:
								win++
								x := s.Clone()
								for _, m := range sol.Moves {
									if !r.Legal(x, m) {
										t.Fatalf("%s game %d seed %d: the line plays %s, which is illegal\n%s", fam.name, i, seed, r.MoveString(m), src)
									}
									r.Apply(x, m)
								}
								if !r.Won(x) {
									t.Fatalf("%s game %d seed %d: the line does not win\n%s", fam.name, i, seed, src)
								}
							default:
								unk++
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
		t.Logf("%s: %d solves compared: %d won, %d unwinnable, %d unknown", fam.name, compared, win, unw, unk)
		assert.Positive(t, compared, fam.name)
	}
}

// genRareA: tableau games with the uncovered features.
func genRareA(rng *rand.Rand) string {
	g := &gen{rng: rng}
	// pack: maybe three decks of one suit
	if g.chance(0.15) {
		g.suits = []string{"S"}
		g.decks = 3
		g.liveRanks(1 + rng.IntN(2))
		g.printf("game \"H\" {\n  decks %d\n  suits %s\n", g.decks, "S")
	} else {
		g.mixedPack("H", 0.25)
	}
	lo, hi := genRanks[g.lo], genRanks[g.hi]
	nv := 0
	if g.chance(0.25) {
		nv = 1
		if g.chance(0.3) {
			nv = 2
		}
	}
	if nv >= 1 {
		g.printf("  let b = rank of f1\n")
	}
	if nv >= 2 {
		g.printf("  let v = rank of t1\n")
	}
	hasC := g.chance(0.35)
	rToT, rToC := false, false
	hasR := g.chance(0.35)
	hasW := g.chance(0.45)
	hasStock := hasW || g.chance(0.25)
	nt := 1 + rng.IntN(3)
	nf := 1 + rng.IntN(len(g.suits)*g.decks)
	if nv >= 1 && nf < 2 && g.chance(0.5) {
		nf = 2
	}
	names := []string{"f", "f1", "t", "t1"}
	if hasC {
		names = append(names, "c", "c1")
	}
	if hasR {
		names = append(names, "r")
	}
	if hasW {
		names = append(names, "waste")
	}
	if hasStock {
		names = append(names, "stock")
	}
	g.names = names
	conds := []string{"(t1 is empty or f1 is started) and not c1 is full", "no t is started", "t1 holds 1 card", "any f is full", "every f is started", "r is empty", "waste is empty", "stock is empty", "not (c is empty)", "f1 holds 2 cards"}
	phase := false
	if g.chance(0.15) {
		phase = g.phaseDecl(conds...)
	}
	// foundations
	var fs []string
	switch rng.IntN(4) {
	case 0:
		// a base list per pile
		var bs []string
		for i := 0; i < nf; i++ {
			bs = append(bs, g.pick(lo, hi, "red", "black", "any", lo+g.suits[0]))
		}
		fs = append(fs, "base "+strings.Join(bs, ", "), "build "+g.relation())
	case 1:
		fs = append(fs, "base "+lo, "build up "+g.pick("same-suit", "any-suit"))
	case 2:
		fs = append(fs, "build "+g.relation())
	default:
		fs = append(fs, "base "+hi, "build down "+g.pick("same-suit", "any-suit", "alternate-colour"))
	}
	if nv >= 1 {
		fs = append(fs, "base rank b")
	}
	if g.chance(0.2) {
		fs = append(fs, fmt.Sprintf("holds %d", 1+rng.IntN(g.live)))
	}
	if g.chance(0.2) {
		fs = append(fs, g.pick("accepts 2", "accepts runs", "accepts one when empty, 2 otherwise", "accepts 2 when empty, one otherwise"))
	}
	if nf > 1 && g.chance(0.2) {
		fs = append(fs, g.pick("start after previous", "start after t1"))
	}
	if g.chance(0.2) {
		fo := []string{"t", "t1"}
		if hasC {
			fo = append(fo, "c", "t, c")
		}
		if hasR {
			fo = append(fo, "r")
		}
		fs = append(fs, "to "+g.pick(fo...))
		if g.chance(0.4) {
			fs = append(fs, "move "+g.pick("runs", "whole", "top or whole", "any"))
		}
	}
	if phase && g.chance(0.4) {
		fs = append(fs, "start after early")
	}
	g.printf("  foundation f[%d] { %s }\n", nf, strings.Join(fs, "; "))
	// tableau
	var ts []string
	if g.chance(0.85) {
		b := "build " + g.relation()
		if g.chance(0.15) {
			b += " except " + g.pick(lo, hi, "red")
		}
		if phase && g.chance(0.2) {
			b += g.pick(" during early", " after early")
		}
		ts = append(ts, b)
		ts = append(ts, "move "+g.pick("top", "runs", "whole", "top or whole", "any", "runs", "whole by top"))
		if strings.HasSuffix(ts[1], "runs") && g.chance(0.3) {
			ts = append(ts, "run "+g.step())
		}
		if strings.HasSuffix(ts[1], "runs") && hasC && g.chance(0.3) {
			ts[1] = "move runs using c, t"
		}
	}
	if g.chance(0.25) {
		ts = append(ts, g.pick("accepts 2", "accepts 3", "accepts one", "accepts 2 when empty, runs otherwise", "accepts runs when empty, 2 otherwise", "accepts 2 when empty, none otherwise"))
	}
	switch rng.IntN(8) {
	case 0:
		ts = append(ts, "fill never")
	case 1:
		if hasR {
			ts = append(ts, "fill from r")
			rToT = true
		} else if hasC {
			ts = append(ts, "fill from c")
		}
	case 2:
		if nt > 1 {
			ts = append(ts, "start after previous")
		}
	case 3:
		if hasC {
			ts = append(ts, "start after c1")
		} else {
			ts = append(ts, "start after f1")
		}
	case 4:
		if nt > 1 {
			var bs []string
			for i := 0; i < nt; i++ {
				bs = append(bs, g.pick(lo, hi, "red", "black", "any"))
			}
			ts = append(ts, "base "+strings.Join(bs, ", "))
		}
	case 5:
		if nv >= 2 {
			ts = append(ts, "base rank v + 1")
		} else if nv == 1 {
			ts = append(ts, "base "+g.valueRank())
		}
	}
	if g.chance(0.15) {
		ts = append(ts, fmt.Sprintf("holds %d", 2+rng.IntN(3)))
	}
	to := []string{"f"}
	if g.chance(0.8) {
		to = append(to, "t")
	}
	if hasC {
		to = append(to, "c")
	}
	if hasR && g.chance(0.3) {
		to = append(to, "r")
	}
	if hasW && g.chance(0.15) {
		to = append(to, "waste")
	}
	ts = append(ts, "to "+strings.Join(to, ", "))
	g.printf("  tableau t[%d] { %s }\n", nt, strings.Join(ts, "; "))
	if hasC {
		cs := []string{"holds " + g.pick("1", "1", "2")}
		if g.chance(0.3) {
			cs = append(cs, "build "+g.relation())
			if g.chance(0.4) {
				cs = append(cs, "move "+g.pick("runs", "whole", "any"))
			}
		}
		if g.chance(0.15) {
			cs = append(cs, "start after previous")
		}
		cto := "to " + g.pick("f", "f, t", "t")
		if hasR && g.chance(0.3) {
			cto += ", r"
		}
		cs = append(cs, cto)
		if hasR && g.chance(0.2) {
			cs = append(cs, "fill from r")
			rToC = true
		}
		g.printf("  cell c[%d] { %s }\n", 1+rng.IntN(2), strings.Join(cs, "; "))
	}
	if hasR {
		rt := g.pick("f", "f, t", "t")
		if hasC && (rToC || g.chance(0.2)) {
			rt += ", c"
		}
		if rToT && !strings.Contains(rt, "t") {
			rt += ", t"
		}
		rs := []string{"to " + rt}
		if g.chance(0.3) {
			rs = append(rs, "build "+g.relation())
			if g.chance(0.5) {
				rs = append(rs, "move "+g.pick("runs", "any", "whole"))
			}
		}
		g.printf("  reserve r { %s }\n", strings.Join(rs, "; "))
	}
	// covers
	if g.chance(0.25) {
		var opts []string
		if hasR && hasC {
			opts = append(opts, "cover r by c1", "cover c1 by r")
		}
		if hasW {
			opts = append(opts, "cover waste by t1", "cover t1 by waste")
		}
		if hasStock {
			opts = append(opts, "cover stock by t1")
		}
		if nt > 1 {
			opts = append(opts, "cover t1 by t2")
		}
		if hasR {
			opts = append(opts, "cover r by t1", "cover t1 by r")
		}
		opts = append(opts, "cover f1 by t1")
		g.printf("  %s\n", g.pick(opts...))
	}
	if hasStock {
		g.printf("  stock {\n")
		var tgts []string
		if hasW {
			tgts = append(tgts, "waste")
		}
		tgts = append(tgts, "each t", "t1")
		if hasR {
			tgts = append(tgts, "r")
		}
		if hasC {
			tgts = append(tgts, "c1", "each c")
		}
		tgt := g.pick(tgts...)
		if hasW && g.chance(0.6) {
			tgt = "waste"
		}
		s := fmt.Sprintf("    deal %d to %s", 1+rng.IntN(2), tgt)
		if g.chance(0.15) {
			s += " when " + g.pick(only(conds, names...)...)
		}
		g.printf("%s\n", s)
		if g.chance(0.2) {
			g.printf("    deal 1 to %s\n", g.pick(tgts...))
		}
		if g.chance(0.6) {
			var from []string
			if hasW {
				from = append(from, "waste")
			}
			for _, x := range []string{"f", "t", "c", "r"} {
				if x == "c" && !hasC || x == "r" && !hasR {
					continue
				}
				if g.chance(0.3) {
					from = append(from, x)
				}
			}
			if len(from) == 0 {
				from = append(from, "f")
			}
			g.redealLine(from, 0.3)
		}
		g.printf("  }\n")
		if hasW {
			ws := []string{"to " + g.pick("f", "f, t", "t")}
			if g.chance(0.2) {
				ws = append(ws, "holds "+g.pick("1", "2"))
			}
			if g.chance(0.15) {
				ws = append(ws, "build "+g.relation(), "move runs")
			}
			g.printf("  waste { %s }\n", strings.Join(ws, "; "))
		}
	} else if g.chance(0.4) {
		from := "t"
		if hasC && g.chance(0.5) {
			from = "t, c"
		}
		if hasR && g.chance(0.5) {
			from += ", r"
		}
		if g.chance(0.3) {
			from = "f, " + from
		}
		g.printf("  redeal %d from %s%s to each t by %d\n", 1+rng.IntN(2), from, g.pick("", " shuffled"), (g.live+nt-1)/nt+1)
	}
	g.openDeal()
	left := g.live
	if nv >= 1 {
		g.printf("    1 to f1\n")
		left--
		if nf > 1 && g.chance(0.6) && left > 0 {
			g.printf("    take %s to f2\n", g.pick("rank b", "rank b", "rank b + 1", "rank b - 1"))
			left--
		}
	}
	if nv == 0 && g.chance(0.15) && nf >= 2 {
		// take to each f before the shuffle: only works if every live suit/deck has the card
		g.printf("    take %s to each f\n", lo)
	}
	if nv >= 2 && left > 0 {
		g.printf("    1 to t1\n")
		left--
	}
	left = g.dealReserveAndCell(left, hasR, hasC)
	counts := make([]string, nt)
	for i := range counts {
		n := 0
		if left > 0 && (hasStock || i < nt-1) {
			n = rng.IntN(min(left, 4) + 1)
		}
		left -= n
		counts[i] = fmt.Sprint(n)
	}
	g.printf("    %s to t%s\n", strings.Join(counts, ", "), g.pick("", "", " face down but top", " face down"))
	if g.chance(0.15) {
		g.printf("    move %s to bottom of t1\n", g.pick(lo, hi, "red"))
	}
	if left > 0 {
		if hasStock {
			g.printf("    rest to stock\n")
		} else {
			g.printf("    rest to t%d\n", nt)
		}
	}
	g.printf("  }\n")
	switch rng.IntN(9) {
	case 0:
		if hasC {
			g.printf("  win when every t is empty and no c is started\n}\n")
		} else {
			g.printf("  win when every t is empty and not f1 is empty\n}\n")
		}
	case 1:
		g.printf("  win when f1 holds %d cards or all cards in f, t1\n}\n", 1+rng.IntN(g.live))
	case 2:
		ws := []string{"no t is started and not f1 is empty", "f1 holds 1 card and t1 is empty"}
		if strings.Contains(fs[0]+strings.Join(fs, ";"), "holds") {
			ws = append(ws, "every f is full", "any f is full")
		}
		if hasC {
			ws = append(ws, "all cards in f, c")
		}
		if hasR {
			ws = append(ws, "all cards in f, r")
		}
		g.printf("  win when %s\n}\n", g.pick(ws...))
	default:
		w := "f"
		if g.chance(0.2) {
			w += ", t1"
		}
		g.win(w)
	}
	return g.b.String()
}

// genRareB: pairs and grids with what their families leave out.
func genRareB(rng *rand.Rand) string {
	g := &gen{rng: rng}
	g.advHeader(4)
	lo, hi := genRanks[g.lo], genRanks[g.hi]
	_ = hi
	grid := g.chance(0.35)
	nt := max(1, min(2+rng.IntN(3), g.live-1))
	hasR := g.chance(0.4)
	hasW := g.chance(0.5)
	hasF := g.chance(0.4)
	pairsRole := g.pick("discard", "discard", "foundation", "reserve", "cell")
	sum := g.lo + g.hi
	if g.chance(0.3) {
		sum = g.hi + 1
	}
	pr := []string{}
	if g.chance(0.7) {
		pr = append(pr, fmt.Sprintf("pairs sum %d", sum))
	} else {
		pr = append(pr, "pairs same-rank")
	}
	if g.chance(0.3) {
		pr = append(pr, fmt.Sprintf("holds %d", 1+rng.IntN(g.live)))
	}
	if g.chance(0.15) {
		pr = append(pr, "to t")
	}
	g.printf("  %s d { %s }\n", pairsRole, strings.Join(pr, "; "))
	if g.chance(0.2) {
		g.printf("  discard e { pairs %s }\n", g.pick("same-rank", fmt.Sprintf("sum %d", g.lo+g.hi)))
	}
	to := []string{"d"}
	if hasF {
		to = append(to, "f")
		g.printf("  foundation f { base %s; build %s%s }\n", g.pick(lo, hi, "any"), g.pick("up any-suit", "down any-suit", "either any-suit wrap"), g.pick("", fmt.Sprintf("; holds %d", 1+rng.IntN(g.live))))
	}
	var ts []string
	if grid {
		ts = append(ts, g.pick("grid", "grid both-ends"))
	} else {
		if g.chance(0.6) {
			ts = append(ts, "build "+g.relation())
			ts = append(ts, "move "+g.pick("top", "runs", "any", "whole"))
		}
		if g.chance(0.2) {
			ts = append(ts, "holds 1")
		}
		if g.chance(0.2) {
			ts = append(ts, "fill never")
		}
	}
	tto := append([]string{}, to...)
	if strings.Contains(g.b.String(), "discard e") {
		tto = append(tto, "e")
	}
	if !grid && g.chance(0.5) {
		tto = append(tto, "t")
	}
	ts = append(ts, "to "+strings.Join(tto, ", "))
	if g.chance(0.3) {
		src := g.pick("stock", "r", "waste")
		if src == "r" && !hasR || src == "waste" && !hasW {
			src = "stock"
		}
		ts = append(ts, "refill from "+src)
	}
	g.printf("  tableau t[%d] { %s }\n", nt, strings.Join(ts, "; "))
	if hasR {
		g.printf("  reserve r { to %s%s }\n", strings.Join(tto, ", "), g.pick("", "; holds 1"))
	}
	// covers among the columns, the reserve and the waste
	if g.chance(0.4) {
		var opts []string
		if nt > 1 {
			opts = append(opts, "cover t1 by t2", "cover t2 by t1")
			if grid {
				opts = append(opts, "cover t1 by t2")
			}
		}
		if hasR {
			opts = append(opts, "cover r by t1", "cover t1 by r")
		}
		if hasW {
			opts = append(opts, "cover waste by t1", "cover t1 by waste")
		}
		if hasF {
			opts = append(opts, "cover t1 by f")
		}
		if len(opts) > 0 {
			g.printf("  %s\n", g.pick(opts...))
		}
	}
	g.printf("  stock {\n")
	if hasW {
		g.printf("    deal %d to waste\n", 1+rng.IntN(2))
	}
	if grid || g.chance(0.4) || !hasW {
		g.printf("    deal 1 to each t\n")
	}
	if g.chance(0.5) {
		from := []string{}
		if hasW {
			from = append(from, "waste")
		}
		if grid || g.chance(0.3) {
			from = append(from, "t")
		}
		if hasR && g.chance(0.3) {
			from = append(from, "r")
		}
		if g.chance(0.2) {
			from = append(from, "d")
		}
		if len(from) == 0 {
			from = append(from, "t")
		}
		g.redealLine(from, 0.4)
	}
	g.printf("  }\n")
	if hasW {
		g.printf("  waste { to %s%s }\n", strings.Join(tto, ", "), g.pick("", "", "; holds 1", "; build any"))
	}
	g.openDeal()
	left := g.live
	if hasR {
		k := 1 + rng.IntN(2)
		g.printf("    %d to r%s\n", k, g.pick("", " face down but top"))
		left -= k
	}
	if grid {
		g.printf("    1 to each t\n")
	} else {
		counts := make([]string, nt)
		for i := range counts {
			k := 1
			if g.chance(0.4) {
				k = rng.IntN(3)
			}
			counts[i] = fmt.Sprint(k)
		}
		g.printf("    %s to t%s\n", strings.Join(counts, ", "), g.pick("", " face down but top"))
	}
	if g.chance(0.15) {
		g.printf("    move %s to d\n", lo)
	}
	g.printf("    rest to stock\n  }\n")
	switch rng.IntN(4) {
	case 0:
		g.printf("  win when every t is empty\n}\n")
	case 1:
		g.printf("  win when d holds %d cards\n}\n", 2*(1+rng.IntN(g.live/2)))
	default:
		w := "d"
		if hasF {
			w += ", f"
		}
		if strings.Contains(g.b.String(), "discard e") {
			w += ", e"
		}
		g.win(w)
	}
	return g.b.String()
}

// genRareC: covers round cycles broken by refills, redeals or closing up;
// covers on cells, wastes, foundations and the stock.
func genRareC(rng *rand.Rand) string {
	g := &gen{rng: rng}
	g.advHeader(4)
	lo, hi := genRanks[g.lo], genRanks[g.hi]
	nt := max(2, min(2+rng.IntN(3), g.live-2))
	hasF := true
	kind := rng.IntN(3) // 0 refill, 1 redeal, 2 close up
	hasC := g.chance(0.4)
	hasW := g.chance(0.5)
	g.printf("  foundation f[%d] { base %s; build %s }\n", len(g.suits), g.pick(lo, hi, "any"), g.pick("up same-suit", "down same-suit", "up any-suit", "either any-suit wrap", "any"))
	_ = hasF
	ts := []string{}
	if g.chance(0.6) {
		ts = append(ts, "build "+g.relation(), "move "+g.pick("top", "runs", "whole", "any"))
	}
	to := "f"
	if g.chance(0.6) {
		to += ", t"
	}
	if hasC {
		to += ", c"
	}
	ts = append(ts, "to "+to)
	switch kind {
	case 0:
		ts = append(ts, "refill from "+g.pick("stock", "c1", "waste"))
	case 2:
		ts = append(ts, "close up")
		if g.chance(0.4) {
			for i := range ts {
				if strings.HasPrefix(ts[i], "to ") {
					ts[i] = "to left 1, " + to
				}
			}
		}
	}
	src := strings.Join(ts, "; ")
	if kind == 0 && strings.Contains(src, "c1") && !hasC {
		src = strings.Replace(src, "c1", "stock", 1)
	}
	if kind == 0 && strings.Contains(src, "waste") && !hasW {
		src = strings.Replace(src, "refill from waste", "refill from stock", 1)
	}
	g.printf("  tableau t[%d] { %s }\n", nt, src)
	if hasC {
		g.printf("  cell c[%d] { holds %s; to %s }\n", 1+rng.IntN(2), g.pick("1", "2"), g.pick("f", "f, t"))
	}
	// covers: a cycle, or a chain, or covers on other roles
	var covers []string
	switch rng.IntN(3) {
	case 0:
		covers = append(covers, "cover t1 by t2", "cover t2 by t1")
	case 1:
		for i := 1; i < nt; i++ {
			if g.chance(0.6) {
				covers = append(covers, fmt.Sprintf("cover t%d by t%d", i, i+1))
			}
		}
		if g.chance(0.5) {
			covers = append(covers, fmt.Sprintf("cover t%d by t1", nt))
		}
	default:
		opts := []string{"cover t1 by f1", "cover f1 by t1", "cover stock by t1"}
		if hasC {
			opts = append(opts, "cover c1 by t1", "cover t1 by c1")
		}
		if hasW {
			opts = append(opts, "cover waste by t2", "cover t2 by waste")
		}
		covers = append(covers, g.pick(opts...))
		if g.chance(0.4) {
			covers = append(covers, g.pick(opts...))
		}
	}
	seen := map[string]bool{}
	for _, c := range covers {
		if !seen[c] {
			g.printf("  %s\n", c)
			seen[c] = true
		}
	}
	g.printf("  stock {\n")
	if hasW {
		g.printf("    deal %d to waste\n", 1+rng.IntN(2))
	} else {
		g.printf("    deal 1 to %s\n", g.pick("each t", "t1", "t2"))
	}
	if kind == 1 || g.chance(0.3) {
		from := g.pick("t", "t1", "t2", "t, waste", "waste, t1")
		if !hasW {
			from = strings.ReplaceAll(strings.ReplaceAll(from, ", waste", ""), "waste, ", "")
		}
		rd := g.pick("1", "2", "unlimited")
		sh := ""
		if rd != "unlimited" && g.chance(0.4) {
			sh = " shuffled"
		}
		g.printf("    redeal %s from %s%s\n", rd, from, sh)
	}
	g.printf("  }\n")
	if hasW {
		g.printf("  waste { to %s }\n", g.pick("f", "f, t"))
	}
	g.openDeal()
	left := g.live
	counts := make([]string, nt)
	for i := range counts {
		k := 1 + rng.IntN(2)
		if left-k < 1 {
			k = 0
		}
		left -= k
		counts[i] = fmt.Sprint(k)
	}
	g.printf("    %s to t%s\n", strings.Join(counts, ", "), g.pick("", " face down but top"))
	if hasC && left > 2 && g.chance(0.4) {
		g.printf("    1 to c1\n")
	}
	g.printf("    rest to stock\n  }\n")
	if g.chance(0.25) {
		g.printf("  win when every t is empty\n}\n")
	} else {
		g.win("f")
	}
	return g.b.String()
}

// genRareE: grid columns that cover other piles, that other piles start
// after, that conditions test, with pairs, refills and redeals.
func genRareE(rng *rand.Rand) string {
	g := &gen{rng: rng}
	g.advHeader(4)
	lo, hi := genRanks[g.lo], genRanks[g.hi]
	nc := max(2, min(2+rng.IntN(2), g.live/2))
	pairs := g.chance(0.35)
	hasR := g.chance(0.6)
	hasT := g.chance(0.5)
	g.names = []string{"g", "g1", "g2", "f", "f1", "stock"}
	if hasR {
		g.names = append(g.names, "r")
	}
	if hasT {
		g.names = append(g.names, "t", "t1")
	}
	conds := []string{"g1 is empty", "no g is empty", "any g is empty", "g2 is started", "every g is empty", "g1 holds 1"}
	phase := g.phaseDecl(conds...)
	to := "f"
	if pairs {
		to = "d"
		g.printf("  discard d { pairs %s }\n", g.pick("same-rank", fmt.Sprintf("sum %d", g.lo+g.hi), fmt.Sprintf("sum %d", g.hi+1)))
		g.printf("  foundation f { base %s; build any }\n", lo) // unused unless to f
	} else {
		fs := "base " + g.pick(lo, hi, "any") + g.clause(phase, conds...)
		g.printf("  foundation f[%d] { %s; build %s%s }\n", len(g.suits), fs, g.pick("up any-suit", "down any-suit", "up same-suit", "either any-suit wrap"), g.clause(phase, conds...))
	}
	gs := []string{g.pick("grid", "grid both-ends"), "to " + to}
	if hasT && g.chance(0.4) {
		gs[1] += ", t"
	}
	if g.chance(0.3) {
		gs = append(gs, "refill from "+g.pick("stock", "r"))
		if !hasR {
			gs[len(gs)-1] = "refill from stock"
		}
	}
	g.printf("  tableau g[%d] { %s }\n", nc, strings.Join(gs, "; "))
	if hasT {
		ts := []string{"to " + to}
		if g.chance(0.5) {
			ts = append(ts, "build "+g.relation())
		}
		switch rng.IntN(4) {
		case 0:
			ts = append(ts, "start after g"+fmt.Sprint(1+rng.IntN(nc)))
		case 1:
			ts = append(ts, "start when "+g.pick(conds...))
		case 2:
			ts = append(ts, "fill never")
		}
		g.printf("  tableau t[%d] { %s }\n", 1+rng.IntN(2), strings.Join(ts, "; "))
	}
	if hasR {
		rs := []string{"to " + to}
		if g.chance(0.3) {
			rs = append(rs, "start after g1")
		}
		g.printf("  reserve r { %s }\n", strings.Join(rs, "; "))
	}
	// covers by grid columns, and of grid columns
	for k := rng.IntN(3); k > 0; k-- {
		var opts []string
		if hasR {
			opts = append(opts, "cover r by g1", "cover r by g2", "cover g1 by r")
		}
		if hasT {
			opts = append(opts, "cover t1 by g2", "cover g2 by t1", "cover t1 by g1")
		}
		opts = append(opts, "cover g1 by g2")
		if pairs {
			opts = append(opts, "cover g2 by g1")
		}
		g.printf("  %s\n", g.pick(opts...))
	}
	g.printf("  stock {\n    deal 1 to each g%s\n", g.clause(phase, conds...))
	if hasT && g.chance(0.3) {
		g.printf("    deal 1 to t1\n")
	}
	if g.chance(0.6) {
		from := "g"
		if hasR && g.chance(0.3) {
			from += ", r"
		}
		rd := g.pick("1", "2", "unlimited")
		sh := ""
		if rd != "unlimited" && g.chance(0.4) {
			sh = " shuffled"
		}
		g.printf("    redeal %s from %s%s\n", rd, from, sh)
	}
	g.printf("  }\n")
	g.openDeal()
	left := g.live
	if hasR {
		g.printf("    1 to r\n")
		left--
	}
	if hasT && left > nc+1 && g.chance(0.5) {
		g.printf("    1 to t1\n")
		left--
	}
	g.printf("    1 to each g\n")
	left -= nc
	if left > 0 {
		g.printf("    rest to stock\n")
	}
	g.printf("  }\n")
	switch rng.IntN(4) {
	case 0:
		g.printf("  win when every g is empty\n}\n")
	case 1:
		if pairs {
			g.printf("  win when d holds %d cards\n}\n", 2*(1+rng.IntN(max(1, g.live/2))))
		} else {
			g.printf("  win when every g is empty and stock is empty\n}\n")
		}
	default:
		if pairs {
			g.win("d, f")
		} else {
			g.win("f")
		}
	}
	return g.b.String()
}

// redealLine writes the stock's redeal of the piles from: once, twice or
// without limit, and shuffled (when limited) with the chance given.
func (g *gen) redealLine(from []string, shuffled float64) {
	rd := g.pick("1", "2", "unlimited")
	sh := ""
	if rd != "unlimited" && g.chance(shuffled) {
		sh = " shuffled"
	}
	g.printf("    redeal %s from %s%s\n", rd, strings.Join(from, ", "), sh)
}
