package lang

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/patience-dev/patience/dsl"
	"github.com/patience-dev/patience/dsl/check"
)

// Edit replaces a span of the file with new text (an empty span inserts).
type Edit struct {
	Span
	Text string
}

// PrepareRename says whether the word at off is a name that Rename can
// change, and if so its span; otherwise the error says why not.
func (d *Doc) PrepareRename(off int) (Span, error) {
	t, _, err := d.renamable(off)
	if err != nil {
		return Span{}, err
	}
	return tokenSpan(t), nil
}

// renamable finds the declared name at off that a rename can change: a
// pile or a group (named, or unnamed and so named by its role word), a
// phase or a value. A pile of a group is named by the group, and a role
// group (every foundation) by the piles' role, so those are refused, each
// saying what to do.
func (d *Doc) renamable(off int) (dsl.Token, *Symbol, error) {
	t, ok := d.Word(off)
	switch {
	case !ok:
		return t, nil, errors.New("there is no name here to rename")
	case d.File == nil:
		return t, nil, errors.New("the file does not parse: fix its errors first, then rename")
	}
	s := d.symbols[t.Text]
	switch {
	case s == nil && t.Keyword && isRoleWord(t.Text):
		return t, nil, fmt.Errorf("%q is the group of every pile of its role and is named by the role: it cannot be renamed", t.Text)
	case s == nil && t.Keyword:
		return t, nil, fmt.Errorf("%q is a word of the language, not a name", t.Text)
	case s == nil:
		return t, nil, fmt.Errorf("%q is not declared in this file", t.Text)
	case s.Kind == Group && len(s.Piles) == 0:
		return t, nil, fmt.Errorf("%q is the group of every %s and is named by the role: it cannot be renamed", t.Text, s.Role)
	case s.Kind == Pile && s.Index > 0:
		group := strings.TrimSuffix(s.Name, strconv.Itoa(s.Index))
		return t, nil, fmt.Errorf("%s is pile %d of the group %q, which names it: rename the group", t.Text, s.Index, group)
	}
	return t, s, nil
}

// Rename changes the name at off to name everywhere the file uses it: its
// declaration, every reference, and for a group the names of its piles
// ("t" to "col" makes t3 col3). An unnamed pile or group, named by its
// role word, is given the name in its declaration ("waste" to "w":
// `waste w {`).
// Comments and strings are left as they are. The new name must be a name
// the file does not declare yet, and the renamed file must check as well
// as the file did (no new error): otherwise nothing is edited and the
// error says why. The edits come in the order of the file.
func (d *Doc) Rename(off int, name string) ([]Edit, error) {
	_, s, err := d.renamable(off)
	if err != nil {
		return nil, err
	}
	if err := validName(name); err != nil {
		return nil, err
	}
	if name == s.Name {
		return []Edit{}, nil
	}
	old := s.Name
	var edits []Edit
	replace := func(start lexer.Position, n int) { // the first n bytes of a name at start
		end := start
		end.Offset += n
		end.Column += utf8.RuneCount(d.Src[start.Offset : start.Offset+n])
		edits = append(edits, Edit{Span{start, end}, name})
	}
	clash := func(n string) error {
		if o := d.symbols[n]; o != nil {
			start, _ := o.Decls[0].Span()
			return fmt.Errorf("%q is declared already, at line %d", n, start.Line)
		}
		// A name the file uses without declaring it (an error now) would
		// come to mean the renamed pile: refuse that too.
		for _, r := range d.refs {
			if r.text == n {
				return fmt.Errorf("%q is used already, at line %d, though nothing declares it", n, r.start.Line)
			}
		}
		return nil
	}
	if err := clash(name); err != nil {
		return nil, err
	}
	for _, decl := range s.Decls {
		start, end := decl.Span()
		if _, unnamed := decl.(roleWord); unnamed {
			edits = append(edits, Edit{Span{end, end}, " " + name})
			continue
		}
		replace(start, end.Offset-start.Offset)
	}
	members := map[string]bool{}
	for _, p := range s.Piles {
		members[p] = true
		if err := clash(name + p[len(old):]); err != nil {
			return nil, fmt.Errorf("the group's pile %s would be %s: %w", p, name+p[len(old):], err)
		}
	}
	for _, r := range d.refs {
		switch {
		case r.text == old:
			replace(r.start, len(old))
		case members[r.text]:
			replace(r.start, len(old)) // the group's part of "t3"
		}
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].Start.Offset < edits[j].Start.Offset })
	// What the file says must not change: the renamed file checks with no
	// error it did not have (a use the names above missed would be one).
	out := Apply(d.Src, edits)
	if _, err := check.Source(d.Filename, out); err != nil {
		var after *dsl.Diagnostics
		if !errors.As(err, &after) {
			return nil, fmt.Errorf("renamed, the file would not check: %v", err)
		}
		if n := errorCount(after.List); n > errorCount(d.Diags) {
			for _, x := range after.List {
				if x.Severity == dsl.Error {
					return nil, fmt.Errorf("renamed, the file would not check: line %d: %s", x.Pos.Line, x.Message)
				}
			}
		}
	}
	return edits, nil
}

// Apply makes edits, sorted and not overlapping, to src.
func Apply(src []byte, edits []Edit) []byte {
	var out []byte
	at := 0
	for _, e := range edits {
		out = append(out, src[at:e.Start.Offset]...)
		out = append(out, e.Text...)
		at = e.End.Offset
	}
	return append(out, src[at:]...)
}

func errorCount(list []*dsl.Diagnostic) int {
	n := 0
	for _, x := range list {
		if x.Severity == dsl.Error {
			n++
		}
	}
	return n
}

// validName says why name cannot be a name, if it cannot: it must be one
// word of the language that is not a keyword, a rank or a card.
func validName(name string) error {
	toks := dsl.Tokens([]byte(name))
	switch {
	case name == "":
		return errors.New("the new name is empty")
	case len(toks) != 1 || toks[0].Text != name || toks[0].String || toks[0].Comment:
		return fmt.Errorf("%q is not a name: a name is a letter or _ and then letters, digits, _ and single hyphens between them", name)
	case toks[0].Keyword:
		return fmt.Errorf("%q is a word of the language and cannot be a name", name)
	case len(name) > 64:
		return fmt.Errorf("%q is longer than 64 characters, the limit for a name", name)
	}
	return nil
}
