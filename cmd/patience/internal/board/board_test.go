package board

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/interp"
)

// A row wider than the terminal goes on over as many parts as it needs, as
// evenly as they can share it, each within the width, every pile under its
// name in the layout's order (on a terminal of 80 columns a row of thirty
// piles printed 150 columns, which the terminal broke under the wrong
// names). With no width, rows are as wide as they are, for scripts.
func TestDrawWrapsWideRows(t *testing.T) {
	src := "game \"Wide\" {\n  tableau r[30] { to r }\n  foundation f { base A; build up same-suit }\n  deal { 1 to each r; rest to f }\n  layout { row f; row r }\n  win when all cards in f\n}\n"
	g, err := check.Source("wide.patience", []byte(src))
	require.NoError(t, err)
	r := interp.Compile(g)
	s := r.Deal(1)
	draw := func(width int) []string {
		var b strings.Builder
		require.NoError(t, Draw(&b, r, s, Options{ASCII: true, Width: width}))
		return strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	}
	wide := draw(0)
	longest := 0
	for _, l := range wide {
		longest = max(longest, utf8.RuneCountInString(l))
	}
	assert.Greater(t, longest, 80, "no width: one line for the row")
	lines := draw(80)
	var names []string
	for _, l := range lines {
		assert.LessOrEqual(t, utf8.RuneCountInString(l), 80, "%q", l)
		for _, w := range strings.Fields(l) {
			if strings.HasPrefix(w, "r") {
				names = append(names, w)
			}
		}
	}
	var want []string
	for i := 1; i <= 30; i++ {
		want = append(want, fmt.Sprintf("r%d", i))
	}
	assert.Equal(t, want, names, "every pile once, in order")
}

// A row with a grid numbers the grid's rows only: the lines below them,
// of a fanned pile beside the grid, are no grid row (they were numbered
// 2 to 12 beside a grid of one row).
func TestGridRowsNumberedOnly(t *testing.T) {
	src := "game \"GF\" {\n  foundation f { build any }\n  tableau t1 { to f }\n  tableau g[2] { grid; to f }\n  tableau t2 { to f }\n  deal { 12 to t1; 1 to each g; 1 to t2; rest to f }\n  layout { row t1, g, t2 fanned; row f }\n  win when all cards in f\n}\n"
	g, err := check.Source("gf.patience", []byte(src))
	require.NoError(t, err)
	r := interp.Compile(g)
	var b strings.Builder
	require.NoError(t, Draw(&b, r, r.Deal(1), Options{ASCII: true}))
	lines := strings.Split(b.String(), "\n")
	require.Greater(t, len(lines), 3)
	assert.True(t, strings.HasPrefix(lines[1], "1 "), "row 1 of the grid is numbered: %q", lines[1])
	for _, l := range lines[2:12] {
		assert.False(t, strings.HasPrefix(l, "2") || strings.HasPrefix(l, " 2"), "no grid row 2: %q\n%s", l, b.String())
		assert.True(t, strings.HasPrefix(l, "  "), "a blank margin: %q", l)
	}
}

// The rows of a group that lies in rows are the lines of a grid of piles
// and share their left edge, however many piles follow them in the layout
// (Monte Carlo's first two rows end with the stock and the discard); the
// rows of a pyramid, one group in rows of its own making, are centred.
func TestGridRowsShareTheirLeftEdge(t *testing.T) {
	draw := func(src string) []string {
		g, err := check.Source("rows.patience", []byte(src))
		require.NoError(t, err)
		r := interp.Compile(g)
		var b strings.Builder
		require.NoError(t, Draw(&b, r, r.Deal(1), Options{ASCII: true}))
		return strings.Split(b.String(), "\n")
	}
	lines := draw("game \"MC\" {\n  tableau m[6] { in rows of 3; holds 1; to d }\n  discard d { pairs same-rank touching }\n  stock { deal 1 to each empty m }\n  deal { 1 to each m; rest to stock }\n  layout { row m[1..3], stock, d; row m[4..6] }\n  win when all cards in d\n}\n")
	var firsts []string
	for _, l := range lines {
		if strings.Contains(l, "m1") || strings.Contains(l, "m4") {
			firsts = append(firsts, l)
		}
	}
	require.Len(t, firsts, 2, "%s", strings.Join(lines, "\n"))
	assert.True(t, strings.HasPrefix(firsts[0], "m1 ") && strings.HasPrefix(firsts[1], "m4 "), "rows in line:\n%s", strings.Join(lines, "\n"))

	lines = draw("game \"P\" {\n  tableau p[3] { to f }\n  foundation f { build any }\n  deal { 1 to each p; rest to f }\n  layout { row p1; row p2, p3; row f }\n  win when all cards in f\n}\n")
	assert.True(t, strings.HasPrefix(lines[0], "  ") && strings.HasPrefix(lines[3], "p2 "), "a pyramid is centred:\n%s", strings.Join(lines, "\n"))
}
