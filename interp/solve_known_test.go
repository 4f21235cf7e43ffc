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

// solveBoth sets up base plus each variant's piles and checks the solver's
// verdict: "winnable" must be won by a line that replays, "unwinnable"
// proved lost.
func solveBoth(t *testing.T, ruleset string, base layout, variants map[string]map[string]string) {
	t.Helper()
	for name, piles := range variants {
		t.Run(name, func(t *testing.T) {
			l := base
			l.piles = map[string]string{}
			for k, v := range base.piles {
				l.piles[k] = v
			}
			for k, v := range piles {
				l.piles[k] = v
			}
			want := interp.Winnable
			if name == "unwinnable" {
				want = interp.Unwinnable
			}
			solveKnown(t, setUp(t, ruleset, l), want)
		})
	}
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
	solveBoth(t, "precedence", layout{piles: piles, redeals: 2}, map[string]map[string]string{
		"winnable": {"waste": "AC 2C"}, "unwinnable": {"waste": "2C AC"},
	})
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
	solveBoth(t, "babette", layout{piles: piles, redeals: 1}, map[string]map[string]string{
		"winnable": {"garden1": "KC QC"}, "unwinnable": {"garden1": "QC KC"},
	})
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
	solveBoth(t, "plot", layout{piles: piles, phase: 1, values: map[string]string{"b": "7"}}, map[string]map[string]string{
		"winnable": {"reserve": "6S 5S"}, "unwinnable": {"reserve": "5S 6S"},
	})
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
	solveBoth(t, "rouge-et-noir", layout{piles: piles}, map[string]map[string]string{
		"winnable":   {"c1": "KD QC JD TC 9D 8C 7D 6C 5D 4C 3D", "c2": "2C", "c3": "AD"},
		"unwinnable": {"c1": "KD QC JD TC 9D 8C 7D 6C 5D 4C 3D AD 2C"},
	})
}

// A position given by its piles alone (no moves: hand-made, or edited) is
// loaded as it stands, and a move played from it and saved loads again
// (the save listed the move, which Load replayed from the seed's deal and
// then refused the piles; the game's auto-save then stuck). The seed's own
// deal, given by its piles, keeps its moves.
func TestSaveAfterResumingPilesOnlyLoadsAgain(t *testing.T) {
	r := rulesOf(t, "golf")
	p := interp.NewFromRules(r, 1).Position()
	g, err := r.Load(p)
	require.NoError(t, err)
	_, err = g.Play("t1 heap")
	require.NoError(t, err)
	assert.Equal(t, []string{"t1 heap"}, g.Position().Moves, "the deal's own piles keep their moves")

	t1, t2 := p.Piles[1].Cards, p.Piles[2].Cards // golf: heap, t1, t2, ...
	t1[len(t1)-1], t2[len(t2)-1] = t2[len(t2)-1], t1[len(t1)-1]
	g, err = r.Load(p)
	require.NoError(t, err)
	_, err = g.Play("t1 heap")
	require.NoError(t, err)
	again, err := r.Load(g.Position())
	require.NoError(t, err, "the save written after one move does not load")
	assert.True(t, again.State().Equal(r, g.State()))
}
