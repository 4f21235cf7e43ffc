package interp_test

// These tests pin every rule of the four seed games as ../shared/rules/*.md
// states it. Each sets up a position where one rule decides, asserts the
// full set of legal moves there, the one-line reason for each refused move
// (and that a refused move changes nothing), the effect of the moves played
// and the game's status. Positions are written compactly (a layout): the
// cards of the piles that matter, bottom to top, with every other card of
// the pack put in one named pile.

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/interp"
	"github.com/patience-dev/patience/rulesets"
)

// layout describes a position compactly.
type layout struct {
	piles   map[string]string // pile name -> cards bottom to top, space-separated ("TD (QS) .."); absent: empty
	rest    string            // the pile that takes every card not named, beneath its named cards
	restUp  bool              // the rest lies face up (default: face down)
	phase   int               // phase index
	redeals int               // redeals used
	values  map[string]string // game values, e.g. Plot's {"b": "7"}
}

// rulesOf compiles a built-in ruleset by file name.
func rulesOf(t *testing.T, name string) *interp.Rules {
	t.Helper()
	src, ok := rulesets.Source(name)
	require.True(t, ok, "no ruleset %q", name)
	g, err := check.Source(name+".patience", src)
	require.NoError(t, err)
	return interp.Compile(g)
}

// setUp loads the position a layout describes into a game of the ruleset.
// The cards named plus the rest must make up the pack exactly.
func setUp(t *testing.T, ruleset string, l layout) *interp.Game {
	t.Helper()
	return setUpRules(t, rulesOf(t, ruleset), l)
}

// setUpRules is setUp for rules compiled from anywhere.
func setUpRules(t *testing.T, r *interp.Rules, l layout) *interp.Game {
	t.Helper()
	left := map[interp.Card]int{}
	for _, c := range r.Pack() {
		left[c]++
	}
	named := map[string][]string{}
	for name, text := range l.piles {
		_, ok := r.PileIndex(name)
		require.True(t, ok, "layout names unknown pile %q", name)
		for _, s := range strings.Fields(text) {
			c, err := interp.ParseCard(s)
			require.NoError(t, err)
			if !c.IsGap() {
				left[c.Up()]--
				require.GreaterOrEqual(t, left[c.Up()], 0, "layout uses %s more often than the pack holds it", c.Up())
			}
			named[name] = append(named[name], s)
		}
	}
	var rest []string
	for _, c := range r.Pack() {
		if left[c] > 0 {
			left[c]--
			if !l.restUp {
				c = c.Down()
			}
			rest = append(rest, c.String())
		}
	}
	if len(rest) > 0 {
		_, ok := r.PileIndex(l.rest)
		require.True(t, ok, "%d cards are left over and the layout names no pile for them", len(rest))
	}
	p := &interp.Position{
		Format: interp.PositionFormat, Game: r.Game.Name,
		PhaseIndex: l.phase, RedealsUsed: l.redeals, Values: l.values, Moves: []string{},
	}
	for i := 0; i < r.NumPiles(); i++ {
		name := r.PileName(i)
		cards := []string{}
		if name == l.rest {
			cards = append(cards, rest...)
		}
		cards = append(cards, named[name]...)
		p.Piles = append(p.Piles, interp.PilePosition{Name: name, Cards: cards})
	}
	g, err := r.Load(p)
	require.NoError(t, err)
	return g
}

// movesOf lists the legal moves in notation, sorted.
func movesOf(g *interp.Game) []string {
	var out []string
	for _, m := range g.Moves() {
		out = append(out, g.Rules.MoveString(m))
	}
	slices.Sort(out)
	return out
}

// assertMoves asserts the full set of legal moves.
func assertMoves(t *testing.T, g *interp.Game, want ...string) {
	t.Helper()
	want = slices.Clone(want)
	slices.Sort(want)
	if want == nil {
		want = []string{}
	}
	got := movesOf(g)
	if got == nil {
		got = []string{}
	}
	assert.Equal(t, want, got, "legal moves")
}

// refused asserts that a move is refused with exactly the reason given, and
// that the refusal changes nothing.
func refused(t *testing.T, g *interp.Game, move, why string) {
	t.Helper()
	before := g.Position()
	_, err := g.Play(move)
	if !assert.Error(t, err, "%q should be refused", move) {
		g.Undo() // keep the position for the assertions that follow
		return
	}
	assert.Equal(t, why, err.Error(), "reason %q is refused for", move)
	assert.Equal(t, before, g.Position(), "refusing %q changed the position", move)
}

// play plays moves that must be legal.
func play(t *testing.T, g *interp.Game, moves ...string) {
	t.Helper()
	for _, m := range moves {
		_, err := g.Play(m)
		require.NoError(t, err, "play %q", m)
	}
}

// pileOf is a pile's cards, bottom to top, space-separated.
func pileOf(t *testing.T, g *interp.Game, name string) string {
	t.Helper()
	for _, p := range g.Position().Piles {
		if p.Name == name {
			return strings.Join(p.Cards, " ")
		}
	}
	t.Fatalf("no pile %q", name)
	return ""
}

// assertPiles asserts the cards of some piles ("" for empty).
func assertPiles(t *testing.T, g *interp.Game, want map[string]string) {
	t.Helper()
	for name, cards := range want {
		assert.Equal(t, strings.Join(strings.Fields(cards), " "), pileOf(t, g, name), "pile %s", name)
	}
}

const rankChars = "A23456789TJQK"

// seq writes n cards from rank from, stepping by step (+1 up, -1 down) round
// the corner, taking the suits from suits in turn: seq('K', -1, 3, "SH") is
// "KS QH JS".
func seq(from byte, step, n int, suits string) string {
	r := strings.IndexByte(rankChars, from)
	var out []string
	for i := 0; i < n; i++ {
		out = append(out, string(rankChars[r])+string(suits[i%len(suits)]))
		r = (r + step + 13) % 13
	}
	return strings.Join(out, " ")
}

// down turns cards face down: down("KS QH") is "(KS) (QH)".
func down(cards string) string {
	f := strings.Fields(cards)
	for i, c := range f {
		f[i] = "(" + c + ")"
	}
	return strings.Join(f, " ")
}

// pileNames lists names prefix+from .. prefix+to.
func pileNames(prefix string, from, to int) []string {
	var out []string
	for i := from; i <= to; i++ {
		out = append(out, prefix+strconv.Itoa(i))
	}
	return out
}

// movesTo lists "from DST[ count]" for each destination.
func movesTo(from string, dsts []string, count string) []string {
	var out []string
	for _, d := range dsts {
		m := from + " " + d
		if count != "" {
			m += " " + count
		}
		out = append(out, m)
	}
	return out
}

// ---- Precedence ----

// precedenceFull is foundation fi (1-based) complete: its base rank down,
// round the corner, 13 cards of one suit (C D H S C D H S for f1..f8, so the
// eight make up the two packs).
func precedenceFull(i int) string {
	return seq("KQJT9876"[i-1], -1, 13, string("CDHS"[(i-1)%4]))
}

