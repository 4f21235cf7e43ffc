package interp_test

// These tests pin the rules where a pile's place matters (Montana and
// Accordion) and acceptance that depends on whether a pile is empty.

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/interp"
)

// ---- Montana ----

// A gap takes the card after its left neighbour's, in suit; a gap at the
// start of a row takes a 2; a gap to the right of a King or of a gap takes
// nothing.
func TestPlacesMontanaGaps(t *testing.T) {
	g := setUp(t, "montana", layout{piles: map[string]string{
		"m1": "2S", "m2": "3S", // m3 takes 4S
		"m4":  "9H", // m5 takes TH; m6 to m12 lie right of gaps
		"m13": "KD",
		"m20": "4S", "m21": "TH", "m22": "2H", // m14 takes a 2; m23 would take 3H
		"m27": "QC", "m28": "KC", // m29 lies right of a King
		"m40": "2D",
	}, rest: "aces", restUp: true})
	assertMoves(t, g, "m1 m14", "m20 m3", "m21 m5", "m22 m14", "m40 m14", "redeal")
	refused(t, g, "m21 m3", "m3 is empty: it takes only a card that follows 3S on its left (up in suit), not TH")
	refused(t, g, "m20 m7", "m7 is empty, and so is m6 to its left: nothing can fill it now")
	refused(t, g, "m20 m29", "m29 is empty: it takes only a card that follows KC on its left (up in suit), not 4S")
	refused(t, g, "m28 m14", "m14 is empty: only a 2 may start it, not KC")
	play(t, g, "m20 m3")
	assertPiles(t, g, map[string]string{"m3": "4S", "m20": ""})
	assert.Equal(t, interp.Playing, g.Status())
}

// The deal puts one card in each slot and then takes the Aces out, leaving
// four gaps.
func TestPlacesMontanaDeal(t *testing.T) {
	r := rulesOf(t, "montana")
	for seed := uint64(1); seed <= 20; seed++ {
		s := r.Deal(seed)
		gaps := 0
		for i := 0; i < 52; i++ {
			p, _ := r.PileIndex(fmt.Sprintf("m%d", i+1))
			switch pile := s.Pile(r, p); len(pile) {
			case 0:
				gaps++
			default:
				assert.NotEqual(t, 1, pile[0].Rank(), "seed %d: an Ace left in m%d", seed, i+1)
			}
		}
		assert.Equal(t, 4, gaps, "seed %d", seed)
		aces, _ := r.PileIndex("aces")
		assert.Equal(t, 4, s.Count(r, aces), "seed %d", seed)
	}
}

// montanaRows is every slot's card, row by row, "" for a gap.
func montanaRows(t *testing.T, g *interp.Game) [4][13]string {
	var out [4][13]string
	for i := range 52 {
		out[i/13][i%13] = pileOf(t, g, fmt.Sprintf("m%d", i+1))
	}
	return out
}

// A redeal keeps the cards in place where they lie, gathers and shuffles
// the others and deals them again, leaving one gap just after each row's
// run in place; the same seed redeals the same way.
func TestPlacesMontanaRedeal(t *testing.T) {
	r := rulesOf(t, "montana")
	for seed := uint64(1); seed <= 30; seed++ {
		a, b := interp.NewFromRules(r, seed), interp.NewFromRules(r, seed)
		before := montanaRows(t, a)
		placed := inPlace(before)
		play(t, a, "redeal")
		play(t, b, "redeal")
		after := montanaRows(t, a)
		assert.Equal(t, after, montanaRows(t, b), "seed %d: the same seed redeals alike", seed)
		cards := 0
		for row := range 4 {
			n := placed[row]
			assert.Equal(t, before[row][:n], after[row][:n], "seed %d row %d: the run in place stays", seed, row+1)
			if n < 13 {
				assert.Equal(t, "", after[row][n], "seed %d row %d: a gap just after the run", seed, row+1)
			}
			for col := range 13 {
				if after[row][col] != "" {
					cards++
				} else if col != n {
					t.Errorf("seed %d row %d: a gap at column %d, not just after the run", seed, row+1, col+1)
				}
			}
		}
		assert.Equal(t, 48, cards, "seed %d", seed)
	}
	g := interp.NewFromRules(r, 1)
	play(t, g, "redeal", "redeal")
	refused(t, g, "redeal", "no redeals left: all 2 used")
}

