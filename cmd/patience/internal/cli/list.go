package cli

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/patience-dev/patience/rulesets"
	"github.com/patience-dev/patience/rulesets/builtin"
)

// listWidth is the width list keeps to, in runes: an 80-column terminal.
const listWidth = 80

// listEntry is one built-in ruleset as list shows it; --json prints these.
type listEntry struct {
	Name    string   `json:"name"`
	Game    string   `json:"game,omitempty"`
	Aka     []string `json:"aka"`
	Decks   int      `json:"decks,omitempty"`
	Summary string   `json:"summary,omitempty"`
	Error   string   `json:"error,omitempty"` // a built-in that does not check
}

func newListCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the built-in rulesets",
		Long: `List the built-in rulesets: the name to give other commands, then the game's
title, its other names (any of which other commands take too) and how many
decks it uses, and below, what it is. Lines are kept to 80 columns.

With --json the list is one JSON array of objects with the fields name,
game, aka, decks and summary.`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			entries := builtinEntries()
			if asJSON {
				return writeJSONIndent(cmd.OutOrStdout(), entries)
			}
			return writeList(cmd.OutOrStdout(), entries)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the list as JSON")
	return cmd
}

// builtinEntries reads every built-in ruleset. A broken one still lists,
// so that the others stay usable.
func builtinEntries() []listEntry {
	entries := []listEntry{}
	for _, name := range rulesets.Names() {
		g, ok := builtin.Game(name)
		if !ok {
			entries = append(entries, listEntry{Name: name, Aka: []string{},
				Error: fmt.Sprintf("invalid: run \"patience validate %s\"", name)})
			continue
		}
		aka := append([]string{}, g.Aka...)
		entries = append(entries, listEntry{Name: name, Game: g.Name, Aka: aka, Decks: g.Decks, Summary: g.Summary})
	}
	return entries
}

// writeList prints each entry as a line of its name, title and decks, and
// below it, indented, its summary and other names; every line fits in
// listWidth.
func writeList(w io.Writer, entries []listEntry) error {
	var b strings.Builder
	for _, e := range entries {
		if e.Error != "" {
			b.WriteString(wrap(e.Name+"  "+e.Error, "", "    ", listWidth))
			continue
		}
		decks := plural(e.Decks, "1 deck", fmt.Sprintf("%d decks", e.Decks))
		b.WriteString(wrap(e.Name+"  "+e.Game+", "+decks, "", "    ", listWidth))
		if e.Summary != "" {
			b.WriteString(wrap(e.Summary, "    ", "    ", listWidth))
		}
		if len(e.Aka) > 0 {
			b.WriteString(wrap("Also known as "+strings.Join(e.Aka, ", ")+".", "    ", "    ", listWidth))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// wrap breaks text into lines of at most width runes at spaces, the first
// line starting with first and the others with rest; a word too long for a
// line of its own is cut short with an ellipsis. Spaces within a line are
// kept as they are. Every line ends in "\n".
func wrap(text, first, rest string, width int) string {
	var b strings.Builder
	line, n := first, utf8.RuneCountInString(first)
	empty := true // the line holds no word yet
	for _, word := range splitWords(strings.TrimSpace(text)) {
		gap := word.gap
		if empty {
			gap = ""
		}
		wn := utf8.RuneCountInString(word.text)
		if !empty && n+len(gap)+wn > width {
			b.WriteString(line + "\n")
			line, n, empty, gap = rest, utf8.RuneCountInString(rest), true, ""
		}
		line, n = line+gap, n+len(gap)
		if room := width - n; wn > room {
			word.text, wn = cut(word.text, room), max(room, 0)
		}
		line, n, empty = line+word.text, n+wn, false
	}
	return b.String() + line + "\n"
}

type word struct {
	gap  string // the spaces before it
	text string
}

// splitWords splits text at runs of spaces, keeping each run. Other white
// space (tabs, line breaks) counts as one space.
func splitWords(text string) []word {
	var words []word
	gap := ""
	for i, f := range strings.Split(text, " ") {
		if i > 0 {
			gap += " "
		}
		for _, part := range strings.Fields(f) {
			words = append(words, word{gap: gap, text: part})
			gap = " "
		}
		if len(strings.Fields(f)) > 0 {
			gap = ""
		}
	}
	return words
}

// cut shortens s to n runes, the last an ellipsis.
func cut(s string, n int) string {
	if n <= 0 {
		return ""
	}
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