// Start: a King is taken out before the shuffle and put on f1; the other 103
// cards are the stock; the only move is to turn the stock.
func TestRulesPrecedenceStart(t *testing.T) {
	r := rulesOf(t, "precedence")
	for seed := uint64(1); seed <= 5; seed++ {
		g := interp.NewFromRules(r, seed)
		f1 := pileOf(t, g, "f1")
		require.Len(t, f1, 2, "f1 holds one card")
		assert.Equal(t, byte('K'), f1[0], "f1 starts with a King")
		stock := strings.Fields(pileOf(t, g, "stock"))
		assert.Len(t, stock, 103)
		for _, c := range stock {
			assert.True(t, strings.HasPrefix(c, "("), "stock card %s lies face down", c)
		}
		for _, p := range append(pileNames("f", 2, 8), "waste") {
			assert.Empty(t, pileOf(t, g, p), p)
		}
		assertMoves(t, g, "deal")
		assert.Equal(t, interp.Playing, g.Status())
	}
}

// precedence-first-king: nothing pre-placed, all 104 cards in the stock.
func TestRulesPrecedenceFirstKingStart(t *testing.T) {
	r := rulesOf(t, "precedence-first-king")
	for seed := uint64(1); seed <= 5; seed++ {
		g := interp.NewFromRules(r, seed)
		assert.Len(t, strings.Fields(pileOf(t, g, "stock")), 104)
		for _, p := range append(pileNames("f", 1, 8), "waste") {
			assert.Empty(t, pileOf(t, g, p), p)
		}
		assertMoves(t, g, "deal")
	}
}

// precedence-first-king: f1 is started only by a King, and f2 not before f1.
func TestRulesPrecedenceFirstKingOnlyKingStartsF1(t *testing.T) {
	g := setUp(t, "precedence-first-king", layout{
		piles: map[string]string{"waste": "QS"}, rest: "stock"})
	assertMoves(t, g, "deal")
	refused(t, g, "waste f1", "f1 is empty: only a K may start it, not QS")
	refused(t, g, "waste f2", "f2 may start only after f1 has started")

	g = setUp(t, "precedence-first-king", layout{
		piles: map[string]string{"waste": "KS"}, rest: "stock"})
	assertMoves(t, g, "deal", "waste f1")
	refused(t, g, "waste f2", "f2 may start only after f1 has started")
	play(t, g, "waste f1")
	assertPiles(t, g, map[string]string{"f1": "KS", "waste": ""})
}

// fi (i >= 2) starts only after f(i-1) has started, and only with its own
// rank; a card that continues one foundation and starts the next is offered
// both ways; foundations build down regardless of suit.
func TestRulesPrecedenceStartAfterPrevious(t *testing.T) {
	t.Run("Q continues f1 or starts f2", func(t *testing.T) {
		g := setUp(t, "precedence", layout{piles: map[string]string{"f1": "KC", "waste": "QH"}, rest: "stock"})
		assertMoves(t, g, "deal", "waste f1", "waste f2")
		refused(t, g, "waste f3", "f3 may start only after f2 has started")
		play(t, g, "waste f2")
		assertPiles(t, g, map[string]string{"f1": "KC", "f2": "QH"})
	})
	t.Run("J cannot start f3 before f2", func(t *testing.T) {
		g := setUp(t, "precedence", layout{piles: map[string]string{"f1": "KC", "waste": "JH"}, rest: "stock"})
		assertMoves(t, g, "deal")
		refused(t, g, "waste f1", "JH does not go on KC: f1 builds down regardless of suit, round the corner")
		refused(t, g, "waste f3", "f3 may start only after f2 has started")
		refused(t, g, "waste f2", "f2 is empty: only a Q may start it, not JH")
	})
	t.Run("K starts nothing but f1", func(t *testing.T) {
		g := setUp(t, "precedence", layout{piles: map[string]string{"f1": "KC", "waste": "KD"}, rest: "stock"})
		assertMoves(t, g, "deal")
		refused(t, g, "waste f1", "KD does not go on KC: f1 builds down regardless of suit, round the corner")
		refused(t, g, "waste f2", "f2 is empty: only a Q may start it, not KD")
	})
	t.Run("J continues f1 or f2, or starts f3", func(t *testing.T) {
		g := setUp(t, "precedence", layout{piles: map[string]string{"f1": "KC QC", "f2": "QD", "waste": "JH"}, rest: "stock"})
		assertMoves(t, g, "deal", "waste f1", "waste f2", "waste f3")
		refused(t, g, "waste f4", "f4 may start only after f3 has started")
	})
	t.Run("each foundation has its own base rank", func(t *testing.T) {
		// f1..f7 started: a 6 may continue f7 or start f8; a 9 may start
		// only f5, already started, so it may only continue f4.
		piles := map[string]string{"f1": "KC", "f2": "QC", "f3": "JC", "f4": "TC", "f5": "9C", "f6": "8C", "f7": "7C", "waste": "6H"}
		g := setUp(t, "precedence", layout{piles: piles, rest: "stock"})
		assertMoves(t, g, "deal", "waste f7", "waste f8")
		piles["waste"] = "9H"
		g = setUp(t, "precedence", layout{piles: piles, rest: "stock"})
		assertMoves(t, g, "deal", "waste f4")
		refused(t, g, "waste f8", "f8 is empty: only a 6 may start it, not 9H")
	})
}

// Foundations build down round the corner (K on A) and close at 13 cards;
// cards never leave a foundation.
func TestRulesPrecedenceWrapAndClosed(t *testing.T) {
	g := setUp(t, "precedence", layout{piles: map[string]string{
		"f1":    precedenceFull(1),     // K..A, closed
		"f2":    seq('Q', -1, 12, "D"), // Q..A: a K goes on the A
		"f3":    "JH",
		"waste": "QS KS",
	}, rest: "stock"})
	assertMoves(t, g, "deal", "waste f2")
	refused(t, g, "waste f1", "f1 is full: it holds 13 cards")
	refused(t, g, "f1 f2", "cards never leave f1")
	refused(t, g, "f3 waste", "cards never leave f3")
	play(t, g, "waste f2")
	assertPiles(t, g, map[string]string{"f2": seq('Q', -1, 12, "D") + " KS", "waste": "QS"})
	// f2 now holds 13 and is closed too: the Q that would follow the K has
	// nowhere to go.
	assertMoves(t, g, "deal")
	refused(t, g, "waste f2", "f2 is full: it holds 13 cards")
}

// Turning the stock moves its top card face up to the waste; the redeal
// turns the waste over unshuffled, so the card that went to the waste first
// is dealt first again; 2 redeals, then none; a redeal only when the stock is
// empty. Lost: stock empty, no redeal left, the waste top unplayable.
func TestRulesPrecedenceRedeal(t *testing.T) {
	piles := map[string]string{}
	for i := 1; i <= 7; i++ {
		piles["f"+strconv.Itoa(i)] = precedenceFull(i)
	}
	piles["f8"] = "6S 5S 4S 3S 2S AS"             // next: a K
	stock := "(QS) (7S) (KS) (8S) (9S) (TS) (JS)" // dealt JS first, QS last
	piles["stock"] = stock
	g := setUp(t, "precedence", layout{piles: piles})

	refused(t, g, "redeal", "the stock is not empty yet: redeal only when it is")
	// A card is played from the stock only by turning it to the waste first.
	refused(t, g, "stock f8", "cards leave stock only by dealing: use `deal`")
	pass := func(t *testing.T) {
		t.Helper()
		for _, c := range []string{"JS", "TS", "9S", "8S", "KS", "7S", "QS"} {
			if c == "KS" {
				assertMoves(t, g, "deal")
			}
			play(t, g, "deal")
			assert.True(t, strings.HasSuffix(pileOf(t, g, "waste"), c), "deal turns %s onto the waste", c)
			if c == "KS" {
				assertMoves(t, g, "deal", "waste f8")
			}
		}
		assertPiles(t, g, map[string]string{"stock": "", "waste": "JS TS 9S 8S KS 7S QS"})
	}
	for used := 0; used < 2; used++ {
		pass(t)
		assertMoves(t, g, "redeal")
		refused(t, g, "deal", "the stock is empty: redeal first")
		assert.Equal(t, interp.Playing, g.Status())
		play(t, g, "redeal")
		assertPiles(t, g, map[string]string{"stock": stock, "waste": ""})
		assert.Equal(t, used+1, g.Position().RedealsUsed)
		assert.Equal(t, 1-used, g.Position().RedealsLeft)
		play(t, g, "deal")
		assertPiles(t, g, map[string]string{"waste": "JS"})
		require.True(t, g.Undo())
	}
	pass(t)
	assertMoves(t, g)
	refused(t, g, "redeal", "no redeals left: all 2 used")
	refused(t, g, "deal", "the stock is empty")
	assert.Equal(t, interp.Lost, g.Status())
}

