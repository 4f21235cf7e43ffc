package interp

// Five more families of generated games, from an adversarial review that
// looked where the first generator and gen_mix_test.go reach little: the
// place rules (rows, follow left, close up, whole by top, redeals except in
// place, accepts when empty), outranked piles, phases and clauses, game
// values, pairs and refills, mixed. It found nothing; they stay to keep it
// so, since the move cache reads most of what these rules read.

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl"
	"github.com/patience-dev/patience/dsl/check"
)

var placeGames = flag.Int("place.games", 60, "games of each family TestSoundnessOnPlaceGames generates")

// advHeader chooses one or two suits (two decks of one, now and then) and
// a few live ranks, at most maxWidth of them but for two suits, and opens
// the game.
func (g *gen) advHeader(maxWidth int) {
	g.suits = [][]string{{"S"}, {"S", "H"}, {"C", "S"}, {"D", "H"}}[g.rng.IntN(4)]
	g.decks = 1
	width := 2 + g.rng.IntN(maxWidth-1)
	if len(g.suits) == 2 {
		width = 2 + g.rng.IntN(2)
	}
	if len(g.suits) == 1 && g.chance(0.3) {
		g.decks = 2
		width = 2 + g.rng.IntN(2)
	}
	g.liveRanks(width)
	g.printf("game \"A\" {\n  decks %d\n  suits %s\n", g.decks, strings.Join(g.suits, ", "))
}

var condWords = map[string]bool{"any": true, "every": true, "no": true, "is": true, "are": true, "not": true, "empty": true, "started": true,
	"full": true, "in": true, "place": true, "holds": true, "all": true, "cards": true, "card": true, "and": true, "or": true}

