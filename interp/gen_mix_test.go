package interp

// Two more families of generated games for the soundness tests, written in
// an adversarial review that looked for rule files the first generator
// (gen_test.go) does not reach: one that mixes features freely, and one
// that keeps safe moves on while adding what could make one unsafe. Both
// found nothing; they stay to keep it so.

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl/check"
)

var mixedGames = flag.Int("mixed.games", 60, "games of each family TestSoundnessOnMixedGames generates")

// mixedFamilies are the families of this file.
var mixedFamilies = []struct {
	name string
	gen  func(*rand.Rand) string
}{{"mix", genMix}, {"safe", genSafe}}

// TestSoundnessOnMixedGames is TestSoundnessOnGeneratedGames on the games
// of genMix and genSafe: no claim of the solver, the safe moves, the
// blockage or the status is false; and their moves are the plain
// generator's.
func TestSoundnessOnMixedGames(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(16, 17))
	for _, fam := range mixedFamilies {
		var n tally
		valid := 0
		for i := range *mixedGames {
			src := fam.gen(rand.New(rand.NewPCG(uint64(i), 0xadd)))
			if !checkGenerated(t, src, 3, uint64(i), &n, budget{plain: 30_000, nodes: 100_000}) {
				continue
			}
			valid++
			g, err := check.Source("gen.patience", []byte(src))
			require.NoError(t, err)
			if err := diffMoves(Compile(g), 3, 60, rng); err != nil {
				t.Fatalf("%s game %d: %v\n%s", fam.name, i, err, src)
			}
		}
		t.Logf("%s: %d games; %d positions compared: %d winnable, %d not, %d unknown; %d safe moves, %d blocked, %d lost",
			fam.name, valid, n.positions, n.wins, n.losses, n.unknown, n.safe, n.blocked, n.lost)
		assert.GreaterOrEqual(t, valid, *mixedGames/2, "%s: too few generated games check: the generator needs mending", fam.name)
		assert.Positive(t, n.wins, fam.name)
		assert.Positive(t, n.losses, fam.name)
		if fam.name == "safe" {
			assert.GreaterOrEqual(t, n.safe, *mixedGames/20, "too few safe moves")
		}
	}
}

// someOf is a list of some of opts, most often with the first.
func (g *gen) someOf(opts ...string) string {
	var out []string
	for i, o := range opts {
		if i == 0 && g.chance(0.85) || g.chance(0.5) {
			out = append(out, o)
		}
	}
	if len(out) == 0 {
		out = append(out, opts[0])
	}
	return strings.Join(out, ", ")
}