// Status at the end of the stock, by redeals left and the waste top.
func TestRulesPrecedenceStatus(t *testing.T) {
	piles := func(waste string) map[string]string {
		p := map[string]string{"f8": "6S 5S 4S 3S 2S AS", "waste": waste}
		for i := 1; i <= 7; i++ {
			p["f"+strconv.Itoa(i)] = precedenceFull(i)
		}
		return p
	}
	for _, tc := range []struct {
		name    string
		waste   string
		redeals int
		moves   []string
		status  interp.Status
	}{
		{"redeal left", "JS TS 9S 8S KS 7S QS", 1, []string{"redeal"}, interp.Playing},
		{"no redeal, waste top plays", "JS TS 9S 8S 7S QS KS", 2, []string{"waste f8"}, interp.Playing},
		{"no redeal, waste top blocked", "JS TS 9S 8S KS 7S QS", 2, nil, interp.Lost},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := setUp(t, "precedence", layout{piles: piles(tc.waste), redeals: tc.redeals})
			assertMoves(t, g, tc.moves...)
			assert.Equal(t, tc.status, g.Status())
		})
	}
}

// Won: all 104 cards on the foundations, f1 K→A … f8 6→7. A redeal needs a
// non-empty waste, so none is offered once everything is out.
func TestRulesPrecedenceWon(t *testing.T) {
	piles := map[string]string{"waste": "7S"}
	for i := 1; i <= 7; i++ {
		piles["f"+strconv.Itoa(i)] = precedenceFull(i)
	}
	piles["f8"] = seq('6', -1, 12, "S") // 6..8, the 7 to come
	g := setUp(t, "precedence", layout{piles: piles})
	assertMoves(t, g, "redeal", "waste f8")
	assert.Equal(t, interp.Playing, g.Status())
	play(t, g, "waste f8")
	assert.Equal(t, precedenceFull(8), pileOf(t, g, "f8"))
	assert.Equal(t, interp.Won, g.Status())
	assertMoves(t, g)
	refused(t, g, "redeal", "the game is won: no moves are left")
}

// ---- Plot ----

// Deal: 13 cards face up to the reserve, the next to f1 (its rank is the base
// rank b), one face-up card to each of t1..t12, 78 to the stock; phase 1.
func TestRulesPlotDeal(t *testing.T) {
	r := rulesOf(t, "plot")
	for seed := uint64(1); seed <= 5; seed++ {
		g := interp.NewFromRules(r, seed)
		p := g.Position()
		reserve := strings.Fields(pileOf(t, g, "reserve"))
		assert.Len(t, reserve, 13)
		for _, c := range reserve {
			assert.False(t, strings.HasPrefix(c, "("), "reserve card %s lies face up", c)
		}
		f1 := pileOf(t, g, "f1")
		require.Len(t, f1, 2, "f1 holds one card")
		b := string(f1[0])
		if b == "T" {
			b = "10"
		}
		assert.Equal(t, map[string]string{"b": b}, p.Values, "b is the rank of f1")
		for _, tp := range pileNames("t", 1, 12) {
			c := pileOf(t, g, tp)
			assert.Len(t, c, 2, tp)
			assert.False(t, strings.HasPrefix(c, "("), tp)
		}
		stock := strings.Fields(pileOf(t, g, "stock"))
		assert.Len(t, stock, 78)
		for _, c := range stock {
			assert.True(t, strings.HasPrefix(c, "("), "stock card %s lies face down", c)
		}
		assert.Empty(t, pileOf(t, g, "waste"))
		assert.Equal(t, 0, p.PhaseIndex)
		assert.Equal(t, "restriction", p.Phase)
	}
}

// plotTableau is a tableau for b = 7: a space (t1), a rank-b card (t2), a
// two-card pile (t3: 8D built on 9H), and tops that build: 8D on 9S, 9S on
// TS; t6..t12 hold tops that build nowhere. (The stock is one card.)
func plotTableau(waste string) map[string]string {
	return map[string]string{
		"reserve": "KC KD KH KS JC JD JH JS 3H 3S 2C 2S 9D", // top 9D
		"f1":      "7C 8C",                                  // next: a 9
		"t1":      "",
		"t2":      "7H",
		"t3":      "9H 8D",
		"t4":      "TS",
		"t5":      "9S",
		"t6":      "QD", "t7": "3C", "t8": "5H", "t9": "AS", "t10": "QS", "t11": "3D", "t12": "5C",
		"stock": "(KH)",
		"waste": waste,
	}
}

// plotTableauMoves are the moves of plotTableau that do not involve the waste.
var plotTableauMoves = []string{"deal", "reserve f1", "t3 t5", "t5 f1", "t5 t4"}

// Phase 1 (f1 not complete): where the waste top may go, decided by the
// tableau building (down, any suit, round the corner), the rank-b exception,
// the spaces (only rank b, only from the waste) and the restriction on
// f2..f8.
func TestRulesPlotPhase1Moves(t *testing.T) {
	for _, tc := range []struct {
		name    string
		waste   string
		moves   []string // besides plotTableauMoves
		refusal map[string]string
	}{
		{"rank-b card fills a space, nothing else", "7D", []string{"waste t1"}, map[string]string{
			"waste t3": "rank b (7) cards take no part in building on t3",
			"waste f2": "f2 may not start yet: f1 must be completed first",
			"waste f1": "7D does not go on 8C: f1 builds up regardless of suit, round the corner",
		}},
		{"a non-rank-b card may not fill a space; a rank-b card takes nothing", "6D", nil, map[string]string{
			"waste t1": "t1 is empty: only a 7 (rank b) may start it, not 6D",
			"waste t2": "rank b (7) cards take no part in building on t2",
		}},
		{"builds down on a tableau card", "8H", []string{"waste t5"}, map[string]string{
			"waste t4": "8H does not go on TS: t4 builds down regardless of suit, round the corner",
			"waste t3": "8H does not go on 8D: t3 builds down regardless of suit, round the corner",
		}},
		{"goes to f1 or on a tableau card", "9C", []string{"waste f1", "waste t4"}, nil},
		{"any suit", "4S", []string{"waste t8", "waste t12"}, nil},
		{"round the corner: K on A", "KC", []string{"waste t9"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := setUp(t, "plot", layout{piles: plotTableau(tc.waste), rest: "waste", restUp: true, values: map[string]string{"b": "7"}})
			assertMoves(t, g, append(slices.Clone(plotTableauMoves), tc.moves...)...)
			for move, why := range tc.refusal {
				refused(t, g, move, why)
			}
		})
	}
}

