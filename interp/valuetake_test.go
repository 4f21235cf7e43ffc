package interp

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl/check"
)

// A value is the rank of a card dealt from the pack, so a `take rank b`
// cannot name a rank the deal took out entirely before the shuffle: with 7
// to K of both suits taken out, it always finds a card (the checker used to
// refuse it, counting the pack's fewest copies of a rank as 0). A take of
// `rank b + 1` can name 7, which is gone, and must still be refused.
func TestValueTakeAfterRanksTakenOut(t *testing.T) {
	src, err := os.ReadFile("testdata/handwritten/takeout-value.patience")
	require.NoError(t, err)
	g, err := check.Source("takeout-value.patience", src)
	require.NoError(t, err)
	r := Compile(g)
	t1, _ := r.PileIndex("t1")
	f1, _ := r.PileIndex("f1")
	for seed := uint64(1); seed <= 300; seed++ {
		s := r.Deal(seed)
		b, f := s.Pile(r, t1), s.Pile(r, f1)
		require.Len(t, b, 1, "seed %d", seed)
		require.Len(t, f, 1, "seed %d: the take found no card", seed)
		assert.Equal(t, b[0].Rank(), f[0].Rank(), "seed %d", seed)
	}

	above := strings.Replace(string(src), "take rank b to f1", "take rank b + 1 to f1", 1)
	_, err = check.Source("above.patience", []byte(above))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "`take rank b + 1` may find no card left: 1 card comes from the pack before it, and the pack holds as few as 0 of a rank it may name")

	// A value read from a pile a take before the shuffle filled may be a
	// rank the pack holds none of: the last K taken to t1 makes b a K.
	kings := strings.Replace(string(src), "    take KH to t3\n", "    take KH to t1\n", 1)
	kings = strings.Replace(kings, "    1 to t1\n", "", 1)
	require.NotEqual(t, string(src), kings)
	_, err = check.Source("kings.patience", []byte(kings))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "`take rank b` may find no card left: 0 cards come from the pack before it, and the pack holds as few as 0 of a rank it may name")
}
