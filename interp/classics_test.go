package interp_test

// These tests pin the distinctive rule of each of the twelve classic games
// in rulesets/ (Klondike, FreeCell, Spider in three forms, Forty Thieves,
// Canfield, Labyrinth, Red and Black, Pyramid, TriPeaks) as the header
// comment of each file states it. Each sets up a position where the rule
// decides, asserts the full set of legal moves there, the exact reason for
// each refused move (refused also checks that the refusal changes nothing)
// and the effect of the moves played. They reuse the helpers of
// rules_test.go; setUp builds the pack from the ruleset, so it serves games
// of one deck, of two, and of some suits only.

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/interp"
)

// plusMoves is a list of moves plus more.
func plusMoves(moves []string, more ...string) []string {
	return append(slices.Clone(moves), more...)
}

// movesFromAll lists "SRC dst" for each source.
func movesFromAll(srcs []string, dst string) []string {
	var out []string
	for _, s := range srcs {
		out = append(out, s+" "+dst)
	}
	return out
}

// ---- FreeCell ----

// freecellLayout is a FreeCell position where t1 holds a run of six in
// alternating colours, JD TC 9D 8C 7D 6C, whose tails fit three columns:
// 6C on 7H (t3, one card), 9D..6C on TS (t4, four cards), TC..6C on JH (t5,
// five cards). The cells hold Kings and a Queen that go on nothing; t2 holds
// the rest of the pack face down under QD; t6 and t7 hold cards that build
// with nothing (besides TS on JH, t4 on t5). emptyCells and emptyCols name
// the cells and columns left empty: their cards join the rest.
func freecellLayout(emptyCells, emptyCols []string) layout {
	piles := map[string]string{
		"free1": "KH", "free2": "KC", "free3": "KS", "free4": "QH",
		"t1": "JD TC 9D 8C 7D 6C",
		"t2": "QD",
		"t3": "7H", "t4": "TS", "t5": "JH", "t6": "5S", "t7": "3D", "t8": "KD",
	}
	for _, p := range append(slices.Clone(emptyCells), emptyCols...) {
		delete(piles, p)
	}
	return layout{piles: piles, rest: "t2"}
}

// A run may move only if it has at most (1 + empty cells) x 2^(empty
// columns) cards, the destination column not counted: exactly the runs up to
// the limit move, to a column with cards and to an empty one; one card more
// is refused with the limit as the reason.
func TestClassicsFreeCellRunLimit(t *testing.T) {
	cells := pileNames("free", 1, 4)
	cols := pileNames("t", 1, 8)
	for _, tc := range []struct {
		name                  string
		emptyCells, emptyCols []string
		runMoves              []string          // the moves of t1's run (and its top card)
		refusals              map[string]string // refused moves of t1's run
	}{
		{
			name:     "no empty cell, no empty column: one card",
			runMoves: []string{"t1 t3"},
			refusals: map[string]string{
				"t1 t4 4": "only 1 card may move to t4 with the empty free, t there are now",
				"t1 t4 2": "only 1 card may move to t4 with the empty free, t there are now",
			},
		},
		{
			name:       "one empty cell, one empty column: 4 to a column, 2 to the space",
			emptyCells: []string{"free4"}, emptyCols: []string{"t8"},
			runMoves: []string{"t1 t3", "t1 t4 4", "t1 free4", "t1 t8", "t1 t8 2"},
			refusals: map[string]string{
				"t1 t5 5": "only 4 cards may move to t5 with the empty free, t there are now",
				"t1 t8 3": "only 2 cards may move to t8 with the empty free, t there are now",
			},
		},
		{
			name:      "no empty cell, two empty columns: 4 to a column, 2 to a space",
			emptyCols: []string{"t7", "t8"},
			runMoves:  []string{"t1 t3", "t1 t4 4", "t1 t7", "t1 t7 2", "t1 t8", "t1 t8 2"},
			refusals: map[string]string{
				"t1 t5 5": "only 4 cards may move to t5 with the empty free, t there are now",
				"t1 t7 3": "only 2 cards may move to t7 with the empty free, t there are now",
				"t1 t8 3": "only 2 cards may move to t8 with the empty free, t there are now",
			},
		},
		{
			name:       "two empty cells, no empty column: 3",
			emptyCells: []string{"free1", "free3"},
			runMoves:   []string{"t1 t3", "t1 free1", "t1 free3"},
			refusals: map[string]string{
				"t1 t4 4": "only 3 cards may move to t4 with the empty free, t there are now",
			},
		},
		{
			name:       "three empty cells, one empty column: 8 to a column, 4 to the space",
			emptyCells: []string{"free2", "free3", "free4"}, emptyCols: []string{"t8"},
			runMoves: []string{"t1 t3", "t1 t4 4", "t1 t5 5", "t1 free2", "t1 free3", "t1 free4",
				"t1 t8", "t1 t8 2", "t1 t8 3", "t1 t8 4"},
			refusals: map[string]string{
				"t1 t8 5": "only 4 cards may move to t8 with the empty free, t there are now",
				"t1 t8 6": "only 4 cards may move to t8 with the empty free, t there are now",
			},
		},
		{
			name:       "one empty cell, two empty columns: 6 (the whole run) to a space",
			emptyCells: []string{"free4"}, emptyCols: []string{"t7", "t8"},
			runMoves: []string{"t1 t3", "t1 t4 4", "t1 t5 5", "t1 free4",
				"t1 t7", "t1 t7 2", "t1 t7 3", "t1 t7 4", "t1 t8", "t1 t8 2", "t1 t8 3", "t1 t8 4"},
			refusals: map[string]string{
				"t1 t7 5": "only 4 cards may move to t7 with the empty free, t there are now",
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := setUp(t, "freecell", freecellLayout(tc.emptyCells, tc.emptyCols))
			// Every other top card may go to every empty cell and column;
			// the cells' cards to every empty column; TS goes on JH.
			want := plusMoves(tc.runMoves, "t4 t5")
			for _, c := range cols[1:] {
				if !slices.Contains(tc.emptyCols, c) {
					want = append(want, movesTo(c, tc.emptyCells, "")...)
					want = append(want, movesTo(c, tc.emptyCols, "")...)
				}
			}
			for _, c := range cells {
				if !slices.Contains(tc.emptyCells, c) {
					want = append(want, movesTo(c, tc.emptyCols, "")...)
				}
			}
			assertMoves(t, g, want...)
			for move, why := range tc.refusals {
				refused(t, g, move, why)
			}
		})
	}

	// The run moves as a unit and keeps its order.
	g := setUp(t, "freecell", freecellLayout([]string{"free4"}, []string{"t8"}))
	play(t, g, "t1 t4 4")
	assertPiles(t, g, map[string]string{"t1": "JD TC", "t4": "TS 9D 8C 7D 6C", "free4": "", "t8": ""})
	play(t, g, "t1 t8 2")
	assertPiles(t, g, map[string]string{"t1": "", "t8": "JD TC"})
}

