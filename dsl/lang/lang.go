// Package lang is what the authoring tools know about a .patience file as
// it is being written: its diagnostics (the checker's own, computed once by
// check.Source), the names it declares and where they are used, what a
// keyword or a name means, which words may come at a place, and an outline.
// It works in the terms of dsl: byte offsets into the file as dsl.Normalize
// returns it, and 1-based lines and rune columns; converting to an editor's
// positions is the caller's job. Every function accepts any text and any
// offset without panicking.
package lang

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/patience-dev/patience/dsl"
	"github.com/patience-dev/patience/dsl/check"
)

// Doc is one analysed version of a file.
type Doc struct {
	Filename string
	Src      []byte            // as dsl.Normalize returns it
	File     *dsl.File         // nil when the file does not parse
	Game     *check.Game       // nil unless the file checks
	Diags    []*dsl.Diagnostic // every diagnostic check.Source gives, in order

	symbols map[string]*Symbol
	refs    []ref
	// stale holds the names of the last version that parsed, for completion
	// while this one does not.
	stale map[string]*Symbol
	// tokens are Src's, lexed at their first use.
	tokens func() []dsl.Token
}

// Kind is what a name names.
type Kind string

// The kinds of names.
const (
	Pile  Kind = "pile"
	Group Kind = "group"
	Phase Kind = "phase"
	Value Kind = "value"
)

// Symbol is a declared name (or a role group, which a pile's role makes).
type Symbol struct {
	Name  string
	Kind  Kind
	Role  string     // the piles' role, for a pile or a group
	Index int        // a pile's number in its group (from 1), or 0
	Piles []string   // a group's piles, in order
	Decls []dsl.Node // where it is declared: the name, or the role word of an unnamed pile
	Stmts []dsl.Node // the declaring statements
}

type ref struct {
	text       string
	start, end lexer.Position
}

// Analyze reads a file: it runs check.Source (the same call as `patience
// validate`) for the diagnostics, and, when the file parses, collects its
// names. prev, the analysis of an earlier version, lends its names to
// completion while this one does not parse; it may be nil.
func Analyze(filename string, src []byte, prev *Doc) *Doc {
	src = dsl.Normalize(src)
	d := &Doc{Filename: filename, Src: src}
	d.tokens = sync.OnceValue(func() []dsl.Token { return dsl.Tokens(src) })
	game, err := check.Source(filename, src)
	d.Game = game
	var diags *dsl.Diagnostics
	switch {
	case errors.As(err, &diags):
		d.Diags = diags.List
	case err != nil:
		d.Diags = []*dsl.Diagnostic{{Pos: lexer.Position{Filename: filename, Line: 1, Column: 1}, Severity: dsl.Error, Message: err.Error()}}
	case game.Warnings != nil:
		d.Diags = game.Warnings.List // a file that checks may still warn
	}
	if f, err := dsl.Parse(filename, src); err == nil {
		d.File = f
		d.collect()
	} else if prev != nil {
		d.stale = prev.symbols
		if prev.symbols == nil {
			d.stale = prev.stale
		}
	}
	return d
}

// roleGroups are the names of every pile of a role, as the checker makes
// them.
var roleGroups = map[string]string{
	"foundation": "foundations", "tableau": "tableau", "reserve": "reserves", "stock": "stock",
	"waste": "waste", "cell": "cells", "discard": "discards",
}