// Phase 1: the moves of the reserve and the tableau that are refused.
func TestRulesPlotPhase1Refusals(t *testing.T) {
	g := setUp(t, "plot", layout{piles: plotTableau("6D"), rest: "waste", restUp: true, values: map[string]string{"b": "7"}})
	assertMoves(t, g, plotTableauMoves...)
	for move, why := range map[string]string{
		// Spaces are filled only from the waste.
		"t3 t1": "t1 is empty: it may be filled only from waste",
		"t2 t1": "t1 is empty: it may be filled only from waste",
		// The reserve plays only to the foundations.
		"reserve t1": "cards from reserve may not go to t1: they go only to f",
		"reserve t4": "cards from reserve may not go to t4: they go only to f",
		// Tableau: one card at a time.
		"t3 t4 2": "only the top card of t3 may move",
		// Rank-b cards are never placed on a tableau card.
		"t2 t3": "rank b (7) cards take no part in building on t3",
		// f2..f8 can neither be started nor built in phase 1.
		"t2 f2": "f2 may not start yet: f1 must be completed first",
		"t2 f8": "f8 may not start yet: f1 must be completed first",
		// Foundations keep their cards; no redeal.
		"f1 t4":  "cards never leave f1",
		"redeal": "this game has no redeal",
	} {
		refused(t, g, move, why)
	}
}

// Phase 2 (f1 holds 13): f2..f8 start with any rank-b card; any card from
// the waste may fill a space; a rank-b card is still never placed on a
// tableau card.
func TestRulesPlotPhase2Moves(t *testing.T) {
	phase2 := func(waste string) map[string]string {
		p := plotTableau(waste)
		p["f1"] = seq('7', 1, 13, "C") // complete
		p["f2"] = "7D 8D"              // next: a 9
		return p
	}
	f3to8 := pileNames("f", 3, 8)
	base := []string{"deal", "reserve f2", "t3 t5", "t5 f2", "t5 t4"}
	base = append(base, movesTo("t2", f3to8, "")...)

	g := setUp(t, "plot", layout{piles: phase2("7S"), rest: "waste", restUp: true, phase: 1, values: map[string]string{"b": "7"}})
	assert.Equal(t, "", g.Position().Phase)
	want := append(slices.Clone(base), "waste t1")
	want = append(want, movesTo("waste", f3to8, "")...)
	assertMoves(t, g, want...)
	refused(t, g, "waste t3", "rank b (7) cards take no part in building on t3")
	refused(t, g, "t2 t3", "rank b (7) cards take no part in building on t3")
	refused(t, g, "waste f1", "f1 is full: it holds 13 cards")
	refused(t, g, "t3 t1", "t1 is empty: it may be filled only from waste")
	refused(t, g, "reserve t1", "cards from reserve may not go to t1: they go only to f")

	g = setUp(t, "plot", layout{piles: phase2("QH"), rest: "waste", restUp: true, phase: 1, values: map[string]string{"b": "7"}})
	assertMoves(t, g, append(slices.Clone(base), "waste t1")...)
	refused(t, g, "waste f3", "f3 is empty: only a 7 (rank b) may start it, not QH")
	play(t, g, "waste t1")
	assertPiles(t, g, map[string]string{"t1": "QH"})
}

// The phase changes when f1 receives its 13th card: then f2..f8 open.
func TestRulesPlotPhaseAdvances(t *testing.T) {
	g := setUp(t, "plot", layout{piles: map[string]string{
		"f1":      seq('7', 1, 12, "C"),                     // 7..5: the 6 completes it
		"reserve": "KC KD KH KS JC JD JH JS 3C 3D 3H 6S 7S", // 6S is not the top: it stays
		"t1":      "5C", "t2": "4D", "t3": "9D", "t4": "9H", "t5": "9S", "t6": "QC",
		"t7": "QD", "t8": "QH", "t9": "QS", "t10": "AC", "t11": "AD", "t12": "AH",
		"waste": "2S 6H",
	}, rest: "waste", restUp: true, values: map[string]string{"b": "7"}})
	assertMoves(t, g, "waste f1", "t2 t1")
	refused(t, g, "reserve f2", "f2 may not start yet: f1 must be completed first")
	refused(t, g, "reserve f1", "7S does not go on 5C: f1 builds up regardless of suit, round the corner")
	play(t, g, "waste f1")
	p := g.Position()
	assert.Equal(t, 1, p.PhaseIndex, "f1 holds 13: the restriction is over")
	assert.Equal(t, "", p.Phase)
	assertMoves(t, g, append(movesTo("reserve", pileNames("f", 2, 8), ""), "t2 t1")...)
	play(t, g, "reserve f5")
	assertPiles(t, g, map[string]string{"f5": "7S"})
}

// Moves that empty a tableau pile leave a space that nothing fills by itself;
// the stock turns one card face up onto the waste.
func TestRulesPlotApply(t *testing.T) {
	g := setUp(t, "plot", layout{piles: plotTableau("6D"), rest: "waste", restUp: true, values: map[string]string{"b": "7"}})
	play(t, g, "t3 t5")
	assertPiles(t, g, map[string]string{"t3": "9H", "t5": "9S 8D"})
	play(t, g, "t3 t4")
	assertPiles(t, g, map[string]string{"t3": "", "t4": "TS 9H"})
	assertMoves(t, g, "deal", "reserve f1", "t4 f1", "t5 t4")
	play(t, g, "deal")
	assertPiles(t, g, map[string]string{"stock": "", "t3": ""})
	assert.True(t, strings.HasSuffix(pileOf(t, g, "waste"), "6D KH"), "deal turns KH onto the waste")
	assertMoves(t, g, "reserve f1", "t4 f1", "t5 t4", "waste t9") // KH on AS, round the corner
	refused(t, g, "deal", "the stock is empty")
}

