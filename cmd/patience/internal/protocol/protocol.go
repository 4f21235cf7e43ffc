// Package protocol holds the shapes of the data patience gives to programs:
// the diagnostics of "validate --json" and the lines of "play --json". The
// command line and the browser playground both write these, so that a
// program reading one can read the other.
package protocol

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/patience-dev/patience/dsl"
	"github.com/patience-dev/patience/interp"
)

// Diagnostic is one diagnostic as data, for editors. Lines and columns
// are 1-based and columns count runes; a problem that is not about a place
// in the file (it cannot be read) has line 0.
type Diagnostic struct {
	File       string `json:"file"`
	Line       int    `json:"line"`
	Column     int    `json:"column"`
	EndLine    int    `json:"end_line,omitempty"`
	EndColumn  int    `json:"end_column,omitempty"`
	Severity   string `json:"severity"`
	Message    string `json:"message"`
	Suggestion string `json:"suggestion,omitempty"`
}

// Diagnostics writes every diagnostic of d as data.
func Diagnostics(d *dsl.Diagnostics) []Diagnostic {
	var out []Diagnostic
	for _, x := range d.List {
		j := Diagnostic{
			File: x.Pos.Filename, Line: x.Pos.Line, Column: x.Pos.Column,
			Severity: x.Severity.String(), Message: x.Message, Suggestion: x.Suggest,
		}
		if x.End.Line > 0 {
			j.EndLine, j.EndColumn = x.End.Line, x.End.Column
		}
		out = append(out, j)
	}
	return out
}

// Line is one line of output of the JSON protocol (play --json). Result,
// Why and Error are sentences for a person; play --json writes their cards
// in the move notation of the positions ("KD"), the playground as its
// board shows them ("K♦").
type Line struct {
	Position *interp.Position `json:"position"`
	Moves    []string         `json:"moves"`
	Status   string           `json:"status"`
	Command  *string          `json:"command,omitempty"`
	Result   string           `json:"result,omitempty"`
	Why      string           `json:"why,omitempty"`
	Verdict  string           `json:"verdict,omitempty"`
	Error    string           `json:"error,omitempty"`
}

// ParseSeed reads a seed as everything that takes one reads it (the
// command line's --seed and --deals, the playground's seed box): a whole
// number in decimal from 0 to the largest uint64, with spaces around it
// and a plus sign before it allowed.
func ParseSeed(s string) (uint64, error) {
	t, _ := strings.CutPrefix(strings.TrimSpace(s), "+") // ParseUint takes no sign
	n, err := strconv.ParseUint(t, 10, 64)
	if err != nil {
		shown := s
		if r := []rune(s); len(r) > 40 {
			shown = string(r[:40]) + "…" // echoed, not all of it
		}
		return 0, fmt.Errorf("invalid seed %q: want a whole number from 0 to %d", shown, uint64(math.MaxUint64))
	}
	return n, nil
}
