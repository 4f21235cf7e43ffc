package interp_test

// These tests pin the distinctive rules of the games written with the
// second round of the language: moving any face-up group (Yukon, Russian
// Solitaire), building by steps of more than one rank (Calculation, Betsy
// Ross) and any card on any card (Calculation, Sir Tommy), the top card or
// the whole pile (Canfield, top card or whole pile), and spaces never
// filled with Kings put at the bottom by the deal (Baker's Dozen).

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/interp"
	"github.com/patience-dev/patience/rulesets"
)

// ---- Yukon and Russian Solitaire ----

// Any face-up card moves with every card on it, in sequence or not; only
// the card moved must fit where it lands, and only a King (with whatever
// lies on it) fills a space.
func TestFamiliesYukonMoveAny(t *testing.T) {
	g := setUp(t, "yukon", layout{piles: map[string]string{
		"t1": "9S 8D 3C",      // not a run: 9S, 8D 3C and 3C each move
		"t2": "TH",            // takes 9S 8D 3C, or 9C
		"t3": "9C",            // takes 8D 3C
		"t4": "4D",            // takes 3C
		"t6": "(2H) KS QH 5S", // KS QH 5S fills the space t5
		"t7": "(QC) JC",       // takes TH
	}, rest: "t1"})
	assertMoves(t, g, "t1 t2 3", "t1 t3 2", "t1 t4", "t2 t7", "t3 t2", "t4 t6", "t6 t5 3")
	refused(t, g, "t1 t2 2", "8D does not go on TH: t2 builds down in alternating colours")
	refused(t, g, "t6 t5 2", "t5 is empty: only cards headed by a K may start it, not QH")
	refused(t, g, "t6 t2 4", "only the face-up cards of t6 may move: at most 3")
	// A group that could go straight back is rearranging; one that turns
	// a card up is progress.
	for move, want := range map[string]bool{"t1 t3 2": true, "t1 t4": true, "t1 t2 3": false, "t6 t5 3": false} {
		m, err := g.Rules.ParseMove(g.State(), move)
		require.NoError(t, err)
		assert.Equal(t, want, g.Rules.Rearranging(g.State(), m), move)
	}
	play(t, g, "t1 t2 3")
	assertPiles(t, g, map[string]string{"t2": "TH 9S 8D 3C"})
	play(t, g, "t2 t3 2")
	assertPiles(t, g, map[string]string{"t2": "TH 9S", "t3": "9C 8D 3C"})
}

// A group whose bottom card could not go back where it lay is progress,
// not rearranging: the move cannot be undone.
func TestFamiliesYukonOneWayGroup(t *testing.T) {
	g := setUp(t, "yukon", layout{piles: map[string]string{
		"t1": "5H 9S 8D", // 9S does not go on 5H
		"t2": "TH",
	}, rest: "t1"})
	m, err := g.Rules.ParseMove(g.State(), "t1 t2 2")
	require.NoError(t, err)
	assert.False(t, g.Rules.Rearranging(g.State(), m))
	play(t, g, "t1 t2 2")
	refused(t, g, "t2 t1 2", "9S does not go on 5H: t1 builds down in alternating colours")
}

// Russian Solitaire moves groups as Yukon does but builds in suit.
func TestFamiliesRussianSolitaire(t *testing.T) {
	g := setUp(t, "russian-solitaire", layout{piles: map[string]string{
		"t1": "9S 8D 3C",
		"t2": "TS", // takes 9S 8D 3C
		"t3": "9D", // takes 8D 3C
		"t4": "TH",
	}, rest: "t1"})
	assertMoves(t, g, "t1 t2 3", "t1 t3 2")
	refused(t, g, "t1 t4 3", "9S does not go on TH: t4 builds down in suit")
}

// The deal: one card on t1; one to six face down with five face up on t2
// to t7.
func TestFamiliesYukonDeal(t *testing.T) {
	for _, name := range []string{"yukon", "russian-solitaire"} {
		g := interp.NewFromRules(rulesOf(t, name), 1)
		for i, p := range pileNames("t", 1, 7) {
			cards := strings.Fields(pileOf(t, g, p))
			down := strings.Count(pileOf(t, g, p), "(")
			assert.Equal(t, max(i, 0), down, "%s %s face down", name, p)
			assert.Equal(t, min(i, 1)*5+1-min(i, 1), len(cards)-down, "%s %s face up", name, p)
		}
	}
}

