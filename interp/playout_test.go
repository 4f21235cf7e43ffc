package interp_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/patience-dev/patience/dsl/check"
	"github.com/patience-dev/patience/interp"
	"github.com/patience-dev/patience/rulesets"
)

func load(t testing.TB, name string) *interp.Rules {
	t.Helper()
	src, ok := rulesets.Source(name)
	require.True(t, ok, name)
	g, err := check.Source(name+".patience", src)
	require.NoError(t, err)
	return interp.Compile(g)
}

func TestPlayoutsSmoke(t *testing.T) {
	for _, name := range rulesets.Names() {
		r := load(t, name)
		rng := rand.New(rand.NewPCG(1, 2))
		for seed := uint64(1); seed <= 20; seed++ {
			s := r.Deal(seed)
			var buf []interp.Move
			n := 0
			for ; n < 1000; n++ {
				buf = r.Moves(s, buf[:0])
				if len(buf) == 0 {
					break
				}
				r.Apply(s, buf[rng.IntN(len(buf))])
			}
			if seed == 1 {
				fmt.Println(name, n, r.Status(s))
			}
		}
	}
}
