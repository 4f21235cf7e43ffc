// Package dsl reads .patience rule files: it lexes and parses them into a
// syntax tree whose every node knows its source position, and it renders
// diagnostics (file:line:col, a source snippet and a caret) for every later
// stage. It knows nothing about what the rules mean: that is the checker's job.
package dsl

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Limits on input that the parser refuses before doing any real work, so no
// file can make it run out of memory or stack.
const (
	MaxFileSize = 1 << 20 // bytes
	MaxDepth    = 64      // nesting of braces and parentheses
	// A word (a name, a keyword, a number) and a string are bounded too, so
	// that what a file names comes out on a line of any screen, message or
	// board, and no message quotes a megabyte.
	MaxWord   = 64  // characters
	MaxString = 300 // characters between the quotes
)

// patienceLexer is built at its first use, as parser is: its regular
// expressions cost a program that reads no rule file.
var patienceLexer = sync.OnceValue(func() *lexer.StatefulDefinition { return lexer.MustSimple(lexerRules) })

var lexerRules = []lexer.SimpleRule{
	{Name: "Comment", Pattern: `#[^\n]*`},
	{Name: "String", Pattern: `"(?:\\.|[^"\\\n])*"`},
	{Name: "Ident", Pattern: `(?:10|[2-9])[CDHS]\b|[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*`},
	{Name: "Int", Pattern: `[0-9]+`},
	{Name: "Range", Pattern: `\.\.`},
	{Name: "Punct", Pattern: `[{}\[\],;=()+-]`},
	{Name: "Whitespace", Pattern: `[ \t\r\n]+`},
	// Keyword never matches input: reserved words are lexed as Ident and
	// retyped by markKeywords, so a keyword can never be taken for a name.
	{Name: "Keyword", Pattern: `\x00keyword\x00`},
}

// decimal makes every number read in base 10 ("010" is ten, not octal) and
// refuses one too large to mean anything in a game.
func decimal(t lexer.Token) (lexer.Token, error) {
	v := strings.TrimLeft(t.Value, "0")
	if v == "" {
		v = "0"
	}
	if len(v) > 6 {
		return t, participle.Errorf(t.Pos, "%s is too large a number", t.Value)
	}
	t.Value = v
	return t, nil
}

// IsKeyword reports whether word is a reserved word of the language:
// every word the grammar quotes (TestKeywordsAreTheGrammarsWords keeps the
// list in step with the grammar, which is only built when a file is
// parsed). A pile, phase or value may not be named after one.
func IsKeyword(word string) bool { return keywords()[word] }

// Keywords lists the reserved words of the language, sorted.
func Keywords() []string {
	out := strings.Fields(keywordList)
	slices.Sort(out)
	return out
}

// keywords is the set of keywordList, made at its first use rather than
// at every start of the program.
var keywords = sync.OnceValue(func() map[string]bool {
	words := strings.Fields(keywordList)
	set := make(map[string]bool, len(words))
	for _, w := range words {
		set[w] = true
	}
	return set
})

const keywordList = `
	accepts aces-high after aka all alternate-colour and any any-rank any-suit are base before black both-ends
	bottom build but by card cards cell close cover deal decks discard down during each either
	empty every except face fanned fill first follow foundation from full game grid holds in is
	layout left let move never no none not of one or other-suit otherwise outranked pairs phase place
	rank red redeal refill reserve rest row rows run runs same-colour same-rank same-suit
	shuffled squared start started stock suits sum summary tableau take to top touching unlimited until
	up using waste when whole win wrap`

var keywordType = sync.OnceValue(func() lexer.TokenType { return patienceLexer().Symbols()["Keyword"] })

func markKeywords(t lexer.Token) (lexer.Token, error) {
	if IsKeyword(t.Value) {
		t.Type = keywordType()
	}
	return t, nil
}