// inPlace is the length of each row's run in place: from a 2 at its start,
// up in suit.
func inPlace(rows [4][13]string) [4]int {
	var out [4]int
	for row := range 4 {
		n := 0
		for col := range 13 {
			c := rows[row][col]
			if c == "" || c[0] != "23456789TJQK"[col] || c[1] != rows[row][0][1] {
				break
			}
			n++
		}
		out[row] = n
	}
	return out
}

// Montana is won when every row runs from 2 to King in one suit.
func TestPlacesMontanaWin(t *testing.T) {
	won := map[string]string{}
	for row, suit := range "SHDC" {
		for col := range 12 {
			won[fmt.Sprintf("m%d", 13*row+col+1)] = string("23456789TJQK"[col]) + string(suit)
		}
	}
	g := setUp(t, "montana", layout{piles: won, rest: "aces", restUp: true})
	assert.Equal(t, interp.Won, g.Status())
	// The same cards with two rows' last cards swapped is not won.
	won["m12"], won["m25"] = "KH", "KS"
	g = setUp(t, "montana", layout{piles: won, rest: "aces", restUp: true})
	assert.NotEqual(t, interp.Won, g.Status())
	assertMoves(t, g, "redeal")
}

// ---- Accordion ----

// A pile moves whole onto the pile next to it or three places to its left
// when their top cards match in suit or rank; the row closes up.
func TestPlacesAccordion(t *testing.T) {
	g := setUp(t, "accordion", layout{piles: map[string]string{
		"a1": "5H",
		"a2": "9C",
		"a3": "5C", // on 9C (suit); nothing three places left
		"a4": "KH", // on 5H three places left (suit), not on 5C
		"a5": "9H", // on KH (suit), on 9C three places left (rank)
		"a6": "QS", // the rest lies under it; matches neither 9H nor 5C
	}, rest: "a6", restUp: true})
	assertMoves(t, g, "a3 a2", "a4 a1", "a5 a4", "a5 a2")
	refused(t, g, "a3 a1", "cards from a3 may not go to a1: they go only to a2")
	refused(t, g, "a6 a5", "QS does not go on 9H: a5 builds on the same rank regardless of suit, or of any rank in suit")
	play(t, g, "a5 a2")
	assertPiles(t, g, map[string]string{"a2": "9C 9H", "a4": "KH", "a5": pileOf(t, g, "a5"), "a6": ""})
	assert.True(t, strings.HasSuffix(pileOf(t, g, "a5"), "QS"), "a6 closed up onto a5")
	// A pile of two is judged by its top card: 9H goes on 5H, 9C would not.
	refused(t, g, "a2 a1 1", "a2 moves only as a whole pile of 2 cards")
	play(t, g, "a2 a1")
	assertPiles(t, g, map[string]string{"a1": "5H 9C 9H", "a2": "5C", "a3": "KH"})
}

// Accordion is won with every card in one pile.
func TestPlacesAccordionWin(t *testing.T) {
	g := setUp(t, "accordion", layout{piles: map[string]string{"a2": "KS"}, rest: "a1", restUp: true})
	assert.Equal(t, interp.Playing, g.Status())
	play(t, g, "a2 a1") // the rest ends in KC: same rank
	assert.Equal(t, interp.Won, g.Status())
}

// A deal that leaves spaces in a row that closes up leaves it closed up:
// the piles with cards come first, as after any move or deal.
func TestPlacesClosedUpByTheDeal(t *testing.T) {
	r := rulesFrom(t, `game "Gaps" {
  suits S
  tableau m[3] { build any; close up; to f, left 1 }
  foundation f { build any }
  deal { 0, 0, 13 to m }
  win when all cards in f
}`)
	s := r.Deal(1)
	assert.Len(t, s.Pile(r, 0), 13, "m1 holds the cards dealt to m3")
	assert.Empty(t, s.Pile(r, 2), "m3 moved down")
}

// ---- Acceptance that depends on emptiness ----

func rulesFrom(t *testing.T, src string) *interp.Rules {
	t.Helper()
	g, err := check.Source("test.patience", []byte(src))
	require.NoError(t, err)
	return interp.Compile(g)
}