// ---- Calculation, Betsy Ross, Sir Tommy ----

// The foundations build by ones, twos, threes and fours regardless of suit,
// round the corner; a waste pile takes any card, and gives only to the
// foundations; a card turned must be played before the next is.
func TestFamiliesCalculation(t *testing.T) {
	g := setUp(t, "calculation", layout{piles: map[string]string{
		"f1": "AS 2D", "f2": "2C 4H", "f3": "3H", "f4": "4D 8C QS",
		"w1": "KD", "waste": "3C",
	}, rest: "stock"})
	// 3C goes on 2D (by one) and on QS (by four round the corner).
	assertMoves(t, g, "waste f1", "waste f4", "waste w1", "waste w2", "waste w3", "waste w4")
	refused(t, g, "waste f2", "3C does not go on 4H: f2 builds up by 2 regardless of suit, round the corner")
	refused(t, g, "deal", "cannot deal now: waste is full (it holds 1 card)")
	refused(t, g, "w1 w2", "cards from w1 may not go to w2: they go only to f")
	play(t, g, "waste w1", "deal")
	assertPiles(t, g, map[string]string{"w1": "KD 3C"})
	// By three round the corner: 3 6 9 Q 2 ...
	g = setUp(t, "calculation", layout{piles: map[string]string{
		"f1": "AS", "f2": "2C", "f3": "3H 6D 9S QC", "f4": "4D", "waste": "2H",
	}, rest: "stock"})
	assertMoves(t, g, "waste f1", "waste f3", "waste w1", "waste w2", "waste w3", "waste w4")
}

// Betsy Ross: f2 goes 4 6 8 10 Q A 3 ...; the reminders never move.
func TestFamiliesBetsyRoss(t *testing.T) {
	g := setUp(t, "betsy-ross", layout{piles: map[string]string{
		"key1": "AC", "key2": "2C", "key3": "3C", "key4": "4C",
		"f1": "2D", "f2": "4D 6S 8H TS QC", "f3": "6D", "f4": "8D", "waste": "AD",
	}, rest: "stock"})
	assertMoves(t, g, "waste f2", "deal")
	refused(t, g, "key1 f2", "cards never leave key1")
	g = interp.NewFromRules(rulesOf(t, "betsy-ross"), 1)
	assertPiles(t, g, map[string]string{"key1": "AC", "key2": "2C", "key3": "3C", "key4": "4C", "f1": "2D", "f2": "4D", "f3": "6C", "f4": "8C"})
}

// Sir Tommy: any card on any waste pile, none from one to another.
func TestFamiliesSirTommy(t *testing.T) {
	g := setUp(t, "sir-tommy", layout{piles: map[string]string{
		"f1": "AS", "w1": "5H", "w2": "2C", "waste": "KC",
	}, rest: "stock"})
	assertMoves(t, g, "w2 f1", "waste w1", "waste w2", "waste w3", "waste w4")
	refused(t, g, "w1 w2", "cards from w1 may not go to w2: they go only to f")
	play(t, g, "waste w1")
	assertPiles(t, g, map[string]string{"w1": "5H KC"})
}

// ---- Canfield, top card or whole pile ----

// A column moves its top card alone or all its cards, never a part.
func TestFamiliesCanfieldTopOrWhole(t *testing.T) {
	g := setUp(t, "canfield-top-or-whole", layout{piles: map[string]string{
		"f1":    "5C",
		"r":     "(QD) (2S) 6D",
		"t1":    "AS",          // takes the whole of t2: KD on AS round the corner
		"t2":    "KD QS JD TS", // JD TS would go on QC, QS JD TS on KH: parts
		"t3":    "QC",
		"t4":    "KH",
		"waste": "2H",
	}, rest: "stock", values: map[string]string{"b": "5"}})
	assertMoves(t, g, "t2 t1 4", "t3 t4", "t4 t1", "deal")
	refused(t, g, "t2 t3 2", "only the top card of t2 or the whole pile of 4 cards may move")
	refused(t, g, "t2 t4 3", "only the top card of t2 or the whole pile of 4 cards may move")
	play(t, g, "t2 t1 4")
	assertPiles(t, g, map[string]string{"t1": "AS KD QS JD TS", "t2": "6D"})
}

