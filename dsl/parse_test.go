package dsl_test

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mattn/go-runewidth"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl"
	"github.com/patience-dev/patience/rulesets"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestGrammarGolden keeps the grammar, as participle derives it, in a golden
// file, so that every change to the language shows in review.
func TestGrammarGolden(t *testing.T) {
	got := dsl.Grammar() + "\n"
	path := filepath.Join("testdata", "grammar.ebnf")
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, string(want), got)
}

// TestKeywordsAreTheGrammarsWords: the keywords are exactly the words the
// grammar quotes.
func TestKeywordsAreTheGrammarsWords(t *testing.T) {
	var want []string
	for _, m := range regexp.MustCompile(`"([a-z][a-z-]*)"`).FindAllStringSubmatch(dsl.Grammar(), -1) {
		want = append(want, m[1])
	}
	slices.Sort(want)
	assert.Equal(t, slices.Compact(want), dsl.Keywords(), "update keywordList in dsl/parse.go")
}

func TestKeywordsAreReserved(t *testing.T) {
	for _, w := range []string{"game", "foundation", "build", "wrap", "any-suit", "redeal", "during"} {
		assert.True(t, dsl.IsKeyword(w), w)
	}
	assert.False(t, dsl.IsKeyword("previous"), "previous is a name, resolved by the checker")
	// A keyword cannot name a pile.
	_, err := dsl.Parse("k.patience", []byte(`game "k" { tableau build[2] }`))
	require.Error(t, err)
}

func TestParseRulesets(t *testing.T) {
	for _, name := range rulesets.Names() {
		src, _ := rulesets.Source(name)
		f, err := dsl.Parse(name+".patience", src)
		require.NoError(t, err, name)
		require.NotNil(t, f.Game)
		assert.NotEmpty(t, f.Game.Stmts)
		start, _ := f.Game.Span()
		assert.Equal(t, name+".patience", start.Filename)
		assert.Positive(t, start.Line)
	}
}

func TestPositions(t *testing.T) {
	src := "# comment\ngame \"P\" {\n\tdecks 2\n  foundation f[8] { holds 13 }\n}\n"
	f, err := dsl.Parse("p.patience", []byte(src))
	require.NoError(t, err)
	decks := f.Game.Stmts[0].(*dsl.Decks)
	assert.Equal(t, 3, decks.Pos.Line)
	assert.Equal(t, 2, decks.Pos.Column)
	pile := f.Game.Stmts[1].(*dsl.PileDecl)
	assert.Equal(t, 4, pile.Name.Pos.Line)
	assert.Equal(t, 14, pile.Name.Pos.Column)
	assert.Equal(t, 8, pile.Range.From.Value)
}

func TestRefusedBeforeParsing(t *testing.T) {
	cases := map[string]struct {
		src  string
		want string
	}{
		"nul":     {"game \"x\" {\x00}", "NUL byte"},
		"utf8":    {"game \"x\xff\" {}", "not valid UTF-8"},
		"deep":    {"game \"x\" {" + strings.Repeat("(", dsl.MaxDepth+1), "nesting is deeper than 64"},
		"nots":    {"game \"x\" { win when " + strings.Repeat("not ", dsl.MaxDepth+1) + "f is empty }", "`not` is written more than 64 times in a row"},
		"ors":     {"game \"x\" { foundation f { build " + strings.Repeat("up any-suit or ", dsl.MaxDepth+1) + "down any-suit } }", "more than 64 `or` in one statement"},
		"nots#":   {"game \"x\" { win when " + strings.Repeat("not # a comment\n", dsl.MaxDepth+1) + "f is empty }", "`not` is written more than 64 times in a row"},
		"size":    {strings.Repeat("#", dsl.MaxFileSize+1), "the limit is 1048576 bytes"},
		"empty":   {"", "file is empty"},
		"blank":   {"\n  \t\n", "file is empty"},
		"comment": {"# only a comment\n", "unexpected end of file"},
		"garbage": {"}{", `unexpected "}"`},
		"esc":     {"game \"x\" {}\n# \x1b]0;title\n", "control character U+001B (ESC)"},
		"bidi":    {"game \"x\" {} # \u202e", "control character U+202E"},
		"c1":      {"game \"x\u009b\" {}", "control character U+009B"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := dsl.Parse("x.patience", []byte(c.src))
			var d *dsl.Diagnostics
			require.True(t, errors.As(err, &d), "%v", err)
			require.Len(t, d.List, 1)
			assert.Contains(t, d.List[0].Message, c.want)
			assert.Positive(t, d.List[0].Pos.Line)
		})
	}
}

