package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/patience-dev/patience/cmd/patience/internal/board"
	"github.com/patience-dev/patience/cmd/patience/internal/protocol"
	"github.com/patience-dev/patience/cmd/patience/internal/prove"
	"github.com/patience-dev/patience/cmd/patience/internal/store"
	"github.com/patience-dev/patience/dsl"
	"github.com/patience-dev/patience/interp"
)

// session is one game being played from commands, in line or JSON mode.
type session struct {
	g       *interp.Game
	ruleset string // as given on the command line, written into saves
	opt     board.Options
	keep    *keeper // saves after every change, in line mode
	hints   prove.Asker
	ctx     context.Context // a signal ends it: a hint under way is given up
}

// outcome is what a command did.
type outcome struct {
	result  string // what happened, for the player
	why     string // the reason for a hint
	verdict string // the solver's verdict on the position, for a hint
	hint    string // the hint as line mode says it
	move    bool   // a move was played: the board says it all
	comment bool   // the line was a comment
	changed bool   // the position changed
	quit    bool
}

const helpText = `Commands:
  FROM TO [COUNT]  move the top card, or COUNT cards, of pile FROM to pile TO
                   (e.g. "t3 f1", "t3 t5 2"); a card of a grid pile is named by
                   its row, as in "garden3:2 ace1"
  deal [N]         deal from the stock (N picks the stock's Nth deal statement)
  redeal           gather the cards back into the stock
  undo, redo       take back the last move, or play again the last one taken back
  moves            list the legal moves
  hint             suggest a move: the first of a winning line if the solver
                   finds one at once, else a likely one, and say why; asked
                   again in the same position, it looks longer
  auto             play every safe move to the foundations
  save FILE        save the game; go on later with --resume FILE
  help             show this list
  quit             stop playing
Commands may be typed in any case (DEAL, Undo); a line starting with # is a
comment and is passed over.`

// commands are the words that are not moves, for suggestions.
var commands = []string{"deal", "redeal", "undo", "redo", "moves", "hint", "auto", "save", "help", "quit", "exit"}

