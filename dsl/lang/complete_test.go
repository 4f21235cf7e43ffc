package lang_test

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/patience-dev/patience/dsl"
	"github.com/patience-dev/patience/dsl/lang"
	"github.com/patience-dev/patience/rulesets"
)

// TestCompleteOffersTheWordThere cuts every built-in game at the start of
// each keyword and name and asks for completion there, with nothing typed
// and with the first letter typed: the word actually there must be among
// the offers. A name being declared is left out: no completion can know
// a new name.
func TestCompleteOffersTheWordThere(t *testing.T) {
	var mu sync.Mutex
	places, declared := 0, 0
	var misses []string
	t.Run("rulesets", func(t *testing.T) {
		for _, name := range rulesets.Names() {
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				src, ok := rulesets.Source(name)
				if !ok {
					t.Fatalf("no source for %s", name)
				}
				d := lang.Analyze(name+".patience", src, nil)
				if d.File == nil {
					t.Fatalf("%s does not parse", name)
				}
				decls := map[int]bool{}
				for _, s := range d.Symbols() {
					for _, n := range s.Decls {
						start, _ := n.Span()
						decls[start.Offset] = true
					}
				}
				n, skipped := 0, 0
				var missed []string
				for _, tok := range dsl.Tokens(d.Src) {
					if !tok.Name && !tok.Keyword {
						continue
					}
					if tok.Name && decls[tok.Offset] {
						skipped++
						continue
					}
					for _, typed := range []int{0, 1} {
						n++
						if !slices.Contains(labels(d.Complete(tok.Offset+typed)), tok.Text) {
							missed = append(missed, fmt.Sprintf("%s:%d:%d %q (typed %q)", name, tok.Line, tok.Column, tok.Text, tok.Text[:typed]))
						}
					}
				}
				mu.Lock()
				defer mu.Unlock()
				places, declared = places+n, declared+skipped
				misses = append(misses, missed...)
			})
		}
	})
	t.Logf("%d places, %d missed; %d declared names left out", places, len(misses), declared)
	if len(misses)*100 > places {
		t.Errorf("%d of %d places do not offer the word there:\n%s", len(misses), places, strings.Join(misses, "\n"))
	}
}

// TestCompleteCases are the places the test above found wanting, by hand.
func TestCompleteCases(t *testing.T) {
	src := `game "C" {
  decks 1
  suits S, H
  let b = rank of f1
  phase p until f1 is full
  foundation f[4] { base A; build up same-suit; holds 13 }
  tableau t[7] {
    build down any-suit
    move runs
    grid
    to foundations, t
    start after previous
    in rows of 7
    base K
    fill never
  }
  stock { deal 1 to waste when no t is empty }
  waste
  deal {
    4 to each t
    move K to bottom of each t
    rest to stock
  }
  win when all cards in foundations
}
`
	d := lang.Analyze("c.patience", []byte(src), nil)
	if d.File == nil {
		t.Fatalf("does not parse: %v", d.Diags)
	}
	// offers is what comes at the start of the n-th occurrence of marker.
	offers := func(marker string) []string {
		t.Helper()
		return labels(d.Complete(at(t, src, marker)))
	}
	pileStmts := []string{"holds", "move", "to", "fill", "base", "build", "start", "accepts"}
	// At the start of a line after a complete statement: its continuations
	// and the block's statements.
	assert.Subset(t, offers("move runs\n"), append([]string{"wrap", "except"}, pileStmts...), "after build down any-suit")
	assert.Subset(t, offers("grid\n"), append([]string{"using"}, pileStmts...), "after move runs")
	assert.Subset(t, offers("to foundations, t\n"), append([]string{"both-ends"}, pileStmts...), "after grid")
	// Conditions.
	cond := []string{"all", "every", "any", "no", "not", "during", "after", "f1", "t"}
	assert.Subset(t, offers("all cards in foundations\n}"), cond, "win when")
	assert.Subset(t, offers("no t is empty }"), cond, "a stock deal's when")
	// Words the grammar takes after a keyword.
	assert.Equal(t, []string{"of"}, offers("of f1"), "let b = rank")
	assert.Subset(t, offers("each t\n    move"), []string{"each", "t"}, "to in a deal")
	assert.Subset(t, offers("foundations, t\n"), []string{"left", "foundations", "t", "f1"}, "to in a pile block")
	assert.Subset(t, offers("down any-suit"), []string{"any", "any-rank", "down", "up"}, "build")
	assert.Subset(t, offers("same-suit; holds"), []string{"by"}, "build up")
	assert.ElementsMatch(t, []string{"never", "from"}, offers("never\n"), "fill")
	assert.Contains(t, offers("previous"), "previous", "start after")
	assert.ElementsMatch(t, []string{"any", "top", "runs", "whole"}, offers("runs\n"), "move in a pile block")
	inDeal := offers("K to bottom")
	assert.Subset(t, inDeal, []string{"any", "rank", "red", "black", "A", "K", "KS"}, "move in a deal takes a card")
	assert.NotContains(t, inDeal, "top")
	assert.Equal(t, []string{"rows"}, offers("rows of"), "in")
	assert.Equal(t, []string{"S", "H", "D", "C"}, offers("S, H"), "suits")
	assert.Equal(t, []string{"S", "H", "D", "C"}, offers("H\n"), "suits S,")
	base := offers("A; build")
	assert.Subset(t, base, []string{"A", "K", "10", "AS", "rank", "any", "red", "black"}, "base")
	assert.NotContains(t, base, "f1")
	assert.NotContains(t, base, "holds")
	// With the first letter typed.
	typed := labels(d.Complete(at(t, src, "all cards in") + 1))
	assert.Subset(t, typed, []string{"all", "any", "after"}, "win when a")
	assert.NotContains(t, typed, "every")
}

