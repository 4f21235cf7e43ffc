package interp_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/interp"
)

// A refusal keeps its cards apart from its words: Error writes them in the
// move notation, ErrorIn as the caller's board does; an error that is not
// a refusal is written as it is.
func TestRefusalsWriteCardsAsAsked(t *testing.T) {
	r := load(t, "klondike")
	g := interp.NewFromRules(r, 3)
	mark := func(c interp.Card) string { return "<" + c.String() + ">" }

	_, err := g.Play("t1 f1")
	var me *interp.MoveError
	require.True(t, errors.As(err, &me), "%v", err)
	assert.Equal(t, "f1 is empty: only an A may start it, not KD", err.Error())
	assert.Equal(t, "f1 is empty: only an A may start it, not <KD>", interp.ErrorIn(err, mark))

	_, err = g.Play("t4 t2") // 3S onto KC: both cards named
	assert.Equal(t, "<3S> does not go on <KC>: t2 builds down in alternating colours", interp.ErrorIn(err, mark))

	_, err = g.Play("t9 t2")
	require.Error(t, err)
	assert.Equal(t, err.Error(), interp.ErrorIn(err, mark), "not a refusal: as it is")

	// A hint's reason is a Text too.
	s := r.Deal(3)
	_, why, ok := r.Hint(s)
	require.True(t, ok)
	assert.Contains(t, why.In(mark), "<", why.String())
	assert.NotContains(t, why.String(), "<")
}

// An empty pile's refusal names the cards that may start it as a player
// says them, whatever its base pattern: a rank with its article, a colour,
// a card written as the board writes cards, any card, or several bases
// that must all match.
func TestStartWords(t *testing.T) {
	r := rulesFrom(t, `game "T" {
  suits S, H
  tableau a { base 8 }
  tableau b { base black K }
  tableau c { base red }
  tableau d { base AS }
  tableau e { base red; base Q }
  tableau f { base any }
  tableau g { build down any-suit; move runs; to a, b, c, d, e, f }
  reserve junk
  deal { 2 to g; rest to junk }
  win when all cards in a
}`)
	g := setUpRules(t, r, layout{piles: map[string]string{"g": "5S 4H"}, rest: "junk", restUp: true})
	mark := func(c interp.Card) string { return "<" + c.String() + ">" }
	for move, want := range map[string]string{
		"g a":   "a is empty: only an 8 may start it, not <4H>",
		"g a 2": "a is empty: only a run headed by an 8 may start it, not <5S>",
		"g b":   "b is empty: only a black K may start it, not <4H>",
		"g c 2": "c is empty: only a run headed by a red card may start it, not <5S>",
		"g d":   "d is empty: only <AS> may start it, not <4H>",
		"g e":   "e is empty: only a card that is a red card and a Q may start it, not <4H>",
	} {
		_, err := g.Play(move)
		require.Error(t, err, move)
		assert.Equal(t, want, interp.ErrorIn(err, mark), move)
	}
	_, err := g.Play("g f")
	assert.NoError(t, err, "any card starts f")
}
