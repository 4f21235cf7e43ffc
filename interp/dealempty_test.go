package interp

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl/check"
)

// A deal to each empty pile, with none empty, is refused naming its piles
// as they are: a group by its name, a list one by one, a pile alone (it
// said "none of t1 to r", a range that took in t2, and "waste to waste").
func TestDealEachEmptyRefusals(t *testing.T) {
	g, err := check.Source("e.patience", []byte(`game "E" {
  tableau t[3] { to t }
  reserve r { to t }
  stock {
    deal 1 to each empty t
    deal 1 to each empty t1, t3, r
    deal 1 to each empty r
  }
  deal { 1 to each t; 1 to r; rest to stock }
  win when all cards in t
}`))
	require.NoError(t, err)
	game := NewFromRules(Compile(g), 1)
	for cmd, want := range map[string]string{
		"deal":   "cannot deal now: it deals only to empty piles, and no pile of t is empty",
		"deal 2": "cannot deal now: it deals only to empty piles, and none of t1, t3, r is empty",
		"deal 3": "cannot deal now: it deals only to empty piles, and r is not empty",
	} {
		_, err := game.Play(cmd)
		if assert.Error(t, err, cmd) {
			assert.Equal(t, want, err.Error(), cmd)
		}
	}
	assert.Empty(t, game.History(), "a refused deal changes nothing")
}
