package check_test

import (
	"errors"
	"hash/fnv"
	"strings"
	"testing"

	"github.com/patience-dev/patience/dsl"
	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/dsl/internal/dsltest"
	"github.com/patience-dev/patience/interp"
)

// Bounds on the work one fuzz input may cause.
const (
	fuzzMaxPlayoutSrc = 64 << 10 // larger files are only checked, not played
	fuzzPlayoutMoves  = 50       // moves played per seed
)

// FuzzCheck feeds any bytes to check.Source. It must never panic; a
// failure must be a *dsl.Diagnostics whose every position lies inside the
// file. A file that checks must compile, deal the whole pack for several
// seeds, and play legal moves without panicking or losing a card. The seed
// corpus (every ruleset and every test input) also runs as a unit test.
func FuzzCheck(f *testing.F) {
	for _, src := range dsltest.Corpus(f, "testdata") {
		f.Add(src)
	}
	f.Add([]byte(""))
	f.Add([]byte(`game "x" { }`))
	f.Add([]byte(`game "x" { tableau t[2] deal { rest to t1 } win when all cards in t1 }`))
	f.Fuzz(func(t *testing.T, src []byte) {
		const filename = "fuzz.patience"
		g, err := check.Source(filename, src)
		if err != nil {
			var d *dsl.Diagnostics
			if !errors.As(err, &d) {
				t.Fatalf("check error is %T, not *dsl.Diagnostics: %v", err, err)
			}
			if !d.HasErrors() {
				t.Fatalf("check failed with no error diagnostic")
			}
			if len(d.List) > dsl.MaxDiagnostics {
				t.Errorf("%d diagnostics: more than MaxDiagnostics", len(d.List))
			}
			dsltest.CheckDiagnostics(t, filename, src, d)
			return
		}
		if g == nil {
			t.Fatal("check returned no error and no game")
		}
		if len(src) > fuzzMaxPlayoutSrc {
			return
		}
		playout(t, g, src)
	})
}

// playout compiles a checked game and plays a few deterministic games.
func playout(t *testing.T, g *check.Game, src []byte) {
	t.Helper()
	r := interp.Compile(g)
	pack := r.Pack()
	if len(pack) != g.CardCount {
		t.Fatalf("Pack has %d cards; the game has %d", len(pack), g.CardCount)
	}
	want := map[interp.Card]int{}
	for _, c := range pack {
		if c.IsGap() || c.FaceDown() {
			t.Fatalf("Pack holds %s", c)
		}
		want[c]++
	}
	h := fnv.New64a()
	h.Write(src)
	derived := h.Sum64()
	rng := derived | 1
	next := func(n int) int { // xorshift64
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		return int(rng % uint64(n))
	}
	var buf []interp.Move
	var s *interp.State
	for _, seed := range []uint64{0, 1, derived} {
		s = r.Deal(seed)
		if !conserved(r, s, want) {
			t.Fatalf("seed %d: the deal does not hold exactly the pack:\n%s", seed, dump(r, s))
		}
		if again := r.Deal(seed); !again.Equal(r, s) {
			t.Fatalf("seed %d: dealing twice gives different layouts", seed)
		}
		for step := 0; step < fuzzPlayoutMoves; step++ {
			buf = r.Moves(s, buf[:0])
			if len(buf) == 0 {
				break
			}
			m := buf[next(len(buf))]
			if !r.Legal(s, m) {
				t.Fatalf("seed %d step %d: %s is listed but not legal", seed, step, r.MoveString(m))
			}
			before := s.Clone()
			text := r.MoveString(m)
			r.Apply(s, m)
			if !conserved(r, s, want) {
				t.Fatalf("seed %d step %d: %s loses or makes cards:\n%s", seed, step, text, dump(r, s))
			}
			back, err := r.ParseMove(before, text)
			if err != nil {
				t.Fatalf("seed %d step %d: %q does not read back: %v", seed, step, text, err)
			}
			if back != m {
				t.Fatalf("seed %d step %d: %q reads back as %+v, not %+v", seed, step, text, back, m)
			}
			if r.Won(s) {
				break
			}
		}
	}
	// Once per input: the status, a hint, a safe move and a solve of the
	// last position.
	r.Status(s)
	if m, _, ok := r.Hint(s); ok && !r.Legal(s, m) {
		t.Fatalf("hint %s is not legal", r.MoveString(m))
	}
	if m, ok := r.SafeMove(s); ok && !r.Legal(s, m) {
		t.Fatalf("safe move %s is not legal", r.MoveString(m))
	}
	// And a short solve of the position: a line it calls winning replays.
	sol := r.Solve(s, interp.Limits{Nodes: 300})
	if sol.Verdict == interp.Winnable {
		for i, m := range sol.Moves {
			if !r.Legal(s, m) {
				t.Fatalf("the solver's move %d, %s, is not legal", i, r.MoveString(m))
			}
			r.Apply(s, m)
		}
		if !r.Won(s) {
			t.Fatal("the solver's winning line does not win")
		}
	}
}

// conserved reports whether s holds exactly the cards of want.
func conserved(r *interp.Rules, s *interp.State, want map[interp.Card]int) bool {
	have := map[interp.Card]int{}
	n := 0
	for i := 0; i < r.NumPiles(); i++ {
		for _, c := range s.Pile(r, i) {
			if !c.IsGap() {
				have[c.Up()]++
				n++
			}
		}
	}
	if len(have) != len(want) {
		return false
	}
	for c, k := range want {
		if have[c] != k {
			return false
		}
	}
	return true
}

func dump(r *interp.Rules, s *interp.State) string {
	var b strings.Builder
	for i := 0; i < r.NumPiles(); i++ {
		b.WriteString(r.PileName(i))
		for _, c := range s.Pile(r, i) {
			b.WriteString(" " + c.String())
		}
		b.WriteByte('\n')
	}
	return b.String()
}