// genMix writes a game of features combined freely: one or two groups of
// foundations of any build (by one rank or more, wrap, either way, from a
// base the first card to them or to the waste fixes), with
// `holds`, `accepts runs`, `start after` and worrying back; tableau groups
// declared in parts and a second group, moving top cards, runs (through
// cells), whole piles or any group; cells that hold two or build; a reserve
// (some dealt face down); a discard that gives back; covers; one or two
// stock deals, to the waste, each column, one pile, the reserve or a cell,
// some with conditions; redeals plain or shuffled, from the waste, the
// columns or the reserve, or dealt straight out again; a waste that holds
// one or two or builds; a refill from the stock; and wins of every kind.
// One to three suits (red with red too), one or two decks.
func genMix(rng *rand.Rand) string {
	g := &gen{rng: rng}
	lo, hi := g.mixedPack("X", 0.25)
	hasC := g.chance(0.35)
	hasR := g.chance(0.35)
	hasW := g.chance(0.4)
	hasStock := hasW || g.chance(0.3)
	hasU := g.chance(0.25) // a second tableau group
	hasD := g.chance(0.15)
	// foundations
	nfd := 1 + rng.IntN(2)
	first := false // a value the first card to some pile fixes: `let b = rank of first card to ...`
	for k := 0; k < nfd; k++ {
		name := []string{"f", "g"}[k]
		var fs []string
		pick := rng.IntN(5)
		if k == 0 && g.chance(0.2) {
			pick = 5
		}
		switch pick {
		case 5:
			first = true
			fs = append(fs, "base rank b"+g.pick("", "", " + 1", " - 1"), "build "+g.pick("up same-suit wrap", "up any-suit wrap", "either any-suit wrap", "down same-colour wrap"))
			on := name
			if hasW && g.chance(0.3) {
				on = "waste"
			}
			g.printf("  let b = rank of first card to %s\n", on)
		case 0:
			fs = append(fs, "base "+lo, "build up "+g.pick("same-suit", "any-suit", "same-colour", "alternate-colour"))
		case 1:
			fs = append(fs, "base "+hi, "build down "+g.pick("same-suit", "any-suit", "same-colour"))
		case 2:
			fs = append(fs, "build "+g.pick("either any-suit", "either any-suit wrap", "up any-suit wrap", "down same-colour wrap", "either same-suit"))
		case 3:
			fs = append(fs, "build "+g.relation())
			if g.chance(0.5) {
				fs = append(fs, "base "+g.pick(lo, hi, "red", "black", "any", lo+g.suits[0]))
			}
		default:
			fs = append(fs, "base "+g.pick(lo, hi), "build "+g.pick("up", "down", "either")+" by "+fmt.Sprint(1+rng.IntN(2))+" any-suit wrap")
		}
		if g.chance(0.3) {
			fs = append(fs, fmt.Sprintf("holds %d", 1+rng.IntN(g.live)))
		}
		if g.chance(0.15) {
			fs = append(fs, "accepts runs")
		}
		if k == 1 && g.chance(0.3) {
			fs = append(fs, "start after f1")
		}
		if g.chance(0.2) {
			w := []string{"t"}
			if hasC {
				w = append(w, "c")
			}
			if hasR {
				w = append(w, "r")
			}
			fs = append(fs, "to "+g.someOf(w...))
		}
		n := 1 + rng.IntN(len(g.suits)*g.decks)
		if n > 1 && g.chance(0.2) {
			fs = append(fs, "start after previous")
		}
		g.printf("  foundation %s[%d] { %s }\n", name, n, strings.Join(fs, "; "))
	}
	found := "f"
	if nfd == 2 {
		found = "f, g"
	}
	tabRules := func(extra bool) []string {
		var ts []string
		if g.chance(0.8) {
			ts = append(ts, "build "+g.relation())
			if first && g.chance(0.3) {
				ts[len(ts)-1] += " except rank b" // excepts nothing until b is fixed
			}
			switch rng.IntN(6) {
			case 1:
				ts = append(ts, "move runs")
				if hasC && g.chance(0.4) {
					ts[len(ts)-1] = "move runs using c, t"
				}
			case 2:
				ts = append(ts, "move whole")
			case 3:
				ts = append(ts, "move any")
			case 4:
				ts = append(ts, "move top or whole")
			}
		}
		if g.chance(0.15) {
			ts = append(ts, "fill never")
		}
		if g.chance(0.2) {
			ts = append(ts, "base "+g.pick(lo, hi, "red", "black"))
		}
		if g.chance(0.15) {
			ts = append(ts, fmt.Sprintf("holds %d", 2+rng.IntN(3)))
		}
		to := []string{found, "t"}
		if hasC {
			to = append(to, "c")
		}
		if hasU {
			to = append(to, "u")
		}
		if hasD {
			to = append(to, "d")
		}
		if hasR && g.chance(0.2) {
			to = append(to, "r")
		}
		if hasW && g.chance(0.15) {
			to = append(to, "waste")
		}
		ts = append(ts, "to "+g.someOf(to...))
		return ts
	}
	nt := 1 + rng.IntN(3)
	if g.chance(0.3) && nt > 1 {
		k := 1 + rng.IntN(nt-1)
		g.printf("  tableau t[1..%d] { %s }\n", k, strings.Join(tabRules(false), "; "))
		g.printf("  tableau t[%d..%d] { %s }\n", k+1, nt, strings.Join(tabRules(false), "; "))
	} else {
		g.printf("  tableau t[%d] { %s }\n", nt, strings.Join(tabRules(false), "; "))
	}
	if hasU {
		g.printf("  tableau u[%d] { %s }\n", 1+rng.IntN(2), strings.Join(tabRules(false), "; "))
	}
	if hasC {
		cs := []string{"holds " + g.pick("1", "1", "2")}
		if g.chance(0.25) {
			cs = append(cs, "build "+g.relation())
		}
		cs = append(cs, "to "+g.someOf(found, "t"))
		g.printf("  cell c[%d] { %s }\n", 1+rng.IntN(2), strings.Join(cs, "; "))
	}
	if hasR {
		rs := []string{"to " + g.someOf(found, "t")}
		if g.chance(0.2) {
			rs = append(rs, "build any")
		}
		g.printf("  reserve r { %s }\n", strings.Join(rs, "; "))
	}
	if hasD {
		ds := []string{}
		if g.chance(0.5) {
			ds = append(ds, "build "+g.relation())
		}
		if g.chance(0.4) {
			ds = append(ds, "to t")
		}
		if len(ds) == 0 {
			ds = append(ds, "build any")
		}
		g.printf("  discard d { %s }\n", strings.Join(ds, "; "))
	}
	if g.chance(0.12) && nt > 1 {
		g.printf("  cover t1 by t2\n")
	}
	if hasR && g.chance(0.15) {
		g.printf("  cover t1 by r\n")
	}
	if hasStock {
		g.printf("  stock {\n")
		nd := 1
		if g.chance(0.3) {
			nd = 2
		}
		for i := 0; i < nd; i++ {
			var tgts []string
			if hasW {
				tgts = append(tgts, "waste", "waste")
			}
			tgts = append(tgts, "each t", "t1")
			if hasR {
				tgts = append(tgts, "r")
			}
			if hasC {
				tgts = append(tgts, "c1")
			}
			if hasU {
				tgts = append(tgts, "each t, u")
			}
			tgt := g.pick(tgts...)
			if i == 0 && hasW {
				tgt = "waste"
			}
			s := fmt.Sprintf("    deal %d to %s", 1+rng.IntN(2), tgt)
			if g.chance(0.1) {
				s += " when " + g.pick("no t is empty", "t1 is empty", "any t is empty")
			}
			g.printf("%s\n", s)
		}
		if g.chance(0.5) {
			from := []string{}
			if hasW {
				from = append(from, "waste")
			}
			if g.chance(0.3) || len(from) == 0 {
				from = append(from, "t")
			}
			if hasR && g.chance(0.3) {
				from = append(from, "r")
			}
			rd := g.pick("1", "2", "unlimited")
			sh := ""
			if rd != "unlimited" && g.chance(0.3) {
				sh = " shuffled"
			}
			g.printf("    redeal %s from %s%s\n", rd, strings.Join(from, ", "), sh)
		}
		g.printf("  }\n")
		if hasW {
			ws := []string{"to " + g.someOf(found, "t")}
			if g.chance(0.2) {
				ws = append(ws, "holds "+g.pick("1", "2"))
			}
			if g.chance(0.1) {
				ws = append(ws, "build any")
			}
			g.printf("  waste { %s }\n", strings.Join(ws, "; "))
		}
		if g.chance(0.1) {
			g.printf("  tableau t9 { refill from stock; to %s }\n", found)
		}
	} else if g.chance(0.2) {
		g.printf("  redeal 1 from t%s to each t by %d\n", g.pick("", " shuffled"), (g.live+nt-1)/nt+1)
	}
	g.openDeal()
	left := g.live
	left = g.dealReserveAndCell(left, hasR, hasC)
	if hasU && left > 1 && g.chance(0.5) {
		g.printf("    1 to u1\n")
		left--
	}
	g.dealColumns(nt, left, hasStock, func() {})
	g.printf("  }\n")
	switch rng.IntN(8) {
	case 0:
		g.printf("  win when every t is empty\n}\n")
	case 1:
		g.printf("  win when f1 holds %d cards\n}\n", 1+rng.IntN(g.live))
	case 2:
		w := found
		if hasC && g.chance(0.5) {
			w += ", c"
		}
		if hasR && g.chance(0.5) {
			w += ", r"
		}
		if hasD {
			w += ", d"
		}
		if g.chance(0.3) {
			w += ", t1"
		}
		g.win(w)
	default:
		w := found
		if hasD {
			w += ", d"
		}
		g.win(w)
	}
	return g.b.String()
}