func (d *Doc) collect() {
	d.symbols = map[string]*Symbol{}
	add := func(name string, kind Kind, decl, stmt dsl.Node) *Symbol {
		s := d.symbols[name]
		if s == nil {
			s = &Symbol{Name: name, Kind: kind}
			d.symbols[name] = s
		}
		s.Decls = append(s.Decls, decl)
		s.Stmts = append(s.Stmts, stmt)
		return s
	}
	var roles []string
	firstOfRole := map[string]*dsl.PileDecl{}
	for _, st := range d.File.Game.Stmts {
		switch st := st.(type) {
		case *dsl.PileDecl:
			name, decl := st.Role, dsl.Node(roleWord{st})
			if st.Name != nil {
				name, decl = st.Name.Text, st.Name
			}
			if _, ok := firstOfRole[st.Role]; !ok {
				firstOfRole[st.Role] = st
				roles = append(roles, st.Role)
			}
			if st.Range == nil {
				s := add(name, Pile, decl, st)
				s.Role = st.Role
				continue
			}
			from, to := 1, st.Range.From.Value
			if st.Range.To != nil {
				from, to = st.Range.From.Value, st.Range.To.Value
			}
			g := add(name, Group, decl, st)
			g.Role = st.Role
			for i := from; i <= to && i-from < 64; i++ {
				p := add(fmt.Sprintf("%s%d", name, i), Pile, decl, st)
				p.Role, p.Index = st.Role, i
				g.Piles = append(g.Piles, p.Name)
			}
		case *dsl.Phase:
			add(st.Name.Text, Phase, &st.Name, st)
		case *dsl.Let:
			add(st.Name.Text, Value, &st.Name, st)
		}
	}
	for _, role := range roles {
		name := roleGroups[role]
		if _, taken := d.symbols[name]; taken {
			continue
		}
		first := firstOfRole[role]
		s := add(name, Group, roleWord{first}, first)
		s.Role = role
	}
	walkRefs(reflect.ValueOf(d.File), func(r *dsl.Ref) {
		start, end := r.Span()
		d.refs = append(d.refs, ref{r.Text, start, end})
	})
}

// roleWord is the role word of a pile declaration, which names an unnamed
// pile (`waste`) and stands for the role group.
type roleWord struct{ d *dsl.PileDecl }

func (r roleWord) Span() (lexer.Position, lexer.Position) {
	start := r.d.Pos
	end := start
	end.Offset += len(r.d.Role)
	end.Column += len(r.d.Role)
	return start, end
}

// walkRefs calls fn on every reference in a syntax tree.
func walkRefs(v reflect.Value, fn func(*dsl.Ref)) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walkRefs(v.Elem(), fn)
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			walkRefs(v.Index(i), fn)
		}
	case reflect.Struct:
		if v.Type() == reflect.TypeOf(dsl.Ref{}) {
			if v.CanAddr() {
				fn(v.Addr().Interface().(*dsl.Ref))
			}
			return
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				walkRefs(v.Field(i), fn)
			}
		}
	}
}

