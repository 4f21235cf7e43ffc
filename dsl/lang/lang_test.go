package lang_test

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl"
	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/dsl/lang"
	"github.com/patience-dev/patience/rulesets"
)

// TestEveryKeywordHasADoc keeps the hover texts in step with the grammar and
// the language reference: every reserved word has one, and the section it
// names is a heading of dsl/README.md.
func TestEveryKeywordHasADoc(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	require.NoError(t, err)
	headings := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^#{2,3} (.+)$`).FindAllStringSubmatch(string(readme), -1) {
		headings[m[1]] = true
	}
	require.NotEmpty(t, dsl.Keywords())
	for _, w := range dsl.Keywords() {
		doc := lang.KeywordDoc(w)
		if !assert.NotEmpty(t, doc, "keyword %q has no hover text", w) {
			continue
		}
		m := regexp.MustCompile(`See the language reference, "(.+)"\.$`).FindStringSubmatch(doc)
		if assert.NotNil(t, m, w) {
			assert.True(t, headings[m[1]], "keyword %q names section %q, which dsl/README.md does not have", w, m[1])
		}
	}
	assert.Empty(t, lang.KeywordDoc("previous"), "not a keyword")
}

const plot = `game "Plot" {
  let b = rank of f1
  phase restriction "f1 first" until f1 is full
  reserve { to foundations }
  foundation f[8] {
    base rank b
    start after restriction
    build up any-suit wrap
    holds 13
  }
  tableau t[12] {
    build down any-suit wrap
    fill from waste
    to foundations, t
  }
  stock { deal 1 to waste }
  waste { to foundations, t }
  deal {
    13 to reserve
    1 to f1
    1 to each t
    rest to stock
  }
  win when all cards in foundations
}
`

func at(t *testing.T, src, marker string) int {
	t.Helper()
	i := strings.Index(src, marker)
	require.GreaterOrEqual(t, i, 0, marker)
	return i
}

func TestDiagnosticsAreTheCheckers(t *testing.T) {
	src := strings.Replace(plot, "to foundations, t\n  }", "to fundations, t\n  }", 1)
	d := lang.Analyze("p.patience", []byte(src), nil)
	_, err := check.Source("p.patience", []byte(src))
	require.Error(t, err)
	assert.Equal(t, err.(*dsl.Diagnostics).List, d.Diags)
	require.Len(t, d.Diags, 1)
	assert.Equal(t, "foundations", d.Diags[0].Suggest)

	ok := lang.Analyze("p.patience", []byte(plot), nil)
	assert.Empty(t, ok.Diags)
	assert.NotNil(t, ok.Game)

	// A file that checks brings its warnings.
	dead := strings.Replace(plot, "reserve { to foundations }", "reserve", 1)
	w := lang.Analyze("p.patience", []byte(dead), nil)
	require.NotNil(t, w.Game)
	require.NotEmpty(t, w.Diags)
	assert.Equal(t, dsl.Warning, w.Diags[0].Severity)
	assert.Equal(t, w.Game.Warnings.List, w.Diags)
}

func TestDefinitionAndReferences(t *testing.T) {
	d := lang.Analyze("p.patience", []byte(plot), nil)
	require.NotNil(t, d.File)
	// f1 is declared by `foundation f[8]`, at the name f.
	defs, ok := d.Definition(at(t, plot, "f1 first") + 1)
	require.False(t, ok, "inside a string is no name")
	defs, ok = d.Definition(at(t, plot, "f1 is full"))
	require.True(t, ok)
	require.Len(t, defs, 1)
	assert.Equal(t, 5, defs[0].Start.Line)
	assert.Equal(t, 14, defs[0].Start.Column)
	assert.Equal(t, "f", plot[defs[0].Start.Offset:defs[0].End.Offset])

	refs := d.References(at(t, plot, "f1 is full"), true)
	require.Len(t, refs, 4, "the declaration and three uses: let, until, deal")

	// A role group is defined by the first pile of its role.
	defs, ok = d.Definition(at(t, plot, "foundations }"))
	require.True(t, ok)
	assert.Equal(t, "foundation", plot[defs[0].Start.Offset:defs[0].End.Offset])
	assert.Len(t, d.References(at(t, plot, "foundations }"), false), 4)

	// A phase and a value.
	defs, ok = d.Definition(at(t, plot, "restriction\n"))
	require.True(t, ok)
	assert.Equal(t, 3, defs[0].Start.Line)
	defs, ok = d.Definition(at(t, plot, "b\n"))
	require.True(t, ok)
	assert.Equal(t, 2, defs[0].Start.Line)

	_, ok = d.Definition(at(t, plot, "build up"))
	assert.False(t, ok, "a keyword has no definition")
}