// A run longer than one card never goes to a cell: a cell takes one card.
func TestClassicsFreeCellCellTakesOneCard(t *testing.T) {
	g := setUp(t, "freecell", freecellLayout([]string{"free4"}, []string{"t8"}))
	// The limit to free4 is 2 (t8 doubles one card): the count, not the
	// limit, refuses two cards, and free4 is empty, not full.
	refused(t, g, "t1 free4 2", "free4 takes one card at a time")
	play(t, g, "t1 free4")
	assertPiles(t, g, map[string]string{"t1": "JD TC 9D 8C 7D", "free4": "6C"})
	refused(t, g, "t1 free4", "free4 is full: it holds 1 card")
}

// ---- Spider ----

// Any card goes on a card one rank higher, whatever its suit; only a run in
// one suit moves as a unit; any card or run fills a space; no wrap.
func TestClassicsSpiderBuilding(t *testing.T) {
	kings := map[string]string{"t6": "KC", "t7": "KD", "t8": "KH", "t9": "KS", "t10": "KC"}
	g := setUp(t, "spider", layout{piles: merged(kings, map[string]string{
		"t1": "(5C) 9H 8S 7S", // the run in suit is 8S 7S
		"t2": "(5D) 9D",       // takes 8S 7S, or 8H
		"t3": "8H",            // takes 7S
		"t4": "TC",            // would take 9H 8S 7S, but that is no run in suit; takes 9D
		"t5": "(5H) 2C AD",    // AD on 2C, out of suit: only AD moves
	}), rest: "stock"})
	assertMoves(t, g,
		"t1 t2 2", // 8S 7S on 9D: a spade run on a diamond
		"t1 t3",   // 7S on 8H
		"t2 t4",   // 9D on TC
		"t3 t2",   // 8H on 9D
		"deal")
	for move, why := range map[string]string{
		"t1 t4 3":  "the top 3 cards of t1 are not a run: at most 2 move together",
		"t5 t1 2":  "the top 2 cards of t5 are not a run: at most 1 move together",
		"t1 t3 2":  "8S does not go on 8H: t3 builds down regardless of suit",
		"t6 t5":    "KC does not go on AD: t5 builds down regardless of suit", // no wrap
		"t5 t6":    "AD does not go on KC: t6 builds down regardless of suit",
		"t1 d1":    "d1 takes exactly 13 cards at once",
		"stock t1": "cards leave stock only by dealing: use `deal`",
	} {
		refused(t, g, move, why)
	}
	play(t, g, "t1 t2 2")
	assertPiles(t, g, map[string]string{"t1": "(5C) 9H", "t2": "(5D) 9D 8S 7S"})
	play(t, g, "t1 t4")
	assertPiles(t, g, map[string]string{"t1": "5C", "t4": "TC 9H"}) // 5C is turned up

	// A space takes any card, or any run in suit, from any column.
	g = setUp(t, "spider", layout{piles: merged(kings, map[string]string{
		"t1": "(5C) 9H 8S 7S", "t2": "(5D) 9D", "t3": "8H", "t4": "TC", "t5": "",
	}), rest: "stock"})
	want := []string{"t1 t2 2", "t1 t3", "t2 t4", "t3 t2", "t1 t5", "t1 t5 2"}
	want = append(want, movesFromAll([]string{"t2", "t3", "t4", "t6", "t7", "t8", "t9", "t10"}, "t5")...)
	assertMoves(t, g, want...)
	refused(t, g, "t1 t5 3", "the top 3 cards of t1 are not a run: at most 2 move together")
}

// A deal puts one card face up on each of t1..t10, the stock's top card on
// t1; it is refused while any column is empty.
func TestClassicsSpiderDeal(t *testing.T) {
	cols := pileNames("t", 1, 10)
	// Tops on which nothing builds and that build on nothing; the rest of
	// the pack lies face down under t10.
	piles := map[string]string{"stock": down("2C 3C 4C 5C 6C 7C 8C 9C TC JC")} // JC on top
	for i, c := range strings.Fields("AS AS AH AH AD AD AC AC 5S 5S") {
		piles[cols[i]] = c
	}
	g := setUp(t, "spider", layout{piles: piles, rest: "t10"})
	assertMoves(t, g, "deal")
	play(t, g, "deal")
	dealt := strings.Fields("JC TC 9C 8C 7C 6C 5C 4C 3C 2C")
	for i, c := range cols {
		assert.True(t, strings.HasSuffix(pileOf(t, g, c), " "+dealt[i]), "%s gets %s face up: %s", c, dealt[i], pileOf(t, g, c))
	}
	assertPiles(t, g, map[string]string{"stock": "", "t1": "AS JC", "t9": "5S 3C"})
	refused(t, g, "deal", "the stock is empty")
	refused(t, g, "redeal", "this game has no redeal")

	// With a column empty, no deal.
	piles["t9"] = ""
	piles["stock"] = down("2C 3C 4C 5C 6C 7C 8C 9C TC JC 5S")
	g = setUp(t, "spider", layout{piles: piles, rest: "t10"})
	want := movesFromAll(cols[:8], "t9")
	want = append(want, "t10 t9")
	assertMoves(t, g, want...)
	refused(t, g, "deal", "cannot deal now: only when no t is empty")
	play(t, g, "t10 t9")
	assertMoves(t, g, "deal")
}

// A complete run K..A in one suit, at the top of a column, moves to any
// empty discard pile, all thirteen cards at once; not twelve, not a K..A run
// of mixed suits, not onto a full discard; cards never leave a discard.
func TestClassicsSpiderDiscard(t *testing.T) {
	full := seq('K', -1, 13, "S")          // KS .. AS
	twelve := seq('Q', -1, 12, "H")        // QH .. AH
	mixed := seq('K', -1, 12, "D") + " AC" // KD .. 2D AC
	g := setUp(t, "spider", layout{piles: map[string]string{
		"d8": seq('K', -1, 13, "C"), // full
		"t1": "(5C) " + full,
		"t2": "(5D) " + twelve,
		"t3": "(5H) " + mixed,
		// Aces take nothing and go on no top card here.
		"t4": "AD", "t5": "AD", "t6": "AH", "t7": "AS",
		"t8": "KD", "t9": "KH", "t10": "KH", // a King takes a Queen-headed run
	}, rest: "stock"})
	want := movesTo("t1", pileNames("d", 1, 7), "13")
	want = append(want, "t1 t8 12", "t1 t9 12", "t1 t10 12", "t2 t8 12", "t2 t9 12", "t2 t10 12", "deal")
	assertMoves(t, g, want...)
	for move, why := range map[string]string{
		"t1 d8 13": "d8 is full: it holds 13 cards",
		"t1 d1 12": "d1 takes exactly 13 cards at once",
		"t2 d1 12": "d1 takes exactly 13 cards at once",
		"t3 d1 13": "the top 13 cards of t3 are not a run: at most 1 move together",
		"d8 t4 13": "cards never leave d8",
	} {
		refused(t, g, move, why)
	}
	play(t, g, "t1 d3 13")
	assertPiles(t, g, map[string]string{"d3": full, "t1": "5C"})
	// The twelve, moved onto a King of their suit, make a full run.
	play(t, g, "t2 t9 12")
	assertPiles(t, g, map[string]string{"t2": "5D", "t9": seq('K', -1, 13, "H")})
	assert.Contains(t, movesOf(g), "t9 d1 13")
	play(t, g, "t9 d1 13")
	assertPiles(t, g, map[string]string{"d1": seq('K', -1, 13, "H"), "t9": ""})
}