// A space takes a whole run; a pile with cards one card at a time.
func TestPlacesAcceptsRunsWhenEmpty(t *testing.T) {
	r := rulesFrom(t, `game "T" {
  suits S
  tableau t[4] { build down any-suit; move runs; accepts runs when empty, one otherwise; to t }
  deal { rest to t4 }
  win when t1 holds 13
}`)
	g := setUpRules(t, r, layout{piles: map[string]string{"t1": "9S 8S 7S", "t2": "TS"}, rest: "t4", restUp: true})
	assertMoves(t, g, "t1 t3", "t1 t3 2", "t1 t3 3", "t2 t3", "t4 t3")
	refused(t, g, "t1 t2 3", "t2 takes one card at a time")
	play(t, g, "t1 t3 3", "t2 t1")
	refused(t, g, "t3 t1 3", "t1 takes one card at a time")
}

// A pile that takes a run while empty and nothing once it holds a card.
func TestPlacesAcceptsNoneOtherwise(t *testing.T) {
	r := rulesFrom(t, `game "T" {
  suits S
  cell c { build down any-suit; accepts runs when empty, none otherwise; to t }
  tableau t[2] { build down any-suit; move runs; to t, c }
  deal { rest to t2 }
  win when c holds 13
}`)
	g := setUpRules(t, r, layout{piles: map[string]string{"t1": "9S 8S"}, rest: "t2", restUp: true})
	assertMoves(t, g, "t1 c", "t1 c 2", "t2 c")
	play(t, g, "t1 c 2")
	refused(t, g, "t2 c", "c takes cards only while it is empty")
}

// A deal refused by its condition quotes the condition on one line, without
// the comments written inside it.
func TestDealConditionQuoted(t *testing.T) {
	r := rulesFrom(t, `game "W" {
  tableau t[2] { build down any-suit; to f }
  foundation f[4] { build up same-suit }
  stock { deal 1 to each t when no t   # only when
                                       # every column has a card
    is empty }
  deal { 1 to t1; rest to stock }
  win when all cards in f
}`)
	refused(t, interp.NewFromRules(r, 1), "deal", "cannot deal now: only when no t is empty")
}

// A hint to discard a pair names the cards, as every other hint does.
func TestHintNamesThePair(t *testing.T) {
	r := rulesFrom(t, `game "T" {
  suits S
  reserve p[3] { holds 1; to d }
  discard d { pairs sum 13 }
  reserve junk
  deal { 1 to each p; rest to junk }
  win when every p is empty
}`)
	for _, c := range []struct{ p1, p2, p3, why string }{
		{"6S", "7S", "2S", "6S and 7S leave for d"},
		{"2S", "KS", "3S", "KS leaves for d"},
	} {
		g := setUpRules(t, r, layout{piles: map[string]string{"p1": c.p1, "p2": c.p2, "p3": c.p3}, rest: "junk", restUp: true})
		_, why, ok := r.Hint(g.State())
		require.True(t, ok)
		assert.Equal(t, c.why, why.String())
	}
}

// `pairs same-rank` takes two free cards of one rank from two piles, and
// never a card alone (Nestor).
func TestPairsOfTheSameRank(t *testing.T) {
	r := rulesFrom(t, `game "T" {
  suits S, H
  tableau t[3] { to d }
  reserve r { to d }
  discard d { pairs same-rank }
  deal { 8 to each t; 2 to r }
  win when all cards in d
}`)
	g := setUpRules(t, r, layout{piles: map[string]string{"t1": "KS 7S", "t2": "7H", "t3": "KH", "r": "QH 2S"}, rest: "t1"})
	assertMoves(t, g, "t1+t2 d")
	refused(t, g, "t3 d", "d takes two cards of the same rank, never one alone")
	refused(t, g, "t3+r d", "not a pair for d: both cards must be free, in different piles, and of the same rank")
	refused(t, g, "t3 t1", "cards from t3 may not go to t1: they go only to d")
	play(t, g, "t2+t1 d")
	assertMoves(t, g, "t1+t3 d")
}