func TestHover(t *testing.T) {
	d := lang.Analyze("p.patience", []byte(plot), nil)
	text, span, ok := d.Hover(at(t, plot, "holds 13") + 2)
	require.True(t, ok)
	assert.Contains(t, text, "**holds**: `holds N`")
	assert.Equal(t, "holds", plot[span.Start.Offset:span.End.Offset])

	text, _, ok = d.Hover(at(t, plot, "f1 is full"))
	require.True(t, ok)
	assert.Contains(t, text, "**f1**: foundation pile, number 1 of group `f`; holds 13")
	assert.Contains(t, text, "```patience\nfoundation f[8] {\n    base rank b\n")

	text, _, ok = d.Hover(at(t, plot, "t\n  }"))
	require.True(t, ok)
	assert.Contains(t, text, "**t**: group of 12 tableau piles, t1 … t12")

	_, _, ok = d.Hover(at(t, plot, "  let"))
	assert.False(t, ok, "white space")
}

func labels(cs []lang.Candidate) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Label)
	}
	return out
}

func TestComplete(t *testing.T) {
	d := lang.Analyze("p.patience", []byte(plot), nil)
	// The start of a statement in a pile block: the pile statements.
	got := labels(d.Complete(at(t, plot, "    holds 13") + 4))
	assert.Contains(t, got, "holds")
	assert.Contains(t, got, "build")
	assert.NotContains(t, got, "foundation")
	// With a prefix.
	assert.Equal(t, []string{"holds"}, labels(d.Complete(at(t, plot, "holds 13")+2)))
	// In the game block.
	got = labels(d.Complete(at(t, plot, "  stock {") + 2))
	assert.Contains(t, got, "foundation")
	assert.Contains(t, got, "layout")
	assert.NotContains(t, got, "holds")
	// In the deal block.
	got = labels(d.Complete(at(t, plot, "    rest to stock") + 4))
	assert.Contains(t, got, "take")
	assert.Contains(t, got, "rest")
	// After `to`: names.
	got = labels(d.Complete(at(t, plot, "stock\n  }")))
	assert.Contains(t, got, "stock")
	assert.Contains(t, got, "f1")
	assert.Contains(t, got, "foundations")
	assert.NotContains(t, got, "restriction", "a phase is no pile")
	// After `rank`: values; after `after`: phases too.
	assert.Equal(t, []string{"b"}, labels(d.Complete(at(t, plot, "b\n    start"))))
	assert.Contains(t, labels(d.Complete(at(t, plot, "restriction\n    build"))), "restriction")
	// After a keyword that allows only a few.
	assert.Equal(t, []string{"any", "down", "up", "either", "same-rank", "any-rank"}, labels(d.Complete(at(t, plot, "up any-suit"))))
	assert.Equal(t, []string{"by", "any-suit", "same-suit", "same-colour", "alternate-colour", "other-suit"}, labels(d.Complete(at(t, plot, "any-suit wrap\n    holds"))))
	assert.ElementsMatch(t, []string{"not", "in", "empty", "full", "started"}, labels(d.Complete(at(t, plot, "full\n  reserve"))), "after is: not and the states")
	// Nothing in a comment or a string.
	assert.Empty(t, d.Complete(at(t, plot, "f1 first")+2))

	// While the file does not parse, the names of the last version that
	// did are offered.
	broken := strings.Replace(plot, "    1 to f1\n", "    1 to \n", 1)
	b := lang.Analyze("p.patience", []byte(broken), d)
	require.Nil(t, b.File)
	got = labels(b.Complete(at(t, broken, "1 to \n") + 5))
	assert.NotEmpty(t, b.Diags)
	assert.Contains(t, got, "f1")
}

