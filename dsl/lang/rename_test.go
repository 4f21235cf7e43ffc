package lang_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl"
	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/dsl/lang"
	"github.com/patience-dev/patience/interp"
	"github.com/patience-dev/patience/rulesets"
)

func TestRename(t *testing.T) {
	d := lang.Analyze("p.patience", []byte(plot), nil)
	// A group: its name and its piles' names, "f1" in "f1 is full" too.
	edits, err := d.Rename(at(t, plot, "f[8]"), "home")
	require.NoError(t, err)
	out := string(lang.Apply(d.Src, edits))
	assert.Contains(t, out, "foundation home[8] {")
	assert.Contains(t, out, `let b = rank of home1`)
	assert.Contains(t, out, `phase restriction "f1 first" until home1 is full`, "a string is left as it is")
	assert.Contains(t, out, "1 to home1\n")
	assert.NotRegexp(t, `\bf[0-9]`, strings.ReplaceAll(out, `"f1 first"`, ""))
	_, err = check.Source("p.patience", []byte(out))
	require.NoError(t, err)

	// The same from a use of the name: the value b, then the phase.
	edits, err = d.Rename(at(t, plot, "b\n"), "firsts")
	require.NoError(t, err)
	assert.Contains(t, string(lang.Apply(d.Src, edits)), "let firsts = rank of f1\n  phase restriction \"f1 first\" until f1 is full")
	assert.Contains(t, string(lang.Apply(d.Src, edits)), "base rank firsts\n")
	edits, err = d.Rename(at(t, plot, "restriction\n"), "opening")
	require.NoError(t, err)
	assert.Contains(t, string(lang.Apply(d.Src, edits)), "start after opening\n")

	// An unnamed pile is given the name in its declaration.
	edits, err = d.Rename(at(t, plot, "waste {"), "w")
	require.NoError(t, err)
	out = string(lang.Apply(d.Src, edits))
	assert.Contains(t, out, "waste w { to foundations, t }")
	assert.Contains(t, out, "stock { deal 1 to w }")
	assert.Contains(t, out, "fill from w\n")

	// What cannot be renamed says why, and what to do.
	refusals := []struct{ at, name, want string }{
		{"f1 is full", "home1", `f1 is pile 1 of the group "f", which names it: rename the group`},
		{"foundations }", "x", `"foundations" is the group of every foundation and is named by the role`},
		{"build up", "x", `"build" is a word of the language, not a name`},
		{"t[12]", "b", `"b" is declared already, at line 2`},
		{"f[8]", "t1", `"t1" is declared already`},
		{"t[12]", "f", `"f" is declared already, at line 5`},
		{"t[12]", "9x", `"9x" is not a name`},
		{"t[12]", "a b", `"a b" is not a name`},
		{"t[12]", "", "the new name is empty"},
		{"t[12]", "tableau", `"tableau" is a word of the language and cannot be a name`},
		{"t[12]", strings.Repeat("x", 65), "longer than 64 characters"},
		{`"Plot"`, "x", "there is no name here to rename"},
	}
	for _, c := range refusals {
		_, err := d.Rename(at(t, plot, c.at), c.name)
		if assert.Error(t, err, "%s to %q", c.at, c.name) {
			assert.Contains(t, err.Error(), c.want, "%s to %q", c.at, c.name)
		}
		if c.name == "x" {
			_, err := d.PrepareRename(at(t, plot, c.at))
			assert.Error(t, err, "prepare %s", c.at)
		}
	}
	// A name used but not declared (an error now) would come to mean the
	// renamed group's pile: refused.
	u2 := strings.Replace(plot, "f1 is full", "u2 is full", 1)
	_, err = lang.Analyze("p.patience", []byte(u2), nil).Rename(at(t, u2, "t[12]"), "u")
	assert.ErrorContains(t, err, `the group's pile t2 would be u2: "u2" is used already, at line 3, though nothing declares it`)
	g1 := strings.Replace(plot, "reserve {", "reserve g1 {", 1)
	_, err = lang.Analyze("p.patience", []byte(g1), nil).Rename(at(t, g1, "t[12]"), "g")
	assert.ErrorContains(t, err, `the group's pile t1 would be g1: "g1" is declared already, at line 4`)
	// `start after previous` reads `previous` as the pile before: a phase
	// renamed so would change what the foundations wait for.
	_, err = d.Rename(at(t, plot, "restriction \""), "previous")
	assert.ErrorContains(t, err, `"previous" may not name a phase`)
	_, err = lang.Analyze("p.patience", []byte(plot[:len(plot)-3]), nil).Rename(at(t, plot, "t[12]"), "x")
	assert.ErrorContains(t, err, "the file does not parse")

	span, err := d.PrepareRename(at(t, plot, "t[12]") + 1)
	require.NoError(t, err)
	assert.Equal(t, "t", plot[span.Start.Offset:span.End.Offset])
}

// TestRenameKeepsEveryGame renames every name of every built-in game that
// can be renamed, and the renamed file deals the same cards to the same
// piles for a few seeds; a name renamed back gives the file as it was.
func TestRenameKeepsEveryGame(t *testing.T) {
	renamed := 0
	for _, game := range rulesets.Names() {
		src, _ := rulesets.Source(game)
		d := lang.Analyze(game+".patience", src, nil)
		require.NotNil(t, d.Game, game)
		want := deals(t, d.Game)
		seen := map[int]bool{}
		for _, sym := range d.Symbols() {
			start, end := sym.Decls[0].Span()
			if seen[start.Offset] {
				continue // a group's piles are declared by its name
			}
			seen[start.Offset] = true
			name := string(d.Src[start.Offset:end.Offset])
			edits, err := d.Rename(start.Offset, "zq")
			if err != nil {
				_, perr := d.PrepareRename(start.Offset)
				assert.Error(t, perr, "%s: %s: Rename refuses (%v) where PrepareRename does not", game, name, err)
				continue
			}
			renamed++
			out := lang.Apply(d.Src, edits)
			g, err := check.Source(game+".patience", out)
			require.NoError(t, err, "%s: %s renamed:\n%s", game, name, out)
			assert.Equal(t, want, deals(t, g), "%s: %s renamed, the deals differ", game, name)
			if dsl.IsKeyword(name) {
				continue // an unnamed pile, now named: its old name is the role word's
			}
			at := start.Offset // where the declaration is in the renamed file
			for _, e := range edits {
				if e.Start.Offset < start.Offset {
					at += len(e.Text) - (e.End.Offset - e.Start.Offset)
				}
			}
			back := lang.Analyze(game+".patience", out, nil)
			edits, err = back.Rename(at, name)
			require.NoError(t, err, "%s: %s renamed back", game, name)
			assert.Equal(t, string(d.Src), string(lang.Apply(back.Src, edits)), "%s: %s renamed and back", game, name)
		}
	}
	assert.Greater(t, renamed, 100)
}

// deals writes out the deals of a few seeds, pile by pile by number.
func deals(t *testing.T, g *check.Game) []string {
	r := interp.Compile(g)
	var out []string
	for seed := uint64(1); seed <= 3; seed++ {
		s := r.Deal(seed)
		for i := 0; i < r.NumPiles(); i++ {
			out = append(out, fmt.Sprint(seed, i, s.Pile(r, i)))
		}
	}
	return slices.Clip(out)
}