// A position names the rules it was played under by the hash of their
// words: another layout and other comments keep it; other words do not;
// and the hash of the file's bytes, which earlier builds wrote, still
// names them.
func TestPositionRulesHash(t *testing.T) {
	src := "game \"T\" {\n  suits S\n  foundation f { base A; build up same-suit }\n  tableau t[2] { to f }\n  deal { 7 to t1; rest to t2 }\n  win when all cards in f\n}\n"
	r := rulesFrom(t, src)
	g := interp.NewFromRules(r, 3)
	pos := g.Position()
	for _, other := range []string{
		"# The same game.\r\n" + strings.ReplaceAll(src, "; ", "\n    "),
		strings.ReplaceAll(src, "  ", "\t") + "# the end\n",
	} {
		_, err := rulesFrom(t, other).Load(pos)
		assert.NoError(t, err, other)
	}
	_, err := rulesFrom(t, strings.Replace(src, "7 to t1", "6 to t1", 1)).Load(pos)
	assert.ErrorContains(t, err, "have changed since this position was written")
	sum := sha256.Sum256([]byte(src))
	pos.RulesHash = hex.EncodeToString(sum[:8])
	_, err = r.Load(pos)
	assert.NoError(t, err, "the hash of the file's bytes")
	assert.NotEqual(t, pos.RulesHash, r.Hash())
}

// `rank b - 1` and `rank b + 2` name the ranks round the corner from a
// game value: a space of Agnes Bernauer takes a card one below the base.
func TestValueOffsets(t *testing.T) {
	r := rulesFrom(t, `game "T" {
  suits S, H
  let b = rank of f1
  foundation f[2] { base rank b; build up same-suit wrap; holds 13 }
  tableau t[2] { build down any-suit wrap; base rank b - 1; to f, t }
  tableau u { base rank b + 2 }
  reserve r[3] { to t, u }
  reserve junk
  deal { 1 to f1; 7 to each t; 1 to u; 1 to each r; rest to junk }
  win when all cards in f
}`)
	for _, c := range []struct {
		b, below, above2, other string
		belowWords, above2Words string
	}{
		{"7", "6S", "9H", "5H", "a 6", "a 9"},
		{"A", "KS", "3H", "QH", "a K", "a 3"}, // round the corner
		{"K", "QS", "2H", "JH", "a Q", "a 2"},
		{"9", "8S", "JH", "7H", "an 8", "a J"},
	} {
		g := setUpRules(t, r, layout{piles: map[string]string{"f1": c.b + "H", "r1": c.below, "r2": c.other, "r3": c.above2, "t1": "", "t2": "", "u": ""},
			values: map[string]string{"b": c.b}, rest: "junk", restUp: true})
		assertMoves(t, g, "r1 t1", "r1 t2", "r3 u")
		refused(t, g, "r2 t1", "t1 is empty: only "+c.belowWords+" (rank b - 1) may start it, not "+c.other)
		refused(t, g, "r1 u", "u is empty: only "+c.above2Words+" (rank b + 2) may start it, not "+c.below)
	}
}

// Line-mode words for a few odd moves: half a pair, a deal the game does
// not have, and a hint into a space.
func TestOddMovesAndHints(t *testing.T) {
	r := rulesFrom(t, `game "T" {
  suits S
  tableau t[2] { build down any-suit; to t, d }
  discard d { pairs sum 8 }
  reserve junk
  stock { deal 1 to each t }
  deal { 2 to t1; 1 to stock; rest to junk }
  win when all cards in d, junk
}`)
	g := setUpRules(t, r, layout{piles: map[string]string{"t1": "3S 6S", "t2": "", "stock": "(KS)"}, rest: "junk", restUp: true})
	refused(t, g, "t1+ d", `a pair is CARD+CARD PILE, e.g. p1+waste d; "t1+" names one card`)
	refused(t, g, "+t1 d", `a pair is CARD+CARD PILE, e.g. p1+waste d; "+t1" names one card`)
	refused(t, g, "deal 2", `bad deal "2": this game has 1 deal statement`)
	refused(t, g, "t1 stock", "nothing is moved to stock: only a redeal fills it")
	refused(t, g, "t2 stock", "nothing is moved to stock: only a redeal fills it")
	r = rulesFrom(t, `game "T" {
  suits S
  tableau t[2] { build down any-suit; to t }
  reserve junk
  deal { 2 to t1; rest to junk }
  win when all cards in t2, junk
}`)
	g = setUpRules(t, r, layout{piles: map[string]string{"t1": "3S 6S", "t2": ""}, rest: "junk", restUp: true})
	_, why, ok := r.Hint(g.State())
	require.True(t, ok)
	assert.Equal(t, "6S goes to t2, which is empty", why.String())
}

