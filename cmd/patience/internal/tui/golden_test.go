package tui

import (
	"testing"
)

// Each seed game is played through a few keys on a fixed deal and screen;
// every frame is compared with its golden file (go test -update rewrites
// them). Suits are letters and there is no colour, so the files are plain.

func TestGoldenPrecedence(t *testing.T) {
	h := newHarness(t, "precedence", 5, "")
	g := &golden{t: t, name: "precedence"}
	g.add("opening: eight foundations, the stock and the waste below", h.frame())
	for range 9 {
		h.keys("space") // the cursor starts on the stock: space deals
	}
	g.add("space x9: nine cards dealt to the waste", h.frame())
	h.keys("0") // the waste's hotkey
	g.add("0: the waste's queen picked; f1 and f2 can take it", h.frame())
	h.keys("3")
	g.add("3: dropped on f3, which may not start yet", h.frame())
	h.keys("0", "2")
	g.add("0 2: the queen goes to f2", h.frame())
	h.keys("u")
	g.add("u: undone", h.frame())
	h.keys("h")
	g.add("h: the hint marks its move", h.frame())
	h.keys("?")
	g.add("?: the help", h.frame())
	g.check()
}

func TestGoldenPlot(t *testing.T) {
	h := newHarness(t, "plot", 3, "")
	g := &golden{t: t, name: "plot"}
	g.add("opening: reserve and foundations, the 3x4 tableau, stock and waste; the base rank and phase above", h.frame())
	h.keys("d")
	g.add("d: dealt", h.frame())
	h.keys("c")
	g.add("c: J from t3 picked; t1 and t11 can take it", h.frame())
	h.keys("0")
	g.add("0: dropped on t1", h.frame())
	h.keys("b", "e")
	g.add("b e: t2 onto t4 is refused with the engine's reason", h.frame())
	h.keys("s", "3")
	g.add("s 3: the waste onto f2, which waits for f1", h.frame())
	h.keys("u")
	g.add("u: the move to t1 undone", h.frame())
	h.keys("r")
	g.add("r: redone", h.frame())
	g.check()
}

func TestGoldenBabette(t *testing.T) {
	h := newHarness(t, "babette", 3, "")
	g := &golden{t: t, name: "babette"}
	g.add("opening: ace and king foundations, the garden's first row, the stock", h.frame())
	h.keys("h")
	g.add("h: hint", h.frame())
	h.keys("d")
	g.add("d: the garden's second row", h.frame())
	h.clickPile("garden2", 1)
	g.add("click garden2 row 2: the ace picked; ace3 can take it", h.frame())
	h.clickPile("ace3", -1)
	g.add("click ace3: played, leaving a gap", h.frame())
	h.clickPile("garden1", 0)
	h.clickPile("ace1", -1)
	g.add("garden1 row 1 onto ace1: covered, refused", h.frame())
	h.keys("u")
	g.add("u: undone", h.frame())
	g.check()
}

func TestGoldenRougeEtNoir(t *testing.T) {
	h := newHarness(t, "rouge-et-noir", 3, "")
	g := &golden{t: t, name: "rouge-et-noir"}
	g.add("opening: foundations and discards, ten long columns face down but the top", h.frame())
	h.clickPile("c7", -1)
	g.add("click c7: the queen picked; c9 can take it", h.frame())
	h.clickPile("c9", -1)
	g.add("click c9: played", h.frame())
	h.clickPile("c9", 0)
	g.add("click the king deeper in c9: the run from there picked", h.frame())
	h.clickPile("c10", -1)
	g.add("click c10: the run moves to the empty column", h.frame())
	h.clickPile("c1", -1)
	h.clickPile("c2", -1)
	g.add("c1 onto c2: refused with the reason", h.frame())
	h.keys("d")
	g.add("d: one card dealt on every column", h.frame())
	h.keys("u", "u")
	g.add("u u: back before the run moved", h.frame())
	g.check()
}