// TestStringsHoldPrintableText: a string's text is shown on terminals, so
// no escape may put a control character into it, and the error points at
// the escape.
func TestStringsHoldPrintableText(t *testing.T) {
	cases := map[string]struct {
		src  string
		col  int
		want string
	}{
		"osc title": {`game "X\x1b]0;PWNED\x07" {}`, 8, "U+001B (ESC)"},
		"unicode":   {`game "ab\u001b" {}`, 9, "U+001B (ESC)"},
		"bell":      {`game "\a" {}`, 7, "U+0007 (BEL)"},
		"tab":       {`game "a\tb" {}`, 8, "U+0009 (TAB)"},
		"raw tab":   {"game \"a\tb\" {}", 8, "U+0009 (TAB)"},
		"newline":   {`game "a\nb" {}`, 8, "U+000A (LF)"},
		"override":  {`game "é\u202e" {}`, 8, "U+202E (RIGHT-TO-LEFT OVERRIDE)"},
		"isolate":   {`game "\u2066" {}`, 7, "U+2066 (LEFT-TO-RIGHT ISOLATE)"},
		"csi":       {`game "a\u009b" {}`, 8, "U+009B (CONTROL SEQUENCE INTRODUCER)"},
		"bytes":     {`game "a\xe2\x80\xaeb" {}`, 8, "U+202E (RIGHT-TO-LEFT OVERRIDE)"},
		"octal":     {`game "\342\200\256" {}`, 7, "U+202E"},
		"separator": {`game "a\u2028b" {}`, 8, "U+2028 (LINE SEPARATOR)"},
		"raw mark":  {"game \"a\u200fb\" {}", 8, "U+200F"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := dsl.Parse("x.patience", []byte(c.src))
			var d *dsl.Diagnostics
			require.True(t, errors.As(err, &d), "%v", err)
			require.Len(t, d.List, 1)
			assert.Contains(t, d.List[0].Message, "printable text only")
			assert.Contains(t, d.List[0].Message, c.want)
			assert.Equal(t, 1, d.List[0].Pos.Line)
			assert.Equal(t, c.col, d.List[0].Pos.Column)
		})
	}
	f, err := dsl.Parse("x.patience", []byte(`game "Caf\u00e9 \"Noir\" \\ 10\u2660" {}`))
	require.NoError(t, err)
	assert.Equal(t, "Café \"Noir\" \\ 10♠", f.Game.Name)
	// Byte escapes are bytes, as in Go, and must make UTF-8 text.
	f, err = dsl.Parse("x.patience", []byte(`game "Caf\xc3\xa9 \303\251" {}`))
	require.NoError(t, err)
	assert.Equal(t, "Café é", f.Game.Name)
	_, err = dsl.Parse("x.patience", []byte(`game "A\xffB" {}`))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "x.patience:1:8: error: a string must be UTF-8 text: byte 0xff here starts no character")
}

