package playground

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/patience-dev/patience/cmd/patience/internal/protocol"
	"github.com/patience-dev/patience/dsl"
	"github.com/patience-dev/patience/dsl/check"
)

func source(t *testing.T, name string) string {
	t.Helper()
	src, ok := Source(name)
	if !ok {
		t.Fatalf("no built-in %s", name)
	}
	return src
}

// Every built-in game loads, and its board names every pile once in its
// rows and offers moves the notation reads back.
func TestLoadEveryGame(t *testing.T) {
	for _, name := range Names() {
		var s Session
		r := s.Load(name, source(t, name), "7")
		if !r.OK || r.Board == nil || r.Line == nil || r.Error != "" {
			t.Fatalf("%s: %+v", name, r)
		}
		seen := map[int]bool{}
		for _, row := range r.Board.Rows {
			for _, p := range row {
				if seen[p] {
					t.Errorf("%s: pile %d twice in the rows", name, p)
				}
				seen[p] = true
			}
		}
		if len(seen) != len(r.Board.Piles) {
			t.Errorf("%s: rows hold %d of %d piles", name, len(seen), len(r.Board.Piles))
		}
		if !slices.Equal(r.Moves, texts(r.Board.Moves)) {
			t.Errorf("%s: moves %v, board moves %v", name, r.Moves, r.Board.Moves)
		}
		if _, err := json.Marshal(r); err != nil {
			t.Fatal(err)
		}
	}
}

func texts(ms []MoveView) []string {
	out := []string{}
	for _, m := range ms {
		out = append(out, m.Text)
	}
	return out
}

func TestPlayUndoRedoHint(t *testing.T) {
	var s Session
	r := s.Load("precedence", source(t, "precedence"), "29")
	if r.Board.Seed != "29" || r.Position.Seed != 29 || r.Position.Ruleset != "precedence" {
		t.Fatalf("seed: %+v", r.Position)
	}
	if r.Board.Header != "Precedence  seed 29  redeals left 2" {
		t.Errorf("header %q, not as play writes it", r.Board.Header)
	}
	if r = s.Do("deal"); r.Error != "" || r.Result != "deal" || r.Board.Played != 1 {
		t.Fatalf("deal: %+v", r.Line)
	}
	if r = s.Do("waste f2"); r.Error != "" || r.Board.Played != 2 {
		t.Fatalf("waste f2: %+v", r.Line)
	}
	if r = s.Do("waste f3"); r.Error == "" || r.Board.Played != 2 {
		t.Fatalf("an illegal move is refused and changes nothing: %+v", r.Line)
	}
	s.Do("deal")
	if r = s.Do("waste f3"); !strings.ContainsAny(r.Error, "♣♦♥♠") {
		t.Errorf("the refusal %q names its card as the board shows it, with its suit's symbol", r.Error)
	}
	if r = s.Do("undo"); r.Result != "undid deal" {
		t.Fatalf("undo: %+v", r.Line)
	}
	if r = s.Do("undo"); r.Result != "undid waste f2" || !r.Board.CanRedo {
		t.Fatalf("undo: %+v", r.Line)
	}
	if r = s.Do("redo"); r.Result != "redid waste f2" {
		t.Fatalf("redo: %+v", r.Line)
	}
	r = s.Do("hint")
	if r.Hint == "" || r.Verdict == "" || !slices.Contains(r.Moves, r.Result) {
		t.Fatalf("hint: %q, move %q, verdict %q", r.Hint, r.Result, r.Verdict)
	}
	for _, bad := range []string{"", "nonsense", "f1 f1 f1 f1"} {
		if r = s.Do(bad); r.Error == "" {
			t.Errorf("Do(%q): no error", bad)
		}
	}
}