// exec runs one command line. An error says in one line why nothing
// happened; the game is unchanged. The command words may be typed in any
// case; so may the piles of a move where that names one pile only. A line
// starting with # is a comment, and does nothing.
func (s *session) exec(line string) (outcome, error) {
	g, r := s.g, s.g.Rules
	if isComment(line) {
		return outcome{comment: true}, nil
	}
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return outcome{}, errors.New(`empty command; type "help" for the commands`)
	}
	if len(fields) > 1 {
		// A pile may be named like a command ("auto f1"): then it is a
		// move. But save takes any word after it: a pile named save makes
		// "save game.json" a move only if it reads as one.
		folded := foldPiles(r, line)
		first := strings.Fields(folded)[0]
		if _, ok := r.PileIndex(strings.SplitN(first, ":", 2)[0]); ok {
			if _, err := r.ParseMove(g.State(), folded); err == nil || !strings.EqualFold(fields[0], "save") {
				return s.play(folded)
			}
		} else if !strings.EqualFold(fields[0], "save") { // a file name is kept as typed
			line, fields = folded, strings.Fields(folded)
		}
	}
	word := strings.ToLower(fields[0])
	noArgs := func() error {
		if len(fields) > 1 {
			return fmt.Errorf("%s takes no arguments", word)
		}
		return nil
	}
	switch word {
	case "help", "?", "quit", "exit", "undo", "redo", "moves", "hint", "auto":
		if err := noArgs(); err != nil {
			return outcome{}, err
		}
	}
	switch word {
	case "help", "?":
		return outcome{result: helpText}, nil
	case "quit", "exit":
		return outcome{quit: true, result: "bye"}, nil
	case "undo":
		h := g.History()
		if len(h) == 0 || !g.Undo() {
			return outcome{}, errors.New("nothing to undo")
		}
		return outcome{result: "undid " + r.MoveString(h[len(h)-1]), changed: true}, nil
	case "redo":
		if !g.Redo() {
			return outcome{}, errors.New("nothing to redo")
		}
		h := g.History()
		return outcome{result: "redid " + r.MoveString(h[len(h)-1]), changed: true}, nil
	case "moves":
		moves := moveStrings(g)
		if len(moves) == 0 {
			return outcome{result: "no legal moves"}, nil
		}
		return outcome{result: "legal moves: " + strings.Join(moves, ", ")}, nil
	case "hint":
		level, st := s.hints.Next(r, g.State()), g.State().Clone()
		done := make(chan prove.Hint, 1)
		if h, ok := s.hints.Known(r, st); ok {
			done <- h // the winning line a hint found goes on from here
		} else {
			go func() { done <- prove.AskAt(r, st, level) }()
		}
		var h prove.Hint
		ctx := s.ctx
		if ctx == nil {
			ctx = context.Background()
		}
		select {
		case h = <-done:
		case <-ctx.Done():
			// Stopped by a signal: no hint, and the game ends saved as it
			// is (the loop reads the signal next).
			return outcome{comment: true}, nil
		}
		s.hints.Heard(h)
		if !h.OK {
			return outcome{result: h.Text(r, s.opt.Card)}, nil
		}
		return outcome{result: r.MoveString(h.Move), why: h.Why.In(s.opt.Card), verdict: h.Verdict.String(), hint: h.Text(r, s.opt.Card)}, nil
	case "auto":
		played := g.Auto()
		if len(played) == 0 {
			return outcome{result: "no safe moves to play"}, nil
		}
		var names []string
		for _, m := range played {
			names = append(names, r.MoveString(m))
		}
		return outcome{result: strings.Join(names, ", "), changed: true}, nil
	case "save":
		path := strings.TrimSpace(strings.TrimSpace(line)[len(fields[0]):])
		if path == "" {
			return outcome{}, errors.New("save needs a file name, e.g. save game.json")
		}
		if err := s.save(path); err != nil {
			return outcome{}, err
		}
		return outcome{result: "saved to " + path}, nil
	}
	if word == "deal" || word == "redeal" {
		return s.play(strings.Join(append([]string{word}, fields[1:]...), " "))
	}
	if len(fields) == 1 {
		if c := dsl.Closest(word, commands); c != "" {
			return outcome{}, fmt.Errorf("unknown command %s; did you mean %q?", quoteShort(fields[0]), c)
		}
		return outcome{}, fmt.Errorf(`unknown command %s; a move is FROM TO [COUNT], and "help" lists the commands`, quoteShort(fields[0]))
	}
	o, err := s.play(line)
	if err != nil && !isPlace(r, fields[0]) {
		// Not a pile, so perhaps a command mistyped ("dael 2").
		if c := dsl.Closest(word, commands); c != "" {
			return outcome{}, fmt.Errorf("unknown command %s; did you mean %q?", quoteShort(fields[0]), c)
		}
	}
	return o, err
}

// isComment reports whether a line is a comment: it starts with #.
func isComment(line string) bool {
	return strings.HasPrefix(strings.TrimSpace(line), "#")
}

// isPlace reports whether the first word of a move names piles, as "t3",
// "garden3:2" or "p1+waste" do.
func isPlace(r *interp.Rules, text string) bool {
	for _, part := range strings.Split(text, "+") {
		name, _, _ := strings.Cut(part, ":")
		if _, ok := r.PileIndex(name); !ok {
			return false
		}
	}
	return true
}

// foldPiles writes the piles of a move typed in another case ("T3 F1",
// "Garden3:2 ace1") as the rules name them, where one pile only has the
// name ignoring case. A name the rules have as it is, or that ignoring
// case is the name of several piles or of none, is left as typed.
func foldPiles(r *interp.Rules, line string) string {
	fields := strings.Fields(line)
	if len(fields) < 2 || len(fields) > 3 {
		return line
	}
	changed := false
	for i := range 2 {
		parts := strings.Split(fields[i], "+")
		for j, part := range parts {
			name, row, hasRow := strings.Cut(part, ":")
			folded, ok := foldPile(r, name)
			if !ok {
				continue
			}
			if hasRow {
				folded += ":" + row
			}
			parts[j], changed = folded, true
		}
		fields[i] = strings.Join(parts, "+")
	}
	if !changed {
		return line
	}
	return strings.Join(fields, " ")
}

// foldPile returns the one pile whose name is name ignoring case, when the
// rules have no pile named name exactly.
func foldPile(r *interp.Rules, name string) (string, bool) {
	if _, ok := r.PileIndex(name); ok {
		return "", false
	}
	found := ""
	for i := range r.NumPiles() {
		if p := r.PileName(i); strings.EqualFold(p, name) {
			if found != "" {
				return "", false
			}
			found = p
		}
	}
	return found, found != ""
}

