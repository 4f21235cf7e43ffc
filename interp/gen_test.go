package interp

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// gen writes small random games in the language, for the differential
// soundness tests. Each game has one or two suits and a few live ranks; the
// cards outside them are taken out of play before the shuffle, onto a pile
// nothing enters or leaves, so that a plain exhaustive search can settle
// every deal. The families cover what the language can say: foundations of
// every build (by one rank or more, or any card on any), tableaux moving
// their top card, runs, whole piles, the top card or the whole pile, or any
// group (runs by their own relation, builds with exceptions), spaces never
// filled, cells, reserves, a stock dealing to a waste or
// to every column with redeals, game values (read by bases and exceptions, or ranks round the corner from them) and phases, foundations that
// start or take a base only while a condition holds, conditions and wins
// that single out one column of a group, discards of whole runs, a grid, pairs under covers, deals that face cards down, put some
// cards at the bottom of their columns or deal N to each in turn, and
// redeals that shuffle, into the stock or straight out to the columns;
// relations joined by `or` or of any rank, piles that accept one number of
// cards while empty and another otherwise, and the place rules: slots in
// rows that follow the card to their left with cards set aside at the deal
// and redeals except in place (Montana), and a row that closes up, moving
// whole piles by their top card to the piles N places to the left
// (Accordion), dealt with or without spaces; and a discard of cards
// outranked by another column's top (Aces Up).
type gen struct {
	rng    *rand.Rand
	b      strings.Builder
	ranks  []string
	suits  []string
	decks  int
	lo, hi int      // the live ranks
	live   int      // live cards
	names  []string // the piles and groups declared so far, where a family keeps them
}

var genRanks = []string{"", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}

func (g *gen) pick(xs ...string) string { return xs[g.rng.IntN(len(xs))] }
func (g *gen) chance(p float64) bool    { return g.rng.Float64() < p }
func (g *gen) printf(format string, args ...any) {
	fmt.Fprintf(&g.b, format, args...)
}

// liveRanks draws width live ranks in a row (g.lo to g.hi) and counts the
// live cards, for the suits and decks already chosen.
func (g *gen) liveRanks(width int) {
	g.lo = 1 + g.rng.IntN(14-width)
	g.hi = g.lo + width - 1
	g.live = width * len(g.suits) * max(g.decks, 1)
}

// split deals the live cards to n piles at random, all of them: the
// counts, as a deal writes them ("3, 0, 2").
func (g *gen) split(n int) string {
	counts, left := make([]string, n), g.live
	for k := range counts {
		c := left
		if k < n-1 {
			c = g.rng.IntN(left + 1)
		}
		counts[k], left = fmt.Sprint(c), left-c
	}
	return strings.Join(counts, ", ")
}

// relation is a random build relation: by one rank or more, of any rank
// in a suit relation, or any card on any card; now and then two joined by
// `or`.
func (g *gen) relation() string {
	if g.chance(0.08) {
		return "any"
	}
	rel := g.step()
	if g.chance(0.1) {
		rel += " or " + g.step()
	}
	return rel
}

// step is a random relation of a rank step (or any rank) and a suit.
func (g *gen) step() string {
	if g.chance(0.08) {
		return "any-rank " + g.pick("same-suit", "same-colour", "alternate-colour", "other-suit")
	}
	step := g.pick("up", "down", "either", "same-rank")
	if step != "same-rank" && g.chance(0.2) {
		step += fmt.Sprintf(" by %d", 2+g.rng.IntN(3))
	}
	rel := step + " " + g.pick("any-suit", "same-suit", "same-colour", "alternate-colour", "other-suit")
	if step != "same-rank" && g.chance(0.25) {
		rel += " wrap"
	}
	return rel
}