// genSafe writes a game that keeps safe moves on (the win is all cards in
// the foundations, no conditions, no phases) with what could trip them:
// foundations that two decks duplicate, based on one colour, or built with
// exceptions or by rank; columns that move top cards, runs (by a `run`
// relation of their own), whole piles, the top or the whole, or any group;
// deals to each column, to one, or to a reserve, with redeals that gather
// those piles; a waste that holds one or two or builds; `move X to bottom`
// in the deal; cards dealt face down.
func genSafe(rng *rand.Rand) string {
	g := &gen{rng: rng}
	lo, hi := g.mixedPack("S", 0.35)
	nfd := 1 + rng.IntN(2)
	names := []string{}
	for k := 0; k < nfd; k++ {
		name := []string{"f", "g"}[k]
		names = append(names, name)
		var fs []string
		switch rng.IntN(5) {
		case 0:
			fs = append(fs, "base "+g.pick(lo, lo+g.suits[0], "red "+lo, "black "+lo), "build up "+g.pick("same-suit", "any-suit", "same-colour", "alternate-colour"))
		case 1:
			fs = append(fs, "base "+hi, "build down "+g.pick("same-suit", "any-suit", "same-colour", "other-suit"))
		case 2:
			fs = append(fs, "build "+g.pick("either any-suit", "either any-suit wrap", "up any-suit wrap", "down same-colour wrap", "either same-suit", "same-rank any-suit", "any"))
		case 3:
			fs = append(fs, "build "+g.relation())
			if g.chance(0.5) {
				fs = append(fs, "base "+g.pick(lo, hi, "red", "black", "any"))
			}
		default:
			fs = append(fs, "base "+g.pick(lo, hi), "build "+g.pick("up", "down", "either")+" by "+fmt.Sprint(1+rng.IntN(2))+" any-suit wrap")
		}
		if g.chance(0.3) {
			fs = append(fs, fmt.Sprintf("holds %d", 1+rng.IntN(g.live)))
		}
		if g.chance(0.25) {
			fs = append(fs, "accepts runs")
		}
		if g.chance(0.15) {
			fs = append(fs, "build "+g.relation()+" except "+g.pick(lo, hi, "red"))
			// replace the first build
			for i, x := range fs {
				if strings.HasPrefix(x, "build ") {
					fs = append(fs[:i], fs[i+1:]...)
					break
				}
			}
		}
		if k == 1 && g.chance(0.3) {
			fs = append(fs, "start after f1")
		}
		n := 1 + rng.IntN(len(g.suits)*g.decks)
		if n > 1 && g.chance(0.2) {
			fs = append(fs, "start after previous")
		}
		g.printf("  foundation %s[%d] { %s }\n", name, n, strings.Join(fs, "; "))
	}
	found := strings.Join(names, ", ")
	hasC := g.chance(0.3)
	hasR := g.chance(0.3)
	stockKind := rng.IntN(5) // 0 none, 1 waste, 2 each t, 3 reserve, 4 t1
	nt := 1 + rng.IntN(3)
	var ts []string
	if g.chance(0.85) {
		ts = append(ts, "build "+g.relation())
		ts = append(ts, "move "+g.pick("top", "runs", "whole", "top or whole", "any", "runs"))
		if strings.HasSuffix(ts[1], "runs") && g.chance(0.4) {
			ts = append(ts, "run "+g.step())
		}
		if strings.HasSuffix(ts[1], "any") && (stockKind == 2 || stockKind == 4) {
			ts[1] = "move runs"
		}
	}
	if g.chance(0.15) {
		ts = append(ts, "fill never")
	}
	if g.chance(0.2) {
		ts = append(ts, "base "+g.pick(lo, hi, "red", "black"))
	}
	if g.chance(0.15) {
		ts = append(ts, fmt.Sprintf("holds %d", 2+rng.IntN(3)))
	}
	to := []string{found}
	if g.chance(0.8) {
		to = append(to, "t")
	}
	if hasC {
		to = append(to, "c")
	}
	if hasR && g.chance(0.2) {
		to = append(to, "r")
	}
	ts = append(ts, "to "+strings.Join(to, ", "))
	g.printf("  tableau t[%d] { %s }\n", nt, strings.Join(ts, "; "))
	if hasC {
		cs := []string{"holds " + g.pick("1", "1", "2")}
		if g.chance(0.25) {
			cs = append(cs, "build "+g.relation())
		}
		cs = append(cs, "to "+g.pick(found, found+", t"))
		g.printf("  cell c[%d] { %s }\n", 1+rng.IntN(2), strings.Join(cs, "; "))
	}
	if hasR || stockKind == 3 {
		hasR = true
		rs := []string{"to " + g.pick(found, found+", t")}
		if g.chance(0.3) {
			rs = append(rs, "build "+g.relation())
		}
		g.printf("  reserve r { %s }\n", strings.Join(rs, "; "))
	}
	if g.chance(0.12) && nt > 1 {
		g.printf("  cover t1 by t2\n")
	}
	if stockKind != 0 {
		tgt := []string{"", "waste", "each t", "r", "t1"}[stockKind]
		g.printf("  stock {\n    deal %d to %s\n", 1+rng.IntN(2), tgt)
		if g.chance(0.5) {
			from := "waste"
			switch stockKind {
			case 2, 4:
				from = "t"
			case 3:
				from = "r"
			}
			if stockKind == 1 && g.chance(0.3) {
				from = "waste, t"
			}
			g.printf("    redeal %s from %s\n", g.pick("1", "2", "unlimited"), from)
		}
		g.printf("  }\n")
		if stockKind == 1 {
			ws := []string{"to " + g.pick(found, found+", t")}
			if g.chance(0.2) {
				ws = append(ws, "holds "+g.pick("1", "2"))
			}
			if g.chance(0.15) {
				ws = append(ws, "build "+g.relation())
			}
			g.printf("  waste { %s }\n", strings.Join(ws, "; "))
		}
	}
	g.openDeal()
	left := g.live
	left = g.dealReserveAndCell(left, hasR, hasC)
	g.dealColumns(nt, left, stockKind != 0, func() {
		if g.chance(0.1) {
			g.printf("    move %s to bottom of each t\n", g.pick(lo, hi, "red"))
		}
	})
	g.printf("  }\n")
	g.win(found)
	return g.b.String()
}