// A take that reads a value is made at its place in the deal, from the
// shuffled pack (Penguin's beak cards). Every deal of every game the
// checker accepts places every card, and each such take the card of the
// value's rank.
func TestValueTakes(t *testing.T) {
	accepted, refused := 0, 0
	for i := range 200 {
		rng := rand.New(rand.NewPCG(uint64(i), 0x7a))
		decks := 1 + rng.IntN(2)
		suits := []string{"S, H", "C, D, H, S", "S"}[rng.IntN(3)]
		off := []string{"", " + 1", " - 1", " + 5"}[rng.IntN(4)]
		before, takes := rng.IntN(6), 1+rng.IntN(4)
		var b strings.Builder
		fmt.Fprintf(&b, "game \"T\" {\n  decks %d\n  suits %s\n  let b = rank of t1\n", decks, suits)
		fmt.Fprintf(&b, "  foundation f[%d] { build any }\n  tableau t[2] { to f }\n  deal {\n    %d to t1\n", takes, before)
		for k := 1; k <= takes; k++ {
			fmt.Fprintf(&b, "    take rank b%s to f%d\n", off, k)
		}
		b.WriteString("    rest to t2\n  }\n  win when all cards in f\n}\n")
		g, err := check.Source("take.patience", []byte(b.String()))
		if err != nil {
			refused++
			continue
		}
		accepted++
		r := interp.Compile(g)
		for seed := uint64(1); seed <= 20; seed++ {
			s := r.Deal(seed)
			n := 0
			for p := range r.Game.Piles {
				n += len(s.Pile(r, p))
			}
			require.Equal(t, r.Game.CardCount, n, "seed %d:\n%s", seed, b.String())
			want := g.Values[0]
			rank := g.Deal[1].Pattern.ValueRank(s.Pile(r, want.Pile)[0].Rank())
			for k := 0; k < takes; k++ {
				f, _ := r.PileIndex(fmt.Sprintf("f%d", k+1))
				require.Len(t, s.Pile(r, f), 1)
				assert.Equal(t, rank, s.Pile(r, f)[0].Rank(), "seed %d:\n%s", seed, b.String())
			}
		}
	}
	t.Logf("%d accepted, %d refused", accepted, refused)
	assert.Greater(t, accepted, 40)
	assert.Greater(t, refused, 20)
}

// Aces Up's discard: a card goes while a higher one of its suit shows on
// another column; with aces-high the Ace is above the King and nothing
// outranks it; a card outranks none of its own rank, and the discard takes
// its cards whatever lies on it.
func TestOutranked(t *testing.T) {
	r := rulesFrom(t, `game "T" {
  suits S, H
  tableau t[4] { to d, o, t }
  reserve e { to d, o }
  discard d { outranked same-suit by t; aces-high }
  discard o { outranked any-suit by t1, t2 }
  reserve junk
  deal { 1 to each t; 1 to e; rest to junk }
  win when d holds 20 cards
}`)
	g := setUpRules(t, r, layout{piles: map[string]string{"t1": "AS", "t2": "KS", "t3": "5H", "t4": "9H", "e": "QS", "d": "2H", "o": ""}, rest: "junk", restUp: true})
	// KS goes under the Ace, QS (from the reserve, not in the list) too,
	// 5H under 9H; nothing outranks AS or 9H. Into o, where the Ace is low:
	// a card below t1's or t2's top, any suit; t2's KS may not outrank
	// itself.
	assertMoves(t, g, "t2 d", "e d", "t3 d", "t1 o", "t3 o", "t4 o", "e o")
	refused(t, g, "t1 d", "d takes a card only while a higher card of its suit shows on another of t (aces high); none outranks AS now")
	refused(t, g, "t4 d", "d takes a card only while a higher card of its suit shows on another of t (aces high); none outranks 9H now")
	refused(t, g, "t2 o", "o takes a card only while a higher card shows on another of t1, t2; none outranks KS now")

	g = setUpRules(t, r, layout{piles: map[string]string{"t1": "", "t2": "2H", "t3": "5H", "t4": "", "e": "", "d": "", "o": ""}, rest: "junk", restUp: true})
	assertMoves(t, g, "t2 d", "t2 t1", "t2 t4", "t3 t1", "t3 t4") // 5H outranks 2H; t2 is read by o, but 2H outranks nothing
}

