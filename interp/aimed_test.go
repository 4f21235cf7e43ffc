package interp

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// Families of generated games aimed at what the safe moves, the dead cards
// and the commuting deals assume (written by a helper reading those
// arguments adversarially): foundations competing for the same cards,
// deals to a waste with every kind of redeal, wins that name the stock, the
// waste, a reserve or one column, and a stock that deals although the win
// counts its cards where they lie (which found the stock taken for a pile
// set aside: TestStockInTheWin).

// genFound: games that keep safe moves on (no phases, conditions, refills,
// exact counts), with several foundation declarations competing for the
// same cards from different bases and builds (up, down, either, by N,
// wrap, same-rank, any), some interchangeable, with start after a
// foundation, decks 2 with few ranks so cards have copies, and tableaux
// that build, move runs, any group or whole piles, cells, a reserve,
// covers among the columns, and a stock dealing to a waste or each column.
func genFound(rng *rand.Rand) string {
	g := &gen{rng: rng}
	g.suits = [][]string{{"S"}, {"S"}, {"S", "H"}, {"D", "S"}}[rng.IntN(4)]
	g.decks = 1
	if len(g.suits) == 1 && g.chance(0.5) {
		g.decks = 2
	}
	width := 2 + rng.IntN(3)
	if g.decks == 2 || len(g.suits) == 2 {
		width = 2 + rng.IntN(2)
	}
	g.liveRanks(width)
	g.printf("game \"F\" {\n  decks %d\n  suits %s\n", g.decks, strings.Join(g.suits, ", "))
	lo, hi := genRanks[g.lo], genRanks[g.hi]
	mid := genRanks[g.lo+g.rng.IntN(width)]
	nf := 0
	for k := 0; k < 1+g.rng.IntN(3); k++ {
		n := 1 + g.rng.IntN(2)
		var st []string
		switch g.rng.IntN(8) {
		case 0:
			st = append(st, "base "+lo, "build up "+g.pick("same-suit", "any-suit", "same-colour"))
		case 1:
			st = append(st, "base "+hi, "build down "+g.pick("same-suit", "any-suit"))
		case 2:
			st = append(st, "base "+mid, "build "+g.pick("up", "down", "either")+" any-suit wrap")
		case 3:
			st = append(st, "base "+g.pick(lo, mid, hi), "build "+g.pick("up", "down")+fmt.Sprintf(" by %d", 1+g.rng.IntN(3))+" any-suit wrap")
		case 4:
			st = append(st, "base "+g.pick(lo, hi, mid), "build same-rank any-suit")
		case 5:
			st = append(st, "build "+g.relation())
		case 6:
			st = append(st, "base "+g.pick(lo, hi)+g.suits[0], "build "+g.pick("up", "down", "either")+" same-suit")
		default:
			st = append(st, "base "+g.pick(lo, hi, "any", "red", "black"), "build "+g.relation())
		}
		if g.chance(0.4) {
			st = append(st, fmt.Sprintf("holds %d", 1+g.rng.IntN(min(g.live, 2*width))))
		}
		if nf > 0 && g.chance(0.15) {
			st = append(st, "start after f1")
		} else if n > 1 && g.chance(0.15) {
			st = append(st, "start after previous")
		}
		if g.chance(0.08) {
			st = append(st, "accepts runs")
		}
		if g.chance(0.1) {
			if i := indexPrefix(st, "build "); i >= 0 {
				st[i] += " except " + g.pick(lo, hi, mid)
			}
		}
		g.printf("  foundation f[%d..%d] { %s }\n", nf+1, nf+n, strings.Join(st, "; "))
		nf += n
	}
	nt := 1 + g.rng.IntN(3)
	cells := 0
	if g.chance(0.3) {
		cells = 1 + g.rng.IntN(2)
	}
	hasStock := g.chance(0.5)
	eachT := hasStock && g.chance(0.35)
	hasReserve := g.chance(0.25)
	var ts []string
	if g.chance(0.85) {
		b := "build " + g.relation()
		if g.chance(0.12) {
			b += " except " + g.pick(lo, hi, mid)
		}
		ts = append(ts, b)
		switch g.rng.IntN(6) {
		case 1:
			m := "move runs"
			if cells > 0 && g.chance(0.5) {
				m += " using c, t"
			}
			ts = append(ts, m)
			if g.chance(0.3) {
				ts = append(ts, "run "+g.step())
			}
		case 2:
			ts = append(ts, "move whole")
		case 3:
			if !eachT {
				ts = append(ts, "move any")
			}
		case 4:
			ts = append(ts, "move top or whole")
		}
	}
	switch g.rng.IntN(6) {
	case 0:
		ts = append(ts, "fill never")
	case 1:
		ts = append(ts, fmt.Sprintf("holds %d", 1+g.rng.IntN(3)))
	case 2:
		ts = append(ts, "base "+g.pick(lo, hi, "red"))
	}
	if g.chance(0.1) {
		ts = append(ts, "start after f1")
	}
	to := []string{"f"}
	if g.chance(0.75) {
		to = append(to, "t")
	}
	if cells > 0 {
		to = append(to, "c")
	}
	ts = append(ts, "to "+strings.Join(to, ", "))
	g.printf("  tableau t[%d] { %s }\n", nt, strings.Join(ts, "; "))
	if cells > 0 {
		g.printf("  cell c[%d] { holds 1; to f, t }\n", cells)
	}
	if hasReserve {
		g.printf("  reserve r { to f%s }\n", g.pick("", ", t"))
	}
	if nt > 1 && g.chance(0.2) {
		g.printf("  cover t1 by t%d\n", 2+g.rng.IntN(nt-1))
	}
	if hasStock {
		if eachT {
			g.printf("  stock { deal 1 to each t }\n")
		} else {
			g.printf("  stock {\n    deal %d to waste\n", 1+g.rng.IntN(2))
			switch g.rng.IntN(4) {
			case 1:
				g.printf("    redeal 1 from waste\n")
			case 2:
				g.printf("    redeal unlimited from waste\n")
			}
			g.printf("  }\n  waste { to f%s }\n", g.pick("", ", t"))
		}
	}
	g.openDeal()
	left := g.live
	if hasReserve && left > 1 {
		g.printf("    1 to r\n")
		left--
	}
	counts := make([]string, nt)
	for i := range counts {
		n := 0
		if left > 0 && (hasStock || i < nt-1) {
			n = g.rng.IntN(min(left, 3) + 1)
		}
		left -= n
		counts[i] = fmt.Sprint(n)
	}
	face := ""
	if g.chance(0.25) {
		face = " face down but top"
	}
	g.printf("    %s to t%s\n", strings.Join(counts, ", "), face)
	if left > 0 {
		if hasStock {
			g.printf("    rest to stock\n")
		} else {
			g.printf("    rest to t%d\n", nt)
		}
	}
	g.printf("  }\n")
	g.win("f")
	return g.b.String()
}

