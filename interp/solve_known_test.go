package interp_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/interp"
)

// Small hand-made positions with a known answer for each seed game: the
// solver must find the win where there is one, replayable through the
// interpreter, and prove the loss where there is none.

const ranksUp = "A23456789TJQK"

// run writes the cards of ranks (in order) of one suit.
func run(ranks, suit string) string {
	var out []string
	for _, r := range ranks {
		out = append(out, string(r)+suit)
	}
	return strings.Join(out, " ")
}

// rotate gives the 13 ranks going up from rank first, round the corner.
func rotate(first byte, up bool) string {
	seq := ranksUp
	if !up {
		seq = "KQJT98765432A"
	}
	i := strings.IndexByte(seq, first)
	return seq[i:] + seq[:i]
}

func solveKnown(t *testing.T, g *interp.Game, want interp.Verdict) {
	t.Helper()
	sol := g.Rules.Solve(g.State(), interp.Limits{Time: 5 * time.Second})
	require.Equal(t, want, sol.Verdict)
	if want == interp.Winnable {
		for _, m := range sol.Moves {
			require.NoError(t, g.PlayMove(m))
		}
		assert.Equal(t, interp.Won, g.Status())
	}
}

func TestSolveKnownPrecedence(t *testing.T) {
	// Every foundation full but f1, which waits for its 2 and then its A.
	piles := map[string]string{}
	first := "KQJT9876"
	suits := "CDHS"
	for i := 0; i < 8; i++ {
		seq := rotate(first[i], false)
		if i == 0 {
			seq = seq[:11] // K down to 3
		}
		piles["f"+string(rune('1'+i))] = run(seq, string(suits[i%4]))
	}
	for name, waste := range map[string]string{"winnable": "AC 2C", "unwinnable": "2C AC"} {
		t.Run(name, func(t *testing.T) {
			l := layout{piles: map[string]string{"waste": waste}, redeals: 2}
			for k, v := range piles {
				l.piles[k] = v
			}
			g := setUp(t, "precedence", l)
			want := interp.Winnable
			if name == "unwinnable" {
				want = interp.Unwinnable
			}
			solveKnown(t, g, want)
		})
	}
}

func TestSolveKnownBabette(t *testing.T) {
	// Every foundation full but the clubs Ace foundation, which waits for its
	// Q and K; both lie in garden1, in one order or the other.
	piles := map[string]string{}
	for i, s := range "CDHS" {
		up := ranksUp
		if s == 'C' {
			up = ranksUp[:11]
		}
		piles["ace"+string(rune('1'+i))] = run(up, string(s))
		piles["king"+string(rune('1'+i))] = run("KQJT98765432A", string(s))
	}
	for name, garden := range map[string]string{"winnable": "KC QC", "unwinnable": "QC KC"} {
		t.Run(name, func(t *testing.T) {
			l := layout{piles: map[string]string{"garden1": garden}, redeals: 1}
			for k, v := range piles {
				l.piles[k] = v
			}
			g := setUp(t, "babette", l)
			want := interp.Winnable
			if name == "unwinnable" {
				want = interp.Unwinnable
			}
			solveKnown(t, g, want)
		})
	}
}

func TestSolveKnownPlot(t *testing.T) {
	// b = 7, f1 full (phase 2); every foundation full but f8, which waits for
	// its 5 and then its 6, both in the reserve.
	piles := map[string]string{}
	for i := 0; i < 8; i++ {
		seq := rotate('7', true)
		if i == 7 {
			seq = seq[:11]
		}
		piles["f"+string(rune('1'+i))] = run(seq, string("CDHS"[i%4]))
	}
	for name, reserve := range map[string]string{"winnable": "6S 5S", "unwinnable": "5S 6S"} {
		t.Run(name, func(t *testing.T) {
			l := layout{piles: map[string]string{"reserve": reserve}, phase: 1, values: map[string]string{"b": "7"}}
			for k, v := range piles {
				l.piles[k] = v
			}
			g := setUp(t, "plot", l)
			want := interp.Winnable
			if name == "unwinnable" {
				want = interp.Unwinnable
			}
			solveKnown(t, g, want)
		})
	}
}

func TestSolveKnownRougeEtNoir(t *testing.T) {
	// The foundations hold one deck, one suit each; three discards hold King
	// to Ace runs of the other deck. The fourth run lies in the columns: with
	// its 2 and A free in c2 and c3 it can be completed and discarded;
	// with the A under the 2 in c1 it cannot.
	piles := map[string]string{
		"f1": run(ranksUp, "D"), "f2": run(ranksUp, "H"), "f3": run(ranksUp, "C"), "f4": run(ranksUp, "S"),
		"d1": "KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H AS",
		"d2": "KH QS JH TS 9H 8S 7H 6S 5H 4S 3H 2S AH",
		"d3": "KC QD JC TD 9C 8D 7C 6D 5C 4D 3C 2D AC",
	}
	for name, cols := range map[string]map[string]string{
		"winnable":   {"c1": "KD QC JD TC 9D 8C 7D 6C 5D 4C 3D", "c2": "2C", "c3": "AD"},
		"unwinnable": {"c1": "KD QC JD TC 9D 8C 7D 6C 5D 4C 3D AD 2C"},
	} {
		t.Run(name, func(t *testing.T) {
			l := layout{piles: map[string]string{}}
			for k, v := range piles {
				l.piles[k] = v
			}
			for k, v := range cols {
				l.piles[k] = v
			}
			g := setUp(t, "rouge-et-noir", l)
			want := interp.Winnable
			if name == "unwinnable" {
				want = interp.Unwinnable
			}
			solveKnown(t, g, want)
		})
	}
}
