package interp

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/patience-dev/patience/dsl"
	"github.com/patience-dev/patience/dsl/check"
)

// The solver's verdicts, its safe moves and the "lost" status are claims a
// player is shown. These tests generate many small games of every kind the
// language can say, and compare each claim with a plain exhaustive search
// that uses no reduction at all: no safe moves, no commuting deals, no
// merged cards or piles, only the legal moves and a table of positions seen.

// plainLimit bounds the positions the plain search visits; a game whose
// space is larger is skipped as inconclusive.
const plainLimit = 60_000

// plain is the exhaustive search the reductions are compared with.
type plain struct {
	r    *Rules
	seen map[string]bool // positions known not to win
	n    int
	buf  []byte
}

// plainKey is the whole position: every pile's cards, the phase, the game
// values and the redeals used. The one thing left out is the redeal count
// when redeals are unlimited: no rule can tell that count, so positions that
// differ only in it have the same future.
func (p *plain) key(s *State) string {
	b := p.buf[:0]
	b = append(b, s.phase)
	if p.r.redeal == nil || p.r.redeal.times >= 0 {
		b = append(b, byte(s.redeals), byte(s.redeals>>8))
	}
	b = append(b, s.values...)
	for i := range p.r.piles {
		b = append(b, 0xff)
		for _, c := range s.Pile(p.r, i) {
			b = append(b, byte(c))
		}
	}
	p.buf = b
	return string(b)
}

// wins reports whether s can be won, and whether the search was complete.
func (p *plain) wins(s *State) (win, complete bool) {
	p.seen = map[string]bool{}
	p.n = 0
	win = p.dfs(s)
	return win, win || p.n < plainLimit
}

func (p *plain) dfs(s *State) bool {
	if p.r.Won(s) {
		return true
	}
	k := p.key(s)
	if p.seen[k] || p.n >= plainLimit {
		return false
	}
	p.seen[k] = true
	p.n++
	for _, m := range p.r.Moves(s, nil) {
		next := s.Clone()
		p.r.Apply(next, m)
		if p.dfs(next) {
			return true
		}
	}
	return false
}