// genWaste: one stock deal to one pile (a waste, a reserve or a cell),
// whose rules vary: holds, build, move runs/any/whole, covers of it or by
// it, a base; redeals of every kind; cards dealt face down to it at the
// start; columns filled only from it; foundations taking runs from it.
func genWaste(rng *rand.Rand) string {
	g := &gen{rng: rng}
	g.suits = [][]string{{"S"}, {"S", "H"}}[rng.IntN(2)]
	g.decks = 1
	if len(g.suits) == 1 && g.chance(0.3) {
		g.decks = 2
	}
	width := 2 + rng.IntN(3)
	if g.decks == 2 || len(g.suits) == 2 {
		width = 2 + rng.IntN(2)
	}
	g.liveRanks(width)
	g.printf("game \"W\" {\n  decks %d\n  suits %s\n", g.decks, strings.Join(g.suits, ", "))
	lo, hi := genRanks[g.lo], genRanks[g.hi]
	fs := []string{"base " + lo, "build up any-suit"}
	if g.chance(0.4) {
		fs = []string{"base " + hi, "build down " + g.pick("any-suit", "same-suit")}
	} else if g.chance(0.3) {
		fs = []string{"build " + g.relation()}
	}
	if g.chance(0.15) {
		fs = append(fs, "accepts runs")
	}
	g.printf("  foundation f[%d] { %s }\n", 1+g.rng.IntN(len(g.suits)), strings.Join(fs, "; "))
	nt := 1 + g.rng.IntN(3)
	ts := []string{"build " + g.relation()}
	if g.chance(0.3) {
		ts = append(ts, "move runs")
	}
	if g.chance(0.25) {
		ts = append(ts, "fill from w")
	} else if g.chance(0.2) {
		ts = append(ts, "fill never")
	}
	tto := "f, t"
	if g.chance(0.3) {
		tto = "f"
	}
	ts = append(ts, "to "+tto)
	g.printf("  tableau t[%d] { %s }\n", nt, strings.Join(ts, "; "))
	role := g.pick("waste", "reserve", "reserve", "cell")
	var ws []string
	if role == "cell" {
		ws = append(ws, "holds 1")
	} else if g.chance(0.25) {
		ws = append(ws, fmt.Sprintf("holds %d", 1+g.rng.IntN(3)))
	}
	if role != "cell" && g.chance(0.35) {
		ws = append(ws, "build "+g.relation())
		if g.chance(0.5) {
			ws = append(ws, "move "+g.pick("runs", "any", "whole", "top or whole"))
		}
	}
	if g.chance(0.2) {
		ws = append(ws, "base "+g.pick(lo, hi))
	}
	ws = append(ws, "to "+g.pick("f, t", "f", "t"))
	g.printf("  %s w { %s }\n", role, strings.Join(ws, "; "))
	if g.chance(0.2) {
		g.printf("  cover w by t1\n")
	} else if g.chance(0.1) {
		g.printf("  cover t1 by w\n")
	}
	dealN := 1 + g.rng.IntN(3)
	if strings.Contains(strings.Join(ws, ";"), "holds 1") {
		dealN = 1
	}
	g.printf("  stock {\n    deal %d to w\n", dealN)
	switch g.rng.IntN(6) {
	case 1:
		g.printf("    redeal %d from w\n", 1+g.rng.IntN(2))
	case 2, 3:
		g.printf("    redeal unlimited from w\n")
	case 4:
		g.printf("    redeal %d from w shuffled\n", 1+g.rng.IntN(2))
	}
	g.printf("  }\n")
	g.openDeal()
	left := g.live
	if g.chance(0.3) && left > 2 {
		n := 1 + g.rng.IntN(2)
		g.printf("    %d to w%s\n", n, g.pick("", " face down", " face down but top"))
		left -= n
	}
	counts := make([]string, nt)
	for i := range counts {
		n := 0
		if left > 1 {
			n = g.rng.IntN(min(left, 3) + 1)
		}
		left -= n
		counts[i] = fmt.Sprint(n)
	}
	g.printf("    %s to t%s\n", strings.Join(counts, ", "), g.pick("", "", " face down but top"))
	if left > 0 {
		g.printf("    rest to stock\n")
	}
	g.printf("  }\n")
	g.win("f")
	return g.b.String()
}