// The three Spiders deal 104 cards: 54 to the columns (6, 6, 6, 6, then 5
// each, face down but the top) and 50 to the stock; Spider One Suit has
// eight suits of spades and Spider Two Suits four of hearts and four of
// spades.
func TestClassicsSpiderPacks(t *testing.T) {
	for _, tc := range []struct {
		ruleset string
		suits   string // the suits of the pack
		copies  int    // how often each card is in it
	}{
		{"spider", "CDHS", 2},
		{"spider-one-suit", "S", 8},
		{"spider-two-suits", "HS", 4},
	} {
		t.Run(tc.ruleset, func(t *testing.T) {
			r := rulesOf(t, tc.ruleset)
			assert.Len(t, r.Pack(), 104)
			for seed := uint64(1); seed <= 3; seed++ {
				g := interp.NewFromRules(r, seed)
				count := map[string]int{}
				for _, p := range g.Position().Piles {
					for _, c := range p.Cards {
						count[strings.Trim(c, "()")]++
					}
				}
				want := map[string]int{}
				for _, s := range tc.suits {
					for _, rk := range rankChars {
						want[string(rk)+string(s)] = tc.copies
					}
				}
				assert.Equal(t, want, count, "the cards dealt")
				for i, n := range []int{6, 6, 6, 6, 5, 5, 5, 5, 5, 5} {
					c := strings.Fields(pileOf(t, g, pileNames("t", 1, 10)[i]))
					require.Len(t, c, n, "t%d", i+1)
					for k, card := range c {
						assert.Equal(t, k < n-1, strings.HasPrefix(card, "("), "t%d card %d: face down but the top", i+1, k+1)
					}
				}
				assert.Len(t, strings.Fields(pileOf(t, g, "stock")), 50)
			}
		})
	}
}

// In Spider One Suit every run is in suit, so a run of any length moves as
// far as building allows; in Spider Two Suits a heart on a spade builds but
// breaks the run.
func TestClassicsSpiderFewerSuitsRuns(t *testing.T) {
	g := setUp(t, "spider-one-suit", layout{piles: map[string]string{
		"t1": "(KS) 9S 8S 7S", "t2": "TS", "t3": "8S",
		"t4": "AS", "t5": "AS", "t6": "AS", "t7": "AS", "t8": "AS", "t9": "AS", "t10": "AS",
	}, rest: "stock"})
	assertMoves(t, g, "t1 t2 3", "t1 t3", "deal")
	refused(t, g, "t1 t3 2", "8S does not go on 8S: t3 builds down regardless of suit")

	g = setUp(t, "spider-two-suits", layout{piles: map[string]string{
		"t1": "(KS) 9H 8S 7S", "t2": "TS", "t3": "9S",
		"t4": "AH", "t5": "AH", "t6": "AH", "t7": "AH", "t8": "AS", "t9": "AS", "t10": "AS",
	}, rest: "stock"})
	assertMoves(t, g, "t1 t3 2", "t3 t2", "deal")
	refused(t, g, "t1 t2 3", "the top 3 cards of t1 are not a run: at most 2 move together")
	play(t, g, "t1 t3 2", "t1 t2")
	assertPiles(t, g, map[string]string{"t1": "KS", "t2": "TS 9H", "t3": "9S 8S 7S"})
}

// ---- Pyramid ----

// pyramidFull is a whole pyramid, p1..p28 one card each, bottom row p22..p28
// KH 5C 8D 3S TS QC AH, with QS (p16) and KC (p17) in the row above.
func pyramidFull() map[string]string {
	piles := map[string]string{}
	cards := strings.Fields("2C 3C 4C 6C 7C 9C TC JC AD 2D 3D 4D 5D 6D 7D " + // p1..p15
		"QS KC 2H 3H 4H 5H " + // p16..p21
		"KH 5C 8D 3S TS QC AH") // p22..p28
	for i, c := range cards {
		piles[pileNames("p", 1, 28)[i]] = c
	}
	return piles
}

// Two free cards whose ranks add up to 13 go to d together, a King alone; a
// card is free when both cards below it are gone; the waste's top card is
// free, the card beneath it is not.
func TestClassicsPyramidPairs(t *testing.T) {
	piles := pyramidFull()
	piles["waste"] = "KD 8S" // 8S on top
	g := setUp(t, "pyramid", layout{piles: piles, rest: "stock"})
	assertMoves(t, g,
		"p22 d",       // KH alone
		"p23+p24 d",   // 5 + 8
		"p25+p26 d",   // 3 + 10
		"p27+p28 d",   // 12 + 1
		"p23+waste d", // 5 + 8 with the waste top
		"deal")
	for move, why := range map[string]string{
		"p16+p28 d":   "p16 is covered: it is free only when p22, p23 are empty",                         // QS + AH, but QS is covered
		"p23+p25 d":   "not a pair for d: both cards must be free, in different piles, and add up to 13", // 5 + 3
		"p24+waste d": "not a pair for d: both cards must be free, in different piles, and add up to 13", // 8 + 8
		"p24 d":       "d takes one card alone only if its rank is 13; otherwise two cards adding up to 13",
		"waste d":     "d takes one card alone only if its rank is 13; otherwise two cards adding up to 13", // KD is beneath 8S
		"p22 waste":   "cards from p22 may not go to waste: they go only to d",
		"p23 p16":     "cards from p23 may not go to p16: they go only to d",
	} {
		refused(t, g, move, why)
	}
	// The two cards may be named in either order.
	play(t, g, "p22 d", "waste+p23 d")
	assertPiles(t, g, map[string]string{"d": "KH 5C 8S", "p22": "", "p23": "", "waste": "KD"})
	// QS is free now, KC (p17) still covered by 8D (p24); KD is the waste top.
	assertMoves(t, g, "p16+p28 d", "p25+p26 d", "p27+p28 d", "waste d", "deal")
	play(t, g, "p16+p28 d")
	assertPiles(t, g, map[string]string{"d": "KH 5C 8S QS AH", "p16": "", "p28": ""})
}

// A covered King cannot go alone either, and the reason says it is covered.
func TestClassicsPyramidCoveredKing(t *testing.T) {
	g := setUp(t, "pyramid", layout{piles: pyramidFull(), rest: "stock"})
	assert.NotContains(t, movesOf(g), "p17 d")
	refused(t, g, "p17 d", "p17 is covered: it is free only when p23, p24 are empty")
}