// genGame writes a small random game in the language: one or two suits, a
// few live cards (the rest taken out of play before the shuffle), and a
// random choice of foundations, tableau, cells, reserve, stock and waste,
// with the rules each may have.
func genGame(rng *rand.Rand) string {
	var b strings.Builder
	pick := func(xs ...string) string { return xs[rng.IntN(len(xs))] }
	chance := func(p float64) bool { return rng.Float64() < p }
	ranks := []string{"", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}

	suits := [][]string{{"S"}, {"S", "H"}, {"C", "S"}, {"D", "S"}}[rng.IntN(4)]
	decks := 1
	if len(suits) == 1 && chance(0.3) {
		decks = 2
	}
	width := 2 + rng.IntN(3) // live ranks per suit
	if decks == 2 || len(suits) == 2 {
		width = 2 + rng.IntN(2)
	}
	lo := 1 + rng.IntN(14-width)
	hi := lo + width - 1
	live := width * len(suits) * decks

	fmt.Fprintf(&b, "game \"G\" {\n  decks %d\n  suits %s\n", decks, strings.Join(suits, ", "))

	// Foundations.
	steps := []string{"up", "down", "either", "same-rank"}
	suitRels := []string{"any-suit", "same-suit", "same-colour", "alternate-colour", "other-suit"}
	nf := 1 + rng.IntN(len(suits)+1)
	var fs strings.Builder
	switch rng.IntN(3) {
	case 0: // a ladder per suit
		nf = len(suits)
		dir := pick("up", "down")
		start := ranks[lo]
		if dir == "down" {
			start = ranks[hi]
		}
		fmt.Fprintf(&fs, "base %s; build %s %s", start, dir, pick("same-suit", "any-suit"))
		if chance(0.5) {
			fmt.Fprintf(&fs, "; holds %d", width*decks)
		}
	case 1: // one heap taking a card above or below (Black Hole, Golf)
		nf = 1
		fmt.Fprintf(&fs, "build %s %s", pick("either", "either", "up", "down"), pick("any-suit", "any-suit", "same-colour", "other-suit"))
		if chance(0.3) {
			fs.WriteString(" wrap")
		}
	default:
		step := pick(steps...)
		fmt.Fprintf(&fs, "build %s %s", step, pick(suitRels...))
		if step != "same-rank" && chance(0.3) {
			fs.WriteString(" wrap")
		}
		if chance(0.5) {
			fmt.Fprintf(&fs, "; base %s", pick(ranks[lo], ranks[hi], "any", "red", "black"))
		}
		if chance(0.3) {
			fmt.Fprintf(&fs, "; holds %d", 1+rng.IntN(live))
		}
		if nf > 1 && chance(0.3) {
			fs.WriteString("; start after previous")
		}
	}
	worry := chance(0.15)
	if worry {
		fs.WriteString("; to t")
	}
	fmt.Fprintf(&b, "  foundation f[%d] { %s }\n", nf, fs.String())

	// Tableau.
	nt := 1 + rng.IntN(4)
	var ts strings.Builder
	hasBuild := chance(0.7)
	if hasBuild {
		step := pick(steps...)
		fmt.Fprintf(&ts, "build %s %s", step, pick(suitRels...))
		if step != "same-rank" && chance(0.2) {
			ts.WriteString(" wrap")
		}
		ts.WriteString("; ")
		if chance(0.5) {
			ts.WriteString(pick("move runs; ", "move whole; "))
		}
	}
	if chance(0.3) {
		fmt.Fprintf(&ts, "base %s; ", pick(ranks[hi], ranks[lo], "red", "black"))
	}
	cells := 0
	if chance(0.3) {
		cells = 1 + rng.IntN(2)
	}
	to := "foundations"
	if hasBuild || chance(0.3) {
		to += ", t"
	}
	if cells > 0 {
		to += ", c"
	}
	fmt.Fprintf(&ts, "to %s", to)
	hasReserve := chance(0.3)
	if hasReserve && chance(0.4) {
		ts.WriteString("; refill from r")
	}
	fmt.Fprintf(&b, "  tableau t[%d] { %s }\n", nt, ts.String())
	if cells > 0 {
		fmt.Fprintf(&b, "  cell c[%d] { holds 1; to foundations, t }\n", cells)
	}
	if hasReserve {
		b.WriteString("  reserve r { to foundations, t }\n")
	}

	// Stock and waste.
	hasStock := chance(0.6)
	eachT := false
	if hasStock {
		b.WriteString("  stock {\n")
		if chance(0.25) {
			eachT = true
			b.WriteString("    deal 1 to each t")
			if chance(0.3) {
				b.WriteString(" when no t is empty")
			}
			b.WriteString("\n")
		} else {
			fmt.Fprintf(&b, "    deal %d to waste\n", 1+rng.IntN(3))
			switch rng.IntN(4) {
			case 1:
				fmt.Fprintf(&b, "    redeal %d from waste\n", 1+rng.IntN(2))
			case 2:
				b.WriteString("    redeal unlimited from waste\n")
			}
		}
		b.WriteString("  }\n")
		if !eachT {
			b.WriteString("  waste { to foundations")
			if hasBuild {
				b.WriteString(", t")
			}
			b.WriteString(" }\n")
		}
	}
	junk := live < width*len(suits)*decks || lo > 1 || hi < 13
	if junk {
		b.WriteString("  reserve junk\n")
	}

	// The deal: every card outside the live ranks to junk, then the rest.
	b.WriteString("  deal {\n")
	for d := 0; d < decks; d++ {
		for _, su := range suits {
			for rk := 1; rk <= 13; rk++ {
				if rk < lo || rk > hi {
					fmt.Fprintf(&b, "    take %s%s to junk\n", ranks[rk], su)
				}
			}
		}
	}
	left := live
	if hasReserve {
		n := 1 + rng.IntN(2)
		if n < left {
			fmt.Fprintf(&b, "    %d to r\n", n)
			left -= n
		}
	}
	counts := make([]string, nt)
	for i := range counts {
		n := 0
		if left > 1 {
			n = rng.IntN(min(left, 4))
			if !hasStock && i == nt-1 {
				n = 0 // the rest goes here
			}
		}
		left -= n
		counts[i] = fmt.Sprint(n)
	}
	face := ""
	if chance(0.3) {
		face = " face down but top"
	}
	fmt.Fprintf(&b, "    %s to t%s\n", strings.Join(counts, ", "), face)
	if left > 0 {
		if hasStock {
			b.WriteString("    rest to stock\n")
		} else {
			fmt.Fprintf(&b, "    rest to t%d\n", nt)
		}
	}
	b.WriteString("  }\n")
	if junk {
		b.WriteString("  win when all cards in foundations, junk\n")
	} else {
		b.WriteString("  win when all cards in foundations\n")
	}
	b.WriteString("}\n")
	return b.String()
}

// tally counts what the soundness checks compared, so that a test can
// require that each kind of claim was really put to the test.
type tally struct {
	positions, wins, losses, unknown, safe, lost int
}