// genWinPiles: wins whose piles are not only foundations: the stock, the
// waste, a reserve, a cell, a column, a discard with a build, a pile that
// gives cards back; or wins by a count, or a condition with and/or.
func genWinPiles(rng *rand.Rand) string {
	g := &gen{rng: rng}
	g.suits = [][]string{{"S"}, {"S", "H"}}[rng.IntN(2)]
	g.decks = 1
	g.liveRanks(2 + rng.IntN(3))
	if len(g.suits) == 2 {
		g.liveRanks(2 + rng.IntN(2))
	}
	g.printf("game \"P\" {\n  suits %s\n", strings.Join(g.suits, ", "))
	lo, hi := genRanks[g.lo], genRanks[g.hi]
	g.printf("  foundation f { %s }\n", g.pick("base "+lo+"; build up any-suit", "base "+hi+"; build down any-suit", "build "+g.relation()))
	nt := 1 + g.rng.IntN(3)
	ts := []string{}
	if g.chance(0.8) {
		ts = append(ts, "build "+g.relation())
	}
	if g.chance(0.3) {
		ts = append(ts, "fill never")
	}
	to := []string{"f"}
	if g.chance(0.7) {
		to = append(to, "t")
	}
	hasR := g.chance(0.4)
	if hasR && g.chance(0.4) {
		to = append(to, "r")
	}
	ts = append(ts, "to "+strings.Join(to, ", "))
	g.printf("  tableau t[%d] { %s }\n", nt, strings.Join(ts, "; "))
	if hasR {
		g.printf("  reserve r { %s }\n", g.pick("to f", "to f, t", "to t", "build any; to f"))
	}
	hasStock := g.chance(0.7)
	target := g.pick("waste", "each t", "t1")
	if hasStock {
		g.printf("  stock {\n    deal 1 to %s\n", target)
		if target == "waste" && g.chance(0.3) {
			g.printf("    redeal 1 from waste\n")
		}
		g.printf("  }\n")
		if target == "waste" {
			g.printf("  waste { to %s }\n", g.pick("f", "f, t", "t"))
		}
	}
	g.openDeal()
	left := g.live
	if hasR && left > 1 {
		g.printf("    1 to r\n")
		left--
	}
	counts := make([]string, nt)
	for i := range counts {
		n := 0
		if left > 0 && (hasStock || i < nt-1) {
			n = g.rng.IntN(min(left, 3) + 1)
		}
		left -= n
		counts[i] = fmt.Sprint(n)
	}
	g.printf("    %s to t\n", strings.Join(counts, ", "))
	if left > 0 {
		if hasStock {
			g.printf("    rest to stock\n")
		} else {
			g.printf("    rest to t%d\n", nt)
		}
	}
	g.printf("  }\n")
	win := []string{"f"}
	for _, x := range []string{"stock", "waste", "r", "t1", "t"} {
		if g.chance(0.25) && (x != "stock" || hasStock) && (x != "waste" || hasStock && target == "waste") && (x != "r" || hasR) {
			win = append(win, x)
		}
	}
	if g.junk() {
		win = append(win, "junk")
	}
	g.printf("  win when all cards in %s\n}\n", strings.Join(win, ", "))
	return g.b.String()
}

