package interp_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/patience-dev/patience/interp"
)

func TestWilson(t *testing.T) {
	// 81 of 100, no unknowns: the textbook interval is about [0.722, 0.875].
	lo, hi := interp.Wilson(81, 0, 100)
	assert.InDelta(t, 0.7222, lo, 0.0005)
	assert.InDelta(t, 0.8749, hi, 0.0005)
	// Unknowns widen it both ways.
	lo2, hi2 := interp.Wilson(81, 10, 100)
	assert.Equal(t, lo, lo2)
	assert.Greater(t, hi2, hi)
	// All won, all lost, none played.
	lo, hi = interp.Wilson(0, 0, 50)
	assert.Equal(t, 0.0, lo)
	assert.InDelta(t, 0.0713, hi, 0.0005)
	lo, hi = interp.Wilson(50, 0, 50)
	assert.InDelta(t, 0.9287, lo, 0.0005)
	assert.Equal(t, 1.0, hi)
	lo, hi = interp.Wilson(0, 0, 0)
	assert.Equal(t, [2]float64{0, 1}, [2]float64{lo, hi})
}
