package dsl

import (
	"bytes"
	"reflect"
	"sort"
	"strings"
	"unicode/utf8"
)

// IndentWidth is the number of spaces per brace level in formatted output.
const IndentWidth = 2

// CommentColumn is the column (0-based) at which trailing comments start
// when the code before them leaves room, as the built-in rulesets and the
// language reference write them; a longer line pushes the comments of its
// run further right, two spaces after the longest line.
const CommentColumn = 36

// Format returns src in the canonical layout: two spaces of indentation per
// brace level, one space between words, one statement a line (a block
// written on one line with at most one statement and no comment stays on
// one line), trailing comments aligned within each run of commented lines,
// at most one blank line where the author left any, and every comment kept
// where it was. A file that does not parse is refused with the parser's
// error (a *Diagnostics). Format is idempotent.
//
// It is driven by the token stream and by the syntax tree only through the
// spans of its nodes: a statement is an outermost node directly inside a
// pair of braces. So a new statement or block kind in the grammar is
// formatted without any change here.
func Format(filename string, src []byte) ([]byte, error) {
	src = Normalize(src)
	file, err := Parse(filename, src)
	if err != nil {
		return nil, err
	}
	toks, err := rawTokens(filename, src)
	if err != nil {
		return nil, err
	}
	f := &formatter{src: src, toks: toks}
	f.findStatements(file)
	f.print()
	return f.finish(), nil
}

// ftoken is one token of the source as written.
type ftoken struct {
	text     string
	off, end int // byte offsets
	line     int
	comment  bool
	newlines int // line breaks between the previous token and this one
}

// rawTokens lexes src without the parser's mappings, so every token keeps
// its text as written (a string's escapes, a number's leading zeros).
func rawTokens(filename string, src []byte) ([]ftoken, error) {
	toks, err := rawTokensPartial(filename, src)
	if err != nil {
		return nil, err
	}
	out := make([]ftoken, len(toks))
	for i, t := range toks {
		out[i] = ftoken{text: t.Text, off: t.Offset, end: t.Offset + len(t.Text), line: t.Line, comment: t.Comment, newlines: t.Newlines}
	}
	return out, nil
}

// Words is what src says, without how it is laid out: its tokens as
// written, each ended by a zero byte, leaving out white space, comments
// and the `;` that only separates statements. Two files with the same
// words parse alike, so `patience fmt` and a changed comment keep them.
// ok is false if src does not lex.
func Words(src []byte) (words []byte, ok bool) {
	toks, err := rawTokensPartial("", Normalize(src))
	if err != nil {
		return nil, false
	}
	for _, t := range toks {
		if t.Comment || t.Text == ";" {
			continue
		}
		words = append(append(words, t.Text...), 0)
	}
	return words, true
}

// rawTokensPartial lexes src as written, returning the tokens before the
// first lexing error, and the error.
func rawTokensPartial(filename string, src []byte) ([]Token, error) {
	lex, err := patienceLexer().Lex(filename, bytes.NewReader(src))
	if err != nil {
		return nil, err
	}
	syms := patienceLexer().Symbols()
	var out []Token
	newlines := 0
	for {
		t, err := lex.Next()
		if err != nil {
			return out, err
		}
		switch {
		case t.EOF():
			return out, nil
		case t.Type == syms["Whitespace"]:
			newlines += strings.Count(t.Value, "\n")
			continue
		}
		out = append(out, Token{
			Text: t.Value, Offset: t.Pos.Offset, Line: t.Pos.Line, Column: t.Pos.Column,
			Comment: t.Type == syms["Comment"], String: t.Type == syms["String"],
			Keyword:  t.Type == syms["Ident"] && IsKeyword(t.Value),
			Name:     t.Type == syms["Ident"] && !IsKeyword(t.Value),
			Newlines: newlines,
		})
		newlines = 0
	}
}

// span is a syntax node's extent in bytes.
type span struct{ start, end int }

// nodeSpans lists the span of every node of the tree that covers at least
// one token.
func nodeSpans(file *File) []span {
	var out []span
	atType := reflect.TypeOf(At{})
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem())
			}
		case reflect.Slice, reflect.Array:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i))
			}
		case reflect.Struct:
			if v.Type() == atType {
				return
			}
			if at := v.FieldByName("At"); at.IsValid() && at.Type() == atType {
				a := at.Interface().(At)
				if a.EndPos.Offset > a.Pos.Offset {
					out = append(out, span{a.Pos.Offset, a.EndPos.Offset})
				}
			}
			for i := 0; i < v.NumField(); i++ {
				if v.Type().Field(i).IsExported() {
					walk(v.Field(i))
				}
			}
		}
	}
	walk(reflect.ValueOf(file))
	return out
}