// genGame writes one random game.
func genGame(rng *rand.Rand) string {
	g := &gen{rng: rng}
	g.suits = [][]string{{"S"}, {"S", "H"}, {"C", "S"}, {"D", "S"}}[rng.IntN(4)]
	g.decks = 1
	if len(g.suits) == 1 && g.chance(0.3) {
		g.decks = 2
	}
	width := 2 + rng.IntN(3)
	if g.decks == 2 || len(g.suits) == 2 {
		width = 2 + rng.IntN(2)
	}
	g.lo = 1 + rng.IntN(14-width)
	g.hi = g.lo + width - 1
	g.live = width * len(g.suits) * g.decks
	g.printf("game \"G\" {\n  decks %d\n  suits %s\n", g.decks, strings.Join(g.suits, ", "))
	switch n := rng.IntN(14); {
	case n == 13:
		g.outrankGame()
	case n < 6:
		g.tableauGame()
	case n < 8:
		g.gridGame()
	case n < 10:
		g.pairsGame()
	case n < 11:
		g.slotsGame()
	default:
		g.rowGame()
	}
	return g.b.String()
}

// takeOut takes every card outside the live ranks to junk.
func (g *gen) takeOut() {
	for d := 0; d < g.decks; d++ {
		for _, su := range g.suits {
			for rk := 1; rk <= 13; rk++ {
				if rk < g.lo || rk > g.hi {
					g.printf("    take %s%s to junk\n", genRanks[rk], su)
				}
			}
		}
	}
}

func (g *gen) junk() bool { return g.lo > 1 || g.hi < 13 }

// openDeal declares the junk reserve, if any cards are put aside, and
// opens the deal block with the takes that put them there.
func (g *gen) openDeal() {
	if g.junk() {
		g.printf("  reserve junk\n")
	}
	g.printf("  deal {\n")
	g.takeOut()
}

func (g *gen) win(piles string) {
	if g.junk() {
		piles += ", junk"
	}
	g.printf("  win when all cards in %s\n}\n", piles)
}

// foundations declares f[n] with random rules and returns n.
func (g *gen) foundations(value, worry bool, cond string) int {
	nf := 1 + g.rng.IntN(len(g.suits)+1)
	var fs []string
	switch g.rng.IntN(4) {
	case 0: // a ladder per suit
		nf = len(g.suits)
		dir := g.pick("up", "down")
		start := genRanks[g.lo]
		if dir == "down" {
			start = genRanks[g.hi]
		}
		fs = append(fs, "base "+start, "build "+dir+" "+g.pick("same-suit", "any-suit"))
		if g.chance(0.5) {
			fs = append(fs, fmt.Sprintf("holds %d", (g.hi-g.lo+1)*g.decks))
		}
	case 1: // one heap taking a card above or below (Black Hole, Golf)
		nf = 1
		rel := "build " + g.pick("either", "either", "up", "down") + " " + g.pick("any-suit", "any-suit", "same-colour", "other-suit")
		if g.chance(0.3) {
			rel += " wrap"
		}
		fs = append(fs, rel)
	default:
		fs = append(fs, "build "+g.relation())
		if g.chance(0.5) {
			fs = append(fs, "base "+g.pick(genRanks[g.lo], genRanks[g.hi], "any", "red", "black"))
		}
		if g.chance(0.3) {
			fs = append(fs, fmt.Sprintf("holds %d", 1+g.rng.IntN(g.live)))
		}
		if nf > 1 && g.chance(0.3) {
			fs = append(fs, "start after previous")
		}
		if g.chance(0.1) {
			fs = append(fs, "accepts runs") // groups land whole (from `move any`: judged by the bottom card)
		}
	}
	if cond != "" {
		// A condition that may single out one pile of a group, as the
		// foundations' start or on their base.
		if i := slices.IndexFunc(fs, func(x string) bool { return strings.HasPrefix(x, "base ") }); i >= 0 && g.chance(0.5) {
			fs[i] += " when " + cond
		} else if !slices.Contains(fs, "start after previous") {
			fs = append(fs, "start when "+cond)
		}
	}
	if value {
		fs = append(fs, "base rank b")
	}
	if worry && g.chance(0.12) {
		fs = append(fs, "to t") // worrying back
	}
	g.printf("  foundation f[%d] { %s }\n", nf, strings.Join(fs, "; "))
	return nf
}

