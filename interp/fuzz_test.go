package interp_test

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/interp"
	"github.com/patience-dev/patience/rulesets"
)

// fuzzRuleset is one built-in game compiled once for the fuzz targets.
type fuzzRuleset struct {
	name string
	r    *interp.Rules
	pack map[interp.Card]int
}

var fuzzRulesetsOnce = sync.OnceValue(func() []fuzzRuleset {
	var out []fuzzRuleset
	for _, name := range rulesets.Names() {
		src, _ := rulesets.Source(name)
		g, err := check.Source(name+".patience", src)
		if err != nil {
			panic(name + ": " + err.Error())
		}
		r := interp.Compile(g)
		pack := map[interp.Card]int{}
		for _, c := range r.Pack() {
			pack[c]++
		}
		out = append(out, fuzzRuleset{name: name, r: r, pack: pack})
	}
	return out
})

func fuzzRulesets(tb testing.TB) []fuzzRuleset {
	tb.Helper()
	rs := fuzzRulesetsOnce()
	if len(rs) == 0 {
		tb.Fatal("no rulesets")
	}
	return rs
}

// fuzzRNG is a small deterministic generator (xorshift64) for choosing moves.
type fuzzRNG uint64

func (x *fuzzRNG) intn(n int) int {
	v := uint64(*x)
	v ^= v << 13
	v ^= v >> 7
	v ^= v << 17
	*x = fuzzRNG(v)
	return int(v % uint64(n))
}

// fuzzPlay deals seed and plays up to n deterministic moves.
func fuzzPlay(r *interp.Rules, seed uint64, n int) *interp.Game {
	g := interp.NewFromRules(r, seed)
	rng := fuzzRNG(seed*0x9e3779b97f4a7c15 | 1)
	for i := 0; i < n; i++ {
		moves := g.Moves()
		if len(moves) == 0 {
			break
		}
		if err := g.PlayMove(moves[rng.intn(len(moves))]); err != nil {
			panic(err)
		}
	}
	return g
}

// fuzzConserved reports whether s holds exactly the cards of the pack.
func fuzzConserved(fr fuzzRuleset, s *interp.State) bool {
	have := map[interp.Card]int{}
	for i := 0; i < fr.r.NumPiles(); i++ {
		for _, c := range s.Pile(fr.r, i) {
			if !c.IsGap() {
				have[c.Up()]++
			}
		}
	}
	if len(have) != len(fr.pack) {
		return false
	}
	for c, k := range fr.pack {
		if have[c] != k {
			return false
		}
	}
	return true
}