// Symbols lists the names the file declares, sorted.
func (d *Doc) Symbols() []*Symbol {
	var out []*Symbol
	for _, s := range d.symbols {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Symbol returns the declared name, or nil.
func (d *Doc) Symbol(name string) *Symbol { return d.symbols[name] }

// Span is a range of the file.
type Span struct{ Start, End lexer.Position }

// Word is the token at or just before byte offset off: a name, a keyword,
// or nothing (ok false) in a comment, a string, white space or punctuation.
func (d *Doc) Word(off int) (dsl.Token, bool) {
	if off < 0 || off > len(d.Src) {
		return dsl.Token{}, false
	}
	for _, t := range dsl.Tokens(d.Src) {
		if t.Offset > off {
			break
		}
		if off <= t.Offset+len(t.Text) && (t.Name || t.Keyword) {
			return t, true
		}
	}
	return dsl.Token{}, false
}

func tokenSpan(t dsl.Token) Span {
	start := lexer.Position{Offset: t.Offset, Line: t.Line, Column: t.Column}
	end := start
	end.Offset += len(t.Text)
	end.Column += len([]rune(t.Text))
	return Span{start, end}
}

// Definition returns where the name at off is declared (read from the
// sketched outline while the file does not parse, see sketchDecls).
func (d *Doc) Definition(off int) ([]Span, bool) {
	t, ok := d.Word(off)
	if !ok || !t.Name && !isRoleWord(t.Text) {
		return nil, false
	}
	if d.File == nil {
		spans := d.sketchDecls(t.Text)
		return spans, len(spans) > 0
	}
	s := d.symbols[t.Text]
	if s == nil {
		return nil, false
	}
	var out []Span
	for _, n := range s.Decls {
		start, end := n.Span()
		out = append(out, Span{start, end})
	}
	return out, true
}

func isRoleWord(s string) bool { _, ok := roleGroups[s]; return ok }

// References returns every use of the name at off, with its declarations
// first when withDecl.
func (d *Doc) References(off int, withDecl bool) []Span {
	t, ok := d.Word(off)
	if ok && d.File == nil {
		return d.sketchRefs(t, withDecl)
	}
	if !ok || d.symbols[t.Text] == nil {
		return nil
	}
	var out []Span
	if withDecl {
		out, _ = d.Definition(off)
	}
	for _, r := range d.refs {
		if r.text == t.Text {
			out = append(out, Span{r.start, r.end})
		}
	}
	return out
}

// Hover says, in markdown, what the word at off means: a keyword's entry of
// the language reference, or a name's kind and declaration.
func (d *Doc) Hover(off int) (string, Span, bool) {
	t, ok := d.Word(off)
	if !ok {
		return "", Span{}, false
	}
	if s := d.symbols[t.Text]; s != nil && (t.Name || isRoleWord(t.Text)) {
		return d.describe(s), tokenSpan(t), true
	}
	if doc := KeywordDoc(t.Text); doc != "" && t.Keyword {
		return "**" + t.Text + "**: " + doc, tokenSpan(t), true
	}
	return "", Span{}, false
}

func (d *Doc) describe(s *Symbol) string {
	var b strings.Builder
	switch {
	case s.Kind == Pile && s.Index > 0:
		group := strings.TrimSuffix(s.Name, fmt.Sprint(s.Index))
		fmt.Fprintf(&b, "**%s**: %s pile, number %d of group `%s`", s.Name, s.Role, s.Index, group)
	case s.Kind == Pile:
		fmt.Fprintf(&b, "**%s**: %s pile", s.Name, s.Role)
	case s.Kind == Group && len(s.Piles) > 0:
		fmt.Fprintf(&b, "**%s**: group of %d %s piles, %s", s.Name, len(s.Piles), s.Role, s.Piles[0])
		if len(s.Piles) > 1 {
			fmt.Fprintf(&b, " … %s", s.Piles[len(s.Piles)-1])
		}
	case s.Kind == Group:
		fmt.Fprintf(&b, "**%s**: every %s pile", s.Name, s.Role)
	default:
		fmt.Fprintf(&b, "**%s**: %s", s.Name, s.Kind)
	}
	if d.Game != nil {
		for _, p := range d.Game.Piles {
			if p.Name == s.Name && p.Holds > 0 {
				fmt.Fprintf(&b, "; holds %d", p.Holds)
			}
		}
	}
	b.WriteString("\n")
	for _, n := range s.Stmts {
		start, end := n.Span()
		if start.Offset < 0 || end.Offset > len(d.Src) || start.Offset >= end.Offset {
			continue
		}
		text := string(d.Src[start.Offset:end.Offset])
		fence := "```"
		for strings.Contains(text, fence) {
			fence += "`"
		}
		fmt.Fprintf(&b, "\n%spatience\n%s\n%s\n", fence, text, fence)
	}
	return b.String()
}

// Candidate is a word that may be typed at a place.
type Candidate struct {
	Label  string
	Kind   string // "keyword", or the Kind of a name
	Detail string
}

// ranks and cards are the words of a pattern; suitLetters those of `suits`.
var (
	ranks       = []string{"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}
	suitLetters = []string{"S", "H", "D", "C"}
	cards       = sync.OnceValue(func() []string {
		out := make([]string, 0, len(ranks)*len(suitLetters))
		for _, r := range ranks {
			for _, s := range suitLetters {
				out = append(out, r+s)
			}
		}
		return out
	})
)

// Complete lists the words that may be typed at byte offset off: the
// keywords the parser accepts there (dsl.Next asks it), and where it takes
// a name the names in scope of the kinds that fit, where it takes a card
// the ranks and cards, and the suit letters in `suits`. Line breaks mean
// nothing to the grammar, so at the start of a line both the words that go
// on with the statement before and those that start a new one come. While
// the text before does not parse, the block's statements and the names
// come at the start of a line, every keyword and name elsewhere. Nothing
// is offered in a comment or a string.
func (d *Doc) Complete(off int) []Candidate {
	if off < 0 || off > len(d.Src) {
		return nil
	}
	lineStart := strings.LastIndexByte(string(d.Src[:off]), '\n') + 1
	lineToks, ok := lexLine(d.Src[lineStart:off])
	if !ok {
		return nil // in an unterminated string
	}
	prefix := ""
	if n := len(lineToks); n > 0 {
		last := lineToks[n-1]
		if last.Comment || last.String && last.Offset+len(last.Text) >= off-lineStart {
			return nil
		}
		if (last.Name || last.Keyword) && last.Offset+len(last.Text) == off-lineStart {
			prefix = last.Text
		}
	}
	wordStart := off - len(prefix)
	var before []dsl.Token // the tokens before the word, without comments
	for _, t := range d.tokens() {
		if t.Offset+len(t.Text) > wordStart {
			break
		}
		if !t.Comment {
			before = append(before, t)
		}
	}
	word := func(back int) string {
		if back > len(before) {
			return ""
		}
		return before[len(before)-back].Text
	}
	var out []Candidate
	keywords := func(words []string, detail string) {
		for _, w := range words {
			out = append(out, Candidate{Label: w, Kind: "keyword", Detail: detail})
		}
	}
	names := func(kinds ...Kind) {
		syms := d.symbols
		if syms == nil {
			syms = d.stale
		}
		var list []*Symbol
		for _, s := range syms {
			for _, k := range kinds {
				if s.Kind == k {
					list = append(list, s)
				}
			}
		}
		sort.Slice(list, func(i, j int) bool { return list[i].Name < list[j].Name })
		for _, s := range list {
			detail := string(s.Kind)
			if s.Role != "" {
				detail = s.Role + " " + detail
			}
			out = append(out, Candidate{Label: s.Name, Kind: string(s.Kind), Detail: detail})
		}
	}
	e := dsl.Next(d.Src, wordStart, prefix)
	starters := dsl.Starters(e.Block)
	if !e.Known {
		if len(before) == 0 || before[len(before)-1].Offset < lineStart && word(1) != "," {
			keywords(starters, "statement")
			names(Pile, Group)
		} else {
			keywords(dsl.Keywords(), "keyword")
			names(Pile, Group, Phase, Value)
		}
		return withPrefix(out, prefix)
	}
	switch {
	case word(1) == "first" && word(2) == "of":
		// `let b = rank of first` goes on with `card to`: the grammar's
		// lookahead, past the optional group's first word, offers more.
		return withPrefix([]Candidate{{Label: "card", Kind: "keyword", Detail: "keyword"}}, prefix)
	case word(1) == "card" && word(2) == "first":
		return withPrefix([]Candidate{{Label: "to", Kind: "keyword", Detail: "keyword"}}, prefix)
	}
	for _, w := range e.Keywords {
		if w == "empty" && word(1) == "to" && word(3) == "deal" {
			continue // the grammar reads `deal 1 to empty m`, the checker only `to each empty m`
		}
		detail := "keyword"
		if slices.Contains(starters, w) {
			detail = "statement"
		}
		keywords([]string{w}, detail)
	}
	if e.Ref {
		switch word(1) {
		case "during":
			names(Phase)
		case "rank":
			names(Value)
		case "or":
			if word(3) == "move" { // `move top or whole`: the grammar takes a name, the checker only whole
				keywords([]string{"whole"}, "keyword")
			} else {
				names(Pile, Group)
			}
		case "after":
			if word(2) == "start" { // `start after PILE | PHASE | previous`
				out = append(out, Candidate{Label: "previous", Kind: "keyword", Detail: "the pile before, in its group"})
				names(Pile, Group, Phase)
			} else { // a clause, or the condition `after PHASE`: a phase
				names(Phase)
			}
		default:
			names(Pile, Group)
		}
	}
	if e.Word {
		if inSuits(before) {
			keywords(suitLetters, "suit")
		} else {
			keywords(ranks, "rank")
			keywords(cards(), "card")
		}
	}
	return withPrefix(out, prefix)
}

// inSuits says whether the tokens before end in a `suits` statement's
// list.
func inSuits(before []dsl.Token) bool {
	for i := len(before) - 1; i >= 0; i-- {
		switch t := before[i]; {
		case t.Text == "suits":
			return true
		case t.Text != "," && !t.Name:
			return false
		}
	}
	return false
}

func withPrefix(out []Candidate, prefix string) []Candidate {
	if prefix == "" {
		return out
	}
	var kept []Candidate
	for _, c := range out {
		if strings.HasPrefix(c.Label, prefix) {
			kept = append(kept, c)
		}
	}
	return kept
}

// lexLine lexes the text of one line before the cursor; ok is false when it
// ends inside a string.
func lexLine(line []byte) ([]dsl.Token, bool) {
	toks := dsl.Tokens(line)
	end := 0
	if n := len(toks); n > 0 {
		end = toks[n-1].Offset + len(toks[n-1].Text)
	}
	rest := strings.TrimSpace(string(line[end:]))
	if strings.HasPrefix(rest, "\"") {
		return toks, false
	}
	return toks, true
}

// Outline is one entry of a file's outline.
type Outline struct {
	Name     string
	Detail   string
	Kind     string // "game", "pile", "group", "phase", "value", "deal", "layout", or a statement's keyword
	Range    Span   // the whole statement
	Select   Span   // its name
	Children []Outline
}

// Outline is the file's structure: the game, and in it each statement that
// declares something or is a block (piles, phases, values, the deal, the
// layout, the win condition). While the file does not parse, as it mostly
// does not while it is typed, the outline is sketched from its words alone
// (see sketch), so that an editor's outline does not go blank.
func (d *Doc) Outline() []Outline {
	if d.File == nil || d.File.Game == nil {
		return d.sketch()
	}
	g := d.File.Game
	start, end := g.Span()
	root := Outline{Name: g.Name, Kind: "game", Range: Span{start, end}, Select: Span{start, start}}
	root.Select.End.Offset += len("game")
	root.Select.End.Column += len("game")
	for _, st := range g.Stmts {
		start, end := st.Span()
		o := Outline{Range: Span{start, end}, Select: Span{start, start}}
		toks := dsl.Tokens(d.Src[start.Offset:min(end.Offset, len(d.Src))])
		if len(toks) == 0 {
			continue
		}
		word := toks[0].Text
		o.Kind = word
		o.Select.End.Offset += len(word)
		o.Select.End.Column += len([]rune(word))
		switch st := st.(type) {
		case *dsl.PileDecl:
			o.Kind, o.Name, o.Detail = string(Pile), st.Role, st.Role
			if st.Name != nil {
				o.Name = st.Name.Text
				s, e := st.Name.Span()
				o.Select = Span{s, e}
			}
			if st.Range != nil {
				o.Kind = string(Group)
				s, e := st.Range.Span()
				o.Name += "[" + string(d.Src[s.Offset:e.Offset]) + "]"
				if sym := d.symbols[strings.SplitN(o.Name, "[", 2)[0]]; sym != nil {
					o.Detail = fmt.Sprintf("%s, %s", st.Role, plural(len(sym.Piles), "pile"))
				}
			}
		case *dsl.Phase:
			o.Kind, o.Name = string(Phase), st.Name.Text
			s, e := st.Name.Span()
			o.Select = Span{s, e}
		case *dsl.Let:
			o.Kind, o.Name = string(Value), st.Name.Text
			s, e := st.Name.Span()
			o.Select = Span{s, e}
		case *dsl.DealBlock, *dsl.Layout, *dsl.Win:
			o.Name = word
		default:
			continue // aka, summary, decks, suits, cover: not worth an entry
		}
		root.Children = append(root.Children, o)
	}
	return []Outline{root}
}

// sketchDecls is where the sketch (see sketch) declares name, for a file
// that does not parse: a pile's, a group's, a phase's or a value's name,
// and for a numbered pile of a group (f3 of f[4]) the group's.
func (d *Doc) sketchDecls(name string) []Span {
	var out []Span
	for _, root := range d.sketch() {
		for role, group := range roleGroups {
			if group != name {
				continue
			}
			// A role's group: the role word of its first pile.
			for _, o := range root.Children {
				if start := o.Range.Start; (o.Kind == string(Pile) || o.Kind == string(Group)) && strings.HasPrefix(string(d.Src[start.Offset:]), role) {
					end := start
					end.Offset += len(role)
					end.Column += len(role)
					return []Span{{start, end}}
				}
			}
		}
		for _, o := range root.Children {
			base, rng, group := strings.Cut(o.Name, "[")
			switch {
			case o.Kind != string(Pile) && o.Kind != string(Group) && o.Kind != string(Phase) && o.Kind != string(Value):
			case base == name: // its Select is the name (or an unnamed pile's role word)
				out = append(out, o.Select)
			case group && base != "" && len(name) > len(base) && strings.HasPrefix(name, base):
				n, err := strconv.Atoi(name[len(base):])
				from, to := groupRange(dsl.Tokens([]byte(strings.TrimSuffix(rng, "]"))))
				if err == nil && name[len(base)] != '0' && from <= n && n <= to {
					out = append(out, o.Select)
				}
			}
		}
	}
	return out
}

// sketchRefs is References for a file that does not parse: the words
// that are the name, wherever the sketch finds it declared.
func (d *Doc) sketchRefs(t dsl.Token, withDecl bool) []Span {
	decls := d.sketchDecls(t.Text)
	if len(decls) == 0 {
		return nil
	}
	var out []Span
	if withDecl {
		out = append(out, decls...)
	}
	for _, u := range d.tokens() {
		if !u.Name && !(u.Keyword && isRoleWord(u.Text)) || u.Text != t.Text || slices.ContainsFunc(decls, func(s Span) bool { return s.Start.Offset == u.Offset }) {
			continue
		}
		out = append(out, tokenSpan(u))
	}
	return out
}

// stmtWords are the words a statement of a game block starts with.
var stmtWords = map[string]bool{
	"aka": true, "summary": true, "decks": true, "suits": true, "cover": true, "let": true,
	"phase": true, "deal": true, "win": true, "layout": true, "redeal": true,
}

// sketch is the outline of a file that does not parse, read from its
// tokens: what Outline gives for the file that parses, wherever the slip
// leaves the words around it as they were. Inside the game's braces, a
// statement starts with its keyword at the start of a line, after a `;`,
// or after a block's closing brace, and runs to the next one; braces,
// brackets and parentheses nest, and a block not yet closed ends at a line
// that starts a statement no further indented than the block's own (as one
// starts while the block's closing brace is still to be typed). A slip
// makes at worst an entry short, long or missing; the outline is not used
// to check anything.
func (d *Doc) sketch() []Outline {
	var toks []dsl.Token
	for _, t := range d.tokens() {
		if !t.Comment {
			toks = append(toks, t)
		}
	}
	g := slices.IndexFunc(toks, func(t dsl.Token) bool { return t.Text == "game" && t.Keyword })
	if g < 0 {
		return nil
	}
	root := Outline{Kind: "game", Range: tokenSpan(toks[g]), Select: tokenSpan(toks[g])}
	i := g + 1
	if i < len(toks) && toks[i].String {
		if name, err := strconv.Unquote(toks[i].Text); err == nil && !strings.ContainsFunc(name, func(r rune) bool {
			return r < 0x20 || r == utf8.RuneError || dsl.Unsafe(r)
		}) {
			root.Name = name
		}
		i++
	}
	if i >= len(toks) || toks[i].Text != "{" {
		root.Range.End = tokenSpan(toks[min(i, len(toks)-1)]).End
		return []Outline{root}
	}
	// The statements: [first, last] token indexes, each at depth 1.
	type stmt struct{ first, last int }
	var stmts []stmt
	depth, end := 1, len(toks)-1
	for j := i + 1; j < len(toks); j++ {
		t := toks[j]
		if depth == 1 && t.Text == "}" {
			end = j // the game's closing brace
			break
		}
		word := stmtWords[t.Text] || isRoleWord(t.Text)
		if n := len(stmts); n > 0 && depth > 1 && word && t.Newlines > 0 {
			// A block left open: the line is indented no further than the
			// statement that opened it (a stock's own deal and redeal
			// must be less indented, as in files written flush left, unless
			// it is the deal's block).
			inPile := t.Text == "redeal" || t.Text == "deal" && (j+1 == len(toks) || toks[j+1].Text != "{")
			if col := toks[stmts[n-1].first].Column; t.Column < col || t.Column == col && !inPile {
				depth = 1
			}
		}
		switch prev := toks[j-1].Text; {
		case depth == 1 && word && (t.Newlines > 0 || prev == ";" || prev == "{" || prev == "}"):
			stmts = append(stmts, stmt{j, j})
		case depth == 1 && t.Text == ";":
		case len(stmts) > 0:
			stmts[len(stmts)-1].last = j
		}
		switch t.Text {
		case "{", "[", "(":
			depth++
		case "}", "]", ")":
			depth = max(depth-1, 1)
		}
	}
	root.Range.End = tokenSpan(toks[end]).End
	// groupOf reads a statement `ROLE NAME [ RANGE ] ...`.
	groupOf := func(st stmt) (name string, inner []dsl.Token, ok bool) {
		k := st.first
		if k+3 > st.last || !isRoleWord(toks[k].Text) || !toks[k+1].Name || toks[k+2].Text != "[" {
			return "", nil, false
		}
		close := slices.IndexFunc(toks[k+3:st.last+1], func(t dsl.Token) bool { return t.Text == "]" })
		return toks[k+1].Text, toks[k+3 : k+3+max(close, 0)], close > 0
	}
	// The piles of each group, which may be declared a few at a time.
	groups := map[string]map[int]bool{}
	for _, st := range stmts {
		if name, inner, ok := groupOf(st); ok {
			from, to := groupRange(inner)
			for n := from; n <= to; n++ {
				if groups[name] == nil {
					groups[name] = map[int]bool{}
				}
				groups[name][n] = true
			}
		}
	}
	for _, st := range stmts {
		first := toks[st.first]
		o := Outline{Kind: first.Text, Name: first.Text, Range: Span{tokenSpan(first).Start, tokenSpan(toks[st.last]).End}, Select: tokenSpan(first)}
		switch {
		case isRoleWord(first.Text):
			o.Kind, o.Detail = string(Pile), first.Text
			if st.first < st.last && toks[st.first+1].Name {
				o.Name, o.Select = toks[st.first+1].Text, tokenSpan(toks[st.first+1])
			}
			if name, inner, ok := groupOf(st); ok {
				o.Kind = string(Group)
				if n := len(groups[name]); n > 0 {
					o.Detail = fmt.Sprintf("%s, %s", first.Text, plural(n, "pile"))
				}
				from, to := inner[0], inner[len(inner)-1]
				o.Name += "[" + string(d.Src[from.Offset:to.Offset+len(to.Text)]) + "]"
			}
		case first.Text == "phase" || first.Text == "let":
			o.Kind = string(Phase)
			if first.Text == "let" {
				o.Kind = string(Value)
			}
			if st.first == st.last || !toks[st.first+1].Name {
				continue
			}
			o.Name, o.Select = toks[st.first+1].Text, tokenSpan(toks[st.first+1])
		case first.Text == "deal" || first.Text == "layout" || first.Text == "win":
		default:
			continue // as in Outline
		}
		root.Children = append(root.Children, o)
	}
	return []Outline{root}
}

// plural is n and a noun, in the singular when n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// groupRange is the numbers of the piles a group's range (`8`, `2..8`)
// gives, from and to, or an empty range when it does not read as one.
func groupRange(toks []dsl.Token) (from, to int) {
	num := func(t dsl.Token) int {
		n, err := strconv.Atoi(t.Text)
		if err != nil || n > check.MaxPiles {
			return -1
		}
		return n
	}
	switch {
	case len(toks) == 1 && num(toks[0]) > 0:
		return 1, num(toks[0])
	case len(toks) == 3 && toks[1].Text == ".." && num(toks[0]) > 0:
		return num(toks[0]), num(toks[2])
	}
	return 1, 0
}
