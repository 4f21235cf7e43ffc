package dsl

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/mattn/go-runewidth"
)

// Severity of a diagnostic.
type Severity int

const (
	Error Severity = iota
	Warning
)

func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// MaxDiagnostics caps how many diagnostics are kept for one file.
const MaxDiagnostics = 100

// Diagnostic is one problem found in a file, with where it is.
type Diagnostic struct {
	Pos      lexer.Position // start, 1-based line and column (columns count runes)
	End      lexer.Position // end, exclusive; may be zero
	Severity Severity
	Message  string
	Suggest  string // a replacement name, for "did you mean"
}

// Diagnostics is every problem found in one file. It is an error.
type Diagnostics struct {
	Source []byte
	List   []*Diagnostic
}

func (d *Diagnostics) Error() string {
	var b strings.Builder
	for i, x := range d.List {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(x.Header())
	}
	return b.String()
}

// Header is the first line of the diagnostic: `path:line:col: error: message`.
func (x *Diagnostic) Header() string {
	msg := x.Message
	if x.Suggest != "" {
		msg += fmt.Sprintf("; did you mean %q?", x.Suggest)
	}
	return fmt.Sprintf("%s:%d:%d: %s: %s", ShownPath(x.Pos.Filename), x.Pos.Line, x.Pos.Column, x.Severity, msg)
}

// ShownPath is a file's path as a line of output shows it: as it is, or
// quoted when it holds a line break or another control character, so that
// a file name can never start a line of its own ("a.patience\nb:1:1:
// error: ...") or drive the terminal.
func ShownPath(path string) string {
	if strings.ContainsFunc(path, func(r rune) bool { return r < 0x20 || r == 0x7f || Unsafe(r) }) || !utf8.ValidString(path) {
		return strconv.Quote(path)
	}
	return path
}

// Sort orders the diagnostics by position and caps them at MaxDiagnostics.
func (d *Diagnostics) Sort() {
	sort.SliceStable(d.List, func(i, j int) bool {
		a, b := d.List[i].Pos, d.List[j].Pos
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
	if len(d.List) > MaxDiagnostics {
		d.List = d.List[:MaxDiagnostics]
	}
}

// HasErrors reports whether any diagnostic is an error.
func (d *Diagnostics) HasErrors() bool {
	for _, x := range d.List {
		if x.Severity == Error {
			return true
		}
	}
	return false
}

// Render writes every diagnostic with its source line and a caret under the
// span, tabs expanded and long lines cut.
func (d *Diagnostics) Render() string {
	lines := strings.Split(string(d.Source), "\n")
	var b strings.Builder
	for _, x := range d.List {
		b.WriteString(x.Header())
		b.WriteByte('\n')
		if x.Pos.Line < 1 || x.Pos.Line > len(lines) {
			continue
		}
		raw := []rune(strings.TrimRight(lines[x.Pos.Line-1], "\r"))
		start := min(max(x.Pos.Column-1, 0), len(raw))
		stop := min(start+1, len(raw))
		if x.End.Line == x.Pos.Line && x.End.Column > x.Pos.Column {
			stop = min(x.End.Column-1, len(raw))
		}
		// Columns count runes in the source; tabs are expanded for display.
		col := utf8.RuneCountInString(expandTabs(string(raw[:start]))) + 1
		width := max(utf8.RuneCountInString(expandTabs(string(raw[:max(stop, start)])))-col+1, 1)
		text := expandTabs(string(raw))
		const maxLine = 100 // columns of the line shown
		if runewidth.StringWidth(text) <= maxLine {
			// The caret goes under the span as the terminal draws the
			// line: a wide character (漢) takes two columns.
			before := runewidth.StringWidth(expandTabs(string(raw[:start])))
			col = before + 1
			width = max(runewidth.StringWidth(expandTabs(string(raw[:max(stop, start)])))-before, 1)
		} else {
			// A window of the line, cut by columns as the terminal draws
			// it: from about 40 columns before the span if it lies far in.
			runes := []rune(text)
			at, end := col-1, col-1+width // the span, in runes of text
			first := 0
			if runewidth.StringWidth(string(runes[:at])) > maxLine-20 {
				first = at
				for w := 0; first > 0 && w+runewidth.RuneWidth(runes[first-1]) <= 40; first-- {
					w += runewidth.RuneWidth(runes[first-1])
				}
			}
			last := first
			for w := 0; last < len(runes) && w+runewidth.RuneWidth(runes[last]) <= maxLine; last++ {
				w += runewidth.RuneWidth(runes[last])
			}
			text = string(runes[first:last])
			col = runewidth.StringWidth(string(runes[first:at])) + 1
			// The caret stops where the line shown is cut.
			width = max(runewidth.StringWidth(string(runes[at:min(end, last)])), 1)
		}
		gutter := fmt.Sprintf("%5d | ", x.Pos.Line)
		b.WriteString(gutter)
		b.WriteString(text)
		b.WriteByte('\n')
		b.WriteString(strings.Repeat(" ", len(gutter)-2))
		b.WriteString("| ")
		b.WriteString(strings.Repeat(" ", max(col-1, 0)))
		b.WriteString(strings.Repeat("^", max(width, 1)))
		b.WriteByte('\n')
	}
	return b.String()
}

// expandTabs expands tabs to 4 columns and shows any other control
// character (see Unsafe) as U+FFFD, so that a source line never drives the terminal.
func expandTabs(s string) string {
	// A comment may hold what a string may not: an invisible character
	// (a zero-width space, a soft hyphen) is shown too, as U+FFFD, so that
	// the line echoed is the line as the file has it.
	prev := rune(0)
	s = strings.Map(func(r rune) rune {
		p := prev
		prev = r
		if r != '\t' && (r < 0x20 || Unsafe(r) || invisible(p, r)) {
			return '\uFFFD'
		}
		return r
	}, s)
	if !strings.Contains(s, "\t") {
		return s
	}
	var b strings.Builder
	col := 0
	for _, r := range s {
		if r == '\t' {
			n := 4 - col%4
			b.WriteString(strings.Repeat(" ", n))
			col += n
			continue
		}
		b.WriteRune(r)
		col++
	}
	return b.String()
}

// Closest returns the candidate nearest to name by edit distance, or "" when
// none is close enough to be a likely typo.
func Closest(name string, candidates []string) string {
	best, bestD := "", max(len(name)/3, 1)+1 // at most a third of the word wrong
	n := utf8.RuneCountInString(name)
	for _, c := range candidates {
		if k := utf8.RuneCountInString(c); k-n >= bestD || n-k >= bestD {
			continue // it takes at least the difference in length
		}
		if d := editDistance(strings.ToLower(name), strings.ToLower(c)); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// editDistance counts the insertions, deletions, substitutions and swaps of
// neighbouring letters that turn a into b (optimal string alignment).
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