// valueRank is a pattern of b's rank or one a few ranks round the corner
// from it.
func (g *gen) valueRank() string {
	switch g.rng.IntN(4) {
	case 0:
		return "rank b"
	case 1:
		return "rank b - 1"
	case 2:
		return "rank b + 1"
	}
	return fmt.Sprintf("rank b %s %d", g.pick("+", "-"), 2+g.rng.IntN(11))
}

// tableauGame: foundations, a tableau, and some of cells, a reserve, a
// stock with a waste or dealing to each column, a game value, a phase and
// discards of whole runs.
func (g *gen) tableauGame() {
	value := g.chance(0.2)
	phase := g.chance(0.15)
	if value {
		g.printf("  let b = rank of f1\n")
	}
	// The win counts t1's cards as in place; then mostly without phases or
	// conditions, which would turn safe moves off.
	winT1 := g.chance(0.15)
	plain := winT1 && g.chance(0.7)
	phase = phase && !plain
	cond := "" // a condition on the foundations (see foundations)
	if g.chance(0.2) && !plain {
		cond = g.pick("t1 is empty", "t1 is not empty", "t1 holds 1", "not t1 holds 2", "t1 is empty or t2 is empty", "any t is empty")
	}
	if phase && g.chance(0.1) {
		cond = "after first"
	}
	nf := g.foundations(value, true, cond)
	if phase {
		until := fmt.Sprintf("f1 holds %d", 1+g.rng.IntN(2))
		if g.chance(0.2) {
			until = "all cards in foundations, t1" // t1 singled out again
		}
		g.printf("  phase first until %s\n", until)
	}
	nt := 1 + g.rng.IntN(4)
	var ts []string
	hasBuild := g.chance(0.7)
	if hasBuild {
		build := "build " + g.relation()
		if g.chance(0.15) {
			// Cards kept out of building there (Plot's base rank).
			build += " except " + g.pick(genRanks[g.lo], genRanks[g.hi], "red", genRanks[g.lo]+g.suits[0])
			if value && g.chance(0.4) {
				build = "build " + g.relation() + " except " + g.valueRank()
			}
		}
		ts = append(ts, build)
		switch g.rng.IntN(6) {
		case 1:
			ts = append(ts, "move runs")
			if g.chance(0.4) {
				ts = append(ts, "run "+g.step()) // runs that differ from the build (Spider)
			}
		case 2:
			ts = append(ts, "move whole")
		case 3:
			ts = append(ts, "move any")
		case 4:
			ts = append(ts, "move top or whole")
		}
	}
	if g.chance(0.12) {
		ts = append(ts, "fill never")
	} else if g.chance(0.15) {
		ts = append(ts, g.acceptsByState())
	}
	if g.chance(0.3) {
		base := "base " + g.pick(genRanks[g.hi], genRanks[g.lo], "red", "black")
		if value && g.chance(0.5) {
			base = "base " + g.valueRank() // Agnes Bernauer: one rank below the foundations' base
		}
		if phase && g.chance(0.5) {
			base += " during first"
		}
		ts = append(ts, base)
	}
	cells := 0
	if g.chance(0.3) {
		cells = 1 + g.rng.IntN(2)
	}
	discard := hasBuild && g.chance(0.15)
	hasReserve := g.chance(0.3)
	hasStock := g.chance(0.6)
	eachT := hasStock && g.chance(0.25)
	to := []string{"foundations"}
	if (hasBuild || g.chance(0.3)) && !(winT1 && g.chance(0.6)) { // without, t1 gets no card
		to = append(to, "t")
	}
	if cells > 0 {
		to = append(to, "c")
	}
	if discard {
		to = append(to, "d")
	}
	ts = append(ts, "to "+strings.Join(to, ", "))
	if hasReserve && g.chance(0.4) {
		ts = append(ts, "refill from r")
	} else if hasStock && !eachT && hasBuild && g.chance(0.2) {
		ts = append(ts, "fill from waste")
		ts[len(ts)-1] = "fill from waste, t"
	}
	if hasBuild && cells > 0 && g.chance(0.5) && strings.Contains(strings.Join(ts, ";"), "move runs") {
		for i, x := range ts {
			if x == "move runs" {
				ts[i] = "move runs using c, t"
			}
		}
	}
	g.printf("  tableau t[%d] { %s }\n", nt, strings.Join(ts, "; "))
	if g.chance(0.06) {
		g.printf("  cover t%d by f1\n", 1+g.rng.IntN(nt)) // a card on f1 freezes that column
	}
	if cells > 0 {
		g.printf("  cell c[%d] { holds 1; to foundations, t }\n", cells)
	}
	if discard {
		n := 2 + g.rng.IntN(2)
		g.printf("  discard d { build %s; holds %d }\n", g.relation(), n)
	}
	if hasReserve {
		g.printf("  reserve r { to foundations, t }\n")
	}
	if hasStock {
		g.printf("  stock {\n")
		if eachT {
			g.printf("    deal 1 to each t")
			if g.chance(0.3) {
				g.printf(" when no t is empty")
			}
			g.printf("\n")
		} else {
			target := "waste"
			if g.chance(0.2) {
				target = "f1" // the stock feeds a foundation (Golf)
			}
			g.printf("    deal %d to %s", 1+g.rng.IntN(3), target)
			if phase && g.chance(0.3) {
				g.printf(" after first")
			}
			g.printf("\n")
			switch g.rng.IntN(5) {
			case 1:
				g.printf("    redeal %d from waste\n", 1+g.rng.IntN(2))
			case 2:
				g.printf("    redeal unlimited from waste\n")
			case 3:
				g.printf("    redeal %d from waste shuffled\n", 1+g.rng.IntN(2))
			}
		}
		g.printf("  }\n")
		if !eachT {
			wto := "foundations"
			if hasBuild {
				wto += ", t"
			}
			g.printf("  waste { to %s }\n", wto)
		}
	}
	if !hasStock && g.chance(0.3) {
		// Gather the columns and deal them out again (La Belle Lucie).
		shuffled := ""
		if g.chance(0.7) {
			shuffled = " shuffled"
		}
		g.printf("  redeal %d from t%s to each t by %d\n", 1+g.rng.IntN(2), shuffled, (g.live+nt-1)/nt+g.rng.IntN(2))
	}
	g.openDeal()
	left := g.live
	if value {
		g.printf("    1 to f1\n")
		left--
	}
	if hasReserve && left > 2 {
		n := 1 + g.rng.IntN(2)
		g.printf("    %d to r\n", n)
		left -= n
	}
	counts := make([]string, nt)
	for i := range counts {
		n := 0
		if left > 1 && (hasStock || i < nt-1) {
			n = g.rng.IntN(min(left, 4))
		}
		left -= n
		counts[i] = fmt.Sprint(n)
	}
	face := ""
	switch g.rng.IntN(10) {
	case 0, 1, 2:
		face = " face down but top"
	case 3:
		face = " face down" // the top card is turned up when the deal is done
	}
	g.printf("    %s to t%s\n", strings.Join(counts, ", "), face)
	if g.chance(0.15) {
		g.printf("    move %s to bottom of each t\n", g.pick(genRanks[g.hi], genRanks[g.lo], "red", "black"))
	}
	if left > 0 {
		switch {
		case hasStock:
			g.printf("    rest to stock\n")
		case g.chance(0.3):
			g.printf("    rest to each t by %d\n", (left+nt-1)/nt+g.rng.IntN(2))
		default:
			g.printf("    rest to t%d\n", nt)
		}
	}
	g.printf("  }\n")
	_ = nf
	win := "foundations"
	if discard {
		win += ", d"
	}
	if winT1 && nt > 1 {
		win += ", t1" // the win singles out one column
	}
	g.win(win)
}

