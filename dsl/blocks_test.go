package dsl_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/patience-dev/patience/dsl"
)

// TestBlockNamesAndStarters: a misspelt statement is named after the block
// that encloses it, decided by what opens the block, even when the
// statement before that block ends without a `;`; and every statement the
// grammar has is offered as a suggestion.
func TestBlockNamesAndStarters(t *testing.T) {
	for _, tc := range []struct{ src, block, suggest string }{
		{"game \"D\" {\n  decks 1\n  deal {\n    rset to stock\n  }\n  win when all cards in foundations\n}\n", "deal block", "rest"},
		{"game \"D\" {\n  decks 1\n  layout {\n    rwo f\n  }\n  deal { rest to stock }\n  win when all cards in foundations\n}\n", "layout block", "row"},
		{"game \"D\" {\n  stock\n  redeal 2 from waste\n  deal {\n    rset to stock\n  }\n  win when all cards in foundations\n}\n", "deal block", "rest"},
		{"game \"D\" {\n  foundation f[4] { base A; build up same-suit; holds 13 }\n  tableau t[13] { build down any-suit; fill never; to foundations, t }\n  decks 1\n  deal {\n    4 to each t\n    rset K to bottom of each t\n  }\n  win when all cards in foundations\n}\n", "deal block", "rest"},
		{"game \"L\" {\n  redeall 2 from fan shuffled to each fan by 3\n  deal { rest to stock }\n  win when all cards in foundations\n}\n", "game block", "redeal"},
		{"game \"B\" {\n  deal {\n    4 to each t\n    mvoe K to bottom of each t\n  }\n  win when all cards in foundations\n}\n", "deal block", "move"},
	} {
		_, err := dsl.Parse("x.patience", []byte(tc.src))
		var ds *dsl.Diagnostics
		if !errors.As(err, &ds) {
			t.Errorf("%q: no diagnostics: %v", tc.src, err)
			continue
		}
		d := ds.List[0]
		if !strings.Contains(d.Message, tc.block) || d.Suggest != tc.suggest {
			t.Errorf("got %q (suggest %q); want it to name the %s and suggest %q", d.Message, d.Suggest, tc.block, tc.suggest)
		}
	}
}

// The books' words for a relation's suits and colours are answered with
// the keyword that says them here.
func TestBookPhrasesSuggestTheKeyword(t *testing.T) {
	for phrase, want := range map[string]string{
		"in suit":                "same-suit",
		"in Suit":                "same-suit",
		"in colour":              "same-colour",
		"regardless of suit":     "any-suit",
		"in alternating colours": "alternate-colour",
		"alternating colors":     "alternate-colour",
		"alternate-color":        "alternate-colour",
	} {
		src := "game \"B\" {\n  tableau t[4] { build down " + phrase + "; to t }\n  deal { 13 to each t }\n  win when all cards in t\n}\n"
		_, err := dsl.Parse("x.patience", []byte(src))
		var ds *dsl.Diagnostics
		if !errors.As(err, &ds) {
			t.Errorf("%q: no diagnostics: %v", phrase, err)
			continue
		}
		if got := ds.List[0].Suggest; got != want {
			t.Errorf("build down %s: suggests %q, want %q (%s)", phrase, got, want, ds.List[0].Message)
		}
	}
}

// A range of piles written as the books might, `row m1..m5`, is answered
// with the way a layout writes it: `m[1..5]`.
func TestLayoutRangeOfPiles(t *testing.T) {
	for typed, want := range map[string]string{
		"row m1..m5, stock": "`m[1..5]`",
		"row m6 .. m10":     "`m[6..10]`",
		"row m1..":          "`m[1..N]`",
	} {
		src := "game \"M\" {\n  tableau m[10] { to d }\n  discard d { pairs same-rank }\n  layout {\n    " + typed + "\n  }\n  deal { 1 to each m; rest to stock }\n  win when all cards in d\n}\n"
		_, err := dsl.Parse("x.patience", []byte(src))
		var ds *dsl.Diagnostics
		if !errors.As(err, &ds) {
			t.Errorf("%q: no diagnostics: %v", typed, err)
			continue
		}
		if d := ds.List[0]; !strings.Contains(d.Message, want) {
			t.Errorf("%q: got %q; want it to say %s", typed, d.Message, want)
		}
	}
}
