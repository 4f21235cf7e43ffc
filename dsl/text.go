package dsl

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// A rule file is untrusted text: it may come from anyone, and what it says
// is shown on terminals. This file holds what the parser does about that.

// byteOrderMark is the UTF-8 byte-order mark some editors put first.
var byteOrderMark = []byte("\uFEFF")

// Normalize returns src as the parser reads it: a leading UTF-8 byte-order
// mark removed, and CR LF and lone CR line endings made LF, so that line
// and column numbers are those an editor on any system shows. Every stage
// reads the normalized text, and diagnostics quote it.
func Normalize(src []byte) []byte {
	src = bytes.TrimPrefix(src, byteOrderMark)
	if bytes.IndexByte(src, '\r') < 0 {
		return src
	}
	out := make([]byte, 0, len(src))
	for i := 0; i < len(src); i++ {
		if src[i] != '\r' {
			out = append(out, src[i])
			continue
		}
		out = append(out, '\n')
		if i+1 < len(src) && src[i+1] == '\n' {
			i++
		}
	}
	return out
}

// Unsafe reports whether r may not be written to a terminal as it is: the
// C0 and C1 control characters other than tab and newline, DEL, Unicode's
// line and paragraph separators (a line break to some programs, none to
// others), and its bidirectional marks, embeddings, overrides and isolates
// (which reorder the text around them, so that what a reader sees is not
// what is there). A rule file may hold none of them, and nothing the
// command prints does.
func Unsafe(r rune) bool {
	switch {
	case r == '\t' || r == '\n':
		return false
	case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
		return true
	case r == 0x2028 || r == 0x2029:
		return true
	case r == 0x200e || r == 0x200f || r == 0x061c,
		r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// Escape returns s with every unsafe character written as an escape
// (`\u001b`, `\u202e`), so that text from any source can be shown on a
// terminal and read, never obeyed; a byte that is not UTF-8 becomes
// U+FFFD. Valid text with no unsafe character is returned as it is.
func Escape(s string) string {
	if utf8.ValidString(s) && !strings.ContainsFunc(s, Unsafe) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if !Unsafe(r) {
			b.WriteRune(r)
			continue
		}
		// The form Go, JSON and JavaScript all read: escaping a JSON
		// document's strings leaves it the same document.
		fmt.Fprintf(&b, `\u%04x`, r)
	}
	return b.String()
}

// MaxEcho bounds how much of an untrusted text (a typed move, a name in a
// save) a message repeats.
const MaxEcho = 40

// QuoteShort quotes s as Go does, cut to MaxEcho characters ("..." after
// the quote where it was cut): text from a save or a command line may be
// ten million characters long.
func QuoteShort(s string) string {
	if utf8.RuneCountInString(s) <= MaxEcho {
		return strconv.Quote(s)
	}
	return strconv.Quote(string([]rune(s)[:MaxEcho])) + "..."
}

// unquote decodes a string token as Go does (`\xe9` and `\351` are one
// byte each, `\u00e9` a character), and refuses one that holds, written raw
// or as escapes, a character that is not printable text: a name or a
// summary is shown on terminals, where a control character would be
// obeyed. The bytes must make UTF-8 text. The error points at the
// character (at the first of the escapes that make it).
func unquote(t lexer.Token) (lexer.Token, error) {
	raw := t.Value
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return t, participle.Errorf(t.Pos, "invalid string %s", raw)
	}
	at := func(col int) lexer.Position {
		pos := t.Pos
		pos.Column = col
		return pos
	}
	var out []byte
	var cols []int // the column each byte of out comes from
	body := raw[1 : len(raw)-1]
	col := t.Pos.Column + 1 // the column of body[0]
	for len(body) > 0 {
		r, multibyte, rest, err := strconv.UnquoteChar(body, '"')
		if err != nil {
			return t, participle.Errorf(at(col), "%s", escapeError(body))
		}
		n := len(out)
		if r >= 0x80 && !multibyte {
			out = append(out, byte(r)) // \x or octal: one byte
		} else {
			out = utf8.AppendRune(out, r)
		}
		for range len(out) - n {
			cols = append(cols, col)
		}
		col += len([]rune(body[:len(body)-len(rest)]))
		body = rest
	}
	// A combining mark joins the character before it: the first of a
	// string would join the quote before it, and a few are all real text
	// puts on one character.
	const mostMarks = 8
	prev, marks := rune(0), 0
	for i := 0; i < len(out); {
		r, size := utf8.DecodeRune(out[i:])
		joiner := r == 0x200c || r == 0x200d // let in between marks, it keeps them on one character
		switch {
		case unicode.Is(unicode.M, r):
			marks++
		case !joiner:
			marks = 0
		}
		switch {
		case r == utf8.RuneError && size <= 1:
			return t, participle.Errorf(at(cols[i]), "a string must be UTF-8 text: byte %#02x here starts no character", out[i])
		case marks > 0 && strings.Trim(string(out[:i]), "\u200c\u200d") == "":
			return t, participle.Errorf(at(cols[i]), "a string may not start with a combining mark: %s would join the character before it", describeRune(r))
		case marks > mostMarks:
			return t, participle.Errorf(at(cols[i]), "too many combining marks on one character: at most %d", mostMarks)
		case r < 0x20 || Unsafe(r):
			return t, participle.Errorf(at(cols[i]), "a string may hold printable text only, not the control character %s", describeRune(r))
		case invisible(prev, r):
			return t, participle.Errorf(at(cols[i]), "a string may hold visible text only, not the invisible character %s, which makes text look like other text", describeRune(r))
		}
		i += size
		prev = r
	}
	t.Value = string(out)
	return t, nil
}