// genStockAside: the win names the stock (its cards count as won where
// they lie), yet the stock deals, and a card dealt may be wanted as a
// place to build on: columns that seldom fill a space, one or two
// foundations.
func genStockAside(rng *rand.Rand) string {
	g := &gen{rng: rng}
	g.suits = [][]string{{"S"}, {"S", "H"}}[rng.IntN(2)]
	g.decks = 1
	g.liveRanks(3 + rng.IntN(2))
	if len(g.suits) == 2 {
		g.liveRanks(2 + rng.IntN(2))
	}
	g.printf("game \"A\" {\n  suits %s\n", strings.Join(g.suits, ", "))
	lo, hi := genRanks[g.lo], genRanks[g.hi]
	nf := 1 + g.rng.IntN(2)
	for k := 1; k <= nf; k++ {
		g.printf("  foundation f[%d..%d] { %s }\n", k, k, g.pick("base "+lo+"; build up any-suit", "base "+hi+"; build down any-suit", "build "+g.relation(), "base "+hi+"; build down any-suit; holds "+fmt.Sprint(1+g.rng.IntN(3))))
	}
	nt := 2 + g.rng.IntN(2)
	ts := []string{"build " + g.relation()}
	if g.chance(0.7) {
		ts = append(ts, "fill never")
	}
	ts = append(ts, "to f, t")
	g.printf("  tableau t[%d] { %s }\n", nt, strings.Join(ts, "; "))
	g.printf("  stock { deal 1 to %s }\n", g.pick("each t", fmt.Sprintf("t%d", 1+g.rng.IntN(nt))))
	g.openDeal()
	left := g.live - 1
	counts := make([]string, nt)
	for i := range counts {
		n := g.rng.IntN(min(left, 3) + 1)
		left -= n
		counts[i] = fmt.Sprint(n)
	}
	g.printf("    %s to t\n    rest to stock\n  }\n", strings.Join(counts, ", "))
	win := "f, stock"
	if g.junk() {
		win += ", junk"
	}
	g.printf("  win when all cards in %s\n}\n", win)
	return g.b.String()
}

