package interp_test

import (
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/patience-dev/patience/interp"
)

func TestZZProf(t *testing.T) {
	name := os.Getenv("ZZGAME")
	if name == "" {
		t.Skip()
	}
	seed, _ := strconv.Atoi(os.Getenv("ZZSEED"))
	r := load(t, name)
	sol := r.Solve(r.Deal(uint64(seed)), interp.Limits{Time: 5 * time.Second, AnyLine: true})
	t.Logf("%v %d", sol.Verdict, sol.Nodes)
}