// The stock turns one card onto the waste; the waste may be turned over
// twice; the game is won when the pyramid is empty, whatever is left in the
// stock and the waste.
func TestClassicsPyramidWon(t *testing.T) {
	g := setUp(t, "pyramid", layout{piles: map[string]string{
		"p1": "6H", "waste": "QD 7C", "stock": "(AS)",
	}, rest: "d", restUp: true, redeals: 1})
	assertMoves(t, g, "p1+waste d", "deal")
	assert.Equal(t, interp.Playing, g.Status())
	play(t, g, "deal")
	assertPiles(t, g, map[string]string{"stock": "", "waste": "QD 7C AS"})
	assertMoves(t, g, "redeal")
	play(t, g, "redeal")
	assertPiles(t, g, map[string]string{"stock": "(AS) (7C) (QD)", "waste": ""})
	assert.Equal(t, 0, g.Position().RedealsLeft)
	play(t, g, "deal", "deal")
	assertMoves(t, g, "p1+waste d", "deal")
	play(t, g, "p1+waste d")
	assertPiles(t, g, map[string]string{"p1": "", "waste": "QD", "stock": "(AS)"})
	assert.Equal(t, interp.Won, g.Status())

	// No third redeal.
	g = setUp(t, "pyramid", layout{piles: map[string]string{
		"p1": "6H", "waste": "QD 7C",
	}, rest: "d", restUp: true, redeals: 2})
	assertMoves(t, g, "p1+waste d")
	refused(t, g, "redeal", "no redeals left: all 2 used")
}

// ---- TriPeaks ----

// tripeaksFull is the three peaks, peak1..peak28, with the given bottom row
// (peak19..peak28) and cards that play no part above it; more overrides.
func tripeaksFull(bottom string, more map[string]string) map[string]string {
	piles := map[string]string{}
	cards := strings.Fields("8C 9C TC JC KC 2D 5D 6D 7D TD JD KD 2H 3H 4H 7H 8H TH " + bottom)
	for i, c := range cards {
		piles[pileNames("peak", 1, 28)[i]] = c
	}
	return merged(piles, more)
}

// A free card goes onto the waste when it is one rank above or below the
// waste's top card, whatever its suit; a card is free when both cards
// overlapping it are gone.
func TestClassicsTriPeaksPlay(t *testing.T) {
	g := setUp(t, "tripeaks", layout{piles: merged(
		tripeaksFull("7C 6S 4D KS AD 9H 5C 3D 6H QC", map[string]string{"peak10": "8D", "peak11": "4S"}),
		map[string]string{"waste": "5H"}), rest: "stock"})
	assertMoves(t, g, "peak20 waste", "peak21 waste", "peak27 waste", "deal")
	for move, why := range map[string]string{
		"peak19 waste":  "7C does not go on 5H: waste builds up or down regardless of suit, round the corner",
		"peak25 waste":  "5C does not go on 5H: waste builds up or down regardless of suit, round the corner",
		"peak22 waste":  "KS does not go on 5H: waste builds up or down regardless of suit, round the corner",
		"peak11 waste":  "peak11 is covered: it is free only when peak20, peak21 are empty", // 4S would fit
		"peak1 waste":   "peak1 is covered: it is free only when peak4, peak5 are empty",
		"peak19 peak20": "cards from peak19 may not go to peak20: they go only to waste",
		"waste peak19":  "cards never leave waste",
	} {
		refused(t, g, move, why)
	}
	play(t, g, "peak20 waste")
	assertPiles(t, g, map[string]string{"waste": "5H 6S", "peak20": ""})
	// 8D (peak10) is still covered by 7C (peak19).
	assertMoves(t, g, "peak19 waste", "peak25 waste", "deal")
	refused(t, g, "peak10 waste", "peak10 is covered: it is free only when peak19, peak20 are empty")
	play(t, g, "peak19 waste")
	assertMoves(t, g, "peak10 waste", "peak27 waste", "deal")
	play(t, g, "peak10 waste")
	assertPiles(t, g, map[string]string{"waste": "5H 6S 7C 8D", "peak10": "", "peak19": ""})
}

// Round the corner: an Ace and a Queen go on a King, a King and a 2 on an
// Ace.
func TestClassicsTriPeaksWrap(t *testing.T) {
	g := setUp(t, "tripeaks", layout{piles: merged(
		tripeaksFull("2C JS QD KS AD 9H 5C 3D 6H QC", nil),
		map[string]string{"waste": "KH"}), rest: "stock"})
	assertMoves(t, g, "peak21 waste", "peak23 waste", "peak28 waste", "deal")
	refused(t, g, "peak19 waste", "2C does not go on KH: waste builds up or down regardless of suit, round the corner")
	refused(t, g, "peak22 waste", "KS does not go on KH: waste builds up or down regardless of suit, round the corner")
	refused(t, g, "peak20 waste", "JS does not go on KH: waste builds up or down regardless of suit, round the corner")
	play(t, g, "peak23 waste")
	assertMoves(t, g, "peak19 waste", "peak22 waste", "deal")
}

// The stock turns one card onto the waste, and is not turned over; the game
// is won when the three peaks are empty, and lost when no card plays and the
// stock is done.
func TestClassicsTriPeaksEnd(t *testing.T) {
	g := setUp(t, "tripeaks", layout{piles: map[string]string{
		"peak1": "3S", "waste": "9D", "stock": "(4D)",
	}, rest: "waste", restUp: true})
	assertMoves(t, g, "deal")
	play(t, g, "deal")
	assertPiles(t, g, map[string]string{"stock": ""})
	assert.True(t, strings.HasSuffix(pileOf(t, g, "waste"), "9D 4D"))
	assertMoves(t, g, "peak1 waste")
	refused(t, g, "redeal", "this game has no redeal")
	assert.Equal(t, interp.Playing, g.Status())
	play(t, g, "peak1 waste")
	assert.Equal(t, interp.Won, g.Status())
	assertMoves(t, g)

	g = setUp(t, "tripeaks", layout{piles: map[string]string{
		"peak1": "3S", "waste": "9D",
	}, rest: "waste", restUp: true})
	assertMoves(t, g)
	refused(t, g, "deal", "the stock is empty")
	assert.Equal(t, interp.Lost, g.Status())
}

// ---- Canfield ----

// The card dealt to f1 sets the base rank b.
func TestClassicsCanfieldDeal(t *testing.T) {
	r := rulesOf(t, "canfield")
	for seed := uint64(1); seed <= 5; seed++ {
		g := interp.NewFromRules(r, seed)
		f1 := pileOf(t, g, "f1")
		require.Len(t, f1, 2, "f1 holds one card")
		assert.Equal(t, map[string]string{"b": valueOfRank(f1[0])}, g.Position().Values, "b is the rank of f1")
		reserve := strings.Fields(pileOf(t, g, "r"))
		require.Len(t, reserve, 13)
		for k, c := range reserve {
			assert.Equal(t, k < 12, strings.HasPrefix(c, "("), "reserve card %d: face down but the top", k+1)
		}
		for _, p := range pileNames("t", 1, 4) {
			assert.Len(t, strings.Fields(pileOf(t, g, p)), 1, p)
		}
		assert.Len(t, strings.Fields(pileOf(t, g, "stock")), 34)
		assert.Equal(t, -1, g.Position().RedealsLeft, "unlimited redeals")
	}
}