// gridGame: foundations fed from a grid of columns dealt row by row from
// the stock, with or without a redeal (Babette).
func (g *gen) gridGame() {
	g.foundations(false, false, "")
	nc := min(2+g.rng.IntN(3), g.live-1)
	both := ""
	if g.chance(0.4) {
		both = " both-ends"
	}
	g.printf("  tableau t[%d] { grid%s; to foundations }\n", nc, both)
	g.printf("  stock {\n    deal 1 to each t\n")
	if g.chance(0.5) {
		g.printf("    redeal %d from t\n", 1+g.rng.IntN(2))
	}
	g.printf("  }\n")
	g.openDeal()
	g.printf("    1 to each t\n    rest to stock\n  }\n")
	g.win("foundations")
}

// outrankGame: columns and a discard that takes a card while a higher one
// shows on another column (Aces Up): by any suit word, aces high or not,
// read from every column or only some, dealt one to each column from a
// stock or all at once, the columns filling spaces or building on one
// another, a waste or a foundation beside, and a win of a number of cards
// discarded or all in the foundation and the discard.
func (g *gen) outrankGame() {
	nt := min(2+g.rng.IntN(3), g.live)
	var ts []string
	if g.chance(0.3) {
		ts = append(ts, "build "+g.relation())
	}
	to := []string{"d"}
	if g.chance(0.7) {
		to = append(to, "t")
	}
	found := g.chance(0.25)
	if found {
		to = append(to, "f")
		// From the top down too: the cards that outrank go first.
		base, dir := genRanks[g.lo], "up"
		if g.chance(0.5) {
			base, dir = genRanks[g.hi], "down"
		}
		g.printf("  foundation f { base %s; build %s %s }\n", base, dir, g.pick("any-suit", "same-suit"))
	}
	ts = append(ts, "to "+strings.Join(to, ", "))
	g.printf("  tableau t[%d] { %s }\n", nt, strings.Join(ts, "; "))
	by := "t"
	if nt > 2 && g.chance(0.25) {
		by = "t1, t2" // only some columns outrank
	}
	hasStock := g.live > nt && g.chance(0.8)
	toWaste := hasStock && g.chance(0.2)
	if toWaste && g.chance(0.5) {
		by += ", waste" // the waste's top outranks too: its deals no longer commute
	}
	ds := []string{"outranked " + g.pick("same-suit", "same-suit", "any-suit", "same-colour", "alternate-colour", "other-suit") + " by " + by}
	if g.chance(0.4) {
		ds = append(ds, "aces-high")
	}
	if g.chance(0.15) {
		ds = append(ds, fmt.Sprintf("holds %d", 1+g.rng.IntN(g.live)))
	}
	if g.chance(0.15) {
		ds = append(ds, "to t") // and back again
	}
	g.printf("  discard d { %s }\n", strings.Join(ds, "; "))
	if hasStock {
		if !toWaste {
			g.printf("  stock { deal 1 to each t }\n")
		} else {
			g.printf("  stock { deal 1 to waste }\n  waste { to %s }\n", strings.Join(to, ", "))
		}
	}
	g.openDeal()
	if hasStock {
		g.printf("    1 to each t\n    rest to stock\n")
	} else {
		g.printf("    %s to t\n", g.split(nt))
	}
	g.printf("  }\n")
	if found && g.chance(0.5) {
		g.win("f, d")
		return
	}
	g.printf("  win when d holds %d cards\n}\n", 1+g.rng.IntN(g.live))
}

