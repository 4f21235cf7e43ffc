package tui

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/mattn/go-runewidth"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl/check"
)

var anyFiles = flag.Int("anyfile.games", 60, "rule files TestAnyFileFitsTheScreen generates")

// A file the checker accepts is a game the terminal can play at every size
// from 80×24 up, not only the built-in ones: these rule files are made at
// random in the shapes the layout has to deal with (many piles or few, rows
// of one group or of several, grids, fans, long names, rows the layout
// wraps, a stock or none, several decks), and each is drawn at 80×24,
// 100×30 and 200×60, and played by random keys and clicks. No frame may be
// taller or wider than the screen, say the screen is too small, or leave a
// pile out of the layout (the board may scroll to it); at a size too small
// for any board the frame still fits.
func TestAnyFileFitsTheScreen(t *testing.T) {
	rng := rand.New(rand.NewPCG(uint64(*anyFiles), 11))
	dir := t.TempDir()
	valid, scrolled, moved := 0, 0, 0
	for i := range *anyFiles {
		src := genLayoutGame(rng)
		if _, err := check.Source("gen.patience", []byte(src)); err != nil {
			continue
		}
		valid++
		path := filepath.Join(dir, fmt.Sprintf("g%d.patience", i))
		require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
		func() {
			defer func() {
				if t.Failed() {
					t.Logf("the rule file:\n%s", src)
				}
			}()
			h := newHarness(t, path, uint64(i+1), "")
			when := func(what string) string { return fmt.Sprintf("game %d, %s", i, what) }
			for _, size := range [][2]int{{80, 24}, {100, 30}, {200, 60}, {24, 8}} {
				h.send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
				checkFits(t, h, size[0], size[1], when(fmt.Sprintf("at %d×%d", size[0], size[1])))
			}
			h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
			if !h.a.play.place(80, 24).ok {
				scrolled++
				checkReachable(t, h, 80, 24, when("at 80×24"))
			}
			for k := range 30 {
				what := randomInput(rng, h, 80, 24)
				checkFits(t, h, 80, 24, when(fmt.Sprintf("at 80×24 after input %d (%s)", k+1, what)))
			}
			if len(h.game().History()) > 0 {
				moved++
			}
		}()
	}
	t.Logf("%d files of %d accepted; %d scroll at 80×24; in %d a move was made", valid, *anyFiles, scrolled, moved)
	require.Greater(t, valid, *anyFiles/2, "the generator should mostly make files the checker accepts")
}

// checkFits fails unless the frame fits a w×hgt screen; from 80×24 up it
// must also not call the screen too small, and every pile must be laid
// out.
func checkFits(t *testing.T, h *harness, w, hgt int, when string) {
	t.Helper()
	frame := h.frame()
	lines := strings.Split(frame, "\n")
	if len(lines) > hgt {
		t.Fatalf("%s: the frame is %d lines tall\n%s", when, len(lines), frame)
	}
	for i, l := range lines {
		if runewidth.StringWidth(l) > w {
			t.Fatalf("%s: line %d is %d columns wide\n%s", when, i+1, runewidth.StringWidth(l), frame)
		}
	}
	if w < 80 || hgt < 24 || h.a.screen != screenGame || h.a.help {
		return
	}
	if strings.Contains(frame, "too small") {
		t.Fatalf("%s: the screen is said to be too small\n%s", when, frame)
	}
	p := h.a.play
	r := p.g.Rules
	pl := p.place(w, hgt)
	for pile := range r.NumPiles() {
		if _, _, ok := pl.bv.find(pile); !ok {
			t.Fatalf("%s: %s is not laid out\n%s", when, r.PileName(pile), frame)
		}
	}
}

// checkReachable fails unless, on a board that scrolls, moving the cursor
// from pile to pile (tab) brings each pile's cursor line into view: every
// pile can be seen and picked.
func checkReachable(t *testing.T, h *harness, w, hgt int, when string) {
	t.Helper()
	p := h.a.play
	seen := map[int]bool{}
	for range p.g.Rules.NumPiles() {
		h.keys("tab")
		pl := p.place(w, hgt)
		ri, ci, ok := pl.bv.find(p.cursor.pile)
		if !ok {
			t.Fatalf("%s: the cursor is on %s, which is not laid out", when, p.g.Rules.PileName(p.cursor.pile))
		}
		rv := pl.bv.rows[ri]
		y := rv.y + 1 + cursorLine(&rv.cols[ci], p.cursor.idx)
		if y < pl.scroll || y >= pl.scroll+pl.viewH {
			t.Fatalf("%s: with the cursor on %s (line %d of the board), the screen shows lines %d to %d\n%s",
				when, p.g.Rules.PileName(p.cursor.pile), y, pl.scroll, pl.scroll+pl.viewH-1, h.frame())
		}
		seen[p.cursor.pile] = true
	}
	if len(seen) != p.g.Rules.NumPiles() {
		t.Fatalf("%s: tab reaches %d of the %d piles", when, len(seen), p.g.Rules.NumPiles())
	}
}

// randomInput sends the game one key or click a player might, and says
// which. Keys that leave the game (q, n) or start a search (h) are not
// among them.
func randomInput(rng *rand.Rand, h *harness, w, hgt int) string {
	if rng.IntN(4) == 0 {
		x, y := rng.IntN(w), rng.IntN(hgt)
		h.click(x, y)
		return fmt.Sprintf("click at %d,%d", x, y)
	}
	keys := []string{"enter", "space", "esc", "tab", "shift+tab", "up", "down", "left", "right", "?",
		"d", "u", "r", "a", "A", "1", "2", "3", "4", "5", "6", "7", "8", "9", "0"}
	for c := 'b'; c <= 'z'; c++ {
		if !strings.ContainsRune("hnq", c) {
			keys = append(keys, string(c))
		}
	}
	for c := 'B'; c <= 'Z'; c++ {
		keys = append(keys, string(c))
	}
	k := keys[rng.IntN(len(keys))]
	h.keys(k)
	return "key " + k
}