// ---- Baker's Dozen ----

// A space is never filled.
func TestFamiliesBakersDozenSpaces(t *testing.T) {
	g := setUp(t, "bakers-dozen", layout{piles: map[string]string{
		"t1": "KS 5C 4D", "t2": "", "t3": "KH 5S",
	}, rest: "t4", restUp: true})
	refused(t, g, "t1 t2", "t2 is empty, and a space there is never filled")
	assert.NotContains(t, movesOf(g), "t1 t2")
	assert.Contains(t, movesOf(g), "t1 t3")
}

// The deal: thirteen columns of four face up, every King beneath the other
// cards of its column. Without `move K to bottom` some column of these
// deals has a King above another card.
func TestFamiliesBakersDozenDeal(t *testing.T) {
	kingsLow := func(r *interp.Rules, seed uint64) bool {
		g := interp.NewFromRules(r, seed)
		low := true
		for _, p := range pileNames("t", 1, 13) {
			cards := strings.Fields(pileOf(t, g, p))
			assert.Len(t, cards, 4, p)
			assert.NotContains(t, pileOf(t, g, p), "(", "%s is face up", p)
			seen := false
			for _, c := range cards {
				if c[0] != 'K' {
					seen = true
				} else if seen {
					low = false
				}
			}
		}
		return low
	}
	r := rulesOf(t, "bakers-dozen")
	src, _ := rulesets.Source("bakers-dozen")
	plain := strings.Replace(string(src), "move K to bottom of each t", "", 1)
	require.NotEqual(t, string(src), plain)
	pg, err := check.Source("plain.patience", []byte(plain))
	require.NoError(t, err)
	without := interp.Compile(pg)
	highSomewhere := false
	for seed := uint64(1); seed <= 5; seed++ {
		assert.True(t, kingsLow(r, seed), "seed %d", seed)
		highSomewhere = highSomewhere || !kingsLow(without, seed)
	}
	assert.True(t, highSomewhere, "the deals never put a King above another card: the test cannot fail")
}

// ---- Shamrocks ----

// The deal: three cards to each fan in turn, the last card a fan of its
// own, and every King at the bottom of its fan.
func TestFamiliesShamrocksDeal(t *testing.T) {
	r := rulesOf(t, "shamrocks")
	for seed := uint64(1); seed <= 3; seed++ {
		g := interp.NewFromRules(r, seed)
		for i, p := range pileNames("fan", 1, 18) {
			cards := strings.Fields(pileOf(t, g, p))
			want := 3
			if i == 17 {
				want = 1
			}
			require.Len(t, cards, want, p)
			for j := 1; j < len(cards); j++ {
				assert.False(t, cards[j][0] == 'K' && cards[j-1][0] != 'K', "%s: %v has a King above another card", p, cards)
			}
		}
	}
}

// Fans build up or down regardless of suit but never hold more than three
// cards, and a space is never filled.
func TestFamiliesShamrocksFans(t *testing.T) {
	g := setUp(t, "shamrocks", layout{piles: map[string]string{
		"f1": "AC 2C 3C 4C 5C 6C 7C 8C", "f2": "AD 2D 3D 4D 5D", "f3": "AH 2H", "f4": "AS 2S 3S",
		"fan1": "9C 8D", "fan2": "4S 3H 7D", "fan3": "", "fan4": "6S",
		"fan5": "9D 6D JC", "fan6": "QC TC KC", "fan7": "TD JD QD", "fan8": "KD 4H 5H",
		"fan9": "6H 7H 8H", "fan10": "9H TH JH", "fan11": "5S 7S QH", "fan12": "8S 9S TS",
		"fan13": "JS QS KS", "fan14": "KH",
	}})
	// 7D down on 8D and up on 6S; 5H down on 6S; the Queens on KH.
	assertMoves(t, g, "fan2 fan1", "fan2 fan4", "fan8 fan4", "fan7 fan14", "fan11 fan14")
	refused(t, g, "fan4 fan2", "fan2 is full: it holds 3 cards")
	refused(t, g, "fan4 fan3", "fan3 is empty, and a space there is never filled")
	play(t, g, "fan2 fan4")
	assertPiles(t, g, map[string]string{"fan4": "6S 7D", "fan2": "4S 3H"})
}