// mixedPack chooses one to three suits (two decks of one or two, with
// chance twoDecks), a few live ranks, and opens game name with them. It
// returns the lowest and the highest live rank.
func (g *gen) mixedPack(name string, twoDecks float64) (lo, hi string) {
	rng := g.rng
	g.suits = [][]string{{"S"}, {"S", "H"}, {"H", "D"}, {"C", "S"}, {"S", "H", "D"}}[rng.IntN(5)]
	g.decks = 1
	width := 2 + rng.IntN(3)
	if len(g.suits) >= 2 {
		width = 2 + rng.IntN(2)
	}
	if len(g.suits) == 3 {
		width = 1 + rng.IntN(2)
	}
	if len(g.suits) <= 2 && g.chance(twoDecks) {
		g.decks = 2
		width = 1 + rng.IntN(2)
		if len(g.suits) == 1 {
			width = 2 + rng.IntN(2)
		}
	}
	g.liveRanks(width)
	g.printf("game %q {\n  decks %d\n  suits %s\n", name, g.decks, strings.Join(g.suits, ", "))
	return genRanks[g.lo], genRanks[g.hi]
}

// dealReserveAndCell deals the reserve its first cards (some face down)
// and now and then a cell one, of the left live cards; it returns how
// many are left.
func (g *gen) dealReserveAndCell(left int, hasR, hasC bool) int {
	if hasR && left > 1 {
		n := 1 + g.rng.IntN(min(2, left-1))
		face := ""
		if n > 1 && g.chance(0.3) {
			face = " face down but top"
		}
		g.printf("    %d to r%s\n", n, face)
		left -= n
	}
	if hasC && left > 1 && g.chance(0.4) {
		g.printf("    1 to c1\n")
		left--
	}
	return left
}

// dealColumns deals the left live cards to the nt columns, up to four each,
// some face down but the top; then what after writes; then the rest to the
// stock, or to the last column when there is none. It ends the deal.
func (g *gen) dealColumns(nt, left int, toStock bool, after func()) {
	counts := make([]string, nt)
	for i := range counts {
		n := 0
		if left > 0 && (toStock || i < nt-1) {
			n = g.rng.IntN(min(left, 4) + 1)
		}
		left -= n
		counts[i] = fmt.Sprint(n)
	}
	face := ""
	if g.chance(0.3) {
		face = " face down but top"
	}
	g.printf("    %s to t%s\n", strings.Join(counts, ", "), face)
	after()
	if left > 0 {
		if toStock {
			g.printf("    rest to stock\n")
		} else {
			g.printf("    rest to t%d\n", nt)
		}
	}
}