// A build with a clause: Strategy's foundations take their Ace at once
// but build only after the dealing phase, whose label is the reason; a
// build `when` a condition says the condition.
func TestBuildClause(t *testing.T) {
	r := rulesFrom(t, `game "T" {
  suits S
  phase dealing "the stock must be dealt first" until stock is empty
  phase playing
  foundation f { base A; build up same-suit after dealing }
  reserve r[3] { build any when r3 is empty; to f, r }
  stock { deal 1 to r1 }
  reserve junk
  deal { 1 to stock; rest to junk }
  win when all cards in f
}`)
	g := setUpRules(t, r, layout{piles: map[string]string{"f": "AS", "r1": "2S", "r2": "3S", "r3": "4S", "stock": "(5S)"}, rest: "junk", restUp: true})
	assertMoves(t, g, "deal")
	refused(t, g, "r1 f", "nothing may be placed on f yet: the stock must be dealt first")
	refused(t, g, "r1 r2", "nothing may be placed on r2 now: it builds only when r3 is empty")
	g = setUpRules(t, r, layout{piles: map[string]string{"f": "AS", "r1": "2S", "r2": "3S", "r3": "", "stock": "", "junk": "4S 5S 6S 7S 8S 9S TS JS QS KS"}, phase: 1})
	assertMoves(t, g, "r1 f", "r1 r2", "r1 r3", "r2 r1", "r2 r3")
}

// A rule limited to a phase says why by the phase: still to come, the
// label of the phase that lasts; gone by, that it is over. Any other
// condition says itself, whatever phase has a label (the label of the
// phase under way was once given as the reason for both).
func TestRefusalsOfPhasedRules(t *testing.T) {
	r := rulesFrom(t, `game "T" {
  decks 2
  suits S
  phase opening "empty t1 first" until t1 is empty
  phase finish
  foundation f { base A; build up same-suit during opening }
  foundation g { base A; build up same-suit when t3 is empty }
  tableau t[3] { to f, g, d, t, u, w }
  tableau u { start after finish; to f }
  tableau w { start when t3 is empty; to f }
  discard d
  reserve junk
  deal { 1 to each t; rest to junk }
  win when all cards in f, g, d, junk
}`)
	g := setUpRules(t, r, layout{piles: map[string]string{"f": "AS", "g": "AS", "t1": "3S", "t2": "2S", "t3": "4S", "u": "", "w": "", "d": ""}, rest: "junk", restUp: true})
	refused(t, g, "t2 g", "nothing may be placed on g now: it builds only when t3 is empty")
	refused(t, g, "t2 u", "u may not start yet: empty t1 first")
	refused(t, g, "t2 w", "w may not start now: its `start when` condition does not hold")
	g = setUpRules(t, r, layout{piles: map[string]string{"f": "AS", "g": "AS", "t1": "", "t2": "2S", "t3": "4S", "u": "", "w": "", "d": "3S"}, rest: "junk", restUp: true, phase: 1})
	refused(t, g, "t2 f", "nothing may be placed on f any more: only during opening, which is over")
}

// A hint to a discard of one card names the card (it said "a complete run
// leaves t1", the reason for a discard of whole runs).
func TestHintToAnOutrankedDiscard(t *testing.T) {
	r := rulesFrom(t, `game "T" {
  suits H
  tableau t[2] { to d }
  discard d { outranked same-suit by t }
  reserve junk
  deal { 1 to each t; rest to junk }
  win when d holds 1
}`)
	g := setUpRules(t, r, layout{piles: map[string]string{"t1": "5H", "t2": "9H", "d": ""}, rest: "junk", restUp: true})
	m, why, ok := r.Hint(g.State())
	require.True(t, ok)
	assert.Equal(t, "t1 d", r.MoveString(m))
	assert.Equal(t, "5H goes to the discard d", why.String())
}