// only keeps the conditions whose piles are all declared.
func only(conds []string, names ...string) []string {
	var out []string
	for _, c := range conds {
		ok := true
		for _, w := range strings.FieldsFunc(c, func(r rune) bool { return r == ' ' || r == ',' }) {
			if condWords[w] || w[0] >= '0' && w[0] <= '9' || slices.Contains(names, w) {
				continue
			}
			ok = false
		}
		if ok {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		out = append(out, "stock is empty")
	}
	return out
}

// phaseDecl declares, now and then, a phase early (with a label or not)
// that lasts until one of conds (those whose piles the game declares),
// and maybe a phase late after it. It reports whether it did.
func (g *gen) phaseDecl(conds ...string) bool {
	conds = only(conds, g.names...)
	if !g.chance(0.4) {
		return false
	}
	label := ""
	if g.chance(0.5) {
		label = ` "wait for it"`
	}
	g.printf("  phase early%s until %s\n", label, g.pick(conds...))
	if g.chance(0.5) {
		g.printf("  phase late\n")
	}
	return true
}

// clause is now and then a clause for a rule: during or after the phase
// early (when the game has it), or when one of conds.
func (g *gen) clause(phase bool, conds ...string) string {
	conds = only(conds, g.names...)
	switch {
	case phase && g.chance(0.3):
		return g.pick(" during early", " after early")
	case g.chance(0.2):
		return " when " + g.pick(conds...)
	}
	return ""
}

// genSlotsX: Montana-like slots with foundations, outranked discards,
// phases, clauses, values and redeals in place.
func genSlotsX(rng *rand.Rand) string {
	g := &gen{rng: rng}
	g.advHeader(3)
	if g.hi-g.lo < 2 {
		g.hi = min(g.lo+2, 13)
		g.lo = g.hi - 2
		g.live = 3 * len(g.suits)
	}
	lo2 := genRanks[g.lo+1]
	slots := g.live
	rowLen := 2 + g.rng.IntN(max(1, slots-2))
	found := g.chance(0.5)
	outr := g.chance(0.3)
	g.names = []string{"m", "m1", "m2", "out"}
	if found {
		g.names = append(g.names, "f")
	}
	if outr {
		g.names = append(g.names, "d")
	}
	phase := g.phaseDecl("any m is empty", "m1 is in place", "out holds 1", "f is started", "m2 is not empty", "every m is in place", "d is started")
	rel := g.pick("up same-suit", "up any-suit", "down other-suit", "either same-colour", "up by 2 any-suit wrap", "same-rank any-suit or any-rank same-suit")
	to := []string{"m"}
	if found {
		to = append(to, "f")
		fb := "build " + g.pick("down same-suit", "down any-suit", "any", "up any-suit")
		fb += g.clause(phase, "m1 is empty", "any m is empty", "m1 is in place")
		g.printf("  foundation f { base %s%s; %s }\n", g.pick(genRanks[g.hi], genRanks[g.lo+1], "any"), g.clause(phase, "m1 is in place", "no m is empty"), fb)
	}
	if outr {
		to = append(to, "d")
		g.printf("  discard d { outranked %s by m; %s}\n", g.pick("same-suit", "any-suit", "other-suit"), g.pick("", "aces-high; "))
	}
	ms := []string{fmt.Sprintf("in rows of %d", rowLen), "holds 1"}
	ms = append(ms, "base "+g.pick(lo2, "any", "red", lo2)+g.clause(phase, "m1 is empty", "f is started", "any m is empty"))
	if g.chance(0.2) {
		ms = append(ms, "base "+g.pick("any", genRanks[g.hi], lo2))
	}
	ms = append(ms, "follow left "+rel)
	if g.chance(0.25) {
		ms = append(ms, "close up")
	}
	if g.chance(0.15) {
		ms = append(ms, "start when "+g.pick("any m is empty", "m1 is in place", "not m1 is empty"))
	}
	if g.chance(0.15) {
		ms = append(ms, "accepts one when empty, none otherwise")
	}
	ms = append(ms, "to "+strings.Join(to, ", "))
	g.printf("  tableau m[%d] { %s }\n", slots, strings.Join(ms, "; "))
	g.printf("  discard out\n")
	if g.chance(0.15) {
		g.printf("  cover m1 by m%d\n", 2+g.rng.IntN(slots-1))
	}
	if g.chance(0.7) {
		switch g.rng.IntN(3) {
		case 0:
			g.printf("  redeal %d from m shuffled except in place\n", 1+g.rng.IntN(2))
		case 1:
			g.printf("  redeal %d from m except in place\n", 1+g.rng.IntN(2))
		default:
			g.printf("  redeal unlimited from m except in place\n")
		}
	}
	g.openDeal()
	g.printf("    1 to each m\n    move %s to out\n  }\n", g.pick(genRanks[g.lo], genRanks[g.hi]))
	switch {
	case found && g.chance(0.5):
		w := "f, out"
		if outr {
			w += ", d"
		}
		g.win(w)
	case outr && g.chance(0.5):
		g.printf("  win when d holds %d cards\n}\n", 1+g.rng.IntN(3))
	case g.chance(0.8):
		g.printf("  win when every m is in place\n}\n")
	default:
		g.printf("  win when every m is in place and any m is empty\n}\n")
	}
	return g.b.String()
}

// genRowX: Accordion-like rows that close up, with stock deals into the
// row, outranked or pair discards reading the row, foundations with
// phases and clauses.
func genRowX(rng *rand.Rand) string {
	g := &gen{rng: rng}
	g.advHeader(4)
	n := min(g.live, 2+g.rng.IntN(5))
	found := g.chance(0.35)
	disc := g.rng.IntN(3) // 0 none, 1 outranked, 2 pairs
	hasStock := n < g.live && g.chance(0.6)
	g.names = []string{"a", "a1", "a2"}
	if n >= 3 {
		g.names = append(g.names, "a3")
	}
	if found {
		g.names = append(g.names, "f")
	}
	if disc > 0 {
		g.names = append(g.names, "d")
	}
	if hasStock {
		g.names = append(g.names, "stock")
	}
	phase := g.phaseDecl("a1 holds 2", "any a is empty", "d is started", "f is started", "stock is empty", "a2 is empty")
	rel := g.pick("same-rank any-suit or any-rank same-suit", g.relation(), "any", "either any-suit")
	as := []string{"build " + rel + g.clause(phase, "a1 holds 1", "not a3 is empty", "any a is empty", "d is empty")}
	as = append(as, g.pick("move whole by top", "move whole by top", "move whole", "move top", "move runs", "move top or whole", "move any"))
	as = append(as, "close up")
	if g.chance(0.2) {
		as = append(as, g.acceptsByState())
	}
	if g.chance(0.2) {
		as = append(as, "base "+g.pick(genRanks[g.lo], genRanks[g.hi], "red")+g.clause(phase, "a1 is empty", "d is empty"))
	}
	if g.chance(0.15) {
		as = append(as, fmt.Sprintf("holds %d", 2+g.rng.IntN(3)))
	}
	var dests []string
	far := 1 + g.rng.IntN(3)
	if far >= n {
		far = 1
	}
	dests = append(dests, "left 1")
	if far > 1 {
		dests = append(dests, fmt.Sprintf("left %d", far))
	}
	if g.chance(0.25) {
		dests = append(dests, "a")
	}
	if found {
		dests = append(dests, "f")
	}
	if disc > 0 {
		dests = append(dests, "d")
	}
	as = append(as, "to "+strings.Join(dests, ", "))
	if g.chance(0.3) && n > 2 {
		as = append(as, fmt.Sprintf("in rows of %d", max(far+1, 2+g.rng.IntN(n-1))))
	}
	g.printf("  tableau a[%d] { %s }\n", n, strings.Join(as, "; "))
	if found {
		fs := "base " + g.pick(genRanks[g.lo], genRanks[g.hi], "any") + g.clause(phase, "a1 is empty", "any a is empty")
		g.printf("  foundation f { %s; build %s%s }\n", fs, g.pick("up any-suit", "down any-suit", "up same-suit", "either any-suit wrap"), g.clause(phase, "a2 is empty", "stock is empty"))
	}
	switch disc {
	case 1:
		by := "a"
		if n > 2 && g.chance(0.3) {
			by = "a1, a2"
		}
		g.printf("  discard d { outranked %s by %s%s }\n", g.pick("same-suit", "any-suit", "alternate-colour"), by, g.pick("", "; aces-high"))
	case 2:
		if g.chance(0.4) {
			g.printf("  discard d { pairs same-rank }\n")
		} else {
			g.printf("  discard d { pairs sum %d }\n", g.pick2(g.lo+g.hi, 2*g.lo+1, g.hi))
		}
	}
	if hasStock {
		tgt := g.pick(fmt.Sprintf("a%d", n), "each a", "a1")
		g.printf("  stock { deal 1 to %s%s }\n", tgt, g.clause(phase, "any a is empty", "a1 holds 1"))
	}
	g.openDeal()
	if hasStock {
		g.printf("    1 to each a\n    rest to stock\n  }\n")
	} else {
		g.dealRow(n)
	}
	switch {
	case found && disc > 0:
		g.win("f, d")
	case found:
		g.win("f")
	case disc > 0 && g.chance(0.5):
		g.win("d")
	case disc > 0:
		g.printf("  win when d holds %d cards\n}\n", 1+g.rng.IntN(g.live))
	default:
		g.printf("  win when a1 holds %d cards\n}\n", g.live)
	}
	return g.b.String()
}

// pick2 is one of xs at random.
func (g *gen) pick2(xs ...int) int { return xs[g.rng.IntN(len(xs))] }

// genRefillX: columns that refill from a stock, a reserve or a waste, with
// outranked or pair discards, foundations, grids refilled, phases.
func genRefillX(rng *rand.Rand) string {
	g := &gen{rng: rng}
	g.advHeader(4)
	grid := g.chance(0.2)
	disc := g.rng.IntN(3)
	if grid && disc == 1 {
		disc = 2
	}
	found := disc == 0 || g.chance(0.3)
	hasR := g.chance(0.4)
	hasW := !grid && g.chance(0.3)
	rk := 0
	if hasR {
		rk = 1 + g.rng.IntN(2)
	}
	nt := max(1, min(2+g.rng.IntN(3), g.live-1-rk))
	g.names = []string{"t", "t1", "stock"}
	if found {
		g.names = append(g.names, "f")
	}
	if disc > 0 {
		g.names = append(g.names, "d")
	}
	if hasR {
		g.names = append(g.names, "r")
	}
	if hasW {
		g.names = append(g.names, "waste")
	}
	phase := g.phaseDecl("stock is empty", "d holds 2", "t1 is empty", "f is started", "r is empty", "waste is empty")
	var ts []string
	if !grid && g.chance(0.5) {
		ts = append(ts, "build "+g.relation()+g.clause(phase, "stock is empty", "r is empty"))
		if g.chance(0.3) {
			ts = append(ts, g.pick("move runs", "move any", "move whole"))
		}
	}
	if grid {
		ts = append(ts, g.pick("grid", "grid both-ends"))
	}
	to := []string{}
	if found {
		to = append(to, "f")
	}
	if disc > 0 {
		to = append(to, "d")
	}
	if !grid && g.chance(0.5) {
		to = append(to, "t")
	}
	ts = append(ts, "to "+strings.Join(to, ", "))
	var src []string
	if hasR {
		src = append(src, "r")
	}
	if hasW {
		src = append(src, "waste")
	}
	src = append(src, "stock")
	if g.chance(0.5) && len(src) > 1 {
		src = src[g.rng.IntN(len(src)):]
	}
	if g.chance(0.8) {
		ts = append(ts, "refill from "+strings.Join(src, ", "))
	}
	if !grid && g.chance(0.2) {
		ts = append(ts, "base "+g.pick(genRanks[g.lo], genRanks[g.hi], "black")+g.clause(phase, "stock is empty"))
	}
	g.printf("  tableau t[%d] { %s }\n", nt, strings.Join(ts, "; "))
	if found {
		g.printf("  foundation f[%d] { base %s%s; build %s%s }\n", len(g.suits), g.pick(genRanks[g.lo], genRanks[g.hi], "any"), g.clause(phase, "t1 is empty"),
			g.pick("up same-suit", "down same-suit", "up any-suit", "either any-suit wrap"), g.clause(phase, "stock is empty", "r is empty"))
	}
	switch disc {
	case 1:
		by := "t"
		if hasW && g.chance(0.3) {
			by += ", waste"
		}
		if hasR && g.chance(0.3) {
			by += ", r"
		}
		g.printf("  discard d { outranked %s by %s%s }\n", g.pick("same-suit", "any-suit", "other-suit", "same-colour"), by, g.pick("", "; aces-high"))
	case 2:
		if g.chance(0.4) {
			g.printf("  discard d { pairs same-rank }\n")
		} else {
			g.printf("  discard d { pairs sum %d }\n", g.pick2(g.lo+g.hi, 2*g.lo+1, g.hi+1))
		}
	}
	if hasR {
		g.printf("  reserve r { to %s }\n", strings.Join(to, ", "))
	}
	if g.chance(0.15) && nt > 1 && !grid {
		g.printf("  cover t1 by t2\n")
	}
	g.printf("  stock {\n")
	switch {
	case hasW:
		g.printf("    deal 1 to waste%s\n", g.clause(phase, "t1 is empty", "any t is empty"))
		if g.chance(0.4) {
			g.printf("    redeal %d from waste\n", 1+g.rng.IntN(2))
		}
	case grid || g.chance(0.5):
		g.printf("    deal 1 to each t%s\n", g.clause(phase, "no t is empty", "any t is empty"))
		if grid && g.chance(0.3) {
			g.printf("    redeal 1 from t\n")
		}
	}
	g.printf("  }\n")
	if hasW {
		wto := to
		if g.chance(0.5) {
			wto = append(slices.Clone(wto), "t")
		}
		g.printf("  waste { to %s }\n", strings.Join(wto, ", "))
	}
	g.openDeal()
	left := g.live
	if hasR {
		g.printf("    %d to r\n", rk)
		left -= rk
	}
	g.printf("    1 to each t\n")
	left -= nt
	if left > 0 {
		g.printf("    rest to stock\n")
	}
	g.printf("  }\n")
	switch {
	case disc == 1 && g.chance(0.5):
		g.printf("  win when d holds %d cards\n}\n", 1+g.rng.IntN(g.live-1))
	case disc == 2 && g.chance(0.5):
		g.printf("  win when every t is empty\n}\n")
	default:
		w := []string{}
		if found {
			w = append(w, "f")
		}
		if disc > 0 {
			w = append(w, "d")
		}
		g.win(strings.Join(w, ", "))
	}
	return g.b.String()
}

// genPhaseX: tableau games with phases, clauses on build, base, start and
// deals, values, and cells.
func genPhaseX(rng *rand.Rand) string {
	g := &gen{rng: rng}
	g.advHeader(4)
	value := g.chance(0.5)
	if value {
		g.printf("  let b = rank of f1\n")
	}
	nph := 1 + g.rng.IntN(2)
	hasC := g.chance(0.4)
	g.names = []string{"f", "f1", "t", "t1", "stock", "waste"}
	if hasC {
		g.names = append(g.names, "c")
	}
	conds := only([]string{"f1 holds 2", "f1 is full", "t1 is empty", "stock is empty", "waste is empty", "any t is empty", "all cards in f, t1", "c is started"}, g.names...)
	for i := 0; i < nph; i++ {
		label := ""
		if g.chance(0.5) {
			label = fmt.Sprintf(" \"label %d\"", i)
		}
		g.printf("  phase p%d%s until %s\n", i, label, g.pick(conds...))
	}
	if g.chance(0.5) {
		g.printf("  phase plast\n")
	}
	ph := func() string {
		return fmt.Sprintf(" %s p%d", g.pick("during", "after"), g.rng.IntN(nph))
	}
	fs := []string{}
	if value {
		fs = append(fs, "base rank b")
	} else {
		fs = append(fs, "base "+g.pick(genRanks[g.lo], genRanks[g.hi]))
	}
	if g.chance(0.3) {
		fs[0] += ph()
	}
	fs = append(fs, "build "+g.pick("up any-suit wrap", "up same-suit", "down any-suit wrap", "either any-suit")+g.pick("", ph()))
	if g.chance(0.3) {
		fs = append(fs, g.pick("start after previous", "start after p0", "start when t1 is empty"))
	}
	fs = append(fs, fmt.Sprintf("holds %d", g.hi-g.lo+1))
	nf := len(g.suits)
	if value {
		nf = max(nf, 2)
	}
	g.printf("  foundation f[%d] { %s }\n", nf, strings.Join(fs, "; "))
	nt := 1 + g.rng.IntN(3)
	ts := []string{"build " + g.relation() + g.pick("", "", ph())}
	if value && g.chance(0.5) {
		ts[0] += "" // keep
		ts = append(ts, "base "+g.valueRank()+g.pick("", ph()))
	} else if g.chance(0.3) {
		ts = append(ts, "base "+g.pick(genRanks[g.lo], genRanks[g.hi], "red")+g.pick("", ph()))
	}
	if g.chance(0.3) {
		ts = append(ts, g.pick("move runs", "move any", "move top or whole"))
	}
	if g.chance(0.2) {
		ts = append(ts, g.pick("start after p0", "start when f1 is started"))
	}
	to := "f, t"
	if hasC {
		to += ", c"
	}
	ts = append(ts, "to "+to)
	g.printf("  tableau t[%d] { %s }\n", nt, strings.Join(ts, "; "))
	if hasC {
		g.printf("  cell c { holds 1; to f, t%s }\n", g.pick("", "; start after p0"))
	}
	g.printf("  stock {\n    deal 1 to waste%s\n", g.pick("", "", ph()))
	if g.chance(0.3) {
		g.printf("    deal 1 to each t%s\n", g.pick("", ph()))
	}
	if g.chance(0.4) {
		g.printf("    redeal %s from waste\n", g.pick("1", "unlimited"))
	}
	g.printf("  }\n  waste { to f, t }\n")
	g.openDeal()
	left := g.live
	if value {
		g.printf("    1 to f1\n")
		left--
	}
	counts := make([]string, nt)
	for i := range counts {
		k := 0
		if left > 1 {
			k = g.rng.IntN(min(left, 3))
		}
		left -= k
		counts[i] = fmt.Sprint(k)
	}
	g.printf("    %s to t%s\n", strings.Join(counts, ", "), g.pick("", " face down but top"))
	if left > 0 {
		g.printf("    rest to stock\n")
	}
	g.printf("  }\n")
	g.win("f")
	return g.b.String()
}

// genMixX: a row or slots beside reserves that refill from the row,
// outranked piles of other roles that give back, two outranked piles,
// values read by bases and follows, deals to single slots.
func genMixX(rng *rand.Rand) string {
	g := &gen{rng: rng}
	g.advHeader(3)
	if g.live < 4 {
		g.hi = min(g.hi+2, 13)
		g.lo = g.hi - 3
		g.live = 4 * len(g.suits) * g.decks
	}
	n := min(g.live-1, 2+g.rng.IntN(4))
	kind := g.rng.IntN(3) // 0 closing row, 1 slots that follow left, 2 plain columns
	value := g.chance(0.3)
	outRole := g.pick("cell", "tableau", "reserve", "foundation", "discard")
	twoOut := g.chance(0.3)
	hasStock := g.chance(0.5)
	refillR := g.chance(0.5)
	g.names = []string{"a", "a1", "a2", "o", "r"}
	if twoOut {
		g.names = append(g.names, "q")
	}
	if hasStock {
		g.names = append(g.names, "stock")
	}
	phase := g.phaseDecl("a1 is empty", "o is started", "r is empty", "any a is empty", "stock is empty")
	if value {
		g.printf("  let b = rank of r\n")
	}
	as := []string{}
	switch kind {
	case 0:
		as = append(as, "build "+g.pick("same-rank any-suit or any-rank same-suit", g.relation()), g.pick("move whole by top", "move top", "move whole"), "close up", "to left 1, o")
	case 1:
		as = append(as, "holds 1", fmt.Sprintf("in rows of %d", 2+g.rng.IntN(n-1)), "follow left "+g.pick("up same-suit", "up any-suit", "down any-suit wrap"), "to o, a")
		if value {
			as = append(as, "base "+g.pick("rank b", "rank b + 1", "rank b - 1"))
		} else {
			as = append(as, "base "+g.pick(genRanks[g.lo], "any")+g.clause(phase, "o is started"))
		}
	default:
		as = append(as, "build "+g.relation()+g.clause(phase, "r is empty", "o is started"), g.pick("move top", "move runs", "move any"), "to o, a")
		if value {
			as = append(as, "base "+g.valueRank())
		}
	}
	if kind == 0 && g.chance(0.5) {
		as[len(as)-1] += ", a"
	}
	g.printf("  tableau a[%d] { %s }\n", n, strings.Join(as, "; "))
	os := []string{"outranked " + g.pick("same-suit", "any-suit", "other-suit", "alternate-colour") + " by " + g.pick("a", "a, r", "a1, a2")}
	if g.chance(0.4) {
		os = append(os, "aces-high")
	}
	if outRole == "cell" || g.chance(0.3) {
		os = append(os, fmt.Sprintf("holds %d", 1+g.rng.IntN(3)))
	}
	if g.chance(0.4) {
		os = append(os, "to a")
	}
	if g.chance(0.2) {
		os = append(os, "start when "+only([]string{"r is empty", "a1 is empty", "stock is empty"}, g.names...)[0])
	}
	g.printf("  %s o { %s }\n", outRole, strings.Join(os, "; "))
	if twoOut {
		g.printf("  discard q { outranked %s by a, o }\n", g.pick("same-suit", "any-suit"))
	}
	rs := []string{"to " + g.pick("a", "o", "a, o")}
	if refillR {
		src := []string{g.pick("a1", "a")}
		if hasStock {
			src = append([]string{"stock"}, src...)
			if g.chance(0.5) {
				src[0], src[1] = src[1], src[0]
			}
		}
		rs = append(rs, "refill from "+strings.Join(src, ", "))
	}
	g.printf("  reserve r { %s }\n", strings.Join(rs, "; "))
	if hasStock {
		g.printf("  stock { deal 1 to %s%s }\n", g.pick("a1", fmt.Sprintf("a%d", n), "r", "each a"), g.clause(phase, "r is empty", "any a is empty"))
	}
	if twoOut {
		g.names = append(g.names, "q")
	}
	g.openDeal()
	g.printf("    1 to r\n    1 to each a\n")
	if g.live-1-n > 0 {
		if hasStock {
			g.printf("    rest to stock\n")
		} else {
			g.printf("    rest to a%d\n", n)
		}
	}
	g.printf("  }\n")
	switch g.rng.IntN(4) {
	case 0, 3:
		g.printf("  win when o holds %d cards\n}\n", 1+g.rng.IntN(2))
	case 1:
		w := "o"
		if twoOut {
			w += ", q"
		}
		g.win(w)
	default:
		g.printf("  win when every a is empty\n}\n")
	}
	return g.b.String()
}

var advFamilies = []struct {
	name string
	gen  func(*rand.Rand) string
}{{"slotsX", genSlotsX}, {"rowX", genRowX}, {"refillX", genRefillX}, {"phaseX", genPhaseX}, {"mixX", genMixX}}

var placeFamilies = []struct {
	name string
	gen  func(*rand.Rand) string
}{{"slots", genSlotsX}, {"row", genRowX}, {"refill", genRefillX}, {"phase", genPhaseX}, {"mix", genMixX}}

// TestSoundnessOnPlaceGames checks the games of these families as
// TestSoundnessOnGeneratedGames does, and every position of theirs, to a
// bound, as TestMovesCachedFreshPlain does.
func TestSoundnessOnPlaceGames(t *testing.T) {
	t.Parallel()
	for _, fam := range placeFamilies {
		var n tally
		valid, positions := 0, 0
		for i := range *placeGames {
			src := fam.gen(rand.New(rand.NewPCG(uint64(i), 0xadf)))
			g, err := check.Source("gen.patience", []byte(src))
			if err != nil {
				var d *dsl.Diagnostics
				require.ErrorAs(t, err, &d)
				continue // a game the checker refuses
			}
			r := Compile(g)
			for seed := uint64(1); seed <= 2; seed++ {
				k, err := exhaustiveMoves(r, seed, 1000)
				positions += k
				require.NoError(t, err, "%s game %d\n%s", fam.name, i, src)
			}
			if checkGenerated(t, src, 3, uint64(i), &n, budget{plain: 30_000, nodes: 100_000}) {
				valid++
			}
		}
		t.Logf("%s: %d games, %d positions of moves compared; %d positions compared with the plain search: %d winnable, %d not, %d unknown; %d lost statuses",
			fam.name, valid, positions, n.positions, n.wins, n.losses, n.unknown, n.lost)
		assert.GreaterOrEqual(t, valid, *placeGames*3/4, "%s: too few generated games check", fam.name)
		assert.Positive(t, n.wins, fam.name)
		assert.Positive(t, n.losses, fam.name)
	}
}
