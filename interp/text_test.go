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
	assert.Equal(t, "f1 is empty: only a card A may start it, not KD", err.Error())
	assert.Equal(t, "f1 is empty: only a card A may start it, not <KD>", interp.ErrorIn(err, mark))

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
