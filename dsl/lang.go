package dsl

import "slices"

// What the authoring tools (the language server, dsl/lang) need to know
// about the grammar, taken from the parser itself so the two cannot differ.

// BlockAt says which kind of block encloses byte offset off of src (as
// Normalize returns it): "game", "pile", "deal", "layout", or "" outside
// every block. It reads tokens only, so it works on a file that does not
// parse, as while it is being typed.
func BlockAt(src []byte, off int) string {
	off = min(max(off, 0), len(src))
	return blockAt("", src, off)
}

// Starters lists the keywords that start a statement in a block of the
// given kind (as BlockAt names it); the file's top level holds `game`.
func Starters(block string) []string {
	if block == "" {
		return []string{"game"}
	}
	var out []string
	for _, s := range blockParsers[block].starters {
		if IsKeyword(s) {
			out = append(out, s)
		}
	}
	return slices.Clone(out)
}

// Token is one token of a file as written, comments included.
type Token struct {
	Text     string
	Offset   int // byte offset of its first byte
	Line     int // 1-based
	Column   int // 1-based, in runes
	Comment  bool
	String   bool // a quoted string
	Name     bool // a word that is not a keyword (a name, a rank or a card)
	Keyword  bool
	Newlines int // line breaks between the previous token and this one
}

// Tokens lexes src (as Normalize returns it) into its tokens, comments
// included and white space left out, each with its text as written. It
// stops at the first text that is no token (an unterminated string, a
// stray character) and returns what it has.
func Tokens(src []byte) []Token {
	toks, _ := rawTokensPartial("", src)
	return toks
}