// TestStringsHoldVisibleText: a character that shows as nothing would make
// two names look the same, so none is let in; the joiners emoji need are.
func TestStringsHoldVisibleText(t *testing.T) {
	for src, want := range map[string]string{
		`game "a\u200bb" {}`:   "U+200B (ZERO WIDTH SPACE)",
		"game \"a\u00adb\" {}": "U+00AD (SOFT HYPHEN)",
		`game "a\ufeff" {}`:    "U+FEFF (ZERO WIDTH NO-BREAK SPACE)",
		`game "\U000E0041" {}`: "U+E0041",
		`game "a\u3164b" {}`:   "U+3164",
		"game \"a\u2060b\" {}": "U+2060 (WORD JOINER)",
		// Default-ignorable characters beyond the format ones, and the
		// blank braille pattern, which shows as a space where none is.
		`game "Klon\ufe0fdike" {}`: "U+FE0F,",
		`game "a\U000E0100b" {}`:   "U+E0100",
		`game "a\u180bb" {}`:       "U+180B",
		`game "a\u17b4b" {}`:       "U+17B4",
		`game "\u2800" {}`:         "U+2800",
	} {
		_, err := dsl.Parse("x.patience", []byte(src))
		require.Error(t, err, src)
		assert.Contains(t, err.Error(), "a string may hold visible text only, not the invisible character "+want, src)
	}
	for _, ok := range []string{"👨\u200d👩\u200d👧", "می\u200cخواهم", "Caf\u00e9 ♠", "♠\ufe0f Spades", "葛\U000E0100"} {
		_, err := dsl.Parse("x.patience", []byte(`game "`+ok+`" {}`))
		assert.NoError(t, err, ok)
	}
}

// TestStringsWithCombiningMarks: a combining mark joins the character
// before it, so a string may not start with one (it joined the opening
// quote of every message that quoted the name), and a character carries a
// few at most (hundreds stacked over one letter climb out of their
// line on a terminal); the marks of real text are let in.
func TestStringsWithCombiningMarks(t *testing.T) {
	for src, want := range map[string]string{
		"game \"\u0301\u0301abc\" {}":                                                   "a string may not start with a combining mark: U+0301",
		"game \"Z" + strings.Repeat("\u0301", 250) + "\" {}":                            "too many combining marks on one character",
		"game \"\u200d\u0301abc\" {}":                                                   "a string may not start with a combining mark: U+0301",
		"game \"a" + strings.Repeat(strings.Repeat("\u0301", 8)+"\u200d", 30) + "\" {}": "too many combining marks on one character",
	} {
		_, err := dsl.Parse("x.patience", []byte(src))
		if assert.Error(t, err, src) {
			assert.Contains(t, err.Error(), want, src)
		}
	}
	for _, ok := range []string{"Café", "Tiến Lên", "ภาษาไทย", "हिन्दी"} {
		_, err := dsl.Parse("x.patience", []byte(`game "`+ok+`" {}`))
		assert.NoError(t, err, ok)
	}
}

// TestEscapesThatNameNoCharacter: an escape Go reads but that names no
// character says what is wrong with it, not how to write a quote.
func TestEscapesThatNameNoCharacter(t *testing.T) {
	for esc, want := range map[string]string{
		`\uD800`:     `\uD800 is half of a UTF-16 surrogate pair, not a character`,
		`\U00110000`: `\U00110000 is past U+10FFFF, the last character`,
		`\u12`:       `\u takes 4 hex digits`,
		`\U1F600`:    `\U takes 8 hex digits`,
		`\uzzzz`:     `\u takes 4 hex digits`,
		`\q`:         `invalid escape in a string: \q; use \" for a quote and \\ for a backslash`,
	} {
		_, err := dsl.Parse("x.patience", []byte(`game "A `+esc+` B" {}`))
		require.Error(t, err, esc)
		assert.Contains(t, err.Error(), "x.patience:1:9: error: invalid escape in a string: ", esc)
		assert.Contains(t, err.Error(), want, esc)
	}
}

