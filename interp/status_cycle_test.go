package interp

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl/check"
)

// A redeal that deals every card back where it was is no progress: where it
// is the only move, and redeals are unlimited, the game is lost, and says
// so. (It said "playing" for ever, each redeal counted a move: Cruel's deal
// 9 in a helper's rule file, whose hint already said it could not be won.)
func TestRedealBackIsNoProgress(t *testing.T) {
	g, err := check.Source("stuck.patience", []byte(`game "Stuck Redeal" {
  suits S
  foundation f { base A; build up same-suit; holds 13 }
  tableau t[3] { build down same-suit; fill never; to f, t }
  redeal unlimited from t to each t by 4
  deal {
    take AS to f
    take 2S to t1
    take 3S to t1
    take 4S to t1
    take KS to t1
    take 6S to t2
    take 7S to t2
    take 8S to t2
    take 9S to t2
    take 10S to t3
    take JS to t3
    take QS to t3
    take 5S to t3
  }
  win when all cards in f
}`))
	require.NoError(t, err)
	r := Compile(g)
	s := r.Deal(1)
	moves := r.Moves(s, nil)
	require.Len(t, moves, 1)
	require.Equal(t, Redeal, moves[0].Kind)
	assert.Equal(t, Lost, r.Status(s))
	r.Apply(s, moves[0])
	assert.Equal(t, Lost, r.Status(s), "after the redeal, the same")

}
