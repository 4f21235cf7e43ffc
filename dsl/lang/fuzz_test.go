package lang_test

import (
	"path/filepath"
	"testing"

	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/dsl/internal/dsltest"
	"github.com/patience-dev/patience/dsl/lang"
)

// FuzzLang analyses any text and asks every question at a few places in it
// (the start, the end, past both, and the offset the fuzzer picks): nothing
// may panic, every span given back lies inside the text, and a rename it
// allows leaves a file that checked checking.
func FuzzLang(f *testing.F) {
	for _, src := range dsltest.Corpus(f, filepath.Join("..", "check", "testdata")) {
		f.Add(src, uint16(len(src)/2))
	}
	f.Add([]byte("game \"x\" { tableau t[2] { to "), uint16(30))
	f.Add([]byte("\uFEFFgame \"é\" {\r\n deal {"), uint16(9))
	f.Fuzz(func(t *testing.T, src []byte, at uint16) {
		d := lang.Analyze("fuzz.patience", src, nil)
		n := len(d.Src)
		inside := func(spans ...lang.Span) {
			for _, s := range spans {
				if s.Start.Offset < 0 || s.End.Offset > n || s.End.Offset < s.Start.Offset {
					t.Fatalf("span %v..%v outside a text of %d bytes", s.Start, s.End, n)
				}
			}
		}
		for _, off := range []int{-1, 0, int(at) % (n + 1), n, n + 1} {
			d.Complete(off)
			if _, span, ok := d.Hover(off); ok {
				inside(span)
			}
			defs, _ := d.Definition(off)
			inside(defs...)
			inside(d.References(off, true)...)
			if span, err := d.PrepareRename(off); err == nil {
				inside(span)
			}
			// A rename the file allows keeps it checking as it did.
			if edits, err := d.Rename(off, "zq"); err == nil {
				for _, e := range edits {
					inside(e.Span)
				}
				if d.Game != nil {
					if _, err := check.Source("fuzz.patience", lang.Apply(d.Src, edits)); err != nil {
						t.Fatalf("renamed at %d, the file no longer checks: %v", off, err)
					}
				}
			}
		}
		var walk func(os []lang.Outline)
		walk = func(os []lang.Outline) {
			for _, o := range os {
				inside(o.Range, o.Select)
				walk(o.Children)
			}
		}
		walk(d.Outline())
		lang.Analyze("fuzz.patience", src, d)
	})
}