type formatter struct {
	src  []byte
	toks []ftoken

	stmtStart map[int]bool // token indices that start a statement
	dropped   map[int]bool // token indices of `;` between statements
	oneLine   map[int]bool // token indices of `{` whose block stays on one line
	match     map[int]int  // `{` index to its `}` index
	nextCode  []int        // for each index, the first printed code token from there, or -1 (see nextToken)

	lines []fline
	cur   *fline
	depth int
}

// fline is one output line.
type fline struct {
	depth   int    // brace level, for trailing-comment runs
	indent  int    // spaces
	code    []byte // may be empty (a comment line or a blank line); appended to, so a long line costs no more than its length
	comment string // trailing or whole-line comment
	blank   bool
}

// findStatements marks where each statement of each block starts: the
// outermost nodes inside a pair of braces (or, at the top, in the file).
func (f *formatter) findStatements(file *File) {
	f.stmtStart, f.dropped, f.oneLine, f.match = map[int]bool{}, map[int]bool{}, map[int]bool{}, map[int]int{}
	spans := nodeSpans(file)
	sort.Slice(spans, func(i, j int) bool {
		if spans[i].start != spans[j].start {
			return spans[i].start < spans[j].start
		}
		return spans[i].end > spans[j].end
	})
	index := map[int]int{} // byte offset to token index
	for i, t := range f.toks {
		index[t.off] = i
	}
	// Blocks: the file, and every brace pair.
	type block struct{ open, close int } // token indices; -1 and len for the file
	blocks := []block{{-1, len(f.toks)}}
	var stack []int
	for i, t := range f.toks {
		switch {
		case t.comment:
		case t.text == "{":
			stack = append(stack, i)
		case t.text == "}" && len(stack) > 0:
			open := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			f.match[open] = i
			blocks = append(blocks, block{open, i})
		}
	}
	for _, b := range blocks {
		lo, hi := 0, len(f.src)
		if b.open >= 0 {
			lo, hi = f.toks[b.open].end, f.toks[b.close].off
		}
		// The outermost nodes within (lo, hi), in order: from the first
		// span starting at lo or later, skipping those inside the last one
		// taken.
		end := lo
		var stmts []span
		for k := sort.Search(len(spans), func(k int) bool { return spans[k].start >= lo }); k < len(spans) && spans[k].start < hi; k++ {
			if s := spans[k]; s.start >= end && s.end <= hi {
				stmts = append(stmts, s)
				end = s.end
			}
		}
		count := 0
		for _, s := range stmts {
			if i, ok := index[s.start]; ok {
				f.stmtStart[i] = true
				count++
			}
		}
		// A `;` at the block's own level, outside every statement, only
		// separates statements: one a line needs none. The statements are
		// in order, so one sweep finds them.
		first, last := b.open+1, b.close-1
		j := 0
		for i := first; i <= last; i++ {
			off := f.toks[i].off
			for j < len(stmts) && stmts[j].end <= off {
				j++
			}
			if f.toks[i].text == ";" && !f.toks[i].comment && !(j < len(stmts) && off >= stmts[j].start) {
				f.dropped[i] = true
			}
		}
		if b.open >= 0 && (count == 0 || count == 1 && f.toks[b.open].line == f.toks[b.close].line) {
			simple := true
			for i := first; i <= last; i++ {
				if f.toks[i].comment || f.toks[i].text == "{" && !f.oneLine[i] {
					simple = false
				}
			}
			f.oneLine[b.open] = simple
		}
	}
}

// print lays the tokens out in lines.
func (f *formatter) print() {
	var oneLine []bool // for each open brace: does its block stay on one line
	for i, t := range f.toks {
		if f.dropped[i] {
			continue
		}
		inline := len(oneLine) > 0 && oneLine[len(oneLine)-1]
		switch {
		case t.comment:
			f.comment(i, t)
		case t.text == "}":
			if len(oneLine) > 0 {
				oneLine = oneLine[:len(oneLine)-1]
			}
			if f.depth > 0 {
				f.depth--
			}
			if inline {
				if f.toks[f.prevToken(i)].text == "{" {
					f.cur.code = append(f.cur.code, '}')
				} else {
					f.cur.code = append(f.cur.code, " }"...)
				}
			} else {
				f.newLine(false)
				f.cur.code = append(f.cur.code[:0], '}')
			}
		case f.stmtStart[i] && !inline:
			f.newLine(t.newlines > 1)
			f.cur.code = append(f.cur.code[:0], t.text...)
		case f.cur == nil || len(f.cur.code) == 0 || f.cur.comment != "":
			// Continuing a statement after a comment: on a line of its own,
			// indented one level more.
			if f.cur == nil || f.cur.comment != "" {
				f.newLine(false)
				f.cur.indent += IndentWidth
			}
			f.cur.code = append(f.cur.code[:0], t.text...)
		default:
			if space(f.toks[f.prevToken(i)], t) {
				f.cur.code = append(f.cur.code, ' ')
			}
			f.cur.code = append(f.cur.code, t.text...)
		}
		if !t.comment && t.text == "{" {
			oneLine = append(oneLine, f.oneLine[i])
			f.depth++
		}
	}
}