// Lost: stock empty and no progress move reachable. The same tableau has a
// rearranging move (4D onto 5C) that leaves a space: in phase 1 the waste
// top (not rank b) cannot fill it, so the game is lost; in phase 2 it can,
// so the game goes on.
func TestRulesPlotStatus(t *testing.T) {
	stuck := func(f1 string) map[string]string {
		return map[string]string{
			"f1":      f1,
			"reserve": "KC KD KH KS JC JD JH JS 3C 3D 3H 3S 2H", // top 2H
			"t1":      "5C", "t2": "4D", "t3": "9D", "t4": "9H", "t5": "9S", "t6": "QC",
			"t7": "QD", "t8": "QH", "t9": "QS", "t10": "AC", "t11": "AD", "t12": "AH",
			"waste": "2S",
		}
	}
	t.Run("phase 1: rearranging leads nowhere", func(t *testing.T) {
		g := setUp(t, "plot", layout{piles: stuck("7C 8C 9C"), rest: "waste", restUp: true, values: map[string]string{"b": "7"}})
		assertMoves(t, g, "t2 t1")
		for _, m := range g.Moves() {
			assert.True(t, g.Rules.Rearranging(g.State(), m), "%s rearranges", g.Rules.MoveString(m))
		}
		assert.Equal(t, interp.Lost, g.Status())
		play(t, g, "t2 t1")
		assertMoves(t, g)
		refused(t, g, "waste t2", "t2 is empty: only a 7 (rank b) may start it, not 2S")
		assert.Equal(t, interp.Lost, g.Status())
	})
	t.Run("phase 1: rearranging opens a space for a rank-b card", func(t *testing.T) {
		p := stuck("7C 8C 9C")
		p["waste"] = "2S 7S"
		g := setUp(t, "plot", layout{piles: p, rest: "waste", restUp: true, values: map[string]string{"b": "7"}})
		assertMoves(t, g, "t2 t1")
		assert.Equal(t, interp.Playing, g.Status())
		play(t, g, "t2 t1")
		assertMoves(t, g, "waste t2")
	})
	t.Run("phase 1 with a card in the stock", func(t *testing.T) {
		p := stuck("7C 8C 9C")
		p["stock"] = "(2S)"
		g := setUp(t, "plot", layout{piles: p, rest: "waste", restUp: true, values: map[string]string{"b": "7"}})
		assertMoves(t, g, "deal", "t2 t1")
		assert.Equal(t, interp.Playing, g.Status())
	})
	t.Run("phase 2: rearranging opens a space for the waste", func(t *testing.T) {
		g := setUp(t, "plot", layout{piles: stuck(seq('7', 1, 13, "C")), rest: "waste", restUp: true, phase: 1, values: map[string]string{"b": "7"}})
		assertMoves(t, g, "t2 t1")
		assert.Equal(t, interp.Playing, g.Status())
		play(t, g, "t2 t1")
		assertMoves(t, g, "waste t2")
		// A card leaving the waste is progress: it can never go back.
		assert.False(t, g.Rules.Rearranging(g.State(), g.Moves()[0]), "waste t2 is a progress move")
		assert.Equal(t, interp.Playing, g.Status())
	})
}

// Won: all 104 cards on the foundations, each b up round the corner to b-1.
func TestRulesPlotWon(t *testing.T) {
	piles := map[string]string{"waste": "6S"}
	for i := 1; i <= 7; i++ {
		piles["f"+strconv.Itoa(i)] = seq('7', 1, 13, string("CDHS"[(i-1)%4]))
	}
	piles["f8"] = seq('7', 1, 12, "S")
	g := setUp(t, "plot", layout{piles: piles, phase: 1, values: map[string]string{"b": "7"}})
	// Phase 2: the 6 may also go to any of the twelve spaces.
	assertMoves(t, g, append(movesTo("waste", pileNames("t", 1, 12), ""), "waste f8")...)
	assert.Equal(t, interp.Playing, g.Status())
	play(t, g, "waste f8")
	assert.Equal(t, interp.Won, g.Status())
	assertMoves(t, g)
}

// ---- Babette ----

// Deal: the first row, one face-up card in each of the 8 columns; 96 cards
// in the stock.
func TestRulesBabetteDeal(t *testing.T) {
	for _, name := range []string{"babette", "babette-twice"} {
		r := rulesOf(t, name)
		for seed := uint64(1); seed <= 5; seed++ {
			g := interp.NewFromRules(r, seed)
			for _, p := range pileNames("garden", 1, 8) {
				c := pileOf(t, g, p)
				assert.Len(t, c, 2, p)
				assert.False(t, strings.HasPrefix(c, "("), p)
			}
			assert.Len(t, strings.Fields(pileOf(t, g, "stock")), 96)
			for _, p := range append(pileNames("ace", 1, 4), pileNames("king", 1, 4)...) {
				assert.Empty(t, pileOf(t, g, p), p)
			}
			assert.Contains(t, movesOf(g), "deal")
		}
	}
}

// babetteGarden has three rows dealt, with gaps; the stock's next rows are
// 4D 4S 7C 7D 7H 7S 5C 5D and 6C 6H 6S 8C 8D 8S 2D 2H.
func babetteGarden() layout {
	return layout{piles: map[string]string{
		"ace1":    "AC 2C", // next: 3C
		"garden1": "3C 9D 5S",
		"garden2": "AD .. 8H",
		"garden3": "KH .. ..",
		"garden4": "QC 3C ..",
		"garden5": ".. .. 6D",
		"garden6": "9C 9H 9S",
		"garden7": "TC TD TH",
		"garden8": "JC JD JH",
		"stock":   down("2H 2D 8S 8D 8C 6S 6H 6C 5D 5C 7S 7H 7D 7C 4S 4D"),
	}, rest: "stock"}
}

// A card is available exactly when the slot below it is empty; cards leave
// the garden only to a foundation of their suit (Ace foundations up from the
// Ace, King foundations down from the King).
func TestRulesBabetteAvailability(t *testing.T) {
	g := setUp(t, "babette", babetteGarden())
	assertMoves(t, g, "deal", "garden2:1 ace2", "garden3:1 king3", "garden4:2 ace1")
	for move, why := range map[string]string{
		"garden1:1 ace1":    "3C in row 1 of garden1 is covered: a card is free only when the slot below it is empty",
		"garden1:2 ace1":    "9D in row 2 of garden1 is covered: a card is free only when the slot below it is empty",
		"garden5:1 ace1":    "garden5 has no card in row 1",
		"garden1:3 ace1":    "5S does not go on 2C: ace1 builds up in suit",
		"garden5:3 ace2":    "ace2 is empty: only AD may start it, not 6D",
		"garden3:1 king1":   "king1 is empty: only KC may start it, not KH",
		"garden3:1 garden5": "cards from garden3 may not go to garden5: they go only to ace, king",
		"garden2:1 king2":   "king2 is empty: only KD may start it, not AD",
		"ace1 ace2":         "cards never leave ace1",
		"redeal":            "the stock is not empty yet: redeal only when it is",
		"garden1:x ace1":    `bad row "x": want a number from 1`,
		"ace1:x ace2":       "ace1 is not a grid: name the pile without a row", // the pile first, then the row
		"ace1: ace2":        "ace1 is not a grid: name the pile without a row",
		":3 ace2":           `":3" names no pile: a card in a grid is its column and its row, as in garden1:3`,
	} {
		refused(t, g, move, why)
	}
}

// Dealing fills the next row in every column, left to right; a gap is never
// filled, and a card above a gap stays available after further rows.
func TestRulesBabetteGapsStay(t *testing.T) {
	g := setUp(t, "babette", babetteGarden())
	play(t, g, "deal")
	assertPiles(t, g, map[string]string{
		"garden1": "3C 9D 5S 4D",
		"garden2": "AD .. 8H 4S",
		"garden3": "KH .. .. 7C",
		"garden4": "QC 3C .. 7D",
		"garden5": ".. .. 6D 7H",
		"garden6": "9C 9H 9S 7S",
		"garden7": "TC TD TH 5C",
		"garden8": "JC JD JH 5D",
	})
	assertMoves(t, g, "deal", "garden2:1 ace2", "garden3:1 king3", "garden4:2 ace1")
	refused(t, g, "garden5:3 ace2", "6D in row 3 of garden5 is covered: a card is free only when the slot below it is empty")
	play(t, g, "garden3:1 king3", "garden4:2 ace1")
	assertPiles(t, g, map[string]string{"garden3": ".. .. .. 7C", "garden4": "QC .. .. 7D", "king3": "KH", "ace1": "AC 2C 3C"})
	// QC is free now, but the 3C it needed went first: no move for it yet.
	assertMoves(t, g, "deal", "garden2:1 ace2")
	play(t, g, "deal")
	assertPiles(t, g, map[string]string{
		"garden1": "3C 9D 5S 4D 6C",
		"garden2": "AD .. 8H 4S 6H",
		"garden3": ".. .. .. 7C 6S",
		"garden4": "QC .. .. 7D 8C",
		"garden5": ".. .. 6D 7H 8D",
		"garden6": "9C 9H 9S 7S 8S",
		"garden7": "TC TD TH 5C 2D",
		"garden8": "JC JD JH 5D 2H",
	})
	assertMoves(t, g, "deal", "garden2:1 ace2")
}