func options() []participle.Option {
	return []participle.Option{
		participle.Lexer(patienceLexer()),
		participle.Elide("Comment", "Whitespace"),
		participle.Map(unquote, "String"),
		participle.Map(markKeywords, "Ident"),
		participle.Map(decimal, "Int"),
		participle.Union[GameStmt](&Aka{}, &Summary{}, &Decks{}, &Suits{}, &Let{}, &Cover{}, &Phase{}, &PileDecl{}, &DealBlock{}, &Win{}, &Layout{}, &Redeal{}),
		participle.Union[PileStmt](&Base{}, &Build{}, &Run{}, &Holds{}, &Move{}, &Grid{}, &To{}, &Fill{}, &Start{}, &Accepts{}, &StockDeal{}, &Redeal{}, &Refill{}, &Pairs{}, &Outranked{}, &AcesHigh{}, &Rows{}, &Follow{}, &CloseUp{}),
		participle.Union[DealStmt](&Take{}, &Put{}, &Rest{}, &Bottom{}),
		participle.UseLookahead(1),
	}
}

// parser is built at its first use: building it costs more than a
// command that parses nothing (or only a built-in game, see
// rulesets/builtin) takes in all.
var parser = sync.OnceValue(func() *participle.Parser[File] { return participle.MustBuild[File](options()...) })

// condParser parses a condition at the start of a text, whatever follows
// it (see explainSyntax).
var condParser = sync.OnceValue(func() *participle.Parser[Cond] {
	return participle.MustBuild[Cond](options()...)
})

// One-statement parsers, used to find where a failed statement really
// goes wrong (participle reports the end of the enclosing list instead).
type (
	oneGameStmt struct {
		S GameStmt `parser:"@@"`
	}
	onePileStmt struct {
		S PileStmt `parser:"@@"`
	}
	oneDealStmt struct {
		S DealStmt `parser:"@@"`
	}
	oneLayoutRow struct {
		S LayoutRow `parser:"@@"`
	}
)

// The one-statement parsers are built only when an error needs one, so
// that a program that parses good files never pays for them.
var (
	gameStmtParser  = sync.OnceValue(func() *participle.Parser[oneGameStmt] { return participle.MustBuild[oneGameStmt](options()...) })
	pileStmtParser  = sync.OnceValue(func() *participle.Parser[onePileStmt] { return participle.MustBuild[onePileStmt](options()...) })
	dealStmtParser  = sync.OnceValue(func() *participle.Parser[oneDealStmt] { return participle.MustBuild[oneDealStmt](options()...) })
	layoutRowParser = sync.OnceValue(func() *participle.Parser[oneLayoutRow] { return participle.MustBuild[oneLayoutRow](options()...) })
)

// Grammar returns the grammar in EBNF, as participle derives it.
func Grammar() string { return parser().String() }

// Parse parses one .patience file. On failure it returns a *Diagnostics
// holding one error with its position. The file is read as Normalize
// returns it, and diagnostics quote that text.
func Parse(filename string, src []byte) (*File, error) {
	src = Normalize(src)
	if d := precheck(filename, src); d != nil {
		return nil, d
	}
	f, err := parser().ParseBytes(filename, src)
	if err != nil {
		var perr participle.Error
		if errors.As(err, &perr) {
			d := explainSyntax(filename, src, perr)
			return nil, &Diagnostics{Source: src, List: []*Diagnostic{d}}
		}
		return nil, &Diagnostics{Source: src, List: []*Diagnostic{{
			Pos: lexer.Position{Filename: filename, Line: 1, Column: 1}, Severity: Error, Message: err.Error(),
		}}}
	}
	return f, nil
}

// chainCount counts the two chains of words the grammar recurses on, as it
// does on brackets: `not not not ...` (a condition's negation) and `up
// any-suit or down any-suit or ...` (a build's alternatives). Past
// MaxDepth links either would take the parser as deep as nesting would
// (ten thousand `not` overflowed the playground's stack), so both are
// refused before parsing, as nesting is.
type chainCount struct{ nots, ors int }