func TestOutline(t *testing.T) {
	d := lang.Analyze("p.patience", []byte(plot), nil)
	out := d.Outline()
	require.Len(t, out, 1)
	assert.Equal(t, "Plot", out[0].Name)
	var names []string
	for _, c := range out[0].Children {
		names = append(names, c.Kind+":"+c.Name)
	}
	assert.Equal(t, []string{"value:b", "phase:restriction", "pile:reserve", "group:f[8]", "group:t[12]", "pile:stock", "pile:waste", "deal:deal", "win:win"}, names)
}

// TestAnyTextAnyOffset runs every query at every offset of every ruleset, cut
// short and garbled, and of odd texts: none may panic.
func TestAnyTextAnyOffset(t *testing.T) {
	texts := []string{"", "game", "\"", "#", "game \"x\" { tableau t[", "game \"x\" {\n  waste", "game \"x\" {\n  phase", "game \"x\" {\n  foundation f[", "game \"x\" {\n  foundation f[3", "{{{{", "日本語 ü", "game \"x\" {\r\n  deal {\r\n"}
	for _, name := range rulesets.Names()[:2] {
		src, _ := rulesets.Source(name)
		texts = append(texts, string(src), string(src[:len(src)/2]), strings.ReplaceAll(string(src), "to", "\"to"))
	}
	var prev *lang.Doc
	for _, text := range texts {
		d := lang.Analyze("x.patience", []byte(text), prev)
		step := 1 + len(d.Src)/100 // every offset of a short text, a sample of a long one
		for off := -1; off <= len(d.Src)+1; off += step {
			d.Complete(off)
			d.Hover(off)
			d.Definition(off)
			d.References(off, true)
			d.PrepareRename(off)
			d.Rename(off, "zq")
		}
		d.Outline()
		d.Symbols()
		prev = d
	}
}

// The outline sketched from the words alone, as it is while a file does
// not parse, is the outline of every built-in game, entry for entry.
func TestSketchIsTheOutline(t *testing.T) {
	for _, name := range rulesets.Names() {
		src, _ := rulesets.Source(name)
		d := lang.Analyze("x.patience", src, nil)
		require.NotNil(t, d.File, name)
		want, got := d.Outline(), d.Sketch()
		require.Len(t, got, 1, name)
		assert.Equal(t, flatOutline(want), flatOutline(got), name)
	}
}

// While a file is typed, and so does not parse, the outline still shows
// what the words say: a slip, a block left open, a statement half written.
func TestOutlineWhileTyping(t *testing.T) {
	for _, c := range []struct{ name, old, new string }{
		{"a slip", "build down any-suit wrap", "build dwn any-suit wrap"},
		{"a block left open", "    holds 13\n  }\n", "    holds 13\n"},
		{"a statement half written", "  waste { to foundations }\n", "  waste { to foundations }\n  reserve r {\n"},
	} {
		src, _ := rulesets.Source("precedence")
		broken := strings.Replace(string(src), c.old, c.new, 1)
		require.NotEqual(t, string(src), broken, c.name)
		d := lang.Analyze("x.patience", []byte(broken), nil)
		require.Nil(t, d.File, c.name)
		out := d.Outline()
		require.Len(t, out, 1, c.name)
		assert.Equal(t, "Precedence", out[0].Name, c.name)
		var names []string
		for _, o := range out[0].Children {
			names = append(names, o.Kind+":"+o.Name+"@"+strconv.Itoa(o.Select.Start.Line))
		}
		want := []string{"group:f[8]@12", "pile:stock@19", "pile:waste@23", "deal:deal@25", "layout:layout@30", "win:win@35"}
		if c.name == "a block left open" {
			want = []string{"group:f[8]@12", "pile:stock@18", "pile:waste@22", "deal:deal@24", "layout:layout@29", "win:win@34"}
		}
		if c.name == "a statement half written" {
			want = []string{"group:f[8]@12", "pile:stock@19", "pile:waste@23", "pile:r@24", "deal:deal@26", "layout:layout@31", "win:win@36"}
		}
		assert.Equal(t, want, names, c.name)
	}
}

