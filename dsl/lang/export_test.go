package lang

// Sketch is the outline read from the tokens alone, which Outline gives
// while a file does not parse.
func (d *Doc) Sketch() []Outline { return d.sketch() }
