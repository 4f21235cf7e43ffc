package check

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/patience-dev/patience/dsl"
)

// "holds 1 card" reads as English does, and means what "holds 1 cards" and
// "holds 1" mean.
func TestHoldsOneCard(t *testing.T) {
	src := `game "H" {
  tableau t[2] { build down any-suit; to t }
  deal { 26 to each t }
  win when t1 holds WORDS
}
`
	var wins []any
	for _, words := range []string{"1 card", "1 cards", "1"} {
		g, err := Source("h.patience", []byte(strings.Replace(src, "WORDS", words, 1)))
		if err != nil {
			t.Fatalf("holds %s: %v", words, err)
		}
		wins = append(wins, g.Win)
	}
	for i := range wins[1:] {
		if !reflect.DeepEqual(wins[0], wins[i+1]) {
			t.Errorf("holds 1 card means %v, not %v", wins[0], wins[i+1])
		}
	}
}

// A rank written as the books name it is answered with its letter.
func TestRankNamesSuggestTheLetter(t *testing.T) {
	for word, want := range map[string]string{"Ace": "A", "King": "K", "queens": "Q", "Jack": "J", "Ten": "10"} {
		src := "game \"R\" {\n  foundation f[4] { base " + word + "; build up same-suit; holds 13 }\n  tableau t[4] { build down any-suit; to f, t }\n  deal { 13 to each t }\n  win when all cards in f\n}\n"
		_, err := Source("r.patience", []byte(src))
		var ds *dsl.Diagnostics
		if !errors.As(err, &ds) {
			t.Fatalf("base %s: %v", word, err)
		}
		if got := ds.List[0].Suggest; got != want {
			t.Errorf("base %s: suggests %q, want %q (%s)", word, got, want, ds.List[0].Message)
		}
	}
}
