package dsl

import (
	"errors"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Expect is what the grammar lets come at a place of a file, as the
// parser itself says: see Next.
type Expect struct {
	Block    string   // the enclosing block, as BlockAt names it
	Keywords []string // the keywords that may come, in the order the grammar first names them
	Ref      bool     // a name already declared: a pile, a group, a phase or a value
	NewName  bool     // a name being declared
	Word     bool     // a rank, a card or a suit letter (`K`, `AS`, `S`)
	Number   bool
	String   bool
	// Known is false when the text before the place does not parse as far
	// as the place, so that nothing can be said of what comes there.
	Known bool
}

// Next says what may come at byte offset off of src (as Normalize returns
// it). It asks the parser: the statements of the enclosing block from the
// last one that certainly starts there (after the block's `{`, a `;` or a
// nested block's `}`) up to off are parsed again with each keyword, and a
// token of each other kind, put at off; what the parser gets past is what
// may come. Line breaks mean nothing to the grammar, so at the start of a
// line both what continues the statement before and what starts a new one
// are offered. Only the keywords that start with prefix are tried.
func Next(src []byte, off int, prefix string) Expect {
	off = min(max(off, 0), len(src))
	words, ok := wordsBefore("", src, off)
	if !ok {
		return Expect{}
	}
	e := Expect{Block: blockOf(words)}
	syms := patienceLexer().Symbols()
	// The statement list to parse again starts after the last boundary of
	// the innermost open block.
	var starts []int
	for i, t := range words {
		switch t.Value {
		case "{":
			starts = append(starts, i+1)
		case "}":
			if len(starts) > 0 {
				starts = starts[:len(starts)-1]
			}
			if len(starts) > 0 {
				starts[len(starts)-1] = i + 1
			}
		case ";":
			if len(starts) > 0 {
				starts[len(starts)-1] = i + 1
			}
		}
	}
	parse := listParsers[e.Block]
	if len(starts) == 0 || parse == nil {
		parse, starts = parseFile, []int{0}
	}
	seg := words[starts[len(starts)-1]:]
	end := lexer.Position{Offset: off}
	_, err := parse(seg, end)
	if err != nil && !atEnd(err) {
		return e // the text before does not parse
	}
	// After whole statements, each statement's first word may come.
	whole := err == nil
	starters := blockParsers[e.Block].starters
	e.Known = true
	seg = lastStatement(parse, seg)
	accepts := func(t lexer.Token) bool {
		t.Pos = end
		_, err := parse(append(seg[:len(seg):len(seg)], t), lexer.Position{Offset: off + 1})
		return err == nil || atEnd(err)
	}
	// A keyword is probed with a token type no rule names, so that only a
	// literal of the grammar takes it, and not a reference (which may be
	// a keyword: `stock`).
	//
	// Participle gives up on a statement it has taken more than a token of
	// when an optional group in it fails past its first word, and reports
	// the word after the statement's last good one instead of the end
	// (`move K to bottom` fails at `bottom`, short of `of`): so a keyword
	// refused alone is tried again with a word the grammar puts after it.
	for _, w := range grammarKeywords() {
		if !strings.HasPrefix(w, prefix) {
			continue
		}
		kw := lexer.Token{Type: syms["Comment"], Value: w}
		ok := whole && slices.Contains(starters, w) || accepts(kw)
		for _, next := range literalPairs()[w] {
			if ok {
				break
			}
			t := lexer.Token{Type: syms["Comment"], Value: next, Pos: lexer.Position{Offset: off + 1}}
			kw.Pos = end
			_, err := parse(append(seg[:len(seg):len(seg)], kw, t), lexer.Position{Offset: off + 2})
			ok = err == nil || atEnd(err)
		}
		if ok {
			e.Keywords = append(e.Keywords, w)
		}
	}
	ident := accepts(lexer.Token{Type: syms["Ident"], Value: "x"})
	e.Ref = accepts(lexer.Token{Type: syms["Keyword"], Value: "x"})
	e.Number = accepts(lexer.Token{Type: syms["Int"], Value: "1"})
	e.String = accepts(lexer.Token{Type: syms["String"], Value: "x"})
	// A rank or a card is a word or a number, a new name only a word.
	e.Word = ident && !e.Ref && e.Number
	e.NewName = ident && !e.Ref && !e.Number
	return e
}

// lastStatement shortens a statement list that parses, or fails only at
// its end, to its last statements, which are all a word put after it can
// change: it starts at the last statement the parser finds in the longest
// part of the list that parses whole. Probing a short list is quick; a
// game's statements need no `;` between them, so its list runs from its
// last nested block to the place.
func lastStatement(parse listParse, seg []lexer.Token) []lexer.Token {
	for n := len(seg); n > 0 && len(seg)-n < 8; n-- {
		starts, err := parse(seg[:n], lexer.Position{})
		if err != nil {
			continue
		}
		if len(starts) == 0 {
			return seg
		}
		last := starts[len(starts)-1]
		for i, t := range seg {
			if t.Pos.Offset == last {
				return seg[i:]
			}
		}
		return seg
	}
	return seg
}

// atEnd says whether a parse failed only at the end of its input: it
// wanted more.
func atEnd(err error) bool {
	var ut *participle.UnexpectedTokenError
	return errors.As(err, &ut) && ut.Unexpected.EOF()
}

// The statement lists of each kind of block.
type (
	gameList struct {
		S []GameStmt `parser:"( @@ ';'? )*"`
	}
	pileList struct {
		S []PileStmt `parser:"( @@ ';'? )*"`
	}
	dealList struct {
		S []DealStmt `parser:"( @@ ';'? )*"`
	}
	layoutList struct {
		S []LayoutRow `parser:"( @@ ';'? )*"`
	}
)

func (l *gameList) starts() []int   { return nodeStarts(l.S) }
func (l *pileList) starts() []int   { return nodeStarts(l.S) }
func (l *dealList) starts() []int   { return nodeStarts(l.S) }
func (l *layoutList) starts() []int { return nodeStarts(l.S) }
func (f *File) starts() []int       { return nil }

func nodeStarts[T Node](list []T) []int {
	var out []int
	for _, n := range list {
		start, _ := n.Span()
		out = append(out, start.Offset)
	}
	return out
}

// listParse parses tokens already lexed, ending at end, into a statement
// list, and says where its statements start.
type listParse func(toks []lexer.Token, end lexer.Position) (starts []int, err error)

// listParser makes a listParse, with a parser built only when a
// completion needs it.
func listParser[T any, PT interface {
	*T
	starts() []int
}]() listParse {
	p := sync.OnceValue(func() *participle.Parser[T] { return participle.MustBuild[T](options()...) })
	return func(toks []lexer.Token, end lexer.Position) ([]int, error) {
		lex, err := lexer.Upgrade(&sliceLexer{toks: toks, end: end})
		if err != nil {
			return nil, err
		}
		v, err := p().ParseFromLexer(lex)
		if err != nil {
			return nil, err
		}
		return PT(v).starts(), nil
	}
}

var (
	parseFile   = listParser[File]()
	listParsers = map[string]listParse{
		"game": listParser[gameList](), "pile": listParser[pileList](),
		"deal": listParser[dealList](), "layout": listParser[layoutList](),
	}
)

// sliceLexer hands out tokens already lexed, then EOF.
type sliceLexer struct {
	toks []lexer.Token
	end  lexer.Position
}

func (l *sliceLexer) Next() (lexer.Token, error) {
	if len(l.toks) == 0 {
		return lexer.EOFToken(l.end), nil
	}
	t := l.toks[0]
	l.toks = l.toks[1:]
	return t, nil
}

// literalPairs are the keywords the grammar puts right after a keyword:
// `"bottom" "of"`.
var literalPairs = sync.OnceValue(func() map[string][]string {
	out := map[string][]string{}
	g := Grammar()
	words := regexp.MustCompile(`"([a-z][a-z-]*)"`).FindAllStringSubmatchIndex(g, -1)
	for i := 1; i < len(words); i++ {
		a, b := words[i-1], words[i]
		if g[a[1]:b[0]] != " " {
			continue
		}
		first, next := g[a[2]:a[3]], g[b[2]:b[3]]
		if !slices.Contains(out[first], next) {
			out[first] = append(out[first], next)
		}
	}
	return out
})

// grammarKeywords are the keywords in the order the grammar first names
// them, which keeps words that go together together (`down`, `up`,
// `either`).
var grammarKeywords = sync.OnceValue(func() []string {
	g := Grammar()
	first := map[string]int{}
	for _, m := range regexp.MustCompile(`"([a-z][a-z-]*)"`).FindAllStringSubmatchIndex(g, -1) {
		w := g[m[2]:m[3]]
		if _, ok := first[w]; !ok && IsKeyword(w) {
			first[w] = m[0]
		}
	}
	var out []string
	for w := range keywords() {
		out = append(out, w)
	}
	sort.Slice(out, func(i, j int) bool {
		a, aok := first[out[i]]
		b, bok := first[out[j]]
		if aok != bok {
			return aok
		}
		if a != b {
			return a < b
		}
		return out[i] < out[j]
	})
	return out
})