// relationWords are the words a build's relation is written in, between
// its `or`s: a chain of alternatives goes on only through them.
var relationWords = map[string]bool{
	"any": true, "down": true, "up": true, "either": true, "same-rank": true, "any-rank": true, "by": true,
	"any-suit": true, "same-suit": true, "same-colour": true, "alternate-colour": true, "other-suit": true, "wrap": true,
}

// word counts the word w, read at the place at, and refuses a chain that
// has gone on too long.
func (c *chainCount) word(w string, pos [2]int, at func(line, col int, format string, args ...any) *Diagnostics) *Diagnostics {
	if w == "not" {
		c.nots++
	} else {
		c.nots = 0
	}
	switch {
	case w == "or":
		c.ors++
	case !relationWords[w] && strings.Trim(w, "0123456789") != "":
		c.ors = 0
	}
	switch {
	case c.nots > MaxDepth:
		return at(pos[0], pos[1], "`not` is written more than %d times in a row", MaxDepth)
	case c.ors > MaxDepth:
		return at(pos[0], pos[1], "more than %d `or` in one statement: a build joins at most %d relations", MaxDepth, MaxDepth+1)
	}
	return nil
}

// precheck refuses what the parser should never see: too large, not UTF-8,
// NUL bytes, control characters (see Unsafe), or nested deeper than
// MaxDepth.
func precheck(filename string, src []byte) *Diagnostics {
	at := func(line, col int, format string, args ...any) *Diagnostics {
		return &Diagnostics{Source: src, List: []*Diagnostic{{
			Pos:      lexer.Position{Filename: filename, Line: line, Column: col},
			Severity: Error, Message: fmt.Sprintf(format, args...),
		}}}
	}
	if len(src) > MaxFileSize {
		return at(1, 1, "file is %d bytes; the limit is %d bytes", len(src), MaxFileSize)
	}
	if len(bytes.TrimSpace(src)) == 0 {
		return at(1, 1, "file is empty: a .patience file holds one game, `game \"Name\" { ... }`")
	}
	line, col, depth := 1, 1, 0
	inComment, inString := false, false
	var unsafe []*Diagnostic // the control characters found so far
	one := at
	at = func(line, col int, format string, args ...any) *Diagnostics {
		// A refusal further on comes after the control characters before it.
		d := one(line, col, format, args...)
		d.List = append(slices.Clip(unsafe), d.List...)
		return d
	}
	word, str := 0, 0 // characters so far of the word, or the string, being read
	wordFrom := 0     // the byte the word began at
	var chains chainCount
	wordAt, strAt := [2]int{}, [2]int{} // where the word, or the string, began
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRune(src[i:])
		if !inComment && !inString && r != '"' && r != '#' && !unicode.IsSpace(r) && !strings.ContainsRune("{}()[],;", r) {
			if word == 0 {
				wordAt, wordFrom = [2]int{line, col}, i
			}
			if word++; word > MaxWord {
				return at(wordAt[0], wordAt[1], "a word is longer than %d characters: a name, a keyword or a number is at most %d", MaxWord, MaxWord)
			}
		} else {
			if word > 0 {
				if d := chains.word(string(src[wordFrom:i]), wordAt, at); d != nil {
					return d
				}
			}
			if !inComment && !unicode.IsSpace(r) && r != '#' {
				chains = chainCount{} // a bracket, a comma, a string: no chain goes on past it
			}
			word = 0
		}
		if inString {
			if str++; str > MaxString+1 { // the closing quote counts
				return at(strAt[0], strAt[1], "a string is longer than %d characters", MaxString)
			}
		} else {
			str, strAt = 0, [2]int{line, col}
		}
		if r == utf8.RuneError && size <= 1 {
			return at(line, col, "file is not valid UTF-8 (byte 0x%02x)", src[i])
		}
		if r == 0 {
			return at(line, col, "file contains a NUL byte: is it a binary file?")
		}
		if Unsafe(r) {
			// Each is reported, as validate reports every error.
			if len(unsafe) < MaxDiagnostics {
				unsafe = append(unsafe, one(line, col, "file contains the control character %s: a rule file holds printable text only", describeRune(r)).List...)
			}
		}
		switch {
		case r == '\n':
			inComment, inString = false, false
		case inComment:
		case inString:
			if r == '\\' && i+1 < len(src) && src[i+1] != '\n' {
				i += size + 1
				col += 2
				continue
			}
			if r == '"' {
				inString = false
			}
		case r == '#':
			inComment = true
		case r == '"':
			inString = true
		case r == '{' || r == '(' || r == '[':
			depth++
			if depth > MaxDepth {
				return at(line, col, "nesting is deeper than %d levels", MaxDepth)
			}
		case r == '}' || r == ')' || r == ']':
			depth--
		}
		if r == '\n' {
			line++
			col = 1
		} else {
			col++
		}
		i += size
	}
	if len(unsafe) > 0 {
		return &Diagnostics{Source: src, List: unsafe}
	}
	return nil
}