// flatOutline writes an outline a line an entry: its kind, name, detail
// and where it and its name lie.
func flatOutline(os []lang.Outline) []string {
	var out []string
	at := func(s lang.Span) string {
		return fmt.Sprintf("%d:%d+%d-%d:%d+%d", s.Start.Line, s.Start.Column, s.Start.Offset, s.End.Line, s.End.Column, s.End.Offset)
	}
	for _, o := range os {
		out = append(out, fmt.Sprintf("%s %q %q %s %s", o.Kind, o.Name, o.Detail, at(o.Range), at(o.Select)))
		out = append(out, flatOutline(o.Children)...)
	}
	return out
}

// While a file does not parse, go to definition and find references still
// work from the sketched outline: a numbered pile goes to its group, and a
// name's uses are the words that are it.
func TestDefinitionWhileTyping(t *testing.T) {
	src, _ := rulesets.Source("precedence")
	broken := strings.Replace(string(src), "build down any-suit wrap", "build dwn any-suit wrap", 1)
	d := lang.Analyze("x.patience", []byte(broken), nil)
	require.Nil(t, d.File)
	text := func(s lang.Span) string { return broken[s.Start.Offset:s.End.Offset] }

	defs, ok := d.Definition(strings.Index(broken, "take K to f1") + len("take K to f"))
	require.True(t, ok)
	require.Len(t, defs, 1)
	assert.Equal(t, "f", text(defs[0]))
	assert.Equal(t, 12, defs[0].Start.Line)

	_, ok = d.Definition(strings.Index(broken, "take K to f1") + len("take K to "))
	assert.True(t, ok, "f1")
	_, ok = d.Definition(strings.Index(broken, "take K"))
	assert.False(t, ok, "take is no name")

	refs := d.References(strings.Index(broken, "deal 1 to waste")+len("deal 1 to w"), true)
	var lines []int
	for _, r := range refs {
		assert.Equal(t, "waste", text(r))
		lines = append(lines, r.Start.Line)
	}
	assert.Equal(t, []int{23, 20, 21, 32}, lines, "the declaration, then `deal 1 to waste`, `redeal 2 from waste` and the layout")
}

// On every built-in game, the definitions and references read from the
// words alone are the parsed file's, for every name and role word.
func TestSketchedDefinitionsAreTheParsedOnes(t *testing.T) {
	starts := func(ss []lang.Span) []int {
		var out []int
		for _, s := range ss {
			out = append(out, s.Start.Offset)
		}
		slices.Sort(out)
		return out
	}
	n := 0
	for _, name := range rulesets.Names() {
		src, _ := rulesets.Source(name)
		d := lang.Analyze("x.patience", src, nil)
		for _, tk := range dsl.Tokens(d.Src) {
			if tk.Comment || tk.String || !tk.Name && !tk.Keyword {
				continue
			}
			off := tk.Offset + 1
			want, _ := d.Definition(off)
			if len(want) == 0 && !tk.Name {
				continue // a keyword that declares nothing
			}
			n++
			assert.Equal(t, starts(want), starts(d.SketchDefinition(tk.Text)), "%s: definition of %s at line %d", name, tk.Text, tk.Line)
			assert.Equal(t, starts(d.References(off, true)), starts(d.SketchReferences(off)), "%s: references of %s at line %d", name, tk.Text, tk.Line)
		}
	}
	assert.Greater(t, n, 500)
}
