package lsp

import (
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
	w := 0
	if ix.bom && n == 0 {
		w = 1
	}
	for i := 0; len(line) > 0 && (runes < 0 || i < runes); i++ {
		r, size := utf8.DecodeRune(line)
		w += utf16.RuneLen(r)
		if utf16.RuneLen(r) < 0 {
			w++ // an invalid byte, which an editor shows as U+FFFD
		}
		line = line[size:]
	}
	return uint32(w)
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
	off, w := 0, 0
	for off < len(line) && w < want {
		r, size := utf8.DecodeRune(line[off:])
		if l := utf16.RuneLen(r); l > 0 {
			w += l
		} else {
			w++
		}
		off += size
	}
	return ix.starts[n] + off
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