// invisible reports whether r shows as nothing, or as a space where none
// is: Unicode's format characters (zero-width spaces, the soft hyphen, the
// byte order mark, tags, interlinear annotations) but the zero-width
// joiner and non-joiner that emoji and some scripts need, the combining
// grapheme joiner, and the Hangul fillers. Two names that differ by one
// would look the same.
//
// So is every other default-ignorable character (Khmer's inherent vowels,
// the reserved ones), the blank braille pattern, which shows as a space,
// and a variation selector but after the characters it chooses a form of:
// a symbol (an emoji's picture), a Han ideograph, a Mongolian letter. After
// a Latin letter it shows as nothing.
func invisible(prev, r rune) bool {
	switch r {
	case 0x200c, 0x200d:
		return false
	case 0x034f, 0x115f, 0x1160, 0x3164, 0xffa0, 0x2800:
		return true
	}
	if unicode.Is(unicode.Variation_Selector, r) {
		return !unicode.In(prev, unicode.So, unicode.Han, unicode.Mongolian)
	}
	return unicode.In(r, unicode.Cf, unicode.Other_Default_Ignorable_Code_Point)
}

// escapeError says what is wrong with the escape that starts body.
func escapeError(body string) string {
	if len(body) >= 2 && (body[1] == 'u' || body[1] == 'U') {
		digits := 4
		if body[1] == 'U' {
			digits = 8
		}
		hex := body[2:min(len(body), 2+digits)]
		v, err := strconv.ParseUint(hex, 16, 32)
		switch {
		case len(hex) < digits || err != nil:
			return fmt.Sprintf("invalid escape in a string: \\%c takes %d hex digits", body[1], digits)
		case v >= 0xd800 && v < 0xe000:
			return fmt.Sprintf("invalid escape in a string: %s is half of a UTF-16 surrogate pair, not a character; write the character itself, or \\U and its 8 hex digits", body[:2+digits])
		default:
			return fmt.Sprintf("invalid escape in a string: %s is past U+10FFFF, the last character", body[:2+digits])
		}
	}
	esc := body
	if len(body) >= 2 {
		_, n := utf8.DecodeRuneInString(body[1:])
		esc = body[:1+n]
	}
	return fmt.Sprintf("invalid escape in a string: %s; use \\\" for a quote and \\\\ for a backslash", esc)
}

// describeRune names a character that cannot be shown: its code point and,
// for the common ones, its name.
func describeRune(r rune) string {
	names := map[rune]string{'\t': "TAB", '\r': "CR", '\n': "LF", 0x1b: "ESC", 0x07: "BEL", 0x08: "BS", 0x7f: "DEL",
		0x85: "NEXT LINE", 0x9b: "CONTROL SEQUENCE INTRODUCER", 0x9d: "OPERATING SYSTEM COMMAND",
		0x202a: "LEFT-TO-RIGHT EMBEDDING", 0x202b: "RIGHT-TO-LEFT EMBEDDING", 0x202c: "POP DIRECTIONAL FORMATTING",
		0x202e: "RIGHT-TO-LEFT OVERRIDE", 0x202d: "LEFT-TO-RIGHT OVERRIDE", 0x2028: "LINE SEPARATOR", 0x2029: "PARAGRAPH SEPARATOR",
		0x200e: "LEFT-TO-RIGHT MARK", 0x200f: "RIGHT-TO-LEFT MARK", 0x061c: "ARABIC LETTER MARK",
		0x200b: "ZERO WIDTH SPACE", 0xfeff: "ZERO WIDTH NO-BREAK SPACE", 0xad: "SOFT HYPHEN", 0x2060: "WORD JOINER",
		0x2066: "LEFT-TO-RIGHT ISOLATE", 0x2067: "RIGHT-TO-LEFT ISOLATE", 0x2068: "FIRST STRONG ISOLATE", 0x2069: "POP DIRECTIONAL ISOLATE"}
	if n, ok := names[r]; ok {
		return fmt.Sprintf("%U (%s)", r, n)
	}
	return fmt.Sprintf("%U", r)
}
