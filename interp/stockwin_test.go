package interp

import (
	"strings"
	"testing"

	"github.com/patience-dev/patience/dsl/check"
)

// A stock that deals is a pile cards leave, even when the win names it:
// a card it deals may be built on, or build, before it goes back to the
// piles of the win. (Taken for a pile set aside, the stock made a dead
// card of 3♠ below, which goes onto the 4♠ the stock deals, and a safe
// move of A♠ to f1, where the 2♠ must first sit on it; both made the deal
// unwinnable, and the plain search wins it. Found by a helper.)
func TestStockInTheWin(t *testing.T) {
	junk := takeOut("5 6 7 8 9 10 J Q K", "S")
	for name, src := range map[string]string{
		"dead card": `game "Stock in the win" {
  suits S
  foundation f { base A; build up same-suit }
  tableau t[3] { build down any-suit; fill never; to f, t }
  stock { deal 1 to t3 }
  discard junk
  deal {
` + junk + `    take AS to t1
    take 3S to t1
    take 2S to t2
    take 4S to stock
  }
  win when all cards in f, stock, junk
}`,
		"safe move": `game "Stock in the win" {
  suits S
  foundation f1 { base A }
  foundation f2 { base 4; build down any-suit; holds 3 }
  tableau t[2] { build up any-suit; fill never; to f1, f2, t PAIRS }
  stock { deal 1 to t2 }
  discard junk
  deal {
` + junk + `    take AS to t1
    take 4S to t2
    take 3S to t2
    take 2S to stock
  }
  win when all cards in f1, f2, stock, junk
}`,
	} {
		for _, pairs := range []string{"", ", d }\n  discard d { pairs same-rank"} {
			if pairs != "" && name != "safe move" {
				continue
			}
			src := strings.Replace(src, " PAIRS }", pairs+" }", 1)
			g, err := check.Source("s.patience", []byte(src))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			r := Compile(g)
			var n tally
			if err := soundness(r, r.Deal(1), &plain{r: r}, 100_000, &n); err != nil {
				t.Errorf("%s (pairs %q): %v", name, pairs, err)
			}
			if sol := r.Solve(r.Deal(1), Limits{Nodes: 100_000}); sol.Verdict != Winnable {
				t.Errorf("%s (pairs %q): %v, and the deal is won", name, pairs, sol.Verdict)
			}
		}
	}
}
