package dsl_test

import (
	"slices"
	"testing"

	"github.com/patience-dev/patience/dsl"
)

// TestStartersAreTheGrammars keeps the statement starters that "did you
// mean" and completion offer (dsl.Starters) in step with the grammar: they
// are the keywords the parser itself accepts as the first word of a block.
func TestStartersAreTheGrammars(t *testing.T) {
	for block, src := range map[string]string{
		"":       "",
		"game":   "game \"x\" {\n",
		"pile":   "game \"x\" {\n  tableau t[2] {\n",
		"deal":   "game \"x\" {\n  decks 1\n  deal {\n",
		"layout": "game \"x\" {\n  decks 1\n  layout {\n",
	} {
		e := dsl.Next([]byte(src), len(src), "")
		if e.Block != block || !e.Known {
			t.Fatalf("%q: block %q (known %v), want %q", src, e.Block, e.Known, block)
		}
		got, want := dsl.Starters(block), slices.Clone(e.Keywords)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s block: Starters gives %v; the parser takes %v", block, got, want)
		}
	}
	// A deal statement may also start with a number: `4 to each t`.
	if e := dsl.Next([]byte("game \"x\" {\n  deal {\n"), 20, ""); !e.Number {
		t.Errorf("a deal statement may start with a number")
	}
}