// TestLineEndingsAndByteOrderMark: files written on any system read alike,
// and a diagnostic names the line an editor shows.
func TestLineEndingsAndByteOrderMark(t *testing.T) {
	lf := "game \"x\" {\n  decks 1\n  bogus\n}\n"
	for name, src := range map[string]string{
		"lf":       lf,
		"crlf":     strings.ReplaceAll(lf, "\n", "\r\n"),
		"cr":       strings.ReplaceAll(lf, "\n", "\r"),
		"bom":      "\uFEFF" + lf,
		"bom crlf": "\uFEFF" + strings.ReplaceAll(lf, "\n", "\r\n"),
	} {
		t.Run(name, func(t *testing.T) {
			_, err := dsl.Parse("x.patience", []byte(src))
			var d *dsl.Diagnostics
			require.True(t, errors.As(err, &d), "%v", err)
			require.Len(t, d.List, 1)
			assert.Equal(t, 3, d.List[0].Pos.Line, d.Render())
			assert.Equal(t, 3, d.List[0].Pos.Column, d.Render())
			assert.Contains(t, d.Render(), "    3 |   bogus\n      |   ^")
		})
	}
	_, err := dsl.Parse("x.patience", []byte("\uFEFFgame \"x\" {}\r\n"))
	assert.NoError(t, err)
}

func TestRenderCaretAndTabs(t *testing.T) {
	d := &dsl.Diagnostics{Source: []byte("a\n\tbad thing\n"), List: []*dsl.Diagnostic{{Severity: dsl.Error, Message: "m", Suggest: "good"}}}
	d.List[0].Pos.Filename, d.List[0].Pos.Line, d.List[0].Pos.Column = "f", 2, 2
	d.List[0].End = d.List[0].Pos
	d.List[0].End.Column = 5
	assert.Equal(t, "f:2:2: error: m; did you mean \"good\"?\n    2 |     bad thing\n      |     ^^^\n", d.Render())
}

func TestRenderHidesControlCharacters(t *testing.T) {
	d := &dsl.Diagnostics{Source: []byte("a\x1b[2Jb\x00c\n"), List: []*dsl.Diagnostic{{Severity: dsl.Error, Message: "m"}}}
	d.List[0].Pos.Filename, d.List[0].Pos.Line, d.List[0].Pos.Column = "f", 1, 1
	out := d.Render()
	assert.NotContains(t, out, "\x1b")
	assert.NotContains(t, out, "\x00")
	assert.Contains(t, out, "a\uFFFD[2Jb\uFFFDc")
}

// A comment may hold invisible characters, which a string may not: the line
// echoed under a diagnostic shows them (zero-width space, soft hyphen, a
// byte-order mark inside, a tag) and keeps a joiner in an emoji.
func TestRenderShowsInvisibleCharacters(t *testing.T) {
	d := &dsl.Diagnostics{Source: []byte("decks 0 # a\u200bb\u00adc\ufeffd\U000E0041e \U0001F469\u200d\U0001F4BB\n"), List: []*dsl.Diagnostic{{Severity: dsl.Error, Message: "m"}}}
	d.List[0].Pos.Filename, d.List[0].Pos.Line, d.List[0].Pos.Column = "f", 1, 1
	out := d.Render()
	assert.Contains(t, out, "# a\uFFFDb\uFFFDc\uFFFDd\uFFFDe \U0001F469\u200d\U0001F4BB\n")
}

func TestClosest(t *testing.T) {
	assert.Equal(t, "foundations", dsl.Closest("fundations", []string{"tableau", "foundations", "waste"}))
	assert.Equal(t, "", dsl.Closest("zzzzzz", []string{"tableau", "waste"}))
	assert.Equal(t, "show", dsl.Closest("shwo", []string{"show", "play"}), "a swap of two letters is one edit")
	assert.Equal(t, "", dsl.Closest("frobnicate", []string{"validate", "list"}), "too far to be a typo")
}