// play plays a move, or says in one line why it is not legal.
func (s *session) play(line string) (outcome, error) {
	m, err := s.g.Play(line)
	if err != nil {
		return outcome{}, errors.New(shorten(oneLine(interp.ErrorIn(err, s.opt.Card))))
	}
	return outcome{result: s.g.Rules.MoveString(m), move: true, changed: true}, nil
}

func moveStrings(g *interp.Game) []string {
	out := []string{}
	for _, m := range g.Moves() {
		out = append(out, g.Rules.MoveString(m))
	}
	return out
}

// save writes the position as JSON, whole or not at all (see
// store.WriteFile). It replaces a saved game but no other file: a name
// mistyped must not cost the player a file.
func (s *session) save(path string) error {
	var b strings.Builder
	if err := writeJSONIndent(&b, position(s.g, relativeTo(s.ruleset, path))); err != nil {
		return err
	}
	if fi, err := os.Stat(path); err == nil {
		if fi.IsDir() {
			return fmt.Errorf("cannot save to %s: it is a directory", path)
		}
		if _, err := store.Read(path); err != nil {
			return fmt.Errorf("cannot save to %s: %v; the file is left as it is", path, err)
		}
	}
	if err := store.WriteFile(path, []byte(b.String())); err != nil {
		return fmt.Errorf("cannot save to %s: %v", path, store.Reason(err))
	}
	return nil
}

