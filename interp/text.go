package interp

import "fmt"

// A Text is a sentence about a position for a person, such as why a move
// is refused or why a hint is worth playing. Its cards are kept apart from
// its words, so that each front end writes them as its board does: String
// writes them in the move notation ("KD"), In in any other ("K♦").
type Text struct {
	format string
	args   []any // the arguments of format; a Card among them is a card
}

// Textf makes a Text as fmt.Sprintf makes a string; a Card among args is
// one of its cards, written with %s.
func Textf(format string, args ...any) Text { return Text{format, args} }

// String writes the text with its cards in the move notation, e.g. "KD
// does not go on QS".
func (t Text) String() string { return fmt.Sprintf(t.format, t.args...) }

// In writes the text with every card in it written by card.
func (t Text) In(card func(Card) string) string {
	args := make([]any, len(t.args))
	for i, a := range t.args {
		if c, ok := a.(Card); ok {
			a = card(c)
		}
		args[i] = a
	}
	return fmt.Sprintf(t.format, args...)
}

// A MoveError says why a move is not legal now, as a Text whose cards a
// front end may write as its board does (see ErrorIn).
type MoveError struct{ Text }

func (e *MoveError) Error() string { return e.String() }

// refusedf is a MoveError made as fmt.Errorf would make it.
func refusedf(format string, args ...any) error { return &MoveError{Textf(format, args...)} }

// ErrorIn is err's message, with its cards written by card where err is a
// MoveError; any other error's message is as Error writes it.
func ErrorIn(err error, card func(Card) string) string {
	if me, ok := err.(*MoveError); ok {
		return me.In(card)
	}
	return err.Error()
}