func friendlyParseMessage(err participle.Error) string {
	var ut *participle.UnexpectedTokenError
	if errors.As(err, &ut) {
		tok := ut.Unexpected
		what := fmt.Sprintf("%q", tok.Value)
		if tok.EOF() {
			what = "end of file"
		}
		if exp := expected(ut); exp != "" {
			exp = strings.TrimSuffix(strings.TrimPrefix(exp, "(expected "), ")")
			exp = grammarWords.Replace(exp)
			if IsKeyword(tok.Value) && strings.HasPrefix(exp, "a new name") {
				return reservedName(tok.Value)
			}
			return fmt.Sprintf("unexpected %s; expected %s", what, exp)
		}
		if tok.Value == "game" {
			return `unexpected "game": a file holds one game; put this one in a file of its own`
		}
		return fmt.Sprintf("unexpected %s", what)
	}
	msg := err.Message()
	if i := strings.Index(msg, "invalid input text "); i >= 0 {
		rest := msg[i+len("invalid input text "):]
		if strings.HasPrefix(rest, `"\"`) {
			return "unterminated string: a string must end with \" on the same line"
		}
		if strings.HasSuffix(rest, `..."`) {
			rest = strings.TrimSuffix(rest, `..."`) + `"`
		}
		if text, err := strconv.Unquote(rest); err == nil && text != "" {
			r, _ := utf8.DecodeRuneInString(text)
			return fmt.Sprintf("unexpected character %q", r)
		}
	}
	return msg
}

// blockParsers parse one statement of each kind of block, and list the
// keywords that start one, for "did you mean" on a misspelt statement and
// for completion (TestStartersAreTheGrammars keeps the lists in step with
// the grammar).
var blockParsers = map[string]struct {
	parse    func(filename string, src []byte) error
	starters []string
}{
	"game":   {parseOne(gameStmtParser), []string{"aka", "summary", "decks", "suits", "cover", "let", "phase", "foundation", "tableau", "reserve", "stock", "waste", "cell", "discard", "deal", "redeal", "win", "layout"}},
	"pile":   {parseOne(pileStmtParser), []string{"base", "build", "run", "holds", "move", "grid", "to", "fill", "start", "accepts", "deal", "redeal", "refill", "pairs", "outranked", "aces-high", "in", "follow", "close"}},
	"deal":   {parseOne(dealStmtParser), []string{"take", "COUNT to", "rest", "move"}},
	"layout": {parseOne(layoutRowParser), []string{"row"}},
}

func parseOne[T any](p func() *participle.Parser[T]) func(string, []byte) error {
	return func(filename string, src []byte) error {
		_, err := p().ParseBytes(filename, src, participle.AllowTrailing(true))
		return err
	}
}

