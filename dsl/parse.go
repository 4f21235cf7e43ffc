// Package dsl reads .patience rule files: it lexes and parses them into a
// syntax tree whose every node knows its source position, and it renders
// diagnostics (file:line:col, a source snippet and a caret) for every later
// stage. It knows nothing about what the rules mean: that is the checker's job.
package dsl

import (
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Limits on input that the parser refuses before doing any real work, so no
// file can make it run out of memory or stack.
const (
	MaxFileSize = 1 << 20 // bytes
	MaxDepth    = 64      // nesting of braces and parentheses
)

var patienceLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Comment", Pattern: `#[^\n]*`},
	{Name: "String", Pattern: `"(?:\\.|[^"\\\n])*"`},
	{Name: "Ident", Pattern: `10[CDHS]|[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*`},
	{Name: "Int", Pattern: `[0-9]+`},
	{Name: "Range", Pattern: `\.\.`},
	{Name: "Punct", Pattern: `[{}\[\],;=()]`},
	{Name: "Whitespace", Pattern: `[ \t\r\n]+`},
	// Keyword never matches input: reserved words are lexed as Ident and
	// retyped by markKeywords, so a keyword can never be taken for a name.
	{Name: "Keyword", Pattern: `\x00keyword\x00`},
})

// Keywords are the reserved words of the language. A pile, phase or value
// may not be named after one.
var Keywords = map[string]bool{}

var keywordType = patienceLexer.Symbols()["Keyword"]

func markKeywords(t lexer.Token) (lexer.Token, error) {
	if Keywords[t.Value] {
		t.Type = keywordType
	}
	return t, nil
}

var parser = participle.MustBuild[File](
	participle.Lexer(patienceLexer),
	participle.Elide("Comment", "Whitespace"),
	participle.Unquote("String"),
	participle.Map(markKeywords, "Ident"),
	participle.Union[GameStmt](&Aka{}, &Summary{}, &Decks{}, &Let{}, &Phase{}, &PileDecl{}, &DealBlock{}, &Win{}, &Layout{}),
	participle.Union[PileStmt](&Base{}, &Build{}, &Run{}, &Holds{}, &Move{}, &Grid{}, &To{}, &Fill{}, &Start{}, &Accepts{}, &StockDeal{}, &Redeal{}),
	participle.Union[DealStmt](&Take{}, &Put{}, &Rest{}),
	participle.UseLookahead(4),
)

func init() {
	// Every quoted literal of the grammar is a keyword.
	for _, w := range []string{
		"game", "aka", "summary", "decks", "let", "rank", "of", "phase", "until",
		"foundation", "tableau", "reserve", "stock", "waste", "cell", "discard",
		"deal", "win", "when", "layout", "row", "column",
		"base", "build", "none", "except", "run", "down", "up", "either", "same-rank",
		"any-suit", "same-suit", "same-colour", "alternate-colour", "other-suit", "wrap",
		"holds", "move", "top", "runs", "whole", "grid", "to", "fill", "from", "start", "after",
		"accepts", "one", "each", "redeal", "unlimited", "take", "rest", "face", "but",
		"during", "any", "red", "black", "or", "and", "not", "all", "cards", "in",
		"every", "no", "is", "are", "empty", "full", "started",
	} {
		Keywords[w] = true
	}
}

// Grammar returns the grammar in EBNF, as participle derives it.
func Grammar() string { return parser.String() }

// Parse parses one .patience file. On failure it returns a *Diagnostics
// holding one error with its position.
func Parse(filename string, src []byte) (*File, error) {
	if d := precheck(filename, src); d != nil {
		return nil, d
	}
	f, err := parser.ParseBytes(filename, src)
	if err != nil {
		var perr participle.Error
		if errors.As(err, &perr) {
			pos := perr.Position()
			if pos.Filename == "" {
				pos.Filename = filename
			}
			return nil, &Diagnostics{Source: src, List: []*Diagnostic{{
				Pos: pos, Severity: Error, Message: friendlyParseMessage(perr),
			}}}
		}
		return nil, &Diagnostics{Source: src, List: []*Diagnostic{{
			Pos: lexer.Position{Filename: filename, Line: 1, Column: 1}, Severity: Error, Message: err.Error(),
		}}}
	}
	return f, nil
}

// precheck refuses what the parser should never see: too large, not UTF-8,
// NUL bytes, or nested deeper than MaxDepth.
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
	line, col, depth := 1, 1, 0
	inComment, inString := false, false
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && size <= 1 {
			return at(line, col, "file is not valid UTF-8 (byte 0x%02x)", src[i])
		}
		if r == 0 {
			return at(line, col, "file contains a NUL byte: is it a binary file?")
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
		if ut.Expect != "" {
			return fmt.Sprintf("unexpected %s; expected %s", what, ut.Expect)
		}
		return fmt.Sprintf("unexpected %s", what)
	}
	return err.Message()
}