// After `after` in a clause only a phase may come; after `start after`, a
// pile, a group, a phase or `previous`.
func TestCompleteAfter(t *testing.T) {
	src := `game "C" {
  phase dealing until stock is empty
  phase playing
  foundation f[4] { base A; build up same-suit after dealing; start after previous }
  stock { deal 1 to waste }
  waste { to f }
  deal { rest to stock }
  win when all cards in f
}
`
	d := lang.Analyze("c.patience", []byte(src), nil)
	clause := labels(d.Complete(at(t, src, "dealing; start")))
	assert.Contains(t, clause, "dealing")
	assert.NotContains(t, clause, "f1", "a pile is no phase")
	start := labels(d.Complete(at(t, src, "previous }")))
	assert.Subset(t, start, []string{"previous", "f1", "dealing"})
}

// After `deal 1 to` completion offers `each` and the piles, not `empty`,
// which the grammar reads there but the checker refuses (`empty` comes
// after `each`); after `each`, `empty` and the groups.
func TestCompleteEachBeforeEmpty(t *testing.T) {
	good := "game \"C\" {\n  tableau m[4] { }\n  waste { }\n  stock { deal 1 to waste }\n  deal { rest to stock }\n  win when all cards in m\n}\n"
	prev := lang.Analyze("c.patience", []byte(good), nil)
	for _, c := range []struct {
		typed     string
		want, not []string
	}{
		{"deal 1 to ", []string{"each", "waste", "m"}, []string{"empty"}},
		{"deal 1 to each ", []string{"empty", "m"}, nil},
	} {
		src := strings.Replace(good, "deal 1 to waste", c.typed+"", 1)
		d := lang.Analyze("c.patience", []byte(src), prev)
		got := labels(d.Complete(strings.Index(src, c.typed) + len(c.typed)))
		assert.Subset(t, got, c.want, c.typed)
		for _, w := range c.not {
			assert.NotContains(t, got, w, c.typed)
		}
	}
}

// After `let b = rank of first` only `card` may come, and then `to`: the
// grammar's lookahead offered every statement there.
func TestCompleteFirstCardTo(t *testing.T) {
	good := "game \"C\" {\n  let b = rank of first card to f\n  foundation f[4] { base rank b; build up same-suit wrap; holds 13 }\n  tableau t[4] { to f }\n  deal { 13 to each t }\n  win when all cards in f\n}\n"
	prev := lang.Analyze("c.patience", []byte(good), nil)
	for typed, want := range map[string][]string{
		"let b = rank of first ":      {"card"},
		"let b = rank of first card ": {"to"},
	} {
		src := strings.Replace(good, "let b = rank of first card to f", typed, 1)
		d := lang.Analyze("c.patience", []byte(src), prev)
		assert.Equal(t, want, labels(d.Complete(strings.Index(src, typed)+len(typed))), typed)
	}
}