// explainSyntax turns a participle error into a diagnostic. Participle
// reports a statement that fails part-way as an unexpected token at the
// statement's start; so the statement is parsed again on its own to find
// the token that is really wrong, and a misspelt keyword gets a suggestion.
func explainSyntax(filename string, src []byte, perr participle.Error) *Diagnostic {
	pos := perr.Position()
	pos.Filename = filename
	d := &Diagnostic{Pos: pos, Severity: Error, Message: friendlyParseMessage(perr)}
	var ut *participle.UnexpectedTokenError
	if !errors.As(perr, &ut) || ut.Unexpected.EOF() || pos.Offset < 0 || pos.Offset >= len(src) {
		return d
	}
	defer func() {
		if d.Pos.Offset >= 0 && d.Pos.Offset < len(src) {
			suggestLiteral(d, ut, src[d.Pos.Offset:])
		}
	}()
	d.End = pos
	d.End.Column += utf8.RuneCountInString(ut.Unexpected.Value)
	d.End.Offset += len(ut.Unexpected.Value)
	if skippedWord(d, src, ut.Unexpected.Value) {
		return d
	}
	if blockOpenedAfter(d, filename, src, ut.Unexpected.Value) {
		return d
	}
	if !strings.Contains(expected(ut), `"}"`) {
		return d // the error is inside a statement already
	}
	// The statements to parse again start at the unexpected token, or just
	// inside it when it opens a block whose first statement failed.
	from := pos
	if ut.Unexpected.Value == "{" {
		from.Offset++
		from.Column++
	}
	block := blockAt(filename, src, from.Offset)
	bp, ok := blockParsers[block]
	if !ok {
		return d
	}
	starters := bp.starters
	rest := src[from.Offset:]
	sub := bp.parse(filename, rest)
	var serr participle.Error
	if sub == nil || !errors.As(sub, &serr) {
		return d
	}
	first, ok := firstToken(filename, rest)
	if !ok {
		return d
	}
	// at turns a position in rest into one in src.
	at := func(p lexer.Position, width string) (lexer.Position, lexer.Position) {
		abs := from
		abs.Offset += p.Offset
		if p.Line == 1 {
			abs.Column += p.Column - 1
		} else {
			abs.Line += p.Line - 1
			abs.Column = p.Column
		}
		end := abs
		end.Column += utf8.RuneCountInString(width)
		end.Offset += len(width)
		return abs, end
	}
	var sut *participle.UnexpectedTokenError
	if spos := serr.Position(); spos.Offset > first.Pos.Offset {
		// The statement goes wrong further on: report that spot.
		d.Message = friendlyParseMessage(serr)
		d.Pos, d.End = at(spos, "")
		if errors.As(serr, &sut) && !sut.Unexpected.EOF() {
			d.Pos, d.End = at(spos, sut.Unexpected.Value)
			ut = sut
			if !skippedWord(d, src, sut.Unexpected.Value) {
				blockOpenedAfter(d, filename, src, sut.Unexpected.Value)
			}
		}
		return d
	}
	word := first.Value
	d.Pos, d.End = at(first.Pos, word)
	if errors.As(serr, &sut) {
		ut = sut
	}
	if word == "until" || word == "when" {
		// An optional clause the parser backed out of: its condition,
		// parsed alone, says where it goes wrong.
		pad := slices.Clone(rest)
		for i := range first.Pos.Offset + len(word) {
			if pad[i] != '\n' {
				pad[i] = ' '
			}
		}
		var cut *participle.UnexpectedTokenError
		if _, err := condParser().ParseBytes(filename, pad, participle.AllowTrailing(true)); errors.As(err, &cut) && !cut.Unexpected.EOF() && cut.Unexpected.Pos.Offset > first.Pos.Offset+len(word) {
			d.Message = friendlyParseMessage(cut) + fmt.Sprintf(" (in the condition after `%s`)", word)
			d.Pos, d.End = at(cut.Unexpected.Pos, cut.Unexpected.Value)
			ut = cut
			return d
		}
	}
	if prev, ok := wordBefore(src, pos.Offset); ok && IsKeyword(word) && namedNext[prev] {
		d.Message = reservedName(word)
		return d
	}
	if word == "+" || word == "-" {
		d.Message = fmt.Sprintf("unexpected %q; `+` and `-` move a game value's rank by a number of ranks: `rank b %s 1`", word, word)
		return d
	}
	if hint := rangeHint(src, d.Pos.Offset, d.End.Offset); word == ".." && block == "layout" && hint != "" {
		d.Message = fmt.Sprintf("unexpected %q; a layout writes a run of a group's piles as %s", word, hint)
		return d
	}
	if s := Closest(word, starters); s != "" && s != word && !IsKeyword(word) {
		d.Message = fmt.Sprintf("unknown statement %q in a %s block", word, block)
		d.Suggest = s
	} else {
		has := fmt.Sprintf("a %s block has statements %s", block, strings.Join(starters, ", "))
		if len(starters) == 1 {
			has = fmt.Sprintf("a %s block holds only `%s` statements", block, starters[0])
		}
		d.Message = fmt.Sprintf("unexpected %q; %s", word, has)
		if hint := braceHint(filename, src, from.Offset, block, word); hint != "" {
			d.Message = fmt.Sprintf("unexpected %q; %s (%s)", word, hint, has)
		}
	}
	return d
}