// TestSoundnessOnAimedFamilies compares every claim with the plain search
// on each family's games.
func TestSoundnessOnAimedFamilies(t *testing.T) {
	t.Parallel()
	for name, gen := range map[string]func(*rand.Rand) string{
		"found": genFound, "waste": genWaste, "winpiles": genWinPiles, "aside": genStockAside,
	} {
		t.Run(name, func(t *testing.T) {
			var n tally
			valid := 0
			for i := uint64(0); i < 400; i++ {
				if checkGenerated(t, gen(rand.New(rand.NewPCG(i, 0xe4))), 3, i, &n, budget{plain: 30_000, nodes: 100_000}) {
					valid++
				}
			}
			t.Logf("%s: %d valid games; %d positions compared (%d winnable, %d not); %d safe moves, %d lost, %d blocked checked", name, valid, n.positions, n.wins, n.losses, n.safe, n.lost, n.blocked)
			if valid < 100 || n.positions < 5*valid {
				t.Errorf("too few games or positions: %d games, %d positions", valid, n.positions)
			}
		})
	}
}

// indexPrefix is the index of the first of xs that starts with p, or -1.
func indexPrefix(xs []string, p string) int {
	for i, x := range xs {
		if strings.HasPrefix(x, p) {
			return i
		}
	}
	return -1
}

// genRound makes small games whose stock goes round (see stockCycle): it
// turns one to three cards at a time to a waste and is redealt from it
// without limit, with most of the cards in the stock, so that which cards
// the waste shows, and in which turns, decides the game; columns build
// on each other and give to the foundations, which build up or down.
func genRound(rng *rand.Rand) string {
	g := &gen{rng: rng}
	g.suits = [][]string{{"S"}, {"S", "H"}, {"C", "H"}}[rng.IntN(3)]
	g.decks = 1
	g.liveRanks(3 + rng.IntN(3))
	if len(g.suits) == 2 {
		g.liveRanks(2 + rng.IntN(3))
	}
	g.printf("game \"R\" {\n  suits %s\n", strings.Join(g.suits, ", "))
	lo, hi := genRanks[g.lo], genRanks[g.hi]
	g.printf("  foundation f[%d] { %s }\n", 1+g.rng.IntN(len(g.suits)), g.pick("base "+lo+"; build up any-suit", "base "+lo+"; build up same-suit", "base "+hi+"; build down any-suit"))
	nt := g.rng.IntN(3)
	if nt > 0 {
		ts := []string{"build " + g.relation()}
		if g.chance(0.4) {
			ts = append(ts, "move runs")
		}
		if g.chance(0.3) {
			ts = append(ts, "fill never")
		}
		ts = append(ts, "to "+g.pick("f, t", "f, t", "f"))
		g.printf("  tableau t[%d] { %s }\n", nt, strings.Join(ts, "; "))
	}
	to := "f"
	if nt > 0 && g.chance(0.6) {
		to = "f, t"
	}
	g.printf("  waste w { to %s }\n", to)
	g.printf("  stock {\n    deal %d to w\n    redeal unlimited from w\n  }\n", 1+g.rng.IntN(3))
	g.openDeal()
	left := g.live
	if nt > 0 {
		counts := make([]string, nt)
		for i := range counts {
			n := g.rng.IntN(min(left, 2) + 1)
			left -= n
			counts[i] = fmt.Sprint(n)
		}
		g.printf("    %s to t%s\n", strings.Join(counts, ", "), g.pick("", " face down but top"))
	}
	if left > 0 {
		g.printf("    rest to stock\n")
	}
	g.printf("  }\n")
	g.win("f")
	return g.b.String()
}