// comment places a comment: after the code on its line when it followed a
// token on the same line in the source, else on a line of its own.
func (f *formatter) comment(i int, t ftoken) {
	prev := f.prevToken(i)
	trailing := prev >= 0 && f.toks[prev].line == t.line && f.cur != nil && len(f.cur.code) != 0 && f.cur.comment == ""
	if trailing {
		f.cur.comment = t.text
		return
	}
	// A comment line inside a statement is indented as its continuation,
	// and keeps no blank line before it.
	next := f.nextToken(i)
	mid := next >= 0 && !f.stmtStart[next] && f.toks[next].text != "}" && f.cur != nil && len(f.cur.code) != 0
	if mid {
		f.newLine(false)
		f.cur.indent += IndentWidth
	} else if f.cur != nil && len(f.cur.code) == 0 && f.cur.comment != "" && f.cur.indent > f.depth*IndentWidth {
		// Another comment line in the same continuation.
		ind := f.cur.indent
		f.newLine(false)
		f.cur.indent = ind
	} else {
		f.newLine(t.newlines > 1)
	}
	f.cur.comment = t.text
}

// prevToken is the index of the token before i that is printed, or -1.
func (f *formatter) prevToken(i int) int {
	for j := i - 1; j >= 0; j-- {
		if !f.dropped[j] {
			return j
		}
	}
	return -1
}

// nextToken is the index of the next printed token after i that is not a
// comment, or -1.
func (f *formatter) nextToken(i int) int {
	if f.nextCode == nil {
		// Once, from the end: a long run of comments would otherwise be
		// scanned again for each of them.
		f.nextCode = make([]int, len(f.toks)+1)
		f.nextCode[len(f.toks)] = -1
		for j := len(f.toks) - 1; j >= 0; j-- {
			f.nextCode[j] = f.nextCode[j+1]
			if !f.dropped[j] && !f.toks[j].comment {
				f.nextCode[j] = j
			}
		}
	}
	return f.nextCode[i+1]
}

// newLine starts an output line at the current depth, after a blank line
// if blank and the line before is not a block's first.
func (f *formatter) newLine(blank bool) {
	if blank && f.cur != nil && !bytes.HasSuffix(f.cur.code, []byte("{")) {
		f.lines = append(f.lines, fline{blank: true})
	}
	f.lines = append(f.lines, fline{depth: f.depth, indent: f.depth * IndentWidth})
	f.cur = &f.lines[len(f.lines)-1]
}

// space says whether one space goes between two tokens on a line.
func space(prev, cur ftoken) bool {
	switch cur.text {
	case ",", ";", "]", ")", "..":
		return false
	case "[":
		if r, _ := utf8.DecodeRuneInString(prev.text); prev.text == "]" || r == '_' || r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' {
			return false
		}
	}
	switch prev.text {
	case "[", "(", "..":
		return false
	}
	return true
}

// finish aligns the trailing comments and joins the lines.
func (f *formatter) finish() []byte {
	lines := f.lines
	// Trailing comments of consecutive lines at one level share a column.
	for i := 0; i < len(lines); {
		if len(lines[i].code) == 0 || lines[i].comment == "" {
			i++
			continue
		}
		j := i
		width := 0
		for j < len(lines) && len(lines[j].code) != 0 && lines[j].comment != "" && lines[j].depth == lines[i].depth {
			width = max(width, lines[j].indent+utf8.RuneCount(lines[j].code))
			j++
		}
		col := max(CommentColumn, width+2)
		for k := i; k < j; k++ {
			w := lines[k].indent + utf8.RuneCount(lines[k].code)
			lines[k].code = append(lines[k].code, strings.Repeat(" ", col-w)...)
		}
		i = j
	}
	var b bytes.Buffer
	for _, l := range lines {
		if l.blank {
			b.WriteByte('\n')
			continue
		}
		text := string(l.code)
		if l.comment != "" {
			if text != "" && !strings.HasSuffix(text, " ") {
				text += " "
			}
			text += l.comment
		}
		if text == "" {
			continue
		}
		b.WriteString(strings.Repeat(" ", l.indent))
		b.WriteString(strings.TrimRight(text, " \t"))
		b.WriteByte('\n')
	}
	return b.Bytes()
}