// valueOfRank is a rank character as a game value is written ("10" for T).
func valueOfRank(c byte) string {
	if c == 'T' {
		return "10"
	}
	return string(c)
}

// Foundations start only with a rank-b card and build up in suit, round the
// corner (A on K); the reserve's top card plays to a foundation or a column;
// columns build down in alternating colours.
func TestClassicsCanfieldFoundations(t *testing.T) {
	g := setUp(t, "canfield", layout{piles: map[string]string{
		"f1":    "7C 8C",
		"f2":    seq('7', 1, 7, "D"), // 7D .. KD: an Ace next
		"r":     "(2C) (3C) 8H",
		"t1":    "7H", // starts a foundation
		"t2":    "8S", // goes on 9H
		"t3":    "9C", // goes on 8C
		"t4":    "9H",
		"waste": "AD", // goes on KD
	}, rest: "stock", values: map[string]string{"b": "7"}})
	assertMoves(t, g,
		"waste f2", // AD on KD: round the corner
		"t1 f3", "t1 f4",
		"t3 f1",
		"r t3", // 8H on 9C
		"t1 t2", "t2 t4",
		"deal")
	for move, why := range map[string]string{
		"t2 f3":    "f3 is empty: only a 7 (rank b) may start it, not 8S",
		"r f3":     "f3 is empty: only a 7 (rank b) may start it, not 8H",
		"t4 f1":    "9H does not go on 8C: f1 builds up in suit, round the corner",
		"t1 f2":    "7H does not go on KD: f2 builds up in suit, round the corner",
		"t4 t3":    "9H does not go on 9C: t3 builds down in alternating colours, round the corner",
		"f1 t4":    "cards never leave f1",
		"stock t1": "cards leave stock only by dealing: use `deal`",
	} {
		refused(t, g, move, why)
	}
	play(t, g, "waste f2", "t3 f1")
	assertPiles(t, g, map[string]string{"f2": seq('7', 1, 8, "D"), "f1": "7C 8C 9C"})
	// t3 was emptied: the reserve's top card fills it at once, and the card
	// beneath is turned up.
	assertPiles(t, g, map[string]string{"t3": "8H", "r": "(2C) 3C"})
}

// An empty column is filled at once from the reserve, whose next card turns
// up; runs move whole or in part, round the corner (a King on an Ace).
func TestClassicsCanfieldRefillFromReserve(t *testing.T) {
	g := setUp(t, "canfield", layout{piles: map[string]string{
		"f1":    "5C",
		"r":     "(QD) (2S) 6D",
		"t1":    "AS",          // takes a red King: round the corner
		"t2":    "KD QS JD TS", // a run of four
		"t3":    "QC",          // takes JD TS; goes on KH
		"t4":    "KH",          // takes QS JD TS; goes on AS
		"waste": "2H",
	}, rest: "stock", values: map[string]string{"b": "5"}})
	assertMoves(t, g, "t2 t1 4", "t2 t3 2", "t2 t4 3", "t3 t4", "t4 t1", "deal")
	refused(t, g, "t2 t3 3", "QS does not go on QC: t3 builds down in alternating colours, round the corner")
	refused(t, g, "t2 t4 4", "KD does not go on KH: t4 builds down in alternating colours, round the corner")
	refused(t, g, "t2 t1 5", "t2 holds only 4 cards")
	play(t, g, "t2 t1 4")
	assertPiles(t, g, map[string]string{
		"t1": "AS KD QS JD TS",
		"t2": "6D",      // from the reserve, at once
		"r":  "(QD) 2S", // the next card turned up
	})
	play(t, g, "t1 t3 2")
	assertPiles(t, g, map[string]string{"t1": "AS KD QS", "t3": "QC JD TS"})
}

// Once the reserve is empty, a space stays empty until the player fills it,
// and only from the waste.
func TestClassicsCanfieldSpaceFromWaste(t *testing.T) {
	g := setUp(t, "canfield", layout{piles: map[string]string{
		"f1":    "5C",
		"r":     "",
		"t1":    "TS",
		"t2":    "QD JC",
		"t3":    "8C",
		"t4":    "",
		"waste": "KH 9H",
	}, rest: "stock", values: map[string]string{"b": "5"}})
	assertMoves(t, g, "waste t1", "waste t4", "deal")
	for move, why := range map[string]string{
		"t2 t4 2": "t4 is empty: it may be filled only from waste",
		"t2 t4":   "t4 is empty: it may be filled only from waste",
		"t3 t4":   "t4 is empty: it may be filled only from waste",
		"r t4":    "r is empty",
	} {
		refused(t, g, move, why)
	}
	play(t, g, "waste t4")
	assertPiles(t, g, map[string]string{"t4": "9H", "waste": "KH"})
	play(t, g, "t3 t4")
	assertPiles(t, g, map[string]string{"t3": "", "t4": "9H 8C", "waste": "KH"})
	assertMoves(t, g, "waste t3", "t4 t1 2", "deal") // 9H 8C on TS
}

// The stock is turned three cards at a time (fewer at the end), only the
// top card of the waste plays, and the waste may be turned over again and
// again, in the same order.
func TestClassicsCanfieldTurnThree(t *testing.T) {
	stock := down("2H 4H 6D 8H") // 8H turned first
	g := setUp(t, "canfield", layout{piles: map[string]string{
		"f1": "5C", "r": "(KS) QS",
		"t1": "9C", "t2": "7S", "t3": "9S", "t4": "KC",
		"stock": stock,
	}, rest: "t4", values: map[string]string{"b": "5"}})
	assertMoves(t, g, "deal")
	for pass := 0; pass < 3; pass++ {
		play(t, g, "deal")
		assertPiles(t, g, map[string]string{"waste": "8H 6D 4H", "stock": down("2H")})
		// 4H is the top: 8H (on 9C or 9S) and 6D (on 7S) are beneath it.
		assertMoves(t, g, "deal")
		refused(t, g, "waste t1", "4H does not go on 9C: t1 builds down in alternating colours, round the corner")
		play(t, g, "deal")
		assertPiles(t, g, map[string]string{"waste": "8H 6D 4H 2H", "stock": ""})
		assertMoves(t, g, "redeal")
		play(t, g, "redeal")
		assertPiles(t, g, map[string]string{"waste": "", "stock": stock})
		assert.Equal(t, pass+1, g.Position().RedealsUsed)
		assert.Equal(t, -1, g.Position().RedealsLeft)
	}
}

// ---- Klondike ----

