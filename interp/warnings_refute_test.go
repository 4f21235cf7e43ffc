package interp

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/patience-dev/patience/dsl/check"
)

var (
	reDead   = regexp.MustCompile(`no card can ever (?:enter|reach) "([^"]+)"`)
	reStart  = regexp.MustCompile(`"([^"]+)" can never start`)
	rePhase  = regexp.MustCompile(`phase "([^"]+)" never ends`)
	reDealW  = regexp.MustCompile(`the stock's deal (\d+) can never be made`)
	reBuild  = regexp.MustCompile(`never builds: its build's clause \((.*)\) can never hold`)
	reCover  = regexp.MustCompile(`^(.*) cover one another`)
	reQuoted = regexp.MustCompile(`"([^"]+)"`)
)

// refuteWarnings searches the positions reachable from the deals of seeds 1
// to seeds, breadth first, up to limit positions a deal, for one that makes
// a warning of the checker false: a card on a pile no card can ever enter,
// a pile started that can never start, a phase ended that never ends, a
// stock deal legal that can never be made, a build clause holding that
// never holds, a win where none can be, a deal not won that is won as soon
// as it is dealt, a pile of a cover cycle giving a card while all of it
// holds some. It returns the refutation, or "", and whether the file had a
// warning to refute.
func refuteWarnings(src string, seeds int, limit int) (string, bool) {
	g, err := check.Source("gen.patience", []byte(src))
	if err != nil || g.Warnings == nil {
		return "", false
	}
	r := Compile(g)
	type claim struct {
		msg  string
		test func(prev, s *State) bool // true: refuted
	}
	var claims []claim
	for _, d := range g.Warnings.List {
		m := d.Message
		add := func(f func(prev, s *State) bool) { claims = append(claims, claim{m, f}) }
		if x := reDead.FindStringSubmatch(m); x != nil {
			p, _ := r.PileIndex(x[1])
			add(func(_, s *State) bool { return s.count(r, p) > 0 })
		}
		if x := reStart.FindStringSubmatch(m); x != nil {
			p, _ := r.PileIndex(x[1])
			add(func(_, s *State) bool { return s.count(r, p) > 0 })
		}
		if x := rePhase.FindStringSubmatch(m); x != nil {
			for i, ph := range g.Phases {
				if ph.Name == x[1] {
					add(func(_, s *State) bool { return int(s.phase) > i })
				}
			}
		}
		if x := reDealW.FindStringSubmatch(m); x != nil {
			i, _ := strconv.Atoi(x[1])
			add(func(_, s *State) bool { return s.lens[r.stock] > 0 && r.canAct(s, i-1) })
		}
		if x := reBuild.FindStringSubmatch(m); x != nil {
			for _, p := range g.Piles {
				if p.BuildWhen != nil && p.BuildWhenText == x[1] {
					f := r.cond(p.BuildWhen)
					add(func(_, s *State) bool { return f(s) })
					break
				}
			}
		}
		if strings.Contains(m, "can never be won") {
			add(func(_, s *State) bool { return r.Won(s) })
		}
		if strings.Contains(m, "won as soon as it is dealt") {
			add(func(prev, s *State) bool { return prev == nil && !r.Won(s) })
		}
		if x := reCover.FindStringSubmatch(m); x != nil {
			var ps []int
			for _, q := range reQuoted.FindAllStringSubmatch(x[1], -1) {
				p, _ := r.PileIndex(q[1])
				ps = append(ps, p)
			}
			add(func(prev, s *State) bool {
				if prev == nil {
					return false
				}
				for _, p := range ps {
					if prev.count(r, p) == 0 {
						return false
					}
				}
				for _, p := range ps {
					if s.count(r, p) < prev.count(r, p) {
						return true
					}
				}
				return false
			})
		}
	}
	if len(claims) == 0 {
		return "", false
	}
	pl := &plain{r: r}
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		s0 := r.Deal(seed)
		seen := map[string]bool{}
		type node struct {
			prev, s *State
			line    []string
		}
		queue := []node{{nil, s0, nil}}
		seen[pl.key(s0)] = true
		for len(queue) > 0 && len(seen) < limit {
			n := queue[0]
			queue = queue[1:]
			for _, c := range claims {
				if c.test(n.prev, n.s) {
					return fmt.Sprintf("seed %d, line [%s]: refutes %q\n%s", seed, strings.Join(n.line, "; "), c.msg, r.dumpState(n.s)), true
				}
			}
			for _, m := range r.Moves(n.s, nil) {
				next := n.s.Clone()
				line := append(append([]string(nil), n.line...), r.MoveString(m))
				r.Apply(next, m)
				// cover: check the transition even if seen
				k := pl.key(next)
				if seen[k] {
					for _, c := range claims {
						if c.test(n.s, next) {
							return fmt.Sprintf("seed %d, line [%s]: refutes %q\n%s", seed, strings.Join(line, "; "), c.msg, r.dumpState(next)), true
						}
					}
					continue
				}
				seen[k] = true
				queue = append(queue, node{n.s, next, line})
			}
		}
	}
	return "", true
}

