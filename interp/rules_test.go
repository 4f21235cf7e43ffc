package interp_test

import (
	"fmt"
	"testing"

	"github.com/patience-dev/patience/rulesets"
)

func TestRulesScratch(t *testing.T) {
	for _, name := range rulesets.Names() {
		r := load(t, name)
		var names []string
		for i := 0; i < r.NumPiles(); i++ {
			names = append(names, r.PileName(i))
		}
		g := r.Game
		fmt.Println(name, g.Name, names, len(g.Phases), g.Values)
	}
}