// Only a King, or a run headed by one, fills a space; runs built down in
// alternating colours move whole or in part.
func TestClassicsKlondikeSpacesAndRuns(t *testing.T) {
	g := setUp(t, "klondike", layout{piles: map[string]string{
		"t1":    "(5C) KH QS JH", // a King-headed run
		"t2":    "(6C) TD 9C 8H", // a run of three, no King
		"t3":    "JS",            // takes TD 9C 8H, or TH
		"t4":    "TH",            // takes 9C 8H
		"t5":    "(7C) KS",       // a lone King
		"t6":    "2D",
		"t7":    "",
		"waste": "5D",
	}, rest: "stock"})
	assertMoves(t, g,
		"t1 t7 3", // KH QS JH into the space
		"t5 t7",   // KS into the space
		"t2 t3 3", // the whole run
		"t2 t4 2", // part of it
		"t4 t3",   // TH on JS
		"deal")
	for move, why := range map[string]string{
		"t1 t7 2":  "t7 is empty: only a run headed by a K may start it, not QS",
		"t1 t7":    "t7 is empty: only a K may start it, not JH",
		"t2 t7 3":  "t7 is empty: only a run headed by a K may start it, not TD",
		"waste t7": "t7 is empty: only a K may start it, not 5D",
		"t2 t3 4":  "the top 4 cards of t2 are not a run: at most 3 move together",
		"t2 t4 3":  "TD does not go on TH: t4 builds down in alternating colours",
		"t6 f1":    "f1 is empty: only an A may start it, not 2D",
		"f1 t1":    "f1 is empty",
	} {
		refused(t, g, move, why)
	}
	play(t, g, "t2 t4 2")
	assertPiles(t, g, map[string]string{"t2": "(6C) TD", "t4": "TH 9C 8H"})
	play(t, g, "t1 t7 3")
	assertPiles(t, g, map[string]string{"t1": "5C", "t7": "KH QS JH"}) // 5C turned up
}

// klondikeStock is a position with four cards in the stock (7C turned
// first) over tableau tops that build on nothing but what the stock brings:
// 7C on 8D, 5C on 6D or 6H, 3C on 4D or 4H, AS to a foundation.
func klondikeStock() layout {
	return layout{piles: map[string]string{
		"stock": down("AS 3C 5C 7C"),
		"t1":    "QD", "t2": "QH", "t3": "4D", "t4": "4H", "t5": "6D", "t6": "6H", "t7": "8D",
	}, rest: "t1"}
}

// Klondike turns one card at a time; Klondike by threes three, of which
// only the top one plays; both turn the waste over as often as the player
// likes, in the same order.
func TestClassicsKlondikeTurnOneAndThree(t *testing.T) {
	t.Run("klondike turns one", func(t *testing.T) {
		g := setUp(t, "klondike", klondikeStock())
		play(t, g, "deal")
		assertPiles(t, g, map[string]string{"waste": "7C", "stock": down("AS 3C 5C")})
		assertMoves(t, g, "waste t7", "deal")
		play(t, g, "deal")
		assertMoves(t, g, "waste t5", "waste t6", "deal")
		play(t, g, "deal", "deal")
		assertPiles(t, g, map[string]string{"waste": "7C 5C 3C AS", "stock": ""})
		assertMoves(t, g, "waste f1", "waste f2", "waste f3", "waste f4", "redeal")
	})
	t.Run("klondike by threes turns three", func(t *testing.T) {
		g := setUp(t, "klondike-by-threes", klondikeStock())
		play(t, g, "deal")
		assertPiles(t, g, map[string]string{"waste": "7C 5C 3C", "stock": down("AS")})
		// Only 3C plays: 5C and 7C lie beneath it.
		assertMoves(t, g, "waste t3", "waste t4", "deal")
		refused(t, g, "waste t7", "3C does not go on 8D: t7 builds down in alternating colours")
		play(t, g, "waste t3")
		assertMoves(t, g, "waste t5", "waste t6", "t3 t4", "deal") // 3C may go on to 4H
		play(t, g, "deal")
		assertPiles(t, g, map[string]string{"waste": "7C 5C AS", "stock": ""})
		assertMoves(t, g, "waste f1", "waste f2", "waste f3", "waste f4", "t3 t4", "redeal")
	})
	for _, ruleset := range []string{"klondike", "klondike-by-threes"} {
		t.Run(ruleset+" redeals without limit", func(t *testing.T) {
			l := klondikeStock()
			stock := l.piles["stock"]
			l.piles["waste"], l.piles["stock"] = "7C 5C 3C AS", ""
			g := setUp(t, ruleset, l)
			for pass := 1; pass <= 10; pass++ {
				assertMoves(t, g, "waste f1", "waste f2", "waste f3", "waste f4", "redeal")
				refused(t, g, "deal", "the stock is empty: redeal first")
				play(t, g, "redeal")
				assertPiles(t, g, map[string]string{"stock": stock, "waste": ""})
				assert.Equal(t, pass, g.Position().RedealsUsed)
				assert.Equal(t, -1, g.Position().RedealsLeft)
				for strings.TrimSpace(pileOf(t, g, "stock")) != "" {
					play(t, g, "deal")
				}
				assertPiles(t, g, map[string]string{"waste": "7C 5C 3C AS"})
			}
		})
	}
}

// Klondike deals 1..7 cards to the columns, face down but the top, and 24
// to the stock.
func TestClassicsKlondikeDeal(t *testing.T) {
	for _, ruleset := range []string{"klondike", "klondike-by-threes"} {
		g := interp.NewFromRules(rulesOf(t, ruleset), 1)
		for i, p := range pileNames("t", 1, 7) {
			c := strings.Fields(pileOf(t, g, p))
			require.Len(t, c, i+1, p)
			for k, card := range c {
				assert.Equal(t, k < i, strings.HasPrefix(card, "("), "%s card %d: face down but the top", p, k+1)
			}
		}
		assert.Len(t, strings.Fields(pileOf(t, g, "stock")), 24)
	}
}

// ---- Forty Thieves ----

// Columns build down in suit, one card at a time; any card fills a space;
// one pass through the stock.
func TestClassicsFortyThieves(t *testing.T) {
	g := setUp(t, "forty-thieves", layout{piles: map[string]string{
		"t1": "9H 8H", // in suit, but only 8H moves
		"t2": "9H",    // takes 8H
		"t3": "TH",    // takes 9H
		"t4": "9S",    // takes 8S only
		"t5": "QC", "t6": "QD", "t7": "5S", "t8": "5C", "t9": "2D",
		"t10":   "",
		"waste": "7H", // on 8H
	}, rest: "stock"})
	want := []string{"t1 t2", "t2 t3", "waste t1", "waste t10"}
	want = append(want, movesFromAll(pileNames("t", 1, 9), "t10")...)
	assertMoves(t, g, append(want, "deal")...)
	for move, why := range map[string]string{
		"t1 t3 2":  "only the top card of t1 may move",
		"t1 t10 2": "only the top card of t1 may move",
		"t1 t4":    "8H does not go on 9S: t4 builds down in suit",
		"redeal":   "this game has no redeal",
	} {
		refused(t, g, move, why)
	}
	play(t, g, "t4 t10")
	assertPiles(t, g, map[string]string{"t4": "", "t10": "9S"})
	play(t, g, "t1 t2")
	assertPiles(t, g, map[string]string{"t1": "9H", "t2": "9H 8H"})

	// The stock is gone through once.
	g = setUp(t, "forty-thieves", layout{piles: map[string]string{
		"t1": "9H", "t2": "9H", "t3": "TH", "t4": "9S", "t5": "QC", "t6": "QD",
		"t7": "5S", "t8": "5C", "t9": "2D", "t10": "2D", "stock": "",
	}, rest: "waste", restUp: true})
	assertMoves(t, g, "t1 t3", "t2 t3")
	refused(t, g, "deal", "the stock is empty")
	refused(t, g, "redeal", "this game has no redeal")
}

