package interp

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/patience-dev/patience/dsl/check"
)

// Games whose positions form small graphs of their own: one-way rings of
// piles that pass cards round, and one-card cells with random one-way
// moves among them. Their positions come back in every shape of cycle,
// which is what the depth-first search's "relies on" bookkeeping must get
// right (see reliesOn); the families of genGame make few of them.

// genRing writes a game whose piles pass cards round one-way rings: every
// move is irreversible in one step, yet positions come back.
func genRing(rng *rand.Rand) string {
	g := &gen{rng: rng}
	g.suits = [][]string{{"S"}, {"S", "H"}}[rng.IntN(2)]
	g.decks = 1
	g.liveRanks(2 + rng.IntN(2))
	g.printf("game \"R\" {\n  decks 1\n  suits %s\n", strings.Join(g.suits, ", "))
	n := 3 + rng.IntN(3)
	fb := g.pick("base A; build up same-suit", "build "+g.relation(), "base "+genRanks[g.lo]+"; build up any-suit")
	g.printf("  foundation f { %s }\n", fb)
	for i := 1; i <= n; i++ {
		var st []string
		if g.chance(0.5) {
			st = append(st, "holds 1")
		} else if g.chance(0.6) {
			st = append(st, "build "+g.relation())
			if g.chance(0.3) {
				st = append(st, "move "+g.pick("runs", "any", "whole"))
			}
		}
		to := []string{fmt.Sprintf("r%d", i%n+1)}
		if g.chance(0.3) {
			to = append(to, fmt.Sprintf("r%d", (i+1)%n+1))
		}
		if g.chance(0.7) {
			to = append(to, "f")
		}
		st = append(st, "to "+strings.Join(to, ", "))
		role := g.pick("reserve", "tableau", "cell")
		if role == "cell" && !slices.Contains(st, "holds 1") {
			role = "reserve"
		}
		g.printf("  %s r%d { %s }\n", role, i, strings.Join(st, "; "))
	}
	if g.junk() {
		g.printf("  discard junk\n")
	}
	g.printf("  deal {\n")
	if g.junk() {
		g.takeOut()
	}
	// deal the live cards to the ring piles, leaving room
	left := g.live
	for i := 1; i <= n && left > 0; i++ {
		c := g.rng.IntN(min(left, 2) + 1)
		if i == n {
			c = left
		}
		g.printf("    %d to r%d\n", c, i)
		left -= c
	}
	g.printf("  }\n")
	g.win("f")
	return g.b.String()
}

// genCells: holds-1 cells with random one-way `to` lists among them, a few
// cards, and one foundation some cells reach.
func genCells(rng *rand.Rand) string {
	g := &gen{rng: rng}
	g.suits = []string{"S"}
	g.decks = 1
	g.liveRanks(2 + rng.IntN(2))
	g.printf("game \"C\" {\n  suits S\n")
	n := 3 + rng.IntN(4)
	g.printf("  foundation f { %s }\n", g.pick("base "+genRanks[g.lo]+"; build up any-suit", "build any", "base "+genRanks[g.hi]+"; build down any-suit"))
	for i := 1; i <= n; i++ {
		var to []string
		for j := 1; j <= n; j++ {
			if j != i && g.chance(0.35) {
				to = append(to, fmt.Sprintf("c%d", j))
			}
		}
		if g.chance(0.4) {
			to = append(to, "f")
		}
		st := "holds 1"
		if g.chance(0.2) {
			st = "holds 2; build any"
		}
		if len(to) > 0 {
			st += "; to " + strings.Join(to, ", ")
		}
		g.printf("  reserve c[%d..%d] { %s }\n", i, i, st)
	}
	if g.junk() {
		g.printf("  discard junk\n")
	}
	g.printf("  deal {\n")
	if g.junk() {
		g.takeOut()
	}
	counts := make([]string, n)
	for i := range counts {
		counts[i] = "0"
	}
	for _, i := range g.rng.Perm(n)[:min(g.live, n)] {
		counts[i] = "1"
	}
	g.printf("    %s to c\n  }\n", strings.Join(counts, ", "))
	g.win("f")
	return g.b.String()
}

// TestSettledPositionsAreLostOnGraphs searches the graph games in random
// orders and checks every position kept as lost, and every verdict, with
// the plain search.
func TestSettledPositionsAreLostOnGraphs(t *testing.T) {
	t.Parallel()
	games, valid, checked := 600, 0, 0
	var n tally
	for i := range games {
		for k, src := range []string{genRing(rand.New(rand.NewPCG(uint64(i), 0x71))), genCells(rand.New(rand.NewPCG(uint64(i), 0x72)))} {
			g, err := check.Source("graph.patience", []byte(src))
			if err != nil {
				continue
			}
			valid++
			r := Compile(g)
			p := &plain{r: r, limit: 30_000}
			for seed := uint64(1); seed <= 2; seed++ {
				s := r.Deal(seed)
				if err := soundness(r, s, p, 100_000, &n); err != nil {
					t.Fatalf("game %d/%d seed %d: %v\n%s\n%s", i, k, seed, err, src, r.dumpState(s))
				}
				for order := range 4 {
					for _, d := range keptLost(r, s, seed, order, 50, order%2 == 0) {
						if w, c := p.wins(d); c {
							checked++
							if w {
								t.Fatalf("game %d/%d, seed %d, order %d: kept as lost a position the plain search wins from:\n%s\n%s", i, k, seed, order, src, r.dumpState(d))
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d graph games; %d positions kept as lost checked; %d positions compared", valid, checked, n.positions)
	if valid < games {
		t.Errorf("only %d of %d graph games are valid", valid, 2*games)
	}
	if checked < 10*valid {
		t.Errorf("only %d positions kept as lost checked", checked)
	}
}