// babetteEnd is a position at the end of the stock: both club and diamond
// foundations complete, hearts and spades at A..10 and K..4, the 12 cards
// left in the garden (the last row was short: columns 7 and 8 have one row),
// the playable JH, 3H, JS, 3S covered.
func babetteEnd(redeals int) layout {
	return layout{piles: map[string]string{
		"ace1": seq('A', 1, 13, "C"), "king1": seq('K', -1, 13, "C"),
		"ace2": seq('A', 1, 13, "D"), "king2": seq('K', -1, 13, "D"),
		"ace3": seq('A', 1, 10, "H"), "king3": seq('K', -1, 10, "H"),
		"ace4": seq('A', 1, 10, "S"), "king4": seq('K', -1, 10, "S"),
		"garden1": "JH KS",
		"garden2": "3H AS",
		"garden3": "JS QH",
		"garden4": "3S 2H",
		"garden5": ".. KH", // gaps are skipped when the garden is gathered
		"garden6": "QS ..",
		"garden7": "AH",
		"garden8": "2S",
	}, redeals: redeals}
}

// The redeal gathers column 1 first, then column 2, …, each from row 1 down,
// and the new stock deals in exactly that order; the last row may be short.
func TestRulesBabetteRedealOrder(t *testing.T) {
	g := setUp(t, "babette", babetteEnd(0))
	assertMoves(t, g, "redeal")
	refused(t, g, "deal", "the stock is empty: redeal first")
	play(t, g, "redeal")
	gathered := "JH KS 3H AS JS QH 3S 2H KH QS AH 2S"
	f := strings.Fields(down(gathered))
	slices.Reverse(f) // the first card gathered is on top
	assertPiles(t, g, map[string]string{"stock": strings.Join(f, " ")})
	for _, p := range pileNames("garden", 1, 8) {
		assert.Empty(t, pileOf(t, g, p), p)
	}
	assertMoves(t, g, "deal")
	play(t, g, "deal")
	assertPiles(t, g, map[string]string{
		"garden1": "JH", "garden2": "KS", "garden3": "3H", "garden4": "AS",
		"garden5": "JS", "garden6": "QH", "garden7": "3S", "garden8": "2H",
	})
	play(t, g, "deal")
	assertPiles(t, g, map[string]string{
		"garden1": "JH KH", "garden2": "KS QS", "garden3": "3H AH", "garden4": "AS 2S",
		"garden5": "JS", "garden6": "QH", "garden7": "3S", "garden8": "2H",
		"stock": "",
	})
	// One redeal in Babette: it is used.
	assertMoves(t, g, "garden5:1 ace4", "garden7:1 king4")
	refused(t, g, "redeal", "no redeals left: all 1 used")
	assert.Equal(t, 0, g.Position().RedealsLeft)
}

// One redeal in babette, two in babette-twice. Lost: stock empty, no redeal
// left, no available card playable.
func TestRulesBabetteRedealsAndStatus(t *testing.T) {
	for _, tc := range []struct {
		ruleset string
		redeals int
		moves   []string
		status  interp.Status
	}{
		{"babette", 0, []string{"redeal"}, interp.Playing},
		{"babette", 1, nil, interp.Lost},
		{"babette-twice", 0, []string{"redeal"}, interp.Playing},
		{"babette-twice", 1, []string{"redeal"}, interp.Playing},
		{"babette-twice", 2, nil, interp.Lost},
	} {
		t.Run(tc.ruleset+" "+strconv.Itoa(tc.redeals), func(t *testing.T) {
			g := setUp(t, tc.ruleset, babetteEnd(tc.redeals))
			assertMoves(t, g, tc.moves...)
			assert.Equal(t, tc.status, g.Status())
		})
	}
	t.Run("an available card plays", func(t *testing.T) {
		l := babetteEnd(1)
		l.piles["garden1"], l.piles["garden5"] = "KH KS", "JH" // JH free: it goes on 10H
		g := setUp(t, "babette", l)
		assertMoves(t, g, "garden5:1 ace3")
		assert.Equal(t, interp.Playing, g.Status())
	})
}

// Either copy of an Ace may start its Ace foundation; the other copy ends
// the King foundation of its suit (and the same for Kings).
func TestRulesBabetteOtherCopy(t *testing.T) {
	g := setUp(t, "babette", layout{piles: map[string]string{
		"king1":   seq('K', -1, 12, "C"), // K..2: the Ace ends it
		"ace4":    seq('A', 1, 12, "S"),  // A..Q: the King ends it
		"garden1": "AC",
		"garden2": "KS",
		"garden3": "AC",
	}, rest: "stock"})
	assertMoves(t, g, "deal", "garden1:1 ace1", "garden1:1 king1", "garden2:1 ace4", "garden2:1 king4",
		"garden3:1 ace1", "garden3:1 king1")
	play(t, g, "garden1:1 king1", "garden3:1 ace1", "garden2:1 ace4")
	assertPiles(t, g, map[string]string{"king1": seq('K', -1, 13, "C"), "ace1": "AC", "ace4": seq('A', 1, 13, "S"), "garden1": "..", "garden2": ".."})
}

// Won: all 104 cards on the foundations.
// babetteOneToGo is Babette one move from the win (KS in the garden, for
// ace4), with the redeals used given.
func babetteOneToGo(redeals int) layout {
	l := babetteEnd(redeals)
	l.piles = map[string]string{"ace4": seq('A', 1, 12, "S"), "garden3": ".. KS"}
	for i, s := range "CDHS" {
		l.piles["king"+strconv.Itoa(i+1)] = seq('K', -1, 13, string(s))
		if s != 'S' {
			l.piles["ace"+strconv.Itoa(i+1)] = seq('A', 1, 13, string(s))
		}
	}
	return l
}

func TestRulesBabetteWon(t *testing.T) {
	g := setUp(t, "babette", babetteOneToGo(1))
	assertMoves(t, g, "garden3:2 ace4")
	assert.Equal(t, interp.Playing, g.Status())
	play(t, g, "garden3:2 ace4")
	assert.Equal(t, interp.Won, g.Status())
	assertMoves(t, g)
}

// A won game offers no moves, not even a redeal left over, and the garden's
// gaps are nothing to gather (found by a check against an independent
// engine).
func TestRulesBabetteWonWithARedealLeft(t *testing.T) {
	g := setUp(t, "babette", babetteOneToGo(0))
	play(t, g, "garden3:2 ace4")
	assert.Equal(t, interp.Won, g.Status())
	assertMoves(t, g)
	_, err := g.Play("redeal")
	assert.ErrorContains(t, err, "the game is won")
}