// ---- Red and Black ----

// The eight Aces are taken out first, one to each foundation; one card to
// each column; 88 in the stock.
func TestClassicsRedAndBlackDeal(t *testing.T) {
	r := rulesOf(t, "red-and-black")
	for seed := uint64(1); seed <= 5; seed++ {
		g := interp.NewFromRules(r, seed)
		var aces []string
		for _, f := range pileNames("f", 1, 8) {
			aces = append(aces, pileOf(t, g, f))
		}
		assert.Equal(t, []string{"AC", "AD", "AH", "AS", "AC", "AD", "AH", "AS"}, aces, "one Ace on each foundation")
		for _, p := range pileNames("t", 1, 8) {
			c := pileOf(t, g, p)
			assert.Len(t, c, 2, "%s holds one face-up card", p)
			assert.NotEqual(t, byte('A'), c[0], "no Ace is left to deal to %s", p)
		}
		assert.Len(t, strings.Fields(pileOf(t, g, "stock")), 88)
		assert.Empty(t, pileOf(t, g, "waste"))
	}
}

// redBlackAces are the eight foundations with their Aces.
func redBlackAces() map[string]string {
	return map[string]string{"f1": "AC", "f2": "AD", "f3": "AH", "f4": "AS", "f5": "AC", "f6": "AD", "f7": "AH", "f8": "AS"}
}

// Foundations build up in alternating colours, whatever the suit; columns
// build down in alternating colours, one card at a time.
func TestClassicsRedAndBlackBuilding(t *testing.T) {
	g := setUp(t, "red-and-black", layout{piles: merged(redBlackAces(), map[string]string{
		"f1": "AC 2H", // takes a black 3
		"t1": "5D",    // goes on 6S
		"t2": "6S",
		"t3": "3S", // goes on 2H
		"t4": "2D", // goes on a black Ace
		"t5": "QH", "t6": "QD", "t7": "8H", "t8": "8D",
		"waste": "9C KH",
	}), rest: "stock"})
	assertMoves(t, g, "t1 t2", "t3 f1", "t4 f4", "t4 f5", "t4 f8", "t4 t3", "deal")
	for move, why := range map[string]string{
		"t4 f2":    "2D does not go on AD: f2 builds up in alternating colours",
		"t4 f3":    "2D does not go on AH: f3 builds up in alternating colours",
		"t3 f4":    "3S does not go on AS: f4 builds up in alternating colours",
		"t2 t1":    "6S does not go on 5D: t1 builds down in alternating colours",
		"t8 t7":    "8D does not go on 8H: t7 builds down in alternating colours",
		"waste t5": "KH does not go on QH: t5 builds down in alternating colours",
		"f1 t5":    "cards never leave f1",
	} {
		refused(t, g, move, why)
	}
	play(t, g, "t3 f1")
	assertPiles(t, g, map[string]string{"f1": "AC 2H 3S"})
}

// A space is filled at once with the top card of the waste, or, when the
// waste is empty, of the stock.
func TestClassicsRedAndBlackRefill(t *testing.T) {
	g := setUp(t, "red-and-black", layout{piles: merged(redBlackAces(), map[string]string{
		"f1": "AC 2H",
		"t1": "5D", "t2": "6S", "t3": "3S", "t4": "2D",
		"t5": "QH", "t6": "QD", "t7": "8H", "t8": "8D",
		"waste": "9C KH",
		"stock": "(7C)", // on top of the rest
	}), rest: "stock"})
	play(t, g, "t1 t2")
	assertPiles(t, g, map[string]string{"t1": "KH", "t2": "6S 5D", "waste": "9C"})
	refused(t, g, "t2 t5 2", "only the top card of t2 may move")
	play(t, g, "t3 f1")
	assertPiles(t, g, map[string]string{"t3": "9C", "f1": "AC 2H 3S", "waste": ""})
	play(t, g, "t4 f4")
	assertPiles(t, g, map[string]string{"t4": "7C", "f4": "AS 2D", "waste": ""})
	assert.False(t, strings.HasSuffix(pileOf(t, g, "stock"), "(7C)"), "7C left the stock")
	refused(t, g, "redeal", "this game has no redeal")
}

// ---- Labyrinth ----

// labyrinthMaze is a maze of four rows dealt, over foundations where the
// next cards are 2C, 8D (on ace2), 3H (on ace3), 2S and the four Queens.
func labyrinthMaze(stock string) layout {
	return layout{piles: map[string]string{
		"ace1": "AC", "ace2": seq('A', 1, 7, "D"), "ace3": "AH 2H", "ace4": "AS",
		"king1": "KC", "king2": "KD", "king3": "KH", "king4": "KS",
		"maze1":  "3H 5C 9S 4S", // 3H free (row 1); 5C between 3H and 9S is not
		"maze2":  ".. 8D JC QS", // 8D free (gap above); JC is not; QS free (last row)
		"maze3":  "2S .. .. 9D", // 9D free but not playable yet
		"maze4":  "3S 4H 5H 6H",
		"maze5":  "4C 6C 7C 8C",
		"maze6":  "9C TC 4D 5D",
		"maze7":  "6S 7S 8S TS",
		"maze8":  "JS 7H 8H 9H",
		"maze9":  "TH JH 5S 6D",
		"maze10": "9C TC JD TD",
		"stock":  stock,
	}, rest: "stock"}
}

// A card is free when it is in row 1, or the slot above or below it is
// empty (so the last row is free); a card with cards above and below is
// not. Free cards go only to the foundations.
func TestClassicsLabyrinthAvailability(t *testing.T) {
	g := setUp(t, "labyrinth", labyrinthMaze(down("AD 5H")))
	assertMoves(t, g,
		"maze1:1 ace3",  // row 1
		"maze2:2 ace2",  // a gap above
		"maze2:4 king4", // the last row
		"maze3:1 ace4",
		"deal")
	cov := func(c string, row int, pile string) string {
		return c + " in row " + string(rune('0'+row)) + " of " + pile + " is covered: a card is free only when the slot above or below it is empty"
	}
	for move, why := range map[string]string{
		"maze1:2 ace1":  cov("5C", 2, "maze1"),
		"maze1:3 king4": cov("9S", 3, "maze1"),
		"maze2:3 king1": cov("JC", 3, "maze2"),
		"maze4:2 ace3":  cov("4H", 2, "maze4"),
		"maze3:4 ace2":  "9D does not go on 7D: ace2 builds up in suit",
		"maze3:2 ace1":  "maze3 has no card in row 2",
		"maze1:4 maze2": "cards from maze1 may not go to maze2: they go only to ace, king",
		"maze1:4 stock": "nothing is moved to stock: only a redeal fills it",
		"ace1 king1":    "cards never leave ace1",
		"redeal":        "this game has no redeal",
	} {
		refused(t, g, move, why)
	}

	// Taking 8D from row 2 frees JC from above, and 9D may follow it; the
	// gap in row 2 stays.
	play(t, g, "maze2:2 ace2")
	assertPiles(t, g, map[string]string{"maze2": ".. .. JC QS", "ace2": seq('A', 1, 8, "D")})
	assertMoves(t, g, "maze1:1 ace3", "maze2:4 king4", "maze3:1 ace4", "maze3:4 ace2", "deal")
	refused(t, g, "maze2:3 king1", "JC does not go on KC: king1 builds down in suit")
}

