package check

import (
	"reflect"
	"strings"
	"testing"
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