// soundness checks the claims made about position s of a game against the
// plain search, and reports a failure as an error.
func soundness(r *Rules, s *State, p *plain, nodes int, n *tally) (err error) {
	win, complete := p.wins(s.Clone())
	if !complete {
		return nil
	}
	n.positions++
	if win {
		n.wins++
	} else {
		n.losses++
	}
	sol := r.Solve(s, Limits{Nodes: nodes})
	switch sol.Verdict {
	case Unknown:
		n.unknown++
	case Unwinnable:
		if win {
			return fmt.Errorf("the solver says unwinnable, but the plain search wins")
		}
	case Winnable:
		x := s.Clone()
		for i, m := range sol.Moves {
			if !r.Legal(x, m) {
				return fmt.Errorf("the solver's move %d, %s, is not legal", i, r.MoveString(m))
			}
			r.Apply(x, m)
		}
		if !r.Won(x) {
			return fmt.Errorf("the solver's winning line does not win")
		}
	}
	if r.Status(s) == Lost {
		n.lost++
		if win {
			return fmt.Errorf("the status says lost, but the plain search wins")
		}
	}
	if win {
		if m, ok := r.SafeMove(s); ok {
			n.safe++
			x := s.Clone()
			r.Apply(x, m)
			if w, c := p.wins(x); c && !w {
				return fmt.Errorf("the safe move %s loses a winnable game", r.MoveString(m))
			}
		}
	}
	return nil
}

// checkGenerated runs soundness on the deal of each of a few seeds of the
// game src and on positions along a random line from it.
func checkGenerated(t testing.TB, src string, seeds int, walk uint64, n *tally) (valid bool) {
	g, err := check.Source("gen.patience", []byte(src))
	if err != nil {
		var d *dsl.Diagnostics
		if errors.As(err, &d) {
			return false // the generator wrote a game the checker refuses: skip it
		}
		t.Fatalf("check: %v", err)
	}
	r := Compile(g)
	p := &plain{r: r}
	rng := rand.New(rand.NewPCG(walk, 7))
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		s := r.Deal(seed)
		for step := 0; step < 4; step++ {
			if err := soundness(r, s, p, 200_000, n); err != nil {
				t.Fatalf("seed %d, after %d random moves: %v\n%s\nposition:\n%s", seed, step, err, src, r.dumpState(s))
			}
			moves := r.Moves(s, nil)
			if len(moves) == 0 {
				break
			}
			r.Apply(s, moves[rng.IntN(len(moves))])
		}
	}
	return true
}

func (r *Rules) dumpState(s *State) string {
	var b strings.Builder
	for i := range r.piles {
		fmt.Fprintf(&b, "  %s:", r.PileName(i))
		for _, c := range s.Pile(r, i) {
			b.WriteString(" " + c.String())
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "  phase %d, redeals %d\n", s.phase, s.redeals)
	return b.String()
}

// TestSoundnessOnGeneratedGames: on hundreds of small random games, no
// claim of the solver, the safe moves or the status is false.
func TestSoundnessOnGeneratedGames(t *testing.T) {
	games := 400
	if testing.Short() {
		games = 60
	}
	var n tally
	valid := 0
	for i := range games {
		rng := rand.New(rand.NewPCG(uint64(i), 0x5eed))
		if checkGenerated(t, genGame(rng), 3, uint64(i), &n) {
			valid++
		}
	}
	t.Logf("%d games; %d positions compared with the plain search: %d winnable, %d not; "+
		"the solver left %d unknown; %d safe moves and %d lost statuses checked",
		valid, n.positions, n.wins, n.losses, n.unknown, n.safe, n.lost)
	// Each kind of claim must really have been tested.
	assert.GreaterOrEqual(t, valid, games*3/4, "too few generated games check: the generator needs mending")
	assert.GreaterOrEqual(t, n.wins, games, "too few winnable positions")
	assert.GreaterOrEqual(t, n.losses, games, "too few unwinnable positions")
	assert.GreaterOrEqual(t, n.safe, games/4, "too few safe moves")
	assert.GreaterOrEqual(t, n.lost, games/4, "too few lost statuses")
}

// FuzzSoundness is TestSoundnessOnGeneratedGames with the fuzzer choosing
// the games.
func FuzzSoundness(f *testing.F) {
	for i := range 8 {
		f.Add(uint64(i), uint64(i*7+1))
	}
	f.Fuzz(func(t *testing.T, game, walk uint64) {
		src := genGame(rand.New(rand.NewPCG(game, 0x5eed)))
		checkGenerated(t, src, 2, walk, &tally{})
	})
}