// A gap in the last row dealt is filled at once from the stock while the
// stock lasts; a gap in an earlier row is not; the stock deals a new row,
// maze1 first.
func TestClassicsLabyrinthRefill(t *testing.T) {
	g := setUp(t, "labyrinth", labyrinthMaze(down("AD 5H"))) // 5H on top, AD next
	n := len(strings.Fields(pileOf(t, g, "stock")))
	play(t, g, "maze2:4 king4")
	assertPiles(t, g, map[string]string{"maze2": ".. 8D JC 5H", "king4": "KS QS"})
	play(t, g, "maze1:1 ace3")
	assertPiles(t, g, map[string]string{"maze1": ".. 5C 9S 4S", "ace3": "AH 2H 3H"}) // row 1 is not refilled
	play(t, g, "maze2:2 ace2", "maze3:4 ace2")
	assertPiles(t, g, map[string]string{"maze2": ".. .. JC 5H", "maze3": "2S .. .. AD", "ace2": seq('A', 1, 9, "D")})
	stock := strings.Fields(pileOf(t, g, "stock"))
	assert.Len(t, stock, n-2)

	// A deal adds row 5, gaps above it stay; from now on row 5 is refilled.
	play(t, g, "deal")
	for i, p := range pileNames("maze", 1, 10) {
		c := strings.Fields(pileOf(t, g, p))
		require.Len(t, c, 5, p)
		assert.Equal(t, "("+c[4]+")", stock[len(stock)-1-i], "%s gets the stock's card %d", p, i+1)
	}
	assertPiles(t, g, map[string]string{"maze3": "2S .. .. AD " + strings.Trim(stock[len(stock)-3], "()")})
}

// With the stock done, a gap in the last row stays; the game is won when
// every card is on the foundations.
func TestClassicsLabyrinthEnd(t *testing.T) {
	piles := map[string]string{
		"maze1": "2C KD", "maze2": "AC KS", "maze3": "2D ..", "maze4": "AD ..", "maze5": "2H ..",
		"maze6": "AH ..", "maze7": "2S ..", "maze8": "AS ..", "maze9": "KC ..", "maze10": "KH ..",
	}
	for i, s := range []string{"C", "D", "H", "S"} {
		piles[pileNames("ace", 1, 4)[i]] = seq('A', 1, 12, s)   // A..Q: a K next
		piles[pileNames("king", 1, 4)[i]] = seq('K', -1, 11, s) // K..3: a 2 next
	}
	g := setUp(t, "labyrinth", layout{piles: piles})
	assertMoves(t, g,
		"maze1:1 king1", "maze3:1 king2", "maze5:1 king3", "maze7:1 king4",
		"maze9:1 ace1", "maze10:1 ace3", "maze1:2 ace2", "maze2:2 ace4")
	refused(t, g, "maze2:1 king1", "AC does not go on 3C: king1 builds down in suit")
	refused(t, g, "deal", "the stock is empty")
	play(t, g, "maze1:2 ace2")
	assertPiles(t, g, map[string]string{"maze1": "2C ..", "ace2": seq('A', 1, 13, "D")})
	for _, m := range []string{"maze1:1 king1", "maze2:1 king1", "maze2:2 ace4", "maze3:1 king2", "maze4:1 king2",
		"maze5:1 king3", "maze6:1 king3", "maze7:1 king4", "maze8:1 king4", "maze9:1 ace1"} {
		assert.Equal(t, interp.Playing, g.Status())
		play(t, g, m)
	}
	assertMoves(t, g, "maze10:1 ace3")
	play(t, g, "maze10:1 ace3")
	assert.Equal(t, interp.Won, g.Status())
}

// ---- Deals ----

// The opening layouts of the games whose other tests start from set
// positions: how many cards go where, face up or down.
func TestClassicsDeals(t *testing.T) {
	count := func(t *testing.T, g *interp.Game, p string) int {
		t.Helper()
		n := 0
		for _, c := range strings.Fields(pileOf(t, g, p)) {
			if c != ".." {
				n++
			}
		}
		return n
	}
	faceDown := func(t *testing.T, g *interp.Game, p string) int {
		t.Helper()
		return strings.Count(pileOf(t, g, p), "(")
	}
	for seed := uint64(1); seed <= 3; seed++ {
		t.Run("freecell", func(t *testing.T) {
			g := interp.NewFromRules(rulesOf(t, "freecell"), seed)
			for i, n := range []int{7, 7, 7, 7, 6, 6, 6, 6} {
				p := pileNames("t", 1, 8)[i]
				assert.Equal(t, n, count(t, g, p), p)
				assert.Zero(t, faceDown(t, g, p), "%s is all face up", p)
			}
		})
		t.Run("forty-thieves", func(t *testing.T) {
			g := interp.NewFromRules(rulesOf(t, "forty-thieves"), seed)
			for _, p := range pileNames("t", 1, 10) {
				assert.Equal(t, 4, count(t, g, p), p)
				assert.Zero(t, faceDown(t, g, p), "%s is all face up", p)
			}
			assert.Equal(t, 64, count(t, g, "stock"))
		})
		t.Run("pyramid", func(t *testing.T) {
			g := interp.NewFromRules(rulesOf(t, "pyramid"), seed)
			for _, p := range pileNames("p", 1, 28) {
				assert.Equal(t, 1, count(t, g, p), p)
				assert.Zero(t, faceDown(t, g, p), "%s is face up", p)
			}
			assert.Equal(t, 24, count(t, g, "stock"))
			assert.Equal(t, 2, g.Position().RedealsLeft)
		})
		t.Run("tripeaks", func(t *testing.T) {
			g := interp.NewFromRules(rulesOf(t, "tripeaks"), seed)
			for _, p := range pileNames("peak", 1, 28) {
				assert.Equal(t, 1, count(t, g, p), p)
				assert.Zero(t, faceDown(t, g, p), "%s is face up (the open variant)", p)
			}
			assert.Equal(t, 1, count(t, g, "waste"))
			assert.Equal(t, 23, count(t, g, "stock"))
		})
		t.Run("labyrinth", func(t *testing.T) {
			g := interp.NewFromRules(rulesOf(t, "labyrinth"), seed)
			for i, s := range "CDHS" {
				assert.Equal(t, "A"+string(s), pileOf(t, g, pileNames("ace", 1, 4)[i]))
				assert.Equal(t, "K"+string(s), pileOf(t, g, pileNames("king", 1, 4)[i]))
			}
			for _, p := range pileNames("maze", 1, 10) {
				assert.Equal(t, 1, count(t, g, p), p)
			}
			assert.Equal(t, 86, count(t, g, "stock"))
		})
	}
}
