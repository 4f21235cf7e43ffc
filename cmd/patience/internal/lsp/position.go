package lsp

import (
	"sort"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/patience-dev/patience/dsl"
)

// lineIndex converts between the two ways of naming a place in a file: the
// diagnostics' and dsl/lang's (byte offsets into the file as dsl.Normalize
// returns it, 1-based lines, columns counted in runes) and the protocol's
// (0-based lines, columns counted in UTF-16 code units of the text the
// editor holds). The normalized text has the editor's lines, with their
// ends made LF and a leading byte-order mark taken away; so only the first
// line's columns differ by the mark.
type lineIndex struct {
	src    []byte // normalized
	starts []int  // byte offset of each line
	bom    bool
	// runes holds, for each line not all ASCII that has been asked about,
	// where each of its runes starts: the byte offset and the UTF-16 units
	// before it, so that a conversion costs a lookup, not a walk along the
	// line (a file of one long line made every conversion, and a request
	// that makes one per name, as long as the file).
	runes map[int]*lineRunes
}

// lineRunes are the byte offsets and UTF-16 columns at which a line's runes
// start, and after its last one.
type lineRunes struct {
	bytes []int
	units []uint32
}

// runesOf maps line n's runes, or returns nil for a line all ASCII, whose
// byte offsets, runes and UTF-16 units are the same.
func (ix *lineIndex) runesOf(n int) *lineRunes {
	if lr, ok := ix.runes[n]; ok {
		return lr
	}
	line := ix.line(n)
	ascii := true
	for _, b := range line {
		if b >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	var lr *lineRunes
	if !ascii {
		lr = &lineRunes{}
		off, w := 0, 0
		for off < len(line) {
			lr.bytes, lr.units = append(lr.bytes, off), append(lr.units, uint32(w))
			r, size := utf8.DecodeRune(line[off:])
			if l := utf16.RuneLen(r); l > 0 {
				w += l
			} else {
				w++ // an invalid byte, which an editor shows as U+FFFD
			}
			off += size
		}
		lr.bytes, lr.units = append(lr.bytes, off), append(lr.units, uint32(w))
	}
	if ix.runes == nil {
		ix.runes = map[int]*lineRunes{}
	}
	ix.runes[n] = lr
	return lr
}

func newLineIndex(text string) *lineIndex {
	src := dsl.Normalize([]byte(text))
	ix := &lineIndex{src: src, starts: []int{0}, bom: len(text) >= 3 && text[:3] == "\uFEFF"}
	for i, b := range src {
		if b == '\n' {
			ix.starts = append(ix.starts, i+1)
		}
	}
	return ix
}

// line returns the text of a 0-based line, without its end.
func (ix *lineIndex) line(n int) []byte {
	if n < 0 || n >= len(ix.starts) {
		return nil
	}
	end := len(ix.src)
	if n+1 < len(ix.starts) {
		end = ix.starts[n+1] - 1
	}
	return ix.src[ix.starts[n]:end]
}

// position turns a diagnostic's position into the protocol's. A position
// past the end of its line or of the file is taken to the end.
func (ix *lineIndex) position(p lexer.Position) protocol.Position {
	n := p.Line - 1
	if n < 0 {
		return protocol.Position{}
	}
	if n >= len(ix.starts) {
		n = len(ix.starts) - 1
		return protocol.Position{Line: uint32(n), Character: ix.width(ix.line(n), -1, n)}
	}
	return protocol.Position{Line: uint32(n), Character: ix.width(ix.line(n), p.Column-1, n)}
}

// width counts the UTF-16 code units of the first runes of a line (all of
// them when runes < 0), the byte-order mark included on the first line.
func (ix *lineIndex) width(line []byte, runes, n int) uint32 {
	var w uint32
	if ix.bom && n == 0 {
		w = 1
	}
	lr := ix.runesOf(n)
	if lr == nil { // ASCII: a rune is a unit
		if runes < 0 || runes > len(line) {
			runes = len(line)
		}
		return w + uint32(runes)
	}
	last := len(lr.units) - 1
	if runes < 0 || runes > last {
		runes = last
	}
	return w + lr.units[runes]
}

// offset turns a protocol position into a byte offset of the normalized
// text, clamped to the line and to the file.
func (ix *lineIndex) offset(p protocol.Position) int {
	n := int(p.Line)
	if n >= len(ix.starts) {
		return len(ix.src)
	}
	line := ix.line(n)
	want := int(p.Character)
	if ix.bom && n == 0 {
		want--
	}
	want = max(want, 0)
	lr := ix.runesOf(n)
	if lr == nil {
		return ix.starts[n] + min(want, len(line))
	}
	// The first rune that starts at or past the unit asked for (a unit in
	// the middle of a surrogate pair goes on to the next rune).
	i := sort.Search(len(lr.units), func(i int) bool { return lr.units[i] >= uint32(want) })
	if i == len(lr.units) {
		i--
	}
	return ix.starts[n] + lr.bytes[i]
}

// rng is the protocol's range for a span; an empty end is one rune on.
func (ix *lineIndex) rng(start, end lexer.Position) protocol.Range {
	if end.Line == 0 {
		end = start
		end.Column++
	}
	return protocol.Range{Start: ix.position(start), End: ix.position(end)}
}

// whole is the range of the whole text.
func (ix *lineIndex) whole() protocol.Range {
	n := len(ix.starts) - 1
	return protocol.Range{End: protocol.Position{Line: uint32(n), Character: ix.width(ix.line(n), -1, n)}}
}