// numbered splits a pile's name into its group's name and its number:
// `m12` is m and 12.
var numbered = regexp.MustCompile(`^([A-Za-z_][A-Za-z_0-9-]*?)([0-9]+)$`)

// rangeHint answers `row m1..m5`, the ".." at src[from:to], with the way a
// layout writes it, `m[1..5]` (`m[1..N]` when what follows is no pile of
// the group); "" when the word before is no numbered pile.
func rangeHint(src []byte, from, to int) string {
	prev, ok := wordBefore(src, from)
	m := numbered.FindStringSubmatch(prev)
	if !ok || m == nil {
		return ""
	}
	last := "N"
	toks, _ := rawTokensPartial("", src[to:])
	for _, t := range toks {
		if t.Comment {
			continue
		}
		if n := numbered.FindStringSubmatch(t.Text); n != nil && n[1] == m[1] {
			last = n[2]
		}
		break
	}
	return fmt.Sprintf("`%s[%s..%s]`", m[1], m[2], last)
}

// blockOpenedAfter explains `deal {` or `layout {` inside a pile block,
// where d reports the `{`: the stock's `deal` wants a number, but the block
// is most likely the game's, after a `}` left out.
func blockOpenedAfter(d *Diagnostic, filename string, src []byte, word string) bool {
	if word != "{" {
		return false
	}
	prev, ok := wordBefore(src, d.Pos.Offset)
	if !ok || prev != "deal" && prev != "layout" || blockAt(filename, src, d.Pos.Offset) != "pile" {
		return false
	}
	hint := braceHint(filename, src, d.Pos.Offset, "pile", prev)
	if hint == "" {
		return false
	}
	d.Message = fmt.Sprintf(`unexpected "{" after %q; %s`, prev, hint)
	return true
}

// braceHint guesses at a missing brace from a statement that belongs to
// another block: a game statement inside a pile block is most likely after
// a `}` left out, and a pile statement in the game block after a `{`.
func braceHint(filename string, src []byte, off int, block, word string) string {
	switch {
	case block != "game" && slices.Contains(blockParsers["game"].starters, word):
		words, ok := wordsBefore(filename, src, off)
		if !ok {
			return ""
		}
		var open []lexer.Token
		for _, t := range words {
			switch t.Value {
			case "{":
				open = append(open, t)
			case "}":
				if len(open) > 0 {
					open = open[:len(open)-1]
				}
			}
		}
		if len(open) < 2 {
			return ""
		}
		return fmt.Sprintf(`is a "}" missing before it, to close the %s block opened at line %d?`, block, open[len(open)-1].Pos.Line)
	case block == "game" && !slices.Contains(blockParsers["game"].starters, word) && slices.Contains(blockParsers["pile"].starters, word):
		return `is a "{" missing before it, after the pile's name?`
	}
	return ""
}