// A position keeps the moves undone that redo would play again, next
// first: loaded, the game redoes them as the one that wrote it would (a
// save used to keep undo's history only). A move to redo that does not
// replay ends the list there: the game loads all the same, since one bad
// entry of a convenience should not lose the game.
func TestPositionKeepsRedo(t *testing.T) {
	r := rulesOf(t, "klondike")
	g := interp.NewFromRules(r, 1)
	var states []*interp.State
	for range 4 {
		states = append(states, g.State().Clone())
		require.NoError(t, g.PlayMove(g.Moves()[0]))
	}
	want := g.State().Clone()
	require.True(t, g.Undo())
	require.True(t, g.Undo())
	pos := g.Position()
	require.Len(t, pos.Moves, 2)
	require.Len(t, pos.Redo, 2)

	loaded, err := r.Load(pos)
	require.NoError(t, err)
	assert.True(t, loaded.State().Equal(r, states[2]), "loaded where it was saved")
	require.True(t, loaded.CanRedo())
	require.True(t, loaded.Redo())
	require.True(t, loaded.Redo())
	assert.False(t, loaded.CanRedo())
	assert.True(t, loaded.State().Equal(r, want), "redone as the game that wrote it would")
	require.True(t, loaded.Undo())
	assert.Equal(t, pos.Redo[1:], loaded.Position().Redo, "what is left to redo")

	pos.Redo[1] = "t7 t1"
	loaded, err = r.Load(pos)
	require.NoError(t, err)
	assert.True(t, loaded.State().Equal(r, states[2]))
	assert.Equal(t, pos.Redo[:1], loaded.Position().Redo, "the moves to redo up to the one that does not replay")
}

// A position is untrusted input: what it names is echoed cut short, however
// long (a save whose game was ten million characters long printed them
// all).
func TestPositionErrorsCutWhatTheyEcho(t *testing.T) {
	src := "game \"T\" {\n  suits S\n  foundation f { base A; build up same-suit }\n  tableau t[2] { to f }\n  deal { 7 to t1; rest to t2 }\n  win when all cards in f\n}\n"
	r := rulesFrom(t, src)
	long := strings.Repeat("x", 100_000)
	for name, spoil := range map[string]func(p *interp.Position){
		"game": func(p *interp.Position) { p.Game = long },
		"move": func(p *interp.Position) { p.Moves = []string{long} },
		"pile": func(p *interp.Position) { p.Moves = nil; p.Piles = append(p.Piles, interp.PilePosition{Name: long}) },
		"card": func(p *interp.Position) { p.Moves = nil; p.Piles[0].Cards = append(p.Piles[0].Cards, long) },
	} {
		pos := interp.NewFromRules(r, 3).Position()
		spoil(pos)
		_, err := r.Load(pos)
		if assert.Error(t, err, name) {
			assert.Less(t, len(err.Error()), 300, "%s: %.120s", name, err.Error())
		}
	}
}

// A value the player fixes is "" in a position until a card has reached
// its piles, and a position loads back the same; one that says "" while a
// card lies there is refused.
func TestPositionOfAFirstValue(t *testing.T) {
	r := rulesFrom(t, `game "C" {
  suits S, H
  let b = rank of first card to f
  foundation f[2] { base rank b; build up same-suit wrap; holds 13 }
  tableau t[4] { build either same-suit wrap; to f, t }
  deal { 7, 7, 6, 6 to t }
  win when all cards in f
}`)
	g := interp.NewFromRules(r, 1)
	pos := g.Position()
	assert.Equal(t, "", pos.Values["b"])
	back, err := r.Load(pos)
	require.NoError(t, err)
	assert.Equal(t, 0, back.State().Value(0))
	var played bool
	for _, m := range g.Moves() {
		if text := r.MoveString(m); strings.HasSuffix(text, " f1") {
			_, err := g.Play(text)
			require.NoError(t, err)
			played = true
			break
		}
	}
	require.True(t, played, "some card goes to f1 first")
	pos = g.Position()
	require.NotEqual(t, "", pos.Values["b"])
	_, err = r.Load(pos)
	require.NoError(t, err)
	pos.Values["b"] = ""
	pos.Moves = nil
	_, err = r.Load(pos)
	assert.ErrorContains(t, err, `value "b" is not fixed, but f1 holds a card`)
}