// ---- La Belle Lucie ----

// Twice the fans are gathered, shuffled with the deal's generator and
// dealt again three at a time to the fans in turn; the same position of
// the same deal always redeals alike.
func TestFamiliesLaBelleLucieRedeal(t *testing.T) {
	r := rulesOf(t, "la-belle-lucie")
	g := interp.NewFromRules(r, 1)
	for i, p := range pileNames("fan", 1, 18) {
		want := 3
		if i == 17 {
			want = 1
		}
		assert.Len(t, strings.Fields(pileOf(t, g, p)), want, p)
	}
	// Play a card out, so that 51 cards are gathered: seventeen fans of three.
	var out string
	for _, m := range g.Moves() {
		if s := r.MoveString(m); strings.Contains(s, " f") {
			out = s
			break
		}
	}
	require.NotEmpty(t, out, "seed 1 has a card to play out")
	play(t, g, out)
	var gathered []string
	for _, p := range pileNames("fan", 1, 18) {
		gathered = append(gathered, strings.Fields(pileOf(t, g, p))...)
	}
	twin := interp.NewFromRules(r, 1)
	play(t, twin, out)
	play(t, g, "redeal")
	play(t, twin, "redeal")
	assert.Equal(t, g.Position().Piles, twin.Position().Piles, "a redeal is deterministic")
	var dealt []string
	for i, p := range pileNames("fan", 1, 18) {
		cards := strings.Fields(pileOf(t, g, p))
		want := 3
		if i == 17 {
			want = 0
		}
		assert.Len(t, cards, want, p)
		dealt = append(dealt, cards...)
	}
	assert.ElementsMatch(t, gathered, dealt, "the same cards")
	assert.NotEqual(t, gathered, dealt, "shuffled, not dealt again in order")
	assert.Equal(t, 1, g.Position().RedealsLeft)
	play(t, g, "redeal")
	refused(t, g, "redeal", "no redeals left: all 2 used")
	// Another deal shuffles differently.
	other := interp.NewFromRules(r, 2)
	play(t, other, "redeal")
	assert.NotEqual(t, pileOf(t, g, "fan1"), pileOf(t, other, "fan1"))
}

// ---- Scorpion ----

// Groups move as in Yukon, but a discard takes only a completed run: a
// group of thirteen goes there only if it is King to Ace in suit. The
// three cards kept back go one each to the first three columns.
func TestFamiliesScorpion(t *testing.T) {
	g := setUp(t, "scorpion", layout{piles: map[string]string{
		"t1":    seq('K', -1, 13, "S"),
		"t2":    "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H AH 2H", // AH and 2H swapped
		"stock": "(2C) (3C) (4C)",
	}, rest: "t3", restUp: true})
	moves := movesOf(g)
	assert.Contains(t, moves, "t1 d1 13")
	assert.NotContains(t, moves, "t2 d1 13")
	refused(t, g, "t2 d1 13", "those 13 cards are not a sequence d1 accepts (down in suit)")
	refused(t, g, "t1 d1 12", "d1 takes exactly 13 cards at once")
	play(t, g, "deal")
	assertPiles(t, g, map[string]string{
		"t1":    seq('K', -1, 13, "S") + " 4C",
		"t2":    "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H AH 2H 3C",
		"stock": "",
	})
	assert.True(t, strings.HasSuffix(pileOf(t, g, "t3"), " 2C"), "t3 takes the third card")
	assert.Equal(t, "", pileOf(t, g, "t4"))
}
