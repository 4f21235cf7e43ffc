package check

import (
	"strings"
	"testing"
)

// A build clause that can never hold is warned of for the piles whose
// build has that clause, and only for them: a group declared in parts may
// give each part its own clause.
func TestBuildClauseWarningByDeclaration(t *testing.T) {
	game := func(first, second string) string {
		return `game "W" {
  tableau t[4] { build down any-suit; to f, t }
  reserve r { to t }
  foundation f[1..2] { base A; build up same-suit` + first + `; holds 13 }
  foundation f[3..4] { base A; build up same-suit` + second + `; holds 13 }
  deal { 13 to each t }
  win when all cards in f
}
`
	}
	warned := func(src string) []string {
		g, err := Source("w.patience", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		if g.Warnings != nil {
			for _, d := range g.Warnings.List {
				if strings.Contains(d.Message, "never builds") {
					out = append(out, d.Message)
				}
			}
		}
		return out
	}
	// Only f1 and f2 never build: "f never builds" is false of f3 and f4.
	for _, m := range warned(game(" when r is started", "")) {
		if strings.HasPrefix(m, "f never builds") {
			t.Errorf("false of f3 and f4, which build: %s", m)
		}
	}
	// f3 and f4 never build: said of no pile.
	if len(warned(game("", " when r is started"))) == 0 {
		t.Errorf("no warning that f3 and f4 never build")
	}
}

// The count refused at a take that reads a game value: such a take is made
// at its place in the deal, not before the shuffle.
func TestValueTakeOverCountMessage(t *testing.T) {
	src := `game "P" {
  let b = rank of t1
  tableau t[4] { build down any-suit; to f, t }
  foundation f[4] { base rank b; build up any-suit wrap; holds 13 }
  deal {
    1 to t1
    38 to t2
    13 to t3
    take rank b to f1
  }
  win when all cards in f
}
`
	_, err := Source("p.patience", []byte(src))
	if err == nil {
		t.Fatal("accepted")
	}
	if strings.Contains(err.Error(), "made before the shuffle") {
		t.Errorf("a take that reads a value is made at its place, after the shuffle:\n%v", err)
	}
}