// genDealGame writes a game of few piles whose deal mixes puts, takes and
// set-asides (`move PATTERN to PILE`) onto any pile, with conditions on
// piles' counts in phases, starts, stock deals and the win: what the
// checker's counts of a deal (leastPlaced) and its conditions (possible)
// must get right for its warnings to hold. (From a review of the warnings;
// it found set-aside cards counted twice.)
func genDealGame(rng *rand.Rand) string {
	g := &gen{rng: rng}
	var b strings.Builder
	pf := func(f string, a ...any) { fmt.Fprintf(&b, f, a...) }
	nt := 1 + rng.IntN(3)
	piles := []string{"d", "e", "f", "r"}
	for i := 1; i <= nt; i++ {
		piles = append(piles, fmt.Sprintf("t%d", i))
	}
	pat := func() string {
		return g.pick("A", "K", "AS", "black", "2", "any", "red A", "Q")
	}
	pile := func() string { return piles[rng.IntN(len(piles))] }
	cond := func() string {
		p := pile()
		switch rng.IntN(6) {
		case 0:
			return p + " is empty"
		case 1:
			return fmt.Sprintf("%s holds %d cards", p, rng.IntN(14))
		case 2:
			return p + " is started"
		case 3:
			return "every t is empty"
		case 4:
			return "no t is empty"
		default:
			return fmt.Sprintf("%s holds %d cards", p, 1+rng.IntN(3))
		}
	}
	pf("game \"G\" {\n  suits %s\n", g.pick("S", "S", "S, H"))
	if rng.IntN(2) == 0 {
		pf("  phase early \"e\" until %s\n  phase late\n", cond())
	}
	dto := g.pick("", " to f", " to t", " to e")
	pf("  reserve d {%s%s }\n", g.pick("", " holds 13;", " build any;"), dto)
	pf("  discard e {%s%s }\n", g.pick("", " build any;"), g.pick("", " to f"))
	pf("  foundation f { base %s; build %s; holds %d%s }\n", g.pick("A", "K", "2"), g.pick("up same-suit", "down same-suit", "any", "up any-suit"), g.pick2(13, 12), g.pick("", "; start when "+cond(), "; start after e"))
	pf("  reserve r {%s }\n", g.pick("", " to f", " to t"))
	pf("  tableau t[%d] { build down any-suit;%s to f%s }\n", nt, g.pick("", " fill never;", " refill from r;"), g.pick("", ", d", ", t"))
	hasStock := rng.IntN(2) == 0
	if hasStock {
		pf("  stock { deal 1 to %s%s }\n", g.pick("f", "each t", "d", "e"), g.pick("", " when "+cond()))
	}
	pf("  deal {")
	for k := rng.IntN(4); k > 0; k-- {
		switch rng.IntN(4) {
		case 0:
			pf(" %d to %s;", rng.IntN(5), pile())
		case 1:
			pf(" take %s to %s;", g.pick("AS", "KS", "QS", "A", "K"), pile())
		case 2:
			pf(" move %s to %s;", pat(), pile())
		case 3:
			pf(" %d to each t;", 1+rng.IntN(3))
		}
	}
	if hasStock {
		pf(" rest to stock")
	} else {
		pf(" rest to %s", pile())
	}
	if rng.IntN(3) == 0 {
		pf("; move %s to %s", pat(), pile())
	}
	pf(" }\n")
	switch rng.IntN(3) {
	case 0:
		pf("  win when all cards in %s\n", g.pick("f", "f, d", "f, e", "d", "f, r"))
	default:
		pf("  win when %s\n", cond())
	}
	pf("}\n")
	return b.String()
}

var warnGames = flag.Int("warn.games", 3000, "games TestWarningsHoldOnGeneratedGames generates of the deal family")

// TestWarningsHoldOnGeneratedGames refutes, by exhaustive search of the
// first positions of a few deals, every warning the checker gives on
// generated games of every family: none may be false. Three games of the
// deal family that once had false warnings (seeds 5018, 16363 and 26850)
// are always among them.
func TestWarningsHoldOnGeneratedGames(t *testing.T) {
	t.Parallel()
	warned := 0
	try := func(what string, src string, seeds, limit int) {
		t.Helper()
		msg, ok := refuteWarnings(src, seeds, limit)
		if ok {
			warned++
		}
		if msg != "" {
			t.Fatalf("%s: a false warning: %s\n%s", what, msg, src)
		}
	}
	seeds := []uint64{5018, 16363, 26850}
	for i := range *warnGames {
		seeds = append(seeds, uint64(i))
	}
	for _, i := range seeds {
		try(fmt.Sprintf("deal game %d", i), genDealGame(rand.New(rand.NewPCG(i, 0xfeed))), 4, 5000)
	}
	fams := []struct {
		name string
		gen  func(*rand.Rand) string
	}{{"game", genGame}}
	fams = append(fams, mixedFamilies...)
	fams = append(fams, placeFamilies...)
	for _, fam := range fams {
		for i := range 40 {
			try(fmt.Sprintf("%s game %d", fam.name, i), fam.gen(rand.New(rand.NewPCG(uint64(i), 0xbeef))), 3, 3000)
		}
	}
	t.Logf("%d games warned of, no warning refuted", warned)
	assert.Greater(t, warned, 100, "too few warnings to test")
}