// A long line is cut, and the caret under a span that runs past the cut
// stops with the line shown.
func TestRenderCutsTheCaretWithTheLine(t *testing.T) {
	line := "  base " + strings.Repeat("A, ", 60) + "A"
	d := &dsl.Diagnostics{Source: []byte(line + "\n"), List: []*dsl.Diagnostic{{Severity: dsl.Error, Message: "m"}}}
	d.List[0].Pos.Filename, d.List[0].Pos.Line, d.List[0].Pos.Column = "f", 1, 3
	d.List[0].End = d.List[0].Pos
	d.List[0].End.Column = len(line) + 1
	out := strings.Split(d.Render(), "\n")
	require.Len(t, out, 4)
	shown, caret := out[1], out[2]
	assert.Equal(t, len(shown), len(caret), "the caret ends where the cut line does:\n%s\n%s", shown, caret)
	assert.True(t, strings.HasSuffix(caret, "^"))
}

// A word and a string are bounded before parsing: at the bound they pass,
// past it they are refused where they begin.
func TestWordsAndStringsAreBounded(t *testing.T) {
	game := func(name, summary string) string {
		return "game \"W\" {\n  summary \"" + summary + "\"\n  tableau " + name + "[2] { to " + name + " }\n  deal { 26 to each " + name + " }\n  win when all cards in " + name + "\n}\n"
	}
	_, err := dsl.Parse("w.patience", []byte(game(strings.Repeat("t", dsl.MaxWord), strings.Repeat("s", dsl.MaxString))))
	require.NoError(t, err)
	for _, tc := range []struct{ src, msg string }{
		{game(strings.Repeat("t", dsl.MaxWord+1), "s"), "w.patience:3:11: error: a word is longer than 64 characters"},
		{game("t", strings.Repeat("s", dsl.MaxString+1)), "w.patience:2:11: error: a string is longer than 300 characters"},
	} {
		_, err := dsl.Parse("w.patience", []byte(tc.src))
		require.Error(t, err)
		assert.Contains(t, err.Error(), tc.msg)
		assert.Less(t, len(err.Error()), 400, "the message quotes no long word")
	}
}

// A file name with a line break in it is quoted where a diagnostic names
// it, so that it cannot forge a line of its own.
func TestPathsWithLineBreaksAreQuoted(t *testing.T) {
	_, err := dsl.Parse("a.patience\nb.patience:1:1: error: forged", []byte("game"))
	require.Error(t, err)
	assert.True(t, strings.HasPrefix(err.Error(), `"a.patience\nb.patience:1:1: error: forged":1:5: error:`), err.Error())
	assert.Equal(t, "plain.patience", dsl.ShownPath("plain.patience"))
}

// The caret stands under the span as a terminal draws the line: a wide
// character before it takes two columns.
func TestRenderCaretAfterWideCharacters(t *testing.T) {
	d := &dsl.Diagnostics{Source: []byte("aka \"漢字\", x\n"), List: []*dsl.Diagnostic{{Severity: dsl.Error, Message: "m"}}}
	d.List[0].Pos.Filename, d.List[0].Pos.Line, d.List[0].Pos.Column = "f", 1, 9 // the comma
	assert.Equal(t, "f:1:9: error: m\n    1 | aka \"漢字\", x\n      | "+strings.Repeat(" ", 10)+"^\n", d.Render())
}

// A long line of wide characters is cut to the terminal's columns, not to
// a count of characters, and the caret stands under the span in it (it
// stood at the count, 30 columns short).
func TestRenderCutsWideLinesByColumns(t *testing.T) {
	line := `  summary "` + strings.Repeat("漢", 100) + `" decks Z`
	d := &dsl.Diagnostics{Source: []byte(line + "\n"), List: []*dsl.Diagnostic{{Severity: dsl.Error, Message: "m"}}}
	z := utf8.RuneCountInString(line) // the column of Z
	d.List[0].Pos.Filename, d.List[0].Pos.Line, d.List[0].Pos.Column = "f", 1, z
	out := strings.Split(d.Render(), "\n")
	require.Len(t, out, 4)
	shown, caret := strings.TrimPrefix(out[1], "    1 | "), strings.TrimPrefix(out[2], "      | ")
	assert.LessOrEqual(t, runewidth.StringWidth(shown), 100, "cut to 100 columns:\n%s", shown)
	at := strings.Index(caret, "^")
	require.GreaterOrEqual(t, at, 0)
	under := []rune(shown)
	w := 0
	for _, r := range under {
		if w >= at {
			assert.Equal(t, 'Z', r, "the caret stands under Z:\n%s\n%s", shown, caret)
			break
		}
		w += runewidth.RuneWidth(r)
	}
	assert.True(t, strings.HasSuffix(shown, "decks Z"), shown)
}