// pairsGame: single-card reserves under covers, paired away to a discard
// by a sum or by rank, with a stock and waste (Pyramid, Nestor).
func (g *gen) pairsGame() {
	np := 2 + g.rng.IntN(4)
	if np > g.live {
		np = g.live
	}
	g.printf("  reserve p[%d] { holds 1; to d }\n", np)
	sum := g.lo + g.hi
	if g.chance(0.3) {
		sum = 2*g.lo + 1
	}
	if g.chance(0.25) {
		g.printf("  discard d { pairs same-rank }\n")
	} else {
		g.printf("  discard d { pairs sum %d }\n", sum)
	}
	for i := 1; i < np; i++ {
		if g.chance(0.5) {
			var by []string
			for j := i + 1; j <= np; j++ {
				if g.chance(0.5) {
					by = append(by, fmt.Sprintf("p%d", j))
				}
			}
			if len(by) > 0 {
				g.printf("  cover p%d by %s\n", i, strings.Join(by, ", "))
			}
		}
	}
	hasStock := np < g.live
	if hasStock {
		g.printf("  stock {\n    deal 1 to waste\n")
		if g.chance(0.5) {
			g.printf("    redeal %d from waste\n", 1+g.rng.IntN(2))
		}
		g.printf("  }\n  waste { to d }\n")
	}
	g.openDeal()
	g.printf("    1 to each p\n")
	if hasStock {
		g.printf("    rest to stock\n")
	}
	g.printf("  }\n")
	if g.chance(0.5) {
		g.printf("  win when every p is empty\n}\n")
	} else {
		g.win("d")
	}
}

