package lang

// Sketch is the outline read from the tokens alone, which Outline gives
// while a file does not parse.
func (d *Doc) Sketch() []Outline { return d.sketch() }

// SketchDefinition and SketchReferences are what Definition and
// References give while a file does not parse.
func (d *Doc) SketchDefinition(name string) []Span { return d.sketchDecls(name) }

func (d *Doc) SketchReferences(off int) []Span {
	t, ok := d.Word(off)
	if !ok {
		return nil
	}
	return d.sketchRefs(t, true)
}