// A file holds one game: a second game block says so, at its keyword.
func TestSecondGame(t *testing.T) {
	one := `game "A" { foundation f { build any } deal { rest to f } win when all cards in f }` + "\n"
	_, err := dsl.Parse("x.patience", []byte(one+strings.Replace(one, `"A"`, `"B"`, 1)))
	var d *dsl.Diagnostics
	require.True(t, errors.As(err, &d), "%v", err)
	require.Len(t, d.List, 1)
	assert.Equal(t, `unexpected "game": a file holds one game; put this one in a file of its own`, d.List[0].Message)
	assert.Equal(t, 2, d.List[0].Pos.Line)
}

// Every control character in a file is reported, not only the first, as
// validate reports every error; each at its own place.
func TestEveryControlCharacter(t *testing.T) {
	src := "# a comment with \u009b in it\ngame \"x\u0085\" {\n  # \u202e\n}\n"
	_, err := dsl.Parse("x.patience", []byte(src))
	var d *dsl.Diagnostics
	require.True(t, errors.As(err, &d), "%v", err)
	require.Len(t, d.List, 3)
	for i, want := range []struct {
		line int
		what string
	}{{1, "U+009B"}, {2, "U+0085"}, {3, "U+202E"}} {
		assert.Equal(t, want.line, d.List[i].Pos.Line)
		assert.Contains(t, d.List[i].Message, want.what)
	}
}

// Chains of `not` and of `or` up to the limit parse: the grammar recurses
// on each, so past it they are refused before parsing (a long chain
// overflowed the playground's stack), as nesting is.
func TestChainsWithinTheLimit(t *testing.T) {
	for _, src := range []string{
		"game \"x\" {\n  foundation f { build any }\n  deal { rest to f }\n  win when " + strings.Repeat("not ", dsl.MaxDepth) + "f is empty\n}\n",
		"game \"x\" {\n  foundation f { build " + strings.Repeat("up any-suit or ", dsl.MaxDepth) + "down any-suit }\n  deal { rest to f }\n  win when all cards in f\n}\n",
		// `or` counts by statement: many short conditions are fine.
		"game \"x\" {\n  foundation f { build any }\n  deal { rest to f }\n" + strings.Repeat("  phase p until f is empty or f is full\n", 3) + "  win when all cards in f\n}\n",
	} {
		_, err := dsl.Parse("x.patience", []byte(src))
		if err != nil {
			assert.NotContains(t, err.Error(), "64", src)
		}
	}
}

// A slip in the condition after `until` or `when` is reported where it is:
// the clause is optional, so the parser backs out of it and, by itself,
// would blame the keyword.
func TestSlipInAClause(t *testing.T) {
	for src, want := range map[string]struct {
		col int
		msg string
	}{
		"game \"x\" {\n  phase p until f is fulll\n}\n":                    {22, `unexpected "fulll"`},
		"game \"x\" {\n  stock { deal 1 to waste when f isnt empty }\n}\n": {34, `unexpected "isnt"`},
	} {
		_, err := dsl.Parse("x.patience", []byte(src))
		var d *dsl.Diagnostics
		require.True(t, errors.As(err, &d), "%v", err)
		require.Len(t, d.List, 1)
		assert.Equal(t, 2, d.List[0].Pos.Line, src)
		assert.Equal(t, want.col, d.List[0].Pos.Column, src)
		assert.Contains(t, d.List[0].Message, want.msg, src)
	}
}