// skippedWord reports a word left out between two the grammar puts in a
// row: `all in foundations` is `all cards in foundations`. The diagnostic
// then spans both words, and suggests the three.
func skippedWord(d *Diagnostic, src []byte, word string) bool {
	toks, _ := rawTokensPartial("", src[:d.Pos.Offset])
	var prev Token
	for i := len(toks) - 1; i >= 0 && prev.Text == ""; i-- {
		if !toks[i].Comment {
			prev = toks[i]
		}
	}
	if !prev.Keyword {
		return false
	}
	for _, mid := range literalPairs()[prev.Text] {
		if slices.Contains(literalPairs()[mid], word) {
			d.Message = fmt.Sprintf("unexpected %q; %q is followed by %q: `%s %s %s ...`", word, prev.Text, mid, prev.Text, mid, word)
			d.Pos.Offset, d.Pos.Line, d.Pos.Column = prev.Offset, prev.Line, prev.Column
			d.Suggest = prev.Text + " " + mid + " " + word
			return true
		}
	}
	return false
}

// namedNext are the words a new name may follow: a pile's role.
var namedNext = map[string]bool{"foundation": true, "tableau": true, "reserve": true, "stock": true, "waste": true, "cell": true, "discard": true}

// reservedName says that a reserved word cannot be a name.
func reservedName(word string) string {
	other := word + "s"
	if IsKeyword(other) {
		other = word + "1"
	}
	return fmt.Sprintf("%q is a reserved word of the language, so it cannot name a pile, a phase or a value: choose another name, e.g. %q", word, other)
}

// wordBefore is the last token of src before byte off that is not a
// comment.
func wordBefore(src []byte, off int) (string, bool) {
	toks, _ := rawTokensPartial("", src[:off])
	for i := len(toks) - 1; i >= 0; i-- {
		if !toks[i].Comment {
			return toks[i].Text, true
		}
	}
	return "", false
}

// firstToken is the first token of src that is not a comment or space.
func firstToken(filename string, src []byte) (lexer.Token, bool) {
	toks, err := parser().Lex(filename, bytes.NewReader(src))
	if err != nil {
		return lexer.Token{}, false
	}
	syms := patienceLexer().Symbols()
	for _, t := range toks {
		if t.Type != syms["Comment"] && t.Type != syms["Whitespace"] && !t.EOF() {
			return t, true
		}
	}
	return lexer.Token{}, false
}

// grammarWords turns grammar names in participle's messages into words.
var grammarWords = strings.NewReplacer(
	`("or" Relation)?`, `("or" another relation)?`,
	"Relation", `"any" or a rank step ("down" | "up" | "either" | "same-rank" | "any-rank")`,
	"Pattern", "a card (K, AS, red A, rank b, any)",
	"Facing?", `("face" "down" ("but" "top")?)?`,
	"Ref", "a name", "Name", "a new name", "Int", "a number", "String", "a quoted string",
	"Cond", "a condition", "Clause?", `("when" | "during" | "after" ...)?`,
)

// expected is what participle says it expected, or "".
func expected(ut *participle.UnexpectedTokenError) string {
	msg := ut.Message()
	if i := strings.Index(msg, "(expected "); i >= 0 {
		return msg[i:]
	}
	return ""
}

var literalRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`"([a-z-]+)"`) })

