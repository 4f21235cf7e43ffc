package lsp

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/stretchr/testify/require"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// walkWidth and walkOffset are the conversions written out plainly, by a
// walk along the line, as the index once made them on every call.
func walkWidth(ix *lineIndex, n, runes int) uint32 {
	line := ix.line(n)
	w := 0
	if ix.bom && n == 0 {
		w = 1
	}
	for i := 0; len(line) > 0 && (runes < 0 || i < runes); i++ {
		r, size := utf8.DecodeRune(line)
		if l := utf16.RuneLen(r); l > 0 {
			w += l
		} else {
			w++
		}
		line = line[size:]
	}
	return uint32(w)
}

func walkOffset(ix *lineIndex, p protocol.Position) int {
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

// The index's lookups give what the walk gives, on text of ASCII, accents,
// characters outside the BMP, invalid bytes and a byte-order mark, at
// every place and past the ends.
func TestLineIndexIsTheWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"a", "b", " ", "\n", "é", "𝄞", "\xff", "日", "\r\n"}
	for k := range 300 {
		var b strings.Builder
		if k%3 == 0 {
			b.WriteString("\uFEFF")
		}
		for range rng.IntN(40) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		ix := newLineIndex(b.String())
		for n := 0; n <= len(ix.starts); n++ {
			for c := -1; c < 45; c++ {
				if n < len(ix.starts) {
					require.Equal(t, walkWidth(ix, n, c), ix.width(ix.line(n), c, n), "%q line %d runes %d", b.String(), n, c)
				}
				if c >= 0 {
					q := protocol.Position{Line: uint32(n), Character: uint32(c)}
					require.Equal(t, walkOffset(ix, q), ix.offset(q), "%q at %v", b.String(), q)
				}
			}
		}
	}
}

// BenchmarkLongLine converts every name's place on a file of one long line
// (a request that outlines a file does this): each conversion walked the
// line, so the request took the square of its length (4.5 s for a
// 110 KB line of 8,000 piles).
func BenchmarkLongLine(b *testing.B) {
	for _, accent := range []string{"", "é"} {
		b.Run("accent="+accent, func(b *testing.B) {
			var src strings.Builder
			src.WriteString(`game "x` + accent + `" {`)
			for i := range 8000 {
				src.WriteString(" tableau t" + strings.Repeat("a", i%5) + " { }")
			}
			text := src.String()
			for b.Loop() {
				ix := newLineIndex(text)
				for col := 1; col < len(text); col += 14 {
					ix.position(lexer.Position{Line: 1, Column: col})
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(text)/14), "ns/conversion")
		})
	}
}