// acceptsByState is a random `accepts A when empty, B otherwise`.
func (g *gen) acceptsByState() string {
	for {
		a, b := g.pick("one", "runs", "2"), g.pick("one", "runs", "none", "2")
		if a != b {
			return "accepts " + a + " when empty, " + b + " otherwise"
		}
	}
}

// slotsGame: slots of one card in rows, dealt every live card, one rank
// then set aside; a space takes by its base at the start of a row and the
// card that follows the one on its left elsewhere; redeals except in place;
// won when every slot is in place, or when the set-aside pile and a
// foundation hold every card (Montana).
func (g *gen) slotsGame() {
	width := g.hi - g.lo + 1
	if width < 3 {
		// Montana needs a rank to set aside, a base and one to follow.
		g.hi = min(g.lo+2, 13)
		g.lo = g.hi - 2
		width = 3
		g.live = width * len(g.suits) * g.decks
	}
	slots := g.live // one card each; the rank set aside leaves the gaps
	rowLen := width - 1 + g.rng.IntN(2)
	if g.chance(0.3) {
		rowLen = 2 + g.rng.IntN(slots-1)
	}
	rel := g.pick("up same-suit", "up same-suit", "up any-suit", "either same-colour", "down other-suit", g.step())
	if g.chance(0.5) {
		g.slotsFilled(slots, rowLen, rel)
		return
	}
	found := g.chance(0.3)
	if found {
		g.printf("  foundation f { base %s; build %s; holds %d }\n", genRanks[g.hi], g.pick("down same-suit", "down any-suit", "any"), g.live)
	}
	to := "m"
	if found {
		to += ", f"
	}
	g.printf("  tableau m[%d] { in rows of %d; holds 1; base %s; follow left %s; to %s }\n", slots, rowLen, g.pick(genRanks[g.lo+1], genRanks[g.lo+1], "any", "red"), rel, to)
	g.printf("  discard out\n")
	if g.chance(0.7) {
		shuffled := ""
		if g.chance(0.7) {
			shuffled = " shuffled"
		}
		g.printf("  redeal %d from m%s except in place\n", 1+g.rng.IntN(2), shuffled)
	}
	g.openDeal()
	g.printf("    1 to each m\n    move %s to out\n  }\n", genRanks[g.lo])
	switch {
	case found:
		g.win("f, out")
	case g.chance(0.8):
		g.printf("  win when every m is in place\n}\n")
	default:
		g.printf("  win when every m is in place and any m is empty\n}\n")
	}
}