func fuzzMarshal(tb testing.TB, p *interp.Position) []byte {
	tb.Helper()
	b, err := json.Marshal(p)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// FuzzLoadPosition reads any bytes as a position and loads it into every
// built-in game. Nothing may panic; a position that loads must have working
// moves and status, and write back as a position that loads again to the
// same state. The seed corpus holds positions of real games and broken ones.
func FuzzLoadPosition(f *testing.F) {
	for i, fr := range fuzzRulesets(f) {
		g := fuzzPlay(fr.r, uint64(i+3), 6)
		p := g.Position()
		f.Add(fuzzMarshal(f, p))
		piles := *p
		piles.Moves = nil
		f.Add(fuzzMarshal(f, &piles))
		moves := *p
		moves.Piles = nil
		f.Add(fuzzMarshal(f, &moves))
		// With moves to redo: the last two moves undone.
		if g.Undo() && g.Undo() {
			f.Add(fuzzMarshal(f, g.Position()))
		}
		// Positions that break no rule Load checks but that play may never
		// reach: the moves must still work on them.
		odd := func(edit func(q *interp.Position, pile *check.Pile, k int)) {
			b := fuzzMarshal(f, &piles)
			var q interp.Position
			if err := json.Unmarshal(b, &q); err != nil {
				f.Fatal(err)
			}
			for k := range q.Piles {
				pi, ok := fr.r.PileIndex(q.Piles[k].Name)
				if !ok {
					f.Fatalf("%s: no pile %q", fr.name, q.Piles[k].Name)
				}
				edit(&q, fr.r.Game.Piles[pi], k)
			}
			f.Add(fuzzMarshal(f, &q))
		}
		stock := fr.r.Game.Stock
		odd(func(q *interp.Position, pile *check.Pile, k int) { // gaps above and below in every grid
			if pile.Grid {
				q.Piles[k].Cards = append(append([]string{".."}, q.Piles[k].Cards...), "..", "..")
			}
		})
		odd(func(q *interp.Position, pile *check.Pile, k int) { // face down under the top
			if pile.Grid || (stock >= 0 && pile == fr.r.Game.Piles[stock]) {
				return
			}
			cards := q.Piles[k].Cards
			for j := 0; j+1 < len(cards); j++ {
				if !strings.HasPrefix(cards[j], "(") {
					cards[j] = "(" + cards[j] + ")"
				}
			}
		})
		odd(func(q *interp.Position, pile *check.Pile, k int) { // every pile reversed, face up
			if stock >= 0 && pile == fr.r.Game.Piles[stock] {
				return
			}
			cards := q.Piles[k].Cards
			for j := range cards {
				cards[j] = strings.Trim(cards[j], "()")
			}
			slices.Reverse(cards)
		})
		odd(func(q *interp.Position, pile *check.Pile, k int) { // all phases over, every redeal used
			q.PhaseIndex = len(fr.r.Game.Phases)
			if n := fr.r.RedealsLeft(g.State()); n > 0 {
				q.RedealsUsed = g.State().RedealsUsed() + n
			}
		})
		if stock >= 0 && fr.r.Game.Redeal != nil {
			odd(func(q *interp.Position, pile *check.Pile, k int) { // the stock turned onto the redeal's first pile
				if pile != fr.r.Game.Piles[stock] {
					return
				}
				dst := fr.r.PileName(fr.r.Game.Redeal.From[0])
				for j := range q.Piles {
					if q.Piles[j].Name == dst {
						for _, c := range q.Piles[k].Cards {
							q.Piles[j].Cards = append(q.Piles[j].Cards, strings.Trim(c, "()"))
						}
						q.Piles[k].Cards = []string{}
					}
				}
			})
		}
		if i%4 != 0 {
			continue
		}
		// Broken copies of the position.
		broken := func(edit func(q *interp.Position)) {
			b := fuzzMarshal(f, p)
			var q interp.Position
			if err := json.Unmarshal(b, &q); err != nil {
				f.Fatal(err)
			}
			edit(&q)
			f.Add(fuzzMarshal(f, &q))
		}
		broken(func(q *interp.Position) { q.Format = 2 })
		broken(func(q *interp.Position) { q.Game = "Nope" })
		broken(func(q *interp.Position) { q.Piles = q.Piles[1:] })
		broken(func(q *interp.Position) { q.Piles = append(q.Piles, q.Piles[0]) })
		broken(func(q *interp.Position) { q.Piles[0].Name = "nope" })
		broken(func(q *interp.Position) { q.PhaseIndex = -1 })
		broken(func(q *interp.Position) { q.PhaseIndex = 99 })
		broken(func(q *interp.Position) { q.RedealsUsed = -1 })
		broken(func(q *interp.Position) { q.RedealsUsed = 70000 })
		broken(func(q *interp.Position) { q.Values = map[string]string{"x": "Z"} })
		broken(func(q *interp.Position) { q.Moves = append(q.Moves, "nonsense move") })
		broken(func(q *interp.Position) { q.Moves = q.Moves[:len(q.Moves)/2] })
		broken(func(q *interp.Position) { q.Moves = nil; q.Piles[0].Cards = append(q.Piles[0].Cards, "..") })
		broken(func(q *interp.Position) { q.Moves = nil; q.Piles[0].Cards = append(q.Piles[0].Cards, "(AS)") })
		broken(func(q *interp.Position) { q.Moves = nil; q.Piles[0].Cards = append(q.Piles[0].Cards, "10D") })
		broken(func(q *interp.Position) { q.Moves = nil; q.Piles[0].Cards = append(q.Piles[0].Cards, "ZZ") })
		broken(func(q *interp.Position) {
			// Move every card to the last pile.
			q.Moves = nil
			last := &q.Piles[len(q.Piles)-1]
			for k := range q.Piles[:len(q.Piles)-1] {
				last.Cards = append(last.Cards, q.Piles[k].Cards...)
				q.Piles[k].Cards = []string{}
			}
		})
		broken(func(q *interp.Position) {
			// Turn every card face up.
			q.Moves = nil
			for k := range q.Piles {
				for j, c := range q.Piles[k].Cards {
					q.Piles[k].Cards[j] = strings.Trim(c, "()")
				}
			}
		})
	}
	for _, s := range []string{"", "null", "{}", "[]", `{"format":1}`, `{"format":1,"game":"Klondike","piles":[]}`, `{"format":1,"game":"Klondike","moves":["deal"]}`, `{"format":1,"game":"Pyramid","seed":18446744073709551615}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var p interp.Position
		if err := json.Unmarshal(data, &p); err != nil {
			return
		}
		for _, fr := range fuzzRulesets(t) {
			g, err := fr.r.Load(&p)
			if err != nil {
				if err.Error() == "" {
					t.Errorf("%s: empty error", fr.name)
				}
				continue
			}
			fuzzCheckLoaded(t, fr, g)
		}
	})
}

// fuzzCheckLoaded checks a game that Load accepted.
func fuzzCheckLoaded(t *testing.T, fr fuzzRuleset, g *interp.Game) {
	t.Helper()
	r := g.Rules
	if !fuzzConserved(fr, g.State()) {
		t.Fatalf("%s: the loaded position does not hold exactly the pack", fr.name)
	}
	moves := g.Moves()
	for _, m := range moves {
		if !r.Legal(g.State(), m) {
			t.Fatalf("%s: %s is listed but not legal", fr.name, r.MoveString(m))
		}
	}
	st := g.Status()
	r.Hint(g.State())
	r.SafeMove(g.State())
	p := g.Position()
	if p.Status != st.String() {
		t.Errorf("%s: position status %q, game status %q", fr.name, p.Status, st)
	}
	back, err := r.Load(p)
	if err != nil {
		t.Fatalf("%s: the position written back does not load: %v", fr.name, err)
	}
	if !back.State().Equal(r, g.State()) {
		t.Fatalf("%s: the position written back loads to another state", fr.name)
	}
	if !slices.Equal(back.Position().Redo, p.Redo) {
		t.Fatalf("%s: the moves to redo written back load as %q, not %q", fr.name, back.Position().Redo, p.Redo)
	}
	var q interp.Position
	if err := json.Unmarshal(fuzzMarshal(t, p), &q); err != nil {
		t.Fatal(err)
	}
	back, err = r.Load(&q)
	if err != nil {
		t.Fatalf("%s: the position written back as JSON does not load: %v", fr.name, err)
	}
	if !back.State().Equal(r, g.State()) {
		t.Fatalf("%s: the position written back as JSON loads to another state", fr.name)
	}
	// One move, then undo.
	if len(moves) > 0 {
		before := g.State().Clone()
		m := moves[len(moves)/2]
		if err := g.PlayMove(m); err != nil {
			t.Fatalf("%s: %s: %v", fr.name, r.MoveString(m), err)
		}
		if !fuzzConserved(fr, g.State()) {
			t.Fatalf("%s: %s loses or makes cards", fr.name, r.MoveString(m))
		}
		g.Status()
		if !g.Undo() || !g.State().Equal(r, before) {
			t.Fatalf("%s: undo of %s does not restore the position", fr.name, r.MoveString(m))
		}
	}
}

// fuzzMoveGame is a game in progress that FuzzMove plays moves against.
type fuzzMoveGame struct {
	fr   fuzzRuleset
	g    *interp.Game
	snap *interp.State
}

var fuzzMoveGamesOnce = sync.OnceValue(func() []*fuzzMoveGame {
	var out []*fuzzMoveGame
	for _, fr := range fuzzRulesetsOnce() {
		for k, n := range []int{0, 8, 40} {
			g := fuzzPlay(fr.r, uint64(k+1), n)
			out = append(out, &fuzzMoveGame{fr: fr, g: g, snap: g.State().Clone()})
		}
	}
	return out
})

// FuzzMove plays any text as a move in games of every built-in ruleset, at
// the deal and later. Nothing may panic; a refused move changes nothing and
// says why in one line; an accepted one is a legal move that the text
// names, and it conserves the cards. The seed corpus holds every legal
// move of those positions and some malformed ones.
func FuzzMove(f *testing.F) {
	seen := map[string]bool{}
	for _, mg := range fuzzMoveGamesOnce() {
		r := mg.g.Rules
		for _, m := range mg.g.Moves() {
			if s := r.MoveString(m); !seen[s] {
				seen[s] = true
				f.Add(s)
			}
		}
	}
	for _, s := range []string{
		"", " ", "\n", "deal", "deal 0", "deal 1", "deal 2", "deal 99", "deal x", "deal 1 2", "redeal", "redeal 1",
		"t1", "t1 t1", "t1 f1", "t1 f1 0", "t1 f1 -1", "t1 f1 +1", "t1 f1 99999999999999999999", "t1 f1 1 1",
		"t1:0 f1", "t1:1 f1", "t1:-1 f1", "t1: f1", "t1:300 f1", "garden1:1 ace1", "garden1:257 ace1", "garden9 ace1",
		"p1+p2 d", "p1:1+p2:1 d", "p1:257+p2 d", "p22 d", "p22+waste d", "waste+p22 d", "+ d", "p1+ d", "p1+p1 d",
		"T1 F1", "t１ f1", "t1\tf1", "t1\nf1", "stock waste", "waste t1", "cell1 t1", "é ü", "\xff \xfe",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, mg := range fuzzMoveGamesOnce() {
			fuzzOneMove(t, mg, text)
		}
	})
}

func fuzzOneMove(t *testing.T, mg *fuzzMoveGame, text string) {
	t.Helper()
	g, r := mg.g, mg.g.Rules
	if !g.State().Equal(r, mg.snap) {
		t.Fatalf("%s: the game did not come back to its position", mg.fr.name)
	}
	parsed, perr := r.ParseMove(g.State(), text)
	if !g.State().Equal(r, mg.snap) {
		t.Fatalf("%s: ParseMove(%q) changed the state", mg.fr.name, text)
	}
	legal := r.Moves(g.State(), nil)
	history := len(g.History())
	m, err := g.Play(text)
	if (err == nil) != (perr == nil) || (err == nil && m != parsed) {
		t.Fatalf("%s: Play(%q) = %v, %v; ParseMove gave %v, %v", mg.fr.name, text, m, err, parsed, perr)
	}
	if err != nil {
		if !g.State().Equal(r, mg.snap) {
			t.Fatalf("%s: refused move %q changed the state: %v", mg.fr.name, text, err)
		}
		if len(g.History()) != history {
			t.Fatalf("%s: refused move %q changed the history", mg.fr.name, text)
		}
		if msg := err.Error(); msg == "" || strings.ContainsAny(msg, "\n\r") {
			t.Errorf("%s: move %q: error is not one line: %q", mg.fr.name, text, msg)
		}
		return
	}
	isLegal := false
	for _, x := range legal {
		if x == m {
			isLegal = true
			break
		}
	}
	if !isLegal {
		t.Fatalf("%s: %q was played as %s, not a legal move", mg.fr.name, text, r.MoveString(m))
	}
	want := mg.snap.Clone()
	r.Apply(want, m)
	if !g.State().Equal(r, want) {
		t.Fatalf("%s: %q did not play %s", mg.fr.name, text, r.MoveString(m))
	}
	if !fuzzConserved(mg.fr, g.State()) {
		t.Fatalf("%s: %q loses or makes cards", mg.fr.name, text)
	}
	if why := fuzzNames(r, text, m); why != "" {
		t.Errorf("%s: %q was played as %s: %s", mg.fr.name, text, r.MoveString(m), why)
	}
	if !g.Undo() || !g.State().Equal(r, mg.snap) {
		t.Fatalf("%s: undo of %q does not restore the position", mg.fr.name, text)
	}
}

// fuzzNames checks that an accepted move is the one its text names: the
// piles, the rows and the count. It returns what differs, or "".
func fuzzNames(r *interp.Rules, text string, m interp.Move) string {
	f := strings.Fields(text)
	switch f[0] {
	case "deal":
		if m.Kind != interp.Deal {
			return "not a deal"
		}
		if len(f) == 2 {
			if n, err := strconv.Atoi(f[1]); err != nil || n-1 != int(m.Action) {
				return "another deal statement"
			}
		}
		return ""
	case "redeal":
		if m.Kind != interp.Redeal {
			return "not a redeal"
		}
		return ""
	}
	if len(f) < 2 {
		return "too few words"
	}
	if r.PileName(int(m.To)) != f[1] {
		return "another destination"
	}
	// place reports whether text names pile p, and row slot if it gives one.
	place := func(text string, p, slot uint8) bool {
		name, row, hasRow := strings.Cut(text, ":")
		if name != r.PileName(int(p)) {
			return false
		}
		if !hasRow {
			return true
		}
		n, err := strconv.Atoi(row)
		return err == nil && n-1 == int(slot)
	}
	if a, b, pair := strings.Cut(f[0], "+"); pair {
		if m.Kind != interp.Pair || m.Count != 2 {
			return "not a pair of two"
		}
		if !(place(a, m.From, m.Slot) && place(b, m.From2, m.Slot2)) && !(place(a, m.From2, m.Slot2) && place(b, m.From, m.Slot)) {
			return "other cards"
		}
		return ""
	}
	if !place(f[0], m.From, m.Slot) {
		return "another source"
	}
	if m.Kind == interp.Play && len(f) == 3 {
		if n, err := strconv.Atoi(f[2]); err != nil || n != int(m.Count) {
			return "another count"
		}
	}
	return ""
}

// TestMoveRowOutOfRange pins a FuzzMove finding independently of the
// deals: a row past the end of a pile (257 wraps to 1 in a byte) must not
// name the card in row 1.
func TestMoveRowOutOfRange(t *testing.T) {
	tried := map[interp.MoveKind]int{}
	for _, fr := range fuzzRulesets(t) {
		for seed := uint64(1); seed <= 20; seed++ {
			g := interp.NewFromRules(fr.r, seed)
			r := g.Rules
			for _, m := range g.Moves() {
				var text string
				switch {
				case m.Kind == interp.Pair && m.Count == 2:
					text = r.PileName(int(m.From)) + ":257+" + r.PileName(int(m.From2)) + ":257 " + r.PileName(int(m.To))
				case m.Kind == interp.Pair:
					text = r.PileName(int(m.From)) + ":257 " + r.PileName(int(m.To))
				case m.Kind == interp.Play && r.Game.Piles[m.From].Grid:
					text = r.PileName(int(m.From)) + ":" + strconv.Itoa(int(m.Slot)+257) + " " + r.PileName(int(m.To))
				default:
					continue
				}
				tried[m.Kind]++
				if got, err := r.ParseMove(g.State(), text); err == nil {
					t.Errorf("%s seed %d: %q is taken as %s", fr.name, seed, text, r.MoveString(got))
				}
				break
			}
		}
	}
	if tried[interp.Pair] == 0 || tried[interp.Play] == 0 {
		t.Fatalf("no pair or no grid move was tried: %v", tried)
	}
}