// bookPhrases are the words the books use for a relation's suit and
// colour, each with the keyword that says it here.
var bookPhrases = []struct{ phrase, keyword string }{
	{"in suit", "same-suit"},
	{"in colour", "same-colour"},
	{"in color", "same-colour"},
	{"regardless of suit", "any-suit"},
	{"in alternating colours", "alternate-colour"},
	{"in alternating colors", "alternate-colour"},
	{"in alternate colours", "alternate-colour"},
	{"in alternate colors", "alternate-colour"},
	{"alternating colours", "alternate-colour"},
	{"alternating colors", "alternate-colour"},
	{"alternating", "alternate-colour"},
}

// suggestLiteral adds a did-you-mean when the unexpected word is close to a
// keyword the grammar expected there, or begins a phrase of the books that
// one says (`build down in suit`: "same-suit"); rest is the source from
// the unexpected word on.
func suggestLiteral(d *Diagnostic, ut *participle.UnexpectedTokenError, rest []byte) {
	if d.Suggest != "" {
		return
	}
	var cands []string
	for _, m := range literalRE().FindAllStringSubmatch(expected(ut), -1) {
		if m[1] != ut.Unexpected.Value {
			cands = append(cands, m[1])
		}
	}
	words := strings.ToLower(strings.Join(strings.Fields(string(rest[:min(len(rest), 40)])), " "))
	for _, b := range bookPhrases {
		if words == b.phrase || strings.HasPrefix(words, b.phrase+" ") || strings.HasPrefix(words, b.phrase+";") || strings.HasPrefix(words, b.phrase+"}") {
			if slices.Contains(cands, b.keyword) {
				d.Suggest = b.keyword
				return
			}
		}
	}
	d.Suggest = Closest(ut.Unexpected.Value, cands)
}

// blockAt says which kind of block encloses byte offset off: "game",
// "pile", "deal", "layout", or "" outside any. A block's kind is decided by
// what opens it, the words just before its `{`: `game "Name"`, `deal`,
// `layout`; any other `{` in a game opens a pile block (`tableau t[7] {`,
// or a misspelt role), and one outside every block a game. Statements
// need no `;` between them, so the statement holding the `{` cannot be
// told by its first word.
func blockAt(filename string, src []byte, off int) string {
	words, ok := wordsBefore(filename, src, off)
	if !ok {
		return ""
	}
	return blockOf(words)
}

// wordsBefore lexes src up to byte off, leaving out comments and space.
func wordsBefore(filename string, src []byte, off int) ([]lexer.Token, bool) {
	toks, err := parser().Lex(filename, bytes.NewReader(src[:off]))
	if err != nil {
		return nil, false
	}
	syms := patienceLexer().Symbols()
	var words []lexer.Token
	for _, t := range toks {
		if !t.EOF() && t.Type != syms["Comment"] && t.Type != syms["Whitespace"] {
			words = append(words, t)
		}
	}
	return words, true
}

// blockOf is the block open after the tokens words (see blockAt).
func blockOf(words []lexer.Token) string {
	var stack []string
	for i, t := range words {
		switch t.Value {
		case "{":
			in := ""
			if len(stack) > 0 {
				in = stack[len(stack)-1]
			}
			stack = append(stack, blockKind(words[:i], in))
		case "}":
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		}
	}
	if len(stack) == 0 {
		return ""
	}
	return stack[len(stack)-1]
}

// blockKind names the block whose `{` follows the tokens before, in a
// block of kind in ("" at the top level).
func blockKind(before []lexer.Token, in string) string {
	word := func(i int) lexer.Token {
		if i < 0 || i >= len(before) {
			return lexer.Token{}
		}
		return before[i]
	}
	last := len(before) - 1
	switch {
	case in == "game" && word(last).Value == "deal":
		return "deal"
	case in == "game" && word(last).Value == "layout":
		return "layout"
	case word(last).Value == "game", word(last).Type == patienceLexer().Symbols()["String"] && word(last-1).Value == "game":
		return "game"
	case in == "":
		return "game"
	}
	return "pile" // ROLE [NAME] ['[' RANGE ']'], or a misspelt role
}