// ---- Rouge et Noir ----

// The four K..A runs in alternating colours that make up one deck.
var (
	rnRun1 = seq('K', -1, 13, "SHCD") // KS QH JC TD … 2D AS
	rnRun2 = seq('K', -1, 13, "HSDC") // KH QS JD TC … 2C AH
	rnRun3 = seq('K', -1, 13, "CDSH") // KC QD JS TH … 2H AC
	rnRun4 = seq('K', -1, 13, "DCHS") // KD QC JH TS … 2S AD
)

// rnFull is a complete Ace foundation of one suit.
func rnFull(suit string) string { return seq('A', 1, 13, suit) }

// Deal: 8, 7, 6, 5, 4, 3, 2, 1, 1, 0 cards, face down but the top; 67 in
// the stock. 6 deals of 10 cards, then a 7th of 7 cards to c1..c7.
func TestRulesRougeEtNoirDeal(t *testing.T) {
	r := rulesOf(t, "rouge-et-noir")
	counts := []int{8, 7, 6, 5, 4, 3, 2, 1, 1, 0}
	for seed := uint64(1); seed <= 5; seed++ {
		g := interp.NewFromRules(r, seed)
		for i, n := range counts {
			c := strings.Fields(pileOf(t, g, "c"+strconv.Itoa(i+1)))
			require.Len(t, c, n, "c%d", i+1)
			for k, card := range c {
				assert.Equal(t, k < n-1, strings.HasPrefix(card, "("), "c%d card %d: face down but the top", i+1, k+1)
			}
		}
		assert.Len(t, strings.Fields(pileOf(t, g, "stock")), 67)
		for deal := 1; deal <= 7; deal++ {
			play(t, g, "deal")
		}
		for i, n := range []int{15, 14, 13, 12, 11, 10, 9, 7, 7, 6} {
			assert.Len(t, strings.Fields(pileOf(t, g, "c"+strconv.Itoa(i+1))), n, "c%d after 7 deals", i+1)
		}
		assert.NotContains(t, movesOf(g), "deal")
		refused(t, g, "deal", "the stock is empty")
	}
}

// A deal puts one card face up on each column, left to right, empty ones
// included; a deal of fewer than 10 cards goes to c1, c2, … in turn.
func TestRulesRougeEtNoirDealApply(t *testing.T) {
	cols := map[string]string{
		"c1": "AS", "c2": "KH", "c3": "QS", "c4": "JD", "c6": "9C", "c7": "8D", "c8": "7S", "c9": "6H",
	}
	l := layout{piles: merged(cols, map[string]string{"stock": down("2C 2D 2H 2S 3C 3D 3H 3S 4C 4D")}), rest: "c1"}
	g := setUp(t, "rouge-et-noir", l)
	play(t, g, "deal")
	assertPiles(t, g, map[string]string{
		"c2": "KH 4C", "c3": "QS 3S", "c4": "JD 3H", "c5": "3D", "c6": "9C 3C",
		"c7": "8D 2S", "c8": "7S 2H", "c9": "6H 2D", "c10": "2C", "stock": "",
	})
	assert.True(t, strings.HasSuffix(pileOf(t, g, "c1"), "AS 4D"))

	l = layout{piles: merged(cols, map[string]string{"stock": down("2S 3C 3D 3H 3S 4C 4D")}), rest: "c1"}
	g = setUp(t, "rouge-et-noir", l)
	play(t, g, "deal")
	assertPiles(t, g, map[string]string{
		"c2": "KH 4C", "c3": "QS 3S", "c4": "JD 3H", "c5": "3D", "c6": "9C 3C",
		"c7": "8D 2S", "c8": "7S", "c9": "6H", "c10": "", "stock": "",
	})
	refused(t, g, "deal", "the stock is empty")
	refused(t, g, "redeal", "this game has no redeal")
}