// genLayoutGame writes a rule file of a random shape for the board to lay
// out. Most files it writes pass the checker; the test skips the rest.
func genLayoutGame(rng *rand.Rand) string {
	var b strings.Builder
	pf := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	names := []string{"t", "col", "pile", "p", "x", "tableaupile", strings.Repeat("long", 8), strings.Repeat("w", 60)}
	name := func(used map[string]bool) string {
		for {
			n := names[rng.IntN(len(names))]
			if !used[n] {
				used[n] = true
				return n
			}
			names = append(names, fmt.Sprintf("g%d", len(names)))
		}
	}
	suits := [][]string{{"C", "D", "H", "S"}, {"S"}, {"S", "H"}, {"C", "D", "H"}}[rng.IntN(4)]
	decks := 1 + rng.IntN(3)
	if rng.IntN(6) == 0 {
		decks = 8
	}
	for decks*13*len(suits) > 208 {
		decks--
	}
	cards := decks * 13 * len(suits)
	pf("game \"Random layout\" {\n  decks %d\n  suits %s\n", decks, strings.Join(suits, ", "))

	used := map[string]bool{"foundations": true, "tableau": true, "reserves": true, "cells": true, "stock": true, "waste": true, "discards": true}
	piles := 0
	type group struct {
		name string
		n    int
		grid bool
		one  bool // holds 1
	}
	var all []group
	room := 64
	add := func(g group) {
		all = append(all, g)
		piles += g.n
		room -= g.n
	}
	nf := len(suits) * decks
	f := group{name: "f", n: nf}
	used["f"] = true
	pf("  foundation f[%d] { base A; build up same-suit; holds 13 }\n", nf)
	add(f)
	stock := rng.IntN(2) == 0
	if stock {
		room -= 2
	}
	var tabs []group
	for range 1 + rng.IntN(3) {
		if room < 2 {
			break
		}
		n := 1 + rng.IntN(min(room-1, []int{4, 8, 13, 20, 40}[rng.IntN(5)]))
		g := group{name: name(used), n: n}
		if stock && rng.IntN(5) == 0 {
			g.grid = true
			pf("  tableau %s[%d] { grid; to foundations }\n", g.name, n)
		} else {
			rows := ""
			if n > 2 && rng.IntN(3) == 0 {
				rows = fmt.Sprintf("in rows of %d; ", 1+rng.IntN(n))
			}
			pf("  tableau %s[%d] { %sbuild down %s; move %s; to foundations, %s }\n", g.name, n, rows,
				[]string{"alternate-colour", "same-suit", "any-suit"}[rng.IntN(3)],
				[]string{"top", "runs", "any"}[rng.IntN(3)], g.name)
			tabs = append(tabs, g)
		}
		add(g)
	}
	if room > 1 && rng.IntN(2) == 0 {
		n := 1 + rng.IntN(min(room-1, 8))
		g := group{name: name(used), n: n, one: true}
		to := "foundations"
		if len(tabs) > 0 {
			to += ", " + tabs[0].name
		}
		pf("  %s %s[%d] { holds 1; to %s }\n", []string{"cell", "reserve"}[rng.IntN(2)], g.name, n, to)
		add(g)
	}
	if stock {
		redeal := ""
		if rng.IntN(2) == 0 {
			redeal = "; redeal 1 from waste"
		}
		target := "waste"
		for _, g := range all {
			if g.grid {
				target = "each " + g.name
				redeal = ""
			}
		}
		pf("  stock { deal 1 to %s%s }\n", target, redeal)
		to := "foundations"
		if len(tabs) > 0 {
			to += ", " + tabs[0].name
		}
		pf("  waste { to %s }\n", to)
	}

	pf("  deal {\n")
	left := cards
	for _, g := range all[1:] {
		per := rng.IntN(1 + min(8, left/(2*g.n)))
		if g.grid || g.one {
			per = min(per, 1)
		}
		if g.grid {
			per = 1
		}
		if per*g.n > left {
			continue
		}
		facing := []string{"", " face down but top", " face down"}[rng.IntN(3)]
		pf("    %d to each %s%s\n", per, g.name, facing)
		left -= per * g.n
	}
	switch {
	case stock:
		pf("    rest to stock\n")
	case len(tabs) > 0:
		pf("    rest to %s1\n", tabs[0].name)
	default:
		pf("    rest to f1\n")
	}
	pf("  }\n")

	if rng.IntN(2) == 0 {
		var parts []string
		for _, g := range all {
			parts = append(parts, g.name)
		}
		if stock {
			parts = append(parts, "stock", "waste")
		}
		rng.Shuffle(len(parts), func(i, j int) { parts[i], parts[j] = parts[j], parts[i] })
		pf("  layout {\n")
		for len(parts) > 0 {
			k := 1 + rng.IntN(len(parts))
			style := []string{"", " fanned", " squared"}[rng.IntN(3)]
			pf("    row %s%s\n", strings.Join(parts[:k], ", "), style)
			parts = parts[k:]
		}
		pf("  }\n")
	}
	pf("  win when all cards in foundations\n}\n")
	return b.String()
}