// runText plays in line mode: the board, then for each line the result of
// the command and, when the position changed, the board again.
func (s *session) runText(cmd *cobra.Command, in *lineReader, prompt bool) error {
	out, errOut := cmd.OutOrStdout(), cmd.ErrOrStderr()
	if s.keep != nil {
		s.keep.start(errOut, s.g)
		defer s.keep.finish(errOut, s.g)
	}
	s.drawBoard(out)
	s.announce(out)
	ctx := cmd.Context()
	s.ctx = ctx
	lines := in.lines(ctx)
	for {
		if prompt {
			fmt.Fprint(out, "> ")
		}
		var r readLine
		select {
		case <-ctx.Done():
			if prompt {
				fmt.Fprintln(out)
			}
			return context.Cause(ctx)
		case r = <-lines:
		}
		line, tooLong, err := r.line, r.tooLong, r.err
		if errors.Is(err, io.EOF) {
			if prompt {
				fmt.Fprintln(out)
			}
			return nil
		}
		if err != nil {
			return fmt.Errorf("reading commands: %v", err)
		}
		if tooLong {
			fmt.Fprintf(out, "line too long: the limit is %d bytes\n", maxLine)
			continue
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		o, err := s.exec(line)
		if err != nil {
			fmt.Fprintln(out, err)
			continue
		}
		if o.comment {
			continue
		}
		if o.quit {
			return nil
		}
		if !o.move {
			text := o.result
			if o.hint != "" {
				text = "hint: " + o.hint
			}
			fmt.Fprintln(out, text)
		}
		if o.changed {
			if s.keep != nil {
				s.keep.save(errOut, s.g)
			}
			fmt.Fprintln(out)
			s.drawBoard(out)
			s.announce(out)
		}
	}
}

func (s *session) drawBoard(w io.Writer) {
	h := s.g.History()
	text := header(s.g) + fmt.Sprintf("  moves %d", len(h))
	if len(h) > 0 {
		text += fmt.Sprintf(" (last: %s)", s.g.Rules.MoveString(h[len(h)-1]))
	}
	fmt.Fprintln(w, text)
	fmt.Fprintln(w)
	board.Draw(w, s.g.Rules, s.g.State(), s.opt)
}

// announce says when the game is over.
func (s *session) announce(w io.Writer) {
	n := len(s.g.History())
	switch s.g.Status() {
	case interp.Won:
		fmt.Fprintf(w, "\nYou won in %d %s.\n", n, plural(n, "move", "moves"))
	case interp.Lost:
		if n == 0 {
			fmt.Fprintf(w, "\nThe game is lost as dealt: no progress is possible. Another seed deals another game.\n")
			break
		}
		fmt.Fprintf(w, "\nThe game is lost after %d %s: no progress is possible. Type undo to take moves back.\n", n, plural(n, "move", "moves"))
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// jsonLine is one line of output in JSON mode (see protocol).
type jsonLine = protocol.Line

// jsonCommand is an input line written as JSON rather than plain text.
type jsonCommand struct {
	Command *string `json:"command"`
}

// runJSON plays in JSON mode: one JSON object out for the opening state and
// then one for every line in.
func (s *session) runJSON(cmd *cobra.Command, in *lineReader) error {
	s.opt.ASCII = true // cards in messages as in the positions and moves: "KD"
	enc := json.NewEncoder(cmd.OutOrStdout())
	enc.SetEscapeHTML(false)
	emit := func(command *string, o outcome, err error) error {
		l := jsonLine{
			Position: position(s.g, s.ruleset),
			Moves:    moveStrings(s.g),
			Command:  command,
			Result:   o.result,
			Why:      o.why,
			Verdict:  o.verdict,
		}
		l.Status = l.Position.Status
		if err != nil {
			l.Error = err.Error()
		}
		return enc.Encode(l)
	}
	if err := emit(nil, outcome{}, nil); err != nil {
		return err
	}
	ctx := cmd.Context()
	s.ctx = ctx
	lines := in.lines(ctx)
	for {
		var r readLine
		select {
		case <-ctx.Done():
			return context.Cause(ctx)
		case r = <-lines:
		}
		line, tooLong, err := r.line, r.tooLong, r.err
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("reading commands: %v", err)
		}
		command := line
		var o outcome
		switch {
		case tooLong:
			command = ""
			err = fmt.Errorf("line too long: the limit is %d bytes", maxLine)
		case looksLikeJSON(line):
			command, err = decodeCommand(line)
			if err == nil {
				o, err = s.exec(command)
			}
		default:
			o, err = s.exec(line)
		}
		if ctx.Err() != nil {
			return context.Cause(ctx) // stopped during the command: no answer
		}
		if err := emit(&command, o, err); err != nil {
			return err
		}
		if o.quit && err == nil {
			return nil
		}
	}
}

// looksLikeJSON reports whether a line in JSON mode was meant as JSON: no
// plain command starts with a brace, a bracket or a quote.
func looksLikeJSON(line string) bool {
	line = strings.TrimSpace(line)
	return line != "" && strings.ContainsRune(`{["`, rune(line[0]))
}

// quoteShort quotes what the player typed, cut short if it is long: an
// error answers a hostile line without repeating it whole.
func quoteShort(s string) string { return dsl.QuoteShort(s) }

// maxError bounds an error line; the rules' own messages fit well within.
const maxError = 400

func shorten(s string) string {
	if utf8.RuneCountInString(s) <= maxError {
		return s
	}
	return string([]rune(s)[:maxError]) + "..."
}

// decodeCommand reads a command sent as {"command": "t3 f1"}.
func decodeCommand(line string) (string, error) {
	dec := json.NewDecoder(strings.NewReader(line))
	dec.DisallowUnknownFields()
	var c jsonCommand
	if err := dec.Decode(&c); err != nil {
		return line, fmt.Errorf(`bad JSON command: %s; send a plain command or {"command": "..."}`, store.JSONMessage(err))
	}
	if dec.More() {
		return line, errors.New(`bad JSON command: more than one value on the line; send one command per line`)
	}
	if rest := strings.TrimSpace(line[dec.InputOffset():]); rest != "" {
		// More drops a closing } or ] it finds first.
		return line, fmt.Errorf(`bad JSON command: %s after the command; send one command per line`, quoteShort(rest))
	}
	// The field's name exactly: encoding/json would take "Command" too.
	var fields map[string]json.RawMessage
	if json.Unmarshal([]byte(line), &fields) == nil {
		for k := range fields {
			if k != "command" {
				return line, fmt.Errorf(`bad JSON command: unknown field %q; send a plain command or {"command": "..."}`, k)
			}
		}
	}
	if c.Command == nil {
		return line, errors.New(`bad JSON command: no "command" field; send {"command": "..."}`)
	}
	if strings.ContainsAny(*c.Command, "\n\r") {
		return line, errors.New(`bad JSON command: the command holds a line break; send one command per line`)
	}
	return *c.Command, nil
}