// merged merges maps of pile contents.
func merged(ms ...map[string]string) map[string]string {
	out := map[string]string{}
	for _, m := range ms {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

// rnTableau has runs to move whole or in part, an empty column, a King-headed
// run, a lone King, an Ace and face-down cards.
func rnTableau() layout {
	return layout{piles: map[string]string{
		"c1":  "(5C) (9H) TS 9H 8C", // a run of 3
		"c2":  "(2D) JD",
		"c3":  "(4C) TC",
		"c4":  "9D",
		"c5":  "",
		"c6":  "(3C) KS QH", // a King-headed run of 2
		"c7":  "AH",
		"c8":  "KD",
		"c9":  "2S",
		"c10": "(6D) 7S",
	}, rest: "stock"}
}

// Tableau building: down in alternating colours, no wrap; any run moves, whole
// or its top part; an empty column takes only a King or a run headed by one;
// foundations f1, f2 start with a red Ace, f3, f4 with a black one.
func TestRulesRougeEtNoirMoves(t *testing.T) {
	g := setUp(t, "rouge-et-noir", rnTableau())
	assertMoves(t, g,
		"c1 c2 3", // TS 9H 8C onto JD
		"c1 c3 2", // 9H 8C onto TC
		"c1 c4",   // 8C onto 9D
		"c3 c2",   // TC onto JD
		"c4 c3",   // 9D onto TC
		"c6 c5 2", // KS QH into the space
		"c8 c5",   // KD into the space
		"c7 c9",   // AH onto 2S
		"c7 f1", "c7 f2",
		"deal")
	for move, why := range map[string]string{
		"c1 c5 3": "c5 is empty: only a run headed by a K may start it, not TS",
		"c1 c5":   "c5 is empty: only a K may start it, not 8C",
		"c6 c5 1": "c5 is empty: only a K may start it, not QH",
		"c8 c7":   "KD does not go on AH: c7 builds down in alternating colours",
		"c9 c7":   "2S does not go on AH: c7 builds down in alternating colours",
		"c2 c6":   "JD does not go on QH: c6 builds down in alternating colours",
		"c1 c2 2": "9H does not go on JD: c2 builds down in alternating colours",
		"c1 c2 4": "the top 4 cards of c1 are not a run: at most 3 move together",
		"c7 f3":   "f3 is empty: only a black A may start it, not AH",
		"c7 d1":   "d1 takes exactly 13 cards at once",
		"c1 f1 2": "f1 takes one card at a time",
	} {
		refused(t, g, move, why)
	}
}

// A face-down card that becomes the top of its column is turned up.
func TestRulesRougeEtNoirTurnUp(t *testing.T) {
	g := setUp(t, "rouge-et-noir", rnTableau())
	play(t, g, "c6 c5 2")
	assertPiles(t, g, map[string]string{"c5": "KS QH", "c6": "3C"})
	play(t, g, "c1 c2 3")
	assertPiles(t, g, map[string]string{"c1": "(5C) 9H", "c2": "(2D) JD TS 9H 8C"})
	play(t, g, "c1 c3")
	assertPiles(t, g, map[string]string{"c1": "5C", "c3": "(4C) TC 9H"})
}

// Foundations: f1, f2 start with a red Ace, f3, f4 with a black one; each
// builds up in its colour, regardless of suit.
func TestRulesRougeEtNoirFoundations(t *testing.T) {
	g := setUp(t, "rouge-et-noir", layout{piles: map[string]string{
		"f1": "AD 2D", "f3": "AC",
		"c1": "3H", "c2": "3C", "c3": "2S", "c4": "AS", "c5": "AH",
	}, rest: "stock"})
	assertMoves(t, g,
		"c1 f1", // 3H on 2D: in colour, any suit
		"c3 f3", // 2S on AC
		"c4 f4", // AS starts the other black foundation
		"c5 f2", // AH starts the other red one
		"c3 c1", "c5 c3",
		"deal")
	for move, why := range map[string]string{
		"c2 f1": "3C does not go on 2D: f1 builds up in colour",
		"c4 f3": "AS does not go on AC: f3 builds up in colour",
		"c5 f1": "AH does not go on 2D: f1 builds up in colour",
		"c5 f4": "f4 is empty: only a black A may start it, not AH",
		"c4 f2": "f2 is empty: only a red A may start it, not AS",
		"f1 c6": "cards never leave f1",
	} {
		refused(t, g, move, why)
	}
}

// Discard: exactly 13 face-up cards, K down to A in alternating colours, at
// the top of a column, move off together to an empty discard pile, when the
// player chooses; not 12, and not a run broken by a wrong colour.
func TestRulesRougeEtNoirDiscard(t *testing.T) {
	twelve := seq('K', -1, 12, "HSDC")         // KH … 2C: rnRun2 without its Ace
	broken := seq('K', -1, 12, "CDSH") + " AH" // rnRun3 with AH for AC: AH on 2H is not alternating
	l := layout{piles: map[string]string{
		"f1": "AD", "f2": "AH", "f3": "AS 2S", "f4": "AC 2C", // no top card goes to a foundation
		"d1": rnRun4, // full
		"c1": "(4D) " + rnRun1,
		"c2": twelve,
		"c3": broken,
	}, rest: "stock"}
	g := setUp(t, "rouge-et-noir", l)
	want := []string{"c1 d2 13", "c1 d3 13", "c1 d4 13", "c3 c2", "deal"}
	want = append(want, movesTo("c1", pileNames("c", 4, 10), "13")...) // King-headed runs fill spaces
	want = append(want, movesTo("c2", pileNames("c", 4, 10), "12")...)
	assertMoves(t, g, want...)
	for move, why := range map[string]string{
		"c1 d1 13": "d1 is full: it holds 13 cards",
		"c1 d2 12": "d2 takes exactly 13 cards at once",
		"c2 d2 12": "d2 takes exactly 13 cards at once",
		"c3 d2 13": "the top 13 cards of c3 are not a run: at most 1 move together",
		"d1 c4 13": "cards never leave d1",
	} {
		refused(t, g, move, why)
	}

	// The discard takes the whole run and turns up the card beneath.
	play(t, g, "c1 d3 13")
	assertPiles(t, g, map[string]string{"d3": rnRun1, "c1": "4D"})

	// Completing a run does not discard it by itself; then it may go.
	play(t, g, "c3 c2")
	assertPiles(t, g, map[string]string{"c2": twelve + " AH", "c3": seq('K', -1, 12, "CDSH"), "d2": "", "d4": ""})
	assert.Contains(t, movesOf(g), "c2 d2 13")
	assert.Contains(t, movesOf(g), "c2 d4 13")
	assert.NotContains(t, movesOf(g), "c2 d1 13")
	assert.NotContains(t, movesOf(g), "c2 d3 13")
}

// Lost: stock empty and no progress move reachable. The foundations are
// complete, so progress is only a discard or a card turned up. 8C may move
// between the red 9s for ever: rearranging moves exist, but none leads to
// progress.
func TestRulesRougeEtNoirLost(t *testing.T) {
	g := setUp(t, "rouge-et-noir", layout{piles: map[string]string{
		"f1": rnFull("D"), "f2": rnFull("H"), "f3": rnFull("C"), "f4": rnFull("S"),
		"c1": "AD", // face-down cards beneath; nothing goes on an Ace and it goes nowhere
		"c2": "9D 8C",
		"c3": "9H",
	}, rest: "c1"})
	assertMoves(t, g, "c2 c3")
	refused(t, g, "c1 f1", "f1 is full: it holds 13 cards") // A to K, then closed
	assert.Equal(t, interp.Lost, g.Status())
	play(t, g, "c2 c3")
	assertMoves(t, g, "c3 c2")
	assert.Equal(t, interp.Lost, g.Status())

	// The same with a card left in the stock: dealing is progress.
	g = setUp(t, "rouge-et-noir", layout{piles: map[string]string{
		"f1": rnFull("D"), "f2": rnFull("H"), "f3": rnFull("C"), "f4": rnFull("S"),
		"c1": "AD", "c2": "9D 8C", "c3": "9H", "stock": "(2C)",
	}, rest: "c1"})
	assertMoves(t, g, "c2 c3", "deal")
	assert.Equal(t, interp.Playing, g.Status())
}

// Still playing: no progress move now, but a rearranging move (AS onto 2D)
// completes a King-to-Ace run, which may then be discarded.
func TestRulesRougeEtNoirRearrangeToProgress(t *testing.T) {
	g := setUp(t, "rouge-et-noir", layout{piles: map[string]string{
		"f1": rnFull("D"), "f2": rnFull("H"), "f3": "AC 2C 3C", "f4": "AS 2S",
		"c1": "AD",
		"c2": seq('K', -1, 12, "SHCD"), // KS … 2D
		"c3": "2H AS",
	}, rest: "c1"})
	want := append(movesTo("c2", pileNames("c", 4, 10), "12"), "c3 c2")
	assertMoves(t, g, want...)
	for _, m := range g.Moves() {
		assert.True(t, g.Rules.Rearranging(g.State(), m), "%s rearranges", g.Rules.MoveString(m))
	}
	assert.Equal(t, interp.Playing, g.Status())
	play(t, g, "c3 c2")
	assert.Contains(t, movesOf(g), "c2 d1 13")
	assert.Equal(t, interp.Playing, g.Status())
}

// A rearranging move that exposes a face-down card is progress (the card is
// turned up).
func TestRulesRougeEtNoirRearrangeTurnsUp(t *testing.T) {
	g := setUp(t, "rouge-et-noir", layout{piles: map[string]string{
		"f1": rnFull("D"), "f2": rnFull("H"), "f3": rnFull("C"), "f4": rnFull("S"),
		"c1": "AD", "c2": "(9C) 8C", "c3": "9H",
	}, rest: "c1"})
	assertMoves(t, g, "c2 c3")
	assert.Equal(t, interp.Playing, g.Status())
	play(t, g, "c2 c3")
	assertPiles(t, g, map[string]string{"c2": "9C", "c3": "9H 8C"})
}

// Won: 52 cards on the Ace foundations and 4 King sequences discarded.
func TestRulesRougeEtNoirWon(t *testing.T) {
	g := setUp(t, "rouge-et-noir", layout{piles: map[string]string{
		"f1": rnFull("D"), "f2": rnFull("H"), "f3": rnFull("C"), "f4": rnFull("S"),
		"d1": rnRun1, "d2": rnRun2, "d3": rnRun3,
		"c5": rnRun4,
	}})
	want := append(movesTo("c5", []string{"c1", "c2", "c3", "c4", "c6", "c7", "c8", "c9", "c10"}, "13"), "c5 d4 13")
	assertMoves(t, g, want...)
	assert.Equal(t, interp.Playing, g.Status())
	play(t, g, "c5 d4 13")
	assert.Equal(t, interp.Won, g.Status())
	assertMoves(t, g)
}