// slotsFilled: slots of one card in rows that start empty and are filled
// from reserves or columns; a space takes by its base at the start of a row
// and the card that follows the one on its left elsewhere; won when every
// card is in the slots, so that a pile of the win takes by following left.
func (g *gen) slotsFilled(slots, rowLen int, rel string) {
	accepts, to := "", ""
	if g.chance(0.7) {
		accepts = "accepts one; "
	}
	if g.chance(0.4) {
		to = "; to m"
	}
	g.printf("  tableau m[%d] { in rows of %d; holds 1; %sbase %s; follow left %s%s }\n", slots, rowLen, accepts, g.pick(genRanks[g.lo], genRanks[g.lo], "any", "red"), rel, to)
	nr := 1 + g.rng.IntN(min(4, g.live))
	if g.chance(0.5) {
		g.printf("  reserve r[%d] { to m }\n", nr)
	} else {
		g.printf("  tableau r[%d] { build %s; move %s; to m, r }\n", nr, g.relation(), g.pick("top", "runs", "any"))
	}
	g.openDeal()
	for i := range nr {
		n := g.live / nr
		if i < g.live%nr {
			n++
		}
		g.printf("    %d to r%d\n", n, i+1)
	}
	g.printf("  }\n")
	g.win("m")
}

// rowGame: a row of piles, one card each, that closes up; piles move to
// the piles N places to their left, whole by their top card, whole, or
// their top card, onto a build that may join relations by `or`; won when
// one pile holds every card, or all are on a foundation (Accordion).
func (g *gen) rowGame() {
	n := min(g.live, 7)
	found := g.chance(0.25)
	if found {
		g.foundations(false, false, "")
	}
	rel := g.pick("same-rank any-suit or any-rank same-suit", "same-rank any-suit or any-rank same-suit", g.relation())
	var ts []string
	ts = append(ts, "build "+rel, g.pick("move whole by top", "move whole by top", "move whole", "move top", "move runs"))
	if g.chance(0.85) {
		ts = append(ts, "close up")
	}
	if g.chance(0.2) {
		ts = append(ts, g.acceptsByState())
	}
	var dests []string
	far := 1 + g.rng.IntN(3)
	switch g.rng.IntN(4) {
	case 0:
		dests, far = []string{"left"}, 1
	case 1:
		far++
		dests = []string{"left 1", fmt.Sprintf("left %d", far)}
	case 2:
		dests = []string{fmt.Sprintf("left %d", far), "a"}
	default:
		dests, far = []string{"left 1", "left 3"}, 3
	}
	if far >= n {
		dests, far = []string{"left"}, 1
	}
	if found {
		dests = append(dests, "foundations")
		if g.chance(0.3) {
			dests = []string{"foundations"} // cards reach the first piles only by closing up
		}
	}
	ts = append(ts, "to "+strings.Join(dests, ", "))
	if g.chance(0.3) && far < n-1 {
		ts = append(ts, fmt.Sprintf("in rows of %d", far+1+g.rng.IntN(n-1-far)))
	}
	g.printf("  tableau a[%d] { %s }\n", n, strings.Join(ts, "; "))
	g.openDeal()
	g.dealRow(n)
	if found {
		g.win("foundations")
	} else {
		g.printf("  win when a1 holds %d cards\n}\n", g.live)
	}
}

// dealRow ends a deal of the live cards to the row a of n piles: one to
// each and the rest to the last, or now and then up to two to each but the
// last, with spaces left by the deal before piles with cards (a row that
// closes up closes over them when the deal is done).
func (g *gen) dealRow(n int) {
	switch {
	case g.chance(0.3):
		counts, left := make([]string, n), g.live
		for i := range counts {
			c := left
			if i < n-1 {
				c = g.rng.IntN(min(left, 2) + 1)
			}
			counts[i], left = fmt.Sprint(c), left-c
		}
		g.printf("    %s to a\n  }\n", strings.Join(counts, ", "))
	case n < g.live:
		g.printf("    1 to each a\n    rest to a%d\n  }\n", n)
	default:
		g.printf("    1 to each a\n  }\n")
	}
}