// A file that does not check gives the diagnostics validate gives, and the
// game in play stays; the fixed file deals the seed again.
func TestDiagnostics(t *testing.T) {
	var s Session
	good := source(t, "precedence")
	s.Load("precedence", good, "29")
	s.Do("deal")
	bad := strings.Replace(good, "deal 1 to waste", "deal 1 to wast", 1)
	r := s.Load("precedence", bad, "29")
	if r.OK || len(r.Diagnostics) == 0 {
		t.Fatalf("a typo checks: %+v", r)
	}
	_, err := check.Source("precedence.patience", []byte(bad))
	var d *dsl.Diagnostics
	if !errors.As(err, &d) {
		t.Fatal(err)
	}
	if want := protocol.Diagnostics(d); !slices.Equal(r.Diagnostics, want) {
		t.Fatalf("diagnostics\n%+v\nwant (as validate --json)\n%+v", r.Diagnostics, want)
	}
	if !slices.ContainsFunc(r.Diagnostics, func(d protocol.Diagnostic) bool {
		return d.Suggestion == "waste" && d.Line == 20 && d.Column == 15 && strings.Contains(d.Message, `"wast"`)
	}) {
		t.Errorf("no diagnostic at 20:15 suggests waste: %+v", r.Diagnostics)
	}
	if r.Board == nil || r.Board.Played != 1 {
		t.Errorf("the game in play is gone: %+v", r.Board)
	}
	if r = s.Load("precedence", good, "29"); !r.OK || r.Board.Played != 0 || r.Board.Seed != "29" {
		t.Errorf("fixed: %+v", r)
	}
}

func TestBadInput(t *testing.T) {
	var s Session
	if r := s.Do("deal"); r.Error == "" || r.Board != nil {
		t.Errorf("Do before Load: %+v", r)
	}
	if r := s.Deal("3"); r.Error == "" {
		t.Errorf("Deal before Load: %+v", r)
	}
	if r := s.Load("x", "", "1"); r.OK || len(r.Diagnostics) == 0 {
		t.Errorf("an empty file: %+v", r)
	}
	if r := s.Load("x", strings.Repeat("#", MaxSource+1), "1"); r.OK || len(r.Diagnostics) != 1 || r.Diagnostics[0].Message != "file is 1048577 bytes; the limit is 1048576 bytes" {
		t.Errorf("a huge file, as validate says of it: %+v", r.Diagnostics)
	}
	for _, seed := range []string{"", "-1", "x", "18446744073709551616"} {
		if r := s.Load("precedence", source(t, "precedence"), seed); r.Error == "" || !strings.Contains(r.Error, "seed") {
			t.Errorf("seed %q: %+v", seed, r.Line)
		}
	}
	r := s.Load("precedence", source(t, "precedence"), "18446744073709551615")
	if !r.OK || r.Board.Seed != "18446744073709551615" {
		t.Errorf("the largest seed: %+v", r.Line)
	}
	if r := s.Deal(" 5 "); r.Error != "" || r.Board.Seed != "5" {
		t.Errorf("Deal(5): %+v", r.Line)
	}
	if r := s.Deal("five"); r.Error == "" || r.Board.Seed != "5" {
		t.Errorf("Deal(five) must refuse and keep the game: %+v", r.Line)
	}
}

// The stock's order is not given away on the board.
func TestStockHidden(t *testing.T) {
	var s Session
	r := s.Load("klondike", source(t, "klondike"), "1")
	for _, p := range r.Board.Piles {
		if !p.Stock {
			continue
		}
		if len(p.Cards) == 0 {
			t.Fatal("klondike's stock is empty")
		}
		for _, c := range p.Cards {
			if c.Text != "" || c.Code != "(??)" {
				t.Fatalf("the stock shows %+v", c)
			}
		}
		return
	}
	t.Fatal("no stock")
}

// A seed the box cannot read does not stop the rule file being checked:
// a broken file shows its diagnostics (it once showed the last file's "ok"),
// and a good one is dealt with the seed the board had, the seed's error said.
func TestLoadWithBadSeedStillChecks(t *testing.T) {
	var s Session
	if r := s.Load("klondike", source(t, "klondike"), "5"); !r.OK {
		t.Fatalf("klondike does not load: %+v", r.Diagnostics)
	}
	r := s.Load("klondike", "game \"X\" {\n  foundaton f[4]\n}\n", "abc")
	if r.OK || len(r.Diagnostics) == 0 || !strings.Contains(r.Error, `invalid seed "abc"`) {
		t.Errorf("a broken file with seed \"abc\": ok %v, %d diagnostics, error %q", r.OK, len(r.Diagnostics), r.Error)
	}
	r = s.Load("freecell", source(t, "freecell"), "abc")
	if !r.OK || r.Board == nil || r.Board.Game != "FreeCell" || r.Board.Seed != "5" || !strings.Contains(r.Error, `invalid seed "abc"`) {
		t.Errorf("a good file with seed \"abc\": %+v", r)
	}
}
